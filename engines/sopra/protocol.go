package sopra

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/arenasim/arena/sim"
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

// The original protocol over TCP (seed, "Communication avec le serveur"),
// as arena serves it: the program is started with the server's host and
// port, a game id and its team id as its last arguments; it connects,
// registers with secret%%inscription::GAMEID;TEAMID and is answered
// "Inscription OK"; every round it plays it receives a worldstate line and
// answers an action line; "game over" ends the match. The team ids are the
// seats' numbers from 1 (a seat's own is its team id); any secret is taken.

// GameID is the game id arena gives the programs of the original protocol.
const GameID = "1"

// teamIDs are the team ids of the worldstate lines: the seats from 1.
var teamIDs = []string{"1", "2", "3", "4", "5", "6"}

// TeamID returns the team id of seat.
func TeamID(seat int) string { return teamIDs[seat] }

// maxLineBytes caps a line a program sends.
const maxLineBytes = 4096

// Protocol is the original protocol's greeting, answers and goodbye.
var Protocol = &sim.Protocol{
	Args: func(host string, port, seat int) []string {
		return []string{host, strconv.Itoa(port), GameID, TeamID(seat)}
	},
	Hello: func(r *bufio.Reader, seat int) ([]byte, error) {
		line, err := sim.ReadLine(r, maxLineBytes)
		if err != nil {
			return nil, err
		}
		_, rest, ok := strings.Cut(line, "%%inscription::")
		game, team, ok2 := strings.Cut(rest, ";")
		switch {
		case !ok || !ok2:
			return nil, fmt.Errorf("%q is not an inscription (want secret%%%%inscription::GAMEID;TEAMID)", line)
		case game != GameID || team != TeamID(seat):
			return nil, fmt.Errorf("inscription to game %s as team %s, want game %s as team %s", game, team, GameID, TeamID(seat))
		}
		return []byte("Inscription OK\n"), nil
	},
	Answer: func(r *bufio.Reader, seat int) (string, error) {
		line, err := sim.ReadLine(r, maxLineBytes)
		if err != nil {
			return "", err
		}
		a, err := ParseActionLine(line)
		if err != nil {
			return "", &sim.InvalidAnswer{Err: err}
		}
		if a.Team != "" && a.Team != TeamID(seat) {
			return "", &sim.InvalidAnswer{Err: fmt.Errorf("an action of team %s, not this seat's %s: ignored", a.Team, TeamID(seat))}
		}
		return a.Action.String(), nil
	},
	Bye: []byte("game over\n"),
}

// AppendWorldStateLine appends the round's worldstate line, with the
// original protocol's team ids and a newline.
func (v *View) AppendWorldStateLine(dst []byte) []byte {
	return append(v.AppendWorldState(dst, teamIDs[:v.Players]), '\n')
}
