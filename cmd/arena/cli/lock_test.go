//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutputFilesAreLocked: while one arena writes a results or tune file,
// another that would write it — resume it, or overwrite it with --force —
// is refused with exit 2, and the file is left as it was.
func TestOutputFilesAreLocked(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--out", out}, quick...)...)
	require.Equal(t, 0, code, stderr)
	tuned := filepath.Join(dir, "tune.jsonl")
	code, _, stderr = arena(t, "tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--self", "--iterations", "3", "--pairs-per-iter", "2", "--out", tuned)
	require.Equal(t, 0, code, stderr)

	for _, tc := range []struct {
		path string
		args []string
	}{
		{out, append([]string{"run", "tron/small", "--out", out, "--resume"}, quick...)},
		{out, append([]string{"run", "tron/small", "--out", out, "--force"}, quick...)},
		{tuned, []string{"tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--self", "--iterations", "3", "--pairs-per-iter", "2", "--out", tuned, "--resume"}},
		{tuned, []string{"play", "coin/duel", "--trace", tuned, "--force"}},
	} {
		before, err := os.ReadFile(tc.path)
		require.NoError(t, err)
		held, err := os.OpenFile(tc.path, os.O_RDWR, 0)
		require.NoError(t, err)
		require.NoError(t, lockFile(held), "the test takes the lock as another arena would")
		code, _, stderr := arena(t, tc.args...)
		require.Equal(t, 2, code, "%v: %s", tc.args, stderr)
		require.Contains(t, stderr, "another arena is writing this file (it is locked)")
		after, err := os.ReadFile(tc.path)
		require.NoError(t, err)
		require.Equal(t, string(before), string(after), "%v touched the file", tc.args)
		require.NoError(t, held.Close())
	}
	// Released, the file is free again.
	code, _, stderr = arena(t, append([]string{"run", "tron/small", "--out", out, "--resume"}, quick...)...)
	require.Equal(t, 0, code, stderr)

	// A device is written as it is: not locked (another arena may write
	// it too), not emptied.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	require.NoError(t, lockFile(null))
	defer null.Close()
	for _, args := range [][]string{
		append([]string{"run", "tron/small", "--out", os.DevNull, "--force"}, quick...),
		{"play", "tron/small", "--bots", "straight,stupid", "--trace", os.DevNull, "--html", filepath.Join(dir, "p.html"), "--force"},
	} {
		code, _, stderr := arena(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
	}
}
