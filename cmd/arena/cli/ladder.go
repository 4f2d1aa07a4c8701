package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner/ladder"
)

var ladderCommand = &command{
	name:  "ladder",
	usage: "ladder init|add|retire|play|merge|show|serve DIR [arguments]",
	short: "a lasting rating list of every version of every bot, matches chosen by information",
	long: `A ladder is a folder that lasts: a registry of bots (ladder.json) and a
ledger of batches of matches (batches/*.jsonl, the records of arena run).
Each batch is planned from the ledger before it and the ladder's seed:
its pairs go where they most shrink the uncertainty of the order of the
list (docs/ladder.md gives the rule), each pair on one seed, seats swapped.

  arena ladder init DIR --game G [--scenario S]   a new ladder
  arena ladder add DIR NAME SPEC [--parent P]     a bot, or a new version
  arena ladder retire DIR NAME                    it plays no more
  arena ladder play DIR [--matches N | --for 8h]  play batches
  arena ladder merge DIR                          fold a batch's shards into it
  arena ladder show DIR [--format F] [--h2h]      the standings
  arena ladder serve DIR                          a live page of them

A ladder killed at any moment keeps every finished match: play again
resumes the batch, to the same bytes. A second writer is refused. Shards:
play --shard K/N plays part of the next batch; ladder merge folds the
shards into the batch's file. Run arena ladder SUBCOMMAND --help for its
flags.`,
	options: func() options { return ladderTop{} },
	run:     runLadder,
}

// ladderTop leaves every argument after the subcommand to it.
type ladderTop struct{}

func (ladderTop) register(fs *pflag.FlagSet) { fs.SetInterspersed(false) }

// ladderCommands are the subcommands of arena ladder.
var ladderCommands = []*command{ladderInitCommand, ladderAddCommand, ladderRetireCommand, ladderPlayCommand, ladderMergeCommand, ladderShowCommand, ladderServeCommand}

func runLadder(ctx context.Context, env *env, _ options, args []string) error {
	if len(args) == 0 {
		return badInput("ladder: give a subcommand: init, add, retire, play, merge, show or serve (see arena help ladder)")
	}
	for _, c := range ladderCommands {
		if c.name == "ladder "+args[0] {
			return c.call(ctx, env, args[1:])
		}
	}
	return badInput("ladder: unknown subcommand %q (init, add, retire, play, merge, show or serve)", args[0])
}

// ladderDir reads the DIR argument and the count of the others.
func ladderDir(cmd string, args []string, want int, what string) (string, error) {
	if len(args) != want || strings.TrimSpace(args[0]) == "" {
		return "", badInput("%s: want %s, got %d arguments", cmd, what, len(args))
	}
	return args[0], nil
}

var ladderInitCommand = &command{
	name:  "ladder init",
	usage: "ladder init DIR --game G [--scenario S] [--seed N] [--tables N]",
	long: `Init makes a new ladder in DIR (made if missing): its game, the scenario
whose rules and parameters every batch plays (by default the game's), its
seed, and the tables of each batch (16 pairs of a duel: 32 matches).`,
	options: func() options { return &ladderInitOptions{} },
	run:     ladderInit,
}

type ladderInitOptions struct {
	fs       *pflag.FlagSet
	game     string
	scenario string
	seed     uint64
	tables   int
}

func (o *ladderInitOptions) register(fs *pflag.FlagSet) {
	o.fs = fs
	fs.StringVar(&o.game, "game", "", "the ladder's game (see arena list games)")
	fs.StringVar(&o.scenario, "scenario", "", "the scenario whose rules the ladder plays, a name or a file (default: the game's)")
	fs.Var((*seedValue)(&o.seed), "seed", "master seed; every batch's match seeds derive from it (default: the scenario's)")
	intVar(fs, &o.tables, "tables", "", ladder.DefaultTables, "tables (pairs, in a duel) of each batch")
}

func ladderInit(_ context.Context, env *env, opts options, args []string) error {
	o := opts.(*ladderInitOptions)
	dir, err := ladderDir("ladder init", args, 1, "DIR")
	if err != nil {
		return err
	}
	if o.tables < 1 || o.tables > ladder.MaxTables {
		return badInput("--tables: %d is not a whole number from 1 to %d", o.tables, ladder.MaxTables)
	}
	name := o.scenario
	if name == "" {
		if o.game == "" {
			return badInput("ladder init: give the ladder's game with --game G (see arena list games)")
		}
		entry, err := lookupGame(o.game)
		if err != nil {
			return badInput("--game: %v", err)
		}
		name = entry.DefaultScenario
	}
	c, err := ladderScenario(name)
	if err != nil {
		return err
	}
	if o.game != "" && c.scenario.Game != o.game {
		return badInput("--scenario: %s is a %s scenario, but --game is %s", name, c.scenario.Game, o.game)
	}
	if _, err := os.Stat(filepath.Join(dir, ladder.RegistryFile)); err == nil {
		return badInput("%s: is a ladder already (%s)", dir, ladder.RegistryFile)
	}
	if err := os.MkdirAll(filepath.Join(dir, ladderBatches), 0o755); err != nil {
		return badInput("%s: %v", dir, pathCause(err))
	}
	seed := c.scenario.Seed
	if o.fs.Changed("seed") {
		seed = o.seed
	}
	reg := &ladder.Registry{Format: ladder.RegistryFormat, Game: c.scenario.Game, Scenario: name, Seed: seed, Tables: o.tables, Bots: []ladder.Bot{}}
	if err := reg.Save(dir); err != nil {
		return &exitError{ExitInternal, err}
	}
	fmt.Fprintf(env.stderr, "arena: ladder %s: %s, scenario %s, seed %d; add bots with arena ladder add %s NAME SPEC\n", dir, reg.Game, name, seed, dir)
	return nil
}

var ladderAddCommand = &command{
	name:  "ladder add",
	usage: "ladder add DIR NAME SPEC [--parent NAME] [--sprt]",
	long: `Add enters a bot in the ladder under NAME (letters, digits, . _ - +), its
SPEC as arena run takes one. It plays from the next batch on. --parent
names the version it comes from: the ladder plays it against its parent
first, and show lists their difference. The matches are chosen where
they teach the most, so the ratings are right but they are no test; with
--sprt, arena sprt then tests the new version against its parent (its
records in DIR/sprt/NAME.jsonl) and its verdict is the exit code.`,
	options: func() options { return &ladderAddOptions{} },
	run:     ladderAdd,
}

type ladderAddOptions struct {
	parent string
	sprt   bool
	jobs   int
}

func (o *ladderAddOptions) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.parent, "parent", "", "the bot this one is a new version of, a `NAME` of the ladder")
	fs.BoolVar(&o.sprt, "sprt", false, "test the new version against its --parent with arena sprt (exit 0 stronger, 1 not, 3 unsure)")
	registerJobs(fs, &o.jobs, "; for --sprt")
}

func ladderAdd(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*ladderAddOptions)
	dir, err := ladderDir("ladder add", args, 3, "DIR NAME SPEC")
	if err != nil {
		return err
	}
	name, spec := args[1], args[2]
	if o.sprt && o.parent == "" {
		return badInput("--sprt: give the version to test against with --parent NAME")
	}
	if err := checkJobs(o.jobs, 0); err != nil {
		return err
	}
	lock, err := lockLadder(dir)
	if err != nil {
		return err
	}
	defer lock.Close()
	s, err := openLadder(dir, nil)
	if err != nil {
		return err
	}
	if _, err := s.setup([]ladder.Bot{{Name: name, Spec: spec}}); err != nil {
		return err
	}
	next := s.batches
	if s.begun || len(s.shards) > 0 {
		next++ // the batch begun keeps its bots
	}
	if err := s.reg.Add(name, spec, o.parent, next); err != nil {
		return badInput("ladder add: %v", err)
	}
	if err := s.reg.Save(dir); err != nil {
		return &exitError{ExitInternal, err}
	}
	if !o.sprt {
		return nil
	}
	lock.Close() // the test writes nothing of the ladder's
	parent := s.reg.Bots[s.reg.Index(o.parent)]
	out := filepath.Join(dir, "sprt", name+".jsonl")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return badInput("%s: %v", dir, pathCause(err))
	}
	return &exitError{mainWith(ctx, env, []string{"sprt", s.reg.Scenario, "--candidate", spec, "--baseline", parent.Spec,
		"--seed", strconv.FormatUint(s.reg.Seed, 10), "--out", out, "--force", "-j", strconv.Itoa(o.jobs)}), nil}
}

var ladderRetireCommand = &command{
	name:  "ladder retire",
	usage: "ladder retire DIR NAME",
	long: `Retire stops a bot from playing from the next batch on. Its records stay
in the ledger, and its rating in the standings.`,
	options: func() options { return noOptions{} },
	run:     ladderRetire,
}

func ladderRetire(_ context.Context, _ *env, _ options, args []string) error {
	dir, err := ladderDir("ladder retire", args, 2, "DIR NAME")
	if err != nil {
		return err
	}
	lock, err := lockLadder(dir)
	if err != nil {
		return err
	}
	defer lock.Close()
	s, err := openLadder(dir, nil)
	if err != nil {
		return err
	}
	next := s.batches
	if s.begun || len(s.shards) > 0 {
		next++
	}
	if err := s.reg.Retire(args[1], next); err != nil {
		return badInput("ladder retire: %v", err)
	}
	if err := s.reg.Save(dir); err != nil {
		return &exitError{ExitInternal, err}
	}
	return nil
}

var ladderPlayCommand = &command{
	name:  "ladder play",
	usage: "ladder play DIR [--matches N | --for DURATION] [-j N] [--shard K/N]",
	long: `Play plays the ladder's next batch, or batches until --matches N matches
are played (whole batches), or until --for has passed (8h: overnight; the
batch under way then stops, its finished matches kept, and the next play
resumes it). Each batch is planned from the ledger before it; the results
are the same bytes whatever -j. It prints the standings at the end.

--shard K/N plays shard K of the next batch into its own file; once every
shard is there, arena ladder merge DIR folds them into the batch, and the
next play plans from the merged ledger.`,
	options: func() options { return &ladderPlayOptions{} },
	run:     ladderPlay,
}

type ladderPlayOptions struct {
	play    playFlags
	matches int
	during  time.Duration
}

func (o *ladderPlayOptions) register(fs *pflag.FlagSet) {
	o.play.fs = fs
	intVar(fs, &o.matches, "matches", "", 0, "play batches until at least N matches are played (default: one batch)")
	fs.DurationVar(&o.during, "for", 0, "play batches for this long, e.g. 8h; the batch under way when it ends is resumed next time")
	registerJobs(fs, &o.play.jobs, "")
	o.play.progress.register(fs)
	registerMoveTimeout(fs, &o.play.moveTimeout)
	o.play.registerShards(fs)
}

func ladderPlay(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*ladderPlayOptions)
	dir, err := ladderDir("ladder play", args, 1, "DIR")
	if err != nil {
		return err
	}
	p := &o.play
	switch {
	case o.matches < 0:
		return badInput("--matches: %d is not a whole number from 0 up", o.matches)
	case o.during < 0:
		return badInput("--for: %v is negative", o.during)
	case o.matches > 0 && o.during > 0:
		return badInput("--matches and --for: give one of them")
	}
	for _, err := range []error{checkJobs(p.jobs, 0), checkMoveTimeout(p.moveTimeout), p.progress.check(), p.checkShard()} {
		if err != nil {
			return err
		}
	}
	if p.n == 0 {
		lock, err := lockLadder(dir)
		if err != nil {
			return err
		}
		defer lock.Close()
	}
	s, err := openLadder(dir, &results.Options{Seed: 0})
	if err != nil {
		return err
	}
	if p.n > 0 {
		return ladderPlayShard(ctx, env, s, p)
	}
	if len(s.shards) > 0 {
		return badInput("%s: %s: merge them first (arena ladder merge %s)", dir, s.describePending(), dir)
	}
	play := ctx
	if o.during > 0 {
		var cancel context.CancelFunc
		play, cancel = context.WithTimeout(ctx, o.during)
		defer cancel()
	}
	for played := 0; ; {
		sum, err := s.playBatch(play, env, p, 0, 0)
		if err != nil {
			return err
		}
		played += sum.Played
		if sum.Interrupted {
			if ctx.Err() != nil {
				fmt.Fprintf(env.stderr, "arena: interrupted in batch %d; its finished matches are kept (play resumes it)\n", s.batches)
				return &exitError{code: ExitInterrupted}
			}
			break // --for has passed
		}
		if done, err := s.absorb(); err != nil || !done {
			if err == nil {
				err = &exitError{ExitInternal, fmt.Errorf("batch %d played but not complete", s.batches)}
			}
			return err
		}
		if o.during == 0 && played >= o.matches || o.during > 0 && play.Err() != nil {
			break
		}
	}
	return s.writeStandings(env.stdout, results.FormatTable, false)
}

// playBatch plays the next batch, or shard k of n of it, into its file,
// resuming what the file holds.
func (s *ladderStore) playBatch(ctx context.Context, out *env, flags *playFlags, k, n int) (runnerSummary, error) {
	batch, active, err := s.next()
	if err != nil {
		return runnerSummary{}, err
	}
	bots := make([]ladder.Bot, len(active))
	for i, a := range active {
		bots[i] = s.reg.Bots[a]
	}
	setup, err := s.setup(bots)
	if err != nil {
		return runnerSummary{}, err
	}
	p := &playFlags{jobs: flags.jobs, moveTimeout: flags.moveTimeout, progress: flags.progress, out: batchPath(s.dir, s.batches, k, n),
		resume: true, anyRevision: true, k: k, n: n}
	quiet := &env{stdout: io.Discard, stderr: out.stderr}
	sum, err := playFormat(ctx, quiet, p, s.reg.Scenario, setup, batch, 0, s.reg.Seed, results.FormatTable)
	return runnerSummary{sum.Played, sum.Interrupted}, err
}

// runnerSummary is what the ladder needs of a batch's run.
type runnerSummary struct {
	Played      int
	Interrupted bool
}

// ladderPlayShard plays shard k of n of the next batch.
func ladderPlayShard(ctx context.Context, env *env, s *ladderStore, p *playFlags) error {
	if s.begun {
		return badInput("%s: %s whole in %s: play it whole (arena ladder play %s)", s.dir, s.describePending(), batchPath(s.dir, s.batches, 0, 0), s.dir)
	}
	sum, err := s.playBatch(ctx, env, p, p.k, p.n)
	if err != nil {
		return err
	}
	if sum.Interrupted {
		return &exitError{code: ExitInterrupted}
	}
	fmt.Fprintf(env.stderr, "arena: shard %d/%d of batch %d is in %s; once every shard is in: arena ladder merge %s\n", p.k, p.n, s.batches,
		batchPath(s.dir, s.batches, p.k, p.n), s.dir)
	return nil
}

var ladderMergeCommand = &command{
	name:  "ladder merge",
	usage: "ladder merge DIR",
	long: `Merge folds the shards of the ladder's next batch (arena ladder play DIR
--shard K/N, one on each machine) into the batch's file, byte for byte the
file the batch played whole would have, and prints the standings. It
refuses, with one line and nothing written, a batch whose shards are not
all there, one of them incomplete (its play --shard K/N again resumes it),
or shards of different N.`,
	options: func() options { return noOptions{} },
	run:     ladderMerge,
}

// shardName reads K and N from a shard file's name.
var shardName = regexp.MustCompile(`\.shard-(\d+)-of-(\d+)\.jsonl$`)

func ladderMerge(ctx context.Context, out *env, _ options, args []string) error {
	dir, err := ladderDir("ladder merge", args, 1, "DIR")
	if err != nil {
		return err
	}
	lock, err := lockLadder(dir)
	if err != nil {
		return err
	}
	defer lock.Close()
	s, err := openLadder(dir, &results.Options{Seed: 0})
	if err != nil {
		return err
	}
	if len(s.shards) == 0 {
		if s.begun {
			return badInput("%s: %s, not in shards: play it (arena ladder play %s)", dir, s.describePending(), dir)
		}
		return badInput("%s: no batch is waiting for its merge (arena ladder play %s --shard K/N plays a part of the next one)", dir, dir)
	}
	byK := map[int]string{}
	n := 0
	for _, path := range s.shards {
		m := shardName.FindStringSubmatch(path)
		if m == nil {
			return badInput("%s: not the name of a shard (B.shard-K-of-N.jsonl)", path)
		}
		k, _ := strconv.Atoi(m[1])
		nk, _ := strconv.Atoi(m[2])
		if n != 0 && nk != n {
			return badInput("%s: batch %d has shards of %d and of %d machines (%s): remove those of the N not played", dir, s.batches, n, nk, strings.Join(s.shards, ", "))
		}
		n, byK[k] = nk, path
	}
	paths := make([]string, 0, n)
	for k := 1; k <= n; k++ {
		path, ok := byK[k]
		if !ok {
			return badInput("%s: batch %d: shard %d/%d is not there (arena ladder play %s --shard %d/%d plays it)", dir, s.batches, k, n, dir, k, n)
		}
		paths = append(paths, path)
	}
	batch := batchPath(dir, s.batches, 0, 0)
	if err := mergeFiles(ctx, &env{stdout: io.Discard, stderr: out.stderr}, &mergeOptions{out: batch}, paths); err != nil {
		return err
	}
	fmt.Fprintf(out.stderr, "arena: batch %d is merged from its %d shards into %s\n", s.batches, n, batch)
	merged, err := openLadder(dir, &results.Options{Seed: 0})
	if err != nil {
		return err
	}
	return merged.writeStandings(out.stdout, results.FormatTable, false)
}

var ladderShowCommand = &command{
	name:  "ladder show",
	usage: "ladder show DIR [--format F] [--h2h]",
	long: `Show prints the ladder's standings from every record of its ledger: each
bot's Elo (Bradley–Terry, the mean at 0) with its 95% interval, games, the
last batch it played in, its parent and its difference to the parent with
that difference's 95% interval, and whether it still plays.`,
	options: func() options { return &ladderShowOptions{} },
	run:     ladderShow,
}

type ladderShowOptions struct {
	format string
	h2h    bool
}

func (o *ladderShowOptions) register(fs *pflag.FlagSet) {
	fs.StringVarP(&o.format, "format", "f", "table", "report format: table, markdown, csv or json")
	fs.BoolVar(&o.h2h, "h2h", false, "add the head-to-head, likelihood-of-superiority and seat tables (JSON always has them)")
}

func ladderShow(_ context.Context, env *env, opts options, args []string) error {
	o := opts.(*ladderShowOptions)
	dir, err := ladderDir("ladder show", args, 1, "DIR")
	if err != nil {
		return err
	}
	f, err := results.ParseFormat(o.format)
	if err != nil {
		return badInput("--format: %v", err)
	}
	s, err := openLadder(dir, &results.Options{H2H: o.h2h})
	if err != nil {
		return err
	}
	if d := s.describePending(); d != "" {
		fmt.Fprintf(env.stderr, "arena: %s; the standings are of the %d batches complete\n", d, s.batches)
	}
	return s.writeStandings(env.stdout, f, o.h2h)
}

// ladderRow is one bot's line of the ladder's standings.
type ladderRow struct {
	Bot      string   `json:"bot"`
	Elo      *float64 `json:"elo"`    // null before its first game
	EloLo    *float64 `json:"elo_lo"` // null when open below (or before its first game)
	EloHi    *float64 `json:"elo_hi"` // null when open above
	Games    int      `json:"games"`
	Last     *int     `json:"last_batch"` // null before its first batch
	Parent   string   `json:"parent,omitempty"`
	VsParent *float64 `json:"vs_parent,omitempty"`
	VsLo     *float64 `json:"vs_parent_lo,omitempty"`
	VsHi     *float64 `json:"vs_parent_hi,omitempty"`
	Active   bool     `json:"active"`
	Spec     string   `json:"spec"`
	// The intervals' ends, open ends infinite, for the table.
	lo, hi, vsLo, vsHi float64
}

// finite returns &x, or nil for NaN and infinities (null in JSON).
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	x = math.Round(x*10) / 10
	return &x
}

// rows returns the standings' lines, best first, the bots without a game last.
func (s *ladderStore) rows(st *results.Standings) []ladderRow {
	var rows []ladderRow
	next := s.batches
	seen := map[string]bool{}
	add := func(r *results.Rating, i int) {
		b := s.reg.Bots[i]
		row := ladderRow{Bot: b.Name, Parent: b.Parent, Active: b.Active(next), Spec: shownSpec(b.Spec), lo: math.NaN(), hi: math.NaN()}
		if r != nil && r.Games > 0 {
			row.Elo, row.EloLo, row.EloHi, row.Games = finite(r.Elo), finite(r.EloLo), finite(r.EloHi), r.Games
			row.lo, row.hi = r.EloLo, r.EloHi
		}
		if last := s.led.Last(i); last >= 0 {
			row.Last = &last
		}
		if b.Parent != "" && row.Elo != nil {
			if d, err := st.Diff(b.Name, b.Parent); err == nil {
				row.VsParent, row.VsLo, row.VsHi = finite(d.Elo), finite(d.Lo), finite(d.Hi)
				row.vsLo, row.vsHi = d.Lo, d.Hi
			}
		}
		seen[b.Name] = true
		rows = append(rows, row)
	}
	for i := range st.Ratings {
		r := &st.Ratings[i]
		if r.Games > 0 {
			add(r, s.reg.Index(r.Bot))
		}
	}
	for i, b := range s.reg.Bots {
		if !seen[b.Name] {
			add(nil, i)
		}
	}
	return rows
}

// writeStandings writes the ladder's standings in format f.
func (s *ladderStore) writeStandings(w io.Writer, f results.Format, h2h bool) error {
	if s.show == nil {
		return errors.New("ladder: the standings were not tallied")
	}
	st, err := s.show.Standings()
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	rows := s.rows(st)
	elo := func(x *float64) string {
		if x == nil {
			return "-"
		}
		return results.FormatElo(*x)
	}
	last := func(r ladderRow) string {
		if r.Last == nil {
			return "-"
		}
		return strconv.Itoa(*r.Last)
	}
	status := func(r ladderRow) string {
		if r.Active {
			return "plays"
		}
		return "retired"
	}
	switch f {
	case results.FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Batches   int                `json:"batches"`
			Bots      []ladderRow        `json:"bots"`
			Standings *results.Standings `json:"standings"`
		}{s.batches, rows, st})
	case results.FormatCSV:
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"rank", "bot", "elo", "elo_lo", "elo_hi", "games", "last_batch", "parent", "vs_parent", "vs_parent_lo", "vs_parent_hi", "status"})
		num := func(x *float64) string {
			if x == nil {
				return ""
			}
			return strconv.FormatFloat(*x, 'f', 1, 64)
		}
		for i, r := range rows {
			lastBatch := ""
			if r.Last != nil {
				lastBatch = strconv.Itoa(*r.Last)
			}
			_ = cw.Write([]string{strconv.Itoa(i + 1), r.Bot, num(r.Elo), num(r.EloLo), num(r.EloHi), strconv.Itoa(r.Games), lastBatch,
				r.Parent, num(r.VsParent), num(r.VsLo), num(r.VsHi), status(r)})
		}
		cw.Flush()
		return cw.Error()
	}
	var rend tw.Renderer = renderer.NewBlueprint()
	if f == results.FormatMarkdown {
		rend = renderer.NewMarkdown()
	}
	table := tablewriter.NewTable(w, tablewriter.WithRenderer(rend), tablewriter.WithHeaderAutoFormat(tw.Off))
	table.Header([]string{"#", "BOT", "ELO", "95% CI", "GAMES", "LAST BATCH", "PARENT", "VS PARENT", "STATUS"})
	for i, r := range rows {
		vs := "-"
		if r.VsParent != nil {
			vs = elo(r.VsParent) + " " + results.FormatInterval(r.vsLo, r.vsHi)
		}
		parent := r.Parent
		if parent == "" {
			parent = "-"
		}
		if err := table.Append([]string{strconv.Itoa(i + 1), r.Bot, elo(r.Elo), results.FormatInterval(r.lo, r.hi), strconv.Itoa(r.Games), last(r), parent, vs, status(r)}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d batches, %d matches; Elo: Bradley–Terry, the mean at 0, 95%% bootstrap intervals; the matches were chosen by information: no significance test (arena ladder add --sprt)\n", s.batches, st.Matches)
	if h2h {
		return st.Write(w, f)
	}
	return nil
}
