package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestSandboxFlag: --sandbox runs the exec bots whose spec says nothing in
// a sandbox — here, in a fresh folder that is also their HOME — and holds
// for that command only; sandbox=off in a spec wins over it.
func TestSandboxFlag(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the sandbox needs Linux")
	}
	// It answers 100 in a folder of its own that is its HOME, else garbage.
	bot := filepath.Join(t.TempDir(), "where.sh")
	require.NoError(t, os.WriteFile(bot, []byte(`#!/bin/sh
read start
cwd=$(pwd)
while read turn; do
  case "$cwd" in */arena-bot-*) [ "$HOME" = "$cwd" ] && echo 100 && continue ;; esac
  echo nowhere
done
`), 0o755))
	faults := func(args ...string) []sim.Fault {
		out := filepath.Join(t.TempDir(), "r.jsonl")
		code, _, stderr := arena(t, append([]string{"play", "coin/duel", "--bot", "coin", "--out", out}, args...)...)
		require.Equal(t, 0, code, stderr)
		_, recs := readRecords(t, out)
		require.Len(t, recs, 1)
		return recs[0].Faults
	}
	require.Empty(t, faults("--bot", "exec:cmd="+bot, "--sandbox"), "in a sandbox")
	require.Len(t, faults("--bot", "exec:cmd="+bot), 1, "--sandbox held for its command only")
	require.Len(t, faults("--bot", "exec:cmd="+bot+",sandbox=off", "--sandbox=on"), 1, "the spec's sandbox=off wins")
	require.Empty(t, faults("--bot", "exec:cmd="+bot+",sandbox=on"), "the spec's sandbox=on")
	code, _, stderr := arena(t, "play", "coin/duel", "--bot", "coin", "--bot", "coin", "--sandbox=maybe")
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "--sandbox")
}
