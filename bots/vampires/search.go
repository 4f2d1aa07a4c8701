package vampires

import (
	"math"
)

// winScore is the value of a won game, far above any evaluation; the
// population difference is added so that larger wins are preferred.
const winScore = 1e6

// searcher runs the strong bot's alpha-beta search. Everything it uses is
// kept from ply to ply, so that a search allocates nothing once its buffers
// have grown.
type searcher struct {
	cfg    StrongConfig
	m      model
	gen    movegen
	boards []board  // per depth: the position searched there
	plies  [][]plan // per depth: the plies generated there
	decay  []float64
	near   []gathered // scratch of reach
	nodes  int        // positions visited in this search
	budget int
	abort  bool
}

// newSearcher returns a searcher with the given arguments.
func newSearcher(cfg StrongConfig) *searcher {
	s := &searcher{cfg: cfg}
	s.boards = make([]board, cfg.Depth+1)
	s.plies = make([][]plan, cfg.Depth+1)
	return s
}

// setRules prepares the searcher for a match under the given rules and
// grid size.
func (s *searcher) setRules(m model, rows, columns int) {
	s.m = m
	s.gen.m, s.gen.width, s.gen.groups = &s.m, s.cfg.Width, s.cfg.Groups
	n := max(rows, columns) + gatherCost + 1
	if len(s.decay) < n {
		s.decay = make([]float64, n)
	}
	f := 1.0
	for d := range s.decay {
		s.decay[d] = f // the weight of something d moves away
		f *= s.cfg.Decay
	}
}

// best searches the position in s.boards[0], whose side 0 is to move, and
// returns the ply to play: iterative deepening, one ply deeper each time,
// until the node budget or the depth limit stops it. The ply of the last
// finished depth is played, or that of the unfinished one when it has
// found a better ply after searching the previous best first.
func (s *searcher) best() plan {
	s.nodes, s.budget, s.abort = 0, s.cfg.Budget, false
	root := &s.boards[0]
	s.plies[0] = s.gen.generate(root, s.plies[0][:0])
	plies := s.plies[0]
	if len(plies) <= 1 {
		if len(plies) == 0 {
			return plan{}
		}
		return plies[0]
	}
	maxDepth := min(s.cfg.Depth, root.left)
	for depth := 1; depth <= maxDepth; depth++ {
		bestIdx, alpha := -1, math.Inf(-1)
		for i := range plies {
			v := -s.child(0, &plies[i], depth-1, math.Inf(-1), -alpha)
			if s.abort {
				break
			}
			if bestIdx < 0 || v > alpha {
				bestIdx, alpha = i, v
			}
		}
		if bestIdx > 0 {
			// The best ply first: the next depth searches it first.
			best := plies[bestIdx]
			copy(plies[1:bestIdx+1], plies[:bestIdx])
			plies[0] = best
		}
		if s.abort || alpha >= winScore/2 {
			break
		}
	}
	return plies[0]
}

// child plays p from the position at depth ply and searches the result
// for depth more plies; the value is the opponent's.
func (s *searcher) child(ply int, p *plan, depth int, alpha, beta float64) float64 {
	next := &s.boards[ply+1]
	next.copyFrom(&s.boards[ply])
	next.apply(p, &s.m)
	return s.negamax(ply+1, depth, alpha, beta)
}

// negamax returns the value of the position at depth ply for its side to
// move, searched depth plies deep with alpha-beta pruning.
func (s *searcher) negamax(ply, depth int, alpha, beta float64) float64 {
	s.nodes++
	if s.nodes > s.budget {
		s.abort = true
		return 0
	}
	b := &s.boards[ply]
	sign := 1.0
	if b.toMove == 1 {
		sign = -1
	}
	if v, over := s.final(b); over {
		return sign * v
	}
	if depth == 0 {
		return sign * s.eval(b)
	}
	s.plies[ply] = s.gen.generate(b, s.plies[ply][:0])
	best := math.Inf(-1)
	for i := range s.plies[ply] {
		v := -s.child(ply, &s.plies[ply][i], depth-1, -beta, -alpha)
		if s.abort {
			return 0
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return best
}

// final returns the value of a position where the game is over, for side
// 0: a species extinct, or daybreak.
func (s *searcher) final(b *board) (float64, bool) {
	p0, p1 := total(b.side[0]), total(b.side[1])
	switch {
	case p0 < 0.5 && p1 < 0.5:
		return 0, true
	case p1 < 0.5:
		return winScore + p0, true
	case p0 < 0.5:
		return -winScore - p1, true
	case b.left <= 0:
		switch d := p0 - p1; {
		case d > 0:
			return winScore + d, true
		case d < 0:
			return -winScore + d, true
		}
		return 0, true
	}
	return 0, false
}

// eval scores a position for side 0 (docs/games/vampires.md, "Bots"):
//
//   - pop × the population difference;
//   - humans × each human group's count, for the side that can take it
//     first (see reach: the side to move wins ties; only within the plies
//     left), weighed by decay^(moves-1);
//   - threat × each group's count, lost to each enemy group that can kill
//     it outright, and each enemy group's count, won from each group that
//     can kill it, weighed by decay^(moves-1) when the killer moves next,
//     decay^moves otherwise;
//   - cohesion × the difference of the two sides' largest groups.
func (s *searcher) eval(b *board) float64 {
	w := &s.cfg
	score := float64(w.Pop * (total(b.side[0]) - total(b.side[1])))
	// Plies each side still plays before daybreak.
	var plays [2]int
	plays[b.toMove] = (b.left + 1) / 2
	plays[1-b.toMove] = b.left / 2
	humans := 0.0
	for _, h := range b.humans {
		d0, d1 := s.reach(b.side[0], h), s.reach(b.side[1], h)
		if d0 > plays[0] {
			d0 = math.MaxInt
		}
		if d1 > plays[1] {
			d1 = math.MaxInt
		}
		first := 0
		switch {
		case d0 == math.MaxInt && d1 == math.MaxInt:
			continue
		case d1 < d0 || (d1 == d0 && b.toMove == 1):
			first = 1
		}
		if first == 0 {
			humans += float64(h.n * s.decay[d0-1])
		} else {
			humans -= float64(h.n * s.decay[d1-1])
		}
	}
	// A threat is a move nearer when the threatening side moves next.
	threat := 0.0
	r := s.m.killRatio
	near0, near1 := 1, 0 // the decay index offset of side 0's threats, of side 1's
	if b.toMove == 1 {
		near0, near1 = 0, 1
	}
	for _, g := range b.side[0] {
		for _, e := range b.side[1] {
			d := dist(g.c, e.c)
			switch {
			case r.AtLeastFloat(e.n, g.n):
				threat -= float64(g.n * s.decay[d-1+near1])
			case r.AtLeastFloat(g.n, e.n):
				threat += float64(e.n * s.decay[d-1+near0])
			}
		}
	}
	return score + float64(w.Humans*humans) + float64(w.Threat*threat) + float64(w.Cohesion*(largest(b.side[0])-largest(b.side[1])))
}

// largest returns the count of the largest group of gs.
func largest(gs []sgroup) float64 {
	m := 0.0
	for _, g := range gs {
		m = max(m, g.n)
	}
	return m
}

// gatherCost is the moves a side is reckoned to lose by merging groups
// before it takes a prize that none of them can take alone.
const gatherCost = 2

// reach returns the fewest moves in which gs can take the human group h:
// a group at least as large reaching it, or else its nearest groups
// gathering there (the farthest one needed reaching it, plus gatherCost),
// or math.MaxInt when even all of gs could not.
func (s *searcher) reach(gs []sgroup, h sgroup) int {
	best := math.MaxInt
	sum := 0.0
	for _, g := range gs {
		if g.n >= h.n {
			best = min(best, dist(g.c, h.c))
		}
		sum += g.n
	}
	if best < math.MaxInt || sum < h.n {
		return best
	}
	// Gather the nearest groups, nearest first.
	near := s.near[:0]
	for _, g := range gs {
		near = append(near, gathered{dist(g.c, h.c), g.n})
		for i := len(near) - 1; i > 0 && near[i].d < near[i-1].d; i-- {
			near[i], near[i-1] = near[i-1], near[i]
		}
	}
	s.near = near
	sum = 0
	for _, g := range near {
		if sum += g.n; sum >= h.n {
			return g.d + gatherCost
		}
	}
	return best
}

// gathered is a group on its way to a prize: its distance and count.
type gathered struct {
	d int
	n float64
}
