package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/bots/external"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/tune"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

var tuneCommand = &command{
	name:  "tune",
	usage: "tune [SCENARIO|FILE] --bot SPEC --tune a,b,… (--self | --opponents …) --out FILE …",
	short: "tune a bot's arguments overnight: SPSA on common random numbers, resumable",
	long: `Tune moves the arguments --tune of the bot --bot (numbers with a range: arena
list params shows them, with their scale; a program's spec declares its own:
param.room=1.0 in -4..4, docs/bots.md) by SPSA, as the chess testing
frameworks do. Each iteration perturbs every argument at once by ±c_k (in
units of its range, on its scale), plays θ+ and θ− on the same seeds and in
the same seats — against each other (--self, a duel, both seat orders) or
each against the same opponents (--opponents, the block design of arena
sprt) — and steps θ along the estimated gradient of the score difference.
The perturbation and the step decay as Spall's c/k^0.101 and
a/(A+k)^0.602, A a tenth of the iterations.

--out gets one JSON line per iteration (theta, the perturbation, the two
bots tried, the games' result, the gradient estimate, the next theta),
after a header with the settings. The run is a function of its settings:
--resume continues a killed run and writes the same bytes as an
uninterrupted one; on a finished file it does nothing. At the end the tuned
values are printed as a ready bot spec; --confirm then plays arena sprt of
the tuned bot against its defaults (elo1 10, at most 40,000 games) and
reports the Elo gain. --method grid|random searches small spaces instead.
docs/tuning.md has a worked overnight example.`,
	options: func() options { return &tuneOptions{} },
	run:     runTune,
}

type tuneOptions struct {
	sel         selection
	bot         string
	tuned       []string
	opponents   []string
	self        bool
	iterations  int
	pairs       int
	out         string
	resume      bool
	force       bool
	jobs        int
	c, a        float64
	confirm     bool
	progress    progressFlags
	moveTimeout time.Duration
	method      string
	points      int
	start       string
}

func (o *tuneOptions) register(fs *pflag.FlagSet) {
	o.sel.registerScenario(fs, "the run's seed: every perturbation and every game's seed derive from it (default: the scenario's)")
	fs.StringVar(&o.bot, "bot", "", "the bot to tune, a `SPEC` (NAME, or NAME:key=value,… for arguments kept fixed)")
	fs.StringSliceVar(&o.tuned, "tune", nil, "the arguments to tune: `a,b,…` (numbers with a range: arena list params)")
	fs.StringSliceVar(&o.opponents, "opponents", nil, "play θ+ and θ− each against these bots, on the same seeds and seats: `a,b,…`")
	fs.BoolVar(&o.self, "self", false, "play θ+ against θ− (a duel), each seed in both seat orders")
	intVar(fs, &o.iterations, "iterations", "", 100, "SPSA iterations")
	intVar(fs, &o.pairs, "pairs-per-iter", "", 8, "pairs of games per iteration: with --self, seeds played in both seat orders; with --opponents, games of θ+ and θ− on one seed and seat")
	fs.StringVarP(&o.out, "out", "o", "", "the JSONL `file` of the run (required)")
	fs.BoolVar(&o.resume, "resume", false, "continue the run whose --out file exists")
	fs.BoolVar(&o.force, "force", false, "overwrite an existing --out file")
	registerJobs(fs, &o.jobs, "; never changes the run")
	fs.Float64Var(&o.c, "c", 0, "the first perturbation, a share of each range (default 0.1)")
	fs.Float64Var(&o.a, "a", 0, "the first step's gain (default: the gain that moves a twentieth of each range at the largest gradient)")
	fs.BoolVar(&o.confirm, "confirm", false, "at the end, play arena sprt of the tuned bot against its defaults (elo1 10, at most 40,000 games)")
	o.progress.register(fs)
	registerMoveTimeout(fs, &o.moveTimeout)
	fs.StringVar(&o.method, "method", tune.MethodSPSA, "spsa, or for small spaces grid (every combination of --points values an argument) or random (--points points): every point against --opponents on the same seeds")
	intVar(fs, &o.points, "points", "", 5, "grid: values of each argument, evenly on its scale; random: points drawn")
	fs.StringVar(&o.start, "start", "", "where θ starts: `a=1,b=2`, or an earlier tune FILE (its last values); the others at their defaults")
}

// confirmGames caps the sequential test of --confirm: enough for elo1 10
// to decide in all but the closest cases.
const confirmGames = 40000

// tuning is a resolved tune run.
type tuning struct {
	c        *chosen
	base     sim.BotSpec // --bot, its fixed arguments
	params   []tune.Param
	specs    []sim.ParamSpec // the arguments of the bot, its spec's declared ones included
	opps     []sim.BotSpec
	seats    int
	pairs    int
	scenario string
	// moveTimeout is --move-timeout, for the external opponents.
	moveTimeout time.Duration
}

func runTune(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*tuneOptions)
	if err := o.progress.check(); err != nil {
		return err
	}
	tu, err := o.resolve(args)
	if err != nil {
		return err
	}
	settings := tune.Settings{Iterations: o.iterations, Pairs: o.pairs, Seed: tu.c.scenario.Seed, C: o.c, A: o.a}
	if o.sel.fs.Changed("seed") {
		settings.Seed = o.sel.seed
	}
	about, _ := json.Marshal(map[string]any{"game": tu.c.entry.Game.Info().Name, "scenario": tu.scenario, "bot": o.bot,
		"params": tu.c.params, "opponents": o.opponents, "self": o.self})
	if o.method != tune.MethodSPSA {
		return o.search(ctx, env, tu, settings, about)
	}
	// Nothing is created before the settings are known to be good.
	if err := tune.Check(settings, tu.params); err != nil {
		return badInput("%v", err)
	}
	f, h, done, err := o.openOut()
	if err != nil {
		return err
	}
	defer f.Close()
	prog := newTuneProgress(env, o.progress.mode(isTerminal(env.stderr)), o.iterations, len(done))
	play := func(ctx context.Context, k int, seed uint64, plus, minus map[string]float64) (tune.Result, error) {
		res, err := tu.play(ctx, o.jobs, seed, plus, minus)
		if err == nil {
			prog.update(k, plus, minus, res)
		}
		return res, err
	}
	w := &checkedWriter{w: f}
	err = tune.Run(ctx, settings, tu.params, about, play, w, h, done)
	prog.end()
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{ExitInterrupted, fmt.Errorf("interrupted: --resume continues from the last complete iteration")}
		}
		return tuneError(o.out, w, err)
	}
	if err := f.Close(); err != nil {
		return &exitError{ExitInternal, err}
	}
	final, err := lastTheta(o.out)
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	tuned := tu.spec(final)
	fmt.Fprintf(env.stdout, "tuned after %d iterations: %s\n", o.iterations, tuned)
	sprtArgs := o.sprtArgs(tu, tuned)
	if !o.confirm {
		return tu.printForms(env.stdout, tuned, sprtArgs)
	}
	fmt.Fprintf(env.stdout, "confirming: arena %s\n", strings.Join(sprtArgs, " "))
	code := Main(ctx, sprtArgs, env.stdout, env.stderr)
	if code != 0 {
		return &exitError{code, fmt.Errorf("the tuned bot is not confirmed stronger (arena sprt exit %d)", code)}
	}
	return nil
}

// sprtArgs returns the arguments of the arena sprt that confirms the tuned
// bot against the bot tuning started from.
func (o *tuneOptions) sprtArgs(tu *tuning, tuned string) []string {
	sprtArgs := []string{"sprt", tu.scenario, "--candidate", tuned, "--baseline", tu.base.String(), "--elo0", "0", "--elo1", "10",
		"--max-games", strconv.Itoa(confirmGames)}
	for _, p := range o.sel.params {
		sprtArgs = append(sprtArgs, "--param", p)
	}
	if len(o.opponents) > 0 {
		sprtArgs = append(sprtArgs, "--opponents", strings.Join(o.opponents, ","))
	}
	if o.jobs > 0 {
		sprtArgs = append(sprtArgs, "-j", strconv.Itoa(o.jobs))
	}
	if o.moveTimeout > 0 {
		sprtArgs = append(sprtArgs, "--move-timeout", o.moveTimeout.String())
	}
	if external.Sandboxed() { // the confirming sprt is a command of its own
		sprtArgs = append(sprtArgs, "--sandbox")
	}
	return sprtArgs
}

// printForms prints, for an external program whose spec declares its
// parameters, the tuned values in each form the program takes them (the
// start line's bot_params, its arguments, its environment) and the
// command line of the arena sprt that confirms them; nothing for a bot
// of arena's own.
func (tu *tuning) printForms(w io.Writer, tuned string, sprtArgs []string) error {
	spec, err := sim.ParseBotSpec(tuned)
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	eff, err := sim.Effective(spec.Args, tu.specs)
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	original := string(eff["proto"]) == `"original"`
	v, err := external.ValuesOf(eff, original)
	if err != nil || v.JSON == nil {
		return nil // not an external program's parameters
	}
	if !original {
		fmt.Fprintf(w, "  bot_params: %s\n", v.JSON.Canonical())
	}
	if v.Templated.Args {
		fmt.Fprintf(w, "  arguments:  %s\n", strings.Join(v.Args, " "))
	}
	if v.Templated.Env {
		fmt.Fprintf(w, "  env:        %s\n", strings.Join(v.Env, " "))
	}
	quoted := make([]string, len(sprtArgs))
	for i, a := range sprtArgs {
		quoted[i] = shellQuote(a)
	}
	fmt.Fprintf(w, "confirm: arena %s\n", strings.Join(quoted, " "))
	return nil
}

// shellQuote quotes a word for a POSIX shell when it needs it.
func shellQuote(word string) string {
	if word != "" && strings.Trim(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=:,./+@%") == "" {
		return word
	}
	return "'" + strings.ReplaceAll(word, "'", `'\''`) + "'"
}

// resolve checks the flags and finds the scenario, the bot, its tuned
// arguments and the opponents.
func (o *tuneOptions) resolve(args []string) (*tuning, error) {
	if err := refuseEmptyFlags(o.sel.fs, "opponents"); err != nil {
		return nil, err
	}
	switch {
	case o.bot == "":
		return nil, badInput("tune: give the bot to tune with --bot SPEC")
	case len(o.tuned) == 0:
		return nil, badInput("tune: give the arguments to tune with --tune a,b,… (arena list params shows them)")
	case o.self == (len(o.opponents) > 0):
		return nil, badInput("tune: give either --self (θ+ against θ−) or --opponents a,b,…")
	case o.method != tune.MethodSPSA && o.method != tune.MethodGrid && o.method != tune.MethodRandom:
		return nil, badInput("--method: %q is not spsa, grid or random", o.method)
	case o.method != tune.MethodSPSA && o.self:
		return nil, badInput("--method %s: every point plays --opponents, not itself (--self is for spsa)", o.method)
	case o.out == "":
		return nil, badInput("tune: give the run's file with --out FILE")
	case o.iterations < 1 || o.iterations > 1_000_000:
		return nil, badInput("--iterations: %d is not a whole number from 1 to 1000000", o.iterations)
	case o.pairs < 1 || o.pairs > 100_000:
		return nil, badInput("--pairs-per-iter: %d is not a whole number from 1 to 100000", o.pairs)
	case o.resume && o.force:
		return nil, badInput("--resume keeps the --out file and --force overwrites it: give one of them")
	case o.moveTimeout < 0:
		return nil, checkMoveTimeout(o.moveTimeout)
	case o.jobs < 0 || o.jobs > MaxJobs:
		return nil, checkJobs(o.jobs, 0)
	case o.sel.fs.Changed("c") && !(o.c > 0 && o.c <= 0.5):
		return nil, badInput("--c: %v is not a share of each range above 0 and at most 0.5", o.c)
	case o.sel.fs.Changed("a") && !(o.a > 0 && !math.IsInf(o.a, 0)):
		return nil, badInput("--a: %v is not a positive gain", o.a)
	case o.method != tune.MethodSPSA && (o.points < 1 || o.points > tune.MaxPoints):
		return nil, badInput("--points: %d is not a whole number from 1 to %d", o.points, tune.MaxPoints)
	}
	if err := notADirectory("--out", o.out); err != nil {
		return nil, err
	}
	c, err := o.sel.resolve("tune", args)
	if err != nil {
		return nil, err
	}
	base, err := sim.ParseBotSpec(o.bot)
	if err != nil {
		return nil, badInput("--bot: %v", err)
	}
	info := c.entry.Game.Info()
	bot := slices.IndexFunc(info.Bots, func(b sim.BotInfo) bool { return b.Name == base.Name })
	if bot < 0 {
		return nil, badInput("--bot %s: %s has no bot %q (see arena list bots %s)", o.bot, info.Name, base.Name, info.Name)
	}
	// An external program's spec declares its own parameters.
	specs, err := info.Bots[bot].ParamsOf(base.Args)
	if err != nil {
		return nil, badInput("--bot %s: %v", o.bot, err)
	}
	tu := &tuning{c: c, base: base, scenario: c.scenario.Name, pairs: o.pairs, moveTimeout: o.moveTimeout}
	for k, name := range o.tuned {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(specs, func(p sim.ParamSpec) bool { return p.Name == name })
		switch {
		case slices.ContainsFunc(o.tuned[:k], func(n string) bool { return strings.TrimSpace(n) == name }):
			return nil, badInput("--tune %s: given twice", strings.Join(o.tuned, ","))
		case i < 0 && strings.ContainsAny(name, "=:"):
			return nil, badInput("--tune %s: give the argument's name alone; each is tuned over its own range (arena list params %s)", name, info.Name)
		case i < 0:
			can := "none"
			if names := tunable(specs); len(names) > 0 {
				can = strings.Join(names, ", ")
			} else if info.Bots[bot].Declared != nil {
				can = "none: declare it in the spec, param." + name + "=DEFAULT in MIN..MAX (docs/tuning.md)"
			}
			return nil, badInput("--tune %s: %s has no argument %q (tunable: %s)", name, base.Name, name, can)
		case !specs[i].Tunable():
			return nil, badInput("--tune %s: not a number with a range, so it cannot be tuned", name)
		case base.Args[name] != nil:
			return nil, badInput("--tune %s: --bot fixes it; tune it or fix it, not both", name)
		}
		var start float64
		if err := json.Unmarshal([]byte(specs[i].Default), &start); err != nil {
			return nil, badInput("--tune %s: its default %s is not a number", name, specs[i].Default)
		}
		tu.params = append(tu.params, tune.Param{Spec: specs[i], Start: start})
	}
	if err := o.startAt(tu.params); err != nil {
		return nil, err
	}
	tu.specs = specs
	for _, text := range o.opponents {
		spec, err := sim.ParseBotSpec(text)
		if err != nil {
			return nil, badInput("--opponents: %v", err)
		}
		tu.opps = append(tu.opps, spec)
	}
	// Check the setup once, with the bot at its start.
	st, err := tu.setup(startValues(tu.params), startValues(tu.params))
	if err != nil {
		return nil, err
	}
	tu.seats = st.Seats()
	// Every seat of a match gets an entrant of its own: the pool is
	// repeated until it fills the seats besides the tuned one.
	for i := 0; len(tu.opps) > 0 && len(tu.opps) < tu.seats-1; i++ {
		tu.opps = append(tu.opps, tu.opps[i])
	}
	if o.self && tu.seats != 2 {
		return nil, badInput("--self: θ+ against θ− needs a duel, and %s has %d seats (use --opponents)", c.scenario.Name, tu.seats)
	}
	return tu, nil
}

// tunable returns the names of the arguments a tuner can move.
func tunable(specs []sim.ParamSpec) []string {
	var names []string
	for _, p := range specs {
		if p.Tunable() {
			names = append(names, p.Name)
		}
	}
	return names
}

// startAt sets the tuned arguments' starting values from --start: values
// (a=1,b=2), or the last values of an earlier tune file.
func (o *tuneOptions) startAt(params []tune.Param) error {
	if o.start == "" {
		return nil
	}
	values := map[string]float64{}
	if strings.Contains(o.start, "=") {
		for _, kv := range strings.Split(o.start, ",") {
			k, v, _ := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return badInput("--start %s: %q is not a number", kv, v)
			}
			if _, dup := values[k]; dup {
				return badInput("--start: %s given twice", k)
			}
			if !slices.ContainsFunc(params, func(p tune.Param) bool { return p.Spec.Name == k }) {
				return badInput("--start %s: %s is not tuned (--tune %s)", kv, k, strings.Join(o.tuned, ","))
			}
			values[k] = x
		}
	} else {
		last, err := lastTheta(o.start)
		if err != nil {
			return badInput("--start: %v (give a tune file, or values a=1,b=2)", err)
		}
		values = last
	}
	for i, p := range params {
		v, ok := values[p.Spec.Name]
		if !ok {
			continue
		}
		if !(v >= p.Spec.Min && v <= p.Spec.Max) || (p.Spec.Kind == sim.KindInt && v != math.Trunc(v)) {
			return badInput("--start: %s=%v is not a value of %s (%s)", p.Spec.Name, v, p.Spec.Name, p.Spec.Range())
		}
		params[i].Start = v
	}
	return nil
}

// startValues returns the parameters' starting values by name.
func startValues(params []tune.Param) map[string]float64 {
	v := map[string]float64{}
	for _, p := range params {
		v[p.Spec.Name] = p.Start
	}
	return v
}

// spec returns the bot's spec with the given tuned values.
func (tu *tuning) spec(values map[string]float64) string {
	var b strings.Builder
	b.WriteString(tu.base.String())
	sep := ":"
	if strings.Contains(tu.base.String(), ":") {
		sep = ","
	}
	for _, p := range tu.params {
		v := values[p.Spec.Name]
		text := strconv.FormatFloat(v, 'g', -1, 64)
		if p.Spec.Kind == sim.KindInt {
			text = strconv.FormatInt(int64(v), 10)
		}
		b.WriteString(sep + p.Spec.Name + "=" + text)
		sep = ","
	}
	return b.String()
}

// setup configures the game with θ+ (entrant 0), θ− (entrant 1) and the
// opponents.
func (tu *tuning) setup(plus, minus map[string]float64) (sim.Setup, error) {
	var specs []sim.BotSpec
	for _, text := range []string{tu.spec(plus), tu.spec(minus)} {
		s, err := sim.ParseBotSpec(text)
		if err != nil {
			return nil, &exitError{ExitInternal, err}
		}
		specs = append(specs, s)
	}
	specs = append(specs, tu.opps...)
	params := tu.c.params.Clone()
	if len(tu.opps) == 0 {
		params.Set("players", 2)
	}
	st, err := tu.c.entry.Game.Setup(params, specs)
	if err != nil {
		return nil, badInput("%s: %v", tu.scenario, err)
	}
	return st, nil
}

// play plays an iteration's pairs and scores θ+ and θ−: per game, the
// share of the other seats it finished ahead of, ties counting half.
func (tu *tuning) play(ctx context.Context, jobs int, seed uint64, plus, minus map[string]float64) (tune.Result, error) {
	st, err := tu.setup(plus, minus)
	if err != nil {
		return tune.Result{}, err
	}
	var res tune.Result
	err = tu.run(ctx, st, tu.plan(seed, 0, 1), jobs, func(seating []int, places []int) {
		for k, e := range seating {
			switch e {
			case 0:
				res.PlusScore += pointsOf(places, k)
				res.Games++
			case 1:
				res.MinusScore += pointsOf(places, k)
			}
		}
	})
	return res, err
}

// run plays a plan's matches and hands each one's seating and places to
// score; a failed match fails the iteration.
func (tu *tuning) run(ctx context.Context, st sim.Setup, plan *listPlan, jobs int, score func(seating, places []int)) error {
	cfg := runner.Config{Setup: st, Plan: plan, Scenario: tu.scenario, Workers: jobs, MoveTimeout: tu.moveTimeout}
	_, err := runner.Run(ctx, cfg, runner.Each(func(r *results.Record) error {
		if r.Error != "" {
			return fmt.Errorf("match %d (seed %d) failed: %s", r.Match, r.Seed, r.Error)
		}
		score(plan.pairings[r.Match].Seating, r.Places)
		return nil
	}))
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return err
}

// pointsOf returns seat k's points in a match: the share of the other
// seats it finished ahead of, ties counting half (1, ½ or 0 in a duel).
func pointsOf(places []int, k int) float64 {
	var pts float64
	for j, p := range places {
		switch {
		case j == k:
		case places[k] < p:
			pts++
		case places[k] == p:
			pts += 0.5
		}
	}
	return pts / float64(len(places)-1)
}

// plan returns an iteration's matches: with --self, each pair a seed
// played in both seat orders; with opponents, each pair a seed and a seat
// where θ+ plays, then θ− in the same seat against the same opponents.
func (tu *tuning) plan(seed uint64, sides ...int) *listPlan {
	p := &listPlan{seats: tu.seats}
	add := func(deal int, seating ...int) {
		p.pairings = append(p.pairings, runner.Pairing{Index: len(p.pairings), Deal: deal, Seed: sim.Derive(seed, uint64(deal)), Seating: seating})
	}
	for j := range tu.pairs {
		if len(tu.opps) == 0 {
			add(j, 0, 1)
			add(j, 1, 0)
			continue
		}
		seat := j % tu.seats
		for _, who := range sides {
			seating := make([]int, tu.seats)
			o := 0
			for k := range seating {
				if k == seat {
					seating[k] = who
					continue
				}
				seating[k] = 2 + (j+o)%len(tu.opps)
				o++
			}
			add(j, seating...)
		}
	}
	return p
}

// listPlan is a plan of the matches listed.
type listPlan struct {
	seats    int
	pairings []runner.Pairing
}

func (p *listPlan) Seats() int { return p.seats }
func (p *listPlan) Len() int   { return len(p.pairings) }
func (p *listPlan) Match(i int, _ []int) runner.Pairing {
	return p.pairings[i]
}

// openOut opens --out: new (refusing an existing file without --force),
// or, with --resume, the file so far, cut after its last complete line.
func (o *tuneOptions) openOut() (*os.File, *tune.Header, []tune.Line, error) {
	if !o.resume {
		f, err := createFile("--out", o.out, o.force)
		return f, nil, nil, err
	}
	return openResumed(o.out, tune.ReadFile)
}

// openResumed opens a tune file to resume: it reads it with read, cuts it
// after its last complete line and leaves it open there for appending.
func openResumed[L any](path string, read func(io.Reader) (*tune.Header, []L, int64, error)) (*os.File, *tune.Header, []L, error) {
	f, err := sim.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, nil, badInput("--resume: %v", err)
	}
	if err := lockOutput(f, "--resume", path); err != nil {
		return nil, nil, nil, err
	}
	h, done, good, err := read(f)
	if err == nil && h == nil {
		err = fmt.Errorf("no header")
	}
	if err != nil {
		f.Close()
		return nil, nil, nil, badInput("--out %s: %v", path, err)
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, nil, nil, &exitError{ExitInternal, err}
	}
	if _, err := f.Seek(good, 0); err != nil {
		f.Close()
		return nil, nil, nil, &exitError{ExitInternal, err}
	}
	return f, h, done, nil
}

// lastTheta returns the theta the run of a file ends on.
func lastTheta(path string) (map[string]float64, error) {
	f, err := sim.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, lines, _, err := tune.ReadFile(f)
	if err != nil || len(lines) == 0 {
		return nil, fmt.Errorf("%s: no iteration (%v)", path, err)
	}
	return lines[len(lines)-1].Next, nil
}

// tuneProgress is the progress line of a tune run: redrawn in place on a
// terminal, else (with --progress) a plain line every 5 s.
type tuneProgress struct {
	env   *env
	mode  progressMode
	tick  *ticker
	drawn bool // a live line is on the terminal
	total int
	done  int // iterations already in a resumed file
	start time.Time
	gains []float64
}

func newTuneProgress(env *env, mode progressMode, total, done int) *tuneProgress {
	return &tuneProgress{env: env, mode: mode, tick: newTicker(mode, time.Now), total: total, done: done, start: time.Now()}
}

// show writes a progress line, live or plain; last is the run's last.
func (p *tuneProgress) show(line string, last bool) {
	switch {
	case p.mode.live:
		fmt.Fprintf(raw(p.env.stderr), "\r%s   ", printable(line))
		p.drawn = true
	case p.tick.due(last):
		fmt.Fprintf(p.env.stderr, "arena: %s\n", line)
	}
}

func (p *tuneProgress) update(k int, plus, _ map[string]float64, res tune.Result) {
	if !p.mode.on() {
		return
	}
	p.gains = append(p.gains, (res.PlusScore-res.MinusScore)/float64(res.Games))
	recent := p.gains[max(0, len(p.gains)-10):]
	var mean float64
	for _, g := range recent {
		mean += g
	}
	mean /= float64(len(recent))
	played := k - p.done
	eta := time.Duration(float64(time.Since(p.start)) / float64(played) * float64(p.total-k)).Round(time.Second)
	var theta []string
	for name, v := range plus {
		theta = append(theta, name+"="+strconv.FormatFloat(v, 'g', 4, 64))
	}
	slices.Sort(theta)
	p.show(fmt.Sprintf("iteration %d/%d  θ+ %s  recent gain %+.3f  ETA %s", k, p.total, strings.Join(theta, ","), mean, eta), k >= p.total)
}

// end ends a live line.
func (p *tuneProgress) end() {
	if p.drawn {
		fmt.Fprintln(p.env.stderr)
	}
}

// search runs a grid or random search: every point against the opponents
// on the same seeds; it prints the best point as a bot spec.
func (o *tuneOptions) search(ctx context.Context, env *env, tu *tuning, settings tune.Settings, about json.RawMessage) error {
	// Nothing is created before the points are known to be good.
	if _, err := tune.Points(o.method, o.points, settings.Seed, tu.params); err != nil {
		return badInput("--points %d: %v", o.points, err)
	}
	var f *os.File
	var h *tune.Header
	var done []tune.PointLine
	var err error
	if o.resume {
		f, h, done, err = openResumed(o.out, tune.ReadPoints)
	} else {
		f, err = createFile("--out", o.out, o.force)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	prog := newTuneProgress(env, o.progress.mode(isTerminal(env.stderr)), 0, len(done))
	play := func(ctx context.Context, i int, seed uint64, theta map[string]float64) (tune.Result, error) {
		res, err := tu.playOne(ctx, o.jobs, seed, theta)
		if err == nil && prog.mode.on() {
			prog.show(fmt.Sprintf("point %d  %s  %.3f a game", i+1, tu.spec(theta), res.PlusScore/float64(max(res.Games, 1))), false)
		}
		return res, err
	}
	defer prog.end()
	w := &checkedWriter{w: f}
	if err := tune.RunPoints(ctx, o.method, o.points, settings, tu.params, about, play, w, h, len(done)); err != nil {
		if ctx.Err() != nil {
			return &exitError{ExitInterrupted, fmt.Errorf("interrupted: --resume continues from the last complete point")}
		}
		return tuneError(o.out, w, err)
	}
	if err := f.Close(); err != nil {
		return &exitError{ExitInternal, err}
	}
	r, err := sim.Open(o.out)
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	defer r.Close()
	_, lines, _, err := tune.ReadPoints(r)
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	best, ok := tune.Best(lines)
	if !ok {
		return &exitError{ExitInternal, fmt.Errorf("%s: no point played", o.out)}
	}
	fmt.Fprintf(env.stdout, "best of %d points (%.3f a game): %s\n", len(lines), best.Result.PlusScore/float64(best.Result.Games), tu.spec(best.Theta))
	return nil
}

// playOne plays a point against the opponents, in every seat in turn.
func (tu *tuning) playOne(ctx context.Context, jobs int, seed uint64, theta map[string]float64) (tune.Result, error) {
	st, err := tu.setup(theta, theta)
	if err != nil {
		return tune.Result{}, err
	}
	var res tune.Result
	err = tu.run(ctx, st, tu.plan(seed, 0), jobs, func(seating, places []int) {
		res.PlusScore += pointsOf(places, slices.Index(seating, 0))
		res.Games++
	})
	return res, err
}

// tuneError is the exit of a tuning run that stopped on err: a write to
// its --out file that failed is arena's failure (exit 4), anything else is
// in its settings or its bots (exit 2).
func tuneError(out string, w *checkedWriter, err error) error {
	if w.err != nil {
		return &exitError{ExitInternal, fmt.Errorf("--out %s: %v", out, w.err)}
	}
	return asBadInput(err)
}
