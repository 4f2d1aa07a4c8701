package minibus_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	mbbots "github.com/arenasim/arena/bots/minibus"
	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// TestGoldenHashes pins whole matches: a change here is a change of the
// rules (bump minibus.Version) or of a bot, and must be deliberate.
func TestGoldenHashes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bots   string // one letter per seat: s iaSNCF, r iaRATP, t iaTICE, k iaKeolis, d iaTransdev
		params string
		seed   uint64
		turns  int
		scores []float64
		hash   string
	}{
		{"RATP against SNCF", "rs", "", 42, 500, []float64{690, 150}, "6aa2e432dc8ca283"},
		{"Wood 1 AIs and RATP", "tkdr", "", 7, 378, []float64{1622, 1646, 1715, 792}, "9d25c5c17e983ee5"},
		{"free seats", "dtk", "free_seats", 8, 376, []float64{1643, 1624, 1474}, "aa8719bb1a973088"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := sim.Params{}
			p.Set("players", len(tc.bots))
			if tc.params != "" {
				p.Set("boarding", tc.params)
			}
			eff, err := sim.Effective(p, minibus.Params)
			require.NoError(t, err)
			r, err := minibus.New(sim.Seats(eff), eff)
			require.NoError(t, err)
			var players []sim.Player[minibus.View, minibus.Action]
			for _, b := range tc.bots {
				switch b {
				case 's':
					players = append(players, &mbbots.SNCF{})
				case 'r':
					players = append(players, &mbbots.RATP{})
				case 't':
					players = append(players, mbbots.NewCycler(mbbots.FocusFare))
				case 'k':
					players = append(players, mbbots.NewCycler(mbbots.FocusSpeed))
				case 'd':
					players = append(players, mbbots.NewCycler(mbbots.FocusCapacity))
				}
			}
			res := sim.NewMatch(r, eff).Play(context.Background(), tc.seed, players)
			require.NoError(t, res.Err)
			require.Empty(t, res.Faults)
			require.Equal(t, tc.turns, res.Turns)
			require.Equal(t, tc.scores, res.Scores)
			require.Equal(t, tc.hash, sim.FormatHash(res.StateHash))
		})
	}
}
