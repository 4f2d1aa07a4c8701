package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
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

var diffRulesCommand = &command{
	name:  "diff-rules",
	usage: "diff-rules [SCENARIO|FILE] [--b-param KEY=VALUE...] [--b-scenario FILE] [flags]",
	short: "play the same matches under two rule sets and compare the outcomes",
	long: `Diff-rules plays the tournament of run twice — the same seeds, seats and
bots — under rule set A (the scenario's parameters, with --param) and rule
set B (the same, or those of --b-scenario, with --param then --b-param on
top; with neither, B is A, a check that the comparison finds nothing), and
reports per bot and overall: win rate (matches finished alone in
first place), mean score, mean game length, faults per match and Elo, each
under A and B with the difference B − A and its 95% interval. The
differences are paired by seed: each round's B − A, so the luck of the
seeds cancels out and small effects show; the Elo's interval comes from a
bootstrap of the rounds. Bots whose rank changes are flagged.

--fail-if 'METRIC>THRESHOLD' (or <) makes it a CI gate: it exits 1 when the
point estimate of B − A passes the threshold. METRIC is win_rate, score,
length, faults or elo, for a bot as BOT.METRIC, or score, length or faults
of the whole run; --fail-if may repeat. Exit 0 otherwise.

--out and --b-out keep the match records of A and of B, each a results file
as run writes it (arena rate reads it). --format json prints one object:
the comparison, and the verdict of each --fail-if.`,
	options: func() options { return &diffRulesOptions{} },
	run:     diffRules,
}

type diffRulesOptions struct {
	sel         selection
	games       int
	jobs        int
	bParams     []string
	bScenario   string
	failIf      []string
	out, bOut   string
	force       bool
	format      string
	progress    progressFlags
	moveTimeout time.Duration
}

func (o *diffRulesOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "the master seed (default: the scenario's)")
	intVar(fs, &o.games, "games", "", 0, "games per pair of bots, as run (default: the scenario's)")
	registerJobs(fs, &o.jobs, "")
	fs.StringArrayVar(&o.bParams, "b-param", nil, "a parameter of rule set B: `key=value`, over A's; repeatable")
	fs.StringVar(&o.bScenario, "b-scenario", "", "take rule set B's parameters from this scenario `file` (the same game)")
	fs.StringArrayVar(&o.failIf, "fail-if", nil, "exit 1 when `METRIC>THRESHOLD` (or <) holds for B − A; repeatable")
	fs.StringVarP(&o.out, "out", "o", "", "write rule set A's match records to this JSONL `file`")
	fs.StringVar(&o.bOut, "b-out", "", "write rule set B's match records to this JSONL `file`")
	fs.BoolVar(&o.force, "force", false, "overwrite the output files if they exist")
	fs.StringVarP(&o.format, "format", "f", "table", "report format: table, markdown, csv or json")
	o.progress.register(fs)
	registerMoveTimeout(fs, &o.moveTimeout)
}

// gate is one --fail-if condition.
type gate struct {
	text      string
	bot       string // empty for the whole run
	metric    string
	above     bool // > rather than <
	threshold float64
}

// parseGate reads a --fail-if condition against the entrants.
func parseGate(text string, entrants []string) (gate, error) {
	g := gate{text: text}
	i := strings.IndexAny(text, "<>")
	if i < 0 {
		return g, badInput("--fail-if %q: want METRIC>THRESHOLD or METRIC<THRESHOLD", text)
	}
	lhs, rhs := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+1:])
	g.above = text[i] == '>'
	v, err := strconv.ParseFloat(rhs, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		// inf parses, as 1e999 does not: neither is a threshold any
		// difference can pass.
		return g, badInput("--fail-if %q: threshold %q is not a finite number", text, rhs)
	}
	g.threshold = v
	if slices.Contains(results.OverallMetrics, lhs) {
		g.metric = lhs
		return g, nil
	}
	for _, m := range results.BotMetrics {
		if bot, ok := strings.CutSuffix(lhs, "."+m); ok {
			if !slices.Contains(entrants, bot) {
				return g, badInput("--fail-if %q: no bot %q (the bots: %s)", text, bot, strings.Join(entrants, ", "))
			}
			g.bot, g.metric = bot, m
			return g, nil
		}
	}
	return g, badInput("--fail-if %q: unknown metric %q (want %s for the run, or BOT.METRIC with %s)", text, lhs,
		strings.Join(results.OverallMetrics, ", "), strings.Join(results.BotMetrics, ", "))
}

func diffRules(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*diffRulesOptions)
	if err := checkJobs(o.jobs, 0); err != nil {
		return err
	}
	format, err := results.ParseFormat(o.format)
	if err != nil {
		return badInput("--format: %v", err)
	}
	if err := o.progress.check(); err != nil {
		return err
	}
	if err := checkMoveTimeout(o.moveTimeout); err != nil {
		return err
	}
	if o.out != "" && o.out == o.bOut {
		return badInput("--out and --b-out: %s for both; give each rule set a file of its own", o.out)
	}
	if err := checkNew("--out", o.out, o.force); err != nil {
		return err
	}
	if err := checkNew("--b-out", o.bOut, o.force); err != nil {
		return err
	}
	c, err := o.sel.resolve("diff-rules", args)
	if err != nil {
		return err
	}
	if o.sel.fs.Changed("games") && (o.games < 1 || o.games > scenarios.MaxGames) {
		return badInput("--games: %d is not a whole number from 1 to %d", o.games, scenarios.MaxGames)
	}
	if c.scenario.League != nil || c.scenario.Championship != nil {
		return badInput("diff-rules: %s has its own schedule; diff-rules plays a tournament (give a scenario without league or championship)", c.scenario.Name)
	}
	c.seatPerBot()
	setupA, err := c.setup()
	if err != nil {
		return err
	}
	setupB, describeB, err := o.ruleSetB(c, setupA.Seats())
	if err != nil {
		return err
	}
	entrants := setupA.Entrants()
	var gates []gate
	for _, text := range o.failIf {
		g, err := parseGate(text, entrants)
		if err != nil {
			return err
		}
		gates = append(gates, g)
	}
	games, seed := c.scenario.Games, c.scenario.Seed
	if o.sel.fs.Changed("games") {
		games = o.games
	}
	if o.sel.fs.Changed("seed") {
		seed = o.sel.seed
	}
	plan, err := runner.NewTournamentPlan(setupA.Seats(), len(entrants), games, seed)
	if err != nil {
		return badInput("%s: %v", c.scenario.Name, err)
	}
	side := diffSide{o: o, env: env, plan: plan, scenario: c.scenario.Name, games: games, seed: seed}
	recsA, err := side.play(ctx, "A", setupA, "--out", o.out)
	if err != nil {
		return err
	}
	recsB, err := side.play(ctx, "B", setupB, "--b-out", o.bOut)
	if err != nil {
		return err
	}
	d := results.NewRuleDiff(entrants, seed)
	for i := range recsA {
		if err := d.Add(plan.Match(i, nil).Deal, recsA[i], recsB[i]); err != nil {
			return &exitError{ExitInternal, err}
		}
	}
	rep, err := d.Report()
	if err != nil {
		return &exitError{ExitInternal, err}
	}
	diff := ruleDiffOutput{Scenario: c.scenario.Name, B: describeB, RulesHashA: setupA.RulesHash(), RulesHashB: setupB.RulesHash(), rep: rep}
	diff.judge(gates)
	if err := diff.write(env.stdout, format); err != nil {
		return &exitError{ExitInternal, err}
	}
	return diff.verdict()
}

// ruleSetB configures rule set B: the parameters of --b-scenario or of A's
// scenario, then --param, then --b-param, with A's bots and seats.
func (o *diffRulesOptions) ruleSetB(c *chosen, seats int) (sim.Setup, string, error) {
	sc := c.scenario
	if o.bScenario != "" {
		var err error
		if sc, err = scenarios.LoadFile(o.bScenario); err != nil {
			// The error names the file first: the flag goes before it.
			return nil, "", badInput("--b-scenario %w", err)
		}
		if sc.Game != c.scenario.Game {
			return nil, "", badInput("--b-scenario %s: a %s scenario, and A is %s", o.bScenario, sc.Game, c.scenario.Game)
		}
	}
	flagsA, err := parseParamFlags("--param", o.sel.params)
	if err != nil {
		return nil, "", err
	}
	flagsB, err := parseParamFlags("--b-param", o.bParams)
	if err != nil {
		return nil, "", err
	}
	layers, err := layerParams(sc, c.entry.Game.Info().Map, append(flagsA, flagsB...))
	if err != nil {
		return nil, "", err
	}
	params := layers.Params()
	if _, set := params["players"]; !set {
		params.Set("players", seats)
	}
	st, err := c.entry.Game.SetupSeats(seats, params, c.specs)
	if err != nil {
		return nil, "", badInput("rule set B: %v", err)
	}
	var parts []string
	if o.bScenario != "" {
		parts = append(parts, "the parameters of "+o.bScenario)
	}
	if len(o.bParams) > 0 {
		parts = append(parts, strings.Join(o.bParams, " "))
	}
	if len(parts) == 0 {
		parts = append(parts, "the same rules")
	}
	return st, strings.Join(parts, ", "), nil
}

// diffSide plays the matches of one rule set.
type diffSide struct {
	o        *diffRulesOptions
	env      *env
	plan     runner.Plan
	scenario string
	games    int
	seed     uint64
}

// play plays every match of the plan under setup and returns their records,
// by index; path, when given, keeps them as run's --out does.
func (d diffSide) play(ctx context.Context, name string, setup sim.Setup, flag, path string) ([]*results.Record, error) {
	out, err := openOutFlag(flag, path, d.o.force)
	if err != nil {
		return nil, err
	}
	defer out.close()
	header := &results.Header{
		Type: results.TypeHeader, Format: results.FormatVersion, Game: setup.Game(), Scenario: d.scenario,
		RulesHash: setup.RulesHash(), Params: setup.Params(), Bots: setup.Entrants(), Seats: setup.Seats(),
		Games: d.games, Matches: d.plan.Len(), Seed: d.seed,
	}
	header.Version, header.Revision = provenance()
	if err := out.write(header); err != nil {
		return nil, err
	}
	recs := make([]*results.Record, 0, d.plan.Len())
	cfg := runner.Config{Setup: setup, Plan: d.plan, Scenario: d.scenario, Workers: d.o.jobs,
		MoveTimeout: d.o.moveTimeout, Logs: logsDir(path)}
	if out.f != nil { // each worker encodes the lines it plays
		cfg.NewLocal = func() runner.Local {
			enc := results.NewLineEncoder()
			return func(r *results.Record, line []byte) ([]byte, error) { return enc.AppendRecord(line, r) }
		}
	}
	var prog *progress
	if mode := d.o.progress.mode(isTerminal(d.env.stderr)); mode.on() {
		prog = newProgress(d.env.stderr, nil, 0, mode, time.Now)
		prog.label = "rule set " + name
		cfg.Progress = prog.update
	}
	_, err = runner.Run(ctx, cfg, func(r *results.Record, line []byte) (bool, error) {
		recs = append(recs, r.Clone())
		return false, out.line(line)
	})
	if prog != nil {
		prog.end()
	}
	if err != nil {
		return nil, &exitError{ExitInternal, err}
	}
	if err := out.close(); err != nil {
		return nil, &exitError{ExitInternal, err}
	}
	if len(recs) < d.plan.Len() {
		return nil, &exitError{ExitInterrupted, fmt.Errorf("interrupted after %d of %d matches of rule set %s: nothing to compare", len(recs), d.plan.Len(), name)}
	}
	return recs, nil
}

// ruleDiffOutput is what diff-rules reports: the comparison and the
// verdict of each --fail-if (the JSON of --format json).
type ruleDiffOutput struct {
	Scenario   string        `json:"scenario"`
	B          string        `json:"b"` // what rule set B changes
	RulesHashA string        `json:"rules_hash_a"`
	RulesHashB string        `json:"rules_hash_b"`
	Gates      []gateVerdict `json:"fail_if,omitempty"`
	rep        *results.RuleDiffReport
}

// gateVerdict is one --fail-if and whether it holds.
type gateVerdict struct {
	Condition string   `json:"condition"`
	Diff      *float64 `json:"diff"` // B − A, null when there is none
	Holds     bool     `json:"holds"`
	diff      float64
}

// judge judges each gate on the comparison.
func (d *ruleDiffOutput) judge(gates []gate) {
	for _, g := range gates {
		p := d.rep.Overall[g.metric]
		if g.bot != "" {
			for _, b := range d.rep.Bots {
				if b.Bot == g.bot {
					p = b.Metrics[g.metric]
				}
			}
		}
		holds := (g.above && p.Diff > g.threshold) || (!g.above && p.Diff < g.threshold)
		d.Gates = append(d.Gates, gateVerdict{Condition: g.text, Diff: finiteOrNil(p.Diff), Holds: holds, diff: p.Diff})
	}
}

// verdict is exit 1 when a gate holds.
func (d *ruleDiffOutput) verdict() error {
	failed := 0
	for _, g := range d.Gates {
		if g.Holds {
			failed++
		}
	}
	if failed > 0 {
		return &exitError{ExitNegative, fmt.Errorf("%d of %d --fail-if conditions hold", failed, len(d.Gates))}
	}
	return nil
}

// write writes the report in format f.
func (d *ruleDiffOutput) write(w io.Writer, f results.Format) error {
	switch f {
	case results.FormatJSON:
		return d.writeJSON(w)
	case results.FormatCSV:
		return d.writeCSV(w)
	}
	hashes := "the same rules hash"
	if d.RulesHashA != d.RulesHashB {
		hashes = "rules hash " + d.RulesHashA + " → " + d.RulesHashB
	}
	fmt.Fprintf(w, "%s: A the scenario's rules, B %s (%s)\n%d matches on each side, the same seeds, seats and bots; %d rounds\n\n",
		d.Scenario, d.B, hashes, d.rep.Matches, d.rep.Rounds)
	markdown := f == results.FormatMarkdown
	t := diffTable(w, 1, markdown)
	t.Header("OVERALL", "A", "B", "B − A", "95% CI")
	for _, m := range results.OverallMetrics {
		if err := t.Append(pairedRow(m, d.rep.Overall[m])...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	t = diffTable(w, 2, markdown)
	t.Header("BOT", "METRIC", "A", "B", "B − A", "95% CI")
	for _, b := range d.rep.Bots {
		for _, m := range results.BotMetrics {
			if err := t.Append(append([]any{b.Bot}, pairedRow(m, b.Metrics[m])...)...); err != nil {
				return err
			}
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if markdown {
		fmt.Fprintln(w)
	}
	var moved []string
	for _, b := range d.rep.Bots {
		if b.RankA != b.RankB {
			moved = append(moved, fmt.Sprintf("%s %d → %d", b.Bot, b.RankA, b.RankB))
		}
	}
	if len(moved) > 0 {
		fmt.Fprintf(w, "rank changes (by Elo): %s\n", strings.Join(moved, ", "))
	} else {
		fmt.Fprintln(w, "no rank changes (by Elo)")
	}
	for _, g := range d.Gates {
		verdict := "passes"
		if g.Holds {
			verdict = "fails"
		}
		fmt.Fprintf(w, "--fail-if %s: B − A = %s: %s\n", g.Condition, strconv.FormatFloat(g.diff, 'g', 6, 64), verdict)
	}
	return nil
}

// pairedJSON is one metric in the JSON report; null for what is not a
// number (an interval of fewer than two rounds).
type pairedJSON struct {
	A      *float64 `json:"a"`
	B      *float64 `json:"b"`
	Diff   *float64 `json:"diff"`
	Lo     *float64 `json:"lo"`
	Hi     *float64 `json:"hi"`
	Rounds int      `json:"rounds"`
}

func pairedOf(p results.Paired) pairedJSON {
	return pairedJSON{finiteOrNil(p.A), finiteOrNil(p.B), finiteOrNil(p.Diff), finiteOrNil(p.Lo), finiteOrNil(p.Hi), p.Rounds}
}

func finiteOrNil(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// writeJSON writes the report as one indented object.
func (d *ruleDiffOutput) writeJSON(w io.Writer) error {
	type botJSON struct {
		Bot     string                `json:"bot"`
		RankA   int                   `json:"rank_a"`
		RankB   int                   `json:"rank_b"`
		Metrics map[string]pairedJSON `json:"metrics"`
	}
	overall := map[string]pairedJSON{}
	for m, p := range d.rep.Overall {
		overall[m] = pairedOf(p)
	}
	bots := make([]botJSON, 0, len(d.rep.Bots))
	for _, b := range d.rep.Bots {
		metrics := map[string]pairedJSON{}
		for m, p := range b.Metrics {
			metrics[m] = pairedOf(p)
		}
		bots = append(bots, botJSON{b.Bot, b.RankA, b.RankB, metrics})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		*ruleDiffOutput
		Matches int                   `json:"matches"`
		Rounds  int                   `json:"rounds"`
		Overall map[string]pairedJSON `json:"overall"`
		Bots    []botJSON             `json:"bots"`
	}{d, d.rep.Matches, d.rep.Rounds, overall, bots})
}

// writeCSV writes one row per metric: the bot (empty for the whole run),
// the metric, A, B, B − A and the interval's ends, plain numbers (empty
// when none). The --fail-if verdicts are not rows: the exit code says.
func (d *ruleDiffOutput) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"bot", "metric", "a", "b", "diff", "lo", "hi", "rounds"})
	row := func(bot, m string, p results.Paired) {
		cell := func(x float64) string {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return ""
			}
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		_ = cw.Write([]string{bot, m, cell(p.A), cell(p.B), cell(p.Diff), cell(p.Lo), cell(p.Hi), strconv.Itoa(p.Rounds)})
	}
	for _, m := range results.OverallMetrics {
		row("", m, d.rep.Overall[m])
	}
	for _, b := range d.rep.Bots {
		for _, m := range results.BotMetrics {
			row(b.Bot, m, b.Metrics[m])
		}
	}
	cw.Flush()
	return cw.Error()
}

// diffTable returns a table of left text columns, then four right-aligned
// numbers' columns; a Markdown one for --format markdown.
func diffTable(w io.Writer, left int, markdown bool) *tablewriter.Table {
	align := make(tw.Alignment, 0, left+4)
	for range left {
		align = append(align, tw.AlignLeft)
	}
	for range 4 {
		align = append(align, tw.AlignRight)
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off), // it would respace "95% CI"
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	return tablewriter.NewTable(w, opts...)
}

// pairedRow returns a table row of one metric: name, A, B, B − A, interval.
func pairedRow(metric string, p results.Paired) []any {
	digits := map[string]int{results.MetricWinRate: 3, results.MetricFaults: 3, results.MetricScore: 2, results.MetricLength: 1, results.MetricElo: 1}[metric]
	num := func(x float64, sign bool) string {
		if math.IsNaN(x) {
			return "-"
		}
		if x == 0 {
			x = 0 // no -0
		}
		s := strconv.FormatFloat(x, 'f', digits, 64)
		if sign && x >= 0 {
			s = "+" + s
		}
		return s
	}
	ci := "-"
	if !math.IsNaN(p.Lo) {
		ci = "[" + num(p.Lo, true) + ", " + num(p.Hi, true) + "]"
	}
	return []any{metric, num(p.A, false), num(p.B, false), num(p.Diff, true), ci}
}
