package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// tableRows returns the rows of the tables in out: their cells, trimmed.
func tableRows(out string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "│") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "│"), "│") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows = append(rows, cells)
	}
	return rows
}

// TestDiffRulesOfTheSameRules: the same rules play the same games: every
// difference and every interval end is exactly zero.
func TestDiffRulesOfTheSameRules(t *testing.T) {
	code, stdout, stderr := arena(t, "diff-rules", "tron/duel", "--bots", "straight,stupid", "--games", "10")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "tron/duel: A the scenario's rules, B the same rules (the same rules hash)\n10 matches on each side")
	zero := regexp.MustCompile(`^\+0(\.0+)?$`)
	interval := regexp.MustCompile(`^\[\+0(\.0+)?, \+0(\.0+)?\]$`)
	rows := tableRows(stdout)
	require.Len(t, rows, 2+3+2*5, "two headers, 3 overall metrics, 5 for each of the 2 bots")
	for _, r := range rows {
		if r[0] == "OVERALL" || r[0] == "BOT" {
			continue
		}
		n := len(r)
		require.Regexp(t, zero, r[n-2], "%v", r)
		require.Regexp(t, interval, r[n-1], "%v", r)
	}
	require.Contains(t, stdout, "no rank changes (by Elo)")
}

// TestDiffRulesSeesAShorterGame: a Tron board of 50×50 rather than
// 100×100 shortens the games, and the paired interval says so; the gate
// on length fails, the one on faults passes.
func TestDiffRulesSeesAShorterGame(t *testing.T) {
	code, stdout, stderr := arena(t, "diff-rules", "tron/duel", "--bots", "straight,straight", "--games", "20",
		"--b-param", "width=50", "--b-param", "height=50", "--fail-if", "length<-5", "--fail-if", "straight.faults>0")
	require.Equal(t, 1, code, stdout)
	require.Equal(t, "arena: 1 of 2 --fail-if conditions hold\n", stderr)
	var length []string
	for _, r := range tableRows(stdout) {
		if r[0] == "length" {
			length = r
		}
	}
	require.NotNil(t, length, stdout)
	m := regexp.MustCompile(`^\[(-[0-9.]+), (-[0-9.]+)\]$`).FindStringSubmatch(length[4])
	require.NotNil(t, m, "an interval below zero: %v", length)
	require.Contains(t, stdout, "--fail-if length<-5: B − A = ")
	require.Contains(t, stdout, ": fails\n--fail-if straight.faults>0: B − A = 0: passes\n")

	code, _, stderr = arena(t, "diff-rules", "tron/duel", "--bots", "straight,straight", "--games", "4",
		"--b-param", "width=50", "--b-param", "height=50", "--fail-if", "length>0")
	require.Equal(t, 0, code, stderr)
}

func TestDiffRulesBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fail-if", "length=5"}, `--fail-if "length=5": want METRIC>THRESHOLD or METRIC<THRESHOLD`},
		{[]string{"--fail-if", "length>much"}, `--fail-if "length>much": threshold "much" is not a finite number`},
		{[]string{"--fail-if", "score<inf"}, `--fail-if "score<inf": threshold "inf" is not a finite number`},
		{[]string{"--fail-if", "score<-Inf"}, `--fail-if "score<-Inf": threshold "-Inf" is not a finite number`},
		{[]string{"--fail-if", "speed>1"}, `--fail-if "speed>1": unknown metric "speed" (want score, length, faults for the run, or BOT.METRIC with win_rate, score, length, faults, elo)`},
		{[]string{"--fail-if", "random.elo<0"}, `--fail-if "random.elo<0": no bot "random" (the bots: straight, stupid)`},
		{[]string{"--b-param", "width"}, `--b-param "width": want key=value`},
		{[]string{"--b-param", "width=-3"}, "rule set B: param width: -3 is out of range 1..4096"},
		{[]string{"--b-param", "players=3"}, "rule set B: param players: 3, but 2 seats"},
		{[]string{"--games", "0"}, "--games: 0 is not a whole number from 1 to 2147483648"},
	} {
		args := append([]string{"diff-rules", "tron/duel", "--bots", "straight,stupid"}, tc.args...)
		code, _, stderr := arena(t, args...)
		require.Equal(t, 2, code, tc.args)
		require.Equal(t, "arena: "+tc.want+"\n", stderr, tc.args)
	}
}

// TestDiffRulesKeepsBothRuns: --out and --b-out hold the records of run on
// rule set A and on rule set B, byte for byte.
func TestDiffRulesKeepsBothRuns(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	runA, runB := filepath.Join(dir, "run-a.jsonl"), filepath.Join(dir, "run-b.jsonl")
	code, _, stderr := arena(t, "diff-rules", "tron/small", "--bots", "straight,stupid", "--games", "6",
		"--b-param", "width=12", "--out", a, "--b-out", b, "-q")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "6", "--out", runA, "-q")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "6", "--param", "width=12", "--out", runB, "-q")
	require.Equal(t, 0, code, stderr)
	for _, pair := range [][2]string{{a, runA}, {b, runB}} {
		got, err := os.ReadFile(pair[0])
		require.NoError(t, err)
		want, err := os.ReadFile(pair[1])
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), pair[0])
	}
	// An existing file is kept without --force; one file for both is refused.
	code, _, stderr = arena(t, "diff-rules", "tron/small", "--games", "2", "--b-out", b)
	require.Equal(t, ExitBadInput, code)
	require.Equal(t, "arena: --b-out "+b+": the file exists; pass --force to overwrite it\n", stderr)
	code, _, stderr = arena(t, "diff-rules", "tron/small", "--games", "2", "--out", a, "--b-out", a, "--force")
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "--out and --b-out: "+a+" for both")
}

// TestDiffRulesFormats: --format json is one object with the comparison
// and each --fail-if's verdict; csv one row per metric; the exit code is
// the gates' in every format.
func TestDiffRulesFormats(t *testing.T) {
	args := []string{"diff-rules", "tron/small", "--bots", "straight,stupid", "--games", "6", "--b-param", "width=12",
		"--fail-if", "length>1000", "--fail-if", "straight.win_rate<1"}
	code, stdout, stderr := arena(t, append(args, "--format", "json")...)
	require.Equal(t, ExitNegative, code, stderr)
	var rep struct {
		Scenario   string `json:"scenario"`
		RulesHashA string `json:"rules_hash_a"`
		RulesHashB string `json:"rules_hash_b"`
		Matches    int    `json:"matches"`
		Gates      []struct {
			Condition string   `json:"condition"`
			Diff      *float64 `json:"diff"`
			Holds     bool     `json:"holds"`
		} `json:"fail_if"`
		Overall map[string]struct{ A, B *float64 } `json:"overall"`
		Bots    []struct {
			Bot     string                             `json:"bot"`
			Metrics map[string]struct{ Diff *float64 } `json:"metrics"`
		} `json:"bots"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep), stdout)
	require.Equal(t, "tron/small", rep.Scenario)
	require.NotEqual(t, rep.RulesHashA, rep.RulesHashB)
	require.Equal(t, 6, rep.Matches)
	require.Len(t, rep.Gates, 2)
	require.False(t, rep.Gates[0].Holds)
	require.True(t, rep.Gates[1].Holds)
	require.NotNil(t, rep.Overall["length"].A)
	require.Len(t, rep.Bots, 2)
	require.NotNil(t, rep.Bots[0].Metrics["elo"].Diff)

	code, stdout, stderr = arena(t, append(args, "--format", "csv")...)
	require.Equal(t, ExitNegative, code, stderr)
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"bot", "metric", "a", "b", "diff", "lo", "hi", "rounds"}, rows[0])
	require.Len(t, rows, 1+3+2*5)

	code, stdout, _ = arena(t, append(args, "--format", "markdown")...)
	require.Equal(t, ExitNegative, code)
	require.Contains(t, stdout, "| OVERALL |")
	require.Contains(t, stdout, "--fail-if straight.win_rate<1: B − A = ")
}
