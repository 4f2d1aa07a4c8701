package results

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim/simtest"
)

// The reference figures come from an independent script
// (testdata/stopref.py): the killed Brownian motion's density by its
// eigenfunction series instead of images, integrated numerically, the
// exits from the probability of leaving through the upper bound from each
// point, then the same bisections.

func TestBrownianExits(t *testing.T) {
	a, b := -2.944, 2.944
	require.InDelta(t, 0.4998709258703222, survival(-0.5, 0.5, a, b, -0.25), 1e-9)
	require.InDelta(t, 0.9999373036125222, survival(0, 0.5, a, b, b), 1e-9)
	lo, hi := exits(-0.5, 0.5, a, b)
	require.InDelta(t, 0.000129074129683604, lo, 1e-9)
	require.InDelta(t, 6.796358051286422e-06, hi, 1e-9)
	lo, hi = exits(0.3, 20, a, b)
	require.InDelta(t, 0.14127241687901426, lo, 1e-9)
	require.InDelta(t, 0.8264092087895445, hi, 1e-9)
	// A mirror image: the drift's sign swaps the bounds.
	lo2, hi2 := exits(-0.3, 20, a, b)
	require.InDelta(t, hi, lo2, 1e-12)
	require.InDelta(t, lo, hi2, 1e-12)
	// Far out the terms are tiny and the factors huge: nothing overflows.
	lo, hi = exits(40, 3, a, b)
	require.InDelta(t, 1, hi, 1e-9)
	require.InDelta(t, 0, lo, 1e-9)
}

func TestStoppedEstimateMatchesReference(t *testing.T) {
	for _, tc := range []struct {
		name   string
		elo1   float64
		counts []int
		want   [3]float64 // lower end, estimate, upper end
	}{
		{"H1 after 1,199 pairs (the doc's example)", 5, []int{256, 0, 571, 0, 372}, [3]float64{18.516485212752823, 32.866217000958606, 47.50466144842414}},
		{"undecided at the middle", 5, []int{300, 0, 600, 0, 300}, [3]float64{-13.937900513435132, 0, 13.921766641248052}},
		{"H0 long past the bound", 5, []int{871, 26175, 55983, 26678, 821}, [3]float64{-2.3109479854778217, 1.4262782532947307, 5.483743998977146}},
		// P_s(worse) turns back up above ½ before s reaches 1: the
		// crossings are where it falls, and none reaches 2.5%.
		{"undecided at 8 pairs, none lost", 10, []int{0, 0, 6, 1, 1}, [3]float64{-10.21428618015329, 65.92409945839674, math.Inf(1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test := SPRT{Elo0: 0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}
			llr := test.LLR(tc.counts, PentanomialScores[:])
			got := test.stoppedEstimate(tc.counts, PentanomialScores[:], test.Decide(llr), nil)
			require.InDelta(t, tc.want[0], got.Lo, 1e-6)
			require.InDelta(t, tc.want[1], got.Elo, 1e-6)
			if math.IsInf(tc.want[2], 1) {
				require.True(t, math.IsInf(got.Hi, 1), "upper end %v", got.Hi)
			} else {
				require.InDelta(t, tc.want[2], got.Hi, 1e-6)
			}
		})
	}
}

// TestStoppedEstimateLeansBack: a test that reached H1 quickly did so
// partly by luck, one that reached H0 quickly too; the corrected estimate
// moves each back towards the bounds' middle, and its interval still holds
// it.
func TestStoppedEstimateLeansBack(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		counts  []int
		verdict Verdict
	}{
		{[]int{20, 0, 40, 0, 40}, AcceptH1},
		{[]int{40, 0, 40, 0, 20}, AcceptH0},
	} {
		llr := test.LLR(tc.counts, PentanomialScores[:])
		require.Equal(t, tc.verdict, test.Decide(llr))
		plain := EstimateElo(tc.counts, PentanomialScores[:], ModelLogistic)
		got := test.stoppedEstimate(tc.counts, PentanomialScores[:], tc.verdict, nil)
		t.Logf("%v: plain %+v, corrected %+v", tc.counts, plain, got)
		require.Less(t, math.Abs(got.Elo-25), math.Abs(plain.Elo-25))
		require.True(t, got.Lo < got.Elo && got.Elo < got.Hi)
	}
}

// TestStoppedEstimateSmallTests: in a test of a few pairs the model's
// P_s(worse) turns back up far from the observed score, and a solver that
// looked for its crossings over all of (0, 1) found none for a test
// stopped undecided at a 16-game cap with no lost pair, and printed an
// estimate of +inf. Every small test whose plain estimate is finite has a
// finite corrected one inside its own interval (every test of 7 units:
// pairs or blocks, logistic or normalized, two elo1).
func TestStoppedEstimateSmallTests(t *testing.T) {
	simtest.OneGoroutine(t)
	simtest.Clockless(t)
	for _, model := range []EloModel{ModelLogistic, ModelNormalized} {
		for _, scores := range [][]float64{PentanomialScores[:], BlockScores[:]} {
			for _, elo1 := range []float64{5, 50} {
				test := SPRT{Elo0: 0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Model: model}
				if model == ModelNormalized {
					test.Elo1 /= 10 // normalized Elo bounds are smaller
				}
				for _, counts := range compositions(7, len(scores)) {
					plain := EstimateElo(counts, scores, model)
					if math.IsInf(plain.Elo, 0) || plain.Lo == plain.Hi {
						continue // a sweep, or every unit alike: nothing to correct
					}
					verdict := test.Decide(test.LLR(counts, scores))
					got := test.stoppedEstimate(counts, scores, verdict, nil)
					what := fmt.Sprintf("%v, elo1 %v, %v (%v): %+v", model, test.Elo1, counts, verdict, got)
					require.False(t, math.IsInf(got.Elo, 0) || math.IsNaN(got.Elo), what)
					require.True(t, got.Lo <= got.Elo && got.Elo <= got.Hi, what)
				}
			}
		}
	}
}

// compositions returns every way to write n as the sum of k counts.
func compositions(n, k int) [][]int {
	if k == 1 {
		return [][]int{{n}}
	}
	var out [][]int
	for first := 0; first <= n; first++ {
		for _, rest := range compositions(n-first, k-1) {
			out = append(out, append([]int{first}, rest...))
		}
	}
	return out
}
