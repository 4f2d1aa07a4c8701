package vampires

import (
	"math/rand/v2"

	"github.com/arenasim/arena/sim"
)

// driver plays matches of random valid plies, starting a new match when
// one ends: a stand-in for bots that costs little and reuses its buffers,
// so that the engine's own cost and allocations show.
type driver struct {
	r     *Rules
	s     State
	rng   *rand.Rand
	acts  [2]Ply
	moves []Move
	log   sim.FaultLog
}

func newDriver(r *Rules, seed uint64) *driver {
	d := &driver{r: r, rng: sim.NewRand(seed, sim.EngineStream)}
	r.Init(&d.s, d.rng)
	return d
}

// ply plays one ply of random valid moves.
func (d *driver) ply() {
	if d.s.over {
		d.r.Init(&d.s, d.rng)
		d.log.Reset()
	}
	seat := d.s.toAct()
	d.acts[1-seat] = Ply{}
	d.acts[seat] = d.randomPly(seat)
	d.log.Begin(d.s.ply + 1)
	d.r.Step(&d.s, d.acts[:], d.rng, &d.log)
}

// randomPly draws up to 3 moves (or max_moves) of random own groups, each
// a random count to a random neighbour, keeping sources and targets apart.
// It reads the state directly and marks cells in the role scratch, which
// it clears before returning.
func (d *driver) randomPly(seat int) Ply {
	s, me := &d.s, d.s.species[seat]
	limit := 3
	if d.r.MaxMoves > 0 {
		limit = min(limit, d.r.MaxMoves)
	}
	d.moves = d.moves[:0]
	for tries := 0; len(d.moves) < limit && tries < 40; tries++ {
		i := d.rng.IntN(len(s.cells))
		g := s.cells[i]
		left := g.Count - s.departing[i]
		if g.Kind != me || left == 0 || s.role[i]&roleTarget != 0 {
			continue
		}
		from := s.cell(i)
		to := Cell{from.X + d.rng.IntN(3) - 1, from.Y + d.rng.IntN(3) - 1}
		if to == from || !s.onGrid(to) || s.role[s.index(to)]&roleSource != 0 {
			continue
		}
		n := 1 + d.rng.IntN(left)
		s.mark(i, roleSource)
		s.mark(s.index(to), roleTarget)
		s.departing[i] += n
		d.moves = append(d.moves, Move{From: from, Count: n, To: to})
	}
	s.clearScratch()
	if len(d.moves) == 0 {
		// Every try failed: the first own group, one individual, to a
		// neighbour on the grid.
		for i, g := range s.cells {
			if g.Kind == me {
				from := s.cell(i)
				for _, dy := range [3]int{-1, 0, 1} {
					for _, dx := range [3]int{-1, 0, 1} {
						to := Cell{from.X + dx, from.Y + dy}
						if to != from && s.onGrid(to) {
							d.moves = append(d.moves, Move{From: from, Count: 1, To: to})
							return Mov(d.moves...)
						}
					}
				}
			}
		}
	}
	return Mov(d.moves...)
}
