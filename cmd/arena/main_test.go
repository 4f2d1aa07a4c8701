package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary stand in for arena: run with ARENA_AS_MAIN
// set, it is the real main, signals and all.
func TestMain(m *testing.M) {
	if os.Getenv("ARENA_AS_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

func arenaCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "ARENA_AS_MAIN=1")
	return cmd
}

func TestCtrlCKeepsWhatIsDone(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real matches for a few seconds")
	}
	out := filepath.Join(t.TempDir(), "r.jsonl")
	// The strong bot at its cheap budget: at its default, about 80 ms a
	// move, the first records of the 100×100 board take half a minute.
	cmd := arenaCmd("run", "tron/duel", "--bots", "straight,stupid,random", "--bot", "strong:work=200", "--games", "400", "-j", "2", "--out", out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	// Once a few records are in (however long a busy machine takes).
	for lines := lineCounter(t, out); lines() < 4; {
		time.Sleep(20 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "arena ended with %v; stderr: %s", err, stderr.String())
	require.Equal(t, 130, exit.ExitCode(), stderr.String())
	require.Contains(t, stderr.String(), "arena: interrupted after ")
	require.Contains(t, stdout.String(), "BOT", "the partial standings are printed")

	b, err := os.ReadFile(out)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.GreaterOrEqual(t, len(lines), 4)
	for i, l := range lines[1:] {
		var r struct{ Match int }
		require.NoError(t, json.Unmarshal([]byte(l), &r), "every line is whole")
		require.Equal(t, i, r.Match, "the records are a prefix of the schedule")
	}
	require.Contains(t, stderr.String(), "after "+strconv.Itoa(len(lines)-1)+" of ")
}

func TestBadInputExitsTwo(t *testing.T) {
	cmd := arenaCmd("run", "--bots", "stupid,nobody")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit))
	require.Equal(t, 2, exit.ExitCode())
	require.Equal(t, "arena: --bots: unknown bot \"nobody\" for game tron (known: random, stupid, straight, strong, script, exec, http)\n", stderr.String())
}

// runArena runs arena as a process and returns its exit code and stdout.
func runArena(t *testing.T, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := arenaCmd(args...)
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stdout.String()
	}
	require.NoError(t, err, stderr.String())
	return 0, stdout.String()
}

// wholeRun plays a run uninterrupted, the reference of the tests that
// interrupt or split it, and returns its folder, its file and its stdout.
func wholeRun(t *testing.T, args []string) (dir, whole, stdout string) {
	t.Helper()
	if testing.Short() {
		t.Skip("plays real matches in processes")
	}
	dir = t.TempDir()
	whole = filepath.Join(dir, "whole.jsonl")
	code, stdout := runArena(t, nil, append(args, "--out", whole)...)
	require.Zero(t, code)
	return dir, whole, stdout
}

// TestResumeAfterKill kills a run with SIGKILL at several moments and
// resumes it each time until it completes: the file and the standings are
// byte-identical to those of a run never interrupted. The moments are
// events, not delays: each kill comes once the file holds more records than
// the last one left (the run, or a machine this busy, may be slow or fast).
func TestResumeAfterKill(t *testing.T) {
	args := []string{"run", "tron/duel", "--bots", "stupid,straight,random", "--games", "4000", "--seed", "9", "-j", "2"}
	dir, whole, want := wholeRun(t, args)

	out := filepath.Join(dir, "killed.jsonl")
	var kept []int // records in the file after each kill
	for _, target := range []int{1, 200, 1500, 4000, 8000} {
		cmd := arenaCmd(append(args, "--out", out, "--resume")...)
		require.NoError(t, cmd.Start())
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		lines := lineCounter(t, out)
		var err error
		for done := false; !done; {
			select {
			case err = <-exited:
				done = true // it finished before the kill
			case <-time.After(time.Millisecond):
				if lines() > target {
					_ = cmd.Process.Kill()
					err, done = <-exited, true
				}
			}
		}
		if err == nil {
			break
		}
		b, _ := os.ReadFile(out)
		kept = append(kept, bytes.Count(b, []byte("\n")))
	}
	t.Logf("lines in the file after each kill: %v", kept)
	require.Len(t, kept, 5, "every kill came before the run's end")
	code, got := runArena(t, nil, append(args, "--out", out, "--resume")...)
	require.Zero(t, code)
	require.Equal(t, want, got, "the standings")
	a, err := os.ReadFile(whole)
	require.NoError(t, err)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.True(t, bytes.Equal(a, b), "the resumed file differs from the whole run's")
}

// lineCounter returns a function that counts the lines of a growing file,
// reading only what was added since its last call.
func lineCounter(t *testing.T, path string) func() int {
	var f *os.File
	t.Cleanup(func() {
		if f != nil {
			f.Close()
		}
	})
	n := 0
	buf := make([]byte, 64<<10)
	return func() int {
		if f == nil {
			var err error
			if f, err = os.Open(path); err != nil {
				return 0
			}
		}
		for {
			k, _ := f.Read(buf)
			if k == 0 {
				return n
			}
			n += bytes.Count(buf[:k], []byte("\n"))
		}
	}
}

// TestShardsMergeToOneRun plays 4 shards as separate processes at once,
// merges them, and compares the bytes with one run; arena rate of the merged
// file prints the run's standings, and the shard a Kubernetes Indexed Job
// or a Slurm array selects is the one --shard names.
func TestShardsMergeToOneRun(t *testing.T) {
	args := []string{"run", "tron/ffa4", "--bots", "stupid,straight,random,stupid", "--games", "240", "--seed", "5", "-j", "1"}
	dir, whole, want := wholeRun(t, args)

	var cmds []*exec.Cmd
	var shards []string
	for k := 1; k <= 4; k++ {
		path := filepath.Join(dir, "shard-"+strconv.Itoa(k)+".jsonl")
		shards = append([]string{path}, shards...) // merge takes them in any order
		cmd := arenaCmd(append(args, "--shard", strconv.Itoa(k)+"/4", "--out", path)...)
		cmd.Stdout = nil
		require.NoError(t, cmd.Start())
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		require.NoError(t, c.Wait())
	}
	merged := filepath.Join(dir, "merged.jsonl")
	code, _ := runArena(t, nil, append([]string{"merge", "--out", merged}, shards...)...)
	require.Zero(t, code)
	a, err := os.ReadFile(whole)
	require.NoError(t, err)
	b, err := os.ReadFile(merged)
	require.NoError(t, err)
	require.True(t, bytes.Equal(a, b), "the merged file differs from the whole run's")
	code, rated := runArena(t, nil, "rate", merged)
	require.Zero(t, code)
	require.Equal(t, want, rated)

	// The environment of a batch system picks the same shard.
	byFlag, err := os.ReadFile(filepath.Join(dir, "shard-3.jsonl"))
	require.NoError(t, err)
	for name, env := range map[string][]string{
		"kubernetes": {"JOB_COMPLETION_INDEX=2"},
		"slurm":      {"SLURM_ARRAY_TASK_ID=7", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_MAX=8", "SLURM_ARRAY_TASK_COUNT=4"},
	} {
		path := filepath.Join(dir, name+".jsonl")
		extra := []string{"--shard-from-env", "--out", path}
		if name == "kubernetes" {
			extra = append(extra, "--shard-count", "4")
		}
		code, _ := runArena(t, env, append(args, extra...)...)
		require.Zero(t, code, name)
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, bytes.Equal(byFlag, got), "%s picked another shard", name)
	}
}

// TestOutputsThatCannotBeWritten: every output file whose writes fail (here
// a pipe nobody reads, as fd 3: /dev/full does not fail everywhere) ends
// arena with exit 4 and one line naming the flag. The strong bot plays at
// its cheap budget, or not at all: at its default, a busy machine has the
// time to print progress lines before the write fails.
func TestOutputsThatCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "r.jsonl")
	code, _ := runArena(t, nil, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", run)
	require.Zero(t, code)
	for _, args := range [][]string{
		{"run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", "/dev/fd/3", "--force"},
		{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--self", "--iterations", "2", "--pairs-per-iter", "1", "--out", "/dev/fd/3", "--force"},
		{"sprt", "tron/small", "--candidate", "strong:work=200", "--baseline", "straight", "--max-games", "10", "--junit", "/dev/fd/3", "--force"},
		{"play", "tron/small", "--bots", "straight,stupid", "--trace", "/dev/fd/3", "--force"},
		{"play", "tron/small", "--bots", "straight,stupid", "--html", "/dev/fd/3", "--force"},
		{"play", "tron/small", "--bots", "straight,stupid", "--out", "/dev/fd/3", "--force"},
		{"report", run, "-o", "/dev/fd/3", "--force"},
		{"merge", run, "--out", "/dev/fd/3", "--force"},
	} {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close()) // nobody reads: every write fails
		cmd := arenaCmd(args...)
		cmd.ExtraFiles = []*os.File{w}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err = cmd.Run()
		w.Close()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v: %v", args, err)
		require.Equal(t, 4, exit.ExitCode(), "%v: %s", args, stderr.String())
		flag := args[len(args)-3]
		if flag == "-o" {
			flag = "--out"
		}
		require.Regexp(t, "^arena: "+flag+" /dev/fd/3: [^\n]+\n$", stderr.String(), args)
	}
}

// TestClosedStdout: arena's stdout a pipe nobody reads (arena run … | true)
// is a failed write — exit 4 and one line naming stdout — not death by
// SIGPIPE; the records written are whole.
func TestClosedStdout(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	r, w, err := os.Pipe()
	require.NoError(t, err)
	require.NoError(t, r.Close())
	cmd := arenaCmd("run", "tron/duel", "--bots", "straight,stupid", "--games", "2", "--out", out)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	err = cmd.Run()
	require.NoError(t, w.Close())
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "arena ended with %v; stderr: %s", err, stderr.String())
	require.Equal(t, 4, exit.ExitCode(), "%v; stderr: %s", exit, stderr.String())
	require.Regexp(t, `^arena: stdout: .*broken pipe\n$`, stderr.String())
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	require.Len(t, lines, 1+2, "the header and both records")
	for _, l := range lines {
		require.True(t, json.Valid([]byte(l)), "every line is whole: %s", l)
	}
}
