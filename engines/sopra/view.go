package sopra

import "strconv"

// View is what a player sees (rule sheet, "What a bot sees"): the round,
// every player's cell, score and state, the logos and the caddies — what
// the original worldstate line carries — plus each player's jumps left and
// whether it carries a logo, and the viewer's own protected player. It
// reads the match state in place, so it costs nothing to fill, and offers
// no way to change it.
type View struct {
	Seat    int // the viewer's seat
	Players int // the number of seats
	Round   int // the round about to be played, from 1
	Rounds  int // rounds in the match
	Width   int
	Height  int
	s       *State
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Players: len(s.players), Round: s.round + 1, Rounds: s.rounds,
		Width: s.width, Height: s.height, s: s}
}

// First returns the seat resolved first in this round; the others follow
// in seat order, wrapping around (rule sheet, "A round").
func (v *View) First() int {
	if !v.s.rotate {
		return 0
	}
	return (v.Round - 1) % v.Players
}

// Before reports whether seat a is resolved before seat b in this round.
func (v *View) Before(a, b int) bool {
	f := v.First()
	return (a-f+v.Players)%v.Players < (b-f+v.Players)%v.Players
}

// Reaches reports whether a player arriving on from slaps a player on to
// (unless to is at home or protected): whether the cells are adjacent, by
// the rules' slap adjacency.
func (v *View) Reaches(from, to Cell) bool {
	dx, dy := to.X-from.X, to.Y-from.Y
	for _, n := range v.s.reach {
		if n.X == dx && n.Y == dy {
			return true
		}
	}
	return false
}

// OnBoard reports whether c is a cell of the board.
func (v *View) OnBoard(c Cell) bool { return v.s.onBoard(c) }

// Pos returns seat's cell.
func (v *View) Pos(seat int) Cell { return v.s.players[seat].Pos }

// Caddie returns seat's caddie.
func (v *View) Caddie(seat int) Cell { return v.s.players[seat].Caddie }

// Score returns seat's points so far.
func (v *View) Score(seat int) int { return v.s.players[seat].Score }

// Jumps returns seat's jumps left.
func (v *View) Jumps(seat int) int { return v.s.players[seat].Jumps }

// Carrying reports whether seat carries a logo.
func (v *View) Carrying(seat int) bool { return v.s.players[seat].Carrying != noOne }

// Stunned reports whether seat is stunned in this round: it does not move.
func (v *View) Stunned(seat int) bool { return v.s.players[seat].Stunned }

// AtHome reports whether seat stands on its own caddie, where no slap
// reaches it.
func (v *View) AtHome(seat int) bool {
	p := &v.s.players[seat]
	return p.Pos == p.Caddie
}

// Protected returns the viewer's protected player, the last one it slapped
// alone, whom its slaps skip; -1 for none. (A bot could work it out from
// its own moves; the view saves it the trouble.)
func (v *View) Protected() int { return v.s.players[v.Seat].Protected }

// PlayerAt returns the seat standing on c, -1 for none or off the board.
func (v *View) PlayerAt(c Cell) int {
	if !v.s.onBoard(c) {
		return -1
	}
	return int(v.s.occupant[v.s.index(c)]) - 1
}

// CaddieAt returns the seat whose caddie c is, -1 for none or off the
// board.
func (v *View) CaddieAt(c Cell) int {
	if !v.s.onBoard(c) {
		return -1
	}
	return int(v.s.caddie[v.s.index(c)]) - 1
}

// LogoAt reports whether a free logo lies on c.
func (v *View) LogoAt(c Cell) bool { return v.s.onBoard(c) && v.s.logoAt[v.s.index(c)] != 0 }

// FreeLogos appends the cells of the free logos to dst, in logo order.
func (v *View) FreeLogos(dst []Cell) []Cell {
	for _, l := range v.s.logos {
		if l.Carrier == noOne && !l.Delivered {
			dst = append(dst, l.Pos)
		}
	}
	return dst
}

// LogosLeft returns the logos not yet delivered, free or carried.
func (v *View) LogosLeft() int {
	n := 0
	for _, l := range v.s.logos {
		if !l.Delivered {
			n++
		}
	}
	return n
}

// AppendJSON appends what the player sees as one JSON object, for external
// bots: {"seat":…,"round":…,"rounds":…,"first":…,"width":…,"height":…,
// "protected":…,"players":[{"x","y","caddie":[x,y],"score","jumps",
// "carrying","stunned"},…],"logos":[[x,y],…]} — stunned: in this round;
// protected: the viewer's own, -1 for none; logos: the free ones.
func (v *View) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	dst = appendField(dst, "round", v.Round)
	dst = appendField(dst, "rounds", v.Rounds)
	dst = appendField(dst, "first", v.First())
	dst = appendField(dst, "width", v.Width)
	dst = appendField(dst, "height", v.Height)
	dst = appendField(dst, "protected", v.Protected())
	dst = append(dst, `,"players":[`...)
	for seat, p := range v.s.players {
		if seat > 0 {
			dst = append(dst, ',')
		}
		dst = p.appendPublic(dst)
		dst = append(dst, `,"carrying":`...)
		dst = strconv.AppendBool(dst, p.Carrying != noOne)
		dst = append(dst, `,"stunned":`...)
		dst = strconv.AppendBool(dst, p.Stunned)
		dst = append(dst, '}')
	}
	dst = append(dst, `],"logos":[`...)
	first := true
	for _, l := range v.s.logos {
		if l.Carrier != noOne || l.Delivered {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(l.Pos.X), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(l.Pos.Y), 10)
		dst = append(dst, ']')
	}
	return append(dst, "]}"...)
}
