package tron

import "math"

// Scores of duel positions, from the searching player's side. A won or lost
// game outweighs any territory; among them, a sooner win and a later loss
// are better.
const (
	winScore = 1 << 28
	infinity = winScore + 1
	// decided is the score above which a game is won (below its negation,
	// lost): deepening further cannot change it.
	decided = winScore - 1<<16
	// contempt scores a draw (a head-on collision, or both players stuck)
	// at minus one open cell per contempt cells of the board: worse than an
	// even position, which the stronger player expects to win, but better
	// than a clearly lost one. (Not an argument: it changes no match of the
	// shipped scenarios, so a tuner could not move it.)
	contempt = 64
)

// maxPlies bounds the search depth, two plies (my move, the reply) a turn.
const maxPlies = 2 * maxDepth

// duel searches the moves of two players sharing a region. Moves are
// simultaneous; the search treats the opponent as answering after seeing
// my move (paranoid), which makes it wary of head-on collisions: entering a
// cell the opponent can also enter is a draw at best.
type duel struct {
	b       *board
	terr    *territory
	heads   [2]int32 // 0: me, 1: the opponent, as the search moves them
	seats   [2]int   // the seat of each
	draw    int      // the score of a draw
	work    int      // cells visited so far in this move by territory searches
	budget  int      // the most work an iteration past the first may bring it to
	aborted bool
	killer  [maxPlies]uint8 // per ply, the best move last found there, tried first
	srcs    [2]source

	// sealed (the strong bot's argument) multiplies the fill difference of
	// players who can no longer meet: that difference is the final result,
	// while a territory difference is only a trend, so sealing off a larger
	// region is worth more than owning the same margin in open play.
	sealed int
}

// best returns the index into tron.Dirs of the move to play from the
// current board, searching with iterative deepening up to depth turns. The
// budget bounds the work: the cells the territory searches of the leaves
// visit, so that a move costs about the same on any board and the search
// goes deeper when the region left is small. The first iteration always
// completes; after it, the last complete iteration decides, or a move an
// unfinished iteration proved better than the previous choice.
func (s *duel) best(me, opp int, depth, budget int) uint8 {
	b := s.b
	s.heads = [2]int32{b.heads[me], b.heads[opp]}
	s.seats = [2]int{me, opp}
	s.draw = -s.terr.openCell() * b.width * b.height / contempt
	s.work, s.aborted = 0, false
	s.killer = [maxPlies]uint8{}

	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(s.heads[0], &cand, &dirs)
	if n <= 1 {
		return dirs[0] // the only move, or none: 0 is as good as any
	}
	for d := 1; d <= depth && !s.aborted; d++ {
		s.budget = budget
		if d == 1 {
			s.budget = math.MaxInt
		}
		alpha, iterBest := -infinity, -1
		for k := range n {
			v := s.reply(cand[k], d, alpha, infinity, 0)
			if s.aborted {
				break
			}
			if v > alpha {
				alpha, iterBest = v, k
			}
		}
		if iterBest < 0 {
			break
		}
		// Search the choice first next time: it is likely best again, and
		// an unfinished iteration then still improves on it safely.
		cand[0], cand[iterBest] = cand[iterBest], cand[0]
		dirs[0], dirs[iterBest] = dirs[iterBest], dirs[0]
		if alpha >= decided || alpha <= -decided {
			break
		}
	}
	return dirs[0]
}

// choose is a node where I move: the best of my moves against the reply
// that is worst for me.
func (s *duel) choose(depth, alpha, beta, ply int) int {
	var cand [4]int32
	var dirs [4]uint8
	n := s.b.moves(s.heads[0], &cand, &dirs)
	oppMoves := s.b.freeNeighbours(s.heads[1])
	switch {
	case n == 0 && oppMoves == 0:
		return s.draw
	case n == 0:
		return -winScore + ply
	case oppMoves == 0:
		return winScore - ply
	}
	promote(&cand, &dirs, n, s.killer[ply])
	best, bestDir := -infinity, dirs[0]
	for k := range n {
		v := s.reply(cand[k], depth, alpha, beta, ply)
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestDir = v, dirs[k]
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	s.killer[ply] = bestDir
	return best
}

// reply is a node where the opponent answers my move to cell mine: the
// worst outcome for me among its replies.
func (s *duel) reply(mine int32, depth, alpha, beta, ply int) int {
	var cand [4]int32
	var dirs [4]uint8
	n := s.b.moves(s.heads[1], &cand, &dirs)
	if n == 0 {
		return winScore - ply
	}
	promote(&cand, &dirs, n, s.killer[ply+1])
	best, bestDir := infinity, dirs[0]
	for k := range n {
		var v int
		if cand[k] == mine {
			v = s.draw // both enter the same cell: both are eliminated
		} else {
			v = s.after(mine, cand[k], depth, alpha, beta, ply)
			if s.aborted {
				return 0
			}
		}
		if v < best {
			best, bestDir = v, dirs[k]
		}
		beta = min(beta, v)
		if alpha >= beta {
			break
		}
	}
	s.killer[ply+1] = bestDir
	return best
}

// after plays both moves, scores the position they lead to and takes them
// back.
func (s *duel) after(mine, theirs int32, depth, alpha, beta, ply int) int {
	if s.work >= s.budget {
		s.aborted = true
		return 0
	}
	s.work++
	t, heads := s.terr, s.heads
	t.take(mine, s.seats[0])
	t.take(theirs, s.seats[1])
	s.heads = [2]int32{mine, theirs}
	var v int
	if depth == 1 {
		v = s.evaluate()
	} else {
		v = s.choose(depth-1, alpha, beta, ply+2)
	}
	t.release(mine)
	t.release(theirs)
	s.heads = heads
	return v
}

// evaluate scores a position by territory (see territory.score): mine, the
// cells I reach strictly first, minus the opponent's. Once the players
// cannot meet, it scores the difference of what each can still fill
// instead, a final result rather than a trend.
func (s *duel) evaluate() int {
	t := s.terr
	s.srcs = [2]source{{cell: s.heads[0], seat: 0}, {cell: s.heads[1], seat: 1}}
	s.work += t.run(s.srcs[:])
	if !t.touched {
		mine := fillEstimate(t.colours(0), s.heads[0])
		theirs := fillEstimate(t.colours(1), s.heads[1])
		return s.sealed * t.openCell() * int(mine-theirs)
	}
	return t.score(0) - t.score(1)
}

// near reports whether the territories of the two heads meet within reach
// cells of them. Heads farther apart than that on an empty board are not
// worth a territory search to tell.
func (s *duel) near(me, opp int, reach int) bool {
	s.heads = [2]int32{s.b.heads[me], s.b.heads[opp]}
	if s.b.distance(s.heads[0], s.heads[1]) > 2*reach+1 {
		return false
	}
	s.evaluate()
	return s.terr.touched && int(s.terr.meet) <= reach
}

// promote moves the candidate in direction dir, if there is one, to the
// front so that it is searched first.
func promote(cand *[4]int32, dirs *[4]uint8, n int, dir uint8) {
	for k := 1; k < n; k++ {
		if dirs[k] == dir {
			cand[0], cand[k] = cand[k], cand[0]
			dirs[0], dirs[k] = dirs[k], dirs[0]
			return
		}
	}
}
