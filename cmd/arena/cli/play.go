package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/spf13/pflag"

	"github.com/arenasim/arena/bots/script"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/report"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

var playCommand = &command{
	name:  "play",
	usage: "play [SCENARIO|FILE] [flags]\n       arena play --from FILE --match N [flags]",
	short: "play one match and print its outcome",
	long: `Play plays exactly one match and prints each seat's bot, place, score and
faults: the command to debug a bot. It takes the selection flags of run;
the bots of --bots and --bot replace the scenario's, one seat each in the
order given (their number sets the seats). On a league scenario, --bot
plays seat 0 against the league's opponents.

--match-seed is the match seed, as a record's "seed" field shows it;
without it, the match is the first one of arena run on the same scenario
and bots. (--seed, the master seed of run, sprt and tune, does not apply to
one match.)

--from FILE --match N replays match N of a results file (the header says
the game and parameters, the record the bots and seed) and checks the state
hash: exit 0 when it matches, 1 when the replay diverges. It takes no
scenario and none of --game, --bots, --bot, --param, --match-seed.

--trace writes one JSON line per state (turn 0, then every turn, with the
actions and the state hash); --html writes a page that replays the match on
the game's board (docs/report.md); --out keeps the record as run does, and
an external bot's stderr beside it (FILE.logs/).`,
	options: func() options { return &playOptions{} },
	run:     playMatch,
}

type playOptions struct {
	sel         selection
	moveTimeout time.Duration
	out         string
	force       bool
	trace       string
	html        string
	from        string
	match       int
}

func (o *playOptions) register(fs *pflag.FlagSet) {
	o.sel.seedFlag = "match-seed"
	o.sel.register(fs, "the match seed, a record's \"seed\" (default: the first match of run's)")
	renamed(fs, "seed", "--seed is the master seed of run, sprt and tune: give play a match's own seed with --match-seed N")
	fs.StringVarP(&o.out, "out", "o", "", "write the match record to this JSONL `file` (same format as run)")
	fs.StringVar(&o.trace, "trace", "", "write one JSON state per turn to this `file`")
	fs.StringVar(&o.html, "html", "", "write a page that replays the match, turn by turn, to this `file` (one self-contained HTML file)")
	fs.BoolVar(&o.force, "force", false, "overwrite the --out, --trace and --html files if they exist")
	fs.StringVar(&o.from, "from", "", "replay a match of this results `file` (JSONL) and check its state hash; with --match")
	intVar(fs, &o.match, "match", "", 0, "with --from: the match to replay, its \"match\" `index`")
	registerMoveTimeout(fs, &o.moveTimeout)
}

// playable is a match ready to play: the configured game, the match, and
// what to compare the outcome with.
type playable struct {
	setup    sim.Setup
	scenario string
	p        runner.Pairing
	names    []string       // the entrants' names, indexed as p.Seating
	recorded *recordedMatch // the record a --from replay reproduces, or nil
}

// recordedMatch is a match read from a results file.
type recordedMatch struct {
	path   string
	header results.Header
	rec    *results.Record
}

func playMatch(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*playOptions)
	if err := o.checkOutputs(); err != nil {
		return err
	}
	if err := checkMoveTimeout(o.moveTimeout); err != nil {
		return err
	}
	var g *playable
	var err error
	if o.from != "" || o.sel.fs.Changed("match") {
		g, err = o.replay(args)
	} else {
		g, err = o.choose(args)
	}
	if err != nil {
		return err
	}
	// Refuse an existing --out before playing; it is written once the
	// match is over, so an interrupted match leaves no empty file.
	if err := checkNew("--out", o.out, o.force); err != nil {
		return err
	}
	if err := checkNew("--html", o.html, o.force); err != nil {
		return err
	}
	var trace *os.File
	if o.trace != "" {
		if trace, err = createFile("--trace", o.trace, o.force); err != nil {
			return err
		}
		defer trace.Close()
	}
	var traced *bytes.Buffer // the trace the --html page is made of
	if o.html != "" {
		traced = new(bytes.Buffer)
	}

	table := g.setup.NewTable()
	table.SetMoveTimeout(o.moveTimeout)
	if dir := logsDir(o.out); dir != "" {
		table.SetLog(dir, g.p.Index)
	}
	var res sim.Result
	if trace == nil && traced == nil {
		res = table.Play(ctx, g.p.Seed, g.p.Seating)
	} else if res, err = playTraced(ctx, table, g.p, trace, traced); err != nil {
		table.Close()
		return err
	}
	if err := table.Close(); err != nil {
		fmt.Fprintf(env.stderr, "arena: %v\n", err)
	}
	if errors.Is(res.Err, sim.ErrInterrupted) {
		fmt.Fprintln(env.stderr, "arena: interrupted")
		return &exitError{code: ExitInterrupted}
	}
	rec := runner.NewRecord(g.setup, g.scenario, g.p, g.names, res)
	header := &results.Header{
		Type: results.TypeHeader, Format: results.FormatVersion, Game: g.setup.Game(), Scenario: g.scenario,
		RulesHash: g.setup.RulesHash(), Params: g.setup.Params(), Bots: rec.Bots, Seats: len(rec.Bots),
		Games: 1, Matches: 1, Seed: g.p.Seed,
		// One match, rated by rate and report as such (runner.Single), not
		// as the round robin of its bots.
		Schedule: "match",
	}
	if err := writeRecords(o.out, o.force, header, rec); err != nil {
		return err
	}
	if res.Err != nil {
		fmt.Fprintf(env.stdout, "%s  seed %d  failed in %s %d\n", rec.Scenario, rec.Seed, turnWord(rec.Game, 1), rec.Turns+1)
		return &exitError{ExitInternal, res.Err}
	}
	if traced != nil {
		if err := writeReplayPage(o.html, o.force, header, rec, traced); err != nil {
			return err
		}
	}
	if err := printOutcome(env, rec); err != nil {
		return &exitError{ExitInternal, err}
	}
	if g.recorded != nil {
		return g.recorded.check(env, g.setup, rec)
	}
	return nil
}

// writeRecords writes the --out file of a match, when path is given: its
// header and its record, whole (writeWhole).
func writeRecords(path string, force bool, h *results.Header, rec *results.Record) error {
	if path == "" {
		return nil
	}
	var b bytes.Buffer
	if err := results.NewWriter(&b).WriteHeader(h); err != nil {
		return &exitError{ExitInternal, fmt.Errorf("--out %s: %w", path, err)}
	}
	line, err := results.NewLineEncoder().AppendRecord(b.Bytes(), rec)
	if err != nil {
		return &exitError{ExitInternal, fmt.Errorf("--out %s: %w", path, err)}
	}
	return writeWhole("--out", path, force, func(w io.Writer) error {
		_, err := w.Write(line)
		return err
	})
}

// checkOutputs refuses --out, --trace and --html naming the same file.
func (o *playOptions) checkOutputs() error {
	return distinctOutputs(output{"--out", o.out}, output{"--trace", o.trace}, output{"--html", o.html})
}

// output is a file an output flag names.
type output struct{ flag, path string }

// distinctOutputs refuses two output flags naming one file, however spelt,
// before anything is written: one would overwrite the other. A device
// (/dev/null) may take several.
func distinctOutputs(files ...output) error {
	for i, a := range files {
		for _, b := range files[i+1:] {
			if a.path == "" || b.path == "" || !sameFile(a.path, b.path) {
				continue
			}
			if fi, err := os.Stat(a.path); err == nil && !fi.Mode().IsRegular() {
				continue
			}
			return badInput("%s %s and %s %s are the same file; give them two different files", a.flag, a.path, b.flag, b.path)
		}
	}
	return nil
}

// sameFile reports whether two paths name one file: the same path once
// absolute, or two names of one existing file.
func sameFile(a, b string) bool {
	absA, err1 := filepath.Abs(a)
	absB, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && absA == absB {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// choose resolves the selection flags into the match to play.
func (o *playOptions) choose(args []string) (*playable, error) {
	c, err := o.sel.resolve("play", args)
	if err != nil {
		return nil, err
	}
	switch {
	case c.scenario.League != nil:
		if err := c.lineUp(); err != nil {
			return nil, err
		}
	case c.flagBots:
		c.params.Set("players", len(c.specs))
		c.origin["players"] = c.botsFrom
	}
	setup, err := c.setup()
	if err != nil {
		return nil, err
	}
	seats := setup.Seats()
	if len(c.specs) < seats {
		return nil, badInput("%s: %d bots for %d seats", c.botsFrom, len(c.specs), seats)
	}
	p := firstMatch(c, seats)
	if o.sel.fs.Changed("match-seed") {
		p.Seed = o.sel.seed
	}
	return &playable{setup: setup, scenario: c.scenario.Name, p: p, names: setup.Entrants()}, nil
}

// replay reads match --match of the --from file and sets its game up as
// the run did: the header's game and effective parameters, the record's
// bots seat by seat, and its seed.
func (o *playOptions) replay(args []string) (*playable, error) {
	fs := o.sel.fs
	switch {
	case o.from == "":
		return nil, badInput("--match: give the results file to replay from with --from FILE")
	case !fs.Changed("match"):
		return nil, badInput("--from %s: give the match to replay with --match N", o.from)
	case len(args) > 0:
		return nil, badInput("--from %s: takes no scenario (got %s); the results file says what to play", o.from, strings.Join(args, " "))
	case o.match < 0:
		return nil, badInput("--match: %d is not a match index (0 or more)", o.match)
	}
	for _, flag := range []string{"game", "bots", "bot", "param", "match-seed"} {
		if fs.Changed(flag) {
			return nil, badInput("--from %s: cannot be combined with --%s; the results file says what to play", o.from, flag)
		}
	}
	m, err := readMatch(o.from, o.match)
	if err != nil {
		return nil, err
	}
	return playableOf(m)
}

// playableOf sets up a recorded match to be played again: its bots from
// the record, or, for a timed match (external bots), its recorded actions.
func playableOf(m *recordedMatch) (*playable, error) {
	h, rec := m.header, m.rec
	from := m.path
	entry, err := lookupGame(h.Game)
	if err != nil {
		return nil, badInput("--from %s: %v", from, err)
	}
	if rec.Game != h.Game {
		return nil, badInput("--from %s: match %d is a %s match in a %s file", from, rec.Match, rec.Game, h.Game)
	}
	// Each seat gets its own entrant, named as in the record; stripping
	// the #N of a repeated entrant gives back its spec. A timed match
	// (external bots) is played back from its recorded actions instead.
	specs := make([]sim.BotSpec, len(rec.Bots))
	p := runner.Pairing{Seed: rec.Seed, Seating: make([]int, len(rec.Bots))}
	game := entry.Game
	playBack := rec.Timed && rec.Actions != nil
	if playBack {
		game = sim.WithWire(game, script.Recorded(rec.Actions, rec.Faults))
	}
	for k, name := range rec.Bots {
		if playBack {
			name = fmt.Sprintf("recorded:seat=%d", k)
		} else if h.Ladder != nil {
			// A ladder's records name its bots; the batch's header keeps their specs.
			if i := slices.Index(h.Bots, name); i >= 0 && i < len(h.Ladder.Specs) {
				name = h.Ladder.Specs[i]
			}
		}
		if specs[k], err = sim.ParseBotSpec(name); err != nil {
			return nil, badInput("--from %s: match %d, seat %d: %v", from, rec.Match, k, err)
		}
		p.Seating[k] = k
	}
	setup, err := game.Setup(h.Params, specs)
	if err != nil {
		// The header's parameters, or a bot of the record? Only a failure
		// is looked into again; the file's line names the first.
		if _, perr := game.Setup(h.Params, nil); perr != nil {
			return nil, badInput("%s:1: header field \"params\": %v", from, perr)
		}
		return nil, badInput("--from %s: match %d: %v", from, rec.Match, err)
	}
	if setup.Seats() != len(rec.Bots) {
		return nil, badInput("--from %s: match %d has %d bots for the %d seats of its parameters", from, rec.Match, len(rec.Bots), setup.Seats())
	}
	return &playable{setup: setup, scenario: h.Scenario, p: p, names: rec.Bots, recorded: m}, nil
}

// readMatch returns match n of the results file at path; a file that
// cannot be read, is not a results file or lacks match n is bad input.
func readMatch(path string, n int) (*recordedMatch, error) {
	f, err := sim.Open(path)
	if err != nil {
		return nil, badInput("--from: %v", err)
	}
	defer f.Close()
	r, err := results.NewReader(f, path)
	if err != nil {
		return nil, badInput("--from: not a results file this arena reads: %v", err)
	}
	m := &recordedMatch{path: path, header: r.Header()}
	var rec results.Record
	count, lo, hi := 0, 0, 0
	for {
		err := r.Read(&rec)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, badInput("--from: %v", err)
		}
		if rec.Match == n {
			m.rec = rec.Clone()
			return m, nil
		}
		if count == 0 || rec.Match < lo {
			lo = rec.Match
		}
		hi = max(hi, rec.Match)
		count++
	}
	if count == 0 {
		return nil, badInput("--from %s: no match %d: the file holds no match record", path, n)
	}
	return nil, badInput("--from %s: no match %d among its %d match records (matches %d to %d)", path, n, count, lo, hi)
}

// check compares the replayed record with the recorded one: equal state
// hashes print a line saying so; different ones are a divergence, exit 1,
// as a golden check's.
func (m *recordedMatch) check(env *env, setup sim.Setup, replayed *results.Record) error {
	note := rulesNote(m.header.RulesHash, setup.RulesHash())
	if m.rec.Error != "" {
		note += fmt.Sprintf(" (the recorded match failed: %s)", m.rec.Error)
	}
	switch {
	case m.rec.Timed && m.rec.Actions != nil:
		note += " (a timed match, played back from its recorded actions)"
	case m.rec.Timed:
		note += " (the match was timed: an external bot answered under a deadline, so its seed alone need not reproduce it)"
	}
	if replayed.StateHash != m.rec.StateHash {
		return &exitError{ExitNegative, fmt.Errorf("--from %s: match %d replays to state %s, not the recorded %s%s",
			m.path, m.rec.Match, replayed.StateHash, m.rec.StateHash, note)}
	}
	fmt.Fprintf(env.stdout, "state hash %s matches match %d of %s%s\n", replayed.StateHash, m.rec.Match, m.path, note)
	return nil
}

// rulesNote says how the rules hash of a results file differs from the one
// this arena computes for the same parameters; empty when they agree.
func rulesNote(recorded, now string) string {
	if recorded == now {
		return ""
	}
	return fmt.Sprintf(" (the rules hash differs: the file's is %s, this arena's %s: the rules changed since the run)", recorded, now)
}

// firstMatch returns the match to play: the first match `arena run` plays
// on the same scenario when the bots are the scenario's, else the bots in
// the order given on the first seed.
func firstMatch(c *chosen, seats int) runner.Pairing {
	if ch := c.scenario.Championship; !c.flagBots && ch != nil {
		names := make([]string, len(c.specs)) // the plan needs distinct names, not these
		for i := range names {
			names[i] = strconv.Itoa(i)
		}
		if f, err := runner.NewChampionship(seats, names, ch.Days, ch.Points, c.scenario.Seed, results.Options{Bootstrap: -1}); err == nil {
			return f.Plan().Match(0, nil)
		}
	}
	if !c.flagBots && c.scenario.League == nil && c.scenario.Championship == nil {
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

// playTraced plays the match writing its trace to f, which it closes, and
// to also; either may be nil.
func playTraced(ctx context.Context, table sim.Table, p runner.Pairing, f *os.File, also *bytes.Buffer) (sim.Result, error) {
	if f == nil {
		return table.Trace(ctx, p.Seed, p.Seating, also)
	}
	w := bufio.NewWriterSize(f, 64<<10)
	var to io.Writer = w
	if also != nil {
		to = io.MultiWriter(w, also)
	}
	res, werr := table.Trace(ctx, p.Seed, p.Seating, to)
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

// writeReplayPage writes the page of play --html: the viewer of the match
// just played, from its trace.
func writeReplayPage(path string, force bool, h *results.Header, rec *results.Record, trace io.Reader) error {
	r, err := replayOfTrace(fmt.Sprintf("%s, seed %d", rec.Scenario, rec.Seed), h, rec, trace)
	if err != nil {
		return err
	}
	page := &report.Page{Title: fmt.Sprintf("%s: %s", rec.Scenario, strings.Join(rec.Bots, " vs ")), Version: version(), Replays: []*report.Replay{r}}
	return writePage("--html", path, force, page)
}

// printOutcome prints the match and a table of its seats.
func printOutcome(env *env, rec *results.Record) error {
	fmt.Fprintf(env.stdout, "%s  seed %d  %d %s  state %s\n", rec.Scenario, rec.Seed, rec.Turns, turnWord(rec.Game, rec.Turns), rec.StateHash)
	faults, penalties := make([]int, len(rec.Bots)), make([]int, len(rec.Bots))
	for _, f := range rec.Faults {
		faults[f.Seat]++
	}
	for _, p := range rec.Penalties {
		penalties[p.Seat]++
	}
	// Penalties, the moves the game's rules punished, are no faults: their
	// own column, shown only when the match has some.
	header := []any{"seat", "bot", "place", "score", "faults"}
	if len(rec.Penalties) > 0 {
		header = append(header, "penalties")
	}
	t := tablewriter.NewTable(env.stdout)
	t.Header(header...)
	for k, bot := range rec.Bots {
		row := []any{k, bot, rec.Places[k], strconv.FormatFloat(rec.Scores[k], 'f', -1, 64), faults[k]}
		if len(rec.Penalties) > 0 {
			row = append(row, penalties[k])
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	for _, f := range rec.Faults {
		fmt.Fprintf(env.stdout, "fault: seat %d (%s), %s %d, %s: %s\n", f.Seat, rec.Bots[f.Seat], turnWord(rec.Game, 1), f.Turn, f.Kind, f.Msg)
	}
	for _, p := range rec.Penalties {
		fmt.Fprintf(env.stdout, "penalty: seat %d (%s), %s %d: %s\n", p.Seat, rec.Bots[p.Seat], turnWord(rec.Game, 1), p.Turn, p.Msg)
	}
	if rec.Error != "" {
		fmt.Fprintf(env.stdout, "error: %s\n", rec.Error)
	}
	return nil
}

// turnWord returns the word for n turns of game: "turn" or "turns", or the
// game's own word (sim.GameInfo.TurnWord).
func turnWord(game string, n int) string {
	e, _ := lookupGame(game) // an unknown game counts in turns
	var info sim.GameInfo
	if e.Game != nil {
		info = e.Game.Info()
	}
	return info.TurnWord(n)
}
