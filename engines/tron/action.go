package tron

import (
	"fmt"
	"strings"
)

// Dir is a move of one cell: Tron's action. The zero Dir is no answer.
type Dir uint8

// The four directions, in the order the reference bots break ties.
const (
	NoDir  Dir = iota // no answer
	XPlus             // x+1
	XMinus            // x-1
	YPlus             // y+1
	YMinus            // y-1
)

// Dirs lists the four directions in tie-break order: x+, x-, y+, y-.
var Dirs = [4]Dir{XPlus, XMinus, YPlus, YMinus}

var dirText = [...]string{"", "x+", "x-", "y+", "y-"}

// dirDX and dirDY hold each direction's move, indexed by the Dir's low
// three bits so that a lookup needs no bounds check.
var (
	dirDX = [8]int{0, 1, -1, 0, 0, 0, 0, 0}
	dirDY = [8]int{0, 0, 0, 1, -1, 0, 0, 0}
)

// Valid reports whether d is one of the four directions.
func (d Dir) Valid() bool { return d >= XPlus && d <= YMinus }

// String returns the protocol spelling of d, "" for NoDir.
func (d Dir) String() string {
	if int(d) < len(dirText) {
		return dirText[d]
	}
	return fmt.Sprintf("Dir(%d)", uint8(d))
}

// Delta returns the change of x and y that d makes; 0, 0 for NoDir.
func (d Dir) Delta() (dx, dy int) {
	if d > YMinus {
		return 0, 0
	}
	return dirDX[d&7], dirDY[d&7]
}

// Opposite returns the direction that undoes d.
func (d Dir) Opposite() Dir {
	switch d {
	case XPlus:
		return XMinus
	case XMinus:
		return XPlus
	case YPlus:
		return YMinus
	case YMinus:
		return YPlus
	}
	return NoDir
}

// ParseDir reads a direction in the protocol spelling: x+, x-, y+ or y-
// (surrounding white space is ignored).
func ParseDir(text string) (Dir, error) {
	t := strings.TrimSpace(text)
	for _, d := range Dirs {
		if dirText[d] == t {
			return d, nil
		}
	}
	return NoDir, fmt.Errorf("tron: %q is not a direction (want x+, x-, y+ or y-)", text)
}
