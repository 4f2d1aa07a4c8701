package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
)

// TestResumeDropsATornLine cuts a finished file in the middle of a record
// line, as a crash inside a write would: --resume drops the torn line and
// completes the file to the bytes of the whole run.
func TestResumeDropsATornLine(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	args := append([]string{"run", "tron/duel", "--seed", "3"}, quick...)
	code, want, _ := arena(t, append(args, "--out", whole)...)
	require.Zero(t, code)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)

	torn := filepath.Join(dir, "torn.jsonl")
	cut := strings.Index(string(b), "\n") + 1 // the header
	cut += strings.Index(string(b[cut:]), "\n") + 1
	cut += 40 // into the second record
	require.NoError(t, os.WriteFile(torn, b[:cut], 0o644))
	code, got, stderr := arena(t, append(args, "--out", torn, "--resume")...)
	require.Zero(t, code, stderr)
	require.Equal(t, want, got)
	after, err := os.ReadFile(torn)
	require.NoError(t, err)
	require.Equal(t, string(b), string(after))

	// A missing file starts fresh; a complete one gets nothing appended.
	fresh := filepath.Join(dir, "fresh.jsonl")
	code, got, _ = arena(t, append(args, "--out", fresh, "--resume")...)
	require.Zero(t, code)
	require.Equal(t, want, got)
	code, got, _ = arena(t, append(args, "--out", fresh, "--resume")...)
	require.Zero(t, code)
	require.Equal(t, want, got)
	again, err := os.ReadFile(fresh)
	require.NoError(t, err)
	require.Equal(t, string(b), string(again))
}

// TestResumeRefusesAnotherRun checks the header comparison: one line naming
// the field that differs, exit 2, the file untouched.
func TestResumeRefusesAnotherRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	args := append([]string{"run", "tron/duel", "--seed", "3"}, quick...)
	code, _, _ := arena(t, append(args, "--out", path)...)
	require.Zero(t, code)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, tt := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--seed", "4"}, `the file is another run's: "seed" is 3 there, 4 here`},
		{[]string{"--param", "width=30"}, `"rules_hash" is`},
		{[]string{"--shard", "1/2"}, `"shard" is null there`},
	} {
		code, _, stderr := arena(t, append(append(append([]string{}, args...), tt.extra...), "--out", path, "--resume")...)
		require.Equal(t, ExitBadInput, code, stderr)
		require.Contains(t, stderr, tt.want)
		require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(before), string(after))

	code, _, stderr := arena(t, append(args, "--out", path, "--resume", "--force")...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "--resume keeps the --out file and --force overwrites it")
	code, _, stderr = arena(t, append(args, "--resume")...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "--resume: give the file to continue with --out")
}

// TestMergeRefusals checks each refusal of arena merge, and that nothing is
// written for a refused merge.
func TestMergeRefusals(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, extra ...string) string {
		path := filepath.Join(dir, name)
		args := append(append([]string{"run", "tron/duel", "--seed", "3"}, quick...), extra...)
		code, _, stderr := arena(t, append(args, "--out", path)...)
		require.Zero(t, code, stderr)
		return path
	}
	s1, s2, s3 := shard("s1", "--shard", "1/3"), shard("s2", "--shard", "2/3"), shard("s3", "--shard", "3/3")
	other := shard("o2", "--shard", "2/3", "--games", "8")
	b, err := os.ReadFile(s3)
	require.NoError(t, err)
	short := filepath.Join(dir, "short")
	require.NoError(t, os.WriteFile(short, b[:strings.LastIndex(strings.TrimSpace(string(b)), "\n")+1], 0o644))
	dup := filepath.Join(dir, "dup")
	lines := strings.SplitAfter(string(b), "\n")
	require.NoError(t, os.WriteFile(dup, []byte(strings.Join(append(lines[:2], lines[1:]...), "")), 0o644))

	out := filepath.Join(dir, "merged")
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{s1, s2}, "the run has 3 shards; missing: 3"},
		{[]string{s1, s2, s2, s3}, "are both shard 2 of 3"},
		{[]string{s1, other, s3}, `not shards of one run: "games" is 8 there, 6 here`},
		{[]string{s1, s2, short}, "a gap"},
		{[]string{s1, s2, dup}, "a duplicate or a gap"},
		{nil, "give the results files"},
	} {
		code, _, stderr := arena(t, append([]string{"merge", "--out", out}, tt.files...)...)
		require.Equal(t, ExitBadInput, code, stderr)
		require.Contains(t, stderr, tt.want)
		require.NoFileExists(t, out)
	}
	code, _, stderr := arena(t, "merge", "--out", out, s3, s1, s2)
	require.Zero(t, code, stderr)
}

// TestRateIsWhatTheRunPrinted checks arena rate against the run's own
// output for every format: a tournament with rating flags, a gauntlet, a
// league and a sequential test, verdict exit codes included; and that an
// incomplete file is flagged.
func TestRateIsWhatTheRunPrinted(t *testing.T) {
	dir := t.TempDir()
	for i, tt := range []struct {
		run, rate []string
	}{
		{append([]string{"run", "tron/duel", "--h2h", "--anchor", "stupid=100", "-f", "json"}, quick...), []string{"--h2h", "--anchor", "stupid=100", "-f", "json", "--bootstrap", "100"}},
		{[]string{"run", "tron/duel", "--schedule", "gauntlet", "--candidate", "straight", "--bots", "stupid,random", "--games", "6", "--bootstrap", "0"}, []string{"--bootstrap", "0"}},
		{[]string{"run", "minibus/wood2", "--bot", "iaTICE", "--games", "3"}, nil},
		{[]string{"sprt", "coin/duel", "--candidate", "coin:elo=200", "--baseline", "coin", "--max-games", "400"}, nil},
	} {
		path := filepath.Join(dir, string(rune('a'+i))+".jsonl")
		code, want, stderr := arena(t, append(tt.run, "--out", path)...)
		require.NotEqual(t, ExitBadInput, code, stderr)
		got, gotCode := "", 0
		gotCode, got, stderr = arena(t, append(append([]string{"rate"}, tt.rate...), path)...)
		require.Equal(t, code, gotCode, stderr)
		require.Equal(t, want, got, "%v", tt.run)
	}
	// An incomplete file: the last record removed.
	b, err := os.ReadFile(filepath.Join(dir, "a.jsonl"))
	require.NoError(t, err)
	part := filepath.Join(dir, "part.jsonl")
	require.NoError(t, os.WriteFile(part, b[:strings.LastIndex(strings.TrimSpace(string(b)), "\n")+1], 0o644))
	code, _, stderr := arena(t, "rate", part)
	require.Zero(t, code)
	require.Contains(t, stderr, "incomplete: the files hold 17 of the run's 18 matches")
}

// TestProgressOnlyWhenAsked checks that a run whose stderr is not a terminal
// prints no progress, and prints plain lines with --progress.
func TestProgressOnlyWhenAsked(t *testing.T) {
	args := append([]string{"run", "tron/duel"}, quick...)
	code, _, stderr := arena(t, args...)
	require.Zero(t, code)
	require.Empty(t, stderr)
	code, _, stderr = arena(t, append(args, "--progress")...)
	require.Zero(t, code)
	require.Contains(t, stderr, "arena: 18/18 matches (100%), ")
	require.Contains(t, stderr, "matches/s")
	require.Contains(t, stderr, "leader ")
	require.NotContains(t, stderr, "\r")
}

func TestShardFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	k, n, err := shardFromEnv(env("JOB_COMPLETION_INDEX", "0"), 8)
	require.NoError(t, err)
	require.Equal(t, [2]int{1, 8}, [2]int{k, n})
	k, n, err = shardFromEnv(env("SLURM_ARRAY_TASK_ID", "12", "SLURM_ARRAY_TASK_MIN", "10", "SLURM_ARRAY_TASK_MAX", "13", "SLURM_ARRAY_TASK_COUNT", "4"), 0)
	require.NoError(t, err)
	require.Equal(t, [2]int{3, 4}, [2]int{k, n})
	for _, tt := range []struct {
		env   func(string) string
		count int
		want  string
	}{
		{env(), 0, "neither JOB_COMPLETION_INDEX"},
		{env("JOB_COMPLETION_INDEX", "3"), 0, "give --shard-count N"},
		{env("JOB_COMPLETION_INDEX", "8"), 8, "--shard-from-env: JOB_COMPLETION_INDEX=8 is not the index of one of --shard-count 8 shards (0 to 7)"},
		{env("JOB_COMPLETION_INDEX", "-1"), 2, "JOB_COMPLETION_INDEX=-1 is not the index of one of --shard-count 2 shards (0 to 1)"},
		{env("SLURM_ARRAY_TASK_ID", "9", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_MAX", "1", "SLURM_ARRAY_TASK_COUNT", "2"), 0,
			"--shard-from-env: SLURM_ARRAY_TASK_ID=9 is outside the array of SLURM_ARRAY_TASK_MIN=0 and SLURM_ARRAY_TASK_COUNT=2 (0 to 1)"},
		{env("JOB_COMPLETION_INDEX", "x"), 8, `JOB_COMPLETION_INDEX="x" is not a whole number`},
		{env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "15", "SLURM_ARRAY_TASK_COUNT", "8"), 0, "contiguous"},
	} {
		_, _, err := shardFromEnv(tt.env, tt.count)
		require.ErrorContains(t, err, tt.want)
	}
}

// TestCtrlCDuringTheBootstrap checks that a Ctrl-C while the intervals are
// computed ends arena at once with exit 130, the records kept.
func TestCtrlCDuringTheBootstrap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, _ := arena(t, "run", "coin/duel", "--games", "20000", "--bootstrap", "0", "--out", path)
	require.Zero(t, code)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	start := time.Now()
	code, out, stderr := arenaCtx(t, ctx, "rate", "--bootstrap", "100000", path)
	require.Equal(t, ExitInterrupted, code, stderr)
	require.Empty(t, out)
	require.Contains(t, stderr, "interrupted while ")
	require.Less(t, time.Since(start), 10*time.Minute) // a guard against a hang, not a timing
}

// TestSeedsFile checks --seeds: one round per seed listed, each match on its
// round's seed, resumable and rated from the records like any run; a bad
// line is named.
func TestSeedsFile(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	require.NoError(t, os.WriteFile(seeds, []byte("# openings\n12345\n\n0x10\n999\n"), 0o644))
	path := filepath.Join(dir, "r.jsonl")
	args := []string{"run", "tron/small", "--bots", "stupid,straight,random", "--seeds", seeds, "--bootstrap", "0"}
	code, want, stderr := arena(t, append(args, "--out", path)...)
	require.Zero(t, code, stderr)
	h, recs := readRecords(t, path)
	require.Equal(t, []uint64{12345, 16, 999}, h.Seeds)
	require.Len(t, recs, 3*6, "3 seeds × 3 pairs × 2 seat orders")
	for i, r := range recs {
		require.Equal(t, h.Seeds[i/6], r.Seed, "match %d", i)
	}
	code, got, _ := arena(t, "rate", "--bootstrap", "0", path)
	require.Zero(t, code)
	require.Equal(t, want, got)
	code, got, _ = arena(t, append(args, "--out", path, "--resume")...)
	require.Zero(t, code)
	require.Equal(t, want, got)

	require.NoError(t, os.WriteFile(seeds, []byte("1\nseven\n"), 0o644))
	code, _, stderr = arena(t, args...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, `seeds.txt:2: "seven" is not a seed`)
	require.NoError(t, os.WriteFile(seeds, []byte("# none\n"), 0o644))
	code, _, stderr = arena(t, args...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "no seeds")
	code, _, stderr = arena(t, "run", "minibus/wood2", "--bot", "iaTICE", "--seeds", seeds)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "a league")
}

// TestSPRTResumes checks that a sequential test cut short resumes to the
// bytes and the verdict of the test played whole.
func TestSPRTResumes(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sprt", "coin/duel", "--candidate", "coin:elo=60", "--baseline", "coin", "--max-games", "2000"}
	whole := filepath.Join(dir, "whole.jsonl")
	code, want, _ := arena(t, append(args, "--out", whole)...)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)
	cut := filepath.Join(dir, "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, b[:len(b)/3], 0o644)) // torn in the middle of a line
	gotCode, got, stderr := arena(t, append(args, "--out", cut, "--resume")...)
	require.Equal(t, code, gotCode, stderr)
	require.Equal(t, want, got)
	after, err := os.ReadFile(cut)
	require.NoError(t, err)
	require.Equal(t, string(b), string(after))
}

// TestOutputFlagsBadInput checks the --out, --resume and rating flags'
// refusals: one line, exit 2.
func TestOutputFlagsBadInput(t *testing.T) {
	dir := t.TempDir()
	args := append([]string{"run", "tron/duel"}, quick...)
	for _, tt := range []struct {
		extra []string
		want  string
	}{
		{[]string{"--out", dir}, "--out " + dir + ": is a directory; name a file"},
		{[]string{"--out", ""}, "--out: empty file name"},
		{[]string{"--anchor", ""}, "--anchor: empty value"},
		{[]string{"--candidate", " "}, "--candidate: empty value"},
		{[]string{"--shard", "3/2"}, `--shard: "3/2" is not K/N with K from 1 to N (N at most 1048576)`},
		{[]string{"--shard", "1/2", "--shard-from-env"}, "--shard and --shard-from-env: give one of them"},
		{[]string{"--shard-count", "3"}, "--shard-count: only with --shard-from-env"},
		{[]string{"--shard", "1/400"}, "--shard: shard 1/400: the run has only 3 rounds to share"},
	} {
		code, _, stderr := arena(t, append(append([]string{}, args...), tt.extra...)...)
		require.Equal(t, ExitBadInput, code, "%v: %s", tt.extra, stderr)
		require.Equal(t, "arena: "+tt.want+"\n", stderr, "%v", tt.extra)
	}
	code, _, stderr := arena(t, "run", "minibus/wood2", "--bot", "iaTICE", "--shard", "1/2")
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "is a league, whose verdict needs every game in one run")
	code, _, stderr = arena(t, "sprt", "coin/duel", "--candidate", "coin", "--baseline", "coin", "--shard", "1/2")
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, "unknown flag: --shard")
}

// TestAnotherRevisionIsRefused checks that resume and merge refuse a file
// another build wrote, unless --any-revision.
func TestAnotherRevisionIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	args := append([]string{"run", "tron/duel", "--seed", "3"}, quick...)
	code, want, _ := arena(t, append(args, "--out", path, "--shard", "1/1")...)
	require.Zero(t, code)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	cut := strings.Index(string(b), "\n") + 1
	header := strings.Replace(string(b[:cut]), `"revision":"devel"`, `"revision":"0123abc"`, 1)
	require.NotEqual(t, string(b[:cut]), header)
	require.NoError(t, os.WriteFile(path, []byte(header+string(b[cut:cut+10])), 0o644)) // a torn first record too
	code, _, stderr := arena(t, append(args, "--out", path, "--shard", "1/1", "--resume")...)
	require.Equal(t, ExitBadInput, code)
	require.Contains(t, stderr, `"revision" is "0123abc" there, "devel" here (another build of arena wrote it; --any-revision resumes anyway)`)
	code, _, stderr = arena(t, append(args, "--out", path, "--shard", "1/1", "--resume", "--any-revision")...)
	require.Zero(t, code, stderr)

	other := filepath.Join(dir, "o.jsonl")
	code, _, _ = arena(t, append(args, "--out", other, "--shard", "1/1")...)
	require.Zero(t, code)
	code, _, stderr = arena(t, "merge", "--out", filepath.Join(dir, "m.jsonl"), path, other)
	require.Equal(t, ExitBadInput, code, "two files claim shard 1/1")
	code, got, stderr := arena(t, "rate", path)
	require.Zero(t, code, stderr)
	require.Equal(t, want, got)
}

// TestRateOfSomeShards: arena rate of one shard, or of some shards without
// the others, prints their standings and a line saying which shards they
// are; merge still wants them all.
func TestRateOfSomeShards(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	for k := 1; k <= 3; k++ {
		path := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", k))
		code, _, stderr := arena(t, append(append([]string{"run", "tron/duel", "--seed", "3"}, quick...), "--shard", fmt.Sprintf("%d/3", k), "--out", path)...)
		require.Zero(t, code, stderr)
		shards = append(shards, path)
	}
	_, recs := readRecords(t, shards[1])
	code, stdout, stderr := arena(t, "rate", shards[1], "--format", "json")
	require.Zero(t, code, stderr)
	require.Equal(t, fmt.Sprintf("arena: shard 2 of 3: the standings of its %d matches, not the run's (missing: 1, 3; arena merge joins every shard)\n", len(recs)), stderr)
	var s results.Standings
	require.NoError(t, json.Unmarshal([]byte(stdout), &s))
	require.Equal(t, len(recs), s.Matches)

	_, recs1 := readRecords(t, shards[0])
	_, recs3 := readRecords(t, shards[2])
	code, _, stderr = arena(t, "rate", shards[2], shards[0])
	require.Zero(t, code, stderr)
	require.Equal(t, fmt.Sprintf("arena: shards 1, 3 of 3: the standings of their %d matches, not the run's (missing: 2; arena merge joins every shard)\n", len(recs1)+len(recs3)), stderr)

	code, _, stderr = arena(t, append([]string{"rate"}, shards...)...)
	require.Zero(t, code, stderr)
	require.Empty(t, stderr, "the whole run")
}

// TestPlayFileIsRead: the records file of `arena play --out` is read by
// rate, report and merge as the one match it holds, and so is one written
// before its header said "schedule":"match" (rate refused both: its header's
// one match against the two of its bots' round robin).
func TestPlayFileIsRead(t *testing.T) {
	dir := t.TempDir()
	played := filepath.Join(dir, "p.jsonl")
	code, _, stderr := arena(t, "play", "tron/small", "--bots", "strong,straight", "--out", played)
	require.Zero(t, code, stderr)
	data, err := os.ReadFile(played)
	require.NoError(t, err)
	require.Contains(t, string(data), `"games":1,"matches":1,`)
	require.Contains(t, string(data), `"schedule":"match"`)
	older := filepath.Join(dir, "older.jsonl")
	require.NoError(t, os.WriteFile(older, []byte(strings.Replace(string(data), `,"schedule":"match"`, "", 1)), 0o644))
	for _, file := range []string{played, older} {
		code, stdout, stderr := arena(t, "rate", file)
		require.Zero(t, code, "rate %s: %s", file, stderr)
		require.Contains(t, stdout, "strong")
		require.Contains(t, stdout, "straight")
		require.Contains(t, stdout, "1 matches, 2 seats")
		page := file + ".html"
		code, _, stderr = arena(t, "report", file, "-o", page)
		require.Zero(t, code, "report %s: %s", file, stderr)
		html, err := os.ReadFile(page)
		require.NoError(t, err)
		require.Contains(t, string(html), "straight")
		merged := file + ".merged"
		code, _, stderr = arena(t, "merge", file, "--out", merged)
		require.Zero(t, code, "merge %s: %s", file, stderr)
	}
}
