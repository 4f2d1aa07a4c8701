package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// SPRTRow is one setting of the sequential test's calibration: the same
// test run again and again from different master seeds, counting how often
// it accepts H1.
type SPRTRow struct {
	Name      string
	Scenario  string // an embedded scenario, e.g. "coin/duel"
	Params    map[string]any
	Candidate string // bot specs
	Baseline  string
	Opponents []string
	Test      results.SPRT
	MaxGames  int
	FirstSeed uint64
	Tests     int
	Unpaired  bool // every game on its own seed, seats alternating, instead of pairs or blocks
	// True is the difference the test measures, in its Elo (a block's own
	// scale for blocks), for checking its estimates; NaN when unknown.
	True float64
}

// SPRTRate is what a row measured.
type SPRTRate struct {
	Row           SPRTRow
	H1, H0, Undec int
	Games         int // in all tests
	MedianGames   int
	// The estimates at the end of each test, against Row.True: fastchess's
	// (Plain) and the stopping-corrected one (Corrected).
	Plain, Corrected Estimates
}

// Estimates sums up one kind of Elo estimate over the tests of a row.
type Estimates struct {
	Mean    float64 // of the finite estimates
	Median  float64
	Covered int // tests whose 95 % interval holds the truth
}

// measure sums up the estimates of the tests against the truth.
func measure(est []results.EloEstimate, truth float64) Estimates {
	var e Estimates
	elos := make([]float64, 0, len(est))
	for _, x := range est {
		if x.Lo <= truth && truth <= x.Hi {
			e.Covered++
		}
		if !math.IsInf(x.Elo, 0) {
			elos = append(elos, x.Elo)
			e.Mean += x.Elo
		}
	}
	if len(elos) > 0 {
		e.Mean /= float64(len(elos))
		slices.Sort(elos)
		e.Median = elos[len(elos)/2]
	}
	return e
}

// MeanGames returns the mean games to a decision (or to the cap).
func (r SPRTRate) MeanGames() float64 { return float64(r.Games) / float64(r.Row.Tests) }

// H1Rate returns the share of tests that accepted H1.
func (r SPRTRate) H1Rate() float64 { return float64(r.H1) / float64(r.Row.Tests) }

// String writes the row as a table line, and the estimates' line when the
// truth is known.
func (r SPRTRate) String() string {
	line := fmt.Sprintf("%-52s H1 %5.1f%%  H0 %5.1f%%  undecided %4.1f%%  games: mean %7.0f, median %7d", r.Row.Name,
		100*r.H1Rate(), 100*float64(r.H0)/float64(r.Row.Tests), 100*float64(r.Undec)/float64(r.Row.Tests), r.MeanGames(), r.MedianGames)
	if math.IsNaN(r.Row.True) {
		return line
	}
	n := float64(r.Row.Tests)
	return line + fmt.Sprintf("\n  %-52s Elo at the stop, truth %.2f: fastchess's mean %+6.1f median %+6.1f covers %5.1f%%;"+
		" corrected mean %+6.1f median %+6.1f covers %5.1f%%", "", r.Row.True,
		r.Plain.Mean, r.Plain.Median, 100*float64(r.Plain.Covered)/n, r.Corrected.Mean, r.Corrected.Median, 100*float64(r.Corrected.Covered)/n)
}

// SPRTRows are the sequential-test rows of `make calibrate`: SPRT(0, 5),
// α = β = 5 %, at a true difference of 0 and 5 Elo, in duels (pentanomial)
// and in 4-player blocks. Two bots of equal Elo and equal spec would play
// the same game from both seats of a seed (the coin game's luck depends on
// the seat and the Elo declared): the Δ = 0 rows give the candidate 0.001
// Elo, which changes its luck and nothing else. blockElo5 is the true Elo
// difference whose block outcome has a logistic Elo of 5 (see BlockDelta).
func SPRTRows(tests int, blockElo5 float64) []SPRTRow {
	test := results.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	four := map[string]any{"players": 4}
	opponents := []string{"coin", "coin", "coin"}
	row := func(name, scenario, candidate string, opponents []string, seed uint64, truth float64) SPRTRow {
		r := SPRTRow{Name: name, Scenario: scenario, Candidate: candidate, Baseline: "coin", Opponents: opponents, Test: test,
			MaxGames: 1_000_000, FirstSeed: seed, Tests: tests, True: truth}
		if scenario == "coin/ffa4" {
			r.Params = four
		}
		return r
	}
	return []SPRTRow{
		row("duels, Δ = 0", "coin/duel", coinElo(0.001), nil, 1, 0),
		row("duels, Δ = 5", "coin/duel", coinElo(5), nil, 100_001, 5),
		row("4 players, blocks, Δ = 0", "coin/ffa4", coinElo(0.001), opponents, 200_001, 0),
		row(fmt.Sprintf("4 players, blocks, block Elo 5 (Δ = %.3f)", blockElo5), "coin/ffa4", coinElo(blockElo5), opponents, 300_001, 5),
	}
}

// coinElo returns the spec of a coin bot of the given true Elo.
func coinElo(x float64) string { return "coin:elo=" + strconv.FormatFloat(x, 'g', -1, 64) }

// PoolRows are the rows of a test against a pool (--opponents, two seats):
// the candidate and the baseline each play three opponents of other
// levels, on the same seeds and in the same seats, and the test is on the
// scale of the candidate's Elo minus the baseline's. SPRT(0, 20): the gap
// of the issue that found the pool test on half the scale (H1 48 % at a
// true gap of 20).
func PoolRows(tests int) []SPRTRow {
	test := results.SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	opponents := []string{"coin:elo=-100", "coin:elo=50", "coin:elo=150"}
	row := func(name, candidate string, seed uint64, truth float64) SPRTRow {
		return SPRTRow{Name: name, Scenario: "coin/duel", Candidate: candidate, Baseline: "coin", Opponents: opponents, Test: test,
			MaxGames: 1_000_000, FirstSeed: seed, Tests: tests, True: truth}
	}
	return []SPRTRow{
		row("pool of 3 (−100, +50, +150), SPRT(0, 20), Δ = 0", coinElo(0.001), 500_001, 0),
		row("pool of 3 (−100, +50, +150), SPRT(0, 20), Δ = 20", coinElo(20), 600_001, 20),
	}
}

// PairedRows compare the paired test with an unpaired one on a real game:
// tron/small (random starts), strong at depth 2 against strong at depth 1,
// both at the budget for mass tournaments (work=200: the same gap, about
// 100 Elo, at a tenth of the default budget's time).
func PairedRows(tests int) []SPRTRow {
	test := results.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	row := SPRTRow{Name: "tron/small, strong:depth=2 vs depth=1 (work=200), paired", Scenario: "tron/small",
		Candidate: "strong:depth=2,work=200", Baseline: "strong:depth=1,work=200", Test: test, MaxGames: 200_000,
		FirstSeed: 400_001, Tests: tests, True: math.NaN()}
	unpaired := row
	unpaired.Name, unpaired.Unpaired = "tron/small, strong:depth=2 vs depth=1 (work=200), unpaired", true
	return []SPRTRow{row, unpaired}
}

// MeasureSPRT runs the row's tests on every core.
func MeasureSPRT(ctx context.Context, row SPRTRow) (SPRTRate, error) {
	setup, err := sprtSetup(row)
	if err != nil {
		return SPRTRate{}, err
	}
	type outcome struct {
		verdict          runner.Verdict
		games            int
		plain, corrected results.EloEstimate
		err              error
	}
	out := make([]outcome, row.Tests)
	forEach(row.Tests, func(t int) {
		seed := row.FirstSeed + uint64(t)
		var f runner.Format = newUnpaired(row.Test, setup.Entrants(), row.MaxGames, seed)
		if !row.Unpaired {
			sprt, err := runner.NewSPRT(setup.Seats(), setup.Entrants(), row.Test, row.MaxGames, seed)
			if err != nil {
				out[t].err = err
				return
			}
			f = sprt
		}
		sum, err := runner.Run(ctx, runner.Config{Setup: setup, Plan: f.Plan(), Workers: 1}, func(r *results.Record, _ []byte) (bool, error) {
			if err := f.Add(r); err != nil {
				return false, err
			}
			return f.Decided(), nil
		})
		out[t] = outcome{verdict: f.Verdict(), games: sum.Played, err: err}
		if sprt, ok := f.(*runner.SPRT); ok {
			out[t].plain, out[t].corrected = sprt.Result().Estimate(), sprt.Result().Stopped()
		}
	})
	rate := SPRTRate{Row: row}
	games := make([]int, 0, len(out))
	var plain, corrected []results.EloEstimate
	for _, o := range out {
		if o.err != nil {
			return rate, o.err
		}
		switch o.verdict {
		case runner.Positive:
			rate.H1++
		case runner.Negative:
			rate.H0++
		default:
			rate.Undec++
		}
		rate.Games += o.games
		games = append(games, o.games)
		plain, corrected = append(plain, o.plain), append(corrected, o.corrected)
	}
	rate.Plain, rate.Corrected = measure(plain, row.True), measure(corrected, row.True)
	slices.Sort(games)
	rate.MedianGames = games[len(games)/2]
	return rate, nil
}

// sprtSetup configures the row's game with the candidate, the baseline
// and the opponents.
func sprtSetup(row SPRTRow) (sim.Setup, error) {
	sc, err := scenarios.Load(row.Scenario)
	if err != nil {
		return nil, err
	}
	entry, err := scenarios.LookupGame(sc.Game)
	if err != nil {
		return nil, err
	}
	params := sc.Params.Clone()
	for k, v := range row.Params {
		params.Set(k, v)
	}
	var specs []sim.BotSpec
	for _, text := range append([]string{row.Candidate, row.Baseline}, row.Opponents...) {
		spec, err := sim.ParseBotSpec(text)
		if err != nil {
			return nil, err
		}
		specs = append(specs, spec)
	}
	return entry.Game.Setup(params, specs)
}

// unpaired is a sequential test where every game has its own seed, seats
// alternating: what a test without pairing would do, for comparison. Each
// game's result (loss, draw, win) is one unit of a trinomial test.
type unpaired struct {
	plan  unpairedPlan
	names []string
	rep   *results.SPRTReport
}

func newUnpaired(test results.SPRT, entrants []string, maxGames int, master uint64) *unpaired {
	return &unpaired{plan: unpairedPlan{n: maxGames, master: master}, names: entrants,
		rep: results.NewSPRTReport(test, results.KindBlocks, entrants[0], entrants[1], nil)}
}

func (u *unpaired) Plan() runner.Plan                          { return u.plan }
func (u *unpaired) Header(*results.Header)                     {}
func (u *unpaired) Decided() bool                              { return u.rep.Verdict() != results.Undecided }
func (u *unpaired) Report(w io.Writer, f results.Format) error { return u.rep.Write(w, f) }

func (u *unpaired) Verdict() runner.Verdict {
	switch u.rep.Verdict() {
	case results.AcceptH1:
		return runner.Positive
	case results.AcceptH0:
		return runner.Negative
	}
	return runner.Inconclusive
}

// Add scores one game from the candidate's side.
func (u *unpaired) Add(r *results.Record) error {
	if r.Error != "" {
		return nil
	}
	me := slices.Index(r.Bots, u.names[0])
	switch mine, other := r.Places[me], r.Places[1-me]; {
	case mine < other:
		u.rep.Add(2)
	case mine == other:
		u.rep.Add(1)
	default:
		u.rep.Add(0)
	}
	return nil
}

// unpairedPlan gives game i its own seed, the candidate in seat i mod 2.
type unpairedPlan struct {
	n      int
	master uint64
}

func (p unpairedPlan) Seats() int { return 2 }
func (p unpairedPlan) Len() int   { return p.n }
func (p unpairedPlan) Match(i int, seating []int) runner.Pairing {
	if cap(seating) < 2 {
		seating = make([]int, 2)
	}
	seating = seating[:2]
	seating[0], seating[1] = i%2, 1-i%2
	return runner.Pairing{Index: i, Deal: i, Seed: sim.Derive(p.master, uint64(i)), Seating: seating}
}

// BlockDelta returns the true Elo difference δ at which the block test of
// a coin game of opponents+2 seats (the candidate or the baseline in one
// seat against opponents of Elo 0 whose luck both games share) has an
// expected block score of 1/(1+10^(−target/400)): the Elo on the block
// test's own scale, which depends on the opponents (their number and
// their level). It is exact: with u, v uniform, the baseline's Gumbel
// performance at F⁻¹(u), the candidate's at F⁻¹(v^λ), λ = e^(−δ·ln10/400),
// and m opponents, the candidate places better when some opponent falls
// between the two and equal when none does, so the block score given x =
// v^λ is x + ((1−x)^(m+1) − x^(m+1))/(2(m+1)) after integrating over u,
// and its mean over v is a finite sum of 1/(1+jλ). Then it bisects.
// (The Monte Carlo integral it replaced gave 6.19 for a block Elo of 5
// with three opponents; the exact δ is 6.311, and 6.19 is a block Elo of
// 4.904.)
func BlockDelta(target float64, opponents int) float64 {
	want := 1 / (1 + math.Pow(10, -target/400))
	lo, hi := 0.0, float64(4*target)+20 // the block score moves less than a duel's
	for range 100 {
		mid := (lo + hi) / 2
		if BlockScore(mid, opponents) < want {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// BlockScore returns the expected block score at a true difference of δ
// Elo with the given number of opponents of Elo 0 (see BlockDelta).
func BlockScore(delta float64, opponents int) float64 {
	lambda := math.Exp(-delta * math.Ln10 / 400)
	m := float64(opponents + 1)
	spread, binom := 0.0, 1.0 // E[(1 − v^λ)^(m+1)] = Σj C(m+1, j)(−1)^j/(1 + jλ)
	for j := 0; j <= opponents+1; j++ {
		sign := 1.0
		if j%2 == 1 {
			sign = -1
		}
		spread += sign * binom / (1 + float64(float64(j)*lambda))
		binom = binom * (m - float64(j)) / float64(j+1)
	}
	return 1/(1+lambda) + (spread-1/(1+float64(m*lambda)))/(2*m)
}
