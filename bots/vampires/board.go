package vampires

import (
	"math"

	"github.com/arenasim/arena/engines/vampires"
)

// sgroup is a group of the search board. Its count is a real number: after
// a random battle, a cell holds the expected number of survivors.
type sgroup struct {
	c vampires.Cell
	n float64
}

// board is the search's position: lists of groups rather than a grid, as
// positions hold a few dozen groups and are copied at every node.
type board struct {
	rows, columns int
	humans        []sgroup
	side          [2][]sgroup // 0: the searching player, 1: its opponent
	toMove        int         // the side whose ply it is
	left          int         // plies left before daybreak
}

// smove is a move of the search: n individuals of group from (an index in
// the mover's list) to a neighbouring cell.
type smove struct {
	from int
	n    float64
	to   vampires.Cell
}

// maxPlanMoves bounds the moves of one ply in the search (the classic rules
// allow 3; more would only widen the tree).
const maxPlanMoves = 4

// plan is a ply of the search: its moves and an estimate of its worth, to
// order the search.
type plan struct {
	moves [maxPlanMoves]smove
	k     int
	score float64
}

// model is the part of the rules the search applies.
type model struct {
	killRatio     vampires.Ratio
	attrition     float64
	v10           bool // probabilistic battles
	convertOnHold bool // defenders convert their attackers (else kill them)
	maxMoves      int  // moves per ply in the search, 1..maxPlanMoves
}

// newModel reads the rules from a view's configuration.
func newModel(c vampires.Config) model {
	m := model{killRatio: c.KillRatio, attrition: c.Attrition, v10: c.Ruleset == vampires.V10,
		convertOnHold: c.DefenderWins == vampires.Convert, maxMoves: maxPlanMoves}
	if c.MaxMoves > 0 && c.MaxMoves < m.maxMoves {
		m.maxMoves = c.MaxMoves
	}
	return m
}

// load sets the board to what v shows; side 0 is v's player, who moves.
func (b *board) load(v *vampires.View, groups []vampires.Located) {
	b.rows, b.columns, b.toMove, b.left = v.Rows, v.Columns, 0, v.Remaining
	b.humans, b.side[0], b.side[1] = b.humans[:0], b.side[0][:0], b.side[1][:0]
	for _, g := range groups {
		sg := sgroup{g.Cell, float64(g.Count)}
		switch g.Kind {
		case vampires.Humans:
			b.humans = append(b.humans, sg)
		case v.Me:
			b.side[0] = append(b.side[0], sg)
		default:
			b.side[1] = append(b.side[1], sg)
		}
	}
}

// copyFrom makes b a copy of o, reusing b's lists.
func (b *board) copyFrom(o *board) {
	b.rows, b.columns, b.toMove, b.left = o.rows, o.columns, o.toMove, o.left
	b.humans = append(b.humans[:0], o.humans...)
	b.side[0] = append(b.side[0][:0], o.side[0]...)
	b.side[1] = append(b.side[1][:0], o.side[1]...)
}

// find returns the index of the group on c in gs, or -1.
func find(gs []sgroup, c vampires.Cell) int {
	for i := range gs {
		if gs[i].c == c {
			return i
		}
	}
	return -1
}

// total returns the number of individuals in gs.
func total(gs []sgroup) float64 {
	t := 0.0
	for _, g := range gs {
		t += g.n
	}
	return t
}

// apply plays p for the side to move, as the rules do (departures first,
// then each target with its arrivals summed), with every random battle
// replaced by its expected outcome.
func (b *board) apply(p *plan, m *model) {
	me := b.toMove
	own := b.side[me]
	var targets [maxPlanMoves]vampires.Cell
	var arriving [maxPlanMoves]float64
	nt := 0
	for _, mv := range p.moves[:p.k] {
		own[mv.from].n -= mv.n
		i := 0
		for i < nt && targets[i] != mv.to {
			i++
		}
		if i == nt {
			targets[i], nt = mv.to, nt+1
		}
		arriving[i] += mv.n
	}
	for i := range nt {
		b.resolve(me, targets[i], arriving[i], m)
	}
	b.prune()
	b.toMove, b.left = 1-me, b.left-1
}

// resolve settles a attackers of side me arriving at c.
func (b *board) resolve(me int, c vampires.Cell, a float64, m *model) {
	if i := find(b.side[me], c); i >= 0 {
		b.side[me][i].n += a // merge
		return
	}
	if i := find(b.humans, c); i >= 0 {
		h := b.humans[i].n
		switch {
		case a >= h:
			b.humans[i].n = 0
			b.side[me] = append(b.side[me], sgroup{c, a + h})
		case m.v10:
			p := vampires.WinChance(a, h)
			if p >= 0.5 {
				b.humans[i].n = 0
				b.side[me] = append(b.side[me], sgroup{c, p * (a + h)})
			} else {
				b.humans[i].n = h * (1 - p)
			}
		default:
			b.humans[i].n = h * (1 - m.attrition) // humans beat fewer attackers
		}
		return
	}
	enemy := 1 - me
	i := find(b.side[enemy], c)
	if i < 0 {
		b.side[me] = append(b.side[me], sgroup{c, a})
		return
	}
	e := b.side[enemy][i].n
	switch {
	case m.killRatio.AtLeastFloat(a, e):
		b.side[enemy][i].n = 0
		b.side[me] = append(b.side[me], sgroup{c, a})
	case m.killRatio.AtLeastFloat(e, a):
		if m.convertOnHold {
			b.side[enemy][i].n = e + a
		}
	case m.v10:
		p := vampires.WinChance(a, e)
		if p >= 0.5 {
			b.side[enemy][i].n = 0
			b.side[me] = append(b.side[me], sgroup{c, p * a})
		} else {
			b.side[enemy][i].n = e * (1 - p)
		}
	case a >= e: // classic: the larger side wins, the attackers on a tie
		b.side[enemy][i].n = 0
		b.side[me] = append(b.side[me], sgroup{c, a * (1 - m.attrition)})
	default:
		b.side[enemy][i].n = e * (1 - m.attrition)
	}
}

// killers returns the fewest whole attackers, at least 1, that kill e
// enemies outright: the smallest n with n ≥ kill_ratio·e, decided as resolve
// decides it.
func (m *model) killers(e float64) float64 {
	n := max(1, math.Ceil(float64(m.killRatio.Float64()*e)))
	for n > 1 && m.killRatio.AtLeastFloat(n-1, e) {
		n--
	}
	for !m.killRatio.AtLeastFloat(n, e) {
		n++
	}
	return n
}

// emptyBelow is the count under which a group is gone.
const emptyBelow = 1e-9

// prune removes the groups left with no one.
func (b *board) prune() {
	b.humans = pruneList(b.humans)
	b.side[0] = pruneList(b.side[0])
	b.side[1] = pruneList(b.side[1])
}

func pruneList(gs []sgroup) []sgroup {
	out := gs[:0]
	for _, g := range gs {
		if g.n > emptyBelow {
			out = append(out, g)
		}
	}
	return out
}
