package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/results/report"
	"github.com/arenasim/arena/results/tune"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

var reportCommand = &command{
	name:  "report",
	usage: "report FILE... -o report.html [--traces DIR] [--replay N,…] [flags]",
	short: "write an HTML page of a run: standings, charts, replays",
	long: `Report writes one self-contained HTML file (it loads nothing from the
network) that shows a run from its results files, the --out file of arena
run or its shards in any order: the scenario, seed, rules hash and version;
the standings with each bot's interval as a bar; a head-to-head heat map;
each bot's score and placement distributions; faults by kind; the match
lengths. The page holds aggregates, not records: a million matches give a
page the size of a thousand. The rating flags are arena rate's.

An sprt results file adds the test's course (the LLR between its bounds
game pair by pair, the verdict); a knockout's file adds its bracket (each
tie's seeds, points and games, linked to their viewers when --replay adds
them) and its places, heats their rounds' tables; a tune file gets a page of its own (θ over the
iterations, or a grid or random search's points).

--traces DIR adds a replay viewer for each match traced there (the files of
arena golden record, or of arena play --from FILE --match N --trace
DIR/match-N.jsonl). --replay N,M plays matches N and M again from their
records and adds their viewers; a match that no longer ends on its recorded
state is refused. arena play --html FILE writes one match's viewer directly.
docs/report.md shows a page.`,
	options: func() options { return &reportOptions{} },
	run:     reportRun,
}

type reportOptions struct {
	fs          *pflag.FlagSet
	rating      runOptions
	out         string
	traces      string
	replays     []int
	force       bool
	anyRevision bool
}

func (o *reportOptions) register(fs *pflag.FlagSet) {
	o.fs = fs
	o.rating.registerRating(fs)
	_ = fs.MarkHidden("h2h") // the page always has the head-to-head heat map
	fs.StringVarP(&o.out, "out", "o", "", "write the page to this `file` (required)")
	fs.StringVar(&o.traces, "traces", "", "add a replay viewer for each match traced in this `dir`")
	fs.IntSliceVar(&o.replays, "replay", nil, "add a replay viewer of these `matches` (their \"match\" index, comma-separated), played again from their records")
	fs.BoolVar(&o.force, "force", false, "overwrite the --out file if it exists")
	fs.BoolVar(&o.anyRevision, "any-revision", false, "read shards that different builds of arena wrote")
}

func reportRun(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*reportOptions)
	if o.out == "" {
		return badInput("report: give the page's file with -o FILE")
	}
	if err := refuseEmptyFlags(o.fs, "anchor", "rating"); err != nil {
		return err
	}
	if len(args) == 0 {
		return badInput("report: give the results files of one run, or a tune file")
	}
	for _, a := range args {
		if sameFile(a, o.out) {
			return badInput("--out %s: is one of the files to read", o.out)
		}
	}
	if err := checkNew("--out", o.out, o.force); err != nil {
		return err
	}
	var page *report.Page
	var err error
	for _, a := range args {
		if len(args) > 1 && isTuneFile(a) {
			return badInput("%s: a tune file: give it alone, not with other files", a)
		}
	}
	if len(args) == 1 && isTuneFile(args[0]) {
		if o.traces != "" || len(o.replays) > 0 {
			return badInput("--traces, --replay: a tune file has no matches to replay")
		}
		page, err = tunePage(args[0])
	} else {
		page, err = runPage(ctx, o, args)
	}
	if err != nil {
		return err
	}
	page.Version = version()
	if r := page.Run; r != nil && r.Planned > 0 {
		fmt.Fprintf(env.stderr, "arena: incomplete: the files hold %d of the run's %d matches (arena run --resume completes a file)\n", r.Standings.Matches, r.Planned)
	}
	if err := writePage("--out", o.out, o.force, page); err != nil {
		return err
	}
	fmt.Fprintf(env.stderr, "arena: wrote %s\n", o.out)
	return nil
}

// isTuneFile reports whether path starts with a tune file's header.
func isTuneFile(path string) bool { return firstType(path) == "tune" }

// isGolden reports whether path is a golden file: gzipped (as golden
// files are by default; a plain trace never is), or starting with a golden
// header (a plain trace starts with its turn 0).
func isGolden(path string) bool {
	return strings.HasSuffix(path, ".gz") || firstType(path) == "golden"
}

// firstType returns the "type" of a file's first line, or "".
func firstType(path string) string {
	f, err := sim.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	// A header is one line, never a megabyte: /dev/zero is not read to its end.
	line, _ := bufio.NewReader(io.LimitReader(f, 1<<20)).ReadBytes('\n')
	var h struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(line, &h)
	return h.Type
}

// tunePage reads a tune file: an SPSA run's iterations, or a grid or
// random search's points, as its header's method says.
func tunePage(path string) (*report.Page, error) {
	data, err := sim.ReadFile(path, tune.MaxFileBytes)
	if err != nil {
		return nil, badInput("%v", err)
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	var head tune.Header
	if err := json.Unmarshal(first, &head); err != nil {
		return nil, badInput("%s:1: %v", path, results.JSONError(err))
	}
	switch head.Method {
	case "spsa", "grid", "random":
	default:
		return nil, badInput("%s:1: tune method %q: want spsa, grid or random", path, head.Method)
	}
	var h *tune.Header
	var t *report.Tune
	if head.Method == "spsa" {
		var lines []tune.Line
		if h, lines, _, err = tune.ReadFile(bytes.NewReader(data)); err == nil {
			t = report.TuneOf(h, lines)
		}
	} else {
		var lines []tune.PointLine
		if h, lines, _, err = tune.ReadPoints(bytes.NewReader(data)); err == nil {
			t = report.TunePointsOf(h, lines)
		}
	}
	if err != nil {
		return nil, badInput("%s: %v", path, err)
	}
	var about struct {
		Bot      string `json:"bot"`
		Scenario string `json:"scenario"`
	}
	_ = json.Unmarshal(h.Context, &about) // a title without them is still a title
	return &report.Page{Title: fmt.Sprintf("arena tune: %s %s, %s", about.Bot, strings.Join(paramNames(h.Params), ", "), about.Scenario), Tune: t}, nil
}

func paramNames(ps []tune.ParamLine) []string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	return names
}

// traceName finds the match number in a trace file's name.
var traceName = regexp.MustCompile(`match-(\d+)`)

// runPage reads the results files of a run and the traces of --traces.
func runPage(ctx context.Context, o *reportOptions, paths []string) (*report.Page, error) {
	files, h, err := openRunFiles(paths, o.anyRevision)
	if err != nil {
		return nil, err
	}
	format, err := formatOf(files[0].path, h, &o.rating)
	if err != nil {
		return nil, err
	}
	opt, err := o.rating.ratingOptions(h.Bots, h.Seats, h.Seed)
	if err != nil {
		return nil, err
	}
	traces, err := traceFiles(o.traces)
	if err != nil {
		return nil, err
	}
	wanted := map[int]*results.Record{} // the records the plain traces and --replay need
	for _, n := range o.replays {
		wanted[n] = nil
	}
	goldens := map[string]*golden.Match{} // the traces with a golden header, read once
	for _, t := range traces {
		if isGolden(t) {
			m, err := golden.Read(t)
			if err != nil {
				return nil, badInput("%v", err) // a golden file, damaged: say where
			}
			goldens[t] = m
			wanted[m.Header.Match] = nil
		} else if m := traceName.FindStringSubmatch(filepath.Base(t)); m != nil {
			n, _ := strconv.Atoi(m[1])
			wanted[n] = nil
		}
	}
	// The format tallies the standings as it judges the records; the page
	// takes them from it rather than tallying them twice.
	var standings func() (*results.Standings, error)
	if f, ok := format.(interface {
		Standings() (*results.Standings, error)
	}); ok {
		standings = f.Standings
	}
	b := report.NewRunBuilder(h, opt, standings)
	var sprt *report.SPRTBuilder
	if s, ok := format.(*runner.SPRT); ok {
		sprt = report.NewSPRTBuilder(s.Result())
	}
	n := 0
	got, _, err := readRun(files, format.Plan(), func(r *results.Record) error {
		if n++; n%1024 == 0 && ctx.Err() != nil {
			return errInterrupted
		}
		if _, ok := wanted[r.Match]; ok {
			wanted[r.Match] = r.Clone()
		}
		if err := format.Add(r); err != nil {
			return err
		}
		if sprt != nil {
			sprt.Step()
		}
		return b.Add(r)
	})
	if err != nil {
		return nil, readError(ctx, err)
	}
	run, err := b.Run()
	if err != nil {
		return nil, badInput("%v", err)
	}
	// As arena rate: a run stopped early, not by its verdict, is shown as
	// it is, and said to be incomplete.
	if want := format.Plan().Len(); got < want && !format.Decided() {
		run.Planned = want
	}
	page := &report.Page{Title: fmt.Sprintf("arena: %s, %s", h.Scenario, strings.Join(h.Bots, ", ")), Run: run}
	if k, ok := format.(*runner.Knockout); ok {
		run.Knockout = k.Bracket()
		page.Title = fmt.Sprintf("arena knockout: %s, %s", h.Scenario, strings.Join(h.Bots, ", "))
	}
	if hf, ok := format.(*runner.Heats); ok {
		run.Heats = hf.Table()
		page.Title = fmt.Sprintf("arena knockout in heats: %s, %s", h.Scenario, strings.Join(h.Bots, ", "))
	}
	if sprt != nil {
		if page.SPRT, err = sprt.SPRT(); err != nil {
			return nil, badInput("the header's sprt settings: %v", err)
		}
		page.Title = fmt.Sprintf("arena sprt: %s against %s, %s", h.SPRT.Candidate, h.SPRT.Baseline, h.Scenario)
	}
	for _, path := range traces {
		m, err := goldens[path], error(nil)
		if m != nil {
			err = checkGolden(path, m, h, wanted[m.Header.Match])
		} else {
			m, err = readTrace(path, h, wanted)
		}
		if err != nil {
			return nil, err
		}
		r, err := report.NewReplay(filepath.Base(path), m, lookupAnyGame)
		if err != nil {
			return nil, badInput("%s: %v", path, err)
		}
		page.Replays = append(page.Replays, r)
	}
	for _, n := range o.replays {
		r, err := replayOf(ctx, paths[0], h, wanted[n], n)
		if err != nil {
			return nil, err
		}
		page.Replays = append(page.Replays, r)
	}
	return page, nil
}

// replayOf plays match n of a run again from its record, with its trace,
// and returns its replay; the match must end on its recorded state.
func replayOf(ctx context.Context, path string, h *results.Header, rec *results.Record, n int) (*report.Replay, error) {
	if rec == nil {
		return nil, badInput("--replay %d: the run has no record of match %d", n, n)
	}
	g, err := playableOf(&recordedMatch{path: path, header: *h, rec: rec})
	if err != nil {
		return nil, err
	}
	var trace bytes.Buffer
	table := g.setup.NewTable()
	res, err := table.Trace(ctx, g.p.Seed, g.p.Seating, &trace)
	if cerr := table.Close(); err == nil {
		err = cerr
	}
	if errors.Is(res.Err, sim.ErrInterrupted) || ctx.Err() != nil {
		return nil, &exitError{ExitInterrupted, errors.New("interrupted while replaying a match")}
	}
	if err == nil {
		err = res.Err
	}
	if err != nil {
		return nil, &exitError{ExitInternal, fmt.Errorf("--replay %d: %w", n, err)}
	}
	if got := sim.FormatHash(res.StateHash); got != rec.StateHash {
		return nil, badInput("--replay %d: the match now ends on state %s, and its record on %s (the rules or a bot changed since the run)", n, got, rec.StateHash)
	}
	return replayOfTrace(fmt.Sprintf("match %d", n), h, rec, &trace)
}

// replayOfTrace returns the replay of a match of a run that arena just
// traced: a trace that does not read or replay is arena's own failure.
func replayOfTrace(name string, h *results.Header, rec *results.Record, trace io.Reader) (*report.Replay, error) {
	m, err := golden.ParseTrace(traceHeader(h, rec), trace, name+"'s trace")
	if err != nil {
		return nil, &exitError{ExitInternal, err}
	}
	r, err := report.NewReplay(name, m, lookupAnyGame)
	if err != nil {
		return nil, &exitError{ExitInternal, err}
	}
	return r, nil
}

// traceHeader is the header under which the trace of a run's match reads
// as a golden match: the run's game and parameters, the record's seed and
// bots.
func traceHeader(h *results.Header, rec *results.Record) golden.Header {
	return golden.Header{Type: "golden", Format: golden.Format, Game: h.Game, Scenario: h.Scenario, Match: rec.Match, Seed: rec.Seed,
		Seats: len(rec.Bots), Params: h.Params, RulesHash: h.RulesHash, Bots: rec.Bots}
}

func readError(ctx context.Context, err error) error {
	if errors.Is(err, errInterrupted) || ctx.Err() != nil {
		return &exitError{ExitInterrupted, errors.New("interrupted while reading the records")}
	}
	return err
}

// traceFiles lists the trace files of dir, by name.
func traceFiles(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, badInput("--traces: %v", err)
	}
	var paths []string
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".jsonl.gz")) {
			paths = append(paths, filepath.Join(dir, name))
		}
	}
	if len(paths) == 0 {
		return nil, badInput("--traces %s: no trace there (files *.jsonl or *.jsonl.gz)", dir)
	}
	slices.Sort(paths)
	return paths, nil
}

// checkGolden checks that a golden file is a trace of the run: its game,
// its rules and the seed of its match, which the run must have.
func checkGolden(path string, m *golden.Match, h *results.Header, rec *results.Record) error {
	g := &m.Header
	switch {
	case g.Game != h.Game:
		return badInput("%s: a trace of %s, and the run is of %s", path, g.Game, h.Game)
	case g.RulesHash != h.RulesHash:
		return badInput("%s: a trace of %s under other rules (rules hash %s) than the run's %s (%s)", path, g.Scenario, g.RulesHash, h.Scenario, h.RulesHash)
	case rec == nil:
		return badInput("%s: a trace of match %d, which the run has no record of", path, g.Match)
	case rec.Seed != g.Seed:
		return badInput("%s: a trace of match %d on seed %d; the run's match %d is on seed %d", path, g.Match, g.Seed, g.Match, rec.Seed)
	}
	return nil
}

// readTrace reads a plain trace of the run's match named in its file name.
func readTrace(path string, h *results.Header, records map[int]*results.Record) (*golden.Match, error) {
	if strings.HasSuffix(path, ".gz") {
		return nil, badInput("%s: not a golden file", path)
	}
	name := traceName.FindStringSubmatch(filepath.Base(path))
	if name == nil {
		return nil, badInput("%s: a trace with no header and no match number in its name (match-N.jsonl): its seed is unknown", path)
	}
	n, _ := strconv.Atoi(name[1])
	r := records[n]
	if r == nil {
		return nil, badInput("%s: the run has no record of match %d", path, n)
	}
	f, err := sim.Open(path)
	if err != nil {
		return nil, badInput("%v", err)
	}
	defer f.Close()
	m, err := golden.ParseTrace(traceHeader(h, r), f, path)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return m, nil
}

// lookupAnyGame finds a game by name, as golden and report look games up.
func lookupAnyGame(game string) (sim.AnyGame, error) {
	e, err := lookupGame(game)
	return e.Game, err
}

// version says which arena wrote a page: its module version and revision.
func version() string {
	v, r := provenance()
	if r == "devel" {
		return v
	}
	return v + " " + r
}

// writePage writes an HTML page to the file of an output flag. The page
// is made before the file is touched, and replaces it whole (writeWhole):
// a page that cannot be made or written leaves the file as it was.
func writePage(flag, path string, force bool, p *report.Page) error {
	var page bytes.Buffer
	if err := report.Write(&page, p); err != nil {
		return &exitError{ExitInternal, fmt.Errorf("%s %s: %w", flag, path, err)}
	}
	return writeWhole(flag, path, force, func(w io.Writer) error {
		_, err := w.Write(page.Bytes())
		return err
	})
}
