package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

var goldenCommand = &command{
	name:  "golden",
	usage: "golden record SCENARIO --rounds N --out DIR | golden check DIR [--update]",
	short: "record golden traces of a scenario's matches; check them on today's engine",
	long: `Golden traces pin an engine's play. golden record plays the matches of the
first N rounds of SCENARIO (--rounds N; a round is the matches that share a
seed) with the scenario's bots, or those of --bots and --bot, and writes one
file per match into DIR: the effective parameters, the rules hash, the bots,
then every turn's actions, state and state hash (match-N.jsonl.gz;
--gzip=false writes match-N.jsonl).

golden check DIR replays the recorded actions on today's engine — no bot
plays, so a change of bot never changes a golden — and reports, per match,
the first turn whose state differs and the fields that differ there
(players[1].money: 212 → 210), or a changed rules hash. It exits 1 when
anything differs, 0 otherwise. After an intended change, --update rewrites
the files from today's engine: the same actions, today's states.
docs/rule-changes.md has the workflow.`,
	options: func() options { return &goldenOptions{} },
	run:     goldenRun,
}

type goldenOptions struct {
	sel    selection
	seeds  int
	out    string
	gzip   bool
	force  bool
	update bool
}

func (o *goldenOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "the master seed (default: the scenario's)")
	intVar(fs, &o.seeds, "rounds", "", 1, "record: the matches of the first `N` rounds")
	renamed(fs, "seeds", "--seeds is now --rounds N (the matches of the first N rounds); --seeds FILE is run's")
	fs.StringVarP(&o.out, "out", "o", "", "record: the `folder` of the golden files")
	fs.BoolVar(&o.gzip, "gzip", true, "record: write match-N.jsonl.gz (false: match-N.jsonl)")
	fs.BoolVar(&o.force, "force", false, "record: write into a folder that already holds golden files")
	fs.BoolVar(&o.update, "update", false, "check: rewrite the files from today's engine instead of failing")
}

// maxGoldenSeeds bounds --rounds: a golden folder is for a test suite.
const maxGoldenSeeds = 10000

func goldenRun(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*goldenOptions)
	if len(args) == 0 {
		return badInput("golden: say record or check (arena help golden)")
	}
	switch args[0] {
	case "record":
		return o.record(ctx, env, args[1:])
	case "check":
		return o.check(ctx, env, args[1:])
	}
	return badInput("golden: unknown action %q (want record or check)", args[0])
}

// record records the golden traces of a scenario.
func (o *goldenOptions) record(ctx context.Context, env *env, args []string) error {
	switch {
	case o.out == "":
		return badInput("golden record: give the folder to write with --out DIR")
	case o.seeds < 1 || o.seeds > maxGoldenSeeds:
		return badInput("--rounds: %d is not a whole number from 1 to %d", o.seeds, maxGoldenSeeds)
	case o.update:
		return badInput("--update: only golden check rewrites files")
	}
	if fi, err := os.Stat(o.out); err == nil && !fi.IsDir() {
		return badInput("--out %s: is a file; name a folder", o.out)
	}
	if first, ok := golden.Holds(o.out); ok && !o.force {
		return badInput("--out %s: holds golden files already (%s…); pass --force to write over them", o.out, first)
	}
	c, err := o.sel.resolve("golden record", args)
	if err != nil {
		return err
	}
	c.seatPerBot()
	setup, err := c.setup()
	if err != nil {
		return err
	}
	seed := c.scenario.Seed
	if o.sel.fs.Changed("seed") {
		seed = o.sel.seed
	}
	matches, err := goldenMatches(setup, o.seeds, seed)
	if err != nil {
		return badInput("%s: %v", c.scenario.Name, err)
	}
	// The folder is the user's to name: one that cannot be made is bad
	// input, not a failure of arena's.
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return badInput("--out %s: %v", o.out, pathCause(err))
	}
	if err := golden.Record(ctx, setup, c.scenario.Name, matches, o.out, o.gzip); err != nil {
		return &exitError{ExitInternal, err}
	}
	fmt.Fprintf(env.stdout, "%s: %s of %s recorded in %s\n", c.scenario.Name, results.Plural(len(matches), "match", "matches"), results.Plural(o.seeds, "round", "rounds"), o.out)
	return nil
}

// goldenMatches returns the matches of the first rounds of the tournament
// of setup's entrants: as arena run plays them.
func goldenMatches(setup sim.Setup, rounds int, seed uint64) ([]golden.Pairing, error) {
	seats, entrants := setup.Seats(), len(setup.Entrants())
	// Games enough for the rounds, whatever the plan makes of them.
	plan, err := runner.NewTournamentPlan(seats, entrants, 2*rounds*max(entrants, seats), seed)
	if err != nil {
		return nil, err
	}
	n := plan.Len()
	if r, ok := plan.(interface{ RoundSize() int }); ok {
		n = min(n, rounds*r.RoundSize())
	}
	matches := make([]golden.Pairing, n)
	for i := range matches {
		p := plan.Match(i, nil)
		matches[i] = golden.Pairing{Index: p.Index, Seed: p.Seed, Seating: p.Seating}
	}
	return matches, nil
}

// check checks (or updates) the golden files of a folder.
func (o *goldenOptions) check(ctx context.Context, env *env, args []string) error {
	if len(args) != 1 {
		return badInput("golden check: give one folder of golden files")
	}
	for _, name := range []string{"out", "rounds", "gzip", "force", "bots", "bot", "param", "game", "seed"} {
		if o.sel.fs.Changed(name) {
			return badInput("--%s: golden check takes only --update (the files say what to play)", name)
		}
	}
	files, err := golden.Files(args[0])
	if err != nil {
		return badInput("golden check: %v", err)
	}
	lookup := lookupAnyGame
	differ := 0
	for _, path := range files {
		m, err := golden.Read(path)
		if err != nil {
			return badInput("%v", err)
		}
		r, err := golden.Check(m, lookup)
		if err != nil {
			return badInput("%v", err)
		}
		h := &m.Header
		fmt.Fprintf(env.stdout, "%s  %s match %d, seed %d: ", filepath.Base(path), h.Scenario, h.Match, h.Seed)
		if !r.Differs() {
			fmt.Fprintf(env.stdout, "the same, %d turns\n", len(m.Lines)-1)
			continue
		}
		differ++
		fmt.Fprint(env.stdout, r.Describe())
		if o.update {
			if err := golden.Update(ctx, m, lookup); err != nil {
				return &exitError{ExitInternal, err}
			}
			fmt.Fprintf(env.stdout, "  updated\n")
		}
	}
	switch {
	case differ == 0:
		fmt.Fprintf(env.stdout, "%d matches, all the same\n", len(files))
		return nil
	case o.update:
		fmt.Fprintf(env.stdout, "%d of %d matches differed: updated\n", differ, len(files))
		return nil
	}
	return &exitError{ExitNegative, fmt.Errorf("%d of %d golden matches differ (golden check --update rewrites them after an intended change)", differ, len(files))}
}
