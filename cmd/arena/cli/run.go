package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"github.com/arenasim/arena/bots/external"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var runCommand = &command{
	name:  "run",
	usage: "run [SCENARIO|FILE] [flags]",
	short: "play a tournament and print the standings",
	long: `Run plays a scenario's schedule of matches on all cores and prints the
standings: each bot's Elo with its 95% interval, games, wins, draws and
losses, mean score ± its 95% margin and faults (docs/numbers.md reads them,
docs/statistics.md gives the method). SCENARIO is an embedded scenario
(arena list scenarios) or a scenario file; without either, --game's default
scenario, else tron/duel.

Who plays whom: in a 2-seat game every pair of bots meets, --games N
matches a pair (each seed twice, seats swapped); with more seats --games is
the total, the seats rotating over each seed. --schedule gauntlet plays
--candidate against each of the others; --schedule championship (or a
scenario's "championship" key) plays days, then finals (docs/championship.md);
a league scenario tests --bot against fixed opponents and exits 0 when it is
promoted, 1 when not.

The results are a pure function of the scenario, the bots, --games and
--seed: the same bytes whatever -j. --out keeps one JSON record per match,
--resume continues that file after a crash, --shard plays a part of the run
on one machine (arena merge joins them). Ctrl-C keeps the finished matches,
prints the partial standings and exits 130. To ask whether one bot is
stronger than another, with the verdict as the exit code: arena sprt.`,
	options: func() options { return &runOptions{} },
	run:     runTournament,
}

type runOptions struct {
	sel          selection
	games        int
	play         playFlags
	anchors      []string
	seatEdge     bool
	bootstrap    int
	bootstrapSet bool // --bootstrap was given
	h2h          bool
	rating       string
	schedule     string
	candidate    string
	seeds        string
	days         int
	knockout     knockoutFlags
	swiss        swissFlags
}

func (o *runOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "master seed; match seeds derive from it (default: the scenario's)")
	intVar(fs, &o.games, "games", "", 0, "matches per pair of bots (2 seats) or in total (more seats); default: the scenario's")
	fs.StringVar(&o.schedule, "schedule", "round-robin", "who plays whom: round-robin (every bot against every other), gauntlet (--candidate against the bots), championship (days of random tables, then finals by standing), knockout (a bracket of duels; heats of tables in a game of more seats) or swiss (rounds paired by score)")
	fs.StringVar(&o.candidate, "candidate", "", "the bot a gauntlet tests against the others, a `SPEC`")
	intVar(fs, &o.days, "days", "", 0, fmt.Sprintf("days of a championship before its finals (default: the scenario's, else %d)", scenarios.DefaultDays))
	o.knockout.register(fs)
	o.swiss.register(fs)
	o.play.register(fs, "standings format: table, markdown, csv or json")
	o.play.registerShards(fs)
	fs.StringVar(&o.play.from, "from", "", "a knockout's or a Swiss's --shard: the merged `file` of the stages before (arena merge's); the shard plays its part of the next stage")
	fs.StringVar(&o.seeds, "seeds", "", "play exactly the seeds of this `file` (one per line), one round each, instead of seeds derived from --seed")
	o.registerRating(fs)
}

// registerRating registers the flags of how the standings are rated, which
// arena rate shares.
func (o *runOptions) registerRating(fs *pflag.FlagSet) {
	fs.StringArrayVar(&o.anchors, "anchor", nil, "rate this bot 0 (`BOT`) or a given Elo (BOT=ELO) instead of the mean at 0; repeat to fix several bots and the gaps between them")
	o.bootstrap = results.DefaultBootstrap
	fs.Var(&bootstrapValue{&o.bootstrap, &o.bootstrapSet}, "bootstrap", fmt.Sprintf("bootstrap resamples behind the 95%% intervals, at most %d; 0 for no intervals; fewer by default past %d bots (docs/statistics.md)", maxBootstrap, results.LargeField))
	fs.BoolVar(&o.seatEdge, "seat-edge", false, "fit a first-seat edge with the ratings (two-seat games), where the SEAT table shows a large one")
	fs.BoolVar(&o.h2h, "h2h", false, "add the head-to-head, likelihood-of-superiority and seat tables (JSON always has them)")
	fs.StringVar(&o.rating, "rating", results.RatingBradleyTerry, "rating model: bradley-terry, or botsarena (botsArena's sequential Elo, no intervals)")
}

// bootstrapValue is --bootstrap: an int that knows whether it was given,
// for the default depends on the number of bots.
type bootstrapValue struct {
	n   *int
	set *bool
}

func (v *bootstrapValue) String() string {
	if v.n == nil {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v *bootstrapValue) Set(s string) error {
	if err := (*wholeValue)(v.n).Set(s); err != nil { // decimal, as every int flag
		return err
	}
	*v.set = true
	return nil
}

func (v *bootstrapValue) Type() string { return "int" }

// maxBootstrap bounds --bootstrap: the tally keeps one k×k table per
// resample.
const maxBootstrap = 100_000

// parseAnchor reads --anchor BOT or BOT=ELO. A bot's name may hold '='
// itself (coin:elo=-50): the whole text is a bot first, else it is cut at
// its last '='.
func parseAnchor(text string, entrants []string) (name string, elo float64, err error) {
	text = strings.TrimSpace(text)
	if contains(entrants, text) {
		return text, 0, nil
	}
	i := strings.LastIndexByte(text, '=')
	if i < 0 {
		return "", 0, badInput("--anchor: %q is not one of the bots (%s)", text, joinNames(entrants))
	}
	name, value := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+1:])
	if !contains(entrants, name) {
		return "", 0, badInput("--anchor: %q is not one of the bots (%s)", name, joinNames(entrants))
	}
	elo, perr := strconv.ParseFloat(value, 64)
	if perr != nil || math.IsNaN(elo) || math.IsInf(elo, 0) {
		return "", 0, badInput("--anchor %s: %q is not an Elo value", text, value)
	}
	return name, elo, nil
}

// ratingOptions reads --anchor, --bootstrap, --h2h, --rating and
// --seat-edge for a game of the given seats.
func (o *runOptions) ratingOptions(entrants []string, seats int, seed uint64) (results.Options, error) {
	opt := results.Options{Bootstrap: o.bootstrap, Seed: seed, H2H: o.h2h, Rating: o.rating, SeatEdge: o.seatEdge}
	if o.bootstrap < 0 || o.bootstrap > maxBootstrap {
		return opt, badInput("--bootstrap: %d is not a whole number from 0 to %d", o.bootstrap, maxBootstrap)
	}
	switch {
	case o.bootstrap == 0:
		opt.Bootstrap = -1 // results reads 0 as its default; here 0 means none
	case !o.bootstrapSet:
		opt.Bootstrap = 0 // results' default for this many bots
	}
	if o.seatEdge && seats != 2 {
		return opt, badInput("--seat-edge: a first-seat edge is modelled for two-seat games only, this one has %d seats", seats)
	}
	for _, text := range o.anchors {
		if strings.TrimSpace(text) == "" {
			return opt, badInput("--anchor: empty value")
		}
		name, elo, err := parseAnchor(text, entrants)
		if err != nil {
			return opt, err
		}
		for _, a := range opt.Anchors {
			if a.Bot == name {
				return opt, badInput("--anchor: %q given twice", name)
			}
		}
		opt.Anchors = append(opt.Anchors, results.Anchor{Bot: name, Elo: elo})
	}
	if err := opt.Check(); err != nil {
		flag := "--rating"
		if o.rating == results.RatingBotsArena {
			flag = "--anchor"
		}
		return opt, badInput("%s: %v", flag, err)
	}
	return opt, nil
}

// playFlags are the flags of the commands that play a plan: how, and where
// the records and the report go.
type playFlags struct {
	fs           *pflag.FlagSet
	jobs         int
	moveTimeout  time.Duration
	out          string
	force        bool
	format       string
	progress     progressFlags
	resume       bool
	anyRevision  bool
	shard        string
	shardFromEnv bool
	shardCount   int
	sharded      bool   // the format may be sharded
	k, n         int    // the shard, 0 for the whole run
	shardMatches int    // the matches of the shard, once playFormat has planned it
	from         string // a stage's shard: the merged file of the stages before
	faults       faultGate
	faultsOver   error // the gate's verdict, once playFormat has played
}

func (p *playFlags) register(fs *pflag.FlagSet, formatDoc string) {
	p.fs = fs
	registerJobs(fs, &p.jobs, "")
	fs.StringVarP(&p.out, "out", "o", "", "write the match records to this JSONL `file`")
	fs.BoolVar(&p.force, "force", false, "overwrite the output files if they exist")
	fs.BoolVar(&p.resume, "resume", false, "continue the run whose --out file exists: check its header, keep its records, play the rest")
	fs.BoolVar(&p.anyRevision, "any-revision", false, "let --resume continue a file another build of arena wrote")
	fs.StringVarP(&p.format, "format", "f", "table", formatDoc)
	p.progress.register(fs)
	registerMoveTimeout(fs, &p.moveTimeout)
	p.faults.register(fs)
}

// MaxJobs caps -j. The runner plays at most runner.MaxWorkersPerCore
// matches per core at once (matches run in process: more would only wait
// for a core); a -j beyond that many per core of the largest machine is a
// mistake, refused rather than quietly cut.
const MaxJobs = 1024

// registerJobs registers -j, --jobs, the same flag on every command that
// plays: 0, its default, is one per core. more adds what the command makes
// of it.
func registerJobs(fs *pflag.FlagSet, jobs *int, more string) {
	intVar(fs, jobs, "jobs", "j", 0, "matches played at once (default: one per core; at most 4 per core)"+more)
}

// checkJobs refuses a -j below least (1, or 0 where 0 means one per core)
// or above MaxJobs.
func checkJobs(jobs, least int) error {
	if jobs < least || jobs > MaxJobs {
		return badInput("--jobs: %d is not a whole number from %d to %d (matches at once; at most %d per core are played)", jobs, least, MaxJobs, runner.MaxWorkersPerCore)
	}
	return nil
}

// registerMoveTimeout adds --move-timeout, and --sandbox beside it.
func registerMoveTimeout(fs *pflag.FlagSet, d *time.Duration) {
	fs.Var(sandboxFlag{}, "sandbox", "on: run every external bot (exec:…) whose spec gives no sandbox= with limits, for programs you did not write: memory, CPU time, tasks, files, no network (docs/bots.md, Running other people's bots); arena says at start which limits this machine allows")
	fs.Lookup("sandbox").NoOptDefVal = "on"
	fs.DurationVar(d, "move-timeout", 0, "how long an external bot (exec:…) has to answer each turn, e.g. 50ms; a later answer is a timeout fault, played as no answer (the first answer of a match keeps the bot's startup= grace). An in-process bot that thinks longer is given up on, and its match fails (it depends on the machine: off by default). 0: each external bot's own timeout= (10s by default), no watchdog")
}

// logsDir returns the folder beside an --out file where the players keep
// each match's logs (external programs' standard error): r.jsonl keeps
// them in r.logs; none without --out.
func logsDir(out string) string {
	if out == "" {
		return ""
	}
	return strings.TrimSuffix(strings.TrimSuffix(out, ".gz"), ".jsonl") + ".logs"
}

// sandboxFlag is --sandbox: the default of the exec bots' sandbox=, for
// the bots prepared from then on (Main restores it when the command ends).
type sandboxFlag struct{}

func (sandboxFlag) String() string { return "off" }
func (sandboxFlag) Type() string   { return "on|off" }
func (sandboxFlag) Set(v string) error {
	switch v {
	case "on", "true":
		external.SetSandbox(true)
	case "off", "false":
		external.SetSandbox(false)
	default:
		return errors.New("is not on or off")
	}
	return nil
}

// checkMoveTimeout refuses a negative --move-timeout.
func checkMoveTimeout(d time.Duration) error {
	if d < 0 {
		return badInput("--move-timeout: %v is negative", d)
	}
	return nil
}

// registerShards adds the flags of formats that may be sharded.
func (p *playFlags) registerShards(fs *pflag.FlagSet) {
	p.sharded = true
	fs.StringVar(&p.shard, "shard", "", "play only shard `K/N` of the run's matches (whole rounds); arena merge joins the shards' files")
	fs.BoolVar(&p.shardFromEnv, "shard-from-env", false, "read the shard from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shard-count) or a Slurm array (SLURM_ARRAY_TASK_*)")
	intVar(fs, &p.shardCount, "shard-count", "", 0, "the N of the shards, for --shard-from-env in a Kubernetes Indexed Job (its completions)")
}

// check reads the report format, -j, --out, --resume and the shard.
func (p *playFlags) check() (results.Format, error) {
	f, err := results.ParseFormat(p.format)
	if err != nil {
		return 0, badInput("--format: %v", err)
	}
	if err := checkJobs(p.jobs, 0); err != nil {
		return 0, err
	}
	if err := checkMoveTimeout(p.moveTimeout); err != nil {
		return 0, err
	}
	if err := p.faults.check(); err != nil {
		return 0, err
	}
	if err := p.progress.check(); err != nil {
		return 0, err
	}
	if p.fs.Changed("out") && strings.TrimSpace(p.out) == "" {
		return 0, badInput("--out: empty file name")
	}
	if fi, err := os.Stat(p.out); p.out != "" && err == nil && fi.IsDir() {
		return 0, badInput("--out %s: is a directory; name a file", p.out)
	}
	if p.resume && p.out == "" {
		return 0, badInput("--resume: give the file to continue with --out")
	}
	if p.resume && p.force {
		return 0, badInput("--resume keeps the --out file and --force overwrites it: give one of them")
	}
	return f, p.checkShard()
}

// checkShard reads --shard, or the shard from the environment.
func (p *playFlags) checkShard() (err error) {
	switch {
	case p.shard != "" && p.shardFromEnv:
		return badInput("--shard and --shard-from-env: give one of them")
	case p.shard != "":
		p.k, p.n, err = parseShard(p.shard)
	case p.shardFromEnv:
		p.k, p.n, err = shardFromEnv(os.Getenv, p.shardCount)
	case p.sharded && p.fs.Changed("shard-count"):
		err = badInput("--shard-count: only with --shard-from-env")
	}
	return err
}

func runTournament(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*runOptions)
	if err := refuseEmptyFlags(o.sel.fs, "anchor", "rating", "schedule", "candidate", "seeds", "shard", "from"); err != nil {
		return err
	}
	c, err := o.sel.resolve("run", args)
	if err != nil {
		return err
	}
	reportFormat, err := o.play.check()
	if err != nil {
		return err
	}
	if o.sel.fs.Changed("games") && (o.games < 1 || o.games > scenarios.MaxGames) {
		return badInput("--games: %d is not a whole number from 1 to %d", o.games, scenarios.MaxGames)
	}
	games, seed := c.scenario.Games, c.scenario.Seed
	if o.sel.fs.Changed("games") {
		games = o.games
	}
	if o.sel.fs.Changed("seed") {
		seed = o.sel.seed
	}
	var format runner.Format
	var setup sim.Setup
	scheduled := o.sel.fs.Changed("schedule")
	championship := o.schedule == "championship" || (c.scenario.Championship != nil && !scheduled)
	knockout := o.schedule == "knockout" || (c.scenario.Knockout != nil && !scheduled)
	if err := o.knockout.check(knockout); err != nil {
		return err
	}
	if err := o.swiss.check(o.schedule == "swiss"); err != nil {
		return err
	}
	switch {
	case !contains([]string{"round-robin", "gauntlet", "championship", "knockout", "swiss"}, o.schedule):
		return badInput("--schedule: unknown schedule %q (choices: round-robin, gauntlet, championship, knockout, swiss)", o.schedule)
	case o.candidate != "" && o.schedule != "gauntlet":
		return badInput("--candidate: only a gauntlet has a candidate (add --schedule gauntlet)")
	case c.scenario.League != nil && o.play.n > 0:
		return badInput("--shard: %s is a league, whose verdict needs every game in one run", c.scenario.Name)
	case c.scenario.League != nil && scheduled:
		return badInput("--schedule: %s is a league, which has its own schedule", c.scenario.Name)
	case c.scenario.Championship != nil && scheduled && !championship:
		return badInput("--schedule: %s is a championship, which has its own schedule", c.scenario.Name)
	case c.scenario.Knockout != nil && scheduled && !knockout:
		return badInput("--schedule: %s is a knockout, which has its own schedule", c.scenario.Name)
	case o.sel.fs.Changed("days") && !championship:
		return badInput("--days: only a championship has days (add --schedule championship)")
	case o.sel.fs.Changed("days") && (o.days < 1 || o.days > runner.MaxDays):
		return badInput("--days: %d is not a whole number from 1 to %d", o.days, runner.MaxDays)
	case c.scenario.League != nil:
		format, setup, err = leagueFormat(c, games, seed)
	case championship:
		format, setup, err = championshipFormat(o, c, seed)
		games = 0 // the header's games: a championship has days instead
	case knockout:
		format, setup, err = knockoutFormat(o, c, seed)
		games = 0 // the header's games: a knockout's ties say theirs
	case o.schedule == "swiss":
		format, setup, err = swissFormat(o, c, seed)
		games = 0 // the header's games: the Swiss settings say a table's
	case o.schedule == "gauntlet":
		format, setup, err = gauntletFormat(o, c, games, seed)
	default:
		format, setup, err = tournamentFormat(o, c, games, seed)
	}
	if err != nil {
		return err
	}
	if o.seeds != "" {
		if c.scenario.League != nil {
			return badInput("--seeds: %s is a league, which plays its own games", c.scenario.Name)
		}
		seeds, err := readSeeds(o.seeds)
		if err != nil {
			return err
		}
		if err := runner.WithSeeds(format, seeds); err != nil {
			return badInput("--seeds %s: %v", o.seeds, err)
		}
	}
	sum, err := playFormat(ctx, env, &o.play, c.scenario.Name, setup, format, games, seed, reportFormat)
	if err != nil {
		return err
	}
	if err := runEnd(env, sum, o.play.owned(format.Plan())); err != nil {
		return err
	}
	return withVerdict(verdictExit(format.Verdict()), o.play.faultsOver)
}

// tournamentFormat rates every bot against every other.
func tournamentFormat(o *runOptions, c *chosen, games int, seed uint64) (runner.Format, sim.Setup, error) {
	c.seatPerBot()
	return ratedFormat(o, c, seed, func(seats int, entrants []string, opt results.Options) (runner.Format, error) {
		return runner.NewTournament(seats, entrants, games, seed, opt)
	})
}

// ratedFormat configures the game with the chosen bots and builds a format
// whose standings are rated with the rating flags, naming the scenario in
// the format's error.
func ratedFormat(o *runOptions, c *chosen, seed uint64,
	newFormat func(seats int, entrants []string, opt results.Options) (runner.Format, error)) (runner.Format, sim.Setup, error) {
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	opt, err := o.ratingOptions(setup.Entrants(), setup.Seats(), seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := newFormat(setup.Seats(), setup.Entrants(), opt)
	if err != nil {
		return nil, nil, badInput("%s: %v", c.scenario.Name, err)
	}
	return f, setup, nil
}

// gauntletFormat plays --candidate against the bots given or the
// scenario's.
func gauntletFormat(o *runOptions, c *chosen, games int, seed uint64) (runner.Format, sim.Setup, error) {
	if o.candidate == "" {
		return nil, nil, badInput("--schedule gauntlet: give the bot to test with --candidate SPEC")
	}
	spec, err := sim.ParseBotSpec(o.candidate)
	if err != nil {
		return nil, nil, badInput("--candidate: %v", err)
	}
	c.specs = append([]sim.BotSpec{spec}, c.specs...)
	c.specFrom = append([]string{"--candidate"}, c.specFrom...)
	return ratedFormat(o, c, seed, func(seats int, entrants []string, opt results.Options) (runner.Format, error) {
		return runner.NewGauntlet(seats, entrants, games, seed, opt)
	})
}

// championshipFormat plays the bots given, or the scenario's, as the teams
// of a championship.
func championshipFormat(o *runOptions, c *chosen, seed uint64) (runner.Format, sim.Setup, error) {
	switch {
	case o.sel.fs.Changed("games"):
		return nil, nil, badInput("--games: a championship plays its days and its finals, not a number of games (give --days)")
	case o.seeds != "":
		return nil, nil, badInput("--seeds: a championship plays the seeds of its days and finals, derived from --seed")
	}
	days, points := scenarios.DefaultDays, []float64(nil)
	if ch := c.scenario.Championship; ch != nil {
		days, points = ch.Days, ch.Points
	}
	if o.sel.fs.Changed("days") {
		days = o.days
	}
	return ratedFormat(o, c, seed, func(seats int, entrants []string, opt results.Options) (runner.Format, error) {
		return runner.NewChampionship(seats, entrants, days, points, seed, opt)
	})
}

// leagueFormat tests the one bot given against the scenario's opponents.
func leagueFormat(c *chosen, games int, seed uint64) (runner.Format, sim.Setup, error) {
	sc := c.scenario
	if err := c.lineUp(); err != nil {
		return nil, nil, err
	}
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	// Promote counts wins out of the scenario's games; --games scales it.
	needed := (sc.League.Promote*games + sc.Games - 1) / sc.Games
	f, err := runner.NewLeague(setup.Entrants(), games, needed, seed)
	if err != nil {
		return nil, nil, badInput("%s: %v", sc.Name, err)
	}
	return f, setup, nil
}

// playFormat plays a format's plan, writing the --out file and handing
// every record to the format in match order, then writes the format's
// report on stdout.
func playFormat(ctx context.Context, env *env, o *playFlags, scenario string, setup sim.Setup, format runner.Format,
	games int, seed uint64, report results.Format) (runner.Summary, error) {
	plan := format.Plan()
	header := runHeader(scenario, setup, format, games, seed)
	own := []runner.Span{{Start: 0, End: plan.Len()}}
	staged, _ := plan.(runner.StageSharded)
	var part *stagePart
	judged := format // the format the records go to: none, for a stage's shard
	switch {
	case o.from != "" && (o.n == 0 || staged == nil):
		return runner.Summary{}, badInput("--from: only a knockout's or a Swiss's --shard K/N starts from the merged file of the stages before (to continue a file, --resume it)")
	case o.n > 0 && staged != nil:
		var err error
		if part, err = o.planStage(header, format, staged); err != nil {
			return runner.Summary{}, err
		}
		own, judged = part.spans(), partFormat{format}
	case o.n > 0:
		spans, err := runner.ShardSpans(plan, o.k, o.n)
		if err != nil {
			return runner.Summary{}, badInput("--shard: %v", err)
		}
		own = spans
		o.shardMatches = ownedMatches(spans)
		header.Shard = &results.Shard{K: o.k, N: o.n, Matches: o.shardMatches}
	}
	var out *outFile
	faults := results.NewFaultTally(setup.Entrants())
	done := 0 // records already in a resumed file
	if _, err := os.Stat(o.out); o.resume && err == nil {
		out, done, err = resumeOut(o.out, header, plan, own, func(r *results.Record) error {
			faults.Add(r)
			return judged.Add(r)
		}, o.anyRevision)
		if err != nil {
			return runner.Summary{}, err
		}
	} else {
		if out, err = openOut(o.out, o.force); err != nil {
			return runner.Summary{}, err
		}
		if err := out.write(header); err != nil {
			return runner.Summary{}, err
		}
	}
	defer out.close()
	cfg := runner.Config{Setup: setup, Plan: plan, Owned: runner.Skip(own, done), Scenario: scenario, Workers: o.jobs,
		MoveTimeout: o.moveTimeout, Logs: logsDir(o.out)}
	var prog *progress
	if mode := o.progress.mode(isTerminal(env.stderr)); mode.on() {
		prog = newProgress(env.stderr, format, done, mode, time.Now)
		prog.leaders = newLeaderBoard(setup.Entrants())
		cfg.Progress = prog.update
	}
	var sum runner.Summary
	var err error
	if len(cfg.Owned) > 0 && !judged.Decided() {
		judge := runner.ShareJudging(&cfg, judged, out.f != nil)
		sum, err = runner.Run(ctx, cfg, func(r *results.Record, line []byte) (bool, error) {
			if err := judge.Add(r); err != nil {
				return false, err
			}
			faults.Add(r)
			if prog != nil {
				prog.add(r)
			}
			return judged.Decided(), out.line(line)
		})
		if jerr := judge.End(); err == nil {
			err = jerr
		}
	}
	sum.Played += done
	if prog != nil {
		prog.end()
	}
	if err != nil {
		return sum, &exitError{ExitInternal, err}
	}
	if err := out.close(); err != nil {
		return sum, &exitError{ExitInternal, err}
	}
	if part != nil { // the merge judges the stage: a shard of it tells what comes next
		if !sum.Interrupted {
			part.report(env, o, header.Schedule)
		}
		o.faultsOver = o.faults.report(env, faults)
		return sum, nil
	}
	if err := writeReport(ctx, env, format, report); err != nil {
		return sum, err
	}
	o.faultsOver = o.faults.report(env, faults)
	return sum, nil
}

// runHeader returns the header of a run's results file.
func runHeader(scenario string, setup sim.Setup, format runner.Format, games int, seed uint64) *results.Header {
	header := &results.Header{
		Type: results.TypeHeader, Format: results.FormatVersion, Game: setup.Game(), Scenario: scenario,
		RulesHash: setup.RulesHash(), Params: setup.Params(), Bots: setup.Entrants(), Seats: setup.Seats(),
		Games: games, Matches: format.Plan().Len(), Seed: seed,
	}
	format.Header(header)
	header.Version, header.Revision = provenance()
	return header
}

// writeReport writes the format's report on stdout. Computing it can take
// a while (the bootstrap behind the intervals), so a Ctrl-C meanwhile ends
// arena at once with exit 130, nothing printed; when the run itself was
// interrupted, the partial report is computed all the same (a second Ctrl-C
// kills arena).
func writeReport(ctx context.Context, env *env, format runner.Format, report results.Format) error {
	if ctx.Err() != nil {
		if err := format.Report(env.stdout, report); err != nil {
			return &exitError{ExitInternal, err}
		}
		return nil
	}
	var buf bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- format.Report(&buf, report) }()
	select {
	case err := <-done:
		if err != nil {
			return &exitError{ExitInternal, err}
		}
		_, err = env.stdout.Write(buf.Bytes())
		return err
	case <-ctx.Done():
		return &exitError{ExitInterrupted, errors.New("interrupted while computing the standings; the records are kept (arena rate prints them)")}
	}
}

// refuseEmptyFlags refuses the named flags given an empty value, which
// pflag accepts as it would any text: an empty --anchor would quietly rate
// against the mean, an empty --candidate play no gauntlet, and a list
// flag given no item (an empty --opponents) reads as no flag at all.
func refuseEmptyFlags(fs *pflag.FlagSet, names ...string) error {
	for _, name := range names {
		f := fs.Lookup(name)
		if f == nil || !fs.Changed(name) {
			continue
		}
		if list, ok := f.Value.(pflag.SliceValue); ok {
			if len(list.GetSlice()) == 0 {
				return badInput("--%s: empty value (want a comma-separated list)", name)
			}
		} else if strings.TrimSpace(f.Value.String()) == "" {
			return badInput("--%s: empty value", name)
		}
	}
	return nil
}

// readSeeds reads a file of seeds: one per line, decimal or 0x…
// hexadecimal; blank lines and lines starting with # are skipped.
func readSeeds(path string) ([]uint64, error) {
	data, err := sim.ReadFile(path, sim.MaxSeedsBytes)
	if err != nil {
		return nil, badInput("--seeds: %v", err)
	}
	var seeds []uint64
	for i, line := range strings.Split(string(sim.TrimBOM(data)), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, err := parseSeed(line)
		if err != nil || v >= 1<<53 {
			// Records keep seeds below 2⁵³, so that any JSON reader reads them exactly.
			return nil, badInput("--seeds %s:%d: %q is not a seed (a whole number from 0 to 2⁵³−1 = %d, or 0x… hexadecimal)", path, i+1, line, uint64(1<<53-1))
		}
		seeds = append(seeds, v)
	}
	if len(seeds) == 0 {
		return nil, badInput("--seeds %s: no seeds (one per line)", path)
	}
	if len(seeds) > runner.MaxSeeds {
		return nil, badInput("--seeds %s: %d seeds, at most %d", path, len(seeds), runner.MaxSeeds)
	}
	return seeds, nil
}

// owned returns the number of matches the run owns: its shard's, or all.
func (p *playFlags) owned(plan runner.Plan) int {
	if p.n > 0 {
		return p.shardMatches
	}
	return plan.Len()
}

// verdictExit maps a format's verdict to the exit code: 0 for standings and
// a positive verdict, 1 for a negative one, 3 when undecided.
func verdictExit(v runner.Verdict) error {
	switch v {
	case runner.Negative:
		return &exitError{code: ExitNegative}
	case runner.Inconclusive:
		return &exitError{code: ExitInconclusive}
	}
	return nil
}

// runEnd reports an interrupted run (exit 130) or failed matches (exit 4)
// once what was played has been printed.
func runEnd(env *env, sum runner.Summary, total int) error {
	switch {
	case sum.Interrupted:
		fmt.Fprintf(env.stderr, "arena: interrupted after %d of %d matches; what is printed above counts those\n", sum.Played, total)
		return &exitError{code: ExitInterrupted}
	case sum.Failed > 0:
		return &exitError{ExitInternal, fmt.Errorf("%d of %d matches failed with an engine error or a bot the --move-timeout watchdog gave up on; arena play --from FILE --match N replays one", sum.Failed, sum.Played)}
	}
	return nil
}

// outFile is the --out file, or nothing when none was asked for. Lines
// gather in a buffer that only ever holds whole lines, and go to the file in
// one write each time it fills or 100 ms have passed: a run killed at any
// moment leaves whole lines, unless the system itself tears a write.
type outFile struct {
	flag string // the flag that named it: --out, or --b-out
	path string
	f    *os.File
	buf  []byte
	last time.Time
}

// outBuffer is how many bytes of lines gather before a write.
const outBuffer = 64 << 10

// openOut creates the --out file; an existing file is kept unless force.
func openOut(path string, force bool) (*outFile, error) { return openOutFlag("--out", path, force) }

// openOutFlag is openOut of the file another flag names.
func openOutFlag(flag, path string, force bool) (*outFile, error) {
	o := &outFile{flag: flag, path: path}
	if path == "" {
		return o, nil
	}
	f, err := createFile(flag, path, force)
	if err != nil {
		return nil, err
	}
	o.f = f
	o.buf = make([]byte, 0, outBuffer)
	return o, nil
}

func (o *outFile) write(h *results.Header) error {
	if o.f == nil {
		return nil
	}
	var b bytes.Buffer
	if err := results.NewWriter(&b).WriteHeader(h); err != nil {
		return &exitError{ExitInternal, fmt.Errorf("%s %s: %w", o.flag, o.path, err)}
	}
	o.buf = append(o.buf, b.Bytes()...)
	return o.flush()
}

// line writes one record's line, flushing when the buffer is full or at
// most every 100 ms, so that a crash loses little and a fast run is not
// slowed by system calls.
func (o *outFile) line(line []byte) error {
	if o.f == nil {
		return nil
	}
	if len(o.buf)+len(line) > outBuffer && len(o.buf) > 0 {
		if err := o.flush(); err != nil {
			return err
		}
	}
	o.buf = append(o.buf, line...)
	if now := time.Now(); len(o.buf) >= outBuffer || now.Sub(o.last) > 100*time.Millisecond {
		o.last = now
		return o.flush()
	}
	return nil
}

// record encodes and writes one record.
func (o *outFile) record(r *results.Record) error {
	if o.f == nil {
		return nil
	}
	line, err := results.NewLineEncoder().AppendRecord(nil, r)
	if err != nil {
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	return o.line(line)
}

func (o *outFile) flush() error {
	if len(o.buf) == 0 {
		return nil
	}
	_, err := o.f.Write(o.buf)
	o.buf = o.buf[:0]
	if err != nil {
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	return nil
}

// close flushes and closes the file; it may be called twice.
func (o *outFile) close() error {
	if o.f == nil {
		return nil
	}
	err := o.flush()
	if cerr := o.f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("%s %s: %w", o.flag, o.path, cerr)
	}
	o.f = nil
	return err
}

// checkNew refuses the path of an output flag written only at the end of
// a command when the file exists, unless force, or cannot be written: a
// new file is made and removed again, an existing one opened for writing
// and left as it is, so that nothing is played for an output that would
// be refused after it. An empty path is fine.
func checkNew(flag, path string, force bool) error {
	if path == "" {
		return nil
	}
	if err := notADirectory(flag, path); err != nil {
		return err
	}
	_, err := os.Stat(path)
	if err == nil && !force {
		return badInput("%s %s: the file exists; pass --force to overwrite it", flag, path)
	}
	// sim.OpenFile never waits, so a device or a pipe is tried as a file
	// is, and a named pipe refused before anything is played.
	var f *os.File
	if err == nil {
		f, err = sim.OpenFile(path, os.O_WRONLY, 0)
	} else if f, err = sim.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
		defer os.Remove(path)
	}
	if err != nil {
		return badInput("%s %s: %v", flag, path, createCause(path, err))
	}
	_ = f.Close() // only opened to know it can be
	return nil
}

// notADirectory refuses an output flag that names a directory: no --force
// turns it into a file.
func notADirectory(flag, path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return badInput("%s %s: is a directory; name a file", flag, path)
	}
	return nil
}

// createFile creates the file of an output flag. An existing file is an
// error unless force: nothing already written is lost by mistake. A regular
// file is locked (see lockFile) before it is emptied: a file another arena
// is writing is refused, and left as it is.
func createFile(flag, path string, force bool) (*os.File, error) {
	if err := notADirectory(flag, path); err != nil {
		return nil, err
	}
	flags := os.O_WRONLY | os.O_CREATE
	if !force {
		flags |= os.O_EXCL
	}
	f, err := sim.OpenFile(path, flags, 0o644)
	if os.IsExist(err) {
		return nil, badInput("%s %s: the file exists; pass --force to overwrite it", flag, path)
	}
	if err != nil {
		return nil, badInput("%s %s: %v", flag, path, createCause(path, err))
	}
	// A device or a pipe (/dev/null, /dev/stdout, >(gzip)) is written as
	// it is: nothing to lock or empty.
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return f, nil
	}
	if err := lockOutput(f, flag, path); err != nil {
		return nil, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, badInput("%s: %v", flag, err)
	}
	return f, nil
}

// createCause is why an output at path could not be created, in the
// user's words: a folder that is not there is named (an open says "no such
// file or directory" of the file it was asked to make), else pathCause.
func createCause(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		dir := filepath.Dir(path)
		if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
			return fmt.Errorf("no folder %s to write it in", dir)
		}
	}
	return pathCause(err)
}

// pathCause is the cause of a file operation's error without Go's
// wording around it ("open PATH: …"), for a line that names the path
// itself.
func pathCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// errLocked is lockFile's error when another process holds the lock.
var errLocked = errors.New("locked")

// lockOutput locks an output file, or closes it and says why not.
func lockOutput(f *os.File, flag, path string) error {
	err := lockFile(f)
	if err == nil {
		return nil
	}
	f.Close()
	if errors.Is(err, errLocked) {
		return badInput("%s %s: another arena is writing this file (it is locked); wait for it to end, or give another file", flag, path)
	}
	return &exitError{ExitInternal, fmt.Errorf("%s %s: lock: %w", flag, path, err)}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := raw(w).(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progress reports a run's progress on stderr: on a terminal, a live bar
// (done/total, matches per second, elapsed and remaining time) from the
// progressbar library, with the leader or the format's status beside it;
// elsewhere (CI, nohup), with --progress, a plain line that a log can hold, every
// 5 s: done/total, rate, elapsed time, ETA and leader.
type progress struct {
	w       io.Writer
	bar     *progressbar.ProgressBar // nil off a terminal
	status  func() string            // the format's status line, if it has one
	now     func() time.Time
	start   time.Time
	tick    *ticker
	offset  int // matches already in a resumed file
	leaders *leaderBoard
	label   string // what is played, when the command plays more than one run
}

func newProgress(w io.Writer, format runner.Format, offset int, mode progressMode, now func() time.Time) *progress {
	p := &progress{w: w, now: now, start: now(), tick: newTicker(mode, now), offset: offset}
	if st, ok := format.(interface{ Status() string }); ok {
		p.status = st.Status
	}
	if mode.live {
		p.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(raw(w)), // its own control characters; the text it shows is printable
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("matches"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionSetWidth(20),
		)
	}
	return p
}

// add notes a record handed on, for the leader.
func (p *progress) add(r *results.Record) {
	if p.leaders != nil {
		p.leaders.add(r)
	}
}

// update is the runner's Progress callback. The count shown is of the
// records written; the pace, and the time left from it, are the matches
// played: a long match holds back the records after it, not the workers,
// and a run's matches may differ a hundredfold in length (strong's Tron
// games among the others'), so the records written would give an ETA many
// times too long at first.
func (p *progress) update(c runner.Count) {
	done, total := c.HandedOn+p.offset, c.Total+p.offset
	if p.bar != nil {
		if p.bar.GetMax() != total {
			p.bar.ChangeMax(total)
		}
		p.bar.Describe(printable(strings.TrimPrefix(p.label+", "+p.note(), ", ")))
		_ = p.bar.Set(c.Played + p.offset)
		return
	}
	if !p.tick.due(done >= total) {
		return
	}
	el := p.now().Sub(p.start).Seconds()
	rate, eta := "-", "-"
	if r := float64(c.Played) / el; el > 0 && r > 0 {
		rate = strconv.FormatFloat(r, 'f', 0, 64)
		if r < 100 {
			rate = strconv.FormatFloat(r, 'g', 3, 64)
		}
		eta = (time.Duration(float64(c.Total-c.Played)/r) * time.Second).Round(time.Second).String()
	}
	played := c.Played + p.offset
	line := "arena: "
	if p.label != "" {
		line += p.label + ": "
	}
	line += fmt.Sprintf("%d/%d matches (%.0f%%)", played, total, 100*float64(played)/float64(max(total, 1)))
	if done < played {
		line += fmt.Sprintf(" played, %d written", done)
	}
	line += fmt.Sprintf(", %s matches/s, %.0f s elapsed, ETA %s", rate, el, eta)
	if note := p.note(); note != "" {
		line += ", " + note
	}
	fmt.Fprintln(p.w, line)
}

// note is what the line says beside the count: the format's status, or
// the leader. Off a terminal it is made only for a line that is printed:
// the runner calls update after every batch of matches.
func (p *progress) note() string {
	switch {
	case p.status != nil:
		return p.status()
	case p.leaders != nil:
		return p.leaders.String()
	}
	return ""
}

// end finishes the live line.
func (p *progress) end() {
	if p.bar != nil {
		_ = p.bar.Exit()
		fmt.Fprintln(p.w)
	}
}

// leaderBoard keeps each entrant's points (a win 1, a draw ½ per pair of
// seats it beat or tied) to name the leader as records come.
type leaderBoard struct {
	names  []string
	index  map[string]int
	points []float64
	games  []int
}

func newLeaderBoard(names []string) *leaderBoard {
	b := &leaderBoard{names: names, index: map[string]int{}, points: make([]float64, len(names)), games: make([]int, len(names))}
	for i, n := range names {
		b.index[n] = i
	}
	return b
}

func (b *leaderBoard) add(r *results.Record) {
	if r.Error != "" || len(r.Places) != len(r.Bots) {
		return
	}
	for k, name := range r.Bots {
		i, ok := b.index[name]
		if !ok {
			continue
		}
		b.games[i]++
		others := len(r.Bots) - 1
		for j, pl := range r.Places {
			switch {
			case j == k:
			case r.Places[k] < pl:
				b.points[i] += 1 / float64(max(others, 1))
			case r.Places[k] == pl:
				b.points[i] += 0.5 / float64(max(others, 1))
			}
		}
	}
}

// String names the entrant with the best score so far.
func (b *leaderBoard) String() string {
	best := -1
	for i := range b.names {
		if b.games[i] > 0 && (best < 0 || b.points[i]/float64(b.games[i]) > b.points[best]/float64(b.games[best])) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return fmt.Sprintf("leader %s %.1f%%", b.names[best], 100*b.points[best]/float64(b.games[best]))
}
