package sopra

import (
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/sopra"
)

// unreached is the distance of a cell a search did not reach.
const unreached = 1 << 14

// distances is a breadth-first search of the board by steps, from a set of
// goal cells, around the cells other players stand on: dist[y*width+x] is
// the number of steps from (x, y) to the nearest goal.
type distances struct {
	width, height int
	dist          []int16
	queue         []int32
}

// search fills the distances to the goals of the view's board, seen by
// seat: every other player's cell is a wall, except a goal.
func (d *distances) search(v *engine.View, seat int, goals []engine.Cell) {
	w, h := v.Width, v.Height
	d.width, d.height = w, h
	n := w * h
	if cap(d.dist) < n {
		d.dist = make([]int16, n)
	}
	d.dist = d.dist[:n]
	for i := range d.dist {
		d.dist[i] = unreached
	}
	// A wall is a cell at distance -1: never improved upon.
	for o := range v.Players {
		if p := v.Pos(o); o != seat {
			d.dist[p.Y*w+p.X] = -1
		}
	}
	d.queue = d.queue[:0]
	for _, g := range goals {
		i := g.Y*w + g.X
		if d.dist[i] != 0 {
			d.dist[i] = 0
			d.queue = append(d.queue, int32(i))
		}
	}
	for k := 0; k < len(d.queue); k++ {
		i := int(d.queue[k])
		x := i % w
		next := d.dist[i] + 1
		if x > 0 {
			d.visit(i-1, next)
		}
		if x < w-1 {
			d.visit(i+1, next)
		}
		if i >= w {
			d.visit(i-w, next)
		}
		if i < n-w {
			d.visit(i+w, next)
		}
	}
	for o := range v.Players {
		if p := v.Pos(o); o != seat && d.dist[p.Y*w+p.X] < 0 {
			d.dist[p.Y*w+p.X] = unreached
		}
	}
}

// visit reaches cell j at distance next, unless it is a wall or nearer.
func (d *distances) visit(j int, next int16) {
	if d.dist[j] > next {
		d.dist[j] = next
		d.queue = append(d.queue, int32(j))
	}
}

// at returns the distance of c, unreached off the board.
func (d *distances) at(c engine.Cell) int {
	if uint(c.X) >= uint(d.width) || uint(c.Y) >= uint(d.height) {
		return unreached
	}
	return int(d.dist[c.Y*d.width+c.X])
}

// target returns where action a takes seat, and whether it is allowed now:
// on the board, on no player, a jump only with jumps left.
func target(v *engine.View, seat int, a engine.Action) (engine.Cell, bool) {
	p := v.Pos(seat)
	dx, dy := a.Delta()
	c := engine.Cell{X: p.X + dx, Y: p.Y + dy}
	if !v.OnBoard(c) || v.PlayerAt(c) >= 0 || (a.Jump() && v.Jumps(seat) == 0) {
		return c, false
	}
	return c, true
}

// downhill returns the step that brings seat nearest a goal of d, ties
// broken at random; ok is false when no allowed step gets nearer or stays as
// near as the next best (seat is walled in, or on a goal already with no
// allowed step at all).
func downhill(v *engine.View, seat int, d *distances, rng *rand.Rand) (engine.Action, bool) {
	best, bestDist, ties := engine.NoAction, unreached, 0
	for _, a := range engine.Steps {
		c, ok := target(v, seat, a)
		if !ok {
			continue
		}
		switch dist := d.at(c); {
		case dist < bestDist:
			best, bestDist, ties = a, dist, 1
		case dist == bestDist:
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, best != engine.NoAction
}

// walk returns the step towards the nearest of the goals, around the
// players, or any allowed step when there is no goal or no step nearer.
func walk(v *engine.View, d *distances, goals []engine.Cell, rng *rand.Rand) engine.Action {
	if len(goals) > 0 {
		d.search(v, v.Seat, goals)
		if a, ok := downhill(v, v.Seat, d, rng); ok {
			return a
		}
	}
	return anyAllowed(v, v.Seat, rng)
}

// anyAllowed returns an allowed step at random, or North when none is (a
// forbidden move, but every move is then forbidden).
func anyAllowed(v *engine.View, seat int, rng *rand.Rand) engine.Action {
	best, n := engine.North, 0
	for _, a := range engine.Steps {
		if _, ok := target(v, seat, a); ok {
			n++
			if rng.IntN(n) == 0 {
				best = a
			}
		}
	}
	return best
}

// adjacent reports whether two cells share a side.
func adjacent(a, b engine.Cell) bool { return manhattan(a, b) == 1 }

func manhattan(a, b engine.Cell) int { return abs(a.X-b.X) + abs(a.Y-b.Y) }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
