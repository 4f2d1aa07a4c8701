package aquariom

import (
	"strconv"

	"github.com/arenasim/arena/sim"
)

// View is what a player sees (rule sheet, "What a bot sees"): everything,
// as the original protocol sent the whole state every turn. It reads the
// match state in place, so filling it costs nothing, and offers no way to
// change it; it is valid until the next Step.
//
// Cells are listed by kind in ascending id (PlayerCell, CellOf, Virus,
// Neutral, InitialNeutral), or found around a point through the rules' grid
// (Near).
type View struct {
	Seat int // the player's seat
	Turn int // the turn about to be played, 1..NbTurns
	r    *Rules
	s    *State
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Turn: s.turn + 1, r: r, s: s}
}

// Config returns the rules' configuration (its position lists must not be
// changed).
func (v *View) Config() Config { return v.r.cfg }

// Players returns the number of seats.
func (v *View) Players() int { return v.r.cfg.Players }

// TurnsLeft returns the turns left after the one about to be played.
func (v *View) TurnsLeft() int { return v.r.cfg.NbTurns - v.Turn }

// Radius returns the radius of a cell of mass m.
func (v *View) Radius(m float64) float64 { return v.r.radius(m) }

// MaxSpeed returns how far a player cell of mass m moves in a turn at most.
func (v *View) MaxSpeed(m float64) float64 { return v.r.maxSpeed(m) }

// Score returns seat's score so far.
func (v *View) Score(seat int) float64 { return v.s.scores[seat] }

// Mass returns the total mass of seat's cells.
func (v *View) Mass(seat int) float64 {
	total := 0.0
	for _, slot := range v.s.owned[seat] {
		total += v.s.cells[slot].mass
	}
	return total
}

// NumCells returns the number of seat's cells.
func (v *View) NumCells(seat int) int { return len(v.s.owned[seat]) }

// CellOf returns seat's cell i, 0 ≤ i < NumCells(seat), in ascending id.
func (v *View) CellOf(seat, i int) Cell { return v.s.cells[v.s.owned[seat][i]].view() }

// NumPlayerCells returns the number of player cells of all seats.
func (v *View) NumPlayerCells() int { return len(v.s.players) }

// PlayerCell returns player cell i, 0 ≤ i < NumPlayerCells, in ascending id.
func (v *View) PlayerCell(i int) Cell { return v.s.cells[v.s.players[i]].view() }

// NumViruses returns the number of viruses.
func (v *View) NumViruses() int { return len(v.s.viruses) }

// Virus returns virus i, 0 ≤ i < NumViruses, in ascending id (the first is
// the oldest, the next one evicted).
func (v *View) Virus(i int) Cell { return v.s.cells[v.s.viruses[i]].view() }

// NumNeutrals returns the number of non-initial neutrals (surrendered cells).
func (v *View) NumNeutrals() int { return len(v.s.neutrals) }

// Neutral returns non-initial neutral i, 0 ≤ i < NumNeutrals, in ascending id.
func (v *View) Neutral(i int) Cell { return v.s.cells[v.s.neutrals[i]].view() }

// NumInitialNeutrals returns the number of initial neutrals, eaten or not;
// their ids are 0 to NumInitialNeutrals−1.
func (v *View) NumInitialNeutrals() int { return v.s.nInit }

// InitialNeutral returns initial neutral i and, if it is eaten, the number
// of turns before it reappears (0 if it is there).
func (v *View) InitialNeutral(i int) (c Cell, respawnIn int) {
	cl := &v.s.cells[i]
	if !cl.alive {
		respawnIn = int(cl.due) - v.s.turn
	}
	return cl.view(), respawnIn
}

// Kinds is a set of kinds of cell for Near.
type Kinds uint8

// The kinds Near can look for; neutrals are both initial and non-initial.
const (
	NearPlayers Kinds = 1 << iota
	NearNeutrals
	NearViruses
	NearAll = NearPlayers | NearNeutrals | NearViruses
)

// Near appends to dst every cell of the given kinds whose centre is within
// distance dist of (x, y) (eaten initial neutrals excluded), and returns
// the extended slice; nothing for a negative or NaN dist. The order is
// deterministic but not sorted. It allocates nothing when dst has room.
func (v *View) Near(x, y, dist float64, kinds Kinds, dst []Cell) []Cell {
	s := v.s
	if !(dist >= 0) || !finite(x) || !finite(y) {
		return dst
	}
	d2 := float64(dist * dist)
	for k, g := range [3]*grid{&s.pgrid, &s.ngrid, &s.vgrid} {
		if kinds&(1<<k) == 0 {
			continue
		}
		i0, i1, j0, j1 := g.span(x, y, dist)
		for j := j0; j <= j1; j++ {
			for _, bucket := range g.buckets[j*g.nx+i0 : j*g.nx+i1+1] {
				for _, b := range bucket {
					if c := &s.cells[b]; sim.Dist2(x, y, c.x, c.y) <= d2 {
						dst = append(dst, c.view())
					}
				}
			}
		}
	}
	return dst
}

// AppendJSON appends what the player sees as one JSON object, for external
// bots: {"seat":…,"turn":…,"state":…}, the state in its JSON form (the
// original protocol sent the whole state every turn).
func (v *View) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	dst = append(dst, `,"turn":`...)
	dst = strconv.AppendInt(dst, int64(v.Turn), 10)
	dst = append(dst, `,"state":`...)
	dst = v.r.AppendState(dst, v.s)
	return append(dst, '}')
}
