package main

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Settings size the calibration.
type Settings struct {
	Tournaments int // per coverage row (the first row keeps its 200 seeds)
	Tests       int // sequential tests per SPRT row
	PairedTests int // sequential tests per paired/unpaired row
}

// Report measures every row and writes the table to w, a line per row as
// soon as it is measured.
func Report(ctx context.Context, w io.Writer, s Settings) error {
	start := time.Now()
	fmt.Fprintf(w, "Coverage of the 95%% rating intervals, coin game (%d tournaments a row; target 93–97%%):\n", s.Tournaments)
	for _, row := range CoverageRows(s.Tournaments) {
		c, err := MeasureCoverage(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintln(w, "  "+c.String())
	}
	fmt.Fprintf(w, "\nA first-seat advantage the ratings leave out, duels by the round robin's plan (%d tournaments a row; coverage of the rating intervals):\n", s.Tournaments)
	for _, row := range SeatRows(s.Tournaments) {
		c, err := MeasureSeat(row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintln(w, "  "+c.String())
	}
	delta := BlockDelta(5, 3)
	fmt.Fprintf(w, "\nSPRT(0, 5), α = β = 0.05, coin game (%d tests a row; targets: H1 ≤ 6%% at Δ = 0, ≥ 94%% at Δ = 5):\n", s.Tests)
	for _, row := range SPRTRows(s.Tests, delta) {
		r, err := MeasureSPRT(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintln(w, "  "+r.String())
	}
	fmt.Fprintf(w, "\nSPRT(0, 20) against a pool, candidate minus baseline, through the runner as arena sprt --opponents plays it (%d tests a row; targets: H1 ≤ 6%% at Δ = 0, ≥ 94%% at Δ = 20):\n", s.Tests)
	for _, row := range PoolRows(s.Tests) {
		r, err := MeasureSPRT(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintln(w, "  "+r.String())
	}
	fmt.Fprintf(w, "\nPaired versus unpaired, SPRT(0, 5) (%d tests a row):\n", s.PairedTests)
	var means []float64
	for _, row := range PairedRows(s.PairedTests) {
		r, err := MeasureSPRT(ctx, row)
		if err != nil {
			return fmt.Errorf("%s: %w", row.Name, err)
		}
		fmt.Fprintln(w, "  "+r.String())
		means = append(means, r.MeanGames())
	}
	fmt.Fprintf(w, "  unpaired / paired mean games to a decision: %.2f\n", means[1]/means[0])
	fmt.Fprintf(w, "\n(%.0f s)\n", time.Since(start).Seconds())
	return nil
}
