package vampires

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/sim"
)

// The bits of State.role: what a cell is in the ply being played.
const (
	roleSource uint8 = 1 << iota
	roleTarget
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
// the ply void; an invalid ply is a forfeit, or void with invalid_ply=skip
// (rule sheet, "A ply"). It reports whether the ply is to be played.
func (r *Rules) accept(s *State, seat int, p Ply, faults *sim.FaultLog) bool {
	var why string
	switch p.Kind {
	case NoPly:
		faults.Add(seat, sim.FaultNoAnswer, "no ply: the ply is void")
		return false
	case MovePly:
		why = r.planMoves(s, s.species[seat], p.Moves)
	case AttackPly:
		why = r.planAttack(s, s.species[seat], p.Target)
	default:
		why = fmt.Sprintf("unknown kind of ply %d", p.Kind)
	}
	if why == "" {
		return true
	}
	if r.InvalidPly == Forfeit {
		s.forfeit, s.over = seat, true
		faults.Add(seat, sim.FaultInvalid, "invalid ply, forfeit: "+why)
	} else {
		faults.Add(seat, sim.FaultInvalid, "invalid ply, skipped: "+why)
	}
	return false
}

// planMoves checks a MOV ply's moves (rule sheet, "A ply", MOV) and records
// the departures and arrivals; it returns why the ply is invalid, or "".
func (r *Rules) planMoves(s *State, me Kind, moves []Move) string {
	if len(moves) == 0 {
		return "MOV with no move: standing still is not allowed"
	}
	if r.MaxMoves > 0 && len(moves) > r.MaxMoves {
		return fmt.Sprintf("%d moves, at most %d allowed", len(moves), r.MaxMoves)
	}
	for k, m := range moves {
		if why := s.checkMove(me, m); why != "" {
			return fmt.Sprintf("move %d %s: %s", k+1, moveText(m), why)
		}
		src, dst := s.index(m.From), s.index(m.To)
		s.mark(src, roleSource)
		s.mark(dst, roleTarget)
		s.departing[src] += m.Count
		s.arriving[dst] += m.Count
	}
	// Checked once every move is marked, so that the order of the moves
	// does not matter (rule sheet, "A ply": the symmetric reading).
	for _, i := range s.touched {
		if s.role[i] == roleSource|roleTarget {
			c := s.cell(int(i))
			return fmt.Sprintf("(%d,%d) is both a source and a target", c.X, c.Y)
		}
	}
	return ""
}

// checkMove checks one move against the grid and the departures already
// planned: own species at the source, a neighbour on the grid as target, a
// count from 1 to what the source still has.
func (s *State) checkMove(me Kind, m Move) string {
	switch {
	case !s.onGrid(m.From):
		return "the source is off the grid"
	case !s.onGrid(m.To):
		return "the target is off the grid"
	case m.From == m.To || abs(m.To.X-m.From.X) > 1 || abs(m.To.Y-m.From.Y) > 1:
		return "the target is not one of the source's 8 neighbours"
	case m.Count < 1:
		return "the count must be at least 1"
	}
	src := s.index(m.From)
	g := s.cells[src]
	switch left := g.Count - s.departing[src]; {
	case g.Kind != me:
		return fmt.Sprintf("the source holds no %s", me)
	case m.Count > left:
		return fmt.Sprintf("%d %s leave a cell that had %d at the start of the ply", s.departing[src]+m.Count, me, g.Count)
	}
	return ""
}

// planAttack checks an ATK ply (rule sheet, "A ply", ATK: classic only; the
// target holds humans or enemies and has an own group next to it) and
// records every adjacent own group as moving entirely into the target.
func (r *Rules) planAttack(s *State, me Kind, target Cell) string {
	if r.Ruleset != Classic {
		return "ATK is not part of the v10 rules"
	}
	if !s.onGrid(target) {
		return fmt.Sprintf("ATK target (%d,%d) is off the grid", target.X, target.Y)
	}
	ti := s.index(target)
	if k := s.cells[ti].Kind; k != Humans && k != me.Enemy() {
		return fmt.Sprintf("ATK target (%d,%d) holds no humans and no %s", target.X, target.Y, me.Enemy())
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := Cell{target.X + dx, target.Y + dy}
			if (dx == 0 && dy == 0) || !s.onGrid(c) {
				continue
			}
			if i := s.index(c); s.cells[i].Kind == me {
				s.mark(i, roleSource)
				s.departing[i] = s.cells[i].Count
				s.arriving[ti] += s.cells[i].Count
			}
		}
	}
	if s.arriving[ti] == 0 {
		return fmt.Sprintf("ATK target (%d,%d) has no %s next to it", target.X, target.Y, me)
	}
	s.mark(ti, roleTarget)
	return ""
}

// mark adds role bits to cell i, listing it the first time.
func (s *State) mark(i int, bits uint8) {
	if s.role[i] == 0 {
		s.touched = append(s.touched, int32(i))
	}
	s.role[i] |= bits
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
	case float64(a) >= r.KillRatio*float64(d.Count):
		s.put(i, Group{me, a}) // every enemy killed
	case float64(d.Count) >= r.KillRatio*float64(a):
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
	p := winChance(a, d.Count)
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

// winChance is P, the v10 attackers' chance of winning a random battle, a
// attackers against d defenders: 1/2 when equal, a/(2d) when fewer, else
// a/d − 1/2, at most 1.
func winChance(a, d int) float64 {
	switch {
	case a == d:
		return 0.5
	case a < d:
		return float64(a) / (2 * float64(d))
	}
	return min(float64(a)/float64(d)-0.5, 1)
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

// clearScratch zeroes the scratch entries the ply touched.
func (s *State) clearScratch() {
	for _, i := range s.touched {
		s.departing[i], s.arriving[i], s.role[i] = 0, 0, 0
	}
	s.touched, s.targets = s.touched[:0], s.targets[:0]
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
