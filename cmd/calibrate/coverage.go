package main

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// CoverageRow is one setting of the coverage table: bots of known Elo play
// a coin tournament, again and again from different master seeds, and the
// row counts how often each bot's 95 % interval holds its true rating (its
// Elo minus the mean of the true Elos, as the standings anchor them).
type CoverageRow struct {
	Name        string
	Elos        []float64 // each bot's true Elo
	Seats       int       // 2, or N for N-player matches
	Draws       float64   // the coin game's draws parameter (two seats)
	Games       int       // --games: per pair (two seats) or in total
	FirstSeed   uint64    // master seeds FirstSeed, FirstSeed+1, …
	Tournaments int
	// Championship plays a championship of Games days (tables of Seats,
	// every bot once a day, then finals by standing) instead of a
	// tournament.
	Championship bool
	// Bootstrap is the number of replicates, as --bootstrap; 0 for the
	// default of the row's field.
	Bootstrap int
}

// Coverage is the measured coverage of a row.
type Coverage struct {
	Row       CoverageRow
	Intervals int     // bot intervals checked
	Covered   int     // of which, holding the truth
	Open      int     // of which, open on at least one side
	Worst     float64 // the coverage of the worst-covered bot
	Width     float64 // the mean width of the finite intervals, Elo
	Stderr    float64 // Monte Carlo standard error of the coverage, by tournament
	// Pairs counts the head-to-head intervals checked (every pair that met,
	// its difference against the true difference), PairsCovered those
	// holding the truth.
	Pairs, PairsCovered int
}

// PairRate returns the coverage of the head-to-head intervals.
func (c Coverage) PairRate() float64 { return float64(c.PairsCovered) / float64(c.Pairs) }

// Rate returns the coverage.
func (c Coverage) Rate() float64 { return float64(c.Covered) / float64(c.Intervals) }

// CoverageRows are the rows of `make calibrate`, each with the given number
// of tournaments (the first row's master seeds, 1–200, are fixed).
func CoverageRows(tournaments int) []CoverageRow {
	four := []float64{-150, -50, 50, 150}
	six := []float64{-250, -150, -50, 50, 150, 250}
	eight := []float64{-350, -250, -150, -50, 50, 150, 250, 350}
	eighteen := make([]float64, 18) // −425 to +425, 50 apart
	for i := range eighteen {
		eighteen[i] = float64(50*i - 425)
	}
	few := results.DefaultBootstrapFor(200)
	return []CoverageRow{
		{"duels, 4 bots ±50/±150, 20 games a pair, seeds 1–200", four, 2, 0, 20, 1, 200, false, 0},
		{"duels, 4 bots ±50/±150, 20 games a pair", four, 2, 0, 20, 1001, tournaments, false, 0},
		{"duels, 10% draws, 20 games a pair", four, 2, 0.1, 20, 2001, tournaments, false, 0},
		{"duels, 4 bots, 200 games a pair", four, 2, 0, 200, 3001, tournaments, false, 0},
		{"duels, 10% draws, 200 games a pair", four, 2, 0.1, 200, 4001, tournaments, false, 0},
		{"4 players, 20 matches", four, 4, 0, 20, 5001, tournaments, false, 0},
		{"4 players, 200 matches", four, 4, 0, 200, 6001, tournaments, false, 0},
		{"sweeps: 2 bots 800 apart, 20 games a pair", []float64{-400, 400}, 2, 0, 20, 7001, tournaments, false, 0},
		{"sweeps: 4 bots ±400/±1200, 200 games a pair", []float64{-1200, -400, 400, 1200}, 2, 0, 200, 8001, tournaments, false, 0},
		{"3 players, 6 bots ±50/±150/±250, 30 matches", six, 3, 0, 30, 9001, tournaments, false, 0},
		{"4 players, 8 bots ±50 to ±350, 40 matches", eight, 4, 0, 40, 10001, tournaments, false, 0},
		{"4 players, 8 bots ±50 to ±350, 400 matches", eight, 4, 0, 400, 11001, tournaments, false, 0},
		// The fewest replicates a run takes by default (a field of 200 bots),
		// on the seeds of rows with 1,000.
		{fmt.Sprintf("duels, 4 bots ±50/±150, 20 games a pair, %d replicates", few), four, 2, 0, 20, 1001, tournaments, false, few},
		{fmt.Sprintf("4 players, 8 bots ±50 to ±350, 40 matches, %d replicates", few), eight, 4, 0, 40, 10001, tournaments, false, few},
		{"championship: 18 bots ±25 to ±425, tables of 6, 7 days", eighteen, 6, 0, 7, 12001, tournaments, true, 0},
	}
}

// coinSetup configures the coin game for the given Elos.
func coinSetup(elos []float64, seats int, draws float64) (sim.Setup, error) {
	entry, err := scenarios.LookupGame("coin")
	if err != nil {
		return nil, err
	}
	params := sim.Params{}
	params.Set("players", seats)
	params.Set("draws", draws)
	specs := make([]sim.BotSpec, len(elos))
	for i, e := range elos {
		if specs[i], err = sim.ParseBotSpec("coin:elo=" + strconv.FormatFloat(e, 'g', -1, 64)); err != nil {
			return nil, err
		}
	}
	return entry.Game.Setup(params, specs)
}

// MeasureCoverage plays the row's tournaments on every core and checks the
// intervals.
func MeasureCoverage(ctx context.Context, row CoverageRow) (Coverage, error) {
	setup, err := coinSetup(row.Elos, row.Seats, row.Draws)
	if err != nil {
		return Coverage{}, err
	}
	truth := make(map[string]float64, len(row.Elos))
	mean := 0.0
	for _, e := range row.Elos {
		mean += e / float64(len(row.Elos))
	}
	for i, name := range setup.Entrants() {
		truth[name] = row.Elos[i] - mean
	}
	type outcome struct {
		covered       []bool
		open          int
		width         float64
		finite        int
		pairs, paired int
		err           error
	}
	out := make([]outcome, row.Tournaments)
	forEach(row.Tournaments, func(t int) {
		seed := row.FirstSeed + uint64(t)
		st, err := playRow(ctx, setup, row, seed)
		if err != nil {
			out[t].err = err
			return
		}
		o := &out[t]
		o.covered = make([]bool, len(row.Elos))
		for _, r := range st.Ratings {
			o.covered[slices.Index(setup.Entrants(), r.Bot)] = r.EloLo <= truth[r.Bot] && truth[r.Bot] <= r.EloHi
			if math.IsInf(r.EloLo, 0) || math.IsInf(r.EloHi, 0) {
				o.open++
			} else {
				o.width += r.EloHi - r.EloLo
				o.finite++
			}
		}
		pairs, _ := st.Pairs()
		for _, h := range pairs {
			o.pairs++
			if d := truth[h.Bot] - truth[h.Opponent]; h.EloLo <= d && d <= h.EloHi {
				o.paired++
			}
		}
	})
	c := Coverage{Row: row}
	perBot := make([]int, len(row.Elos))
	widths, finite := 0.0, 0
	var tourRates []float64
	for _, o := range out {
		if o.err != nil {
			return c, o.err
		}
		hit := 0
		for b, ok := range o.covered {
			if ok {
				hit++
				perBot[b]++
			}
		}
		c.Intervals += len(o.covered)
		c.Covered += hit
		c.Open += o.open
		c.Pairs += o.pairs
		c.PairsCovered += o.paired
		widths += o.width
		finite += o.finite
		tourRates = append(tourRates, float64(hit)/float64(len(o.covered)))
	}
	if finite > 0 {
		c.Width = widths / float64(finite)
	}
	c.Stderr = clusteredStderr(tourRates)
	c.Worst = 1
	for _, n := range perBot {
		c.Worst = min(c.Worst, float64(n)/float64(row.Tournaments))
	}
	return c, nil
}

// playRow plays one tournament (or championship) of the row from the
// master seed and returns its standings.
func playRow(ctx context.Context, setup sim.Setup, row CoverageRow, seed uint64) (*results.Standings, error) {
	var f interface {
		runner.Format
		Standings() (*results.Standings, error)
	}
	var err error
	opt := results.Options{Seed: seed, Bootstrap: row.Bootstrap}
	if row.Championship {
		f, err = runner.NewChampionship(row.Seats, setup.Entrants(), row.Games, nil, seed, opt)
	} else {
		f, err = runner.NewTournament(row.Seats, setup.Entrants(), row.Games, seed, opt)
	}
	if err != nil {
		return nil, err
	}
	if _, err := runner.Run(ctx, runner.Config{Setup: setup, Plan: f.Plan(), Workers: 1}, runner.Each(f.Add)); err != nil {
		return nil, err
	}
	return f.Standings()
}

// clusteredStderr returns the standard error of the mean of the
// per-tournament coverages: the intervals of one tournament are not
// independent of each other.
func clusteredStderr(rates []float64) float64 {
	n := float64(len(rates))
	if n < 2 {
		return math.NaN()
	}
	mean := 0.0
	for _, r := range rates {
		mean += r / n
	}
	ss := 0.0
	for _, r := range rates {
		ss += float64((r - mean) * (r - mean))
	}
	return math.Sqrt(ss / (n - 1) / n)
}

// forEach calls f(0), …, f(n−1) on every core.
func forEach(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// String writes the row as a table line.
func (c Coverage) String() string {
	return fmt.Sprintf("%-48s %5.1f%% ± %.1f  worst %5.1f%%  open %3.0f%%  width %4.0f  pairs %5.1f%%", c.Row.Name, 100*c.Rate(), 100*c.Stderr,
		100*c.Worst, 100*float64(c.Open)/float64(c.Intervals), c.Width, 100*c.PairRate())
}
