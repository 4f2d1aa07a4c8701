package tron

import "github.com/arenasim/arena/engines/tron"

// chamberCost is the work of a cell of a chamber search, in cells of a
// territory search: it looks at a cell's neighbours as often, but keeps a
// stack of sums besides, which takes about twice the time. The budget
// counts work, so that it stays a measure of time.
const chamberCost = 2

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
// the cells it visited to do so.
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
func (e *evaluator) duel(mine, theirs int32) (score, work int) {
	t := e.terr
	e.srcs[0], e.srcs[1] = source{cell: mine, seat: 0}, source{cell: theirs, seat: 1}
	work = t.run(e.srcs[:e.nSrcs])
	sealed := !t.touched && e.nSrcs == 2
	if !sealed && (e.spare >= 8 || work > e.chambers) {
		// Every cell counts whole: in a large open region the chambers
		// change shape with every move, and the time the tree would take
		// buys a deeper search instead.
		return t.score(0) - t.score(1), work
	}
	mode := byWorth
	if sealed {
		mode = byMoves
	}
	mv, w0 := e.ch.usable(t, mine, 0, mode)
	tv, w1 := e.ch.usable(t, theirs, 1, mode)
	work += chamberCost * (w0 + w1)
	if sealed {
		return e.sealed * t.openCell() * int(mv-tv), work
	}
	spare := (t.score(0) - int(mv)) - (t.score(1) - int(tv))
	return int(mv-tv) + e.spare*spare/8, work
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
