package tron

import "github.com/arenasim/arena/engines/tron"

// contested is the owner of a cell that two or more sources reach first at
// the same distance; seats are 0..tron.MaxPlayers-1.
const contested = tron.MaxPlayers

// source is where a territory search starts: a seat's cell and the number
// of turns the seat needs to get there.
type source struct {
	cell  int32
	seat  uint8
	delay uint32
}

// Cell states of a territory search. A state packs the distance at which
// the search reached the cell (offset by the search's base, so that a new
// search forgets the last one without clearing anything) above the 4-bit
// owner. Blocked cells hold the largest value, which no search reaches.
const (
	ownerBits = 4
	ownerMask = 1<<ownerBits - 1
	blocked   = ^uint32(0)
	// maxBase is the largest base before the states are rebuilt, leaving
	// room for the distances of one more search below blocked.
	maxBase = 1 << 27
)

// territory splits the free cells of a board between players: a Voronoi
// partition by breadth-first distance, where a cell belongs to the one seat
// strictly closest to it. It keeps its own copy of which cells are blocked,
// packed with the search marks so that the hot loop reads one array; the
// players that search change the board only through take and release,
// which keep the copy in step.
type territory struct {
	b     *board
	state []uint32
	base  uint32 // states below base<<ownerBits are unreached
	queue []int32
	free  []uint8 // per cell the last search reached, its free neighbours

	// Results of the last search.
	counts  [32]int32            // free cells owned, at 2·owner + colour
	edges   [ownerMask + 1]int32 // per owner, the free neighbours of its cells
	touched bool                 // two different owners met
	meet    uint32               // when touched, the distance at which they first met
	reached uint32               // states from here up were reached by the last search

	room int32 // what a free neighbour of an owned cell adds to its worth (the room argument)
}

// load copies b's blocked cells, sizing the buffers to b.
func (t *territory) load(b *board) {
	t.b = b
	t.state = grow(t.state, len(b.cells))
	t.queue = grow(t.queue, len(b.cells))
	t.free = grow(t.free, len(b.cells))
	for i, c := range b.cells {
		t.state[i] = 0
		if c != open {
			t.state[i] = blocked
		}
	}
	t.base = 0
}

// take marks cell i as taken by seat, on the board and in t.
func (t *territory) take(i int32, seat int) {
	t.b.cells[i] = uint8(seat + 1)
	t.state[i] = blocked
}

// release frees cell i again, on the board and in t.
func (t *territory) release(i int32) {
	t.b.cells[i] = open
	t.state[i] = 0
}

// owned returns how many free cells seat owns.
func (t *territory) owned(seat int) int32 {
	return t.counts[2*seat] + t.counts[2*seat+1]
}

// openCell returns the score of a cell in the open, with four free
// neighbours.
func (t *territory) openCell() int { return int(1 + 4*t.room) }

// score values seat's territory: each cell it owns counts one, plus room
// per free neighbour. With room 1, a cell in the open is worth 5, in a
// corridor 3, a dead end 2: room to move in is worth more than the same
// number of cells strung along a wall, which the player may not be able to
// use up.
func (t *territory) score(seat int) int {
	return int(t.owned(seat) + t.room*t.edges[seat])
}

// colours returns seat's cells by checkerboard colour.
func (t *territory) colours(seat int) [2]int32 {
	return [2]int32{t.counts[2*seat], t.counts[2*seat+1]}
}

// run partitions the free cells reachable from srcs, which must be listed
// by increasing delay, of at most 1, and returns how many cells it visited.
// Source cells are blocked (heads, or cells about to be taken) and count
// for no one.
//
// The search is the program's hot loop, hence its shape: one array read per
// neighbour, the four neighbours unrolled, results in locals.
func (t *territory) run(srcs []source) int {
	if t.base >= maxBase {
		t.load(t.b)
	}
	state, queue, free := t.state, t.queue, t.free
	base := t.base + 1
	unreached := base << ownerBits
	var counts [32]int32
	var edges [ownerMask + 1]int32
	touched, meet := false, uint32(0)
	tail := 0
	// visit looks at neighbour n of a cell of owner o whose neighbours are
	// reached at state next: it claims n, or notes where owners meet. It
	// returns 0 when n is blocked, 1 when n is free, 1+claimed when it
	// claims n: the caller sums a cell's four visits in a register and
	// updates the counts once, sparing the loop chains of increments
	// through memory.
	const claimed = 1 << 4
	visit := func(n int32, next, o uint32) int32 {
		w := state[n]
		if w == blocked {
			return 0
		}
		if w < unreached {
			state[n] = next
			queue[tail] = n
			tail++
			return 1 + claimed
		}
		if w&ownerMask == o {
			return 1
		}
		if !touched {
			touched, meet = true, next>>ownerBits-base
		}
		if w>>ownerBits == next>>ownerBits && w&ownerMask != contested {
			// Reached at the same distance by another owner: nobody's.
			// The cell was counted for its first owner; move it.
			counts[(w&ownerMask<<1|uint32(n&1))&31]--
			counts[(contested<<1|uint32(n&1))&31]++
			state[n] = next&^ownerMask | contested
		}
		return 1
	}
	// tally keeps the free neighbours of cell c of owner o (for the chamber
	// search) and counts them as its owner's edges, and counts the cells c
	// claimed, all of the other colour, from the sum of its visits.
	tally := func(c int32, o uint32, sum int32) {
		n := sum & (claimed - 1)
		free[c] = uint8(n)
		edges[o&ownerMask] += n
		counts[(o<<1|uint32(^c&1))&31] += sum / claimed
	}
	s0, s1, s2, s3 := t.b.step[0], t.b.step[1], t.b.step[2], t.b.step[3]
	// The sources stay blocked: they only reach out to their neighbours,
	// in order, which keeps the queue sorted by distance for the delays of
	// 0 and 1 that the players use.
	for _, s := range srcs {
		c, next, o := s.cell, (base+s.delay+1)<<ownerBits|uint32(s.seat), uint32(s.seat)
		sum := visit(c+s0, next, o) + visit(c+s1, next, o) + visit(c+s2, next, o) + visit(c+s3, next, o)
		tally(c, o, sum)
	}
	last := base
	for head := 0; head < tail; head++ {
		c := queue[head]
		v := state[c]
		o, next := v&ownerMask, v+1<<ownerBits
		sum := visit(c+s0, next, o) + visit(c+s1, next, o) + visit(c+s2, next, o) + visit(c+s3, next, o)
		tally(c, o, sum)
		last = next >> ownerBits
	}
	t.base = max(last, base+srcs[len(srcs)-1].delay)
	t.counts, t.edges, t.touched, t.meet, t.reached = counts, edges, touched, meet, unreached
	return tail
}

// fillEstimate bounds the number of moves a player can make in a region
// entered from a cell of colour from: a path alternates colours, so it
// cannot take more cells of one colour than one more than the other.
func fillEstimate(colours [2]int32, from int32) int32 {
	first, second := colours[1-(from&1)], colours[from&1]
	if first > second {
		return 2*second + 1
	}
	return 2 * first
}
