package vampires

import (
	"math"
	"slices"

	"github.com/arenasim/arena/engines/vampires"
)

// option is what one group may do in a ply: one move, or two when it
// splits between two targets.
type option struct {
	group int // index in the mover's list
	moves [2]smove
	k     int
	value float64 // an estimate of its worth, to order the search
}

// prize is a cell a group may take outright, and what it takes.
type prize struct {
	c     vampires.Cell
	need  float64 // the fewest attackers that take it
	value float64 // its worth per move to reach it

	// The steps toward it of the whole group and of just enough to take
	// it, when there are any (ok flags).
	whole, part     vampires.Cell
	wholeOK, partOK bool
}

// Weights of the move generator's estimates: a kill is worth more than a
// conversion of as many humans (it also weakens the opponent); joining or
// fleeing is worth little unless nothing else is on offer.
const (
	killWorth  = 1.5
	joinWorth  = 0.05
	fleeWorth  = 0.5
	fleeRadius = 2 // enemies farther than this are no reason to flee
	maxPrizes  = 4 // prizes per group whose options are generated
	maxOptions = 4 // options kept per group
	maxMovers  = 6 // groups whose options are combined, the most promising
)

// movegen generates the plies the search looks at. Its buffers are reused
// from node to node.
type movegen struct {
	m      *model
	width  int // plies per node, at most
	groups int // no splits from this many groups on
	opts   []option
	prizes []prize
	steps  []vampires.Cell
	best   []int  // per group with options, the index of its best option
	cands  []plan // the plies before the best are chosen
}

// generate appends to out the plies of the side to move worth searching,
// best first: for each group, whole-group moves toward the prizes it can
// take, splits that send just enough to a prize (the rest staying or
// heading for another prize), a step toward its nearest own group, and a
// step away from a nearby enemy that can beat it; then these options alone
// and combined across groups, within the rules' number of moves.
func (mg *movegen) generate(b *board, out []plan) []plan {
	mg.opts, mg.best, mg.cands = mg.opts[:0], mg.best[:0], mg.cands[:0]
	own := b.side[b.toMove]
	for gi := range own {
		if own[gi].n < 1 {
			continue // too few to move
		}
		start := len(mg.opts)
		mg.groupOptions(b, gi)
		opts := mg.opts[start:]
		n := selectTop(opts, maxOptions, func(o *option) float64 { return o.value })
		mg.opts = mg.opts[:start+n]
		if n > 0 {
			mg.best = append(mg.best, start)
		}
	}
	// The groups in order of their best option; only the first maxMovers
	// move.
	mg.best = mg.best[:selectTop(mg.best, maxMovers, func(i *int) float64 { return mg.opts[*i].value })]
	for i := range mg.opts {
		if !slices.ContainsFunc(mg.best, func(j int) bool { return mg.opts[j].group == mg.opts[i].group }) {
			continue
		}
		var p plan
		mg.addOption(&p, own, i)
		mg.cands = append(mg.cands, p)
		for _, j := range mg.best {
			if mg.opts[j].group != mg.opts[i].group {
				mg.addOption(&p, own, j)
			}
		}
		if p.k > mg.cands[len(mg.cands)-1].k {
			mg.cands = append(mg.cands, p)
		}
	}
	// The best width plies, each once.
	first := len(out)
	for len(out)-first < mg.width {
		best := -1
		for j := range mg.cands {
			if !math.IsInf(mg.cands[j].score, -1) && (best < 0 || mg.cands[j].score > mg.cands[best].score) {
				best = j
			}
		}
		if best < 0 {
			break
		}
		if !slices.Contains(out[first:], mg.cands[best]) {
			out = append(out, mg.cands[best])
		}
		mg.cands[best].score = math.Inf(-1) // taken
	}
	if len(out) == first {
		out = mg.anyMove(b, out)
	}
	return out
}

// selectTop moves the k items of highest score to the front of items, best
// first (the earlier item first among equals), and returns how many there
// are: k, or fewer when items has fewer. It takes k passes over the items,
// which beats sorting them when k is small.
func selectTop[T any](items []T, k int, score func(*T) float64) int {
	k = min(k, len(items))
	for i := range k {
		best, bestScore := i, score(&items[i])
		for j := i + 1; j < len(items); j++ {
			if v := score(&items[j]); v > bestScore {
				best, bestScore = j, v
			}
		}
		if best != i {
			// Shift rather than swap, so that equal items keep their order.
			item := items[best]
			copy(items[i+1:best+1], items[i:best])
			items[i] = item
		}
	}
	return k
}

// groupOptions appends the options of group gi.
func (mg *movegen) groupOptions(b *board, gi int) {
	g := b.side[b.toMove][gi]
	mg.findPrizes(b, g)
	for i := range mg.prizes {
		p := &mg.prizes[i]
		p.whole, p.wholeOK = mg.stepToward(b, g.c, p.c, g.n)
		p.part, p.partOK = mg.stepToward(b, g.c, p.c, p.need)
	}
	for i, p := range mg.prizes {
		if p.wholeOK {
			mg.opts = append(mg.opts, option{group: gi, moves: [2]smove{{gi, g.n, p.whole}}, k: 1, value: p.value})
		}
		rest := g.n - p.need
		if rest < 1 || !p.partOK || len(b.side[b.toMove]) >= mg.groups {
			continue
		}
		// The rest stays…
		mg.opts = append(mg.opts, option{group: gi, moves: [2]smove{{gi, p.need, p.part}}, k: 1, value: p.value * 0.9})
		if mg.m.maxMoves < 2 {
			continue
		}
		// … or heads for another prize (by a step that just enough could
		// take: more can take it too).
		for j, q := range mg.prizes {
			if j != i && q.need <= rest && q.partOK && q.part != p.part {
				mg.opts = append(mg.opts, option{group: gi, moves: [2]smove{{gi, p.need, p.part}, {gi, rest, q.part}}, k: 2, value: p.value + q.value})
			}
		}
	}
	mg.joinOption(b, gi, g)
	mg.fleeOption(b, gi, g)
}

// findPrizes lists the best prizes g can take: human groups it equals and
// enemy groups it outnumbers kill_ratio to 1, by size per move.
func (mg *movegen) findPrizes(b *board, g sgroup) {
	mg.prizes = mg.prizes[:0]
	for _, h := range b.humans {
		if need := wholeAtLeast(h.n); need <= g.n {
			mg.prizes = append(mg.prizes, prize{c: h.c, need: need, value: h.n / float64(dist(g.c, h.c))})
		}
	}
	for _, e := range b.side[1-b.toMove] {
		if need := mg.m.killers(e.n); need <= g.n {
			mg.prizes = append(mg.prizes, prize{c: e.c, need: need, value: killWorth * e.n / float64(dist(g.c, e.c))})
		}
	}
	mg.prizes = mg.prizes[:selectTop(mg.prizes, maxPrizes, func(p *prize) float64 { return p.value })]
}

// wholeAtLeast returns the smallest whole number at least x (and at least
// 1), with a margin for rounding: how many individuals a move must send.
func wholeAtLeast(x float64) float64 { return max(1, math.Ceil(x-1e-9)) }

// joinOption appends a move of the whole group toward its nearest own
// group.
func (mg *movegen) joinOption(b *board, gi int, g sgroup) {
	own := b.side[b.toMove]
	j := -1
	for i := range own {
		if i != gi && own[i].n > emptyBelow && (j < 0 || dist(own[i].c, g.c) < dist(own[j].c, g.c)) {
			j = i
		}
	}
	if j < 0 {
		return
	}
	if step, ok := mg.stepToward(b, g.c, own[j].c, g.n); ok {
		value := joinWorth * min(g.n, own[j].n) / float64(dist(g.c, own[j].c))
		mg.opts = append(mg.opts, option{group: gi, moves: [2]smove{{gi, g.n, step}}, k: 1, value: value})
	}
}

// fleeOption appends a move of the whole group away from the nearest enemy
// group within fleeRadius that would win a fight against it.
func (mg *movegen) fleeOption(b *board, gi int, g sgroup) {
	threat := -1
	for i, e := range b.side[1-b.toMove] {
		if d := dist(e.c, g.c); d <= fleeRadius && e.n > g.n && (threat < 0 || d < dist(b.side[1-b.toMove][threat].c, g.c)) {
			threat = i
		}
	}
	if threat < 0 {
		return
	}
	from := b.side[1-b.toMove][threat].c
	best, bestDist := vampires.Cell{}, dist(g.c, from)
	for _, n := range neighbours {
		c := add(g.c, n)
		if d := dist(c, from); d > bestDist && vampires.OnGrid(c, b.rows, b.columns) && mg.passable(b, c, g.n) {
			best, bestDist = c, d
		}
	}
	if bestDist > dist(g.c, from) {
		mg.opts = append(mg.opts, option{group: gi, moves: [2]smove{{gi, g.n, best}}, k: 1, value: fleeWorth * g.n})
	}
}

// stepToward returns the straightest step from from toward to that stays
// on the grid and that n movers may take.
func (mg *movegen) stepToward(b *board, from, to vampires.Cell, n float64) (vampires.Cell, bool) {
	mg.steps = stepsToward(mg.steps[:0], from, to)
	for _, c := range mg.steps {
		if vampires.OnGrid(c, b.rows, b.columns) && mg.passable(b, c, n) {
			return c, true
		}
	}
	return vampires.Cell{}, false
}

// passable reports whether n movers may enter c without losing: it is
// empty or their own, or holds what they take outright.
func (mg *movegen) passable(b *board, c vampires.Cell, n float64) bool {
	if i := find(b.humans, c); i >= 0 {
		return n >= b.humans[i].n
	}
	if i := find(b.side[1-b.toMove], c); i >= 0 {
		return mg.m.killRatio.AtLeastFloat(n, b.side[1-b.toMove][i].n)
	}
	return true
}

// addOption adds option i to p if the rules allow: within the number of
// moves, no cell both a source and a target.
func (mg *movegen) addOption(p *plan, own []sgroup, i int) {
	o := &mg.opts[i]
	if p.k+o.k > mg.m.maxMoves {
		return
	}
	src := own[o.group].c
	for _, mv := range p.moves[:p.k] {
		if mv.to == src {
			return
		}
		for _, nm := range o.moves[:o.k] {
			if nm.to == own[mv.from].c {
				return
			}
		}
	}
	for _, nm := range o.moves[:o.k] {
		p.moves[p.k] = nm
		p.k++
	}
	p.score += o.value
}

// anyMove appends a ply of one move when no option passed: the largest
// group's whole count to its first neighbour on the grid, preferring one it
// may enter without losing.
func (mg *movegen) anyMove(b *board, out []plan) []plan {
	own := b.side[b.toMove]
	gi := -1
	for i := range own {
		if gi < 0 || own[i].n > own[gi].n {
			gi = i
		}
	}
	if gi < 0 {
		return out
	}
	g := own[gi]
	target, found := vampires.Cell{}, false
	for _, n := range neighbours {
		c := add(g.c, n)
		if !vampires.OnGrid(c, b.rows, b.columns) {
			continue
		}
		if !found || mg.passable(b, c, g.n) {
			target = c
			if found = true; mg.passable(b, c, g.n) {
				break
			}
		}
	}
	if !found {
		return out
	}
	var p plan
	p.moves[0], p.k = smove{gi, g.n, target}, 1
	return append(out, p)
}
