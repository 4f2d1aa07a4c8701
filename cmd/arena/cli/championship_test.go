package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
)

// championship are the flags of a small championship: 12 teams of Tron
// bots at tables of 6 on a 12×12 board, 3 days (2 tables a day) and 2
// finals: 8 matches. Without intervals, which on so few games can take
// seconds to compute.
var championship = []string{"run", "--game", "tron", "--param", "players=6", "--param", "width=12", "--param", "height=12",
	"--schedule", "championship", "--days", "3", "--seed", "5", "--bootstrap", "0",
	"--bots", "stupid,stupid,stupid,stupid,random,random,random,random,straight,straight,straight,straight"}

// runChampionship runs the small championship with extra flags, writing
// path, and returns stdout and the file's bytes.
func runChampionship(t *testing.T, path string, extra ...string) (string, string) {
	t.Helper()
	code, out, errOut := arena(t, append(append(append([]string{}, championship...), extra...), "--out", path)...)
	require.Equal(t, 0, code, errOut)
	require.Empty(t, errOut)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return out, string(b)
}

// firstLines returns the header and the first n records of a results file.
func firstLines(file string, n int) string {
	lines := strings.SplitAfter(file, "\n")
	return strings.Join(lines[:1+n], "")
}

func TestChampionshipRun(t *testing.T) {
	dir := t.TempDir()
	out, file := runChampionship(t, filepath.Join(dir, "j1.jsonl"), "-j", "1")
	for _, s := range []string{"DAY 1", "DAY 3", "12 teams, 2 tables of 6 a day, 3 of 3 days played", "places worth 8/5/3/2/1/0 points",
		"FINAL", "QUALIFIED", "2 of 2 finals played", "ELO", "95% CI", "8 matches, 6 seats", "straight#4", "random#2"} {
		require.Contains(t, out, s)
	}
	out4, file4 := runChampionship(t, filepath.Join(dir, "j4.jsonl"), "-j", "4")
	require.Equal(t, out, out4, "-j 1 and -j 4 print the same bytes")
	require.Equal(t, file, file4, "-j 1 and -j 4 write the same records")
	withIntervals := []string{"--seed", "1", "--bootstrap", "100"}
	out, _ = runChampionship(t, filepath.Join(dir, "i1.jsonl"), append(withIntervals, "-j", "1")...)
	out4, _ = runChampionship(t, filepath.Join(dir, "i4.jsonl"), append(withIntervals, "-j", "4")...)
	require.Contains(t, out, "95% profile-likelihood intervals")
	require.Equal(t, out, out4, "with intervals too")
	code, rated, errOut := arena(t, "rate", "--bootstrap", "100", filepath.Join(dir, "i4.jsonl"))
	require.Equal(t, 0, code, errOut)
	require.Equal(t, out, rated)

	h, recs := readRecords(t, filepath.Join(dir, "j1.jsonl"))
	require.Equal(t, "championship", h.Schedule)
	require.Equal(t, &results.ChampionshipSettings{Days: 3, Points: []float64{8, 5, 3, 2, 1, 0}}, h.Championship)
	require.Equal(t, 0, h.Games, "--games does not apply")
	require.Equal(t, 8, h.Matches)
	require.Len(t, recs, 8)
	for d := range 3 {
		seen := map[string]int{}
		for _, r := range recs[2*d : 2*d+2] {
			for _, b := range r.Bots {
				seen[b]++
			}
		}
		require.Len(t, seen, 12, "day %d: every team plays", d+1)
	}

	// arena rate reproduces the run's output from the file, in every format.
	for _, f := range []string{"table", "json", "csv", "markdown"} {
		ran, _ := runChampionship(t, filepath.Join(dir, f+".jsonl"), "-f", f)
		code, rated, errOut := arena(t, "rate", "--bootstrap", "0", "-f", f, filepath.Join(dir, f+".jsonl"))
		require.Equal(t, 0, code, errOut)
		require.Equal(t, ran, rated, f)
	}
}

// TestChampionshipResumes cuts a championship's file in the middle of a
// day and right after the days: --resume completes it to the bytes, and
// the output, of the run never interrupted.
func TestChampionshipResumes(t *testing.T) {
	dir := t.TempDir()
	want, whole := runChampionship(t, filepath.Join(dir, "whole.jsonl"))
	for _, n := range []int{0, 3, 6, 7} {
		path := filepath.Join(dir, "part.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(firstLines(whole, n)), 0o644))
		if n == 6 {
			code, partial, _ := arena(t, "rate", "--bootstrap", "0", path)
			require.Equal(t, 0, code)
			require.Contains(t, partial, "finals not played yet", "the days are in, the finals drawn but not played")
		}
		out, file := runChampionship(t, path, "--resume", "-j", "3")
		require.Equal(t, want, out, "resumed after %d records", n)
		require.Equal(t, whole, file, "resumed after %d records", n)
	}
}

// TestChampionshipShards plays the days in two shards, merges them and
// resumes the merged file, which plays the finals: the bytes of the whole
// run.
func TestChampionshipShards(t *testing.T) {
	dir := t.TempDir()
	want, whole := runChampionship(t, filepath.Join(dir, "whole.jsonl"))
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		path := filepath.Join(dir, "shard"+k[:1]+".jsonl")
		runChampionship(t, path, "--shard", k)
		shards = append(shards, path)
	}
	h, recs := readRecords(t, shards[1])
	require.Equal(t, &results.Shard{K: 2, N: 2, Matches: 4}, h.Shard, "3 days in 2 shards: days 2 and 3 in the second")
	require.Equal(t, 2, recs[0].Match)

	code, out, errOut := arena(t, "rate", "--bootstrap", "0", shards[0], shards[1])
	require.Equal(t, 0, code)
	require.Contains(t, out, "finals not played yet")
	require.Contains(t, errOut, "incomplete: the files hold 6 of the run's 8 matches")

	merged := filepath.Join(dir, "merged.jsonl")
	code, _, errOut = arena(t, "merge", "--out", merged, shards[1], shards[0])
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(merged)
	require.NoError(t, err)
	require.Equal(t, firstLines(whole, 6), string(b), "the merge is the whole run up to the finals")

	out, file := runChampionship(t, merged, "--resume")
	require.Equal(t, want, out)
	require.Equal(t, whole, file)

	code, _, errOut = arena(t, append(append([]string{}, championship...), "--shard", "4/4")...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, errOut, "shard 4/4: the run has only 3 rounds to share")
}

func TestChampionshipScenario(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"game":"tron","params":{"players":2,"width":10,"height":10},
		"bots":["stupid","straight","random","stupid"],"seed":2,"championship":{"days":2,"points":[3,1]}}`), 0o644))
	code, out, errOut := arena(t, "run", path, "--bootstrap", "0")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "4 teams, 2 tables of 2 a day, 2 of 2 days played", "the scenario's block makes the run a championship")
	require.Contains(t, out, "places worth 3/1 points")
	require.NotContains(t, out, "DAY 3")
	code, out, errOut = arena(t, "run", path, "--bootstrap", "0", "--days", "3", "--schedule", "championship", "--out", filepath.Join(dir, "r.jsonl"))
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "3 of 3 days played", "--days overrides the scenario's")
	_, recs := readRecords(t, filepath.Join(dir, "r.jsonl"))
	code, _, errOut = arena(t, "play", path, "--out", filepath.Join(dir, "p.jsonl"))
	require.Equal(t, 0, code, errOut)
	_, played := readRecords(t, filepath.Join(dir, "p.jsonl"))
	require.Equal(t, recs[0].Bots, played[0].Bots, "play plays the championship's first match")
	require.Equal(t, recs[0].StateHash, played[0].StateHash)

	league := filepath.Join(dir, "l.json")
	require.NoError(t, os.WriteFile(league, []byte(`{"game":"tron","league":{"opponents":["stupid"]}}`), 0o644))
	points := filepath.Join(dir, "p.json")
	require.NoError(t, os.WriteFile(points, []byte(`{"game":"tron","bots":["stupid","random"],"championship":{"points":[3,2,1]}}`), 0o644))
	six := []string{"--param", "players=6"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append([]string{"run", "--schedule", "championship", "--bots", "stupid,random,straight,stupid,random,straight,stupid"}, six...),
			"championship: 7 teams do not split into tables of 6; give a multiple of 6"},
		{[]string{"run", path, "--games", "4"}, "--games: a championship plays its days and its finals, not a number of games (give --days)"},
		{[]string{"run", path, "--seeds", "nowhere"}, "--seeds: a championship plays the seeds of its days and finals, derived from --seed"},
		{[]string{"run", path, "--candidate", "stupid"}, "--candidate: only a gauntlet has a candidate"},
		{[]string{"run", path, "--schedule", "gauntlet", "--candidate", "stupid"}, "is a championship, which has its own schedule"},
		{[]string{"run", path, "--days", "0"}, "--days: 0 is not a whole number from 1 to 1000"},
		{[]string{"run", "--days", "3"}, "--days: only a championship has days (add --schedule championship)"},
		{[]string{"run", league, "--bot", "straight", "--schedule", "championship"}, "is a league, which has its own schedule"},
		{[]string{"run", points}, points + ": championship: points: 3 values for 2 seats; give one per place"},
	} {
		code, _, errOut := arena(t, tc.args...)
		require.Equal(t, ExitBadInput, code, tc.args)
		require.Contains(t, errOut, tc.want, tc.args)
		require.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	}
}

// TestChampionshipCtrlC interrupts a championship after its first record:
// the partial report says how far it got, exit 130; --resume completes it.
func TestChampionshipCtrlC(t *testing.T) {
	dir := t.TempDir()
	days := []string{"--days", "30"} // 60 day matches: the cut falls among them
	want, whole := runChampionship(t, filepath.Join(dir, "whole.jsonl"), days...)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := filepath.Join(dir, "cut.jsonl")
	var out, errOut bytes.Buffer
	code := Main(ctx, append(append(append([]string{}, championship...), days...), "--out", path, "--progress", "-j", "1"),
		&out, io.MultiWriter(&errOut, cancelOnWrite{cancel}))
	require.Equal(t, ExitInterrupted, code)
	require.Contains(t, errOut.String(), "interrupted after")
	require.Contains(t, errOut.String(), "day 1 of 30, leader ", "the progress line says the day and its leader")
	require.Contains(t, out.String(), "finals: not drawn yet")
	resumed, file := runChampionship(t, path, append(days, "--resume")...)
	require.Equal(t, want, resumed)
	require.Equal(t, whole, file)

	code, _, progress := arena(t, append(append([]string{}, championship...), "--progress")...)
	require.Equal(t, 0, code)
	require.Contains(t, progress, "arena: 8/8 matches (100%)")
	require.Contains(t, progress, "finals, 2 of 2 played")
}
