package results

import "math"

// Distribution functions of the intervals: Φ and Student's t quantiles, in
// pure Go.

// normalCDF returns Φ(x).
func normalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// studentTQuantile returns the upper-p point of Student's t with nu degrees
// of freedom (p < 0.5): the t with P(T > t) = p, by bisection of [0, 1e4]
// (60 halvings: exact to 1e-12).
func studentTQuantile(p, nu float64) float64 {
	lo, hi := 0.0, 1e4
	for range 60 {
		mid := (lo + hi) / 2
		if studentTUpper(mid, nu) > p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// studentTUpper returns P(T > t) for T ~ t(nu), t ≥ 0.
func studentTUpper(t, nu float64) float64 {
	return 0.5 * regIncBeta(nu/2, 0.5, nu/(nu+float64(t*t)))
}

// regIncBeta returns the regularised incomplete beta function I_x(a, b).
func regIncBeta(a, b, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + float64(a*math.Log(x)) + float64(b*math.Log1p(-x)))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - float64(front*betaCF(b, a, 1-x))/b
}

// betaCF evaluates the continued fraction of the incomplete beta function
// (modified Lentz).
func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1-float64(qab*x)/qap
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	// step takes one term aa of the fraction and returns the factor it
	// multiplies h by.
	step := func(aa float64) float64 {
		d = 1 + float64(aa*d)
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + aa/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		return float64(d * c)
	}
	for m := 1; m <= 300; m++ {
		fm := float64(m)
		m2 := 2 * fm
		h *= step(float64(fm*(b-fm)) * x / float64((qam+m2)*(a+m2)))
		del := step(-float64((a+fm)*(qab+fm)) * x / float64((a+m2)*(qap+m2)))
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}
