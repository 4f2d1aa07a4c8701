package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLadderSchedulerHalvesTheGames is the docs' table made small: 10
// bots, 12 replicates. Arena's scheduler must need at most half the games
// of uniform random pairing, for the new version's rank and for the top's
// order. A cap reached counts as the cap.
func TestLadderSchedulerHalvesTheGames(t *testing.T) {
	elos := make([]float64, 10)
	for i := range elos {
		elos[i] = 60 * float64(i)
	}
	b := LadderBench{Elos: elos, New: 330, Parent: 5, Replicates: 12, Cap: 3200, Top: 3, Seed: 7}
	rows, err := MeasureLadder(context.Background(), b)
	require.NoError(t, err)
	games := map[string]int{}
	top := map[string]int{}
	capped := func(n int) int {
		if n < 0 {
			return b.Cap + 1
		}
		return n
	}
	for _, r := range rows {
		games[r.Method], top[r.Method] = capped(r.NewRank), capped(r.TopOrder)
	}
	t.Logf("%+v", rows)
	require.LessOrEqual(t, 2*games["arena"], games["uniform random"], "new version's rank: %+v", rows)
	require.LessOrEqual(t, 2*top["arena"], top["uniform random"], "top's order: %+v", rows)
	require.Less(t, games["arena"], b.Cap, "the arena scheduler reached the cap")
}
