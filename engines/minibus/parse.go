package minibus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// stateJSON is the JSON form of a state (see AppendState).
type stateJSON struct {
	Turn     int  `json:"turn"`
	Over     bool `json:"over"`
	GridSize int  `json:"grid_size"`
	Players  []struct {
		Money   int    `json:"money"`
		SB      int    `json:"sb"`
		SP      int    `json:"sp"`
		CT      int    `json:"ct"`
		Status  string `json:"status"`
		Score   int    `json:"score"`
		EndTurn int    `json:"end_turn"`
	} `json:"players"`
	Stations []struct {
		X        int      `json:"x"`
		Y        int      `json:"y"`
		Capacity int      `json:"capacity"`
		Queue    [][2]int `json:"queue"`
	} `json:"stations"`
	Buses []struct {
		Owner     int      `json:"owner"`
		X         int      `json:"x"`
		Y         int      `json:"y"`
		Dest      int      `json:"dest"`
		Cars      int      `json:"cars"`
		Bought    int      `json:"bought"`
		Destroyed bool     `json:"destroyed"`
		Riders    [][2]int `json:"riders"`
	} `json:"buses"`
	Passengers int       `json:"passengers"`
	Delivered  int       `json:"delivered"`
	Lost       int       `json:"lost"`
	OD         [][]uint8 `json:"od"`
}

// unknownStation is the trip's end of a passenger read back from a state
// that does not tell it: the origin of a rider, both ends of a passenger
// gone (delivered or lost).
const unknownStation = -1

// ParseState reads the JSON form of a state (AppendState) into s. The JSON
// holds everything the rules and the hash depend on; it does not hold what
// the players were told of the last turn (the new station, the passengers
// that appeared, boarded and were dropped: none after ParseState), nor the
// origin of a passenger on a bus or of one gone (View.Trip says -1). It
// refuses another grid or number of players than the rules', an unknown
// status, a passenger id out of range or listed twice, a destination or a
// bus's station that does not exist, a bus of no player, and an
// origin–destination matrix of another shape.
func (r *Rules) ParseState(data []byte, s *State) error {
	var v stateJSON
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return fmt.Errorf("minibus: state: %v", err)
	}
	switch {
	case v.GridSize != r.GridSize:
		return fmt.Errorf("minibus: state: grid_size %d, and the rules' is %d", v.GridSize, r.GridSize)
	case len(v.Players) != r.Players:
		return fmt.Errorf("minibus: state: %d players, and the rules have %d", len(v.Players), r.Players)
	case len(v.Stations) > MaxStations:
		return fmt.Errorf("minibus: state: %d stations, at most %d", len(v.Stations), MaxStations)
	case len(v.OD) != MaxStations:
		return fmt.Errorf("minibus: state: od has %d rows, want %d", len(v.OD), MaxStations)
	case v.Passengers < 0 || v.Passengers > 1<<24:
		return fmt.Errorf("minibus: state: passengers %d", v.Passengers)
	}
	s.turn, s.started, s.over, s.grid = v.Turn, r.Players, v.Over, r.GridSize
	s.delivered, s.lost = v.Delivered, v.Lost
	s.newStation = -1
	s.spawned, s.boarded, s.dropped = s.spawned[:0], s.boarded[:0], s.dropped[:0]
	for i, row := range v.OD {
		if len(row) != MaxStations {
			return fmt.Errorf("minibus: state: od[%d] has %d entries, want %d", i, len(row), MaxStations)
		}
		copy(s.od[i][:], row)
	}
	s.pass = grow(s.pass, v.Passengers)
	for i := range s.pass {
		s.pass[i] = passenger{unknownStation, unknownStation}
	}
	listed := make([]bool, v.Passengers)
	// take reads a list of [id, dest] passengers met at origin.
	take := func(field string, list [][2]int, origin int, dst []int32) ([]int32, error) {
		dst = dst[:0]
		for i, p := range list {
			id, dest := p[0], p[1]
			switch {
			case id < 0 || id >= v.Passengers || listed[id]:
				return nil, fmt.Errorf("minibus: state: %s[%d]: passenger %d is not 0..%d or is listed twice", field, i, id, v.Passengers-1)
			case dest < 0 || dest >= len(v.Stations):
				return nil, fmt.Errorf("minibus: state: %s[%d]: destination %d is no station", field, i, dest)
			}
			listed[id] = true
			s.pass[id] = passenger{int8(origin), int8(dest)}
			dst = append(dst, int32(id))
		}
		return dst, nil
	}
	s.stations = grow(s.stations, len(v.Stations))
	for i, st := range v.Stations {
		if st.X < 0 || st.X >= r.GridSize || st.Y < 0 || st.Y >= r.GridSize || st.Capacity < 1 {
			return fmt.Errorf("minibus: state: stations[%d]: (%d,%d) of capacity %d is off the grid or holds nobody", i, st.X, st.Y, st.Capacity)
		}
		q, err := take(fmt.Sprintf("stations[%d].queue", i), st.Queue, i, s.stations[i].queue)
		if err != nil {
			return err
		}
		s.stations[i] = station{x: st.X, y: st.Y, capacity: st.Capacity, queue: q}
	}
	s.players = grow(s.players, r.Players)
	for k, p := range v.Players {
		status := slices.Index(statusNames[:], p.Status)
		if status < 0 {
			return fmt.Errorf("minibus: state: players[%d].status: %q (want one of %v)", k, p.Status, statusNames)
		}
		s.players[k] = player{money: p.Money, sb: p.SB, sp: p.SP, ct: p.CT, status: Status(status), score: p.Score, endTurn: p.EndTurn}
	}
	s.buses = grow(s.buses, len(v.Buses))
	for i, b := range v.Buses {
		switch {
		case b.Owner < 0 || b.Owner >= r.Players:
			return fmt.Errorf("minibus: state: buses[%d].owner: %d is no player", i, b.Owner)
		case b.Dest < 0 || b.Dest >= len(v.Stations):
			return fmt.Errorf("minibus: state: buses[%d].dest: %d is no station", i, b.Dest)
		case b.Cars < 1:
			return fmt.Errorf("minibus: state: buses[%d].cars: %d", i, b.Cars)
		}
		riders, err := take(fmt.Sprintf("buses[%d].riders", i), b.Riders, unknownStation, s.buses[i].riders)
		if err != nil {
			return err
		}
		nb := bus{owner: b.Owner, x: b.X, y: b.Y, dest: b.Dest, cars: b.Cars, bought: b.Bought, destroyed: b.Destroyed, riders: riders}
		for _, id := range riders {
			nb.bound[s.pass[id].dest]++
		}
		s.buses[i] = nb
		s.players[b.Owner].buses++
	}
	return nil
}
