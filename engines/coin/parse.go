package coin

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ParseState reads the JSON form of a state (AppendState) into s. It
// refuses another number of players than the rules', a turn other than 0
// or 1, "over" that disagrees with the turn, places before the draw or
// outside 1..N after it, and an Elo out of range.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v struct {
		Turn    int  `json:"turn"`
		Over    bool `json:"over"`
		Players []struct {
			Elo   *float64 `json:"elo"`
			Place int      `json:"place"`
		} `json:"players"`
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("coin: state: %v", err)
	}
	switch {
	case len(v.Players) != r.Players:
		return fmt.Errorf("coin: state: %d players, and the rules have %d", len(v.Players), r.Players)
	case v.Turn != 0 && v.Turn != 1:
		return fmt.Errorf("coin: state: turn %d, want 0 or 1 (a match is one turn)", v.Turn)
	case v.Over != (v.Turn == 1):
		return fmt.Errorf("coin: state: over is %v after turn %d", v.Over, v.Turn)
	}
	r.Init(s, nil)
	s.turn = v.Turn
	for seat, p := range v.Players {
		switch {
		case v.Turn == 0 && (p.Place != 0 || p.Elo != nil):
			return fmt.Errorf("coin: state: players[%d]: a place or an Elo before the turn", seat)
		case v.Turn == 1 && (p.Place < 1 || p.Place > r.Players):
			return fmt.Errorf("coin: state: players[%d].place: %d, not in 1..%d", seat, p.Place, r.Players)
		case p.Elo != nil && (*p.Elo < MinElo || *p.Elo > MaxElo):
			return fmt.Errorf("coin: state: players[%d].elo: %v, not in %d..%d", seat, *p.Elo, MinElo, MaxElo)
		}
		s.places[seat] = p.Place
		if p.Elo != nil {
			s.answered[seat], s.elos[seat] = true, *p.Elo
		}
	}
	return nil
}
