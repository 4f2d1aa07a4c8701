package aquariom

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// CommandKind says what a Command asks of a cell.
type CommandKind uint8

// The kinds of command (rule sheet, "A turn").
const (
	NoCommand     CommandKind = iota
	MoveCommand               // move ID X Y
	DivideCommand             // divide ID X Y MASS
	VirusCommand              // virus ID X Y
)

var commandWords = [...]string{"", "move", "divide", "virus"}

// String returns the command's keyword.
func (k CommandKind) String() string {
	if int(k) < len(commandWords) {
		return commandWords[k]
	}
	return fmt.Sprintf("CommandKind(%d)", uint8(k))
}

// Command is one order to one of the player's cells.
type Command struct {
	Kind CommandKind
	Cell int     // the id of the cell
	X, Y float64 // the target point
	Mass float64 // the child's mass (divide only)
}

// Move returns the command moving cell towards (x, y).
func Move(cell int, x, y float64) Command { return Command{Kind: MoveCommand, Cell: cell, X: x, Y: y} }

// Divide returns the command splitting a child of the given mass off cell
// towards (x, y).
func Divide(cell int, x, y, mass float64) Command {
	return Command{Kind: DivideCommand, Cell: cell, X: x, Y: y, Mass: mass}
}

// CreateVirus returns the command making cell create a virus towards (x, y).
func CreateVirus(cell int, x, y float64) Command {
	return Command{Kind: VirusCommand, Cell: cell, X: x, Y: y}
}

// MaxCommands is the most commands of one Action: one per cell, at most.
const MaxCommands = MaxCells

// Action is one player's answer for one turn: up to MaxCommands commands,
// read in order, and a surrender flag. It is a value with no pointers, so a
// bot fills one without allocating; its zero value does nothing, which is
// also what a player with no answer does (DESIGN.md, "Faults").
type Action struct {
	surrender bool
	n         uint8
	cmds      [MaxCommands]Command
}

// Add appends c, reporting false (and adding nothing) when a already holds
// MaxCommands commands or c's kind is not a command.
func (a *Action) Add(c Command) bool {
	if int(a.n) >= MaxCommands || c.Kind == NoCommand || c.Kind > VirusCommand {
		return false
	}
	a.cmds[a.n] = c
	a.n++
	return true
}

// SetSurrender sets whether the player surrenders this turn.
func (a *Action) SetSurrender(on bool) { a.surrender = on }

// Surrender reports whether the player surrenders this turn.
func (a *Action) Surrender() bool { return a.surrender }

// Len returns the number of commands.
func (a *Action) Len() int { return int(a.n) }

// At returns command i, 0 ≤ i < Len.
func (a *Action) At(i int) Command { return a.cmds[:a.n][i] }

// Reset empties a.
func (a *Action) Reset() { a.n, a.surrender = 0, false }

// ParseAction reads an action line: commands separated by ';', each one of
//
//	move ID X Y
//	divide ID X Y MASS
//	virus ID X Y
//	surrender
//
// with words separated by white space, ID a cell id (decimal digits) and X,
// Y, MASS numbers as strconv.ParseFloat reads them (so NaN and Inf too: the
// rules ignore such commands, as the original server did). An empty line, or
// an empty command, asks nothing. Anything else is an error. It allocates
// nothing unless it fails.
func ParseAction(text string) (Action, error) {
	var a Action
	for i := 1; ; i++ {
		seg, rest, more := strings.Cut(text, ";")
		if err := a.parseCommand(seg); err != nil {
			return Action{}, fmt.Errorf("aquariom: action %q: command %d: %w", excerptText(text), i, err)
		}
		if !more {
			return a, nil
		}
		text = rest
	}
}

// parseCommand reads one command into a.
func (a *Action) parseCommand(seg string) error {
	var f [6]string
	n := 0
	for {
		seg = strings.TrimLeft(seg, " \t\r\n")
		if seg == "" {
			break
		}
		if n == len(f) {
			return errors.New("too many words")
		}
		end := strings.IndexAny(seg, " \t\r\n")
		if end < 0 {
			end = len(seg)
		}
		f[n], seg = seg[:end], seg[end:]
		n++
	}
	if n == 0 {
		return nil
	}
	var c Command
	want := 4
	switch f[0] {
	case "surrender":
		if n != 1 {
			return errors.New("surrender takes no arguments")
		}
		a.surrender = true
		return nil
	case "move":
		c.Kind = MoveCommand
	case "virus":
		c.Kind = VirusCommand
	case "divide":
		c.Kind, want = DivideCommand, 5
	default:
		return fmt.Errorf("unknown command %q (want move, divide, virus or surrender)", f[0])
	}
	if n != want {
		return fmt.Errorf("%s takes %d arguments, got %d", f[0], want-1, n-1)
	}
	var err error
	if c.Cell, err = parseID(f[1]); err != nil {
		return err
	}
	nums := [3]*float64{&c.X, &c.Y, &c.Mass}
	for i, w := range f[2:n] {
		if *nums[i], err = parseNumber(w); err != nil {
			return err
		}
	}
	if int(a.n) >= MaxCommands {
		return fmt.Errorf("more than %d commands", MaxCommands)
	}
	a.Add(c)
	return nil
}

// parseID reads a cell id: at most 18 decimal digits.
func parseID(w string) (int, error) {
	if w == "" || len(w) > 18 || strings.Trim(w, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a cell id", excerptText(w))
	}
	return strconv.Atoi(w)
}

// parseNumber reads a coordinate or a mass.
func parseNumber(w string) (float64, error) {
	v, err := strconv.ParseFloat(w, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%q is out of range", excerptText(w))
	case err != nil:
		return 0, fmt.Errorf("%q is not a number", excerptText(w))
	}
	return v, nil
}

// excerptText cuts a long text for an error message.
func excerptText(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// AppendAction appends the text form of a, which ParseAction reads back to
// a: its commands in order, separated by ';', then "surrender" if set;
// numbers in the shortest form that reads back exactly. The zero Action is
// the empty line.
func AppendAction(dst []byte, a Action) []byte {
	for i, c := range a.cmds[:a.n] {
		if i > 0 {
			dst = append(dst, ';')
		}
		dst = append(dst, c.Kind.String()...)
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, int64(c.Cell), 10)
		dst = append(dst, ' ')
		dst = appendFloat(dst, c.X)
		dst = append(dst, ' ')
		dst = appendFloat(dst, c.Y)
		if c.Kind == DivideCommand {
			dst = append(dst, ' ')
			dst = appendFloat(dst, c.Mass)
		}
	}
	if a.surrender {
		if a.n > 0 {
			dst = append(dst, ';')
		}
		dst = append(dst, "surrender"...)
	}
	return dst
}

// String returns the text form of a.
func (a Action) String() string { return string(AppendAction(nil, a)) }
