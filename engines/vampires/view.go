package vampires

import "strconv"

// View is what a player sees (rule sheet, "What a bot sees"): the whole
// grid, its own species, the ply and the plies left, and the rules'
// configuration. It reads the match state directly, so it costs nothing to
// fill, and offers no way to change it.
type View struct {
	Seat      int  // the player's seat
	Me        Kind // the player's species
	Ply       int  // the ply about to be played, from 1
	Remaining int  // plies left before daybreak, this one included
	Rows      int
	Columns   int
	Config    Config // the rules' parameters
	Map       *Map   // the starting position; not to be changed
	s         *State
}

// Observe fills o with what seat sees.
func (r *Rules) Observe(s *State, seat int, o *View) {
	*o = View{Seat: seat, Me: s.species[seat], Ply: s.ply + 1, Remaining: r.MaxPlies - s.ply,
		Rows: s.rows, Columns: s.columns, Config: r.Config, Map: r.Map, s: s}
}

// Enemy returns the opponent's species.
func (v *View) Enemy() Kind { return v.Me.Enemy() }

// OnGrid reports whether c is a cell of the grid.
func (v *View) OnGrid(c Cell) bool { return v.s.onGrid(c) }

// At returns the contents of cell c, which must be on the grid.
func (v *View) At(c Cell) Group { return v.s.cells[v.s.index(c)] }

// Population returns the number of individuals of kind k on the grid.
func (v *View) Population(k Kind) int { return v.s.pop[k] }

// Located is a non-empty cell and what it holds.
type Located struct {
	Cell
	Group
}

// AppendGroups appends every non-empty cell, in row-major order.
func (v *View) AppendGroups(dst []Located) []Located {
	s := v.s
	for i, g := range s.cells {
		if g.Kind != Empty {
			dst = append(dst, Located{s.cell(i), g})
		}
	}
	return dst
}

// AppendJSON appends the view as JSON:
//
//	{"seat":0,"species":"vampires","ply":1,"remaining":200,"rows":6,"columns":8,
//	 "cells":[[x,y,humans,vampires,werewolves],…]}
//
// with the cells in the original protocol's MAP layout.
func (v *View) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"seat":`...)
	dst = strconv.AppendInt(dst, int64(v.Seat), 10)
	dst = append(dst, `,"species":"`...)
	dst = append(dst, v.Me.String()...)
	dst = append(dst, `","ply":`...)
	dst = strconv.AppendInt(dst, int64(v.Ply), 10)
	dst = append(dst, `,"remaining":`...)
	dst = strconv.AppendInt(dst, int64(v.Remaining), 10)
	dst = append(dst, `,"rows":`...)
	dst = strconv.AppendInt(dst, int64(v.Rows), 10)
	dst = append(dst, `,"columns":`...)
	dst = strconv.AppendInt(dst, int64(v.Columns), 10)
	dst = append(dst, `,"cells":`...)
	dst = v.s.appendCells(dst)
	return append(dst, '}')
}
