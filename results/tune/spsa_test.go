package tune

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// The synthetic bot: its strength is a known function of two arguments,
// a smooth peak at θ* = (a 3, b 100): the chance it beats a fixed
// opponent is 0.2 + 0.6·exp(−d²/0.08), d the distance to θ* in units of
// range (b on a log scale).
var (
	specA = sim.FloatParam("a", "5", 0, 10, "a weight")
	specB = sim.FloatParam("b", "10", 1, 1000, "a budget").Log()
	peak  = []float64{specA.ToUnit(3), specB.ToUnit(100)}
)

func strength(theta map[string]float64) float64 {
	da := specA.ToUnit(theta["a"]) - peak[0]
	db := specB.ToUnit(theta["b"]) - peak[1]
	return 0.2 + 0.6*math.Exp(-(da*da+db*db)/0.08)
}

// synthetic plays the pairs of an iteration: in each, θ+ and θ− meet the
// opponent on one seed. With common random numbers they draw the same
// luck (one uniform number a seed); without, each side its own.
func synthetic(pairs int, common bool) Play {
	return func(_ context.Context, _ int, seed uint64, plus, minus map[string]float64) (Result, error) {
		res := Result{Games: pairs}
		for j := range pairs {
			rng := sim.NewRand(sim.Derive(seed, uint64(j)), 0)
			u := rng.Float64()
			v := u
			if !common {
				v = rng.Float64()
			}
			if u < strength(plus) {
				res.PlusScore++
			}
			if v < strength(minus) {
				res.MinusScore++
			}
		}
		return res, nil
	}
}

func params() []Param { return []Param{{specA, 5}, {specB, 10}} }

// run runs a tuning and returns its file and its last line.
func run(t *testing.T, s Settings, play Play) ([]byte, Line) {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, Run(context.Background(), s, params(), []byte(`{"bot":"synthetic"}`), play, &buf, nil, nil))
	_, lines, _, err := ReadFile(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.Len(t, lines, s.Iterations)
	return buf.Bytes(), lines[len(lines)-1]
}

// TestSPSAFindsThePeak: from (5, 10), 200 iterations of 16 pairs reach
// within 10% of each range of θ*, on several master seeds.
func TestSPSAFindsThePeak(t *testing.T) {
	for seed := range uint64(5) {
		_, last := run(t, Settings{Iterations: 200, Pairs: 16, Seed: seed}, synthetic(16, true))
		for i, name := range []string{"a", "b"} {
			require.InDelta(t, peak[i], last.NextUnit[name], 0.1, "seed %d: %s ends at %v (unit %v), θ* at unit %v", seed, name, last.Next[name], last.NextUnit[name], peak[i])
		}
	}
}

// TestCommonRandomNumbersCutTheVariance measures the variance of the
// gradient estimate for one perturbation (θ ± c on both arguments, from
// the start), over 4,000 seeds, with and without common random numbers:
// CRN must cut it by a large factor.
func TestCommonRandomNumbersCutTheVariance(t *testing.T) {
	s := Settings{Iterations: 1, Pairs: 16}.withDefaults()
	_, c := s.gains(1)
	plus := map[string]float64{"a": specA.FromUnit(specA.ToUnit(5) + c), "b": specB.FromUnit(specB.ToUnit(10) + c)}
	minus := map[string]float64{"a": specA.FromUnit(specA.ToUnit(5) - c), "b": specB.FromUnit(specB.ToUnit(10) - c)}
	variance := func(common bool) float64 {
		play := synthetic(16, common)
		var sum, sum2 float64
		const n = 4000
		for k := range n {
			res, err := play(context.Background(), 1, uint64(k), plus, minus)
			require.NoError(t, err)
			g := (res.PlusScore - res.MinusScore) / float64(res.Games) / (2 * c)
			sum += g
			sum2 += g * g
		}
		mean := sum / n
		return sum2/n - mean*mean
	}
	crn, independent := variance(true), variance(false)
	ratio := independent / crn
	t.Logf("variance of the gradient estimate: %.4g with common random numbers, %.4g without: ratio %.1f", crn, independent, ratio)
	require.Greater(t, ratio, 3.0)
}

// TestResumeWritesTheSameBytes: a run stopped after 10 of 25 iterations
// (its last line torn) and resumed writes the bytes of the whole run.
func TestResumeWritesTheSameBytes(t *testing.T) {
	s := Settings{Iterations: 25, Pairs: 4, Seed: 9}
	whole, _ := run(t, s, synthetic(4, true))

	var first bytes.Buffer
	stopAt := func(n int) Play {
		play := synthetic(4, true)
		return func(ctx context.Context, k int, seed uint64, plus, minus map[string]float64) (Result, error) {
			if k > n {
				return Result{}, context.Canceled
			}
			return play(ctx, k, seed, plus, minus)
		}
	}
	err := Run(context.Background(), s, params(), []byte(`{"bot":"synthetic"}`), stopAt(10), &first, nil, nil)
	require.ErrorIs(t, err, context.Canceled)
	file := append(first.Bytes(), `{"type":"iteration","itera`...) // killed mid-line
	h, done, good, err := ReadFile(bytes.NewReader(file))
	require.NoError(t, err)
	require.Len(t, done, 10)
	require.Equal(t, int64(first.Len()), good, "the torn line is left out")
	rest := bytes.NewBuffer(append([]byte(nil), file[:good]...))
	require.NoError(t, Run(context.Background(), s, params(), []byte(`{"bot":"synthetic"}`), synthetic(4, true), rest, h, done))
	require.Equal(t, string(whole), rest.String())

	// A finished file: nothing more to do, nothing written.
	h, done, _, err = ReadFile(bytes.NewReader(whole))
	require.NoError(t, err)
	var none bytes.Buffer
	require.NoError(t, Run(context.Background(), s, params(), []byte(`{"bot":"synthetic"}`), synthetic(4, true), &none, h, done))
	require.Zero(t, none.Len())

	// Another run's file is refused.
	other := s
	other.Seed = 10
	err = Run(context.Background(), other, params(), []byte(`{"bot":"synthetic"}`), synthetic(4, true), &none, h, done)
	require.ErrorContains(t, err, "the file's header is another run's")
}

func TestRunRefusesBadSettings(t *testing.T) {
	play := synthetic(1, true)
	for _, tc := range []struct {
		s      Settings
		params []Param
		want   string
	}{
		{Settings{Iterations: 0, Pairs: 1}, params(), "tune: 0 iterations"},
		{Settings{Iterations: 1, Pairs: 0}, params(), "tune: 0 pairs per iteration"},
		{Settings{Iterations: 1, Pairs: 1, C: 0.7}, params(), "tune: perturbation c 0.7, want 0 < c ≤ 0.5 (of each range)"},
		{Settings{Iterations: 1, Pairs: 1}, nil, "tune: no parameter to tune"},
		{Settings{Iterations: 1, Pairs: 1}, []Param{{specA, 1}, {specA, 1}}, "tune: a given twice"},
		{Settings{Iterations: 1, Pairs: 1}, []Param{{sim.ChoiceParam("order", "x", []string{"x"}, ""), 0}}, "tune: order cannot be tuned: not a number with a range"},
	} {
		require.EqualError(t, Run(context.Background(), tc.s, tc.params, nil, play, &bytes.Buffer{}, nil, nil), tc.want)
	}
}

// TestReadFileSaysWhatAnotherFileIs: a file that is no tuning run's is
// named for what it is.
func TestReadFileSaysWhatAnotherFileIs(t *testing.T) {
	for first, want := range map[string]string{
		`{"type":"header","format":1}`: "tune: line 1: this is a run's records (arena run or arena sprt --out), not a tuning run's file: arena rate and arena report read it",
		`{"type":"golden","format":1}`: "tune: line 1: this is a golden trace (arena golden record), not a tuning run's file",
		`{"turn":0}`:                   "tune: line 1: not the header of a tuning run's file (arena tune --out)",
		// An editor's byte-order mark is read past.
		"\uFEFF" + `{"type":"header","format":1}`: "tune: line 1: this is a run's records (arena run or arena sprt --out), not a tuning run's file: arena rate and arena report read it",
	} {
		_, _, _, err := ReadFile(strings.NewReader(first + "\n"))
		require.EqualError(t, err, want)
	}
}
