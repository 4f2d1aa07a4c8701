package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim/simtest"
)

// courseBots are sixteen Vampires bots: the course's competition day.
var courseBots = []string{"--bots", "strong,greedy,random,strong#2,greedy#2,random#2,greedy#3,random#3," +
	"greedy#4,random#4,greedy#5,random#5,greedy#6,random#6,greedy#7,random#7"}

// TestKnockoutCourseDay: a 16-bot Vampires knockout with the course's
// points runs from one command, the same bytes whatever -j; arena rate
// prints the same report from the file alone.
func TestKnockoutCourseDay(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	one, two := filepath.Join(dir, "j1.jsonl"), filepath.Join(dir, "j2.jsonl")
	args := append([]string{"run", "vampires/duel", "--schedule", "knockout", "--third-place", "--points", "3,2,1,1", "--bootstrap", "0", "-q"}, courseBots...)
	code, stdout, stderr := arena(t, append(args, "-j", "1", "--out", one)...)
	require.Equal(t, ExitOK, code, stderr)
	for _, want := range []string{"knockout of 16 bots, a bracket of 16", "\nround of 16\n", "\nquarter-finals\n", "\nsemi-finals\n", "\nfinal\n", "third place: ", "│ PLACE │"} {
		require.Contains(t, stdout, want)
	}
	require.Equal(t, 8, strings.Count(stdout[strings.Index(stdout, "round of 16"):strings.Index(stdout, "quarter-finals")], "goes through"))
	code, _, stderr = arena(t, append(args, "-j", "2", "--out", two)...)
	require.Equal(t, ExitOK, code, stderr)
	a, err := os.ReadFile(one)
	require.NoError(t, err)
	b, err := os.ReadFile(two)
	require.NoError(t, err)
	require.Equal(t, string(a), string(b))
	require.Contains(t, string(a), `"schedule":"knockout"`)
	require.Contains(t, string(a), `"tiebreak":"higher seed"`)

	code, rated, stderr := arena(t, "rate", one, "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Equal(t, stdout, rated)
}

// TestKnockoutResumes: a knockout cut after some of its games resumes to the
// same bytes as one never stopped.
func TestKnockoutResumes(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.jsonl"), filepath.Join(dir, "cut.jsonl")
	args := append([]string{"run", "coin/duel", "--schedule", "knockout", "--third-place", "--bootstrap", "0", "-q"}, coinField(16)...)
	code, _, stderr := arena(t, append(args, "--out", whole)...)
	require.Equal(t, ExitOK, code, stderr)
	data, err := os.ReadFile(whole)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	require.Greater(t, len(lines), 40)
	for _, keep := range []int{1, 4, 17, 30, len(lines) - 2} { // the header; a round begun; the rounds after; all but the last game
		require.NoError(t, os.WriteFile(cut, []byte(strings.Join(lines[:keep], "")), 0o644))
		code, _, stderr = arena(t, append(args, "--out", cut, "--resume")...)
		require.Equal(t, ExitOK, code, stderr)
		got, err := os.ReadFile(cut)
		require.NoError(t, err)
		require.Equal(t, string(data), string(got), "resumed after %d lines", keep)
	}
}

// TestKnockoutLevelTieEnds: two copies of a deterministic bot are level in
// every leg; the tie ends at its cap, by the rule the output names.
func TestKnockoutLevelTieEnds(t *testing.T) {
	code, stdout, stderr := arena(t, "run", "tron/small", "--schedule", "knockout", "--bots", "stupid,stupid#2", "--tie-cap", "6", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "6 games, level at the cap: stupid#2 goes through as the higher seed")
}

// TestKnockoutSeeding: --seeding order puts the bots' order in the seeds'
// slots; --seeding FILE ranks them by a results file's ratings.
func TestKnockoutSeeding(t *testing.T) {
	simtest.Clockless(t)
	code, stdout, stderr := arena(t, "run", "tron/small", "--schedule", "knockout", "--bots", "straight,stupid,random", "--seeding", "order", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "every seed placed by the ranking given")
	require.Contains(t, stdout, "(1) straight: a bye")

	ratings := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "straight,stupid,random", "--games", "20", "--out", ratings, "-q", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	code, stdout, stderr = arena(t, "run", "tron/small", "--schedule", "knockout", "--bots", "random,stupid,straight", "--seeding", ratings, "--seeded", "1", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "seeds 1 to 1 placed by the ranking given")
}

func TestKnockoutBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tron/ffa4", "--schedule", "knockout", "--bots", "stupid,random,straight"}, "tron/ffa4: heats at tables of 4 seats need 4 to 65536 bots, and there are 3"},
		{[]string{"tron/small", "--schedule", "knockout", "--bots", "stupid"}, "tron/small: a bracket of 2 to 65536 bots, and there are 1"},
		{[]string{"tron/small", "--third-place"}, "--third-place: only a knockout has it (add --schedule knockout)"},
		{[]string{"tron/small", "--schedule", "knockout", "--tie-cap", "3"}, "tron/small: cap: 3 is not an even number from the games (2) to 1000"},
		{[]string{"tron/small", "--schedule", "knockout", "--games", "3"}, "tron/small: games: 3 is not an even number from 2"},
		{[]string{"tron/small", "--schedule", "knockout", "--points", "3,x"}, `--points 3,x: place 2: "x" is not a number`},
		{[]string{"tron/small", "--schedule", "knockout", "--shard", "1/2"}, "--shard: a shard of a knockout's stage writes its records for arena merge: give --out FILE"},
		{[]string{"tron/small", "--schedule", "knockout", "--seeding", "order", "--seeded", "9"}, "--seeded: 9 is not a whole number from 0 to 4"},
		{[]string{"tron/small", "--schedule", "knockout", "--seeding", "/nonexistent.jsonl"}, "/nonexistent.jsonl"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := arena(t, append([]string{"run"}, tc.args...)...)
			require.Equal(t, ExitBadInput, code, "stdout: %s\nstderr: %s", stdout, stderr)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			require.Contains(t, stderr, tc.want)
		})
	}
}

// TestKnockoutCourseScenario: the embedded course day is a knockout from its
// scenario alone: sixteen bots, a third-place tie, the course's points.
func TestKnockoutCourseScenario(t *testing.T) {
	simtest.Clockless(t)
	if testing.Short() {
		t.Skip("the course's scenario: TestKnockoutCourseDay plays the same bracket for the race detector")
	}
	code, stdout, stderr := arena(t, "run", "vampires/course", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "knockout of 16 bots, a bracket of 16; every seed drawn from the run's seed")
	require.Contains(t, stdout, "third place: ")
	rows := tableRows(stdout)
	var points []string
	for _, r := range rows[1:5] {
		points = append(points, r[3])
	}
	require.Equal(t, []string{"3", "2", "1", "1"}, points)
	code, _, stderr = arena(t, "run", "vampires/course", "--schedule", "round-robin")
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "--schedule: vampires/course is a knockout, which has its own schedule")
}

// TestKnockoutOddsOnCoin: coin's bots have known true Elos, from which a
// bracket's title odds are exact (results.DrawOdds over every draw): the
// odds arena estimates from the games of 400 brackets, and the share of
// titles they gave, agree with them within their intervals.
func TestKnockoutOddsOnCoin(t *testing.T) {
	simtest.Clockless(t)
	if testing.Short() {
		t.Skip("400 brackets: a statistical check, which the race detector's pass skips (TestKnockoutCourseDay plays a bracket)")
	}
	elo := []float64{0, 50, 100, 150, 200, 250, 300, 400}
	var specs []string
	for _, e := range elo {
		specs = append(specs, "coin:elo="+strconv.FormatFloat(e, 'f', -1, 64))
	}
	code, stdout, stderr := arena(t, "run", "coin/duel", "--schedule", "knockout", "--bots", strings.Join(specs, ","),
		"--draws", "400", "--format", "json", "-q")
	require.Equal(t, ExitOK, code, stderr)
	var rep struct {
		Finished int `json:"finished"`
		Bots     []struct {
			Bot     string  `json:"bot"`
			Titles  int     `json:"titles"`
			Share   float64 `json:"title_share"`
			ShareLo float64 `json:"title_share_lo"`
			ShareHi float64 `json:"title_share_hi"`
			Odds    float64 `json:"title_odds"`
			OddsLo  float64 `json:"title_odds_lo"`
			OddsHi  float64 `json:"title_odds_hi"`
		} `json:"bots"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.Equal(t, 400, rep.Finished)
	exact := results.DrawOdds(elo, nil, 0, 2, 2+results.KnockoutExtension, 0, nil)
	for _, b := range rep.Bots {
		e := slices.Index(specs, b.Bot)
		require.GreaterOrEqual(t, e, 0, b.Bot)
		const slack = 0.01 // the odds' interval is an approximation: ratings drawn one by one
		require.True(t, b.OddsLo-slack <= exact[e] && exact[e] <= b.OddsHi+slack, "%s: odds %.3f [%.3f, %.3f], exact %.3f", b.Bot, b.Odds, b.OddsLo, b.OddsHi, exact[e])
		require.True(t, b.ShareLo <= exact[e] && exact[e] <= b.ShareHi, "%s: share %.3f [%.3f, %.3f], exact %.3f", b.Bot, b.Share, b.ShareLo, b.ShareHi, exact[e])
	}
}
