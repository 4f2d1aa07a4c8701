package tron

import "strconv"

// View is what a player sees (rule sheet, "What a bot sees"): its seat, the
// turn, and the board with every trail. It reads the match state directly,
// so it costs nothing to fill, and offers no way to change it.
//
// Cells are named by coordinates (Free, Owner) or, for speed, by grid index
// (Index, FreeAt, Move): the grid has a border of walls one cell wide around
// the board, so the neighbours of any cell of the board have an index, and
// the ones off the board are never free.
type View struct {
	Seat    int // the player's own seat
	Players int // the number of seats
	Turn    int // the turn about to be played, from 1
	Width   int
	Height  int
	stride  int
	grid    []uint8
	s       *State
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Players: len(s.trails), Turn: s.turn + 1, Width: s.width, Height: s.height,
		stride: s.stride, grid: s.grid, s: s}
}

// OnBoard reports whether (x, y) is a cell of the board.
func (v *View) OnBoard(x, y int) bool { return uint(x) < uint(v.Width) && uint(y) < uint(v.Height) }

// Free reports whether (x, y) is on the board and in no trail.
func (v *View) Free(x, y int) bool {
	return v.OnBoard(x, y) && v.grid[(y+1)*v.stride+x+1] == free
}

// Owner returns the seat whose trail holds (x, y), or -1 when the cell is
// free or off the board.
func (v *View) Owner(x, y int) int {
	if !v.OnBoard(x, y) {
		return -1
	}
	return int(v.grid[(y+1)*v.stride+x+1]) - 1
}

// Index returns the grid index of (x, y), for -1 ≤ x ≤ Width and
// -1 ≤ y ≤ Height (the border included).
func (v *View) Index(x, y int) int { return (y+1)*v.stride + x + 1 }

// Cell returns the coordinates of grid index i.
func (v *View) Cell(i int) (x, y int) { return i%v.stride - 1, i/v.stride - 1 }

// Move returns the grid index one step from index i in direction d.
func (v *View) Move(i int, d Dir) int {
	return i + int(v.s.step[d&7])
}

// Offsets returns the change of grid index of each direction of Dirs, in
// the same order: x+, x-, y+, y-.
func (v *View) Offsets() [4]int { return [4]int{1, -1, v.stride, -v.stride} }

// FreeAt reports whether the cell at grid index i is on the board and in no
// trail; i must be a cell of the board or of its border.
func (v *View) FreeAt(i int) bool { return v.grid[i] == free }

// Alive reports whether seat is still playing.
func (v *View) Alive(seat int) bool { return v.s.eliminated[seat] == 0 }

// HeadIndex returns the grid index of seat's head; ok is false once it is
// eliminated.
func (v *View) HeadIndex(seat int) (i int, ok bool) {
	t := v.s.trails[seat]
	if len(t) == 0 {
		return -1, false
	}
	return int(t[len(t)-1]), true
}

// Head returns the head of seat's trail; ok is false once it is eliminated.
func (v *View) Head(seat int) (x, y int, ok bool) {
	i, ok := v.HeadIndex(seat)
	if !ok {
		return -1, -1, false
	}
	x, y = v.Cell(i)
	return x, y, true
}

// TrailLen returns the length of seat's trail, 0 once it is eliminated.
func (v *View) TrailLen(seat int) int { return len(v.s.trails[seat]) }

// TrailCell returns cell i of seat's trail counted from the head (i = 0).
func (v *View) TrailCell(seat, i int) (x, y int) {
	t := v.s.trails[seat]
	return v.s.cell(t[len(t)-1-i])
}

// CopyGrid copies the board into dst, row-major (index y*Width+x), without
// the border: 0 for a free cell, 1+seat for a cell of seat's trail. It
// reuses dst when it is large enough.
func (v *View) CopyGrid(dst []uint8) []uint8 {
	dst = grow(dst, v.Width*v.Height)
	for y := range v.Height {
		copy(dst[y*v.Width:(y+1)*v.Width], v.grid[(y+1)*v.stride+1:])
	}
	return dst
}

// AppendJSON appends the view as the original protocol's play-turn message:
// {"action":"play-turn","game":"tron","board":[[[x,y]…]…],"player-index":…,"players":…},
// each trail head first.
func (v *View) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"action":"play-turn","game":"tron","board":[`...)
	for seat, trail := range v.s.trails {
		if seat > 0 {
			dst = append(dst, ',')
		}
		dst = v.s.appendTrail(dst, trail)
	}
	dst = append(dst, `],"player-index":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	dst = append(dst, `,"players":`...)
	dst = strconv.AppendInt(dst, int64(v.Players), 10)
	return append(dst, '}')
}
