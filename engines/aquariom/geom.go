package aquariom

import (
	"math"

	"github.com/arenasim/arena/sim"
)

// The geometry of the rules, in float64 with every product rounded on its
// own (float64(a*b)): the compiler may otherwise fuse a product and an
// addition into one multiply-add on some machines (arm64, amd64 v3) and not
// on others, and the last bit of a position would depend on the machine
// (docs: DESIGN.md, "Determinism"). A division by a constant power of two is
// turned into a product, so it is rounded the same way. math.Sqrt is
// correctly rounded everywhere; math.Sin and math.Cos are not used, since
// their pure-Go polynomials may be fused (see unitAt).

// The distance helpers are sim's (sim.Dist2, sim.Direction, sim.Along in
// sim/geom.go), shared with the bots.

// clamp returns v limited to [lo, hi].
func clamp(v, lo, hi float64) float64 { return min(max(v, lo), hi) }

// barycentre returns the mass-weighted barycentre of a (mass ma) and b
// (mass mb), computed as a + mb/(ma+mb)·(b − a) like the original server,
// with both coordinates truncated to whole numbers (rule sheet,
// "Collisions": the original computes it into integers).
func barycentre(ax, ay, ma, bx, by, mb float64) (float64, float64) {
	t := mb / (ma + mb)
	x, y := sim.Along(ax, ay, bx-ax, by-ay, t)
	return math.Trunc(x), math.Trunc(y)
}

// unitAt returns (cos θ, sin θ) for θ = k·2π/n, 0 ≤ k < n: the direction of
// satellite k of n (rule sheet, "Virus explosion"). θ is split exactly into
// q quarter turns and a rest x = (4k − q·n)/n · π/2 with |x| ≤ π/4, whose
// sine and cosine come from their Taylor series (the first term left out is
// below 10⁻¹⁹). The quarter turns are exact: satellites on the axes lie
// exactly on them, whatever the machine.
func unitAt(k, n int) (c, s float64) {
	q := (8*k + n) / (2 * n) // 4k/n rounded half up
	x := float64(float64(4*k-q*n)/float64(n)) * (math.Pi / 2)
	sx, cx := sinCos(x)
	switch q % 4 {
	case 0:
		return cx, sx
	case 1:
		return -sx, cx
	case 2:
		return -cx, -sx
	}
	return sx, -cx
}

// sinCos returns sin x and cos x for |x| ≤ π/4, by Horner's rule on
// x·(1 − x²/(2·3)·(1 − x²/(4·5)·(…))) and 1 − x²/(1·2)·(1 − x²/(3·4)·(…)).
func sinCos(x float64) (s, c float64) {
	z := float64(x * x)
	s, c = 1, 1
	for i := 10; i >= 1; i-- {
		s = 1 - float64(float64(z/float64((2*i)*(2*i+1)))*s)
		c = 1 - float64(float64(z/float64((2*i-1)*(2*i)))*c)
	}
	return float64(x * s), c
}
