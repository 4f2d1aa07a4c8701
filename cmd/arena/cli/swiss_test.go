package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim/simtest"
)

// coinField returns --bot flags of n coin bots of true Elos spread from
// −300 up, 20 apart: a field whose games are decided at once.
func coinField(n int) []string {
	var args []string
	for i := range n {
		args = append(args, "--bot", fmt.Sprintf("coin:elo=%d", 20*i-300))
	}
	return args
}

// readSwissFile returns a results file's header and records.
func readSwissFile(t *testing.T, path string) (results.Header, []results.Record) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var h results.Header
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &h))
	var recs []results.Record
	for _, l := range lines[1:] {
		var r results.Record
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		recs = append(recs, r)
	}
	return h, recs
}

// TestSwissThirtyBots: a 30-bot coin Swiss of 6 rounds pairs no two bots
// twice, seats every bot first in half its games, writes the same bytes
// whatever -j; arena rate prints the same report from the file alone.
func TestSwissThirtyBots(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	one, two := filepath.Join(dir, "j1.jsonl"), filepath.Join(dir, "j2.jsonl")
	args := append([]string{"run", "coin/duel", "--schedule", "swiss", "--rounds", "6", "--bootstrap", "0", "-q"}, coinField(30)...)
	code, stdout, stderr := arena(t, append(args, "-j", "1", "--out", one)...)
	require.Equal(t, ExitOK, code, stderr)
	for _, want := range []string{"swiss of 30 bots, 6 rounds, dutch-like pairing", "│ RANK │", "│ BUCHHOLZ │", "R6", "the standings of every game:"} {
		require.Contains(t, stdout, want)
	}
	code, _, stderr = arena(t, append(args, "-j", "2", "--out", two)...)
	require.Equal(t, ExitOK, code, stderr)
	a, err := os.ReadFile(one)
	require.NoError(t, err)
	b, err := os.ReadFile(two)
	require.NoError(t, err)
	require.Equal(t, string(a), string(b))
	require.Contains(t, string(a), `"schedule":"swiss"`)

	h, recs := readSwissFile(t, one)
	require.Equal(t, 6*15*2, h.Matches)
	require.Len(t, recs, h.Matches)
	met := map[[2]string]int{} // a pairing → its round
	first := map[string]int{}
	for i, r := range recs {
		round := i / 30
		first[r.Bots[0]]++
		pair := [2]string{min(r.Bots[0], r.Bots[1]), max(r.Bots[0], r.Bots[1])}
		if was, ok := met[pair]; ok {
			require.Equal(t, round, was, "%s and %s meet in rounds %d and %d", pair[0], pair[1], was+1, round+1)
		}
		met[pair] = round
	}
	require.Len(t, met, 6*15)
	require.Len(t, first, 30)
	for bot, n := range first {
		require.Equal(t, 6, n, "%s's first seats", bot)
	}

	code, rated, stderr := arena(t, "rate", one, "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Equal(t, stdout, rated)
}

// TestSwissOddField: in a field of 31, one bot a round has a bye, none
// twice; the JSON report lists it as a round without opponents.
func TestSwissOddField(t *testing.T) {
	simtest.Clockless(t)
	args := append([]string{"run", "coin/duel", "--schedule", "swiss", "--rounds", "6", "--bootstrap", "0", "--format", "json"}, coinField(31)...)
	code, stdout, stderr := arena(t, args...)
	require.Equal(t, ExitOK, code, stderr)
	var rep results.SwissReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.True(t, rep.Finished)
	byes := 0
	for _, l := range rep.Table {
		mine := 0
		for _, r := range l.Rounds {
			if len(r.Opponents) == 0 {
				mine++
				require.Equal(t, 2.0, r.Points)
			}
		}
		require.LessOrEqual(t, mine, 1, l.Bot)
		require.Equal(t, 2*(6-mine), l.Games, l.Bot)
		byes += mine
	}
	require.Equal(t, 6, byes)
}

// TestSwissResumes: a Swiss cut after some of its games resumes to the
// same bytes as one never stopped.
func TestSwissResumes(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.jsonl"), filepath.Join(dir, "cut.jsonl")
	args := append([]string{"run", "coin/duel", "--schedule", "swiss", "--bootstrap", "0", "-q"}, coinField(11)...)
	code, _, stderr := arena(t, append(args, "--out", whole)...)
	require.Equal(t, ExitOK, code, stderr)
	data, err := os.ReadFile(whole)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	require.Equal(t, 1+5*5*2+1, len(lines))                        // the header, 5 rounds of 5 pairings, the empty tail
	for _, keep := range []int{1, 4, 11, 12, 37, len(lines) - 2} { // the header; a round begun; one round whole; a game into round 2; round 4 begun; all but the last game
		require.NoError(t, os.WriteFile(cut, []byte(strings.Join(lines[:keep], "")), 0o644))
		code, _, stderr = arena(t, append(args, "--out", cut, "--resume")...)
		require.Equal(t, ExitOK, code, stderr)
		got, err := os.ReadFile(cut)
		require.NoError(t, err)
		require.Equal(t, string(data), string(got), "resumed after %d lines", keep)
	}
}

// TestSwissTables: a four-seat Swiss of 10 bots cuts tables of four, two
// bots sitting out a round, and rates to the same report.
func TestSwissTables(t *testing.T) {
	simtest.Clockless(t)
	out := filepath.Join(t.TempDir(), "ffa.jsonl")
	args := append([]string{"run", "coin/ffa4", "--schedule", "swiss", "--rounds", "3", "--bootstrap", "0", "-q", "--out", out}, coinField(10)...)
	code, stdout, stderr := arena(t, args...)
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "tables of 4 seats, 4 games a round")
	require.Equal(t, 6, strings.Count(stdout, "bye 12"), stdout)
	h, recs := readSwissFile(t, out)
	require.Equal(t, 3*2*4, h.Matches)
	require.Len(t, recs, h.Matches)
	code, rated, stderr := arena(t, "rate", out, "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Equal(t, stdout, rated)
}

func TestSwissBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"coin/duel", "--schedule", "swiss", "--bot", "coin"}, "coin/duel: 1 bots for tables of 2 seats; a Swiss needs from 2 to"},
		{append([]string{"coin/ffa4", "--schedule", "swiss"}, coinField(3)...), "coin/ffa4: 3 bots for tables of 4 seats"},
		{[]string{"coin/duel", "--schedule", "swiss", "--rounds", "0"}, "coin/duel: rounds: 0 is not a whole number from 1 to 1 for 3 bots"},
		{append([]string{"coin/duel", "--schedule", "swiss", "--rounds", "6"}, coinField(10)...), "coin/duel: rounds: 6 is not a whole number from 1 to 5 for 10 bots (half the bots: beyond, a round can have no pairing free of rematches)"},
		{[]string{"coin/duel", "--schedule", "swiss", "--games", "3"}, "coin/duel: games: 3 is not a multiple of the 2 seats from 2 to 1000"},
		{[]string{"coin/duel", "--schedule", "swiss", "--shard", "1/2"}, "--shard: a shard of a Swiss's stage writes its records for arena merge: give --out FILE"},
		{[]string{"coin/duel", "--rounds", "3"}, "--rounds: only a Swiss has rounds (add --schedule swiss)"},
		{[]string{"coin/duel", "--schedule", "swis"}, "choices: round-robin, gauntlet, championship, knockout, swiss"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := arena(t, append([]string{"run"}, tc.args...)...)
			require.Equal(t, ExitBadInput, code, "stdout: %s\nstderr: %s", stdout, stderr)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			require.Contains(t, stderr, tc.want)
		})
	}
}
