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
	cmd := arenaCmd("run", "tron/duel", "--games", "400", "-j", "2", "--out", out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(out)
		if bytes.Count(b, []byte("\n")) >= 4 || time.Now().After(deadline) {
			break
		}
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
	require.Equal(t, "arena: --bots: unknown bot \"nobody\" for game tron (known: random, stupid, straight, strong, script)\n", stderr.String())
}
