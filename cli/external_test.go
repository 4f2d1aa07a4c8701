package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestMoveTimeout: --move-timeout is the deadline of an external bot's
// answers, whatever its own timeout; a late answer is a timeout fault (a
// Tron cycle that does not answer is eliminated).
func TestMoveTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline of a second")
	}
	bot := filepath.Join(t.TempDir(), "slow.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nread turn\nsleep 5\necho x+\n"), 0o755))
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "play", "tron/duel", "--bot", "exec:cmd="+bot+",name=slow,timeout=30s", "--bot", "straight",
		"--move-timeout", "1s", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs := readRecords(t, out)
	require.Len(t, recs, 1)
	require.Equal(t, []string{"slow", "straight"}, recs[0].Bots)
	require.Equal(t, []int{2, 1}, recs[0].Places)
	require.Len(t, recs[0].Faults, 1)
	require.Equal(t, sim.FaultTimeout, recs[0].Faults[0].Kind)

	code, _, stderr = arena(t, "run", "tron/duel", "--move-timeout", "-1s")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --move-timeout: -1s is negative\n", stderr)
}

// TestTimedRecords: a match with an external bot is marked timed in its
// record, and a replay of it says why it may differ; a match of in-process
// bots is not.
func TestTimedRecords(t *testing.T) {
	bot := filepath.Join(t.TempDir(), "left.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nwhile read turn; do echo y+; done\n"), 0o755))
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "run", "tron/duel", "--bot", "exec:cmd="+bot, "--bot", "straight", "--games", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs := readRecords(t, out)
	require.Len(t, recs, 2)
	for _, r := range recs {
		require.True(t, r.Timed)
	}
	code, stdout, stderr := arena(t, "play", "--from", out, "--match", "1")
	require.Contains(t, []int{0, 1}, code, stderr)
	require.Contains(t, stdout+stderr, "the match was timed")

	out2 := filepath.Join(t.TempDir(), "r2.jsonl")
	code, _, stderr = arena(t, "run", "tron/duel", "--bots", "straight,stupid", "--games", "2", "--out", out2)
	require.Equal(t, 0, code, stderr)
	raw, err := os.ReadFile(out2)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "timed")
}
