package tron

import "strconv"

// View is what a player sees (rule sheet, "What a bot sees"): its seat, the
// turn, and the board with every trail. It reads the match state directly,
// so it costs nothing to fill, and offers no way to change it.
type View struct {
	Seat    int // the player's own seat
	Players int // the number of seats
	Turn    int // the turn about to be played, from 1
	Width   int
	Height  int
	grid    []uint8
	s       *State
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Players: len(s.trails), Turn: s.turn + 1, Width: s.width, Height: s.height, grid: s.grid, s: s}
}

// OnBoard reports whether (x, y) is a cell of the board.
func (v *View) OnBoard(x, y int) bool { return uint(x) < uint(v.Width) && uint(y) < uint(v.Height) }

// Free reports whether (x, y) is on the board and in no trail.
func (v *View) Free(x, y int) bool {
	return v.OnBoard(x, y) && v.grid[y*v.Width+x] == free
}

// Owner returns the seat whose trail holds (x, y), or -1 when the cell is
// free or off the board.
func (v *View) Owner(x, y int) int {
	if !v.OnBoard(x, y) {
		return -1
	}
	return int(v.grid[y*v.Width+x]) - 1
}

// Alive reports whether seat is still playing.
func (v *View) Alive(seat int) bool { return v.s.eliminated[seat] == 0 }

// Head returns the head of seat's trail; ok is false once it is eliminated.
func (v *View) Head(seat int) (x, y int, ok bool) {
	t := v.s.trails[seat]
	if len(t) == 0 {
		return -1, -1, false
	}
	x, y = v.s.cell(t[len(t)-1])
	return x, y, true
}

// TrailLen returns the length of seat's trail, 0 once it is eliminated.
func (v *View) TrailLen(seat int) int { return len(v.s.trails[seat]) }

// TrailCell returns cell i of seat's trail counted from the head (i = 0).
func (v *View) TrailCell(seat, i int) (x, y int) {
	t := v.s.trails[seat]
	return v.s.cell(t[len(t)-1-i])
}

// CopyGrid copies the board into dst, row-major (index y*Width+x): 0 for a
// free cell, 1+seat for a cell of seat's trail. It reuses dst when it is
// large enough.
func (v *View) CopyGrid(dst []uint8) []uint8 {
	dst = grow(dst, len(v.s.grid))
	copy(dst, v.s.grid)
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
