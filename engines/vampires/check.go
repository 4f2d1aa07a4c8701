package vampires

import "fmt"

// The bits of plan.role: what a cell is in the ply being played.
const (
	roleSource uint8 = 1 << iota
	roleTarget
)

// plan is the scratch space in which a ply is checked and planned: per
// cell, the individuals leaving and arriving and the cell's role. Every
// entry is zero between plies; touched lists the cells a ply marked.
type plan struct {
	departing []int   // per cell, individuals moving out of it this ply
	arriving  []int   // per cell, individuals moving into it this ply
	role      []uint8 // per cell, source and target bits
	touched   []int32 // cells with a non-zero role, in the order first met
	targets   []int32 // the target cells of the ply, sorted row-major
}

// reset makes pl a clean plan for a grid of n cells, reusing its arrays.
func (pl *plan) reset(n int) {
	pl.departing = resize(pl.departing, n)
	pl.arriving = resize(pl.arriving, n)
	pl.role = resize(pl.role, n)
	pl.touched, pl.targets = pl.touched[:0], pl.targets[:0]
}

// mark adds role bits to cell i, listing it the first time.
func (pl *plan) mark(i int, bits uint8) {
	if pl.role[i] == 0 {
		pl.touched = append(pl.touched, int32(i))
	}
	pl.role[i] |= bits
}

// clearScratch zeroes the entries the ply touched.
func (pl *plan) clearScratch() {
	for _, i := range pl.touched {
		pl.departing[i], pl.arriving[i], pl.role[i] = 0, 0, 0
	}
	pl.touched, pl.targets = pl.touched[:0], pl.targets[:0]
}

// flawKind says which rule of a ply is broken.
type flawKind uint8

// The broken rules (rule sheet, "A ply"). The zero kind is no flaw.
const (
	noFlaw            flawKind = iota
	flawUnknownKind            // n: the kind of ply
	flawNoMove                 // a MOV with no move
	flawTooMany                // n moves, at most limit
	flawBoth                   // at: both a source and a target
	flawAtkV10                 // ATK under v10
	flawAtkOffGrid             // at: the ATK target
	flawAtkNoPrey              // at: the ATK target, holding no humans or enemies
	flawAtkNoAttacker          // at: the ATK target, with no own group next to it
	// The flaws of one move, at index.
	flawSourceOffGrid
	flawTargetOffGrid
	flawNotNeighbour
	flawNoCount
	flawNotOwn
	flawOverdrawn // n leave a source that held limit
)

// flaw is why a ply is invalid. It is put into words only when a fault is
// recorded, so that checking a ply allocates nothing: bots check many.
type flaw struct {
	kind     flawKind
	index    int  // the move at fault, from 0
	move     Move // the move at fault
	at       Cell // the cell at fault
	me       Kind // the player's species
	n, limit int
}

// String words the flaw as the fault records it.
func (f flaw) String() string {
	switch f.kind {
	case noFlaw:
		return "no flaw"
	case flawUnknownKind:
		return fmt.Sprintf("unknown kind of ply %d", f.n)
	case flawNoMove:
		return "MOV with no move: standing still is not allowed"
	case flawTooMany:
		return fmt.Sprintf("%d moves, at most %d allowed", f.n, f.limit)
	case flawBoth:
		return fmt.Sprintf("(%d,%d) is both a source and a target", f.at.X, f.at.Y)
	case flawAtkV10:
		return "ATK is not part of the v10 rules"
	case flawAtkOffGrid:
		return fmt.Sprintf("ATK target (%d,%d) is off the grid", f.at.X, f.at.Y)
	case flawAtkNoPrey:
		return fmt.Sprintf("ATK target (%d,%d) holds no humans and no %s", f.at.X, f.at.Y, f.me.Enemy())
	case flawAtkNoAttacker:
		return fmt.Sprintf("ATK target (%d,%d) has no %s next to it", f.at.X, f.at.Y, f.me)
	}
	var why string
	switch f.kind {
	case flawSourceOffGrid:
		why = "the source is off the grid"
	case flawTargetOffGrid:
		why = "the target is off the grid"
	case flawNotNeighbour:
		why = "the target is not one of the source's 8 neighbours"
	case flawNoCount:
		why = "the count must be at least 1"
	case flawNotOwn:
		why = fmt.Sprintf("the source holds no %s", f.me)
	case flawOverdrawn:
		why = fmt.Sprintf("%d %s leave a cell that had %d at the start of the ply", f.n, f.me, f.limit)
	}
	return fmt.Sprintf("move %d %s: %s", f.index+1, moveText(f.move), why)
}

// check checks the ply p of species me on the grid of s (rule sheet, "A
// ply") and plans it in pl: the departures, the arrivals and the cells'
// roles. It returns the flaw that makes the ply invalid, or no flaw. The
// plan is left for the caller to play and clear.
func (c *Config) check(s *State, pl *plan, me Kind, p Ply) flaw {
	switch p.Kind {
	case MovePly:
		return c.planMoves(s, pl, me, p.Moves)
	case AttackPly:
		return c.planAttack(s, pl, me, p.Target)
	}
	return flaw{kind: flawUnknownKind, n: int(p.Kind)}
}

// planMoves checks a MOV ply's moves (rule sheet, "A ply", MOV) and
// records the departures and arrivals.
func (c *Config) planMoves(s *State, pl *plan, me Kind, moves []Move) flaw {
	if len(moves) == 0 {
		return flaw{kind: flawNoMove}
	}
	if c.MaxMoves > 0 && len(moves) > c.MaxMoves {
		return flaw{kind: flawTooMany, n: len(moves), limit: c.MaxMoves}
	}
	for k, m := range moves {
		if f := checkMove(s, pl, me, m); f.kind != noFlaw {
			f.index, f.move = k, m
			return f
		}
		src, dst := s.index(m.From), s.index(m.To)
		pl.mark(src, roleSource)
		pl.mark(dst, roleTarget)
		pl.departing[src] += m.Count
		pl.arriving[dst] += m.Count
	}
	// Checked once every move is marked, so that the order of the moves
	// does not matter (rule sheet, "A ply": the symmetric reading).
	for _, i := range pl.touched {
		if pl.role[i] == roleSource|roleTarget {
			return flaw{kind: flawBoth, at: s.cell(int(i))}
		}
	}
	return flaw{}
}

// checkMove checks one move against the grid and the departures already
// planned: own species at the source, a neighbour on the grid as target, a
// count from 1 to what the source still has.
func checkMove(s *State, pl *plan, me Kind, m Move) flaw {
	switch {
	case !s.onGrid(m.From):
		return flaw{kind: flawSourceOffGrid}
	case !s.onGrid(m.To):
		return flaw{kind: flawTargetOffGrid}
	case m.From == m.To || Abs(m.To.X-m.From.X) > 1 || Abs(m.To.Y-m.From.Y) > 1:
		return flaw{kind: flawNotNeighbour}
	case m.Count < 1:
		return flaw{kind: flawNoCount}
	}
	src := s.index(m.From)
	g := s.cells[src]
	switch {
	case g.Kind != me:
		return flaw{kind: flawNotOwn, me: me}
	case m.Count > g.Count-pl.departing[src]:
		return flaw{kind: flawOverdrawn, me: me, n: pl.departing[src] + m.Count, limit: g.Count}
	}
	return flaw{}
}

// planAttack checks an ATK ply (rule sheet, "A ply", ATK: classic only;
// the target holds humans or enemies and has an own group next to it) and
// records every adjacent own group as moving entirely into the target.
func (c *Config) planAttack(s *State, pl *plan, me Kind, target Cell) flaw {
	if c.Ruleset != Classic {
		return flaw{kind: flawAtkV10}
	}
	if !s.onGrid(target) {
		return flaw{kind: flawAtkOffGrid, at: target}
	}
	ti := s.index(target)
	if k := s.cells[ti].Kind; k != Humans && k != me.Enemy() {
		return flaw{kind: flawAtkNoPrey, at: target, me: me}
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			n := Cell{target.X + dx, target.Y + dy}
			if (dx == 0 && dy == 0) || !s.onGrid(n) {
				continue
			}
			if i := s.index(n); s.cells[i].Kind == me {
				pl.mark(i, roleSource)
				pl.departing[i] = s.cells[i].Count
				pl.arriving[ti] += s.cells[i].Count
			}
		}
	}
	if pl.arriving[ti] == 0 {
		return flaw{kind: flawAtkNoAttacker, at: target, me: me}
	}
	pl.mark(ti, roleTarget)
	return flaw{}
}

// Checker checks plies without playing them, with the very checks Step
// makes, so that a bot can keep to valid plies. Its zero value is ready to
// use; it allocates only when it meets a larger grid than before.
type Checker struct {
	pl plan
}

// Valid reports whether p is a valid ply for the player of v in v's
// position (rule sheet, "A ply"). No answer is not a valid ply.
func (ch *Checker) Valid(v *View, p Ply) bool {
	s := v.s
	if len(ch.pl.role) != len(s.cells) {
		ch.pl.reset(len(s.cells))
	}
	ok := p.Kind != NoPly && v.Config.check(s, &ch.pl, v.Me, p).kind == noFlaw
	ch.pl.clearScratch()
	return ok
}
