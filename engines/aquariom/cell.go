package aquariom

import "fmt"

// Kind is the kind of a cell (rule sheet, "Cells").
type Kind uint8

// The kinds of cell.
const (
	KindPlayer         Kind = iota + 1 // owned by a player: moves, eats, divides
	KindInitialNeutral                 // on the initial grid; reappears repop time after being eaten
	KindNeutral                        // a surrendered player cell; never reappears
	KindVirus                          // makes the player cell that eats it explode
)

var kindNames = [...]string{"", "player", "initial-neutral", "neutral", "virus"}

// String returns the kind's name, as in the state's JSON.
func (k Kind) String() string {
	if k != 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Cell is what a bot sees of one cell.
type Cell struct {
	ID        int
	Kind      Kind
	Owner     int // the owner's seat for a player cell, −1 otherwise
	X, Y      float64
	Mass      float64
	Isolation int // a player cell's remaining isolated turns: it cannot fuse while above 0
}

// cell is a cell in the state. Slots of State.cells hold cells; a slot is
// not an id (ids are never reused, slots are), except that initial neutral i
// always sits in slot i.
type cell struct {
	x, y, mass float64
	id         int
	kind       Kind
	alive      bool  // the slot holds a cell that exists (an eaten initial neutral keeps its slot)
	owner      int8  // seat of a player cell, −1 otherwise
	isolation  int32 // remaining isolated turns of a player cell
	acted      int32 // the turn a player cell last acted in
	due        int32 // the turn an eaten initial neutral reappears in
	next       int32 // the next initial neutral due in the same respawn bucket, −1 at the end
	bucket     int32 // in its kind's grid
	bpos       int32 // index in its bucket
}

// view returns what a bot sees of c.
func (c *cell) view() Cell {
	return Cell{ID: c.id, Kind: c.kind, Owner: int(c.owner), X: c.x, Y: c.y, Mass: c.mass, Isolation: int(c.isolation)}
}
