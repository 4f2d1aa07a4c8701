package tron

import (
	"math/rand/v2"

	"github.com/arenasim/arena/sim"
)

// noTarget marks a seat that is not moving this turn.
const noTarget = -1

// Step plays one turn: every alive player moves at once (rule sheet, "A
// turn"). The phases run in the sheet's order; none of them allocates.
func (r *Rules) Step(s *State, acts []Dir, _ *rand.Rand, faults *sim.FaultLog) {
	s.turn++
	r.eliminateBlocked(s, acts, faults)
	r.eliminateSameTarget(s)
	r.advanceHeads(s)
	r.eraseEliminated(s)
	r.checkEnd(s)
}

// eliminateBlocked is step 2: a player is eliminated if it gave no valid
// direction or its target is off the board (a wall of the grid's border) or
// in the snapshot S of all trails at the start of the turn. Nothing has
// moved yet, so the grid is S.
func (r *Rules) eliminateBlocked(s *State, acts []Dir, faults *sim.FaultLog) {
	for seat, trail := range s.trails {
		s.target[seat], s.dying[seat] = noTarget, false
		if s.eliminated[seat] != 0 {
			continue
		}
		d := acts[seat]
		if !d.Valid() {
			s.dying[seat] = true
			if d == NoDir {
				faults.Add(seat, sim.FaultNoAnswer, "no direction")
			} else {
				faults.Add(seat, sim.FaultInvalid, "invalid direction "+d.String())
			}
			continue
		}
		t := trail[len(trail)-1] + s.step[d&7]
		if s.grid[t] != free {
			s.dying[seat] = true
			continue
		}
		s.target[seat] = t
	}
}

// eliminateSameTarget is step 3: among the players still moving, every
// group of two or more with the same target is eliminated together.
func (r *Rules) eliminateSameTarget(s *State) {
	for i, ti := range s.target {
		if ti == noTarget {
			continue
		}
		for j := i + 1; j < len(s.target); j++ {
			if s.target[j] == ti {
				s.dying[i], s.dying[j] = true, true
			}
		}
	}
}

// advanceHeads is step 4: every remaining player's target becomes its new
// head.
func (r *Rules) advanceHeads(s *State) {
	for seat, t := range s.target {
		if t == noTarget || s.dying[seat] {
			continue
		}
		s.trails[seat] = append(s.trails[seat], t)
		s.grid[t] = uint8(seat + 1)
	}
}

// eraseEliminated is step 5: the trails of the players eliminated this turn
// are erased, so their cells are free from the next turn on.
func (r *Rules) eraseEliminated(s *State) {
	for seat, dying := range s.dying {
		if !dying {
			continue
		}
		for _, c := range s.trails[seat] {
			s.grid[c] = free
		}
		s.trails[seat] = s.trails[seat][:0]
		s.eliminated[seat] = s.turn
		s.alive--
	}
}

// checkEnd ends the game after a turn that leaves fewer than two players,
// or at max_turns when it is set (rule sheet, "End and outcome").
func (r *Rules) checkEnd(s *State) {
	if s.alive < 2 || (r.MaxTurns > 0 && s.turn >= r.MaxTurns) {
		s.over = true
	}
}
