package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
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
}

// SPRTRate is what a row measured.
type SPRTRate struct {
	Row           SPRTRow
	H1, H0, Undec int
	Games         int // in all tests
	MedianGames   int
}

// MeanGames returns the mean games to a decision (or to the cap).
func (r SPRTRate) MeanGames() float64 { return float64(r.Games) / float64(r.Row.Tests) }

// H1Rate returns the share of tests that accepted H1.
func (r SPRTRate) H1Rate() float64 { return float64(r.H1) / float64(r.Row.Tests) }

// String writes the row as a table line.
func (r SPRTRate) String() string {
	return fmt.Sprintf("%-52s H1 %5.1f%%  H0 %5.1f%%  undecided %4.1f%%  games: mean %7.0f, median %7d", r.Row.Name,
		100*r.H1Rate(), 100*float64(r.H0)/float64(r.Row.Tests), 100*float64(r.Undec)/float64(r.Row.Tests), r.MeanGames(), r.MedianGames)
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
	elo := func(x float64) string { return "coin:elo=" + strconv.FormatFloat(x, 'g', -1, 64) }
	return []SPRTRow{
		{"duels, Δ = 0", "coin/duel", nil, elo(0.001), "coin", nil, test, 1_000_000, 1, tests, false},
		{"duels, Δ = 5", "coin/duel", nil, elo(5), "coin", nil, test, 1_000_000, 100_001, tests, false},
		{"4 players, blocks, Δ = 0", "coin/ffa4", four, elo(0.001), "coin", opponents, test, 1_000_000, 200_001, tests, false},
		{fmt.Sprintf("4 players, blocks, block Elo 5 (Δ = %.2f)", blockElo5), "coin/ffa4", four, elo(blockElo5), "coin", opponents, test,
			1_000_000, 300_001, tests, false},
	}
}

// PoolRows are the rows of a test against a pool (--opponents, two seats):
// the candidate and the baseline each play three opponents of other
// levels, on the same seeds and in the same seats, and the test is on the
// scale of the candidate's Elo minus the baseline's. SPRT(0, 20): the gap
// at which the pool test, on half the scale, accepted H1 in 48 % of the
// tests.
func PoolRows(tests int) []SPRTRow {
	test := results.SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	opponents := []string{"coin:elo=-100", "coin:elo=50", "coin:elo=150"}
	row := func(name, candidate string, seed uint64) SPRTRow {
		return SPRTRow{Name: name, Scenario: "coin/duel", Candidate: candidate, Baseline: "coin", Opponents: opponents, Test: test,
			MaxGames: 1_000_000, FirstSeed: seed, Tests: tests}
	}
	return []SPRTRow{
		row("pool of 3 (−100, +50, +150), SPRT(0, 20), Δ = 0", "coin:elo=0.001", 500_001),
		row("pool of 3 (−100, +50, +150), SPRT(0, 20), Δ = 20", "coin:elo=20", 600_001),
	}
}

// PairedRows compare the paired test with an unpaired one on a real game:
// tron/small (random starts), strong at depth 2 against strong at depth 1.
func PairedRows(tests int) []SPRTRow {
	test := results.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	row := SPRTRow{"tron/small, strong:depth=2 vs depth=1, paired", "tron/small", nil, "strong:depth=2", "strong:depth=1", nil, test,
		200_000, 400_001, tests, false}
	unpaired := row
	unpaired.Name, unpaired.Unpaired = "tron/small, strong:depth=2 vs depth=1, unpaired", true
	return []SPRTRow{row, unpaired}
}

// MeasureSPRT runs the row's tests on every core.
func MeasureSPRT(ctx context.Context, row SPRTRow) (SPRTRate, error) {
	setup, err := sprtSetup(row)
	if err != nil {
		return SPRTRate{}, err
	}
	type outcome struct {
		verdict runner.Verdict
		games   int
		err     error
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
		out[t] = outcome{f.Verdict(), sum.Played, err}
	})
	rate := SPRTRate{Row: row}
	games := make([]int, 0, len(out))
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
	}
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
// a 4-player coin game (the candidate or the baseline in one seat against
// three opponents of Elo 0, the other seats' luck shared) has an expected
// block score of 1/(1+10^(−target/400)): the Elo on the block test's own
// scale. It integrates by Monte Carlo with common random numbers (a fixed
// seed, the same draws for every δ) over the given number of samples, then
// bisects.
func BlockDelta(target float64, samples int) float64 {
	want := 1 / (1 + math.Pow(10, -target/400))
	gumbel := func(r *rand.Rand) float64 { return -math.Log(-math.Log(1 - float64(r.Float64()))) }
	score := func(delta float64) float64 {
		r := rand.New(rand.NewPCG(1, 2))
		total := 0.0
		d := delta * math.Ln10 / 400
		for range samples {
			c, b := d+gumbel(r), gumbel(r)
			above := func(x float64, o [3]float64) int {
				n := 0
				for _, v := range o {
					if v > x {
						n++
					}
				}
				return n
			}
			o := [3]float64{gumbel(r), gumbel(r), gumbel(r)}
			switch pc, pb := above(c, o), above(b, o); {
			case pc < pb:
				total++
			case pc == pb:
				total += 0.5
			}
		}
		return total / float64(samples)
	}
	lo, hi := 0.0, 2*target+20 // the block score moves less than a duel's
	for range 24 {
		mid := (lo + hi) / 2
		if score(mid) < want {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
