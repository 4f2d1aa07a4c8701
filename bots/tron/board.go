package tron

import "github.com/arenasim/arena/engines/tron"

// Cell values of a board. Any value other than open blocks a move: a trail
// (1 + seat, as in the engine's grid) or the wall around the board.
const (
	open uint8 = 0
	wall uint8 = 0xff
)

// board is a bot's own copy of the grid, framed by a ring of wall cells so
// that a neighbour lookup needs no bounds check. Its row stride is odd, so
// the checkerboard colour of a cell is the parity of its index: two
// neighbours always differ in colour, which the fill estimates rely on.
type board struct {
	width, height int
	stride        int
	cells         []uint8  // the framed grid, row-major
	raw           []uint8  // the engine's grid, as View.CopyGrid writes it
	step          [4]int32 // index offset of each direction of tron.Dirs
	heads         []int32  // per seat, its head, or -1 once eliminated
}

// resize prepares b for a width×height board, reusing its buffers; it
// allocates only when the board is larger than any before.
func (b *board) resize(width, height, seats int) {
	if b.width == width && b.height == height && len(b.heads) == seats {
		return
	}
	b.width, b.height = width, height
	b.stride = width + 2
	if b.stride%2 == 0 {
		b.stride++
	}
	b.cells = grow(b.cells, b.stride*(height+2))
	for i := range b.cells {
		b.cells[i] = wall
	}
	b.heads = grow(b.heads, seats)
	for i, d := range tron.Dirs {
		dx, dy := d.Delta()
		b.step[i] = int32(dy*b.stride + dx)
	}
}

// sync copies the view's grid and heads into b.
func (b *board) sync(v *tron.View) {
	b.resize(v.Width, v.Height, v.Players)
	b.raw = v.CopyGrid(b.raw)
	for y := range b.height {
		copy(b.cells[b.index(0, y):], b.raw[y*b.width:(y+1)*b.width])
	}
	for seat := range b.heads {
		b.heads[seat] = -1
		if x, y, ok := v.Head(seat); ok {
			b.heads[seat] = int32(b.index(x, y))
		}
	}
}

// index returns the framed index of board cell (x, y).
func (b *board) index(x, y int) int { return (y+1)*b.stride + x + 1 }

// moves writes the free neighbours of cell i into dst and returns how many
// there are, with the direction index (into tron.Dirs) of each.
func (b *board) moves(i int32, dst *[4]int32, dirs *[4]uint8) int {
	n := 0
	for k, s := range b.step {
		if t := i + s; b.cells[t] == open {
			dst[n], dirs[n] = t, uint8(k)
			n++
		}
	}
	return n
}

// freeNeighbours returns how many neighbours of cell i are free.
func (b *board) freeNeighbours(i int32) int {
	n := 0
	for _, s := range b.step {
		if b.cells[i+s] == open {
			n++
		}
	}
	return n
}

// distance returns the number of moves between cells i and j on an empty
// board.
func (b *board) distance(i, j int32) int {
	stride := int32(b.stride)
	dx, dy := i%stride-j%stride, i/stride-j/stride
	return int(max(dx, -dx) + max(dy, -dy))
}

// adjacent reports whether cells i and j are neighbours.
func (b *board) adjacent(i, j int32) bool {
	for _, s := range b.step {
		if i+s == j {
			return true
		}
	}
	return false
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
