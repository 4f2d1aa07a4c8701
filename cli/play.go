package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

var playCommand = &command{
	name:  "play",
	usage: "play [SCENARIO|FILE] [flags]",
	short: "play one match and print its outcome",
	long: `Play plays exactly one match and prints each seat's bot, place, score and
faults. It takes the same selection flags as run. The bots given with --bots
and --bot replace the scenario's, one seat per bot in the order given: the
number of seats follows them (it overrides the players parameter). Without
bots, the scenario's first bots fill its seats. On a league scenario, give
the bot under test with --bot: it plays seat 0 against the league's
opponents, as in the league's first game.

--seed is the match seed itself, as the "seed" field of a results record
shows it, so any match of a run replays with the same scenario, bots (in
seat order) and seed. Without --seed, the match is the first one of
'arena run' on the same scenario and bots.

--trace writes one JSON line per state: turn 0, then after every turn, with
the actions played in their text form and the state hash.`,
	options: func() options { return &playOptions{} },
	run:     playMatch,
}

type playOptions struct {
	sel   selection
	out   string
	force bool
	trace string
}

func (o *playOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "the match seed (default: the seed of the first match of run)")
	fs.StringVarP(&o.out, "out", "o", "", "write the match record to this JSONL `file` (same format as run)")
	fs.StringVar(&o.trace, "trace", "", "write one JSON state per turn to this `file`")
	fs.BoolVar(&o.force, "force", false, "overwrite the --out and --trace files if they exist")
}

func playMatch(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*playOptions)
	c, err := o.sel.resolve("play", args)
	if err != nil {
		return err
	}
	switch {
	case c.scenario.League != nil:
		if err := c.lineUp(); err != nil {
			return err
		}
	case c.flagBots:
		c.params.Set("players", len(c.specs))
		c.origin["players"] = c.botsFrom
	}
	setup, err := c.setup()
	if err != nil {
		return err
	}
	seats := setup.Seats()
	if len(c.specs) < seats {
		return badInput("%s: %d bots for %d seats", c.botsFrom, len(c.specs), seats)
	}
	p := firstMatch(c, seats)
	if o.sel.fs.Changed("seed") {
		p.Seed = o.sel.seed
	}
	// Refuse an existing --out before playing; it is written once the
	// match is over, so an interrupted match leaves no empty file.
	if err := checkNew("--out", o.out, o.force); err != nil {
		return err
	}
	var trace *os.File
	if o.trace != "" {
		if trace, err = createFile("--trace", o.trace, o.force); err != nil {
			return err
		}
		defer trace.Close()
	}

	table := setup.NewTable()
	var res sim.Result
	if trace == nil {
		res = table.Play(ctx, p.Seed, p.Seating)
	} else if res, err = playTraced(ctx, table, p, trace); err != nil {
		return err
	}
	if errors.Is(res.Err, sim.ErrInterrupted) {
		fmt.Fprintln(env.stderr, "arena: interrupted")
		return &exitError{code: ExitInterrupted}
	}
	rec := runner.NewRecord(setup, c.scenario.Name, p, setup.Entrants(), res)
	out, err := openOut(o.out, o.force)
	if err != nil {
		return err
	}
	defer out.close()
	if err := out.write(&results.Header{
		Type: results.TypeHeader, Format: results.FormatVersion, Game: setup.Game(), Scenario: c.scenario.Name,
		RulesHash: setup.RulesHash(), Params: setup.Params(), Bots: rec.Bots, Seats: seats,
		Games: 1, Matches: 1, Seed: p.Seed,
	}); err != nil {
		return err
	}
	if err := out.record(rec); err != nil {
		return &exitError{ExitInternal, err}
	}
	if err := out.close(); err != nil {
		return &exitError{ExitInternal, err}
	}
	if res.Err != nil {
		fmt.Fprintf(env.stdout, "%s  seed %d  failed in turn %d\n", rec.Scenario, rec.Seed, rec.Turns+1)
		return &exitError{ExitInternal, res.Err}
	}
	if err := printOutcome(env, rec); err != nil {
		return &exitError{ExitInternal, err}
	}
	return nil
}

// firstMatch returns the match to play: the first match `arena run` plays
// on the same scenario when the bots are the scenario's, else the bots in
// the order given on the first seed.
func firstMatch(c *chosen, seats int) runner.Pairing {
	if !c.flagBots && c.scenario.League == nil {
		if plan, err := runner.NewTournamentPlan(seats, len(c.specs), c.scenario.Games, c.scenario.Seed); err == nil {
			return plan.Match(0, nil)
		}
	}
	p := runner.Pairing{Seed: sim.Derive(c.scenario.Seed, 0), Seating: make([]int, seats)}
	for k := range p.Seating {
		p.Seating[k] = k
	}
	return p
}

// playTraced plays the match writing its trace to f, which it closes.
func playTraced(ctx context.Context, table sim.Table, p runner.Pairing, f *os.File) (sim.Result, error) {
	w := bufio.NewWriterSize(f, 64<<10)
	res, werr := table.Trace(ctx, p.Seed, p.Seating, w)
	if werr == nil {
		werr = w.Flush()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return res, &exitError{ExitInternal, fmt.Errorf("--trace %s: %w", f.Name(), werr)}
	}
	return res, nil
}

// printOutcome prints the match and a table of its seats.
func printOutcome(env *env, rec *results.Record) error {
	fmt.Fprintf(env.stdout, "%s  seed %d  %d turns  state %s\n", rec.Scenario, rec.Seed, rec.Turns, rec.StateHash)
	faults := make([]int, len(rec.Bots))
	for _, f := range rec.Faults {
		faults[f.Seat]++
	}
	t := tablewriter.NewTable(env.stdout)
	t.Header("seat", "bot", "place", "score", "faults")
	for k, bot := range rec.Bots {
		if err := t.Append(k, bot, rec.Places[k], strconv.FormatFloat(rec.Scores[k], 'f', -1, 64), faults[k]); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for _, f := range rec.Faults {
		fmt.Fprintf(env.stdout, "fault: seat %d (%s), turn %d, %s: %s\n", f.Seat, rec.Bots[f.Seat], f.Turn, f.Kind, f.Msg)
	}
	if rec.Error != "" {
		fmt.Fprintf(env.stdout, "error: %s\n", rec.Error)
	}
	return nil
}
