package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

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
standings: Bradley–Terry Elo (mean 0, or --anchor BOT[=ELO]) with a 95%
interval, games, wins/draws/losses, mean score ± its 95% margin and faults
per bot. The intervals are profile likelihood, widened for games that share
a seed by a bootstrap over whole rounds, with a small-sample correction;
where a bot won, or lost, every game against the rest, its interval is open
on that side (≥ +277, ≤ -277, or any). --h2h adds the head-to-head,
likelihood-of-superiority and seat tables. docs/statistics.md explains every
number.

SCENARIO is an embedded scenario (arena list scenarios), FILE a scenario
file; without either, --game's default scenario, else tron/duel.

Who plays whom: in a 2-seat game every pair of bots meets, each seed played
twice with the seats swapped; --games N is the number of matches per pair
(N/2 seeds × 2 seat orders, an odd N rounded up). In a game of N ≠ 2 seats,
N bots sit at each match and the seats rotate over the same seed; --games is
the number of matches in total, rounded up to whole rotations; with more
bots than seats, a seeded, balanced choice of who sits where. With
--schedule gauntlet, --candidate plays each of the bots instead (which do not
play each other), and the report is its record against each.

The results are a pure function of the scenario, the bots, --games and
--seed: the same bytes whatever -j. --out keeps one JSON record per match
(JSONL, a header line first), written in match order as matches finish.
Ctrl-C stops the run: finished matches are kept, the partial standings are
printed, and the exit code is 130.

A league scenario (one with a "league" key) tests the one bot given with
--bot against fixed opponents: it prints each game, then "promoted" or "not
promoted", and exits 0 or 1 accordingly.

To ask whether one bot is stronger than another, with a verdict as the exit
code, use arena sprt.`,
	options: func() options { return &runOptions{} },
	run:     runTournament,
}

type runOptions struct {
	sel       selection
	games     int
	play      playFlags
	anchor    string
	bootstrap int
	h2h       bool
	rating    string
	schedule  string
	candidate string
}

func (o *runOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "master seed; match seeds derive from it (default: the scenario's)")
	fs.IntVar(&o.games, "games", 0, "matches per pair of bots (2 seats) or in total (more seats); default: the scenario's")
	fs.StringVar(&o.schedule, "schedule", "round-robin", "who plays whom: round-robin (every bot against every other) or gauntlet (--candidate against the bots)")
	fs.StringVar(&o.candidate, "candidate", "", "the bot a gauntlet tests against the others, a `SPEC`")
	o.play.register(fs, "standings format: table, markdown, csv or json")
	fs.StringVar(&o.anchor, "anchor", "", "rate this bot 0 (`BOT`) or a given Elo (BOT=ELO) instead of the mean at 0")
	fs.IntVar(&o.bootstrap, "bootstrap", results.DefaultBootstrap, fmt.Sprintf("bootstrap resamples behind the 95%% intervals, at most %d; 0 for no intervals", maxBootstrap))
	fs.BoolVar(&o.h2h, "h2h", false, "add the head-to-head, likelihood-of-superiority and seat tables (JSON always has them)")
	fs.StringVar(&o.rating, "rating", results.RatingBradleyTerry, "rating model: bradley-terry, or botsarena (botsArena's sequential Elo, no intervals)")
}

// maxBootstrap bounds --bootstrap: the tally keeps one k×k table per
// resample.
const maxBootstrap = 100_000

// ratingOptions reads --anchor, --bootstrap, --h2h and --rating.
func (o *runOptions) ratingOptions(entrants []string, seed uint64) (results.Options, error) {
	opt := results.Options{Bootstrap: o.bootstrap, Seed: seed, H2H: o.h2h, Rating: o.rating}
	if o.bootstrap < 0 || o.bootstrap > maxBootstrap {
		return opt, badInput("--bootstrap: %d is not a whole number from 0 to %d", o.bootstrap, maxBootstrap)
	}
	if o.bootstrap == 0 {
		opt.Bootstrap = -1 // results reads 0 as its default; here 0 means none
	}
	if o.anchor != "" {
		name, value, hasValue := strings.Cut(o.anchor, "=")
		opt.Anchor = strings.TrimSpace(name)
		if hasValue {
			v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return opt, badInput("--anchor %s: %q is not an Elo value", o.anchor, value)
			}
			opt.AnchorElo = v
		}
		if !contains(entrants, opt.Anchor) {
			return opt, badInput("--anchor: %q is not one of the bots (%s)", opt.Anchor, joinNames(entrants))
		}
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
	jobs     int
	out      string
	force    bool
	format   string
	progress bool
}

func (p *playFlags) register(fs *pflag.FlagSet, formatDoc string) {
	fs.IntVarP(&p.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "matches played at once (at most 4 per core)")
	fs.StringVarP(&p.out, "out", "o", "", "write the match records to this JSONL `file`")
	fs.BoolVar(&p.force, "force", false, "overwrite the output files if they exist")
	fs.StringVarP(&p.format, "format", "f", "table", formatDoc)
	fs.BoolVar(&p.progress, "progress", false, "show progress on stderr even when it is not a terminal")
}

// check reads the report format and checks -j.
func (p *playFlags) check() (results.Format, error) {
	f, err := results.ParseFormat(p.format)
	if err != nil {
		return 0, badInput("--format: %v", err)
	}
	if p.jobs < 1 {
		return 0, badInput("--jobs: %d is not a positive number", p.jobs)
	}
	return f, nil
}

func runTournament(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*runOptions)
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
	switch {
	case o.schedule != "round-robin" && o.schedule != "gauntlet":
		return badInput("--schedule: unknown schedule %q (choices: round-robin, gauntlet)", o.schedule)
	case o.candidate != "" && o.schedule != "gauntlet":
		return badInput("--candidate: only a gauntlet has a candidate (add --schedule gauntlet)")
	case c.scenario.League != nil && o.sel.fs.Changed("schedule"):
		return badInput("--schedule: %s is a league, which has its own schedule", c.scenario.Name)
	case c.scenario.League != nil:
		format, setup, err = leagueFormat(c, games, seed)
	case o.schedule == "gauntlet":
		format, setup, err = gauntletFormat(o, c, games, seed)
	default:
		format, setup, err = tournamentFormat(o, c, games, seed)
	}
	if err != nil {
		return err
	}
	sum, err := playFormat(ctx, env, &o.play, c.scenario.Name, setup, format, games, seed, reportFormat)
	if err != nil {
		return err
	}
	if err := runEnd(env, sum, format.Plan().Len()); err != nil {
		return err
	}
	return verdictExit(format.Verdict())
}

// tournamentFormat rates every bot against every other.
func tournamentFormat(o *runOptions, c *chosen, games int, seed uint64) (runner.Format, sim.Setup, error) {
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	opt, err := o.ratingOptions(setup.Entrants(), seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := runner.NewTournament(setup.Seats(), setup.Entrants(), games, seed, opt)
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
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	opt, err := o.ratingOptions(setup.Entrants(), seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := runner.NewGauntlet(setup.Seats(), setup.Entrants(), games, seed, opt)
	if err != nil {
		return nil, nil, badInput("%s: %v", c.scenario.Name, err)
	}
	return f, setup, nil
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
	header := &results.Header{
		Type: results.TypeHeader, Format: results.FormatVersion, Game: setup.Game(), Scenario: scenario,
		RulesHash: setup.RulesHash(), Params: setup.Params(), Bots: setup.Entrants(), Seats: setup.Seats(),
		Games: games, Matches: plan.Len(), Seed: seed,
	}
	format.Header(header)
	out, err := openOut(o.out, o.force)
	if err != nil {
		return runner.Summary{}, err
	}
	defer out.close()
	if err := out.write(header); err != nil {
		return runner.Summary{}, err
	}
	cfg := runner.Config{Setup: setup, Plan: plan, Scenario: scenario, Workers: o.jobs}
	if o.progress || isTerminal(env.stderr) {
		cfg.Progress = newProgress(env.stderr, format)
	}
	judge := shareJudging(&cfg, format, out.f != nil)
	sum, err := runner.Run(ctx, cfg, func(r *results.Record, line []byte) (bool, error) {
		if err := judge.add(r); err != nil {
			return false, err
		}
		return format.Decided(), out.line(line)
	})
	if jerr := judge.end(); err == nil {
		err = jerr
	}
	if cfg.Progress != nil {
		fmt.Fprintln(env.stderr)
	}
	if err != nil {
		return sum, &exitError{ExitInternal, err}
	}
	if err := out.close(); err != nil {
		return sum, &exitError{ExitInternal, err}
	}
	if err := format.Report(env.stdout, report); err != nil {
		return sum, &exitError{ExitInternal, err}
	}
	return sum, nil
}

// judging is how a run's records reach its format.
type judging struct {
	add    func(*results.Record) error // in index order
	mu     sync.Mutex
	split  runner.Splitter
	forks  []runner.Counter
	unkept []*results.Record
}

// shareJudging gives the workers their share of the work on each record:
// encoding its line when there is a file to write, and counting it on a
// fork of the format's tally when the format can be split, so that the one
// goroutine that hands records on in order does little more than write.
func shareJudging(cfg *runner.Config, format runner.Format, encode bool) *judging {
	j := &judging{add: format.Add}
	j.split, _ = format.(runner.Splitter)
	if j.split != nil {
		j.add = j.split.AddOrdered
		cfg.Discard = func(r *results.Record) { j.unkept = append(j.unkept, r.Clone()) }
	}
	if j.split == nil && !encode {
		return j
	}
	cfg.NewLocal = func() runner.Local {
		var enc *results.LineEncoder
		if encode {
			enc = results.NewLineEncoder()
		}
		var fork runner.Counter
		if j.split != nil {
			fork = j.split.Fork()
			j.mu.Lock()
			j.forks = append(j.forks, fork)
			j.mu.Unlock()
		}
		return func(r *results.Record, line []byte) ([]byte, error) {
			if fork != nil {
				if err := fork.Count(r); err != nil {
					return line, err
				}
			}
			if enc != nil {
				return enc.AppendRecord(line, r)
			}
			return line, nil
		}
	}
	return j
}

// end merges the workers' counts into the format, less the records the run
// did not keep; the workers have stopped.
func (j *judging) end() error {
	if len(j.forks) == 0 {
		return nil
	}
	for _, r := range j.unkept {
		j.forks[0].Uncount(r)
	}
	for _, f := range j.forks {
		if err := j.split.Merge(f); err != nil {
			return err
		}
	}
	return nil
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
		return &exitError{ExitInternal, fmt.Errorf("%d of %d matches failed with an engine error; their records hold the seed (arena play --seed)", sum.Failed, sum.Played)}
	}
	return nil
}

// outFile is the --out file, or nothing when none was asked for. Lines
// gather in a buffer that only ever holds whole lines, and go to the file in
// one write each time it fills or 100 ms have passed: a run killed at any
// moment leaves whole lines, unless the system itself tears a write.
type outFile struct {
	path string
	f    *os.File
	buf  []byte
	last time.Time
}

// outBuffer is how many bytes of lines gather before a write.
const outBuffer = 64 << 10

// openOut creates the --out file; an existing file is kept unless force.
func openOut(path string, force bool) (*outFile, error) {
	o := &outFile{path: path}
	if path == "" {
		return o, nil
	}
	f, err := createFile("--out", path, force)
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
		return &exitError{ExitInternal, fmt.Errorf("--out %s: %w", o.path, err)}
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
		return fmt.Errorf("--out %s: %w", o.path, err)
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
		return fmt.Errorf("--out %s: %w", o.path, err)
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
		err = fmt.Errorf("--out %s: %w", o.path, cerr)
	}
	o.f = nil
	return err
}

// checkNew refuses the path of an output flag when the file exists, unless
// force; an empty path is fine.
func checkNew(flag, path string, force bool) error {
	if path == "" || force {
		return nil
	}
	if _, err := os.Stat(path); err == nil {
		return badInput("%s %s: the file exists; pass --force to overwrite it", flag, path)
	}
	return nil
}

// createFile creates the file of an output flag. An existing file is an
// error unless force: nothing already written is lost by mistake.
func createFile(flag, path string, force bool) (*os.File, error) {
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if !force {
		flags |= os.O_EXCL
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if os.IsExist(err) {
		return nil, badInput("%s %s: the file exists; pass --force to overwrite it", flag, path)
	}
	if err != nil {
		return nil, badInput("%s: %v", flag, err)
	}
	return f, nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newProgress returns a progress line writer, redrawn at most 10 times a
// second; a format with a Status (a sequential test's LLR) adds it.
func newProgress(w io.Writer, format runner.Format) func(done, total int) {
	start := time.Now()
	var last time.Time
	status, _ := format.(interface{ Status() string })
	erase := "" // on a terminal, clear what a longer line left
	if isTerminal(w) {
		erase = "\x1b[K"
	}
	return func(done, total int) {
		now := time.Now()
		if done < total && now.Sub(last) < 100*time.Millisecond {
			return
		}
		last = now
		line := fmt.Sprintf("\r%d/%d matches (%.0f%%), %.1f s", done, total, 100*float64(done)/float64(total), now.Sub(start).Seconds())
		if status != nil {
			line += "  " + status.Status()
		}
		fmt.Fprint(w, line+erase)
	}
}
