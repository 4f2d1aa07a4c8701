package tron_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	trbots "github.com/arenasim/arena/bots/tron"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
)

func defaultRules(t testing.TB, overrides sim.Params) *tron.Rules {
	t.Helper()
	eff, err := sim.Effective(overrides, tron.Params)
	require.NoError(t, err)
	r, err := tron.New(sim.Seats(eff), eff)
	require.NoError(t, err)
	return r
}

// TestGoldenHashes pins whole matches: a change here is a change of the
// rules (bump tron.Version) or of a bot, and must be deliberate.
func TestGoldenHashes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bots  string // s = stupid, t = straight, one letter per seat
		seed  uint64
		turns int
		hash  string
	}{
		{"stupid duel", "ss", 42, 40, "9a41dc2153f8587d"},
		{"straight against stupid", "ts", 43, 119, "5352e688fe662aa8"},
		{"four players", "stst", 7, 3200, "8ed8733010db423c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := sim.Params{}
			p.Set("players", len(tc.bots))
			r := defaultRules(t, p)
			m := sim.NewMatch(r, nil)
			var players []sim.Player[tron.View, tron.Dir]
			for _, b := range tc.bots {
				if b == 's' {
					players = append(players, &trbots.Stupid{})
				} else {
					players = append(players, trbots.Straight{})
				}
			}
			res := m.Play(context.Background(), tc.seed, players)
			require.NoError(t, res.Err)
			require.Equal(t, tc.turns, res.Turns)
			require.Equal(t, tc.hash, sim.FormatHash(res.StateHash))
		})
	}
}
