package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim/simtest"
)

// stagedRun is a staged format played stage by stage in shards: the files
// of each stage.
type stagedRun struct {
	merged [][]string // per stage, its shards' files
	out    []string   // per stage, the file its merge wrote
	merges []string   // per stage, the merge's stderr
}

// playStages plays the run of args stage by stage, stage s in
// shards[(s−1) mod len(shards)] shards, shard k with -j k, merging each
// stage, until a merge says the run is finished.
func playStages(t *testing.T, dir string, args []string, shards ...int) *stagedRun {
	t.Helper()
	r := &stagedRun{}
	for s := 1; ; s++ {
		require.Less(t, s, 200, "the run never finished")
		var from, merge []string
		if s > 1 {
			from = []string{"--from", r.out[s-2]}
			merge = []string{r.out[s-2]}
		}
		var parts []string
		n := shards[(s-1)%len(shards)]
		for k := 1; k <= n; k++ {
			part := filepath.Join(dir, fmt.Sprintf("stage-%d-part-%d.jsonl", s, k))
			shard := append(append(cloneArgs(args), from...), "--shard", fmt.Sprintf("%d/%d", k, n), "-j", strconv.Itoa(k), "--out", part)
			code, stdout, stderr := arena(t, shard...)
			require.Equal(t, ExitOK, code, stderr)
			require.Empty(t, stdout, "a stage's shard prints no standings: the merge judges the stage")
			require.Contains(t, stderr, fmt.Sprintf("arena: stage %d of the ", s))
			require.Contains(t, stderr, fmt.Sprintf("shard %d/%d: ", k, n))
			parts = append(parts, part)
		}
		// The parts in any order: the merge puts them in the run's.
		out := filepath.Join(dir, fmt.Sprintf("merged-%d.jsonl", s))
		reversed := make([]string, 0, n)
		for k := n - 1; k >= 0; k-- {
			reversed = append(reversed, parts[k])
		}
		code, _, stderr := arena(t, append(append([]string{"merge"}, merge...), append(reversed, "--out", out)...)...)
		require.Equal(t, ExitOK, code, stderr)
		require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
		require.Contains(t, stderr, fmt.Sprintf("arena: merged stage %d of the ", s))
		r.merged, r.out, r.merges = append(r.merged, parts), append(r.out, out), append(r.merges, stderr)
		if strings.Contains(stderr, "is finished") {
			return r
		}
		require.Contains(t, stderr, fmt.Sprintf("next: stage %d", s+1))
	}
}

// cloneArgs copies args, so that appending to it shares nothing.
func cloneArgs(args []string) []string { return append([]string(nil), args...) }

// stagedCases are staged runs on coin: a knockout whose ties go to their
// cap, with a third-place tie; several brackets; an odd Swiss (byes); a
// Swiss of four seats (a bot sitting out).
func stagedCases() map[string][]string {
	return map[string][]string{
		"knockout": append([]string{"run", "coin/duel", "--schedule", "knockout", "--third-place", "--bootstrap", "0", "-q"}, coinField(12)...),
		"draws":    append([]string{"run", "coin/duel", "--schedule", "knockout", "--draws", "3", "--bootstrap", "0", "-q"}, coinField(7)...),
		"swiss":    append([]string{"run", "coin/duel", "--schedule", "swiss", "--rounds", "4", "--games", "4", "--bootstrap", "0", "-q"}, coinField(11)...),
		"swiss4":   append([]string{"run", "coin/ffa4", "--schedule", "swiss", "--rounds", "3", "--bootstrap", "0", "-q"}, coinField(9)...),
		"heats":    append([]string{"run", "coin/ffa4", "--schedule", "knockout", "--bootstrap", "0", "-q"}, coinField(18)...),
	}
}

// TestStageShardsMergeToTheWholeRun: a knockout or a Swiss played stage by
// stage in 3 shards (or in 3, 1 and 2 in turn), each stage merged before
// the next starts from it, ends in the bytes of the run played whole, and
// arena rate prints the same report of both.
func TestStageShardsMergeToTheWholeRun(t *testing.T) {
	simtest.Clockless(t)
	for name, args := range stagedCases() {
		for _, shards := range [][]int{{3}, {3, 1, 2}} {
			t.Run(fmt.Sprint(name, shards), func(t *testing.T) {
				dir := t.TempDir()
				whole := filepath.Join(dir, "whole.jsonl")
				code, report, stderr := arena(t, append(cloneArgs(args), "--out", whole)...)
				require.Equal(t, ExitOK, code, stderr)
				r := playStages(t, dir, args, shards...)
				require.Greater(t, len(r.out), 2, "a run of several stages")
				want, err := os.ReadFile(whole)
				require.NoError(t, err)
				got, err := os.ReadFile(r.out[len(r.out)-1])
				require.NoError(t, err)
				require.Equal(t, string(want), string(got))
				code, rated, stderr := arena(t, "rate", r.out[len(r.out)-1], "--bootstrap", "0")
				require.Equal(t, ExitOK, code, stderr)
				require.Equal(t, report, rated)
				// Every merge is the whole run's file up to its stage: --resume
				// of it plays the rest on one machine.
				mid := r.out[len(r.out)/2]
				code, _, stderr = arena(t, append(cloneArgs(args), "--out", mid, "--resume")...)
				require.Equal(t, ExitOK, code, stderr)
				got, err = os.ReadFile(mid)
				require.NoError(t, err)
				require.Equal(t, string(want), string(got))
			})
		}
	}
}

// TestStageShardResumes: a stage's shard killed in the middle of its part
// (its file cut after some records, the last one torn) resumes with
// --resume to the bytes of a shard never stopped.
func TestStageShardResumes(t *testing.T) {
	simtest.Clockless(t)
	for _, name := range []string{"knockout", "swiss"} {
		t.Run(name, func(t *testing.T) {
			args := stagedCases()[name]
			dir := t.TempDir()
			r := playStages(t, dir, args, 2)
			for s, parts := range r.merged[:2] {
				var from []string
				if s > 0 {
					from = []string{"--from", r.out[s-1]}
				}
				data, err := os.ReadFile(parts[1])
				require.NoError(t, err)
				lines := strings.SplitAfter(string(data), "\n")
				require.Greater(t, len(lines), 4, "a part of several records")
				cut := filepath.Join(dir, fmt.Sprintf("cut-%d.jsonl", s))
				torn := strings.Join(lines[:3], "") + lines[3][:len(lines[3])/2]
				require.NoError(t, os.WriteFile(cut, []byte(torn), 0o644))
				code, _, stderr := arena(t, append(append(cloneArgs(args), from...), "--shard", "2/2", "--out", cut, "--resume")...)
				require.Equal(t, ExitOK, code, stderr)
				got, err := os.ReadFile(cut)
				require.NoError(t, err)
				require.Equal(t, string(data), string(got), "stage %d", s+1)
			}
		})
	}
}

// TestStageShardBadInput: a shard or a merge of stages that are not the
// run's next is refused with one line and exit 2, nothing written.
func TestStageShardBadInput(t *testing.T) {
	simtest.Clockless(t)
	args := stagedCases()["swiss"]
	dir := t.TempDir()
	r := playStages(t, dir, args, 3)
	require.Len(t, r.out, 4)
	last := r.out[3]
	out := filepath.Join(dir, "out.jsonl")
	run := func(more ...string) []string { return append(cloneArgs(args), more...) }
	merge := func(files ...string) []string { return append(append([]string{"merge"}, files...), "--out", out) }
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"from another run", append(run("--from", r.out[0], "--shard", "1/3", "--out", out), "--seed", "7"),
			"--from " + r.out[0] + `: the file is another run's: "seed" is`},
		{"from a finished run", run("--from", last, "--shard", "1/3", "--out", out),
			"--from " + last + ": the Swiss is finished (its 80 matches): no stage is left to play"},
		{"from a shard's part", run("--from", r.merged[1][0], "--shard", "1/3", "--out", out),
			"is shard 1/3 of a run; give the file arena merge made of its stage's shards"},
		{"from without a shard", run("--from", r.out[0], "--out", out), "--from: only a knockout's or a Swiss's --shard K/N"},
		{"from a round robin", append([]string{"run", "coin/duel", "--shard", "1/2", "--from", r.out[0], "--out", out}, coinField(3)...),
			"--from: only a knockout's or a Swiss's --shard K/N"},
		{"from a stage cut short", run("--from", cutFile(t, dir, r.out[1], 25), "--shard", "1/3", "--out", out),
			"holds 24 matches, and its stage 2 is from match 20 to 39: a stage cut short"},
		{"from the out file", run("--from", r.out[0], "--shard", "1/3", "--out", r.out[0], "--force"), "is the --out file"},
		{"a stage's shard without --out", run("--shard", "1/3"), "--shard: a shard of a Swiss's stage writes its records for arena merge: give --out FILE"},
		{"merge of two stages' parts", merge(r.out[1], r.merged[2][0], r.merged[2][1], r.merged[1][2]),
			"shard 1/3 of stage 3 (from match 40), " + r.merged[1][2] + " shard 3/3 of stage 2 (from match 20): not shards of one stage"},
		{"merge after the wrong file", merge(r.out[0], r.merged[2][0], r.merged[2][1], r.merged[2][2]),
			r.out[0] + " holds 20 matches, and the shards play stage 3 from match 40: not the file they started from"},
		{"merge without the file before", merge(r.merged[2]...), "the shards play stage 3 from match 40: give the file of the stages before them too"},
		{"merge of stage 1 after a file", merge(r.out[0], r.merged[0][0], r.merged[0][1], r.merged[0][2]), "the shards of stage 1 start from no file"},
		{"merge with a shard missing", merge(r.out[1], r.merged[2][0], r.merged[2][2]), "stage 3 has 3 shards; missing: 2"},
		{"merge with a part cut short", merge(r.out[1], r.merged[2][0], cutFile(t, dir, r.merged[2][1], 3), r.merged[2][2]),
			"holds 2 of its shard's 6 matches: a gap (arena run --resume completes it)"},
		{"rate of a part", []string{"rate", r.merged[1][0]}, "shard 1/3 of stage 2 of a Swiss; arena merge joins a stage's shards"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := arena(t, tc.args...)
			require.Equal(t, ExitBadInput, code, "stdout: %s\nstderr: %s", stdout, stderr)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			require.Contains(t, stderr, tc.want)
			if !strings.Contains(tc.name, "out file") {
				require.NoFileExists(t, out)
			}
		})
	}
}

// cutFile writes the first lines of a file to a file of its own.
func cutFile(t *testing.T, dir, path string, lines int) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	cut := filepath.Join(dir, fmt.Sprintf("cut-%d-%s", lines, filepath.Base(path)))
	require.NoError(t, os.WriteFile(cut, []byte(strings.Join(strings.SplitAfter(string(data), "\n")[:lines], "")), 0o644))
	return cut
}
