package sim

import "math"

// Plane geometry for engines and bots with continuous positions, written so
// that no fused multiply-add can reach it: every product that feeds an
// addition is rounded with float64(…), so the results are the same bits on
// every machine (`make fma` checks the compiled code). math.Sqrt is
// correctly rounded everywhere.

// Dist2 returns the squared distance between (ax, ay) and (bx, by).
func Dist2(ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	return float64(dx*dx) + float64(dy*dy)
}

// Dist returns the distance between (ax, ay) and (bx, by).
func Dist(ax, ay, bx, by float64) float64 { return math.Sqrt(Dist2(ax, ay, bx, by)) }

// Direction returns the unit vector from (fx, fy) towards (tx, ty), and the
// distance between the points; (0, −1), "straight up", and 0 when they are
// the same point. The difference is first scaled by its larger coordinate,
// so that no square overflows or vanishes: any finite target gives a unit
// vector (the distance may be +Inf).
func Direction(fx, fy, tx, ty float64) (ux, uy, d float64) {
	dx, dy := tx-fx, ty-fy
	s := max(math.Abs(dx), math.Abs(dy))
	if s == 0 {
		return 0, -1, 0
	}
	a, b := dx/s, dy/s
	l := math.Sqrt(float64(a*a) + float64(b*b))
	return a / l, b / l, float64(s * l)
}

// Along returns the point at distance d from (x, y) in the direction
// (ux, uy).
func Along(x, y, ux, uy, d float64) (float64, float64) {
	return x + float64(ux*d), y + float64(uy*d)
}
