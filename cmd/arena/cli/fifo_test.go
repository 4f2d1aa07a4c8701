//go:build linux

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestNamedPipesAreRefused: a named pipe where arena reads or writes a file
// (a scenario, --out, --resume, the files rate, report and merge read,
// --seeds, a map, a script, a tune file, a golden folder's file, a
// ladder's registry) is bad input, one line naming it, at once: the open
// waited for the pipe's other end, deaf to Ctrl-C and SIGTERM. Each
// command runs beside the test, which fails rather than hangs if it waits.
func TestNamedPipesAreRefused(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run.jsonl")
	code, _, stderr := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--bootstrap", "0", "--out", run)
	require.Zero(t, code, stderr)
	out := filepath.Join(dir, "never-written")
	cases := []struct {
		name string
		args func(fifo string) []string
	}{
		{"a scenario", func(p string) []string { return []string{"run", p} }},
		{"play's scenario", func(p string) []string { return []string{"play", p} }},
		{"run --out", func(p string) []string {
			return []string{"run", "tron/small", "--bots", "straight,stupid", "--out", p, "--force"}
		}},
		{"run --out --resume", func(p string) []string {
			return []string{"run", "tron/small", "--bots", "straight,stupid", "--out", p, "--resume"}
		}},
		{"play --out", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "straight,stupid", "--out", p, "--force"}
		}},
		{"play --trace", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "straight,stupid", "--trace", p, "--force"}
		}},
		{"play --html", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "straight,stupid", "--html", p, "--force"}
		}},
		{"play --from", func(p string) []string { return []string{"play", "--from", p, "--match", "0"} }},
		{"rate", func(p string) []string { return []string{"rate", p} }},
		{"report", func(p string) []string { return []string{"report", p, "-o", out} }},
		{"report -o", func(p string) []string { return []string{"report", run, "-o", p, "--force"} }},
		{"merge", func(p string) []string { return []string{"merge", p, "--out", out} }},
		{"merge --out", func(p string) []string { return []string{"merge", run, "--out", p, "--force"} }},
		{"--seeds", func(p string) []string { return []string{"run", "tron/small", "--seeds", p, "--out", out} }},
		{"a map", func(p string) []string { return []string{"play", "--game", "vampires", "--param", "map=" + p} }},
		{"a script", func(p string) []string { return []string{"play", "--bot", "script:file=" + p, "--bot", "stupid"} }},
		{"sprt --junit", func(p string) []string {
			return []string{"sprt", "coin/duel", "--candidate", "coin:elo=300", "--baseline", "coin", "--junit", p, "--force"}
		}},
		{"tune --resume", func(p string) []string {
			return []string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--self", "--out", p, "--resume"}
		}},
		{"knockout --seeding", func(p string) []string {
			return []string{"run", "tron/small", "--bots", "straight,stupid", "--schedule", "knockout", "--seeding", p}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "fifo")
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			code, stderr := arenaNotWaiting(t, fifo, c.args(fifo)...)
			require.Equal(t, ExitBadInput, code, stderr)
			require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			require.Contains(t, stderr, fifo+": is a named pipe; name a file")
			require.NoFileExists(t, out)
		})
	}
	// A file of a folder arena reads: a golden folder's, a ladder's.
	for _, c := range []struct {
		name, file string
		args       func(dir string) []string
	}{
		{"a golden folder's file", "match-0.jsonl.gz", func(d string) []string { return []string{"golden", "check", d} }},
		{"a ladder's registry", "ladder.json", func(d string) []string { return []string{"ladder", "show", d} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := t.TempDir()
			fifo := filepath.Join(d, c.file)
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			code, stderr := arenaNotWaiting(t, fifo, c.args(d)...)
			require.Equal(t, ExitBadInput, code, stderr)
			require.Contains(t, stderr, "is a named pipe; name a file")
		})
	}
}

// arenaNotWaiting runs arena beside the test and fails the test if it has
// not ended long after it should have at once: it then opens the other end
// of the pipe, which lets a waiting open return, so that a broken check
// fails the test instead of hanging it. The minute is no measure of speed:
// only a command waiting on the pipe reaches it.
func arenaNotWaiting(t *testing.T, fifo string, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		code := Main(context.Background(), args, &stdout, &stderr)
		done <- result{code, stderr.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(time.Minute):
		if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
			f.Close()
		}
		t.Fatalf("arena %s waited on the named pipe %s", strings.Join(args, " "), fifo)
		return 0, ""
	}
}
