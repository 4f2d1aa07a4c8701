package tron

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// stateJSON is the JSON form of a state (see AppendState).
type stateJSON struct {
	Turn    int  `json:"turn"`
	Width   int  `json:"width"`
	Height  int  `json:"height"`
	Over    bool `json:"over"`
	Players []struct {
		Eliminated int      `json:"eliminated"`
		Trail      [][2]int `json:"trail"`
	} `json:"players"`
}

// ParseState reads the JSON form of a state (AppendState) into s: trails
// head first, empty once eliminated. It refuses a board of another size
// than the rules', another number of players, a cell off the board or
// taken twice, a player alive with no trail or eliminated with one, or an
// elimination after the turn.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v stateJSON
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("tron: state: %v", err)
	}
	switch {
	case v.Width != r.Width || v.Height != r.Height:
		return fmt.Errorf("tron: state: a %d×%d board, and the rules' is %d×%d", v.Width, v.Height, r.Width, r.Height)
	case len(v.Players) != r.Players:
		return fmt.Errorf("tron: state: %d players, and the rules have %d", len(v.Players), r.Players)
	case v.Turn < 0:
		return fmt.Errorf("tron: state: turn %d", v.Turn)
	}
	r.emptyBoard(s)
	s.turn, s.over, s.alive = v.Turn, v.Over, 0
	for seat, p := range v.Players {
		switch {
		case p.Eliminated < 0 || p.Eliminated > v.Turn:
			return fmt.Errorf("tron: state: players[%d].eliminated: %d, not in 0..%d", seat, p.Eliminated, v.Turn)
		case p.Eliminated == 0 && len(p.Trail) == 0:
			return fmt.Errorf("tron: state: players[%d]: alive with no trail", seat)
		case p.Eliminated > 0 && len(p.Trail) > 0:
			return fmt.Errorf("tron: state: players[%d]: eliminated in turn %d with a trail", seat, p.Eliminated)
		}
		s.eliminated[seat] = p.Eliminated
		if p.Eliminated == 0 {
			s.alive++
		}
		for i := len(p.Trail) - 1; i >= 0; i-- { // the trail is head first
			x, y := p.Trail[i][0], p.Trail[i][1]
			if !r.onBoard(x, y) {
				return fmt.Errorf("tron: state: players[%d].trail[%d]: (%d,%d) is off the board", seat, i, x, y)
			}
			c := s.index(x, y)
			if s.grid[c] != free {
				return fmt.Errorf("tron: state: players[%d].trail[%d]: (%d,%d) is taken twice", seat, i, x, y)
			}
			s.grid[c] = uint8(seat + 1)
			s.trails[seat] = append(s.trails[seat], int32(c))
		}
	}
	return nil
}
