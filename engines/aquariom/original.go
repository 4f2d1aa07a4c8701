package aquariom

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/arenasim/arena/sim"
)

// The original kit's binary protocol over TCP (rule sheet, "Original
// protocol"; the kit's proto/ folder). A message is a type byte and its
// content, numbers little-endian: u32, u64 and float32 (no doubles); a
// string is a u32 length and its bytes. The messages of a game carry a u32
// size of the game's content first (TURN and TURN_ACK then a u32 turn
// number, which the size does not count):
//
//	LOGIN_PLAYER 0  name:string                 player → server
//	LOGIN_ACK    2                              server → player
//	LOGOUT       3                              server → player, at the end
//	WELCOME      5  size, parameters, initial neutral positions
//	GAME_STARTS  6  size, player id, the state
//	GAME_ENDS    7  size, winner, the players' names and scores
//	TURN         8  size, turn, the state
//	TURN_ACK     9  size, turn, moves, divisions, virus creations, surrender
//
// The server answers the login with LOGIN_ACK and WELCOME and sends
// GAME_STARTS with the starting position (before step 0), then a TURN per
// turn, numbered from 0, each answered with a TURN_ACK; then GAME_ENDS and
// LOGOUT.

// The message types.
const (
	msgLoginPlayer byte = 0
	msgLoginVisu   byte = 1
	msgLoginAck    byte = 2
	msgLogout      byte = 3
	msgWelcome     byte = 5
	msgGameStarts  byte = 6
	msgGameEnds    byte = 7
	msgTurn        byte = 8
	msgTurnAck     byte = 9
)

// maxTurnAck is the largest TURN_ACK content read: the original server
// kicked a client whose unread input passed 4096 bytes.
const maxTurnAck = 4096

// nickname is what the original server accepted as a player's name, once
// trimmed.
var nickname = regexp.MustCompile(`^[\w ]{1,16}$`)

// Protocol is the TCP part of the original protocol: the program is
// started with the server's host and port as its last two arguments, as
// the kit's clients are.
var Protocol = &sim.Protocol{
	Args: func(host string, port, _ int) []string { return []string{host, strconv.Itoa(port)} },
	Hello: func(r *bufio.Reader, _ int) ([]byte, error) {
		var head [5]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return nil, err
		}
		switch head[0] {
		case msgLoginPlayer:
		case msgLoginVisu:
			return nil, errors.New("aquariom: protocol: a visualiser's login (LOGIN_VISU), want a player's (LOGIN_PLAYER)")
		default:
			return nil, fmt.Errorf("aquariom: protocol: the first message is of type %d, want LOGIN_PLAYER (0)", head[0])
		}
		n := binary.LittleEndian.Uint32(head[1:])
		if n > 64 {
			return nil, fmt.Errorf("aquariom: protocol: a name of %d bytes", n)
		}
		name := make([]byte, n)
		if _, err := io.ReadFull(r, name); err != nil {
			return nil, err
		}
		if !nickname.MatchString(strings.TrimSpace(string(name))) {
			return nil, fmt.Errorf("aquariom: protocol: name %q is not 1 to 16 letters, digits, '_' or spaces", name)
		}
		return []byte{msgLoginAck}, nil
	},
	Answer: func(r *bufio.Reader, _ int) (string, error) {
		var head [9]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return "", err
		}
		size := binary.LittleEndian.Uint32(head[1:])
		switch {
		case head[0] != msgTurnAck:
			// The rest of the input cannot be framed: drop what came.
			_, _ = r.Discard(r.Buffered())
			return "", &sim.InvalidAnswer{Err: fmt.Errorf("aquariom: protocol: a message of type %d, want TURN_ACK (9)", head[0])}
		case size > maxTurnAck:
			return "", fmt.Errorf("aquariom: protocol: a TURN_ACK of %d bytes: %w", size, sim.ErrLongLine)
		}
		content := make([]byte, size)
		if _, err := io.ReadFull(r, content); err != nil {
			return "", err
		}
		text, err := turnAckText(content)
		if err != nil {
			return "", &sim.InvalidAnswer{Err: err}
		}
		return text, nil
	},
	Bye: []byte{msgLogout},
}

// turnAckText reads a TURN_ACK's content into an action's text: the moves,
// then the divisions, then the virus creations (so a move wins, rule
// sheet, "A turn"), a cell's first command only, as the original server
// kept; "surrender" if its byte is 1.
func turnAckText(b []byte) (string, error) {
	d := decoder{b: b}
	var a Action
	seen := make(map[uint32]bool)
	for _, kind := range []CommandKind{MoveCommand, DivideCommand, VirusCommand} {
		n := d.u32()
		if d.err == nil && int(n) > len(b) {
			d.err = fmt.Errorf("aquariom: protocol: a TURN_ACK lists %d %s commands in %d bytes", n, kind, len(b))
		}
		for range n {
			if d.err != nil {
				break
			}
			id := d.u32()
			c := Command{Kind: kind, Cell: int(id), X: d.f32(), Y: d.f32()}
			if kind == DivideCommand {
				c.Mass = d.f32()
			}
			if d.err != nil || seen[id] {
				continue
			}
			seen[id] = true
			if !a.Add(c) {
				return "", fmt.Errorf("aquariom: protocol: a TURN_ACK with commands for more than %d cells", MaxCommands)
			}
		}
	}
	a.SetSurrender(d.u8() == 1)
	switch {
	case d.err != nil:
		return "", d.err
	case len(d.b) > 0:
		return "", fmt.Errorf("aquariom: protocol: %d bytes after the end of a TURN_ACK", len(d.b))
	}
	return a.String(), nil
}

// decoder reads little-endian numbers off b; the first read past its end
// sets err.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return make([]byte, n)
	}
	if len(d.b) < n {
		d.err = errors.New("aquariom: protocol: a TURN_ACK cut short")
		return make([]byte, n)
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) u8() byte     { return d.take(1)[0] }
func (d *decoder) u32() uint32  { return binary.LittleEndian.Uint32(d.take(4)) }
func (d *decoder) f32() float64 { return float64(math.Float32frombits(d.u32())) }

// AppendOriginalStart appends what the server sends a player before its
// first turn: WELCOME (the parameters and the initial neutrals' positions)
// and GAME_STARTS (its player id, the seat, and the starting position,
// before step 0).
func (v *View) AppendOriginalStart(dst []byte) []byte {
	c := &v.r.cfg
	at := openMessage(&dst, msgWelcome)
	dst = appendF32(dst, c.MapWidth, c.MapHeight)
	dst = appendU32(dst, c.MinNbPlayers, c.MaxNbPlayers)
	dst = appendF32(dst, c.MassAbsorption, c.MinimumMassRatioToAbsorb, c.MinimumPlayerCellMass,
		c.MaximumPlayerCellMass, c.RadiusFactor)
	dst = appendU32(dst, c.MaxCellsPerPlayer)
	dst = appendF32(dst, c.MassLossPerFrame, c.BaseCellSpeed, c.SpeedLossFactor, c.VirusMass, c.VirusCreationMassLoss)
	dst = appendU32(dst, c.VirusMaxSplit, c.NbStartingCellsPerPlayer)
	dst = appendF32(dst, c.PlayerCellsStartingMass, c.InitialNeutralCellsMass)
	dst = appendU32(dst, c.InitialNeutralCellsRepopTime, c.NbTurns)
	var start State
	v.r.place(&start)
	start.addScores()
	dst = appendU32(dst, start.nInit)
	for i := range start.nInit {
		dst = appendF32(dst, start.cells[i].x, start.cells[i].y)
	}
	closeMessage(dst, at, 0)

	at = openMessage(&dst, msgGameStarts)
	dst = appendU32(dst, v.Seat)
	dst = v.r.appendOriginalState(dst, &start)
	closeMessage(dst, at, 0)
	return dst
}

// AppendOriginalTurn appends the TURN message of the turn about to be
// played, numbered from 0: the state.
func (v *View) AppendOriginalTurn(dst []byte) []byte {
	at := openMessage(&dst, msgTurn)
	dst = appendU32(dst, v.Turn-1)
	dst = v.r.appendOriginalState(dst, v.s)
	closeMessage(dst, at, 4)
	return dst
}

// AppendOriginalEnd appends GAME_ENDS: the winner (the best score, the
// lowest seat among equals) and every player's name ("player 0", …: the
// seats) and score's integer part.
func (v *View) AppendOriginalEnd(dst []byte) []byte {
	s := v.s
	winner := 0
	for seat, score := range s.scores {
		if score > s.scores[winner] {
			winner = seat
		}
	}
	at := openMessage(&dst, msgGameEnds)
	dst = appendU32(dst, winner, len(s.scores))
	for seat, score := range s.scores {
		dst = appendU32(dst, seat)
		dst = appendName(dst, seat)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(score))
	}
	closeMessage(dst, at, 0)
	return dst
}

// appendOriginalState appends the state as TURN and GAME_STARTS carry it:
// the initial neutrals' respawn counters (0: there), the other neutrals,
// the viruses, the player cells and the players, each list a u32 count
// then its entries in ascending id.
func (r *Rules) appendOriginalState(dst []byte, s *State) []byte {
	dst = appendU32(dst, s.nInit)
	for i := range s.nInit {
		respawnIn := 0
		if c := &s.cells[i]; !c.alive {
			respawnIn = int(c.due) - s.turn
		}
		dst = appendU32(dst, respawnIn)
	}
	dst = appendU32(dst, len(s.neutrals))
	for _, slot := range s.neutrals {
		c := &s.cells[slot]
		dst = appendU32(dst, c.id)
		dst = appendF32(dst, c.mass, c.x, c.y)
	}
	dst = appendU32(dst, len(s.viruses))
	for _, slot := range s.viruses {
		c := &s.cells[slot]
		dst = appendU32(dst, c.id)
		dst = appendF32(dst, c.x, c.y)
	}
	dst = appendU32(dst, len(s.players))
	for _, slot := range s.players {
		c := &s.cells[slot]
		dst = appendU32(dst, c.id)
		dst = appendF32(dst, c.x, c.y)
		dst = appendU32(dst, int(c.owner))
		dst = appendF32(dst, c.mass)
		dst = appendU32(dst, int(c.isolation))
	}
	dst = appendU32(dst, len(s.owned))
	for seat, cells := range s.owned {
		mass := 0.0
		for _, slot := range cells {
			mass += s.cells[slot].mass
		}
		dst = appendU32(dst, seat)
		dst = appendName(dst, seat)
		dst = appendU32(dst, len(cells))
		dst = appendF32(dst, mass)
		dst = binary.LittleEndian.AppendUint64(dst, uint64(s.scores[seat]))
	}
	return dst
}

// openMessage appends a message's type and room for its size, and returns
// where the size goes.
func openMessage(dst *[]byte, kind byte) int {
	*dst = append(*dst, kind, 0, 0, 0, 0)
	return len(*dst) - 4
}

// closeMessage writes the size of the message whose size goes at at: what
// follows it, less the turn number's uncounted bytes.
func closeMessage(dst []byte, at, uncounted int) {
	binary.LittleEndian.PutUint32(dst[at:], uint32(len(dst)-at-4-uncounted))
}

// appendName appends a seat's name as a string: "player N".
func appendName(dst []byte, seat int) []byte {
	n := len("player ") + len(strconv.Itoa(seat))
	dst = binary.LittleEndian.AppendUint32(dst, uint32(n))
	dst = append(dst, "player "...)
	return strconv.AppendInt(dst, int64(seat), 10)
}

// appendU32 appends each value as a u32.
func appendU32(dst []byte, vs ...int) []byte {
	for _, v := range vs {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(v))
	}
	return dst
}

// appendF32 appends each value as a float32.
func appendF32(dst []byte, vs ...float64) []byte {
	for _, v := range vs {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(float32(v)))
	}
	return dst
}
