package sopra

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// stateJSON is the JSON form of a state (see AppendState).
type stateJSON struct {
	Round   int `json:"round"`
	Rounds  int `json:"rounds"`
	Width   int `json:"width"`
	Height  int `json:"height"`
	Players []struct {
		X          int    `json:"x"`
		Y          int    `json:"y"`
		Caddie     [2]int `json:"caddie"`
		Score      int    `json:"score"`
		Jumps      int    `json:"jumps"`
		Carrying   int    `json:"carrying"`
		Stunned    bool   `json:"stunned"`
		Protected  int    `json:"protected"`
		Slaps      int    `json:"slaps"`
		Pickups    int    `json:"pickups"`
		Deliveries int    `json:"deliveries"`
		Penalties  int    `json:"penalties"`
		NoAnswers  int    `json:"no_answers"`
	} `json:"players"`
	Logos []struct {
		X         int  `json:"x"`
		Y         int  `json:"y"`
		Carrier   int  `json:"carrier"`
		Delivered bool `json:"delivered"`
	} `json:"logos"`
}

// ParseState reads the JSON form of a state (AppendState) into s. It
// refuses a board or a number of rounds or players other than the rules',
// a player or caddie off the board or on another's cell, two free logos on
// one cell, and a carried logo that its carrier does not carry or that is
// not where its carrier stands.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v stateJSON
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("sopra: state: %v", err)
	}
	switch {
	case v.Width != r.Width || v.Height != r.Height:
		return fmt.Errorf("sopra: state: a %d×%d board, and the rules' is %d×%d", v.Width, v.Height, r.Width, r.Height)
	case v.Rounds != r.Rounds || v.Round < 0 || v.Round > v.Rounds:
		return fmt.Errorf("sopra: state: round %d of %d, and the rules play %d", v.Round, v.Rounds, r.Rounds)
	case len(v.Players) != r.Players:
		return fmt.Errorf("sopra: state: %d players, and the rules have %d", len(v.Players), r.Players)
	}
	s.width, s.height, s.round, s.rounds = r.Width, r.Height, v.Round, r.Rounds
	s.rotate, s.reach = r.Order == OrderRotate, r.neighbours
	n := r.Width * r.Height
	s.occupant, s.caddie, s.logoAt = grow(s.occupant, n), grow(s.caddie, n), grow(s.logoAt, n)
	clear(s.occupant)
	clear(s.caddie)
	clear(s.logoAt)
	s.players = grow(s.players, r.Players)
	s.order = grow(s.order, r.Players)
	s.idle = grow(s.idle, r.Players)
	for seat, p := range v.Players {
		pos, home := Cell{p.X, p.Y}, Cell{p.Caddie[0], p.Caddie[1]}
		switch {
		case !r.onBoard(pos):
			return fmt.Errorf("sopra: state: players[%d]: (%d,%d) is off the board", seat, pos.X, pos.Y)
		case s.occupant[s.index(pos)] != 0:
			return fmt.Errorf("sopra: state: players[%d]: (%d,%d) holds another player", seat, pos.X, pos.Y)
		case !r.onBoard(home) || s.caddie[s.index(home)] != 0:
			return fmt.Errorf("sopra: state: players[%d].caddie: (%d,%d) is off the board or another's", seat, home.X, home.Y)
		case p.Protected != noOne && (p.Protected < 0 || p.Protected >= r.Players || p.Protected == seat):
			return fmt.Errorf("sopra: state: players[%d].protected: %d is not another seat or -1", seat, p.Protected)
		case p.Carrying != noOne && (p.Carrying < 0 || p.Carrying >= len(v.Logos) || v.Logos[p.Carrying].Carrier != seat):
			return fmt.Errorf("sopra: state: players[%d].carrying: logo %d is not carried by it", seat, p.Carrying)
		case p.Jumps < 0:
			return fmt.Errorf("sopra: state: players[%d].jumps: %d", seat, p.Jumps)
		}
		s.players[seat] = Player{Pos: pos, Caddie: home, Score: p.Score, Jumps: p.Jumps, Carrying: p.Carrying,
			Stunned: p.Stunned, Protected: p.Protected, Slaps: p.Slaps, Pickups: p.Pickups,
			Deliveries: p.Deliveries, Penalties: p.Penalties, NoAnswers: p.NoAnswers}
		s.occupant[s.index(pos)] = int8(seat + 1)
		s.caddie[s.index(home)] = int8(seat + 1)
	}
	s.logos = s.logos[:0]
	for i, l := range v.Logos {
		pos := Cell{l.X, l.Y}
		switch {
		case !r.onBoard(pos):
			return fmt.Errorf("sopra: state: logos[%d]: (%d,%d) is off the board", i, pos.X, pos.Y)
		case l.Carrier != noOne && (l.Carrier < 0 || l.Carrier >= r.Players || v.Players[l.Carrier].Carrying != i):
			return fmt.Errorf("sopra: state: logos[%d].carrier: %d does not carry it", i, l.Carrier)
		case l.Carrier != noOne && (l.Delivered || s.players[l.Carrier].Pos != pos):
			return fmt.Errorf("sopra: state: logos[%d]: carried, so where its carrier stands and not delivered", i)
		}
		s.logos = append(s.logos, Logo{Pos: pos, Carrier: l.Carrier, Delivered: l.Delivered})
		if l.Carrier == noOne && !l.Delivered {
			if s.logoAt[s.index(pos)] != 0 {
				return fmt.Errorf("sopra: state: logos[%d]: a second free logo on (%d,%d)", i, pos.X, pos.Y)
			}
			s.logoAt[s.index(pos)] = int16(i + 1)
		}
	}
	return nil
}
