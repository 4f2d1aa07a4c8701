package aquariom

import (
	"math"
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
)

// The search radii of the simple bots: the neutrals within nearRadius of a
// cell first, then within farRadius, then a wander point.
const (
	nearRadius = 200
	farRadius  = 800
	// fleeTurns: a simple bot flees a cell that can eat it when that cell
	// could reach it within this many turns at its own speed.
	fleeTurns = 3
)

// Nearest is the `nearest` bot, and the `splitter` bot when Split is set.
// Each of its cells flees the opponent cells that can eat it and could
// reach it within fleeTurns turns (away from all of them, the nearer in
// time weighing more); otherwise it moves onto the nearest cell it can eat:
// a neutral or an opponent cell lighter than its mass over
// minimum_mass_ratio_to_absorb. With nothing to eat in sight it wanders to
// a random point of the map. Ties between equally near targets are broken
// at random (the seat's stream), so that two matches of the same bots
// differ.
//
// The splitter first looks, for each cell, at the opponent cells a child of
// half its mass could eat where it appears (tangent to the mother, so up
// to 1.5 radii away); if one is within that reach, allowing for half a
// turn of its flight, the cell divides towards the nearest such prey.
type Nearest struct {
	Split bool

	rng    *rand.Rand
	r      rules
	ready  bool
	opps   []engine.Cell
	near   []engine.Cell
	wander [engine.MaxCells]wanderPoint // by cell id modulo MaxCells
}

// wanderPoint is where cell id goes when it sees nothing to eat.
type wanderPoint struct {
	id   int
	x, y float64
}

// Reset prepares a new match.
func (b *Nearest) Reset(_ sim.MatchInfo, rng *rand.Rand) {
	b.rng, b.ready = rng, false
	for i := range b.wander {
		b.wander[i].id = -1
	}
}

// Act orders each cell.
func (b *Nearest) Act(v *engine.View) (engine.Action, error) {
	var a engine.Action
	if !b.ready {
		cfg := v.Config()
		b.r.read(&cfg)
		b.ready = true
	}
	n := v.NumCells(v.Seat)
	if n == 0 {
		a.SetSurrender(true) // the only way back into the game
		return a, nil
	}
	b.opps = opponents(v, b.opps[:0])
	cells := n
	for i := range n {
		c := v.CellOf(v.Seat, i)
		if b.Split {
			if x, y, ok := b.splitTarget(c, cells); ok {
				a.Add(engine.Divide(c.ID, x, y, c.Mass/2))
				cells++
				continue
			}
		}
		x, y := b.moveTarget(v, c)
		a.Add(engine.Move(c.ID, x, y))
	}
	return a, nil
}

// opponents appends the other seats' cells to dst.
func opponents(v *engine.View, dst []engine.Cell) []engine.Cell {
	for i := range v.NumPlayerCells() {
		if c := v.PlayerCell(i); c.Owner != v.Seat {
			dst = append(dst, c)
		}
	}
	return dst
}

// moveTarget returns where cell c goes: away from threats, else onto the
// nearest cell it can eat, else to its wander point.
func (b *Nearest) moveTarget(v *engine.View, c engine.Cell) (float64, float64) {
	r := &b.r
	// Flee: the sum of the directions away from each threat, weighted by
	// how soon it could reach c.
	fx, fy, threatened := 0.0, 0.0, false
	for _, o := range b.opps {
		if !r.canEat(o.Mass, c.Mass) {
			continue
		}
		ux, uy, d := unit(o.X, o.Y, c.X, c.Y)
		gap := max(d-r.radius(o.Mass), 0)
		vo := r.speed(o.Mass)
		if !(gap < float64(fleeTurns*vo)) {
			continue
		}
		w := 1 / (gap/max(vo, 1) + 0.5)
		fx, fy, threatened = fx+float64(ux*w), fy+float64(uy*w), true
	}
	if threatened {
		if fx == 0 && fy == 0 {
			fy = -1
		}
		ux, uy, _ := unit(0, 0, fx, fy)
		step := max(r.speed(c.Mass), 1)
		return r.clampX(c.X + float64(ux*step)), r.clampY(c.Y + float64(uy*step))
	}
	// Chase: the nearest opponent cell it can eat, then the nearest
	// neutral if nearer; ties at random.
	best, bx, by, ties := math.Inf(1), 0.0, 0.0, 0
	consider := func(d2, x, y float64) {
		switch {
		case d2 < best:
			best, bx, by, ties = d2, x, y, 1
		case d2 == best:
			ties++
			if b.rng.IntN(ties) == 0 {
				bx, by = x, y
			}
		}
	}
	for _, o := range b.opps {
		if r.canEat(c.Mass, o.Mass) {
			consider(sim.Dist2(c.X, c.Y, o.X, o.Y), o.X, o.Y)
		}
	}
	for _, radius := range [2]float64{nearRadius, farRadius} {
		if best <= float64(radius*radius) {
			break
		}
		b.near = v.Near(c.X, c.Y, radius, engine.NearNeutrals, b.near[:0])
		for _, o := range b.near {
			consider(sim.Dist2(c.X, c.Y, o.X, o.Y), o.X, o.Y)
		}
	}
	if ties > 0 {
		return bx, by
	}
	return b.wanderTo(c)
}

// wanderTo returns cell c's wander point, drawing a new one when c has none
// or has reached it.
func (b *Nearest) wanderTo(c engine.Cell) (float64, float64) {
	w := &b.wander[c.ID%len(b.wander)]
	if w.id != c.ID || sim.Dist2(c.X, c.Y, w.x, w.y) < float64(b.r.radius(c.Mass)*b.r.radius(c.Mass))+1 {
		w.id, w.x, w.y = c.ID, float64(b.rng.Float64()*b.r.w), float64(b.rng.Float64()*b.r.h)
	}
	return w.x, w.y
}

// splitTarget returns the point towards which cell c divides to catch an
// opponent cell, if any (the player owning cells cells).
func (b *Nearest) splitTarget(c engine.Cell, cells int) (float64, float64, bool) {
	r := &b.r
	child := float64(c.Mass / 2) // rounded: the compiler makes /2 a product, which would fuse
	if !r.canDivide(c.Mass, child, cells) {
		return 0, 0, false
	}
	reach := r.radius(c.Mass) + r.radius(child)
	best, bx, by, found := math.Inf(1), 0.0, 0.0, false
	for _, o := range b.opps {
		if !r.canEat(child, o.Mass) {
			continue
		}
		ux, uy, d := unit(c.X, c.Y, o.X, o.Y)
		if !(d+float64(0.5*r.speed(o.Mass)) < reach) || !(d < best) {
			continue
		}
		if x, y := r.childAt(c.X, c.Y, c.Mass, child, ux, uy); !r.onMap(x, y) {
			continue // the child would be lost
		}
		best, bx, by, found = d, o.X, o.Y, true
	}
	return bx, by, found
}
