package main

import (
	"context"
	"fmt"
	"io"
	"math"
)

// Settings size the calibration.
type Settings struct {
	Tournaments int // per coverage row (the first row keeps its 200 seeds)
	Tests       int // sequential tests per SPRT row
	PairedTests int // sequential tests per paired/unpaired row
	BracketRuns int // knockout runs per bracket row
}

// Report measures every row and writes the tables to w in Markdown, a line
// per row as soon as it is measured: docs/statistics.md shows them as
// printed. Every figure comes from seeded runs, so the same settings
// print the same bytes.
func Report(ctx context.Context, w io.Writer, s Settings) error {
	fmt.Fprintf(w, "Coverage of the 95%% rating intervals, coin game: %d tournaments a row (the first row 200), each bot's interval"+
		" against its true rating; ± one standard error of the coverage, clustered by tournament; target 93–97%%.\n\n", s.Tournaments)
	fmt.Fprintln(w, "| setting | coverage | worst bot | head to head | open | mean width |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, row := range CoverageRows(s.Tournaments) {
		c, err := MeasureCoverage(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintf(w, "| %s | %.1f%% ± %.1f | %.1f%% | %.1f%% | %.0f%% | %.0f |\n", row.Name, 100*c.Rate(), 100*c.Stderr, 100*c.Worst,
			100*c.PairRate(), 100*float64(c.Open)/float64(c.Intervals), c.Width)
	}

	fmt.Fprintf(w, "\nA first-seat edge: duels by the round robin's plan, outcomes drawn with the first seat's edge, %d tournaments a row,"+
		" rated without a seat term and with one (--seat-edge).\n\n", s.Tournaments)
	fmt.Fprintln(w, "| setting | first seat's score | no seat term: coverage | worst bot | pulled in by | --seat-edge: coverage | worst bot | pulled in by | edge found |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, row := range SeatRows(s.Tournaments) {
		c, err := MeasureSeat(row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintf(w, "| %s | %.3f | %.1f%% | %.1f%% | %.1f Elo | %.1f%% | %.1f%% | %.1f Elo | %+.1f Elo |\n", row.Name, c.SeatScore,
			100*c.Plain.Rate(), 100*c.Plain.Worst, -c.Plain.Shrink, 100*c.Edged.Rate(), 100*c.Edged.Worst, -c.Edged.Shrink, c.EdgeFound)
	}

	delta := BlockDelta(5, 3)
	fmt.Fprintf(w, "\nSPRT(0, 5), α = β = 0.05, coin game, %d tests a row (targets: H1 at most 6%% at Δ = 0, at least 94%% at Δ = 5):\n\n", s.Tests)
	var estimated []SPRTRate // the rows whose truth is known
	rates, err := sprtRows(ctx, w, SPRTRows(s.Tests, delta))
	if err != nil {
		return err
	}
	estimated = append(estimated, rates...)
	fmt.Fprintf(w, "\nSPRT(0, 20) against a pool (--opponents, two seats), on the candidate-minus-baseline scale, %d tests a row"+
		" (targets: H1 at most 6%% at Δ = 0, at least 94%% at Δ = 20):\n\n", s.Tests)
	if rates, err = sprtRows(ctx, w, PoolRows(s.Tests)); err != nil {
		return err
	}
	estimated = append(estimated, rates...)
	fmt.Fprintf(w, "\nThe Elo estimate where each test stopped, against the truth: fastchess's (as if the games had been fixed in advance)"+
		" and the stopping-corrected one (median-unbiased).\n\n")
	fmt.Fprintln(w, "| setting | truth | fastchess: mean | median | covers | corrected: mean | median | covers |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, r := range estimated {
		if math.IsNaN(r.Row.True) {
			continue
		}
		n := float64(r.Row.Tests)
		fmt.Fprintf(w, "| %s | %.3g | %+.1f | %+.1f | %.1f%% | %+.1f | %+.1f | %.1f%% |\n", r.Row.Name, r.Row.True,
			r.Plain.Mean, r.Plain.Median, 100*float64(r.Plain.Covered)/n, r.Corrected.Mean, r.Corrected.Median, 100*float64(r.Corrected.Covered)/n)
	}

	fmt.Fprintf(w, "\nPaired versus unpaired, SPRT(0, 5), %d tests a row:\n\n", s.PairedTests)
	if rates, err = sprtRows(ctx, w, PairedRows(s.PairedTests)); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nUnpaired, a decision takes %.2f times the games of paired (mean games).\n", rates[1].MeanGames()/rates[0].MeanGames())
	return bracketRows(ctx, w, s.BracketRuns)
}

// bracketRows writes the knockout's rows.
func bracketRows(ctx context.Context, w io.Writer, runs int) error {
	fmt.Fprintf(w, "\nA bot's chance of winning a random-draw knockout (--draws), coin game, %d runs a row: how often the 95%% interval"+
		" holds the exact chance (from the true Elos, over every draw), for the share of titles seen and for the odds from the"+
		" games' ratings; mean error of each (target 93–97%%).\n\n", runs)
	fmt.Fprintln(w, "| setting | title share: coverage | error | title odds: coverage | error | interval width |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, row := range BracketRows(runs) {
		c, err := MeasureBracket(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintf(w, "| %s | %.1f%% | %.3f | %.1f%% | %.3f | %.3f |\n", row.Name, 100*c.ShareRate(), c.ShareError,
			100*c.OddsRate(), c.OddsError, c.OddsWidth)
	}
	return nil
}

// sprtRows measures SPRT rows, writes their table, and returns them.
func sprtRows(ctx context.Context, w io.Writer, rows []SPRTRow) ([]SPRTRate, error) {
	fmt.Fprintln(w, "| setting | H1 accepted | H0 accepted | undecided | mean games | median games |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	var out []SPRTRate
	for _, row := range rows {
		r, err := MeasureSPRT(ctx, row)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", row.Name, err)
		}
		n := float64(row.Tests)
		fmt.Fprintf(w, "| %s | %.1f%% | %.1f%% | %.1f%% | %.0f | %d |\n", row.Name, 100*r.H1Rate(), 100*float64(r.H0)/n,
			100*float64(r.Undec)/n, r.MeanGames(), r.MedianGames)
		out = append(out, r)
	}
	return out, nil
}
