package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
)

// faultGate is --max-faults: the most faults a bot may have before the run
// exits 1, as a number of faults or as a share of its matches ("5%").
type faultGate struct {
	text  string
	limit float64 // faults, or faults per match when share
	share bool
}

func (g *faultGate) register(fs *pflag.FlagSet) {
	fs.StringVar(&g.text, "max-faults", "", "exit 1 when a bot has more faults than `N` (a number, or a share of its matches: 5%); for CI")
}

// check reads --max-faults.
func (g *faultGate) check() error {
	if g.text == "" {
		return nil
	}
	text := strings.TrimSpace(g.text)
	num, share := strings.CutSuffix(text, "%")
	g.share = share
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return badInput("--max-faults: %q is not a number of faults (10) or a share of the matches (5%%)", g.text)
	case v < 0:
		return badInput("--max-faults: %q is negative", g.text)
	case g.share && v > 100:
		return badInput("--max-faults: %q is more than 100%%", g.text)
	case !g.share && v != math.Trunc(v):
		return badInput("--max-faults: %q is not a whole number of faults (a share ends with %%: 5%%)", g.text)
	}
	g.limit = v
	if g.share {
		g.limit = v / 100
	}
	return nil
}

// report prints one line on stderr for each bot that faulted, after the
// table, and returns an exitError (exit 1) naming the first bot over the
// gate, or nil.
func (g *faultGate) report(env *env, t *results.FaultTally) error {
	for _, line := range t.Lines() {
		fmt.Fprintf(env.stderr, "arena: %s\n", line)
	}
	if g.text == "" {
		return nil
	}
	for i, c := range t.Counts() {
		n := t.Matches(i)
		switch {
		case !g.share && float64(c.Total) > g.limit:
			return &exitError{ExitNegative, fmt.Errorf("--max-faults %s: %s has %d faults", g.text, c.Bot, c.Total)}
		case g.share && n > 0 && float64(c.Total) > g.limit*float64(n):
			return &exitError{ExitNegative, fmt.Errorf("--max-faults %s: %s has %d faults in %d matches (%.1f%%)", g.text, c.Bot, c.Total, n, 100*float64(c.Total)/float64(n))}
		}
	}
	return nil
}

// withVerdict combines the gate's outcome with the run's: a verdict that
// already fails (exit 1 or 3) stands; otherwise the gate's exit 1, if any.
func withVerdict(verdict, gate error) error {
	if verdict != nil {
		return verdict
	}
	return gate
}
