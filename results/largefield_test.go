package results

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim/simtest"
)

// roundRobin returns rounds of a double round robin of k bots (both seat
// orders of every pair, the round's seed shared by all its matches), each
// match won by bot i over j with the Bradley–Terry probability of their
// strengths, drawn from N(0, spread²) nats; the bots are b0, b1, ….
func roundRobin(k, rounds int, spread float64, seed uint64) ([]string, []Record) {
	rng := rand.New(rand.NewPCG(seed, 2))
	names := make([]string, k)
	strength := make([]float64, k)
	for i := range k {
		names[i] = fmt.Sprintf("b%d", i)
		strength[i] = spread * rng.NormFloat64()
	}
	var out []Record
	for r := range rounds {
		for i := range k {
			for j := i + 1; j < k; j++ {
				for _, seats := range [][2]int{{i, j}, {j, i}} {
					a, b := seats[0], seats[1]
					places := []int{1, 2}
					if rng.Float64() >= 1/(1+math.Exp(strength[b]-strength[a])) {
						places = []int{2, 1}
					}
					m := rec(len(out), []string{names[a], names[b]}, places...)
					m.Seed = uint64(r) + 1
					out = append(out, m)
				}
			}
		}
	}
	return names, out
}

// BenchmarkLargeField rates a double round robin of k bots (one round, the
// default bootstrap for k): what `arena run` with many bots and --games 1
// spends after its matches.
func BenchmarkLargeField(b *testing.B) {
	for _, k := range []int{30, 100, 200} {
		if testing.Short() && k > 30 {
			continue // seconds each: -short (CI's run of every benchmark once) keeps the smallest
		}
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			names, records := roundRobin(k, 1, 0.5, 7)
			tally := newTally(b, Options{Seed: 1}, names, records...)
			for b.Loop() {
				if _, err := tally.Standings(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// largeField returns a double round robin of k bots over rounds rounds in
// which b0 beats everyone (a separated result: its interval is open above).
func largeField(k, rounds int) ([]string, []Record) {
	names, records := roundRobin(k, rounds, 0.5, 11)
	for i := range records {
		r := &records[i]
		if r.Bots[0] == "b0" {
			r.Places = []int{1, 2}
		} else if r.Bots[1] == "b0" {
			r.Places = []int{2, 1}
		}
		r.Scores = []float64{float64(10 - r.Places[0]), float64(10 - r.Places[1])}
	}
	return names, records
}

// largeFieldOptions are the options the large-field tests rate under: the
// plain model, several anchors, a first-seat edge.
var largeFieldOptions = []Options{
	{Seed: 3, Bootstrap: 100},
	{Seed: 3, Bootstrap: 100, Anchors: []Anchor{{Bot: "b3", Elo: 0}, {Bot: "b7", Elo: 300}}},
	{Seed: 3, Bootstrap: 100, SeatEdge: true},
}

// withIterativeFrom runs f with the profile's conjugate gradients from
// groups of n bots.
func withIterativeFrom(n int, f func()) {
	old := iterativeFrom
	iterativeFrom = n
	defer func() { iterativeFrom = old }()
	f()
}

// TestLargeFieldIntervalsWhateverTheCores: a large field's intervals are
// computed on several goroutines, each entrant's on its own; the standings
// are the same bytes on one core as on several, with a separated bot, with
// several anchors and with a first-seat edge (conjugate gradients on: a
// small field stands for a large one).
func TestLargeFieldIntervalsWhateverTheCores(t *testing.T) {
	simtest.Clockless(t)
	names, records := largeField(parallelFrom, 1)
	options := largeFieldOptions
	if testing.Short() {
		options = options[:2] // the seat edge's doubled problem is slow under -race
	}
	withIterativeFrom(10, func() {
		for _, opt := range options {
			var got []string
			for _, procs := range []int{1, 3} {
				old := runtime.GOMAXPROCS(procs)
				got = append(got, fmt.Sprintf("%+v", standings(t, newTally(t, opt, names, records...)).Ratings))
				runtime.GOMAXPROCS(old)
			}
			require.Equal(t, got[0], got[1], "options %+v", opt)
			require.Contains(t, got[0], `EloHi:+Inf`, "b0's sweep leaves its interval open above")
		}
		// The head-to-head lines and the LOS matrix, computed on several
		// goroutines too.
		var got []string
		for _, procs := range []int{1, 3} {
			old := runtime.GOMAXPROCS(procs)
			got = append(got, jsonOf(t, standings(t, newTally(t, options[0], names, records...))))
			runtime.GOMAXPROCS(old)
		}
		require.Equal(t, got[0], got[1])
	})
}

// TestConjugateStepsGiveTheEliminationIntervals: from iterativeFrom bots
// the profile's Newton steps are solved by preconditioned conjugate
// gradients; the standings are those that elimination gives, to the
// precision shown, with a separated bot, several anchors, a seat edge.
func TestConjugateStepsGiveTheEliminationIntervals(t *testing.T) {
	for _, field := range []func() ([]string, []Record){
		func() ([]string, []Record) { return roundRobin(14, 2, 0.6, 9) },
		func() ([]string, []Record) { return largeField(14, 2) },
	} {
		names, records := field()
		for _, opt := range largeFieldOptions {
			var got []string
			for _, from := range []int{10, 1000} {
				withIterativeFrom(from, func() {
					got = append(got, fmt.Sprintf("%+v", standings(t, newTally(t, opt, names, records...)).Ratings))
				})
			}
			require.Equal(t, got[1], got[0], "options %+v", opt)
		}
	}
}

// TestConjugateStepSolvesTheNewtonSystem: the step by conjugate gradients
// is elimination's to 1e-9 of its size, with and without a contrast's row
// and with fixed constraints, from a point away from the fit (the Hessian
// there is not the preconditioner's).
func TestConjugateStepSolvesTheNewtonSystem(t *testing.T) {
	const k = 50
	names, records := roundRobin(k, 2, 0.8, 5)
	tally := newTally(t, Options{Seed: 1, Bootstrap: 0}, names, records...)
	wins, draws := tally.wins, tally.draws
	half := make([]int64, k*k)
	for i := range half {
		half[i] = 2*wins[i] + draws[i]
	}
	a := make([]float64, k)
	for i := range a {
		a[i] = -1.0 / k
	}
	a[3]++
	for _, fixed := range []bool{false, true} {
		p := newProblem(k)
		p.load(half, epsPrior)
		if fixed {
			row := make([]float64, k)
			row[1], row[2] = 1, -1
			p.constrain(row, []float64{0.3})
		}
		theta := make([]float64, k)
		p.fit(theta, nil, 0, nil)
		require.True(t, p.factorAt(&p.pre, theta))
		for _, contrast := range [][]float64{nil, a} {
			th := slices.Clone(theta)
			th[3] += 0.7
			th[9] -= 0.4
			p.project(th, contrast, dot(a, th))
			p.derivatives(th)
			cg := slices.Clone(p.conjugateStep(contrast))
			el := slices.Clone(p.solveKKT(contrast))
			size := 0.0
			for _, v := range el {
				size = max(size, math.Abs(v))
			}
			require.Greater(t, size, 1e-3)
			for i := range el {
				require.InDelta(t, el[i], cg[i], 1e-9*size, "fixed %v, contrast %v, θ%d", fixed, contrast != nil, i)
			}
		}
	}
}
