package minibus

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// Action is one player's output line for a turn, in the original game's
// text: commands separated by ';', such as `BUS 3;DESTINATION 0 2`. The
// zero Action (a nil Line) is no answer, which makes the player lose.
//
// The line is kept as text and read command by command when the turn is
// played, so that the commands before an invalid one still apply. A bot
// may build Line in a buffer it reuses on its next Act (see [Line]): the
// engine reads it only until the turn is played.
type Action struct {
	Line []byte
}

// ParseLine returns the action of a line of text. It never fails: the
// commands are read when the turn is played (see Rules.ParseAction).
func ParseLine(text string) (Action, error) {
	return Action{Line: append(make([]byte, 0, len(text)), text...)}, nil
}

// Op is the kind of a command.
type Op uint8

// The commands of the rule sheet's table.
const (
	OpPass        Op = iota + 1 // PASS
	OpBus                       // BUS A
	OpDestination               // DESTINATION B A
	OpUpgrade                   // UPGRADE B
	OpUpdateSB                  // UPDATESB
	OpUpdateSP                  // UPDATESP
	OpUpdateCT                  // UPDATECT
)

var opNames = [...]string{"", "PASS", "BUS", "DESTINATION", "UPGRADE", "UPDATESB", "UPDATESP", "UPDATECT"}

// String returns the command's name as written in a line.
func (op Op) String() string {
	if int(op) < len(opNames) && op != 0 {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// Command is one command of a line.
type Command struct {
	Op      Op
	Bus     int // DESTINATION, UPGRADE: the bus id
	Station int // BUS, DESTINATION: the station id
}

// maxDigits bounds the numbers of a command: a longer one is not a number
// any id could have, and would overflow the referee's int.
const maxDigits = 9

// errEmpty is the error of an empty command: `;;`, or a blank line.
var errEmpty = errors.New("empty command")

// ParseCommand reads one command, surrounding white space already trimmed:
// the command's name in capitals, then its numbers, each after exactly one
// space (rule sheet, "Commands").
func ParseCommand(part []byte) (Command, error) {
	switch string(part) {
	case "":
		return Command{}, errEmpty
	case "PASS":
		return Command{Op: OpPass}, nil
	case "UPDATESB":
		return Command{Op: OpUpdateSB}, nil
	case "UPDATESP":
		return Command{Op: OpUpdateSP}, nil
	case "UPDATECT":
		return Command{Op: OpUpdateCT}, nil
	}
	var (
		c    Command
		rest []byte
		ok   bool
	)
	switch {
	case bytes.HasPrefix(part, []byte("BUS ")):
		c.Op = OpBus
		c.Station, rest, ok = readNumber(part[len("BUS "):])
	case bytes.HasPrefix(part, []byte("UPGRADE ")):
		c.Op = OpUpgrade
		c.Bus, rest, ok = readNumber(part[len("UPGRADE "):])
	case bytes.HasPrefix(part, []byte("DESTINATION ")):
		c.Op = OpDestination
		c.Bus, rest, ok = readNumber(part[len("DESTINATION "):])
		if ok && len(rest) > 0 && rest[0] == ' ' {
			c.Station, rest, ok = readNumber(rest[1:])
		} else {
			ok = false
		}
	default:
		return Command{}, errors.New("unknown command")
	}
	if !ok || len(rest) > 0 {
		return Command{}, fmt.Errorf("want %s", c.Op.usage())
	}
	return c, nil
}

// usage returns the spelling of op's command.
func (op Op) usage() string {
	switch op {
	case OpBus:
		return "BUS <station>"
	case OpDestination:
		return "DESTINATION <bus> <station>"
	case OpUpgrade:
		return "UPGRADE <bus>"
	}
	return op.String()
}

// readNumber reads 1 to maxDigits decimal digits at the start of b.
func readNumber(b []byte) (n int, rest []byte, ok bool) {
	i := 0
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		if i == maxDigits {
			return 0, b, false
		}
		n = n*10 + int(b[i]-'0')
		i++
	}
	return n, b[i:], i > 0
}

// trim removes the white space around a command: every byte up to ' ', as
// the referee's Java String.trim does.
func trim(b []byte) []byte {
	for len(b) > 0 && b[0] <= ' ' {
		b = b[1:]
	}
	for len(b) > 0 && b[len(b)-1] <= ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// splitLine calls run on each command of a line in order, and stops at the
// first error, of parsing or of run, which it returns with the command's
// position. The line is split on ';' and each part trimmed; one empty part
// at the very end (a trailing ';') is ignored, any other empty part is an
// error (rule sheet, "Commands").
func splitLine(line []byte, run func(Command) error) error {
	if k := bytes.LastIndexByte(line, ';'); k >= 0 && len(trim(line[k+1:])) == 0 {
		line = line[:k]
	}
	for i := 1; ; i++ {
		part, rest, more := bytes.Cut(line, []byte{';'})
		c, err := ParseCommand(trim(part))
		if err == nil {
			err = run(c)
		}
		if err != nil {
			return fmt.Errorf("command %d %q: %w", i, trim(part), err)
		}
		if !more {
			return nil
		}
		line = rest
	}
}

// Line builds an output line command by command in a buffer it reuses, so
// that a bot answers without allocating. The zero Line is empty and ready.
type Line struct{ buf []byte }

// Reset empties the line.
func (l *Line) Reset() { l.buf = l.buf[:0] }

// Len returns the number of bytes written.
func (l *Line) Len() int { return len(l.buf) }

// sep starts a new command.
func (l *Line) sep() {
	if len(l.buf) > 0 {
		l.buf = append(l.buf, ';')
	}
}

// Bus adds `BUS station`.
func (l *Line) Bus(station int) {
	l.sep()
	l.buf = strconv.AppendInt(append(l.buf, "BUS "...), int64(station), 10)
}

// Destination adds `DESTINATION bus station`.
func (l *Line) Destination(bus, station int) {
	l.sep()
	l.buf = strconv.AppendInt(append(l.buf, "DESTINATION "...), int64(bus), 10)
	l.buf = strconv.AppendInt(append(l.buf, ' '), int64(station), 10)
}

// Upgrade adds `UPGRADE bus`.
func (l *Line) Upgrade(bus int) {
	l.sep()
	l.buf = strconv.AppendInt(append(l.buf, "UPGRADE "...), int64(bus), 10)
}

// Op adds a command without numbers: PASS, UPDATESB, UPDATESP or UPDATECT.
func (l *Line) Op(op Op) {
	l.sep()
	l.buf = append(l.buf, op.String()...)
}

// Action returns the line as an action, `PASS` when it is empty. The
// action's bytes belong to the Line: they change with its next Reset.
func (l *Line) Action() Action {
	if len(l.buf) == 0 {
		l.Op(OpPass)
	}
	return Action{Line: l.buf}
}
