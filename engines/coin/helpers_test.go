package coin

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newRules configures coin from a JSON object of parameter overrides.
func newRules(t testing.TB, overrides string) *Rules {
	t.Helper()
	r, _ := simtest.Rules(t, Params, New, simtest.ParamsJSON(t, overrides))
	return r
}

// declarer is a player that always answers the same action.
type declarer Action

func (declarer) Reset(sim.MatchInfo, *rand.Rand)  {}
func (d declarer) Act(*View) (Action, error)      { return Action(d), nil }
func honest(elo float64) sim.Player[View, Action] { return declarer(Declare(elo)) }

// table plays matches of r between players of the given true Elos, one per
// seat.
type table struct {
	m       *sim.Match[State, View, Action]
	players []sim.Player[View, Action]
}

func newTable(r *Rules, elos ...float64) *table {
	t := &table{m: sim.NewMatch(r, nil)}
	for _, e := range elos {
		t.players = append(t.players, honest(e))
	}
	return t
}

// play plays the match of one seed and returns its places.
func (tb *table) play(t testing.TB, seed uint64) []int {
	res := tb.m.Play(context.Background(), seed, tb.players)
	require.NoError(t, res.Err)
	return res.Places
}

// requireNear fails unless the frequency of count events in n trials is
// within 4.5 standard errors of p.
func requireNear(t testing.TB, p float64, count, n int, what string) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(n))
	got := float64(count) / float64(n)
	require.InDelta(t, p, got, 4.5*se+1e-12, "%s: %d of %d, want probability %.5f", what, count, n, p)
}

// checkOutcome verifies the invariants of a finished match: places in
// 1..N that follow sim.RankPlaces' rule (a seat's place is one more than the
// seats placed strictly better) and scores equal to N − place.
func checkOutcome(t testing.TB, r *Rules, s *State) {
	t.Helper()
	var out sim.Outcome
	r.Outcome(s, &out)
	n := r.Players
	require.Len(t, out.Places, n)
	for k, p := range out.Places {
		better := 0
		for _, q := range out.Places {
			if q < p {
				better++
			}
		}
		require.Equal(t, better+1, p, "place of seat %d in %v", k, out.Places)
		require.Equal(t, float64(n-p), out.Scores[k], "score of seat %d", k)
		if !s.answered[k] {
			for j := range n {
				require.False(t, s.answered[j] && out.Places[j] >= p, "seat %d failed but does not place below seat %d: %v", k, j, out.Places)
			}
		}
	}
}
