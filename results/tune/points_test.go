package tune

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestGridAndRandomPoints(t *testing.T) {
	depth := sim.IntParam("depth", 8, 1, 4, "")
	pts, err := Points(MethodGrid, 3, 1, []Param{{depth, 2}, {specA, 5}})
	require.NoError(t, err)
	require.Equal(t, []map[string]float64{
		{"depth": 1, "a": 0}, {"depth": 1, "a": 5}, {"depth": 1, "a": 10},
		{"depth": 3, "a": 0}, {"depth": 3, "a": 5}, {"depth": 3, "a": 10},
		{"depth": 4, "a": 0}, {"depth": 4, "a": 5}, {"depth": 4, "a": 10},
	}, pts, "evenly on each scale, the first parameter slowest")
	pts, err = Points(MethodGrid, 10, 1, []Param{{depth, 2}})
	require.NoError(t, err)
	require.Len(t, pts, 4, "an int's repeated values once")
	pts, err = Points(MethodGrid, 3, 1, []Param{{specB, 10}})
	require.NoError(t, err)
	require.Len(t, pts, 3)
	require.Equal(t, 1.0, pts[0]["b"])
	require.InDelta(t, 31.6227766, pts[1]["b"], 1e-6, "a log scale's middle")
	require.Equal(t, 1000.0, pts[2]["b"], "the ends exactly")

	r1, err := Points(MethodRandom, 5, 7, params())
	require.NoError(t, err)
	r2, err := Points(MethodRandom, 5, 7, params())
	require.NoError(t, err)
	require.Equal(t, r1, r2, "drawn from the seed")
	for _, p := range r1 {
		require.True(t, p["a"] >= 0 && p["a"] <= 10 && p["b"] >= 1 && p["b"] <= 1000)
	}
	_, err = Points("anneal", 5, 7, params())
	require.EqualError(t, err, `tune: unknown method "anneal" (want spsa, grid or random)`)
	_, err = Points(MethodGrid, 400, 7, []Param{{specA, 5}, {specB, 10}})
	require.EqualError(t, err, "tune: a grid of more than 100000 points")
}

// syntheticOne plays one point's pairs against the fixed opponent on the
// same seeds for every point.
func syntheticOne(pairs int) PlayOne {
	return func(_ context.Context, _ int, seed uint64, theta map[string]float64) (Result, error) {
		res := Result{Games: pairs}
		for j := range pairs {
			if sim.NewRand(sim.Derive(seed, uint64(j)), 0).Float64() < strength(theta) {
				res.PlusScore++
			}
		}
		return res, nil
	}
}

// TestGridFindsThePeakAndResumes: a 9×9 grid of the synthetic bot, 64
// games a point on the same seeds, ranks best a point next to θ*; a run
// cut after 30 points and resumed writes the same bytes.
func TestGridFindsThePeakAndResumes(t *testing.T) {
	s := Settings{Pairs: 64, Seed: 3}
	var whole bytes.Buffer
	require.NoError(t, RunPoints(context.Background(), MethodGrid, 9, s, params(), nil, syntheticOne(64), &whole, nil, 0))
	h, lines, _, err := ReadPoints(bytes.NewReader(whole.Bytes()))
	require.NoError(t, err)
	require.Equal(t, "grid", h.Method)
	require.Len(t, lines, 81)
	best, ok := Best(lines)
	require.True(t, ok)
	require.InDelta(t, peak[0], specA.ToUnit(best.Theta["a"]), 0.13, "%v", best.Theta)
	require.InDelta(t, peak[1], specB.ToUnit(best.Theta["b"]), 0.13, "%v", best.Theta)

	cut := bytes.SplitAfter(whole.Bytes(), []byte("\n"))
	part := bytes.Join(cut[:31], nil)
	h, done, good, err := ReadPoints(bytes.NewReader(part))
	require.NoError(t, err)
	require.Len(t, done, 30)
	rest := bytes.NewBuffer(append([]byte(nil), part[:good]...))
	require.NoError(t, RunPoints(context.Background(), MethodGrid, 9, s, params(), nil, syntheticOne(64), rest, h, len(done)))
	require.Equal(t, whole.String(), rest.String())
}
