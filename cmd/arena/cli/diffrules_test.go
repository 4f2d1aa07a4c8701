package cli

import (
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
