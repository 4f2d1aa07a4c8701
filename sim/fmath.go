package sim

import "math"

// Exp, Log and Log1p are computed here with additions, multiplications and
// divisions only, every product rounded with float64(…) so that no fused
// multiply-add is used. The math package's Exp and Log run assembly on amd64
// (Exp switches to fused multiply-adds on the CPUs that have them) and on
// arm64, and the compiler may fuse the products of its pure-Go functions on
// arm64: their last bit can differ from machine to machine. Rules that draw
// from them, and results that decide from them (a sequential test's stopping
// point), must be the same everywhere. Their error is a few units in the
// last place.

// ln2Hi + ln2Lo is ln 2 split so that k·ln2Hi is exact for |k| < 2^20 (the
// split of fdlibm).
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// Exp returns e^x: x = k·ln 2 + r with |r| ≤ ln(2)/2, e^r by its Taylor
// series to the 17th power (the first term left out is below 10^-22), and
// e^x = 2^k·e^r. It returns +Inf above 709.79, 0 below −745.2, and NaN for
// NaN.
func Exp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 709.782712893384:
		return math.Inf(1)
	case x < -745.1332191019412:
		return 0
	}
	k := math.Round(x / math.Ln2)
	r := float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo)
	p := 1.0
	for i := 17; i >= 1; i-- {
		p = 1 + float64(float64(r/float64(i))*p)
	}
	return math.Ldexp(p, int(k))
}

// Log returns ln x: x = 2^e·m with √½ ≤ m < √2, and ln m = 2·atanh(z) =
// 2(z + z³/3 + z⁵/5 + …) with z = (m−1)/(m+1), |z| ≤ 0.172, to the 25th
// power (the first term left out is below 10^-20 of the sum). Log of 0 is
// −Inf, of a negative number or NaN, NaN, of +Inf, +Inf.
func Log(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(-1)
	case x < 0 || math.IsNaN(x):
		return math.NaN()
	case math.IsInf(x, 1):
		return x
	}
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m, e = 2*m, e-1
	}
	k := float64(e)
	return float64(k*ln2Hi) + (float64(k*ln2Lo) + atanh2((m-1)/(m+1)))
}

// Log1p returns ln(1+x), accurate for x near 0: there ln(1+x) = 2·atanh(z)
// with z = x/(2+x); further out, Log(1+x) corrected for the rounding of
// 1+x.
func Log1p(x float64) float64 {
	if math.Abs(x) < 0.25 {
		return atanh2(x / (2 + x))
	}
	u := 1 + x
	if math.IsInf(u, 0) || u <= 0 || math.IsNaN(u) {
		return Log(u)
	}
	return Log(u) + (x-(u-1))/u
}

// atanh2 returns 2·atanh(z) = 2(z + z³/3 + z⁵/5 + …) for |z| ≤ 0.172.
func atanh2(z float64) float64 {
	z2 := float64(z * z)
	sum := 1.0 / 25
	for i := 23; i >= 1; i -= 2 {
		sum = 1/float64(i) + float64(z2*sum)
	}
	return float64(2 * float64(z*sum))
}
