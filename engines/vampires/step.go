package vampires

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/sim"
)

// Step plays one ply of the seat whose turn it is (rule sheet, "A ply",
// "Resolving a MOV ply", "End and outcome"). The phases run in the sheet's
// order; none of them allocates, except to word the fault of an invalid
// ply.
func (r *Rules) Step(s *State, acts []Ply, rng *rand.Rand, faults *sim.FaultLog) {
	seat := s.toAct()
	s.ply++
	if r.accept(s, seat, acts[seat], faults) {
		r.depart(s)
		r.resolveTargets(s, s.species[seat], rng)
	}
	s.clearScratch()
	r.checkExtinction(s)
	r.checkDaybreak(s)
}

// accept checks the ply and plans it in the scratch space. No answer makes
// the ply void; an invalid ply — text that does not parse included — is a
// forfeit, or void with invalid_ply=skip (rule sheet, "A ply"). It reports whether the ply is to be played.
func (r *Rules) accept(s *State, seat int, p Ply, faults *sim.FaultLog) bool {
	if p.Kind == NoPly {
		if kind, _ := faults.Of(seat); kind == sim.FaultInvalid {
			// Text that does not parse (an external program's), recorded
			// as it came: an invalid ply.
			r.reject(s, seat, "text that is no ply", faults)
			return false
		}
		faults.Add(seat, sim.FaultNoAnswer, "no ply: the ply is void")
		return false
	}
	f := r.check(s, &s.plan, s.species[seat], p)
	if f.kind == noFlaw {
		return true
	}
	r.reject(s, seat, f.String(), faults)
	return false
}

// reject applies the rule for an invalid ply: a forfeit, or a void ply
// with invalid_ply=skip.
func (r *Rules) reject(s *State, seat int, why string, faults *sim.FaultLog) {
	if r.InvalidPly == Forfeit {
		s.forfeit, s.over = seat, true
		faults.Add(seat, sim.FaultInvalid, "invalid ply, forfeit: "+why)
	} else {
		faults.Add(seat, sim.FaultInvalid, "invalid ply, skipped: "+why)
	}
}

// depart subtracts every departure first (rule sheet, "Resolving a MOV
// ply"); no source is a target, so the targets still hold what they held at
// the start of the ply.
func (r *Rules) depart(s *State) {
	for _, i := range s.touched {
		if n := s.departing[i]; n > 0 {
			g := s.cells[i]
			s.put(int(i), Group{g.Kind, g.Count - n})
		}
	}
}

// resolveTargets resolves the target cells, their arrivals summed, in
// row-major order (rule sheet, "Resolving a MOV ply"): the order only
// matters for the random stream.
func (r *Rules) resolveTargets(s *State, me Kind, rng *rand.Rand) {
	for _, i := range s.touched {
		if s.role[i]&roleTarget != 0 {
			s.targets = append(s.targets, i)
		}
	}
	slices.Sort(s.targets)
	for _, i := range s.targets {
		r.resolve(s, int(i), me, s.arriving[i], rng)
	}
}

// resolve settles a attackers of kind me arriving at cell i (rule sheet,
// "Resolving a MOV ply"): a merge, a conversion, a kill, an outright
// defence or a random battle.
func (r *Rules) resolve(s *State, i int, me Kind, a int, rng *rand.Rand) {
	d := s.cells[i]
	switch {
	case d.Kind == Empty || d.Kind == me:
		s.put(i, Group{me, d.Count + a}) // merge
	case d.Kind == Humans && a >= d.Count:
		s.put(i, Group{me, a + d.Count}) // every human converted
	case d.Kind == Humans:
		r.battle(r, s, i, me, a, rng)
	case r.KillRatio.AtLeast(a, d.Count):
		s.put(i, Group{me, a}) // every enemy killed
	case r.KillRatio.AtLeast(d.Count, a):
		r.defend(s, i, a)
	default:
		r.battle(r, s, i, me, a, rng)
	}
}

// defend settles an outright defence: the defenders convert their
// attackers (classic) or kill them (v10), by defender_wins.
func (r *Rules) defend(s *State, i int, a int) {
	if r.DefenderWins == Convert {
		d := s.cells[i]
		s.put(i, Group{d.Kind, d.Count + a})
	}
	// Killed attackers have already left their cells: nothing to do.
}

// classicBattle is the classic random battle (rule sheet, "Random
// battle"): the side with more individuals wins, the attackers on a tie;
// the losers are wiped out and each winner then dies with probability
// classic_attrition, one draw per winner in order. Humans that win stay
// humans.
func (r *Rules) classicBattle(s *State, i int, attackers Kind, a int, rng *rand.Rand) {
	winner := Group{attackers, a}
	if d := s.cells[i]; d.Count > a {
		winner = d
	}
	winner.Count -= draws(winner.Count, r.Attrition, rng)
	s.put(i, winner)
}

// v10Battle is the v10 random battle (rule sheet, "Random battle"): the
// attackers win with probability P, drawn first; then, if they win, one
// draw per attacker (survives with P) and, against humans, one per human
// (converted with P); if they lose, one draw per defender (survives with
// 1 − P).
func (r *Rules) v10Battle(s *State, i int, attackers Kind, a int, rng *rand.Rand) {
	d := s.cells[i]
	p := WinChance(float64(a), float64(d.Count))
	if rng.Float64() < p {
		n := draws(a, p, rng)
		if d.Kind == Humans {
			n += draws(d.Count, p, rng)
		}
		s.put(i, Group{attackers, n})
		return
	}
	s.put(i, Group{d.Kind, draws(d.Count, 1-p, rng)})
}

// WinChance is P, the v10 attackers' chance of winning a random battle
// (rule sheet, "Random battle"), a attackers against d defenders: 1/2 when
// equal, a/(2d) when fewer, else a/d − 1/2, at most 1. The counts may be
// fractions, as a search's expected survivors are.
func WinChance(a, d float64) float64 {
	switch {
	case a == d:
		return 0.5
	case a < d:
		return a / (2 * d)
	}
	return min(a/d-0.5, 1)
}

// draws returns how many of n independent draws come out below p.
func draws(n int, p float64, rng *rand.Rand) int {
	k := 0
	for range n {
		if rng.Float64() < p {
			k++
		}
	}
	return k
}

// checkExtinction ends the game when a species has no individual left: the
// other wins, or nobody when neither has any (rule sheet, "End and
// outcome").
func (r *Rules) checkExtinction(s *State) {
	if s.pop[Vampires] == 0 || s.pop[Werewolves] == 0 {
		s.over = true
	}
}

// checkDaybreak ends the game once ply max_plies is played (rule sheet,
// "End and outcome").
func (r *Rules) checkDaybreak(s *State) {
	if s.ply >= r.MaxPlies {
		s.over = true
	}
}

// moveText writes a move as in the action text, for fault messages.
func moveText(m Move) string {
	return fmt.Sprintf("%d,%d,%d,%d,%d", m.From.X, m.From.Y, m.Count, m.To.X, m.To.Y)
}
