package main

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
)

// BracketRow is a row of the knockout's calibration: runs of Brackets
// random-draw brackets of coin bots whose true Elos are known, so that
// each bot's chance of a title in a bracket drawn at random is exact
// (results.DrawOdds over every draw). Each run reports that chance twice —
// the share of titles it saw, with its Wilson interval, and the odds
// predicted from the ratings of every game it played, with their interval —
// and the row counts how often each interval holds the exact chance.
type BracketRow struct {
	Name      string
	Elos      []float64
	Brackets  int // brackets of a run (--draws)
	Runs      int
	FirstSeed uint64
}

// BracketCoverage is what a row measured: over every bot of every run.
type BracketCoverage struct {
	Row          BracketRow
	Intervals    int
	ShareCovered int     // the title share's interval held the exact chance
	OddsCovered  int     // the odds' interval did
	ShareError   float64 // mean |share − exact|
	OddsError    float64 // mean |odds − exact|
	OddsWidth    float64 // mean width of the odds' interval
}

// BracketRows are the rows of make calibrate: eight bots a run (every
// draw of eight can be counted), brackets of the default ties (two games,
// a cap of ten), few and many brackets a run.
func BracketRows(runs int) []BracketRow {
	spread := []float64{0, 50, 100, 150, 200, 250, 300, 400}
	close := []float64{0, 10, 20, 30, 40, 50, 60, 70}
	return []BracketRow{
		{Name: "8 bots, 0–400 Elo, 40 brackets a run", Elos: spread, Brackets: 40, Runs: runs, FirstSeed: 1},
		{Name: "8 bots, 0–400 Elo, 400 brackets a run", Elos: spread, Brackets: 400, Runs: runs, FirstSeed: 1},
		{Name: "8 bots, 0–70 Elo, 100 brackets a run", Elos: close, Brackets: 100, Runs: runs, FirstSeed: 1},
	}
}

// MeasureBracket plays the row's runs on every core.
func MeasureBracket(ctx context.Context, row BracketRow) (BracketCoverage, error) {
	setup, err := coinSetup(row.Elos, 2, 0)
	if err != nil {
		return BracketCoverage{}, err
	}
	entrants := setup.Entrants()
	games := results.DefaultKnockoutGames
	exact := results.DrawOdds(row.Elos, nil, 0, games, games+results.KnockoutExtension, 0, nil)
	type outcome struct {
		bots []results.KnockoutDrawsBot
		err  error
	}
	out := make([]outcome, row.Runs)
	forEach(row.Runs, func(r int) {
		seed := row.FirstSeed + uint64(r)
		set := results.KnockoutSettings{Games: games, Cap: games + results.KnockoutExtension, Tiebreak: results.TiebreakHigherSeed,
			Points: results.DefaultKnockoutPoints(), Draws: row.Brackets,
			Draw: runner.KnockoutDraw(seed, len(entrants), nil, 0)}
		k, err := runner.NewKnockout(entrants, set, seed, results.Options{Seed: seed, Bootstrap: 0})
		if err != nil {
			out[r].err = err
			return
		}
		if _, err := runner.Run(ctx, runner.Config{Setup: setup, Plan: k.Plan(), Workers: 1}, func(rec *results.Record, _ []byte) (bool, error) {
			err := k.Add(rec)
			return k.Decided(), err
		}); err != nil {
			out[r].err = err
			return
		}
		rep, err := k.Draws()
		if err != nil {
			out[r].err = err
			return
		}
		if rep.Finished != row.Brackets {
			out[r].err = fmt.Errorf("run %d: %d of %d brackets finished", r, rep.Finished, row.Brackets)
			return
		}
		out[r].bots = rep.Bots
	})
	c := BracketCoverage{Row: row}
	for _, o := range out {
		if o.err != nil {
			return c, o.err
		}
		for _, b := range o.bots {
			e := slices.Index(entrants, b.Bot)
			if e < 0 || b.Odds == nil {
				return c, fmt.Errorf("%s: no title odds", b.Bot)
			}
			truth := exact[e]
			c.Intervals++
			if b.ShareLo <= truth && truth <= b.ShareHi {
				c.ShareCovered++
			}
			if *b.OddsLo <= truth && truth <= *b.OddsHi {
				c.OddsCovered++
			}
			c.ShareError += math.Abs(b.Share - truth)
			c.OddsError += math.Abs(*b.Odds - truth)
			c.OddsWidth += *b.OddsHi - *b.OddsLo
		}
	}
	n := float64(c.Intervals)
	c.ShareError /= n
	c.OddsError /= n
	c.OddsWidth /= n
	return c, nil
}

// ShareRate is the coverage of the title shares' intervals.
func (c BracketCoverage) ShareRate() float64 { return float64(c.ShareCovered) / float64(c.Intervals) }

// OddsRate is the coverage of the title odds' intervals.
func (c BracketCoverage) OddsRate() float64 { return float64(c.OddsCovered) / float64(c.Intervals) }

// String writes the row as a log line.
func (c BracketCoverage) String() string {
	return fmt.Sprintf("%-40s share %5.1f%% (error %.3f)  odds %5.1f%% (error %.3f, width %.3f)", c.Row.Name,
		100*c.ShareRate(), c.ShareError, 100*c.OddsRate(), c.OddsError, c.OddsWidth)
}
