package sopra_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// wanderer is a player made for the golden tests, so that a change of the
// shipped bots never moves them: it heads for the nearest free logo, then
// home, but one move in four is random (a jump one in ten) and one in
// thirty is no answer — enough forbidden moves, slaps and drops to exercise
// every rule.
type wanderer struct {
	rng   *rand.Rand
	logos []sopra.Cell
}

func (w *wanderer) Reset(_ sim.MatchInfo, rng *rand.Rand) { w.rng = rng }

func (w *wanderer) Act(v *sopra.View) (sopra.Action, error) {
	switch n := w.rng.IntN(120); {
	case n < 4:
		return sopra.NoAction, errors.New("no answer")
	case n < 16:
		return sopra.Actions[4+w.rng.IntN(4)], nil
	case n < 40:
		return sopra.Steps[w.rng.IntN(4)], nil
	}
	me := v.Pos(v.Seat)
	goal := v.Caddie(v.Seat)
	if !v.Carrying(v.Seat) {
		w.logos = v.FreeLogos(w.logos[:0])
		best := -1
		for _, l := range w.logos {
			if d := dist(me, l); best < 0 || d < best {
				best, goal = d, l
			}
		}
	}
	switch {
	case goal.X > me.X:
		return sopra.East, nil
	case goal.X < me.X:
		return sopra.West, nil
	case goal.Y > me.Y:
		return sopra.South, nil
	}
	return sopra.North, nil
}

func dist(a, b sopra.Cell) int { return max(a.X-b.X, b.X-a.X) + max(a.Y-b.Y, b.Y-a.Y) }

// TestGoldenHashes pins whole matches: a change here is a change of the
// rules (bump sopra.Version), and must be deliberate.
func TestGoldenHashes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params string
		seed   uint64
		hash   string
		scores []float64
	}{
		{"event setup", `{}`, 42, "cfb41674801d1d7f", []float64{15, 28, -19, 30, 23, -20}},
		{"two players, variants", `{"players":2,"order":"fixed","slap_adjacency":8,"drop_metric":"chebyshev","rounds":200}`, 7, "221fe214cdb13c98", []float64{112, -77}},
		{"four players, pinned logos", `{"players":4,"logos":[[3,3],[4,4]],"logo_count":6,"jumps":10}`, 3, "92ea8e94a3e5a90c", []float64{33, 4, 61, 29}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, eff := simtest.Rules(t, sopra.Params, sopra.New, simtest.ParamsJSON(t, tc.params))
			m := sim.NewMatch(r, eff)
			players := make([]sim.Player[sopra.View, sopra.Action], r.Players)
			for i := range players {
				players[i] = &wanderer{}
			}
			res := m.Play(context.Background(), tc.seed, players)
			require.NoError(t, res.Err)
			require.Equal(t, r.Rounds, res.Turns)
			require.Equal(t, tc.hash, sim.FormatHash(res.StateHash))
			require.Equal(t, tc.scores, res.Scores)
		})
	}
}
