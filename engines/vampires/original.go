package vampires

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// The original protocol as the server plays it over TCP (rule sheet,
// "Original protocol"; seed, "Déroulement d'une partie"): the program
// connects and sends NME; the server sends SET, HUM, HME and MAP, then an
// UPD each time the program is to play — the cells changed by its last ply
// and the opponent's, none for the first mover's first ply — and reads a
// MOV or an ATK; END and BYE when the game is over.
//
// Two limits of the bytes: a cell's count above 255 is sent as 255, and a
// MAP or UPD of more than 255 cells is sent as several frames of at most
// 255 (each count is one byte).

// Protocol is the TCP part of the original protocol: the program is
// started with the server's host and port as its last two arguments.
var Protocol = &sim.Protocol{
	Args: func(host string, port, _ int) []string { return []string{host, strconv.Itoa(port)} },
	Hello: func(r *bufio.Reader, _ int) ([]byte, error) {
		f, err := readFrame(r)
		if err != nil {
			return nil, err
		}
		if f.Command != "NME" {
			return nil, fmt.Errorf("vampires: protocol: the first frame is %s, want NME", f.Command)
		}
		return nil, nil
	},
	Answer: func(r *bufio.Reader, _ int) (string, error) {
		f, err := readFrame(r)
		var proto *protocolError
		switch {
		case errors.As(err, &proto):
			// The rest of the input cannot be framed: drop what came.
			_, _ = r.Discard(r.Buffered())
			return "", &sim.InvalidAnswer{Err: err}
		case err != nil:
			return "", err
		case f.Command == "NME":
			return "", &sim.InvalidAnswer{Err: errors.New("vampires: protocol: NME during the game, want MOV or ATK")}
		}
		return string(AppendPly(nil, f.Ply)), nil
	},
	Bye: AppendBye(AppendEnd(nil)),
}

// protocolError is a frame that breaks the protocol.
type protocolError struct{ err error }

func (e *protocolError) Error() string { return e.err.Error() }
func (e *protocolError) Unwrap() error { return e.err }

// readFrame reads one of the player's frames, waiting for its bytes; the
// errors of r (a deadline, the end of the input) come back as they are, a
// frame that breaks the protocol as a *protocolError.
func readFrame(r *bufio.Reader) (Frame, error) {
	for size := 3; ; size++ {
		b, err := r.Peek(size)
		if err != nil {
			return Frame{}, err
		}
		f, n, err := DecodeFrame(b)
		if errors.Is(err, ErrShortFrame) {
			continue
		}
		if err != nil {
			return Frame{}, &protocolError{err}
		}
		_, _ = r.Discard(n)
		return f, nil
	}
}

// AppendOriginalStart appends what the server sends a player once it has
// its name: SET (rows, columns), HUM (the cells of the map's humans, in
// the map's order), HME (the player's start cell) and MAP (the map's
// groups, row by row).
func (v *View) AppendOriginalStart(dst []byte) []byte {
	m := v.Map
	dst = append(dst, 'S', 'E', 'T', clampByte(m.Rows), clampByte(m.Columns))
	dst = append(dst, 'H', 'U', 'M', clampByte(len(m.Humans)))
	for _, h := range m.Humans {
		dst = append(dst, byte(h.X), byte(h.Y))
	}
	home := m.Vampires.Cell
	if v.Me == Werewolves {
		home = m.Werewolves.Cell
	}
	dst = append(dst, 'H', 'M', 'E', byte(home.X), byte(home.Y))
	grid := m.appendGrid(nil)
	frames := cellFrames{dst: dst, command: "MAP"}
	for i := 0; i < len(grid); i += 3 {
		if grid[i] != 0 || grid[i+1] != 0 || grid[i+2] != 0 {
			frames.add(i/3%m.Columns, i/3/m.Columns, grid[i:i+3])
		}
	}
	return frames.done()
}

// AppendOriginalUpdate appends the UPD frame of the player's turn: every
// cell, row by row, whose contents differ from those in seen, the grid as
// the player last saw it (the map's when seen is empty), which it brings up
// to date.
func (v *View) AppendOriginalUpdate(dst []byte, seen *[]byte) []byte {
	if len(*seen) == 0 {
		*seen = v.Map.appendGrid((*seen)[:0])
	}
	grid := *seen
	frames := cellFrames{dst: dst, command: "UPD"}
	for i, g := range v.s.cells {
		var now [4]byte
		now[g.Kind] = clampByte(g.Count)
		was := grid[3*i : 3*i+3]
		if was[0] != now[Humans] || was[1] != now[Vampires] || was[2] != now[Werewolves] {
			copy(was, now[Humans:])
			frames.add(i%v.Columns, i/v.Columns, was)
		}
	}
	return frames.done()
}

// appendGrid appends the map's starting grid, three bytes a cell (humans,
// vampires, werewolves), row by row.
func (m *Map) appendGrid(dst []byte) []byte {
	start := len(dst)
	dst = append(dst, make([]byte, 3*m.Rows*m.Columns)...)
	grid := dst[start:]
	set := func(p Placement, k Kind) { grid[3*(p.Y*m.Columns+p.X)+int(k-Humans)] = clampByte(p.Count) }
	for _, h := range m.Humans {
		set(h, Humans)
	}
	set(m.Vampires, Vampires)
	set(m.Werewolves, Werewolves)
	return dst
}

// cellFrames writes the frames of a command that lists cells (MAP, UPD):
// one frame, empty if no cell is added, or several of at most 255 cells.
type cellFrames struct {
	dst     []byte
	command string
	count   int // where the count of the frame being written is
	n       int // its cells
}

// add writes a cell's quintuplet: x, y and the three counts.
func (f *cellFrames) add(x, y int, counts []byte) {
	if f.count == 0 || f.n == 255 {
		f.open()
	}
	f.dst = append(f.dst, byte(x), byte(y), counts[0], counts[1], counts[2])
	f.n++
	f.dst[f.count] = byte(f.n)
}

func (f *cellFrames) open() {
	f.dst = append(f.dst, f.command...)
	f.count, f.n = len(f.dst), 0
	f.dst = append(f.dst, 0)
}

// done returns the bytes written, with an empty frame if there was no cell.
func (f *cellFrames) done() []byte {
	if f.count == 0 {
		f.open()
	}
	return f.dst
}

// clampByte returns n as a byte, 255 if it is more.
func clampByte(n int) byte { return byte(min(max(n, 0), 255)) }
