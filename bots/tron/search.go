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
	// than a clearly lost one. At 64 strong drew 8 of 100 20×20 duels
	// against the previous strong, mostly seeds it won from the other seat;
	// at 16 it draws 1 or 2 and wins them: 79 / 1 / 20 rather than 73 / 8 /
	// 19 (seed 1), 83 / 2 / 15 rather than 77 / 8 / 15 (seed 7), the
	// losses within one, and 40 / 2 / 18 rather than 40 / 1 / 19 on 40×40
	// (at work=12000, 2026-11-27). Not an argument: draws are rare on the
	// standard 100×100 board, where a tuner plays.
	contempt = 16
)

// maxPlies bounds the search depth, two plies (my move, the reply) a turn.
const maxPlies = 2 * maxDepth

// duel searches the moves of two players sharing a region: alpha-beta with
// iterative deepening under a budget of work, principal variation search,
// moves ordered by a transposition table and killers, and the table's
// scores sparing the search of positions met again (the next iteration's
// first turns, a re-search, the last move's search one turn on). Moves are
// simultaneous; the search treats the opponent as answering after seeing
// my move (paranoid, as a1k0n's winning Google AI Challenge bot did), which
// makes it wary of head-on collisions: entering a cell the opponent can
// also enter is a draw at best. The evaluation is the evaluator's.
type duel struct {
	b     *board
	eval  *evaluator
	z     zobrist
	tt    transpositions
	heads [2]int32 // 0: me, 1: the opponent, as the search moves them
	taken uint64   // the zobrist key of the taken cells

	draw int // the score of a draw
	work int // cells visited so far in this move by evaluations
	// open counts the lines of the iteration under way that ended in open
	// play at its horizon (an evaluation, or a score of the table's that
	// rests on one): none, and the iteration saw every line to its end (a
	// win, a loss, a draw or players sealed off from each other), so that
	// a deeper one would find the same.
	open    int
	budget  int // the most work an iteration past the first may bring it to
	aborted bool
	killer  [maxPlies]uint8 // per ply, the best move last found there, tried early

	depth int // the deepest iteration completed in the last move, for tests and tuning

	// swindle (the strong bot's argument) is how far behind, in territory
	// units, a duel search's value must be for the search to predict the
	// opponent's move rather than fear every one (see answerPredicted); 0
	// never does.
	swindle int
	// reduce (the strong bot's argument) is the depth, in turns, from
	// which a node's moves after the first are searched one turn shallower
	// first, with a null window, and again at full depth only when that
	// shows them better than the best so far (late move reductions); 0
	// never does.
	reduce int
	// behind reports that the last duel search ended swindle or more
	// behind: the next one keeps a quarter of its budget for the
	// prediction.
	behind bool
}

// reset forgets what the search learnt in the last match.
func (s *duel) reset() {
	s.tt.reset()
	s.behind = false
}

// best returns the index into tron.Dirs of the move to play from the
// current board, searching with iterative deepening up to depth turns. The
// budget bounds the work: the cells the evaluations of the leaves visit,
// so that a move costs about the same on any board and the search goes
// deeper when the region left is small. The first iteration always
// completes; after it, the last complete iteration decides, or a move an
// unfinished iteration proved better than the previous choice.
//
// Other players sharing the region (others, their heads) make a crowd:
// they stand still in the search, taking their share of the territory, and
// a move next to one of their heads counts as a collision, since they may
// enter the same cell. A collision eliminates me, which in a crowd is
// worse than a draw in a duel: others play on.
func (s *duel) best(me, opp int, others []int32, depth, budget int) uint8 {
	b := s.b
	s.z.resize(len(b.cells))
	s.heads = [2]int32{b.heads[me], b.heads[opp]}
	s.eval.stand(others)
	s.draw = -s.eval.terr.openCell() * b.width * b.height / contempt
	if len(others) > 0 {
		s.draw = -winScore / 2
	}
	s.work, s.aborted, s.depth = 0, false, 0
	s.killer = [maxPlies]uint8{}
	s.taken = 0
	for i, c := range b.cells {
		if c != open && c != wall {
			s.taken ^= s.z.cell(int32(i))
		}
	}

	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(s.heads[0], &cand, &dirs)
	if n <= 1 {
		return dirs[0] // the only move, or none: 0 is as good as any
	}
	key := s.key()
	if dir, ok := s.tt.best(key); ok {
		promote(&cand, &dirs, n, dir)
	}
	value := 0 // the value of the deepest iteration completed
	deepen, reserved := budget, s.behind && len(others) == 0
	if reserved {
		deepen = budget * 3 / 4 // the rest for answerPredicted, which will likely run
	}
	for d := 1; d <= depth && !s.aborted; d++ {
		s.budget = deepen
		if d == 1 {
			s.budget = math.MaxInt
		}
		s.open = 0
		alpha, iterBest, lost := -infinity, -1, 0
		for k := range n {
			v := s.pvsReply(key, cand[k], d, alpha, infinity, 0, k == 0)
			if s.aborted {
				break
			}
			if nextToAny(b, cand[k], others) {
				v = min(v, s.draw)
			}
			if v <= -decided {
				lost++ // at most v, whether or not it is the first
			}
			if v > alpha {
				alpha, iterBest = v, k
			}
		}
		if iterBest < 0 {
			break
		}
		if !s.aborted {
			s.depth = d
		}
		// Search the choice first next time: it is likely best again, and
		// an unfinished iteration then still improves on it safely.
		cand[0], cand[iterBest] = cand[iterBest], cand[0]
		dirs[0], dirs[iterBest] = dirs[iterBest], dirs[0]
		s.tt.store(key, dirs[0], 0, 0, 0, noScore, false)
		if !s.aborted {
			value = alpha
		}
		if s.settled(alpha, lost, n) {
			break
		}
	}
	s.behind = s.swindle > 0 && len(others) == 0 && value > -decided && value <= -s.swindle
	if s.behind {
		return s.answerPredicted(&cand, &dirs, n, value, budget, reserved)
	}
	return dirs[0]
}

// settled reports whether the iteration just completed, of value alpha,
// settled the move, so that no deeper one is needed: the game is won or
// lost whatever happens; or every move but one loses (lost of the n), and
// that one is forced; or the iteration saw every line to its end (see
// duel.open).
func (s *duel) settled(alpha, lost, n int) bool {
	switch {
	case alpha >= decided || alpha <= -decided:
		return true
	case s.aborted:
		return false
	}
	return lost == n-1 || s.open == 0
}

// apart returns the index into tron.Dirs of my move while the opponent's
// territory meets mine only far from our heads (see near): the move whose
// territory scores best with the opponent standing where it is, one
// evaluation a move. That far apart, no reply of the opponent's changes
// which of my moves claims the most, and a search of them would spend its
// budget where nothing is decided yet. Others stand still, as in best.
func (s *duel) apart(me, opp int, others []int32) uint8 {
	b := s.b
	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(b.heads[me], &cand, &dirs)
	if n <= 1 {
		return dirs[0] // the only move, or none: 0 is as good as any
	}
	s.eval.stand(others)
	s.work = 0
	t, theirs := s.eval.terr, b.heads[opp]
	best, arg := -infinity, 0
	for k := range n {
		t.take(cand[k], 0)
		// Fail-soft in the window best..infinity: a move no better than
		// the best so far may be scored by a bound, at most best.
		v, work, _ := s.eval.duel(cand[k], theirs, best, infinity)
		t.release(cand[k])
		s.work += work
		if v > best {
			best, arg = v, k
		}
	}
	return dirs[arg]
}

// answerPredicted picks my move in a duel the search values at value, far
// behind: against an opponent who answers whatever I play, every move
// loses, so it plays the best answer to the move the opponent is likely to
// make instead. Moves are simultaneous, and the opponent does not see
// mine: a cautious opponent (a search like this one) plays the move whose
// worst outcome for it is best, assuming I answer it. So the positions
// after pairs of moves are searched one turn shallower than the last
// iteration (bestAnswer says which, and with what windows); the move
// predicted is the one that leaves my best answer the least, and my answer
// to it is played when it does better than value and no other move of the
// opponent then wins outright within the search's horizon. The searches
// take up to the budget when the iterative deepening kept a quarter of it
// (reserved), else up to a quarter more. Out of budget, or with nothing
// better, the search's own choice stands.
func (s *duel) answerPredicted(cand *[4]int32, dirs *[4]uint8, n, value, budget int, reserved bool) uint8 {
	var theirs [4]int32
	var theirDirs [4]uint8
	m := s.b.moves(s.heads[1], &theirs, &theirDirs)
	if m < 2 {
		return dirs[0]
	}
	s.aborted = false
	s.budget = s.work + budget/4
	if reserved {
		s.budget = max(s.work, budget)
	}
	depth := max(1, s.depth-1)
	outcome := func(i, j, alpha, beta int) (int, bool) {
		if cand[i] == theirs[j] {
			return s.draw, true
		}
		v := s.after(cand[i], theirs[j], depth, alpha, beta, 0)
		return v, !s.aborted
	}
	if k, ok := bestAnswer(n, m, value, outcome); ok {
		return dirs[k]
	}
	return dirs[0]
}

// bestAnswer reads the outcomes of my n moves against the opponent's m:
// outcome(i, j, alpha, beta) scores my move i against their move j,
// fail-soft within the window alpha..beta, and reports false when it ran
// out of budget. It predicts the opponent's move as the one whose best
// answer is least (the first of equals) and returns my best answer to it
// (the first of equals), if that scores above value and no move of the
// opponent then wins outright.
//
// It is the minimax of a turn where the opponent moves first and I
// answer, searched with alpha-beta: a move of theirs is dropped as soon as
// one answer to it reaches the least best answer so far, a later answer
// of mine is first only proved no better with a null window, and the
// outright wins are looked for with a null window at −decided. So few of
// the n·m outcomes are searched in full.
func bestAnswer(n, m, value int, outcome func(i, j, alpha, beta int) (int, bool)) (int, bool) {
	predicted, least, answer := -1, infinity, 0
	for j := range m {
		best, arg := -infinity, 0
		for i := range n {
			beta := least
			if i > 0 {
				beta = best + 1 // first proved better with a null window
			}
			v, ok := outcome(i, j, best, beta)
			if i > 0 && ok && v > best {
				v, ok = outcome(i, j, best, least) // better: now by how much
			}
			if !ok {
				return 0, false
			}
			if v > best {
				best, arg = v, i
			}
			if best >= least {
				break // no better prediction than one already made
			}
		}
		if best < least {
			predicted, least, answer = j, best, arg
		}
	}
	if least <= value {
		return 0, false
	}
	for j := range m {
		if j == predicted {
			continue
		}
		v, ok := outcome(answer, j, -decided, -decided+1)
		if !ok || v <= -decided {
			return 0, false
		}
	}
	return answer, true
}

// key returns the zobrist key of the position: the taken cells and the
// heads.
func (s *duel) key() uint64 {
	return s.taken ^ s.z.head(0, s.heads[0]) ^ s.z.head(1, s.heads[1])
}

// pvsReply searches my move to cell mine from the position of key: in
// full when it is the first move, else first with a null window, to prove
// it no better than alpha, and again in full only when it is.
func (s *duel) pvsReply(key uint64, mine int32, depth, alpha, beta, ply int, first bool) int {
	if first {
		return s.reply(key, mine, depth, alpha, beta, ply)
	}
	v := s.reply(key, mine, depth, alpha, alpha+1, ply)
	if v > alpha && v < beta && !s.aborted {
		v = s.reply(key, mine, depth, alpha, beta, ply)
	}
	return v
}

// choose is a node where I move: the best of my moves against the reply
// that is worst for me.
func (s *duel) choose(depth, alpha, beta, ply int) int {
	var cand [4]int32
	var dirs [4]uint8
	n := s.b.moves(s.heads[0], &cand, &dirs) // not 0: see over
	key := s.key()
	if v, ok := s.known(key, depth, alpha, beta, ply); ok {
		return v
	}
	s.order(key, &cand, &dirs, n, ply)
	best, bestDir, alpha0, open := -infinity, dirs[0], alpha, s.open
	for k := range n {
		var v int
		if k > 0 && s.reduced(depth) {
			v = s.reply(key, cand[k], depth-1, alpha, alpha+1, ply)
			if v > alpha && !s.aborted {
				v = s.pvsReply(key, cand[k], depth, alpha, beta, ply, false)
			}
		} else {
			v = s.pvsReply(key, cand[k], depth, alpha, beta, ply, k == 0)
		}
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
	s.tt.store(key, bestDir, best, depth, ply, boundOf(best, alpha0, beta), s.open == open)
	return best
}

// reply is a node where the opponent answers my move to cell mine from the
// position of key: the worst outcome for me among its replies.
func (s *duel) reply(key uint64, mine int32, depth, alpha, beta, ply int) int {
	var cand [4]int32
	var dirs [4]uint8
	n := s.b.moves(s.heads[1], &cand, &dirs)
	if n == 0 {
		return winScore - ply
	}
	key ^= s.z.pending(mine)
	if v, ok := s.known(key, depth, alpha, beta, ply+1); ok {
		return v
	}
	s.order(key, &cand, &dirs, n, ply+1)
	best, bestDir, beta0, open := infinity, dirs[0], beta, s.open
	for k := range n {
		var v int
		switch {
		case cand[k] == mine:
			v = s.draw // both enter the same cell: both are eliminated
		case k > 0 && s.reduced(depth):
			v = s.after(mine, cand[k], depth-1, beta-1, beta, ply)
			if v < beta && !s.aborted {
				v = s.afterPVS(mine, cand[k], depth, alpha, beta, ply)
			}
		case k == 0:
			v = s.after(mine, cand[k], depth, alpha, beta, ply)
		default:
			v = s.afterPVS(mine, cand[k], depth, alpha, beta, ply)
		}
		if s.aborted {
			return 0
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
	s.tt.store(key, bestDir, best, depth, ply+1, boundOf(best, alpha, beta0), s.open == open)
	return best
}

// afterPVS searches the opponent's reply to cell theirs, after the first:
// first with a null window, to prove it no better for the opponent than
// beta, and again in full only when it is.
func (s *duel) afterPVS(mine, theirs int32, depth, alpha, beta, ply int) int {
	v := s.after(mine, theirs, depth, beta-1, beta, ply)
	if v < beta && v > alpha && !s.aborted {
		v = s.after(mine, theirs, depth, alpha, beta, ply)
	}
	return v
}

// reduced reports whether the moves after the first of a node depth turns
// from the horizon are searched one turn shallower first (see
// duel.reduce). A node one turn from the horizon has no shallower search:
// reduce=1 reduces as 2 does.
func (s *duel) reduced(depth int) bool {
	return s.reduce > 0 && depth >= max(s.reduce, 2)
}

// known returns the table's score of key's position, as transpositions.score
// does, counting it as a line that ended in open play unless it is final.
func (s *duel) known(key uint64, depth, alpha, beta, ply int) (int, bool) {
	v, final, ok := s.tt.score(key, depth, alpha, beta, ply)
	if ok && !final {
		s.open++
	}
	return v, ok
}

// boundOf says what a score best, searched in the window alpha..beta with
// fail-soft alpha-beta, tells of the position's value.
func boundOf(best, alpha, beta int) bound {
	switch {
	case best <= alpha:
		return upper
	case best >= beta:
		return lower
	}
	return exact
}

// order puts the move the table remembers for key first, else the ply's
// killer.
func (s *duel) order(key uint64, cand *[4]int32, dirs *[4]uint8, n, ply int) {
	if dir, ok := s.tt.best(key); ok {
		promote(cand, dirs, n, dir)
		return
	}
	promote(cand, dirs, n, s.killer[ply])
}

// after plays both moves, scores the position they lead to and takes them
// back.
func (s *duel) after(mine, theirs int32, depth, alpha, beta, ply int) int {
	if s.work >= s.budget {
		s.aborted = true
		return 0
	}
	t, heads, taken := s.eval.terr, s.heads, s.taken
	t.take(mine, 0)
	t.take(theirs, 1)
	s.heads = [2]int32{mine, theirs}
	s.taken ^= s.z.cell(mine) ^ s.z.cell(theirs)
	var v int
	if end, over := s.over(ply + 2); over {
		v = end
	} else if depth == 1 {
		var work int
		var sealed bool
		v, work, sealed = s.eval.duel(mine, theirs, alpha, beta)
		s.work += work
		if sealed {
			// A final score: the table keeps it for the deeper
			// iterations, which then stop here too.
			s.tt.store(s.key(), 0, v, 0, ply+2, exact, true)
		} else {
			s.open++
		}
	} else {
		v = s.choose(depth-1, alpha, beta, ply+2)
	}
	t.release(mine)
	t.release(theirs)
	s.heads, s.taken = heads, taken
	return v
}

// over scores the position at ply when the game ends in it: a player
// with no free neighbour is eliminated in the next turn, and the other
// wins, or both do and draw. A search of any depth scores it so.
func (s *duel) over(ply int) (int, bool) {
	mine, theirs := s.b.freeNeighbours(s.heads[0]), s.b.freeNeighbours(s.heads[1])
	switch {
	case mine == 0 && theirs == 0:
		return s.draw, true
	case mine == 0:
		return -winScore + ply, true
	case theirs == 0:
		return winScore - ply, true
	}
	return 0, false
}

// near reports whether the territories of the two heads meet within reach
// cells of them. Heads farther apart than that on an empty board are not
// worth a territory search to tell.
func (s *duel) near(me, opp int, reach int) bool {
	h0, h1 := s.b.heads[me], s.b.heads[opp]
	if s.b.distance(h0, h1) > 2*reach+1 {
		return false
	}
	t := s.eval.terr
	s.eval.srcs[0], s.eval.srcs[1] = source{cell: h0, seat: 0}, source{cell: h1, seat: 1}
	t.run(s.eval.srcs[:2])
	return t.touched && int(t.meet) <= reach
}

// nextToAny reports whether cell t is next to any of the heads.
func nextToAny(b *board, t int32, heads []int32) bool {
	for _, h := range heads {
		if b.adjacent(t, h) {
			return true
		}
	}
	return false
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
