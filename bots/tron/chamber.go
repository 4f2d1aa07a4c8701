package tron

// Chambers: a player cannot use every cell of its region. A path that
// enters a pocket — cells hanging off the rest by one cell, an
// articulation point — cannot come out again, since the way back is the
// cell it came through. So the cells a path can visit are those of the
// chamber it is in, plus those of at most one pocket off it, recursively:
// the chamber tree of a1k0n's Google AI Challenge 2010 bot. A depth-first
// search finds the articulation points (Tarjan's low links) and adds the
// chambers up in one pass over the region.

// frame is a cell on the depth-first search's stack and what its subtree
// adds up to so far.
type frame struct {
	cell    int32
	next    int32    // the neighbour to look at next, into board.step
	low     uint32   // the earliest discovery its subtree reaches back to
	disc    uint32   // when it was discovered
	worth   int32    // worth of its cells in its chamber so far
	colours [2]int32 // its cells in its chamber so far, by colour
	best    int32    // the best pocket off its part of the chamber
}

// chambers values regions by their chamber tree. Its marks are stamped,
// like the territory's, so that a search forgets the last one without
// clearing anything.
type chambers struct {
	disc   []uint32 // per cell, when the search discovered it, from base up
	base   uint32
	frames []frame
}

// resize prepares c for a board of n cells.
func (c *chambers) resize(n int) {
	if len(c.disc) != n {
		c.disc = grow(c.disc, n)
		clear(c.disc)
		c.base = 0
		c.frames = grow(c.frames, n+2)
	}
}

// chamberMode is what a chamber tree adds up.
type chamberMode uint8

const (
	// byWorth adds up the worth of cells (1, plus room for each free
	// neighbour): a territory in open play.
	byWorth chamberMode = iota
	// byMoves adds up the moves a path can make through each chamber, at
	// most as many cells of one colour as of the other plus one: the fill
	// of a sealed region, a final result.
	byMoves
)

// chamberCost is the work of a cell of a chamber search, in cells of a
// territory search: it looks at a cell's neighbours as often, but keeps a
// stack of sums besides, which takes about twice the time. The budget
// counts work, so that it stays a measure of time.
const chamberCost = 2

// usable returns the most a path from root (taken already) can use of
// owner's cells in the last search of t, adding up chambers as mode says,
// and its work: the cells it visited, each worth chamberCost.
func (c *chambers) usable(t *territory, root int32, owner uint8, mode chamberMode) (value int32, work int) {
	if c.base >= 1<<31 {
		clear(c.disc)
		c.base = 0
	}
	disc, frames, state, free := c.disc, c.frames, t.state, t.free
	var step [4]int
	for k, s := range t.b.step {
		step[k] = int(s)
	}
	// A cell is the owner's when the last search reached it (blocked cells
	// own no seat: their owner bits are all set); its free neighbours are
	// the search's count.
	reached, o, room := t.reached, uint32(owner), t.room
	base := c.base
	clock := base + 1
	// The root is discovered first: a cell next to it has a way back, the
	// way the path came, though the root is taken.
	disc[root] = clock
	// The cell at the top of the stack keeps its search state in locals;
	// frames[1:top+1] hold the chambers' sums of the stack's cells, and the
	// search state of those below the top. frames[1] is the root.
	top := 1
	frames[1] = frame{disc: clock}
	cell, next, low := int(root), 0, clock
	for {
		for next < 4 {
			n := cell + step[next&3] // &3 spares a bounds check
			next++
			if d := disc[n]; d > base {
				low = min(low, d) // a way back: n is on the stack or done
				continue
			}
			if w := state[n]; w < reached || w&ownerMask != o {
				continue
			}
			clock++
			disc[n] = clock
			fr := &frames[top]
			fr.cell, fr.next, fr.low = int32(cell), int32(next), low
			top++
			frames[top] = frame{disc: clock}
			cell, next, low = n, 0, clock
		}
		if top == 1 {
			break
		}
		// The cell is done: it joins its chamber, and its chamber either
		// joins its parent's or, cut off by the parent, is a pocket.
		f, p := &frames[top], &frames[top-1]
		f.worth += 1 + room*int32(free[cell])
		f.colours[cell&1]++
		if top == 2 || low >= p.disc {
			var v int32
			if mode == byWorth {
				v = f.worth + f.best
			} else {
				v = fillEstimate(f.colours, p.cell) + f.best
			}
			p.best = max(p.best, v)
		} else {
			p.worth += f.worth
			p.colours[0] += f.colours[0]
			p.colours[1] += f.colours[1]
			p.best = max(p.best, f.best)
		}
		top--
		cell, next, low = int(p.cell), int(p.next), min(p.low, low)
	}
	c.base = clock
	return frames[1].best, chamberCost * int(clock-base)
}
