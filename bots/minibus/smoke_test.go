package minibus

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestStrongNeverFaults plays the strong bot in every seat count, on odd
// grids and price lists, against itself and the league AIs, and checks
// that it never sends an invalid command.
func TestStrongNeverFaults(t *testing.T) {
	cases := []sim.Params{
		params("players", 1),
		params("players", 2),
		params("players", 3, "boarding", "free_seats"),
		params("players", 4, "grid_size", 4, "max_stations", 10, "initial_stations", 1),
		params("players", 4, "grid_size", 30, "station_every", 3),
		params("players", 2, "max_buses", 0),
		params("players", 2, "start_money", 0),
		params("players", 3, "bus_price", 0, "upgrade_price", 0, "sb_price", 0, "sp_price", 0, "ct_price", 0, "sb_max", 10, "goal_money", 100000),
		params("players", 2, "max_stations", 1, "initial_stations", 1),
		params("players", 2, "max_stations", 2, "initial_stations", 2, "stations", [][]int{{0, 0, 29}, {9, 9, 29}}),
		params("players", 4, "max_turns", 2000, "goal_money", 5000, "ct_max", 0, "sp_max", 0),
	}
	others := []string{"strong", "iaTICE", "iaKeolis", "iaTransdev", "iaRATP", "iaSNCF"}
	for i, overrides := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			rules, eff := newRules(t, overrides)
			m := sim.NewMatch(rules, eff)
			players := []player{newPlayerOf(t, "strong")()}
			for k := 1; k < rules.Seats(); k++ {
				players = append(players, newPlayerOf(t, others[(i+k)%len(others)])())
			}
			for g := range 3 {
				r := m.Play(context.Background(), sim.Derive(5, uint64(g)), players)
				require.NoError(t, r.Err)
				for _, f := range r.Faults {
					require.NotEqual(t, 0, f.Seat, "the strong bot faulted: %+v", f)
					if i < 7 {
						require.Failf(t, "a league AI faulted", "%+v", f)
					}
				}
			}
		})
	}
}

// TestStrongDeterministic replays a match and expects the same one.
func TestStrongDeterministic(t *testing.T) {
	rules, eff := newRules(t, params("players", 4))
	play := func() sim.Result {
		m := sim.NewMatch(rules, eff)
		return m.Play(context.Background(), 99, []player{newPlayerOf(t, "strong")(), newPlayerOf(t, "strong")(), NewCycler(FocusFare), &RATP{}})
	}
	first, second := play(), play()
	require.Equal(t, first.StateHash, second.StateHash)
	require.Equal(t, first.Scores, second.Scores)
}
