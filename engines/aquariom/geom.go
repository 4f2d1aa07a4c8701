package aquariom

import "math"

// The geometry of the rules, in float64 with every product rounded on its
// own (float64(a*b)): the compiler may otherwise fuse a product and an
// addition into one multiply-add on some machines (arm64, amd64 v3) and not
// on others, and the last bit of a position would depend on the machine
// (docs: DESIGN.md, "Determinism"). A division by a constant power of two is
// turned into a product, so it is rounded the same way. math.Sqrt is
// correctly rounded everywhere; math.Sin and math.Cos are not used, since
// their pure-Go polynomials may be fused (see unitAt).

// dist2 returns the squared distance between (ax, ay) and (bx, by).
func dist2(ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	return float64(dx*dx) + float64(dy*dy)
}

// direction returns the unit vector from (fx, fy) towards (tx, ty), and the
// distance between the points; (0, −1), "straight up", and 0 when they are
// the same point (rule sheet, "Divide"). The difference is first scaled by
// its larger coordinate, so that no square overflows or vanishes: any
// finite target gives a unit vector (the distance may be +Inf).
func direction(fx, fy, tx, ty float64) (ux, uy, d float64) {
	dx, dy := tx-fx, ty-fy
	s := max(math.Abs(dx), math.Abs(dy))
	if s == 0 {
		return 0, -1, 0
	}
	a, b := dx/s, dy/s
	l := math.Sqrt(float64(a*a) + float64(b*b))
	return a / l, b / l, float64(s * l)
}

// along returns the point at distance d from (x, y) in the direction
// (ux, uy): how a moving cell, a child, a virus or a satellite is placed.
func along(x, y, ux, uy, d float64) (float64, float64) {
	return x + float64(ux*d), y + float64(uy*d)
}

// clamp returns v limited to [lo, hi].
func clamp(v, lo, hi float64) float64 { return min(max(v, lo), hi) }

// barycentre returns the mass-weighted barycentre of a (mass ma) and b
// (mass mb), computed as a + mb/(ma+mb)·(b − a) like the original server,
// with both coordinates truncated to whole numbers (rule sheet,
// "Collisions": the original computes it into integers).
func barycentre(ax, ay, ma, bx, by, mb float64) (float64, float64) {
	t := mb / (ma + mb)
	x, y := along(ax, ay, bx-ax, by-ay, t)
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
