// Command calibrate prints arena's calibration table: the coverage of the
// rating intervals and the error rates of the sequential test, measured on
// the synthetic coin game (see package calibrate). `make calibrate` runs it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/arenasim/arena/calibrate"
)

func main() {
	var s calibrate.Settings
	flag.IntVar(&s.Tournaments, "tournaments", 1000, "tournaments per coverage row")
	flag.IntVar(&s.Tests, "tests", 1000, "sequential tests per SPRT row")
	flag.IntVar(&s.PairedTests, "paired-tests", 100, "sequential tests per paired/unpaired row (tron/small)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := calibrate.Report(ctx, os.Stdout, s); err != nil {
		fmt.Fprintln(os.Stderr, "calibrate:", err)
		os.Exit(1)
	}
}
