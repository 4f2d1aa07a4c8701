package sopra

import (
	"fmt"
	"strconv"
	"strings"
)

// The original line protocol (rule sheet, "What a bot sees"; seed, "Jeu").
// The server sends, in every round, to every player it asks:
//
//	worldstate::ROUND;PLAYERS;LOGOS;CADDIES;
//
// PLAYERS is id,x,y,score,state entries separated by ':' (state "playing"
// or "stunned"), LOGOS x,y entries (a carried logo at its carrier's cell),
// CADDIES id,x,y entries. The player answers
//
//	secret%%action::team;game;round;direction

// AppendWorldState appends the worldstate line of this round, without a
// newline. ids[seat] is the team id the line shows for each seat; nil shows
// the seat numbers from 0. Players and caddies are listed in seat order,
// logos in the order they were placed, delivered ones left out.
func (v *View) AppendWorldState(dst []byte, ids []string) []byte {
	s := v.s
	dst = append(dst, "worldstate::"...)
	dst = strconv.AppendInt(dst, int64(v.Round), 10)
	dst = append(dst, ';')
	for seat, p := range s.players {
		if seat > 0 {
			dst = append(dst, ':')
		}
		dst = appendID(dst, ids, seat)
		dst = appendXY(dst, p.Pos)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(p.Score), 10)
		if p.Stunned {
			dst = append(dst, ",stunned"...)
		} else {
			dst = append(dst, ",playing"...)
		}
	}
	dst = append(dst, ';')
	first := true
	for _, l := range s.logos {
		if l.Delivered {
			continue
		}
		if !first {
			dst = append(dst, ':')
		}
		first = false
		dst = strconv.AppendInt(dst, int64(l.Pos.X), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(l.Pos.Y), 10)
	}
	dst = append(dst, ';')
	for seat, p := range s.players {
		if seat > 0 {
			dst = append(dst, ':')
		}
		dst = appendID(dst, ids, seat)
		dst = appendXY(dst, p.Caddie)
	}
	return append(dst, ';')
}

// appendID appends seat's team id.
func appendID(dst []byte, ids []string, seat int) []byte {
	if ids == nil {
		return strconv.AppendInt(dst, int64(seat), 10)
	}
	return append(dst, ids[seat]...)
}

// appendXY appends ",x,y".
func appendXY(dst []byte, c Cell) []byte {
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(c.X), 10)
	dst = append(dst, ',')
	return strconv.AppendInt(dst, int64(c.Y), 10)
}

// ActionLine is a player's answer in the original protocol.
type ActionLine struct {
	Secret, Team, Game string // empty for a bare direction
	Round              int    // 0 for a bare direction
	Action             Action
}

// ParseActionLine reads a player's answer: the protocol's
// secret%%action::team;game;round;direction, or a bare direction (an
// answer's surrounding white space and line end are ignored). The round
// must be a whole number; the server compares it, the secret and the team
// with its own.
func ParseActionLine(line string) (ActionLine, error) {
	t := strings.TrimSpace(line)
	secret, rest, found := strings.Cut(t, "%%action::")
	if !found {
		if strings.Contains(t, "%%") || strings.Contains(t, "::") {
			return ActionLine{}, fmt.Errorf("sopra: %q is not an action line (want secret%%%%action::team;game;round;direction)", line)
		}
		a, err := ParseAction(t)
		return ActionLine{Action: a}, err
	}
	fields := strings.Split(rest, ";")
	if len(fields) != 4 {
		return ActionLine{}, fmt.Errorf("sopra: %q has %d fields after action::, want 4 (team;game;round;direction)", line, len(fields))
	}
	round, err := strconv.Atoi(fields[2])
	if err != nil {
		return ActionLine{}, fmt.Errorf("sopra: %q: round %q is not a whole number", line, fields[2])
	}
	a, err := ParseAction(fields[3])
	if err != nil {
		return ActionLine{}, err
	}
	return ActionLine{Secret: secret, Team: fields[0], Game: fields[1], Round: round, Action: a}, nil
}

// AppendActionLine appends the protocol's action line for l, without a
// newline: what an original client sends.
func AppendActionLine(dst []byte, l ActionLine) []byte {
	dst = append(dst, l.Secret...)
	dst = append(dst, "%%action::"...)
	dst = append(dst, l.Team...)
	dst = append(dst, ';')
	dst = append(dst, l.Game...)
	dst = append(dst, ';')
	dst = strconv.AppendInt(dst, int64(l.Round), 10)
	dst = append(dst, ';')
	return append(dst, l.Action.String()...)
}
