package tron

import "github.com/arenasim/arena/engines/tron"

// evaluator scores the positions of a duel search, kept apart from the
// search (which only orders and prunes) so that its weights, every one an
// argument of the strong bot, can be tuned on their own.
type evaluator struct {
	terr *territory
	ch   chambers
	// srcs are the territory search's sources: the two searched players
	// first, then the heads of the other players sharing the region, who
	// stand still in the search (a crowd, see duel.best).
	srcs  [tron.MaxPlayers]source
	nSrcs int

	// sealed (the strong bot's argument) multiplies the fill difference of
	// players who can no longer meet: that difference is the final result,
	// while a territory difference is only a trend, so sealing off a larger
	// region is worth more than owning the same margin in open play.
	sealed int

	// spare (the strong bot's argument), in eighths, is the worth of a
	// territory's cells that no one path through its chambers can use: in
	// open play the chambers still change shape, so such cells may yet be
	// worth something.
	spare int

	// chambers (the strong bot's argument) is the largest region, in free
	// cells, whose territories are counted through their chamber trees in
	// open play; a larger one counts every cell, as with spare at 8.
	chambers int
}

// duel scores the position with the searching player's head at mine and
// the opponent's at theirs, from the searching player's side, and returns
// the cells it visited to do so, and whether the players are sealed off
// from each other (the score is then exact, and final).
//
// In open play the score is the difference of the two territories (the
// cells each player reaches strictly first, a Voronoi partition), each
// counted as far as one path can use it: the cells of the chamber the
// player is in and of the best pocket off it (see chambers), every cell
// worth 1 plus room for each free neighbour; in a region of more than
// chambers cells, each territory counts whole. Once the players cannot meet,
// it is the difference of the moves each can still make, a final result
// rather than a trend, weighted by sealed. In a crowd, the other players
// take their share of the territory, and the two searched players, who
// may still meet the others, are never sealed off from the game.
//
// The search only needs to know whether a score is above the window
// alpha..beta or below it, and the score of open play is a bound as soon
// as one territory's chamber tree is known: a territory is worth at most
// its whole. So the tree of the other territory is searched only when that
// bound falls inside the window, and the bound is returned otherwise, as
// fail-soft alpha-beta allows: a score at or above beta that is at most
// the true one, or one at or below alpha that is at least the true one.
// In the search's null windows that spares one of the two trees at almost
// every leaf.
func (e *evaluator) duel(mine, theirs int32, alpha, beta int) (score, work int, sealed bool) {
	t := e.terr
	e.srcs[0], e.srcs[1] = source{cell: mine, seat: 0}, source{cell: theirs, seat: 1}
	work = t.run(e.srcs[:e.nSrcs])
	sealed = !t.touched && e.nSrcs == 2
	if !sealed && (e.spare >= 8 || work > e.chambers) {
		// Every cell counts whole: in a large open region the chambers
		// change shape with every move, and the time the tree would take
		// buys a deeper search instead.
		return t.score(0) - t.score(1), work, false
	}
	var mv, tv int32
	if sealed {
		mv, work = e.usable(mine, 0, byMoves, work)
		tv, work = e.usable(theirs, 1, byMoves, work)
		return e.sealed * t.openCell() * int(mv-tv), work, true
	}
	// Whole, the territories are worth s0 and s1. Search first the tree
	// that can settle the score on its own: mine when the whole
	// territories would score above alpha, so that mine usable against
	// theirs whole might still reach beta; else theirs, so that mine whole
	// against theirs usable might still stay at or below alpha.
	s0, s1 := int32(t.score(0)), int32(t.score(1))
	if e.open(s0, s1, s0, s1) > alpha {
		mv, work = e.usable(mine, 0, byWorth, work)
		if v := e.open(mv, s1, s0, s1); v >= beta {
			return v, work, false
		}
		tv, work = e.usable(theirs, 1, byWorth, work)
	} else {
		tv, work = e.usable(theirs, 1, byWorth, work)
		if v := e.open(s0, tv, s0, s1); v <= alpha {
			return v, work, false
		}
		mv, work = e.usable(mine, 0, byWorth, work)
	}
	return e.open(mv, tv, s0, s1), work, false
}

// usable values owner's territory, whose head is at root, through its
// chamber tree as mode says, and adds the search's work to work.
func (e *evaluator) usable(root int32, owner uint8, mode chamberMode, work int) (int32, int) {
	v, w := e.ch.usable(e.terr, root, owner, mode)
	return v, work + w
}

// open scores open play: mv and tv of territories worth s0 and s1 can be
// used by a path, and the cells no path can use keep spare eighths of
// their worth. The score grows with mv and falls with tv (spare is below 8
// here: the truncated eighths never make up for a whole unit), which
// makes s1 for tv, or s0 for mv, give a bound.
func (e *evaluator) open(mv, tv, s0, s1 int32) int {
	spare := (s0 - mv) - (s1 - tv)
	return int(mv-tv) + e.spare*int(spare)/8
}

// stand sets the heads of the players other than the two searched who
// share their region: they stand still in the search.
func (e *evaluator) stand(others []int32) {
	e.nSrcs = 2
	for _, h := range others {
		e.srcs[e.nSrcs] = source{cell: h, seat: uint8(e.nSrcs)}
		e.nSrcs++
	}
}
