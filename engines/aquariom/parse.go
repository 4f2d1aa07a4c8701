package aquariom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
)

// stateJSON is the JSON form of a state (see AppendState), with the
// respawns ParseState also reads.
type stateJSON struct {
	Turn     int           `json:"turn"`
	NextID   int           `json:"next_id"`
	Scores   []float64     `json:"scores"`
	Players  [][][]float64 `json:"players"`  // per seat: [id,x,y,mass,isolation]
	Viruses  [][]float64   `json:"viruses"`  // [id,x,y]
	Neutrals [][]float64   `json:"neutrals"` // [id,x,y,mass]
	Eaten    []int         `json:"eaten"`    // initial neutrals eaten in the last step
	// Respawns, which AppendState does not write (a trace tells them: see
	// RebuildEaten), lists the initial neutrals eaten in earlier steps and
	// not yet back, as [id, turn it reappears in].
	Respawns [][2]int `json:"respawns"`
}

// ParseState reads the JSON form of a state (AppendState) into s. A state
// line alone lists only the initial neutrals eaten in its own step
// ("eaten"); those eaten before and not yet back are given in "respawns",
// [[id, turn it reappears in],…], which a trace rebuilds (RebuildEaten).
// A virus has virus_mass. It refuses another number of players than the
// rules', ids that are not ascending, below the initial neutrals' or not
// below next_id, and cells off the map.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v stateJSON
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("aquariom: state: %v", err)
	}
	c := &r.cfg
	switch {
	case len(v.Scores) != c.Players || len(v.Players) != c.Players:
		return fmt.Errorf("aquariom: state: %d scores and %d players' cells, and the rules have %d players", len(v.Scores), len(v.Players), c.Players)
	case v.Turn < 0 || v.Turn > c.NbTurns:
		return fmt.Errorf("aquariom: state: turn %d, not in 0..%d", v.Turn, c.NbTurns)
	}
	r.placeNeutrals(s)
	s.turn = v.Turn
	copy(s.scores, v.Scores)
	last := s.nInit - 1 // the last id read, for ascending order within a list
	add := func(field string, i int, e []float64, want int, kind Kind, owner int) (int32, error) {
		if len(e) != want {
			return 0, fmt.Errorf("aquariom: state: %s[%d]: %d numbers, want %d", field, i, len(e), want)
		}
		id := int(e[0])
		switch {
		case float64(id) != e[0] || id <= last || id >= v.NextID:
			return 0, fmt.Errorf("aquariom: state: %s[%d]: id %v, not a whole number above %d and below next_id %d", field, i, e[0], last, v.NextID)
		case !r.onMap(e[1], e[2]):
			return 0, fmt.Errorf("aquariom: state: %s[%d]: (%v,%v) is off the map", field, i, e[1], e[2])
		}
		last = id
		mass := c.VirusMass
		if want > 3 {
			mass = e[3]
		}
		if !(mass > 0) || math.IsInf(mass, 0) {
			return 0, fmt.Errorf("aquariom: state: %s[%d]: mass %v", field, i, mass)
		}
		s.nextID = id
		return s.newCell(kind, owner, e[1], e[2], mass), nil
	}
	for i, e := range v.Neutrals {
		slot, err := add("neutrals", i, e, 4, KindNeutral, -1)
		if err != nil {
			return err
		}
		s.neutrals = append(s.neutrals, slot)
	}
	last = s.nInit - 1
	for i, e := range v.Viruses {
		if _, err := add("viruses", i, e, 3, KindVirus, -1); err != nil {
			return err
		}
	}
	for seat, cells := range v.Players {
		last = s.nInit - 1
		for i, e := range cells {
			slot, err := add(fmt.Sprintf("players[%d]", seat), i, e, 5, KindPlayer, seat)
			if err != nil {
				return err
			}
			if e[4] < 0 || e[4] != math.Trunc(e[4]) {
				return fmt.Errorf("aquariom: state: players[%d][%d]: isolation %v", seat, i, e[4])
			}
			s.cells[slot].isolation = int32(e[4])
		}
	}
	s.sortByID(s.players)
	s.nextID = v.NextID
	for _, id := range v.Eaten {
		if err := r.eaten(s, id, v.Turn+c.InitialNeutralCellsRepopTime, "eaten"); err != nil {
			return err
		}
	}
	for _, e := range v.Respawns {
		if e[1] <= v.Turn {
			return fmt.Errorf("aquariom: state: respawns: neutral %d back in turn %d, not after turn %d", e[0], e[1], v.Turn)
		}
		if err := r.eaten(s, e[0], e[1], "respawns"); err != nil {
			return err
		}
	}
	return nil
}

// eaten marks initial neutral id eaten, back in turn due.
func (r *Rules) eaten(s *State, id, due int, field string) error {
	if id < 0 || id >= s.nInit || !s.cells[id].alive {
		return fmt.Errorf("aquariom: state: %s: %d is not an initial neutral, or is listed twice", field, id)
	}
	slot := int32(id)
	c := &s.cells[slot]
	s.remove(&s.ngrid, slot)
	c.alive, c.due = false, int32(due)
	if due <= r.cfg.NbTurns {
		b := due % len(s.respawn)
		c.next, s.respawn[b] = s.respawn[b], slot
	}
	return nil
}
