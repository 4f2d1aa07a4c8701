package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	var s Settings
	flag.IntVar(&s.Tournaments, "tournaments", 1000, "tournaments per coverage row")
	flag.IntVar(&s.Tests, "tests", 1000, "sequential tests per SPRT row")
	flag.IntVar(&s.PairedTests, "paired-tests", 100, "sequential tests per paired/unpaired row (tron/small)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Report(ctx, os.Stdout, s); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}
