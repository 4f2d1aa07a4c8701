package cli

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
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
of the whole run; --fail-if may repeat. Exit 0 otherwise.`,
	options: func() options { return &diffRulesOptions{} },
	run:     diffRules,
}

type diffRulesOptions struct {
	sel       selection
	games     int
	jobs      int
	bParams   []string
	bScenario string
	failIf    []string
}

func (o *diffRulesOptions) register(fs *pflag.FlagSet) {
	o.sel.register(fs, "the master seed (default: the scenario's)")
	intVar(fs, &o.games, "games", "", 0, "games per pair of bots, as run (default: the scenario's)")
	intVar(fs, &o.jobs, "jobs", "j", 0, "matches played at once (default: one per core)")
	fs.StringArrayVar(&o.bParams, "b-param", nil, "a parameter of rule set B: `key=value`, over A's; repeatable")
	fs.StringVar(&o.bScenario, "b-scenario", "", "take rule set B's parameters from this scenario `file` (the same game)")
	fs.StringArrayVar(&o.failIf, "fail-if", nil, "exit 1 when `METRIC>THRESHOLD` (or <) holds for B − A: METRIC is win_rate, score, length, faults or elo, BOT.METRIC for a bot; repeatable")
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
	recsA, err := playAll(ctx, setupA, plan, c.scenario.Name, o.jobs)
	if err != nil {
		return err
	}
	recsB, err := playAll(ctx, setupB, plan, c.scenario.Name, o.jobs)
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
	hashes := "the same rules hash"
	if a, b := setupA.RulesHash(), setupB.RulesHash(); a != b {
		hashes = "rules hash " + a + " → " + b
	}
	fmt.Fprintf(env.stdout, "%s: A the scenario's rules, B %s (%s)\n%d matches on each side, the same seeds, seats and bots; %d rounds\n\n",
		c.scenario.Name, describeB, hashes, rep.Matches, rep.Rounds)
	if err := printRuleDiff(env, rep); err != nil {
		return &exitError{ExitInternal, err}
	}
	return judgeGates(env, rep, gates)
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

// playAll plays every match of a plan and returns their records, by index.
func playAll(ctx context.Context, setup sim.Setup, plan runner.Plan, scenario string, jobs int) ([]*results.Record, error) {
	recs := make([]*results.Record, 0, plan.Len())
	cfg := runner.Config{Setup: setup, Plan: plan, Scenario: scenario, Workers: jobs}
	_, err := runner.Run(ctx, cfg, runner.Each(func(r *results.Record) error {
		c := *r
		c.Bots, c.Scores, c.Places, c.Faults = slices.Clone(r.Bots), slices.Clone(r.Scores), slices.Clone(r.Places), slices.Clone(r.Faults)
		recs = append(recs, &c)
		return nil
	}))
	if err != nil {
		return nil, err
	}
	if len(recs) < plan.Len() {
		return nil, &exitError{ExitInterrupted, fmt.Errorf("interrupted after %d of %d matches: nothing to compare", len(recs), plan.Len())}
	}
	return recs, nil
}

// printRuleDiff writes the overall and per-bot tables.
func printRuleDiff(env *env, rep *results.RuleDiffReport) error {
	t := diffTable(env, 1)
	t.Header("OVERALL", "A", "B", "B − A", "95% CI")
	for _, m := range results.OverallMetrics {
		if err := t.Append(pairedRow(m, rep.Overall[m])...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintln(env.stdout)
	t = diffTable(env, 2)
	t.Header("BOT", "METRIC", "A", "B", "B − A", "95% CI")
	for _, b := range rep.Bots {
		for _, m := range results.BotMetrics {
			if err := t.Append(append([]any{b.Bot}, pairedRow(m, b.Metrics[m])...)...); err != nil {
				return err
			}
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	var moved []string
	for _, b := range rep.Bots {
		if b.RankA != b.RankB {
			moved = append(moved, fmt.Sprintf("%s %d → %d", b.Bot, b.RankA, b.RankB))
		}
	}
	if len(moved) > 0 {
		fmt.Fprintf(env.stdout, "rank changes (by Elo): %s\n", strings.Join(moved, ", "))
	} else {
		fmt.Fprintln(env.stdout, "no rank changes (by Elo)")
	}
	return nil
}

// diffTable returns a table of left text columns, then four right-aligned
// numbers' columns.
func diffTable(env *env, left int) *tablewriter.Table {
	align := make(tw.Alignment, 0, left+4)
	for range left {
		align = append(align, tw.AlignLeft)
	}
	for range 4 {
		align = append(align, tw.AlignRight)
	}
	return tablewriter.NewTable(env.stdout,
		tablewriter.WithHeaderAutoFormat(tw.Off), // it would respace "95% CI"
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}))
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

// judgeGates reports each --fail-if and exits 1 when one holds.
func judgeGates(env *env, rep *results.RuleDiffReport, gates []gate) error {
	failed := 0
	for _, g := range gates {
		p := rep.Overall[g.metric]
		if g.bot != "" {
			for _, b := range rep.Bots {
				if b.Bot == g.bot {
					p = b.Metrics[g.metric]
				}
			}
		}
		holds := (g.above && p.Diff > g.threshold) || (!g.above && p.Diff < g.threshold)
		verdict := "passes"
		if holds {
			verdict, failed = "fails", failed+1
		}
		fmt.Fprintf(env.stdout, "--fail-if %s: B − A = %s: %s\n", g.text, strconv.FormatFloat(p.Diff, 'g', 6, 64), verdict)
	}
	if failed > 0 {
		return &exitError{ExitNegative, fmt.Errorf("%d of %d --fail-if conditions hold", failed, len(gates))}
	}
	return nil
}
