package cli

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var sprtCommand = &command{
	name:  "sprt",
	usage: "sprt [SCENARIO|FILE] --candidate SPEC --baseline SPEC [flags]",
	short: "play until a sequential test decides whether a bot is stronger",
	long: `Sprt plays the candidate against the baseline until a sequential probability
ratio test decides between H0 (the candidate is at most --elo0 stronger) and
H1 (it is at least --elo1 stronger), or until --max-games. It is the command
for a CI gate: exit 0 when H1 is accepted, 1 when H0 is, 3 when the cap is
reached undecided, 2 on bad usage.

Two seats: each seed is played twice, seats swapped, and the candidate's
total over the pair feeds a pentanomial test with logistic Elo bounds, as
the chess testing frameworks compute it. With --opponents the two do not
meet: each plays every opponent on the same seeds and seats. N seats: a
block is one seed and seating played with the candidate, then with the
baseline in the same seat, the other seats from --opponents or the
scenario's bots.

The report gives the LLR and its bounds, the games, the counts, the Elo
difference with its 95% interval and the LOS; --format json prints one
object, --junit writes a JUnit test case, --out keeps the records. All are
the same whatever -j. --max-games counts games, not pairs: its default, a
million, lets a test run until it decides (bots 5 Elo apart take tens of
thousands of games); give a CI job a smaller cap. docs/statistics.md has
the test.`,
	options: func() options { return &sprtOptions{} },
	run:     runSPRT,
}

// defaultSPRTGames is --max-games by default: enough for a test to decide.
const defaultSPRTGames = 1_000_000

type sprtOptions struct {
	sel       selection
	play      playFlags
	candidate string
	baseline  string
	opponents []string
	elo0      float64
	elo1      float64
	alpha     float64
	beta      float64
	model     string
	maxGames  int
	junit     string
}

func (o *sprtOptions) register(fs *pflag.FlagSet) {
	o.sel.registerScenario(fs, "master seed; the seeds of the pairs derive from it (default: the scenario's)")
	fs.StringVar(&o.candidate, "candidate", "", "the bot under test, a `SPEC` (NAME or NAME:key=value,…)")
	fs.StringVar(&o.baseline, "baseline", "", "the bot it must beat, a `SPEC`; may equal the candidate")
	fs.StringSliceVar(&o.opponents, "opponents", nil, "play both against these bots instead of each other: `a,b,…` (quote a spec that holds commas; repeatable)")
	fs.Float64Var(&o.elo0, "elo0", 0, "H0: the candidate is at most this much stronger")
	fs.Float64Var(&o.elo1, "elo1", 5, "H1: the candidate is at least this much stronger")
	fs.Float64Var(&o.alpha, "alpha", 0.05, "the chance of accepting H1 when H0 holds")
	fs.Float64Var(&o.beta, "beta", 0.05, "the chance of accepting H0 when H1 holds")
	fs.StringVar(&o.model, "model", "logistic", "Elo model of the bounds: logistic or normalized")
	intVar(fs, &o.maxGames, "max-games", "", defaultSPRTGames, "stop undecided after this many games (exit 3)")
	o.play.register(fs, "report format: table, markdown, csv or json")
	fs.StringVar(&o.junit, "junit", "", "write a JUnit XML report to this `file` (passed = H1, failed = H0, skipped = undecided)")
}

func runSPRT(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*sprtOptions)
	report, err := o.play.check()
	if err != nil {
		return err
	}
	c, err := o.sel.resolve("sprt", args)
	if err != nil {
		return err
	}
	test, err := o.test()
	if err != nil {
		return err
	}
	if err := refuseEmptyFlags(o.sel.fs, "opponents"); err != nil {
		return err // an empty $OPP would make a pool test a head-to-head one
	}
	if o.maxGames < 2 || o.maxGames > scenarios.MaxGames {
		return badInput("--max-games: %d is not a whole number from 2 to %d", o.maxGames, scenarios.MaxGames)
	}
	maxGames := o.maxGames
	seed := c.scenario.Seed
	if o.sel.fs.Changed("seed") {
		seed = o.sel.seed
	}
	if err := checkNew("--junit", o.junit, o.play.force); err != nil {
		return err
	}
	if err := distinctOutputs(output{"--out", o.play.out}, output{"--junit", o.junit}); err != nil {
		return err
	}
	setup, err := o.lineUp(c)
	if err != nil {
		return err
	}
	format, err := runner.NewSPRT(setup.Seats(), setup.Entrants(), test, maxGames, seed)
	if err != nil {
		return badInput("%s: %v", c.scenario.Name, err)
	}
	sum, err := playFormat(ctx, env, &o.play, c.scenario.Name, setup, format, maxGames, seed, report)
	if err != nil {
		return err
	}
	if !sum.Interrupted && o.junit != "" {
		if err := writeJUnit(o.junit, o.play.force, format.Result(), fmt.Sprintf("%s against %s on %s", o.candidate, o.baseline, c.scenario.Name)); err != nil {
			return err
		}
	}
	if err := runEnd(env, sum, o.play.owned(format.Plan())); err != nil {
		return err
	}
	return withVerdict(verdictExit(format.Verdict()), o.play.faultsOver)
}

// test reads the test's settings.
func (o *sprtOptions) test() (results.SPRT, error) {
	if o.candidate == "" || o.baseline == "" {
		return results.SPRT{}, badInput("sprt: give the bots with --candidate SPEC and --baseline SPEC (see arena help sprt)")
	}
	model, err := results.ParseEloModel(o.model)
	if err != nil {
		return results.SPRT{}, badInput("--model: %v", err)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"--elo0", o.elo0}, {"--elo1", o.elo1}, {"--alpha", o.alpha}, {"--beta", o.beta}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return results.SPRT{}, badInput("%s: %v is not a number", f.name, f.v)
		}
	}
	switch {
	case !(o.alpha > 0 && o.alpha <= 0.5):
		return results.SPRT{}, badInput("--alpha: %v is not in (0, 0.5]", o.alpha)
	case !(o.beta > 0 && o.beta <= 0.5):
		return results.SPRT{}, badInput("--beta: %v is not in (0, 0.5]", o.beta)
	case math.Abs(o.elo0) > results.MaxAbsElo:
		return results.SPRT{}, badInput("--elo0: %v is outside [-%d, %d]", o.elo0, results.MaxAbsElo, results.MaxAbsElo)
	case math.Abs(o.elo1) > results.MaxAbsElo:
		return results.SPRT{}, badInput("--elo1: %v is outside [-%d, %d]", o.elo1, results.MaxAbsElo, results.MaxAbsElo)
	case !(o.elo0 < o.elo1):
		return results.SPRT{}, badInput("--elo0 %v is not below --elo1 %v", o.elo0, o.elo1)
	}
	t := results.SPRT{Elo0: o.elo0, Elo1: o.elo1, Alpha: o.alpha, Beta: o.beta, Model: model}
	if err := t.Check(); err != nil {
		return results.SPRT{}, badInput("sprt: %v", err)
	}
	return t, nil
}

// lineUp sets the game up with the candidate, the baseline and the
// opponents, naming the flag at fault in errors.
func (o *sprtOptions) lineUp(c *chosen) (sim.Setup, error) {
	scenarioBots := c.specs
	c.specs, c.specFrom = nil, nil
	for _, f := range []struct{ flag, text string }{{"--candidate", o.candidate}, {"--baseline", o.baseline}} {
		spec, err := sim.ParseBotSpec(f.text)
		if err != nil {
			return nil, badInput("%s: %v", f.flag, err)
		}
		c.specs, c.specFrom = append(c.specs, spec), append(c.specFrom, f.flag)
	}
	for _, text := range o.opponents {
		spec, err := sim.ParseBotSpec(text)
		if err != nil {
			return nil, badInput("--opponents: %v", err)
		}
		c.specs, c.specFrom = append(c.specs, spec), append(c.specFrom, "--opponents")
	}
	c.botsFrom = "--opponents"
	setup, err := c.setup()
	if err != nil || setup.Seats() == 2 || len(o.opponents) > 0 {
		return setup, err
	}
	// N seats without --opponents: the scenario's bots fill the other seats.
	if len(scenarioBots) < setup.Seats()-1 {
		return nil, badInput("%s: a %d-seat test needs %d opponents besides the candidate and the baseline, the scenario has %d bots; give them with --opponents",
			c.scenario.Name, setup.Seats(), setup.Seats()-1, len(scenarioBots))
	}
	for _, spec := range scenarioBots {
		c.specs, c.specFrom = append(c.specs, spec), append(c.specFrom, c.scenario.Name+": key bots")
	}
	return c.setup()
}

// writeJUnit writes the test's JUnit report to path, whole (writeWhole).
func writeJUnit(path string, force bool, rep *results.SPRTReport, name string) error {
	return writeWhole("--junit", path, force, func(w io.Writer) error { return rep.WriteJUnit(w, name) })
}
