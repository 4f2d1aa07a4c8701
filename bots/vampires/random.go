package vampires

import (
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// Bounds of the random bot.
const (
	// randomMoves is the most moves of a ply when max_moves sets no limit.
	randomMoves = 3
	// maxRandomMoves bounds the moves of a ply whatever max_moves says, so
	// that the number of move lists fits a float64: at most
	// (8·population)^32 < 10^260, the population being at most 255 a cell
	// of a 255×255 grid.
	maxRandomMoves = 32
	// maxProposals bounds the proposals of one ply. A proposal is refused
	// only when a move steps onto the cell of another moving group: with
	// a few moves, that many refusals in a row never happen.
	maxProposals = 1 << 16
)

// errNoMove is the random bot's answer when its species cannot move,
// which the rules never ask of it: it has no one left.
var errNoMove = errors.New("random: no own group can move")

// Random plays a uniformly random valid ply: each ply of the following set
// is equally likely.
//
//   - ATK t (classic), for every cell t the rules accept as a target;
//   - MOV m1;…;mk, an ordered list of 1 ≤ k ≤ M moves, for every list the
//     rules accept. M is max_moves, or 3 when max_moves sets no limit, and
//     never more than 32. A move is an own group's cell, a count from 1 to
//     the group's size and one of the 8 neighbours.
//
// So "MOV a;b" and "MOV b;a" are two plies, and so are a move listed
// twice and one move of the summed count.
//
// It draws by rejection. It proposes, each with the same chance, every
// valid ATK and every list of at most M moves in which the counts leaving
// each group add up to at most its size and every target is on the grid;
// it keeps the first proposal that the rules (vampires.Checker) accept:
// those where no cell is both a source and a target. The proposals'
// weights are float64s, so the chances are equal up to their rounding.
// After 65536 refused proposals, which takes long lists among crowded own
// groups, it plays a uniformly random single move, which is always valid.
// It draws only from the stream given to Reset and, once its buffers have
// grown, allocates nothing.
type Random struct {
	rng     *rand.Rand
	checker vampires.Checker
	groups  []vampires.Located
	own     []source
	attacks []vampires.Cell // the valid ATK targets
	k       int             // the most moves of this ply
	binom   []float64       // binom[i*(k+1)+j] = C(i, j), for i, j ≤ k
	ways    []float64       // ways[g*(k+1)+i] = ways(g, i), see count
	slots   []int           // per move of the proposal, its group
	counts  []int           // the proposal's counts, group after group
	moves   []vampires.Move
}

// source is an own group and what its moves may be.
type source struct {
	cell  vampires.Cell
	n     int                         // its size
	steps [8]vampires.Cell            // its neighbours on the grid
	d     int                         // how many there are
	coef  [maxRandomMoves + 1]float64 // coef[j] = C(n, j)·d^j, the counts and steps of j moves
	next  int                         // the index in counts of its next count
}

// Reset starts a match; the player draws from rng.
func (p *Random) Reset(_ sim.MatchInfo, rng *rand.Rand) { p.rng = rng }

// Act draws a ply.
func (p *Random) Act(v *vampires.View) (vampires.Ply, error) {
	population := p.load(v)
	p.k = v.Config.MaxMoves
	if p.k == 0 {
		p.k = randomMoves
	}
	p.k = min(p.k, maxRandomMoves, population) // a list longer than the population is never valid
	p.count()
	atk := float64(len(p.attacks))
	total := atk
	for i := 1; i <= p.k; i++ {
		total += p.ways[i]
	}
	if total == 0 {
		return vampires.Ply{}, errNoMove
	}
	for range maxProposals {
		u := float64(p.rng.Float64() * total)
		if u < atk {
			return vampires.Atk(p.attacks[p.rng.IntN(len(p.attacks))]), nil
		}
		p.propose(p.length(u - atk))
		if ply := vampires.Mov(p.moves...); p.checker.Valid(v, ply) {
			return ply, nil
		}
	}
	p.propose(1)
	return vampires.Mov(p.moves...), nil
}

// load lists the own groups and the valid ATK targets of v, and returns
// the own population.
func (p *Random) load(v *vampires.View) int {
	p.groups = v.AppendGroups(p.groups[:0])
	p.own, p.attacks = p.own[:0], p.attacks[:0]
	population := 0
	for _, g := range p.groups {
		switch g.Kind {
		case v.Me:
			s := source{cell: g.Cell, n: g.Count}
			for _, d := range neighbours {
				if c := add(g.Cell, d); v.OnGrid(c) {
					s.steps[s.d], s.d = c, s.d+1
				}
			}
			p.own = append(p.own, s)
			population += g.Count
		case vampires.Humans, v.Enemy():
			if p.checker.Valid(v, vampires.Atk(g.Cell)) {
				p.attacks = append(p.attacks, g.Cell)
			}
		}
	}
	return population
}

// count fills the tables of the proposals: each group's coef, and
// ways(g, i), the number of lists of i moves of the groups g, g+1, … in
// which each group's counts add up to at most its size and every step is
// on the grid. Group g's j moves take j of the i places of the list:
//
//	ways(g, i) = Σ_j C(i, j)·coef_g[j]·ways(g+1, i−j)
func (p *Random) count() {
	k, w := p.k, p.k+1
	p.binom = slices.Grow(p.binom[:0], w*w)[:w*w]
	clear(p.binom)
	for i := range w {
		p.binom[i*w] = 1
		for j := 1; j <= i; j++ {
			p.binom[i*w+j] = p.binom[(i-1)*w+j-1] + p.binom[(i-1)*w+j]
		}
	}
	for g := range p.own {
		s := &p.own[g]
		s.coef[0] = 1
		for j := 1; j <= k; j++ {
			s.coef[j] = 0
			if j <= s.n {
				s.coef[j] = float64(s.coef[j-1]*float64(s.n-j+1)) / float64(j) * float64(s.d)
			}
		}
	}
	groups := len(p.own)
	p.ways = slices.Grow(p.ways[:0], (groups+1)*w)[:(groups+1)*w]
	clear(p.ways[groups*w:])
	p.ways[groups*w] = 1
	for g := groups - 1; g >= 0; g-- {
		row, next := p.ways[g*w:(g+1)*w], p.ways[(g+1)*w:(g+2)*w]
		for i := range w {
			sum := 0.0
			for j := 0; j <= i; j++ {
				sum += float64(p.binom[i*w+j] * p.own[g].coef[j] * next[i-j])
			}
			row[i] = sum
		}
	}
}

// length returns the number of moves of a proposal for a draw u, uniform
// in [0, Σ_i ways(0, i)): i with the chance ways(0, i) / Σ_i ways(0, i).
func (p *Random) length(u float64) int {
	for i := 1; i < p.k; i++ {
		if u < p.ways[i] {
			return i
		}
		u -= p.ways[i]
	}
	return p.k
}

// propose draws into p.moves a list of i moves, uniformly among those in
// which each group's counts add up to at most its size and every step is
// on the grid: how many moves each group makes, their places in the list,
// each group's counts, then each move's step.
func (p *Random) propose(i int) {
	p.slots, p.counts = p.slots[:0], p.counts[:0]
	left := i
	for g := range p.own {
		s := &p.own[g]
		j := p.share(g, left)
		left -= j
		s.next = len(p.counts)
		p.counts = p.drawCounts(p.counts, s.n, j)
		for range j {
			p.slots = append(p.slots, g)
		}
	}
	for a := len(p.slots) - 1; a > 0; a-- { // a uniform order of the places
		b := p.rng.IntN(a + 1)
		p.slots[a], p.slots[b] = p.slots[b], p.slots[a]
	}
	p.moves = p.moves[:0]
	for _, g := range p.slots {
		s := &p.own[g]
		p.moves = append(p.moves, vampires.Move{From: s.cell, Count: p.counts[s.next], To: s.steps[p.rng.IntN(s.d)]})
		s.next++
	}
}

// share draws how many of the left moves group g makes: j with the chance
// C(left, j)·coef_g[j]·ways(g+1, left−j) / ways(g, left).
func (p *Random) share(g, left int) int {
	w := p.k + 1
	next := p.ways[(g+1)*w:]
	u := float64(p.rng.Float64() * p.ways[g*w+left])
	last := 0
	for j := 0; j <= left; j++ {
		x := float64(p.binom[left*w+j] * p.own[g].coef[j] * next[left-j])
		if x == 0 {
			continue
		}
		if u < x {
			return j
		}
		u -= x
		last = j
	}
	return last // u ran past the terms' sum by rounding
}

// drawCounts appends j counts of at least 1 adding up to at most n, drawn
// uniformly: their running sums are a uniform j-subset of 1..n, drawn by
// Floyd's algorithm.
func (p *Random) drawCounts(dst []int, n, j int) []int {
	start := len(dst)
	for m := n - j + 1; m <= n; m++ {
		t := 1 + p.rng.IntN(m)
		if slices.Contains(dst[start:], t) {
			t = m
		}
		dst = append(dst, t)
	}
	sums := dst[start:]
	slices.Sort(sums)
	for x := len(sums) - 1; x > 0; x-- {
		sums[x] -= sums[x-1]
	}
	return dst
}
