package coin_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	cobots "github.com/arenasim/arena/bots/coin"
	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// TestGoldenHashes pins the first matches of a few setups: a change here is
// a change of the rules (bump coin.Version) and must be deliberate. The
// places say what the hashes hold; a state hash covers the declared Elos and
// the places, so equal places give equal hashes.
func TestGoldenHashes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params sim.Params
		elos   []float64
		places [][]int // of seeds sim.Derive(1, 0), sim.Derive(1, 1), …
		hashes []string
	}{
		{"duel", simtest.Params(), []float64{50, 0},
			[][]int{{1, 2}, {2, 1}, {1, 2}, {2, 1}, {2, 1}, {2, 1}},
			[]string{"30eeac0edf55bbfb", "9c5de47238ec0773", "30eeac0edf55bbfb", "9c5de47238ec0773", "9c5de47238ec0773", "9c5de47238ec0773"}},
		{"duel with draws", simtest.Params("draws", 0.4), []float64{-50, 25.5},
			[][]int{{2, 1}, {2, 1}, {1, 1}, {2, 1}, {1, 1}, {1, 2}},
			[]string{"bcf68e175c01a672", "bcf68e175c01a672", "8826f737ed7aa8d7", "bcf68e175c01a672", "8826f737ed7aa8d7", "dd9cd935a7608835"}},
		{"five players", simtest.Params("players", 5), []float64{100, 0, 0, -150, 50},
			[][]int{{1, 3, 5, 4, 2}, {3, 1, 4, 5, 2}, {1, 2, 3, 5, 4}, {3, 1, 4, 5, 2}, {1, 4, 2, 5, 3}, {1, 4, 2, 3, 5}},
			[]string{"614c2adb44d1dd5f", "f6991e305f8d5d1d", "3035ba60ae8f4fe7", "f6991e305f8d5d1d", "9874e753b242956c", "f1459d664eb2e420"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, eff := simtest.Rules(t, coin.Params, coin.New, tc.params)
			m := sim.NewMatch(r, eff)
			var players []sim.Player[coin.View, coin.Action]
			for _, e := range tc.elos {
				players = append(players, cobots.Fixed{Elo: e})
			}
			var places [][]int
			var hashes []string
			for i := range 6 {
				res := m.Play(context.Background(), sim.Derive(1, uint64(i)), players)
				require.NoError(t, res.Err)
				require.Empty(t, res.Faults)
				require.Equal(t, 1, res.Turns)
				places = append(places, res.Places)
				hashes = append(hashes, sim.FormatHash(res.StateHash))
			}
			require.Equal(t, tc.places, places)
			require.Equal(t, tc.hashes, hashes)
		})
	}
}
