package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var benchCommand = &command{
	name:  "bench",
	usage: "bench [SCENARIO|FILE] [flags]",
	short: "measure throughput per game and how it scales with -j",
	long: `Bench measures how fast arena plays. For each game it plays the default
scenario as a tournament, through the runner of arena run, for --time on
one worker and again on -j workers, then prints a line per measurement:
GAMES/S and TURNS/S (per second of wall time), NS/TURN (what a turn costs
one worker), ALLOCS/TURN (the whole process's heap allocations per turn),
PEAK HEAP MB, SPEEDUP (turns/s on -j workers ÷ on one) and VS BARE (turns/s
÷ those of a bare loop playing the same matches: the share of the engine's
and bots' speed the runner keeps). A last line sums up the scaling.

The bots are the scenario's, except where those would measure a bot's
search rather than the game: Tron plays stupid against stupid, Vampires
greedy against greedy. SCENARIO or --game measures one game; --bots and
--bot replace the bots. Each measurement plays the same matches, from the
scenario's seed (or --seed); only how many it finishes depends on the
machine. The figures belong to the machine and the moment: compare figures
of one machine, taken in one sitting. docs/cli.md explains each column.`,
	options: func() options { return &benchOptions{} },
	run:     runBench,
}

// defaultBenchTime is how long a measurement plays unless --time says: long
// enough for many batches of the longest default match, short enough for
// all the games on two worker counts to take a few seconds.
const defaultBenchTime = 1500 * time.Millisecond

type benchOptions struct {
	sel    selection
	time   time.Duration
	jobs   int
	format string
}

func (o *benchOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "master seed of every measurement (default: the scenario's)")
	fs.DurationVar(&o.time, "time", defaultBenchTime, "how long each measurement plays, a `duration` such as 200ms or 5s")
	registerJobs(fs, &o.jobs, " in the second measurement, compared with one; 1: one measurement")
	fs.StringVarP(&o.format, "format", "f", "table", "table, markdown, csv or json")
}

func runBench(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*benchOptions)
	format, err := results.ParseFormat(o.format)
	if err != nil {
		return badInput("--format: %v", err)
	}
	if o.time <= 0 {
		return badInput("--time: %v is not a positive duration", o.time)
	}
	if err := checkJobs(o.jobs, 0); err != nil {
		return err
	}
	cases, err := o.cases(args)
	if err != nil {
		return err
	}
	jobs := o.jobs
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	workers := []int{1}
	if jobs > 1 {
		workers = append(workers, jobs)
	}
	rep := &benchReport{
		Seconds: o.time.Seconds(), Procs: runtime.GOMAXPROCS(0),
		Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
	}
	progress := isTerminal(env.stderr)
	failed := 0
	for k, c := range cases {
		var base float64
		for _, w := range workers {
			if progress {
				fmt.Fprintf(raw(env.stderr), "\rbench: %s on %d worker(s), %d of %d\x1b[K", printable(c.scenario), w, k+1, len(cases))
			}
			// On one worker, the bare loop is measured for half the time
			// before the runner and half after, so that a machine whose
			// load drifts weighs on both alike.
			var before, after float64
			var err error
			if w == 1 {
				before, err = c.measureBare(ctx, o.time/2)
			}
			var m benchLine
			if err == nil && ctx.Err() == nil {
				m, err = c.measure(ctx, w, o.time)
			}
			if err == nil && ctx.Err() == nil && w == 1 {
				after, err = c.measureBare(ctx, o.time/2)
			}
			if err != nil {
				return &exitError{ExitInternal, err}
			}
			if ctx.Err() != nil {
				return benchInterrupted(env, rep, format, progress)
			}
			if w == 1 {
				base = m.TurnsPerSec
				m.BareTurnsPerSec = (before + after) / 2
				if m.BareTurnsPerSec > 0 {
					m.VsBare = m.TurnsPerSec / m.BareTurnsPerSec
				}
			}
			if base > 0 {
				m.Speedup = m.TurnsPerSec / base
			}
			failed += m.failed
			rep.Lines = append(rep.Lines, m)
		}
	}
	if progress {
		fmt.Fprint(raw(env.stderr), "\r\x1b[K")
	}
	if err := rep.write(env.stdout, format); err != nil {
		return &exitError{ExitInternal, err}
	}
	if failed > 0 {
		return &exitError{ExitInternal, fmt.Errorf("%d matches failed with an engine error; arena run on the same scenario keeps their seeds", failed)}
	}
	return nil
}

// benchInterrupted prints the measurements finished before Ctrl-C and
// returns exit code 130.
func benchInterrupted(env *env, rep *benchReport, format results.Format, progress bool) error {
	if progress {
		fmt.Fprintln(env.stderr)
	}
	if len(rep.Lines) > 0 {
		if err := rep.write(env.stdout, format); err != nil {
			return &exitError{ExitInternal, err}
		}
	}
	fmt.Fprintf(env.stderr, "arena: interrupted after %d measurements; the one in progress is not shown\n", len(rep.Lines))
	return &exitError{code: ExitInterrupted}
}

// benchCase is one line-up to measure.
type benchCase struct {
	scenario string
	setup    sim.Setup
	plan     runner.Plan // far more matches than a measurement plays
}

// cases resolves what to measure: the scenario given, --game's default, or
// the default scenario of every game.
func (o *benchOptions) cases(args []string) ([]benchCase, error) {
	sel := [][]string{args}
	if len(args) == 0 && o.sel.game == "" {
		if len(o.sel.bots)+len(o.sel.bot)+len(o.sel.params) > 0 {
			return nil, badInput("bench: --bots, --bot and --param belong to one game: add --game or a scenario")
		}
		sel = nil
		for _, e := range scenarios.Entries() {
			sel = append(sel, []string{e.DefaultScenario})
		}
	}
	var cases []benchCase
	for _, a := range sel {
		c, err := o.sel.resolve("bench", a)
		if err != nil {
			return nil, err
		}
		if bots := benchBots(c.scenario.Game); bots != nil && !c.flagBots {
			c.specs, c.specFrom, c.botsFrom = nil, nil, "bench's "+c.scenario.Game+" bots"
			for _, name := range bots {
				c.specs = append(c.specs, sim.BotSpec{Name: name})
			}
		}
		setup, err := c.setup()
		if err != nil {
			return nil, err
		}
		seed := c.scenario.Seed
		if o.sel.fs.Changed("seed") {
			seed = o.sel.seed
		}
		plan, err := runner.NewTournamentPlan(setup.Seats(), len(setup.Entrants()), scenarios.MaxGames, seed)
		if err != nil {
			return nil, badInput("%s: %v", c.scenario.Name, err)
		}
		cases = append(cases, benchCase{scenario: c.scenario.Name, setup: setup, plan: plan})
	}
	return cases, nil
}

// measure plays the case's tournament on the given number of workers until
// the first record handed on after d, and returns what it measured. A
// cancelled ctx returns a partial measurement; the caller checks ctx.
func (c *benchCase) measure(ctx context.Context, workers int, d time.Duration) (benchLine, error) {
	m := benchLine{Scenario: c.scenario, Game: c.setup.Game(), Bots: c.setup.Entrants()}
	runtime.GC() // so that the last measurement's garbage is not this one's peak
	heap := startHeapPeak()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	mallocsBefore, mallocs := mem.Mallocs, uint64(0)

	run, cancel := context.WithCancel(ctx)
	defer cancel()
	var expired atomic.Bool
	timer := time.AfterFunc(d, func() { expired.Store(true) })
	defer timer.Stop()
	var elapsed time.Duration
	done := false
	start := time.Now()
	// The clock stops at the first record after d, never before one: a match
	// longer than d still counts once.
	end := func() {
		elapsed = time.Since(start)
		runtime.ReadMemStats(&mem)
		mallocs = mem.Mallocs - mallocsBefore
		done = true
	}
	cfg := runner.Config{Setup: c.setup, Plan: c.plan, Scenario: c.scenario, Workers: workers}
	sum, err := runner.Run(run, cfg, runner.Each(func(r *results.Record) error {
		if done {
			return nil // handed on after the stop: not measured
		}
		m.Games++
		m.Turns += r.Turns
		if r.Error != "" {
			m.failed++
		}
		if expired.Load() {
			end()
			cancel()
		}
		return nil
	}))
	if !done {
		end() // the plan ran out first, or ctx was cancelled
	}
	peak := heap.stop()
	if err != nil {
		return m, fmt.Errorf("bench %s: %w", c.scenario, err)
	}
	m.Workers = sum.Workers
	m.Seconds = elapsed.Seconds()
	m.PeakHeapMB = float64(peak) / 1e6
	if m.Seconds > 0 {
		m.GamesPerSec = float64(m.Games) / m.Seconds
		m.TurnsPerSec = float64(m.Turns) / m.Seconds
	}
	if m.Turns > 0 {
		m.NsPerTurn = float64(elapsed.Nanoseconds()) * float64(m.Workers) / float64(m.Turns)
		m.AllocsPerTurn = float64(mallocs) / float64(m.Turns)
	}
	return m, nil
}

// measureBare plays the case's matches in a bare loop — one table on this
// goroutine, no runner, no records, no standings — for d, and returns its
// turns per second: the engine's and the bots' own speed, which the
// runner's is compared with (its share is what the bookkeeping leaves).
func (c *benchCase) measureBare(ctx context.Context, d time.Duration) (float64, error) {
	table := c.setup.NewTable()
	defer table.Close()
	seating := make([]int, c.plan.Seats())
	runtime.GC()
	turns, start := 0, time.Now()
	for i := 0; ; i++ {
		p := c.plan.Match(i, seating)
		res := table.Play(ctx, p.Seed, p.Seating) // a failed match counts its turns: the runner's measurement reports it
		turns += res.Turns
		if el := time.Since(start); el >= d || ctx.Err() != nil {
			return float64(turns) / el.Seconds(), nil
		}
	}
}

// heapPeak samples the bytes held by heap objects every 10 ms and keeps
// the most seen. runtime/metrics reads them without stopping the world, as
// runtime.ReadMemStats would.
type heapPeak struct {
	quit chan struct{}
	done chan uint64
}

// heapObjects is the runtime metric of the bytes in heap objects, live or
// not yet swept.
const heapObjects = "/memory/classes/heap/objects:bytes"

func startHeapPeak() *heapPeak {
	h := &heapPeak{quit: make(chan struct{}), done: make(chan uint64)}
	go func() {
		sample := []metrics.Sample{{Name: heapObjects}}
		var most uint64
		read := func() {
			metrics.Read(sample)
			most = max(most, sample[0].Value.Uint64())
		}
		read()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				read()
			case <-h.quit:
				read()
				h.done <- most
				return
			}
		}
	}()
	return h
}

// stop ends the sampling and returns the peak in bytes.
func (h *heapPeak) stop() uint64 {
	close(h.quit)
	return <-h.done
}

// benchReport is everything bench prints.
type benchReport struct {
	Seconds float64     `json:"seconds_per_measurement"` // --time
	Procs   int         `json:"gomaxprocs"`
	Go      string      `json:"go"` // version and platform
	Lines   []benchLine `json:"measurements"`
}

// benchLine is one measurement.
type benchLine struct {
	Scenario      string   `json:"scenario"`
	Game          string   `json:"game"`
	Bots          []string `json:"bots"`
	Workers       int      `json:"workers"`
	Games         int      `json:"games"`
	Turns         int      `json:"turns"`
	Seconds       float64  `json:"seconds"` // until the first record after --time
	GamesPerSec   float64  `json:"games_per_s"`
	TurnsPerSec   float64  `json:"turns_per_s"`
	NsPerTurn     float64  `json:"ns_per_turn"` // worker time: seconds × workers ÷ turns
	AllocsPerTurn float64  `json:"allocs_per_turn"`
	PeakHeapMB    float64  `json:"peak_heap_mb"` // heap objects, 10⁶ bytes
	Speedup       float64  `json:"speedup"`      // turns/s ÷ turns/s of the same scenario on one worker
	// One worker only: the turns per second of the same matches in a bare
	// loop (no runner, no records), and the runner's share of that speed.
	BareTurnsPerSec float64 `json:"bare_turns_per_s,omitempty"`
	VsBare          float64 `json:"vs_bare,omitempty"`
	failed          int
}

func (r *benchReport) write(w io.Writer, f results.Format) error {
	switch f {
	case results.FormatTable, results.FormatMarkdown:
		return r.writeTable(w, f)
	case results.FormatCSV:
		return r.writeCSV(w)
	case results.FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return fmt.Errorf("unknown format %v", f)
}

// writeTable renders the measurements in the standings' table style, then
// what they are and the -j scaling.
func (r *benchReport) writeTable(w io.Writer, f results.Format) error {
	var rend tw.Renderer = renderer.NewBlueprint()
	gap := ""
	if f == results.FormatMarkdown {
		rend, gap = renderer.NewMarkdown(), "\n" // Markdown needs a blank line after a table
	}
	align := tw.Alignment{tw.AlignLeft, tw.AlignLeft}
	for range 9 {
		align = append(align, tw.AlignRight)
	}
	table := tablewriter.NewTable(w,
		tablewriter.WithRenderer(rend),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	)
	table.Header([]string{"SCENARIO", "BOTS", "-J", "GAMES", "GAMES/S", "TURNS/S", "VS BARE", "NS/TURN", "ALLOCS/TURN", "PEAK HEAP MB", "SPEEDUP"})
	for _, m := range r.Lines {
		speedup, vs := "", ""
		if m.Workers > 1 {
			speedup = "×" + strconv.FormatFloat(m.Speedup, 'f', 2, 64)
		}
		if m.BareTurnsPerSec > 0 {
			vs = strconv.FormatFloat(m.VsBare, 'f', 2, 64) + " of " + siFormat(m.BareTurnsPerSec)
		}
		row := []string{
			m.Scenario, strings.Join(m.Bots, ","), strconv.Itoa(m.Workers), strconv.Itoa(m.Games),
			siFormat(m.GamesPerSec), siFormat(m.TurnsPerSec), vs, sigFormat(m.NsPerTurn), sigFormat(m.AllocsPerTurn),
			strconv.FormatFloat(m.PeakHeapMB, 'f', 1, 64), speedup,
		}
		if err := table.Append(row); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s%s s per measurement, GOMAXPROCS %d, %s; VS BARE is the runner's turns/s on one worker against a bare loop of the same matches (no runner, no records); NS/TURN is worker time, PEAK HEAP MB the heap's objects (not the RSS)\n%s",
		gap, strconv.FormatFloat(r.Seconds, 'f', -1, 64), r.Procs, r.Go, r.scaling())
	return err
}

// scaling returns the line that sums up the speedups, or nothing when
// every measurement had one worker.
func (r *benchReport) scaling() string {
	var parts []string
	workers := 0
	for _, m := range r.Lines {
		if m.Workers > 1 {
			workers = m.Workers
			parts = append(parts, fmt.Sprintf("%s ×%.2f", m.Scenario, m.Speedup))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("turns/s on -j %d against -j 1: %s\n", workers, strings.Join(parts, ", "))
}

func (r *benchReport) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"scenario", "game", "bots", "workers", "games", "turns", "seconds",
		"games_per_s", "turns_per_s", "ns_per_turn", "allocs_per_turn", "peak_heap_mb", "speedup", "bare_turns_per_s", "vs_bare"}
	if err := cw.Write(header); err != nil {
		return err
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, m := range r.Lines {
		row := []string{
			m.Scenario, m.Game, strings.Join(m.Bots, ","), strconv.Itoa(m.Workers), strconv.Itoa(m.Games),
			strconv.Itoa(m.Turns), num(m.Seconds), num(m.GamesPerSec), num(m.TurnsPerSec), num(m.NsPerTurn),
			num(m.AllocsPerTurn), num(m.PeakHeapMB), num(m.Speedup), num(m.BareTurnsPerSec), num(m.VsBare),
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// siFormat writes a rate with three significant digits and a k or M
// suffix: 2.51M, 221k, 987.
func siFormat(v float64) string {
	switch { // from 999.5 up, three digits round to the next unit
	case v >= 999.5e6:
		return sigFormat(v/1e9) + "G"
	case v >= 999.5e3:
		return sigFormat(v/1e6) + "M"
	case v >= 999.5:
		return sigFormat(v/1e3) + "k"
	}
	return sigFormat(v)
}

// sigFormat writes v with three significant digits (1.30, 49.0, 0.0248),
// or as a whole number from 100 up.
func sigFormat(v float64) string {
	switch { // the thresholds are where rounding adds a digit
	case v >= 99.95 || v == 0:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 9.995:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case v >= 0.9995:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// benchBots returns the bots bench plays on game when none are given (its
// registry entry's BenchBots), or nil for the scenario's own.
func benchBots(game string) []string {
	e, _ := lookupGame(game)
	return e.BenchBots
}
