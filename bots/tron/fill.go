package tron

// ringOrder lists the eight cells around a cell, clockwise from the one
// above it: orthogonal neighbours at even positions, diagonals at odd ones.
var ringOrder = [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// ringComponents maps the free cells around a cell (bit k set when ring
// cell k of ringOrder is free) to the number of groups its free orthogonal
// neighbours form when the cell itself is taken: two of them stay together
// when the diagonal between them is free. One group means taking the cell
// cannot cut the free space apart; more than one means it may.
var ringComponents = buildRingComponents()

func buildRingComponents() (table [256]uint8) {
	for mask := range 256 {
		freeCell := func(k int) bool { return mask&(1<<(k%8)) != 0 }
		orth, links := 0, 0
		for k := 0; k < 8; k += 2 {
			if !freeCell(k) {
				continue
			}
			orth++
			if freeCell(k+1) && freeCell(k+2) {
				links++
			}
		}
		groups := orth - links
		if orth > 0 && groups == 0 {
			groups = 1 // all four neighbours and diagonals free: one ring
		}
		table[mask] = uint8(groups)
	}
	return table
}

// filler plays a player walled off from every opponent: it walks its own
// region so as to visit as many of its cells as it can.
type filler struct {
	seen  []uint32 // stamp of the flood that reached each cell
	stamp uint32
	stack []int32
	ring  [8]int32 // index offset of each ring cell, in ringOrder

	// The bounds of the moves left come from the chamber tree of the
	// region (see chambers), searched through the strong player's
	// territory and chambers: the filler marks the cells it tries through
	// terr, which keeps the board in step.
	terr *territory
	ch   *chambers
	srcs [1]source

	// budget is the work the endgame search may do in a move, in cells
	// visited (fillShare times the duel search's); work is what it did so
	// far.
	budget, work int
	aborted      bool // out of work: finish the path at hand
}

// resize prepares f for b's geometry.
func (f *filler) resize(b *board) {
	if len(f.seen) != len(b.cells) {
		f.seen = grow(f.seen, len(b.cells))
		clear(f.seen)
		f.stamp = 0
		f.stack = grow(f.stack, len(b.cells))
	}
	for k, d := range ringOrder {
		f.ring[k] = int32(d[1]*b.stride + d[0])
	}
}

// groups returns ringComponents for cell i of b.
func (f *filler) groups(b *board, i int32) uint8 {
	mask := 0
	for k, off := range f.ring {
		if b.cells[i+off] == open {
			mask |= 1 << k
		}
	}
	return ringComponents[mask]
}

// move returns the index into tron.Dirs of the move that leaves the most
// cells to visit from head; with no free neighbour it returns 0 (the player
// is lost whatever it does). A small region is searched for its longest
// path; a large one is walked by rules of thumb: the move whose chamber
// tree leaves the most moves, and among equals one that keeps the region
// whole and hugs the walls (see weighPieces).
func (f *filler) move(b *board, head int32) uint8 {
	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(head, &cand, &dirs)
	switch n {
	case 0:
		return 0
	case 1:
		return dirs[0]
	}
	f.terr.load(b)
	if f.regionAtMost(b, head, endgameCells) <= endgameCells {
		return dirs[f.longestPath(head, cand[:n])]
	}
	return dirs[f.weighPieces(b, cand[:n])]
}

// endgameCells is the limit of the exact endgame: regions of at most so
// many cells are searched for their longest path, under the budget of work
// (each position costs a flood of what is left and its chamber tree).
// Small regions are where a lost cell decides a close game, and where
// searching is cheap.
const endgameCells = 64

// regionAtMost counts the free cells reachable from head, stopping once
// the count passes limit.
func (f *filler) regionAtMost(b *board, head int32, limit int) int {
	f.nextStamp()
	stack, seen, stamp, cells := f.stack, f.seen, f.stamp, b.cells
	top, count := 0, 0
	push := func(n int32) {
		if cells[n] == open && seen[n] != stamp {
			seen[n] = stamp
			stack[top] = n
			top++
			count++
		}
	}
	for _, s := range b.step {
		push(head + s)
	}
	for top > 0 && count <= limit {
		top--
		c := stack[top]
		for _, s := range b.step {
			push(c + s)
		}
	}
	return count
}

// longestPath searches the moves from head for the longest path through
// the free cells, depth first, the snuggest moves first, and returns the
// index into cand of the first move of the longest path found. Out of
// work, it finishes the path it is on and keeps the best found so far.
func (f *filler) longestPath(head int32, cand []int32) (best int) {
	f.work, f.aborted = 0, false
	b := f.terr.b
	bound := f.bound(head)
	bestLen := int32(-1)
	var order [4]int
	for _, k := range snuggestFirst(b, cand, &order) {
		t := cand[k]
		f.terr.take(t, 0)
		n := 1 + f.longest(t)
		f.terr.release(t)
		if n > bestLen {
			best, bestLen = k, n
		}
		if f.aborted || bestLen >= bound {
			break
		}
	}
	return best
}

// longest returns the number of moves of the longest path from head (taken
// already) through the free cells; once out of work, of the first path it
// finds.
func (f *filler) longest(head int32) int32 {
	if f.work >= f.budget {
		f.aborted = true
	}
	bound := f.bound(head)
	if bound == 0 {
		return 0
	}
	b := f.terr.b
	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(head, &cand, &dirs)
	best := int32(0)
	var order [4]int
	for _, k := range snuggestFirst(b, cand[:n], &order) {
		t := cand[k]
		f.terr.take(t, 0)
		best = max(best, 1+f.longest(t))
		f.terr.release(t)
		if f.aborted || best >= bound {
			break
		}
	}
	return best
}

// bound bounds the moves a player at head (taken already) can still make:
// the chamber tree's count of its region (see chambers).
func (f *filler) bound(head int32) int32 {
	f.srcs[0] = source{cell: head}
	f.work += f.terr.run(f.srcs[:])
	v, work := f.ch.usable(f.terr, head, 0, byMoves)
	f.work += work
	return v
}

// snuggestFirst writes into order the order in which to try the cells of
// cand: by increasing number of free neighbours, ties in the order given.
func snuggestFirst(b *board, cand []int32, order *[4]int) []int {
	var snug [4]int
	for k, t := range cand {
		order[k], snug[k] = k, b.freeNeighbours(t)
		for j := k; j > 0 && snug[order[j]] < snug[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order[:len(cand)]
}

// weighPieces values each candidate by the moves its chamber tree leaves
// (see bound) and returns the best one; among equals, one whose taking
// keeps the free cells around it in one piece (as far as its eight
// surrounding cells tell: groups), then the snuggest, to hug walls and
// trails and leave no pockets behind. The tree sees the whole region, so
// that the fill does not walk into a cell where every move cuts the region
// in two: one move before, the move that leads there leaves fewer moves.
// (Walking by the ring test alone, the fill once cut 1,322 cells of a
// 2,664-cell region of the 100×100 board off itself, and lost the game.)
func (f *filler) weighPieces(b *board, cand []int32) int {
	best, bestValue, bestWhole, bestSnug := 0, int32(-1), false, 5
	for k, t := range cand {
		f.terr.take(t, 0)
		value := f.bound(t)
		f.terr.release(t)
		whole, snug := f.groups(b, t) == 1, b.freeNeighbours(t)
		better := value > bestValue
		if value == bestValue {
			better = whole && !bestWhole || whole == bestWhole && snug < bestSnug
		}
		if better {
			best, bestValue, bestWhole, bestSnug = k, value, whole, snug
		}
	}
	return best
}

// nextStamp starts a new flood generation.
func (f *filler) nextStamp() {
	if f.stamp == ^uint32(0) {
		clear(f.seen)
		f.stamp = 0
	}
	f.stamp++
}

// flood marks the free cells connected to start with the current stamp
// and returns how many there are.
func (f *filler) flood(b *board, start int32) int {
	stack, seen, stamp, cells := f.stack, f.seen, f.stamp, b.cells
	seen[start] = stamp
	stack[0] = start
	top, count := 1, 1
	for top > 0 {
		top--
		c := stack[top]
		for _, s := range b.step {
			if n := c + s; cells[n] == open && seen[n] != stamp {
				seen[n] = stamp
				stack[top] = n
				top++
				count++
			}
		}
	}
	return count
}

// region floods the free cells reachable from head, so that reaches can
// tell which other heads share them, and returns how many there are.
func (f *filler) region(b *board, head int32) int {
	f.nextStamp()
	count := 0
	for _, s := range b.step {
		if n := head + s; b.cells[n] == open && f.seen[n] != f.stamp {
			count += f.flood(b, n)
		}
	}
	return count
}

// reaches reports whether a player at cell head can step into the region
// of the last call to region.
func (f *filler) reaches(b *board, head int32) bool {
	for _, s := range b.step {
		if n := head + s; b.cells[n] == open && f.seen[n] == f.stamp {
			return true
		}
	}
	return false
}
