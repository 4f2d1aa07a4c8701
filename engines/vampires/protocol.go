package vampires

import (
	"errors"
	"fmt"
)

// The original protocol (rule sheet, "Original protocol"): frames of a
// 3-byte ASCII command followed by single unsigned bytes. The encoders
// below write the server's frames and the decoder reads the player's, so
// that a bot written for the original server can later play here.

// Update is one cell of a MAP or UPD frame: its coordinates and how many
// humans, vampires and werewolves it holds.
type Update struct {
	Cell
	Humans, Vampires, Werewolves int
}

// UpdateOf returns the quintuplet of a non-empty cell.
func UpdateOf(l Located) Update {
	var n [4]int
	n[l.Kind] = l.Count
	return Update{Cell: l.Cell, Humans: n[Humans], Vampires: n[Vampires], Werewolves: n[Werewolves]}
}

// ErrShortFrame is the error of DecodeFrame when the bytes end before the
// frame does: read more and try again.
var ErrShortFrame = errors.New("vampires: protocol: frame incomplete")

// AppendSet appends SET n m: the grid's rows and columns.
func AppendSet(dst []byte, rows, columns int) ([]byte, error) {
	if err := fitBytes("SET", rows, columns); err != nil {
		return dst, err
	}
	return append(dst, 'S', 'E', 'T', byte(rows), byte(columns)), nil
}

// AppendHum appends HUM N and the N houses' x, y.
func AppendHum(dst []byte, houses []Cell) ([]byte, error) {
	if err := fitBytes("HUM", len(houses)); err != nil {
		return dst, err
	}
	for _, h := range houses {
		if err := fitBytes("HUM", h.X, h.Y); err != nil {
			return dst, err
		}
	}
	dst = append(dst, 'H', 'U', 'M', byte(len(houses)))
	for _, h := range houses {
		dst = append(dst, byte(h.X), byte(h.Y))
	}
	return dst, nil
}

// AppendHme appends HME x y: the player's start cell.
func AppendHme(dst []byte, home Cell) ([]byte, error) {
	if err := fitBytes("HME", home.X, home.Y); err != nil {
		return dst, err
	}
	return append(dst, 'H', 'M', 'E', byte(home.X), byte(home.Y)), nil
}

// AppendMap appends MAP N and N quintuplets (x, y, humans, vampires,
// werewolves): the whole grid at the start.
func AppendMap(dst []byte, cells []Update) ([]byte, error) { return appendCellFrame(dst, "MAP", cells) }

// AppendUpd appends UPD N and N quintuplets: the cells changed by the
// player's last ply and the opponent's. The first mover's first UPD has no
// cells.
func AppendUpd(dst []byte, cells []Update) ([]byte, error) { return appendCellFrame(dst, "UPD", cells) }

func appendCellFrame(dst []byte, command string, cells []Update) ([]byte, error) {
	if err := fitBytes(command, len(cells)); err != nil {
		return dst, err
	}
	for _, c := range cells {
		if err := fitBytes(command, c.X, c.Y, c.Humans, c.Vampires, c.Werewolves); err != nil {
			return dst, err
		}
	}
	dst = append(dst, command...)
	dst = append(dst, byte(len(cells)))
	for _, c := range cells {
		dst = append(dst, byte(c.X), byte(c.Y), byte(c.Humans), byte(c.Vampires), byte(c.Werewolves))
	}
	return dst, nil
}

// AppendEnd appends END: the game is over.
func AppendEnd(dst []byte) []byte { return append(dst, 'E', 'N', 'D') }

// AppendBye appends BYE: the server closes the connection.
func AppendBye(dst []byte) []byte { return append(dst, 'B', 'Y', 'E') }

// fitBytes checks that every value fits the protocol's unsigned bytes.
func fitBytes(command string, values ...int) error {
	for _, v := range values {
		if v < 0 || v > 255 {
			return fmt.Errorf("vampires: protocol: %s: %d does not fit an unsigned byte", command, v)
		}
	}
	return nil
}

// Frame is a frame a player sends: NME with its name, or a ply (MOV or ATK).
type Frame struct {
	Command string // "NME", "MOV" or "ATK"
	Name    string // NME only
	Ply     Ply    // MOV and ATK
}

// DecodeFrame reads the player's frame at the start of b and returns it
// with its length in bytes:
//
//	NME T name            T bytes of ASCII name, 1 ≤ T
//	MOV N quintuplets     N × (x, y, count, x2, y2), 1 ≤ N
//	ATK x y
//
// It returns ErrShortFrame when b ends before the frame, and an error that
// names the problem for any other command (as soon as its 3 bytes are in)
// or an empty name or MOV.
func DecodeFrame(b []byte) (Frame, int, error) {
	if len(b) < 3 {
		return Frame{}, 0, ErrShortFrame
	}
	cmd := string(b[:3])
	if cmd != "NME" && cmd != "MOV" && cmd != "ATK" {
		return Frame{}, 0, fmt.Errorf("vampires: protocol: unknown command %q (want NME, MOV or ATK)", cmd)
	}
	if len(b) < 4 {
		return Frame{}, 0, ErrShortFrame
	}
	switch cmd {
	case "NME":
		t := int(b[3])
		if t == 0 {
			return Frame{}, 0, errors.New("vampires: protocol: NME with an empty name")
		}
		if len(b) < 4+t {
			return Frame{}, 0, ErrShortFrame
		}
		return Frame{Command: cmd, Name: string(b[4 : 4+t])}, 4 + t, nil
	case "MOV":
		n := int(b[3])
		if n == 0 {
			return Frame{}, 0, errors.New("vampires: protocol: MOV with no move")
		}
		if len(b) < 4+5*n {
			return Frame{}, 0, ErrShortFrame
		}
		moves := make([]Move, n)
		for i := range moves {
			q := b[4+5*i : 9+5*i]
			moves[i] = Move{From: Cell{int(q[0]), int(q[1])}, Count: int(q[2]), To: Cell{int(q[3]), int(q[4])}}
		}
		return Frame{Command: cmd, Ply: Mov(moves...)}, 4 + 5*n, nil
	default: // ATK
		if len(b) < 5 {
			return Frame{}, 0, ErrShortFrame
		}
		return Frame{Command: cmd, Ply: Atk(Cell{int(b[3]), int(b[4])})}, 5, nil
	}
}
