package coin

import "math"

// exp and log are computed here with additions, multiplications and
// divisions only, each product rounded with float64(…) so that no fused
// multiply-add is used: math.Exp and math.Log run assembly on amd64 (with
// FMA on the CPUs that have it) and arm64, whose last bit can differ between
// machines, and a match must be the same everywhere. Their error is a few
// units in the last place, which is plenty for drawing outcomes.

// ln2Hi + ln2Lo is ln 2 split so that k·ln2Hi is exact for |k| < 2^20 (the
// split of fdlibm).
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// exp returns e^x for |x| ≤ 700: x = k·ln 2 + r with |r| ≤ ln(2)/2, e^r by
// its Taylor series to the 17th power (the first term left out is below
// 10^-22), and e^x = 2^k·e^r.
func exp(x float64) float64 {
	k := math.Round(x / math.Ln2)
	r := float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo)
	p := 1.0
	for i := 17; i >= 1; i-- {
		p = 1 + float64(float64(r/float64(i))*p)
	}
	return math.Ldexp(p, int(k))
}

// log returns ln x for a positive, finite x: x = 2^e·m with
// √½ ≤ m < √2, and ln m = 2·atanh(z) = 2(z + z³/3 + z⁵/5 + …) with
// z = (m−1)/(m+1), |z| ≤ 0.172, to the 25th power (the first term left out
// is below 10^-20 of the sum).
func log(x float64) float64 {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m, e = 2*m, e-1
	}
	z := (m - 1) / (m + 1)
	z2 := float64(z * z)
	sum := 1.0 / 25
	for i := 23; i >= 1; i -= 2 {
		sum = 1/float64(i) + float64(z2*sum)
	}
	k := float64(e)
	return float64(k*ln2Hi) + (float64(k*ln2Lo) + float64(2*float64(z*sum)))
}
