package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"
)

func main() {
	var s Settings
	flag.IntVar(&s.Tournaments, "tournaments", 1000, "tournaments per coverage row")
	flag.IntVar(&s.Tests, "tests", 1000, "sequential tests per SPRT row")
	flag.IntVar(&s.PairedTests, "paired-tests", 100, "sequential tests per paired/unpaired row (tron/small)")
	flag.IntVar(&s.BracketRuns, "bracket-runs", 40, "knockout runs per bracket row (each of --draws brackets)")
	ladderReplicates := flag.Int("ladder", 0, "measure only the ladder's scheduler, with this many replicates (docs/ladder.md)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	report := func() error { return Report(ctx, os.Stdout, s) }
	if *ladderReplicates > 0 {
		report = func() error { return LadderReport(ctx, os.Stdout, DefaultLadderBench(*ladderReplicates)) }
	}
	if err := report(); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
	// The time goes to stderr: stdout is the same bytes on every run.
	fmt.Fprintf(os.Stderr, "calibrate: %.0f s\n", time.Since(start).Seconds())
}
