package minibus

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// scene is a position of a 2-player game at turn 30 in which neither
// player has money to spend: stations at (x, y) with a number of
// passengers waiting, each bound for the next station by id; empty buses,
// one car each, of an owner at (x, y) heading to a station. Bus 0 is the
// strong bot's, seat 0.
type scene struct {
	stations [][3]int // x, y, waiting
	buses    [][4]int // owner, x, y, destination
}

// state returns the scene as the engine's JSON form of a state.
func (sc scene) state(t *testing.T) []byte {
	t.Helper()
	type station struct {
		X        int      `json:"x"`
		Y        int      `json:"y"`
		Capacity int      `json:"capacity"`
		Queue    [][2]int `json:"queue"`
	}
	type bus struct {
		Owner  int      `json:"owner"`
		X      int      `json:"x"`
		Y      int      `json:"y"`
		Dest   int      `json:"dest"`
		Cars   int      `json:"cars"`
		Bought int      `json:"bought"`
		Riders [][2]int `json:"riders"`
	}
	player := map[string]any{"money": 0, "sb": 0, "sp": 0, "ct": 0, "status": "playing", "score": 0, "end_turn": 0}
	st := map[string]any{"turn": 30, "over": false, "grid_size": 10, "players": []any{player, player},
		"delivered": 0, "lost": 0, "od": make([][minibus.MaxStations]int, minibus.MaxStations)}
	var stations []station
	passengers := 0
	for i, s := range sc.stations {
		queue := [][2]int{}
		for range s[2] {
			queue = append(queue, [2]int{passengers, (i + 1) % len(sc.stations)})
			passengers++
		}
		stations = append(stations, station{X: s[0], Y: s[1], Capacity: 10, Queue: queue})
	}
	var buses []bus
	for _, b := range sc.buses {
		buses = append(buses, bus{Owner: b[0], X: b[1], Y: b[2], Dest: b[3], Cars: 1, Bought: 1, Riders: [][2]int{}})
	}
	st["stations"], st["buses"], st["passengers"] = stations, buses, passengers
	data, err := json.Marshal(st)
	require.NoError(t, err)
	return data
}

// TestStrongRoutes checks where the strong bot sends its bus, bus 0, in
// positions that tell its routing rules apart: the commands it gives bus 0
// on its first turn in each.
func TestStrongRoutes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scene scene
		want  string // bus 0's command, "" for none
	}{
		{
			// A rival on its way with more free seats than the 3 waiting
			// does not make it leave a queue it can load now, not even for
			// a larger queue near by.
			name: "loads the queue it stands at",
			scene: scene{
				stations: [][3]int{{0, 0, 3}, {9, 9, 0}, {3, 3, 4}},
				buses:    [][4]int{{0, 0, 0, 0}, {1, 1, 1, 0}},
			},
		},
		{
			// The rival heading for station 0 gets there 4 turns after it:
			// the 4 waiting there are its to take.
			name: "heads for a queue a rival reaches later",
			scene: scene{
				stations: [][3]int{{2, 2, 4}, {4, 0, 2}, {0, 0, 0}},
				buses:    [][4]int{{0, 0, 0, 2}, {1, 8, 8, 0}},
			},
			want: "DESTINATION 0 0",
		},
		{
			// The rival a step from station 0 takes its 3 passengers
			// before it could: station 1 is worth the longer drive.
			name: "leaves a queue to a rival that gets there first",
			scene: scene{
				stations: [][3]int{{4, 4, 3}, {5, 0, 2}, {0, 0, 0}},
				buses:    [][4]int{{0, 0, 0, 2}, {1, 5, 5, 0}},
			},
			want: "DESTINATION 0 1",
		},
		{
			// On its way to an empty station where a rival already
			// stands, it turns to the queue that formed meanwhile.
			name: "turns on its way to a queue that formed",
			scene: scene{
				stations: [][3]int{{6, 6, 0}, {0, 2, 3}, {9, 0, 0}},
				buses:    [][4]int{{0, 2, 2, 0}, {1, 6, 6, 0}},
			},
			want: "DESTINATION 0 1",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules, eff := newRules(t, params("players", 2))
			var s minibus.State
			require.NoError(t, rules.ParseState(tc.scene.state(t), &s))
			var v minibus.View
			rules.Observe(&s, 0, &v)
			p := newPlayerOf(t, "strong")()
			p.Reset(sim.MatchInfo{Seat: 0, Seats: 2, Params: eff}, nil)
			act, err := p.Act(&v)
			require.NoError(t, err)
			got := ""
			for part := range strings.SplitSeq(string(act.Line), ";") {
				if c, err := minibus.ParseCommand([]byte(strings.TrimSpace(part))); err == nil && c.Op == minibus.OpDestination && c.Bus == 0 {
					got = strings.TrimSpace(part)
				}
			}
			require.Equal(t, tc.want, got, "the whole line: %q", act.Line)
		})
	}
}
