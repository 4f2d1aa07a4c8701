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
// is lost whatever it does).
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
	if k, ok := f.keepWhole(b, head, cand[:n]); ok {
		return dirs[k]
	}
	return dirs[f.weighPieces(b, cand[:n])]
}

// keepWhole is the fast path that most turns take. When the free neighbours
// of the head hang together around it, and one of them can be taken without
// cutting the free space apart (as far as its eight surrounding cells tell),
// every such move keeps the whole region: none is worse than a move that
// cuts, so it picks among them the snuggest, to hug walls and trails and
// leave no pockets behind. ok is false when the ring test proves nothing.
func (f *filler) keepWhole(b *board, head int32, cand []int32) (best int, ok bool) {
	if f.groups(b, head) != 1 {
		return 0, false
	}
	bestSnug := 5
	for k, t := range cand {
		if f.groups(b, t) != 1 {
			continue
		}
		if snug := b.freeNeighbours(t); snug < bestSnug {
			best, bestSnug, ok = k, snug, true
		}
	}
	return best, ok
}

// weighPieces values each candidate by the largest piece of free space it
// can still enter once taken, by flooding, and returns the best one (the
// snuggest among equals).
func (f *filler) weighPieces(b *board, cand []int32) int {
	best, bestValue, bestSnug := 0, int32(-1), 5
	for k, t := range cand {
		value, snug := f.bestPiece(b, t), b.freeNeighbours(t)
		if value > bestValue || value == bestValue && snug < bestSnug {
			best, bestValue, bestSnug = k, value, snug
		}
	}
	return best
}

// bestPiece returns how many moves a player entering free cell t can still
// make at most: the best fill estimate among the pieces of free space next
// to t once t is taken.
func (f *filler) bestPiece(b *board, t int32) int32 {
	b.cells[t] = wall
	f.nextStamp()
	var best int32
	for _, s := range b.step {
		n := t + s
		if b.cells[n] != open || f.seen[n] == f.stamp {
			continue
		}
		best = max(best, fillEstimate(f.flood(b, n), t))
	}
	b.cells[t] = open
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

// flood marks the free cells connected to start with the current stamp and
// counts them by colour.
func (f *filler) flood(b *board, start int32) (colours [2]int32) {
	stack, seen, stamp, cells := f.stack, f.seen, f.stamp, b.cells
	seen[start] = stamp
	stack[0] = start
	top := 1
	for top > 0 {
		top--
		c := stack[top]
		colours[c&1]++
		for _, s := range b.step {
			n := c + s
			if cells[n] == open && seen[n] != stamp {
				seen[n] = stamp
				stack[top] = n
				top++
			}
		}
	}
	return colours
}

// region floods the free cells reachable from head, so that reaches can
// tell which other heads share them.
func (f *filler) region(b *board, head int32) {
	f.nextStamp()
	for _, s := range b.step {
		if n := head + s; b.cells[n] == open && f.seen[n] != f.stamp {
			f.flood(b, n)
		}
	}
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
