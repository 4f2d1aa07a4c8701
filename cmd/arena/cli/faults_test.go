package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFaultsAreNeverSilent: a bot that faulted gets a line on stderr after
// the table, from run and from rate alike, and --max-faults makes it fail.
func TestFaultsAreNeverSilent(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "one.txt")
	require.NoError(t, os.WriteFile(script, []byte("x+\n"), 0o644)) // one move, then no answer
	out := filepath.Join(dir, "r.jsonl")
	run := []string{"run", "tron/small", "--bot", "script:file=" + script, "--bots", "straight", "--games", "4", "--bootstrap", "0"}
	line := "arena: script:file=" + script + ": 3 faults in 4 matches — 3 no-answer\n"

	code, stdout, stderr := arena(t, append(run, "--out", out)...)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "straight")
	require.Equal(t, line, stderr, "one line per bot that faulted, after the table")

	code, _, rateErr := arena(t, "rate", out, "--bootstrap", "0")
	require.Equal(t, 0, code)
	require.Equal(t, line, rateErr, "rate says the same")

	for _, tc := range []struct {
		gate string
		code int
		msg  string
	}{
		{"3", 0, ""},
		{"2", 1, "arena: --max-faults 2: script:file=" + script + " has 3 faults\n"},
		{"0", 1, "arena: --max-faults 0: script:file=" + script + " has 3 faults\n"},
		{"75%", 0, ""},
		{"74.5%", 1, "arena: --max-faults 74.5%: script:file=" + script + " has 3 faults in 4 matches (75.0%)\n"},
	} {
		code, _, stderr := arena(t, append(run, "--max-faults", tc.gate)...)
		require.Equal(t, tc.code, code, "run --max-faults %s: %s", tc.gate, stderr)
		require.Equal(t, line+tc.msg, stderr, "run --max-faults %s", tc.gate)
		code, _, stderr = arena(t, "rate", out, "--bootstrap", "0", "--max-faults", tc.gate)
		require.Equal(t, tc.code, code, "rate --max-faults %s: %s", tc.gate, stderr)
		require.Equal(t, line+tc.msg, stderr, "rate --max-faults %s", tc.gate)
	}

	// Without a fault, nothing is said and any gate passes.
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "4", "--bootstrap", "0", "--max-faults", "0")
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr)

	for _, bad := range []string{"abc", "-1", "1.5", "101%", "x%", "NaN"} {
		code, _, stderr := arena(t, append(run, "--max-faults", bad)...)
		require.Equal(t, 2, code, bad)
		require.True(t, strings.HasPrefix(stderr, "arena: --max-faults: "), stderr)
		require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	}
}

// fullWriter is a stdout whose every write fails, as on a full disk.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutThatCannotBeWritten: what a command prints must reach stdout:
// a write that fails ends arena with exit 4 and one line, whatever the
// command.
func TestStdoutThatCannotBeWritten(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", out)
	require.Zero(t, code, stderr)
	for _, args := range [][]string{
		{"list"}, {"list", "scenarios", "-f", "json"}, {"version"}, {"help"}, {"help", "run"},
		{"run", "tron/small", "--bots", "straight,stupid", "--games", "2"},
		{"rate", out}, {"play", "tron/small", "--bots", "straight,stupid"}, {"completion", "bash"},
	} {
		var errOut bytes.Buffer
		code := Main(context.Background(), args, fullWriter{}, &errOut)
		require.Equal(t, ExitInternal, code, "%v: %s", args, errOut.String())
		require.Equal(t, "arena: stdout: no space left on device\n", errOut.String(), args)
	}
}

// TestScriptBlankLines: in Aquar.iom a blank line of a script is a turn
// without action (no fault); in Minibus, where a blank answer would lose,
// it is skipped.
func TestScriptBlankLines(t *testing.T) {
	dir := t.TempDir()
	waits := filepath.Join(dir, "waits.txt")
	require.NoError(t, os.WriteFile(waits, []byte("\n\n;\n\n\n"), 0o644))
	out := filepath.Join(dir, "a.jsonl")
	code, _, stderr := arena(t, "play", "aquariom/duel", "--bot", "script:file="+waits, "--bot", "idle", "--param", "nb_turns=5", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs := readRecords(t, out)
	require.Empty(t, recs[0].Faults, "five turns without action")

	passes := filepath.Join(dir, "passes.txt")
	require.NoError(t, os.WriteFile(passes, []byte("PASS\n\nPASS\n"), 0o644))
	out = filepath.Join(dir, "m.jsonl")
	code, _, stderr = arena(t, "play", "minibus/ffa4", "--param", "players=2", "--bot", "script:file="+passes, "--bot", "iaSNCF", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs = readRecords(t, out)
	require.NotEmpty(t, recs[0].Faults)
	require.Equal(t, 3, recs[0].Faults[0].Turn, "two PASS played, the blank line skipped, then the file ends")
}

// TestPenaltiesAreNoFaults: in Sopra the built-in bots move into cells that
// hold a player, which the rules punish (−5, stunned next round); those
// are penalties, counted in a column and a record field of their own,
// never faults: no line on stderr, and --max-faults 0 passes in run, rate
// and sprt. A program that answers garbage still faults and still fails
// the gate, beside the others' penalties.
func TestPenaltiesAreNoFaults(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	code, stdout, stderr := arena(t, "run", "sopra/match", "--games", "6", "--bootstrap", "0", "--max-faults", "0", "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr, "no bot faulted")
	require.Contains(t, stdout, "│ FAULTS │ PENALTIES │")

	_, recs := readRecords(t, out)
	penalties := map[string]int{}
	for _, r := range recs {
		require.Empty(t, r.Faults, "match %d", r.Match)
		for _, p := range r.Penalties {
			require.Contains(t, p.Msg, ": target holds a player; penalty, stunned next round")
			penalties[r.Bots[p.Seat]]++
		}
	}
	require.Positive(t, penalties["brawler"], "the brawler runs into players: %v", penalties)
	text, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(text), `"faults":[],"penalties":[{"seat":`)

	code, js, stderr := arena(t, "rate", out, "--bootstrap", "0", "--max-faults", "0", "--format", "json")
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr)
	var st struct {
		Ratings []struct {
			Bot       string
			Faults    int
			Penalties int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(js), &st))
	for _, r := range st.Ratings {
		require.Zero(t, r.Faults, r.Bot)
		require.Equal(t, penalties[r.Bot], r.Penalties, r.Bot)
	}

	page := filepath.Join(dir, "r.html")
	code, _, stderr = arena(t, "report", "-o", page, out, "--bootstrap", "0")
	require.Equal(t, 0, code, stderr)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	require.Regexp(t, `"faults":0,"penalties":[1-9]`, string(html), "the page's standings carry the penalties, for their column")

	code, stdout, stderr = arena(t, "play", "sopra/match")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "│ FAULTS │ PENALTIES │")
	require.Regexp(t, `(?m)^penalty: seat \d \([a-z#0-9]+\), turn \d+: [NSEOJ]+: target holds a player; penalty, stunned next round$`, stdout)
	require.NotContains(t, stdout, "fault:")

	code, _, stderr = arena(t, "sprt", "sopra/match", "--candidate", "collector", "--baseline", "brawler", "--max-games", "12", "--max-faults", "0")
	require.Contains(t, []int{0, 3}, code, "decided or undecided, never the gate's 1: %s", stderr)
	require.NotContains(t, stderr, "fault")

	// A true fault: a program that answers garbage.
	bot := filepath.Join(dir, "banana.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nwhile read t; do echo banana; done\n"), 0o755))
	code, stdout, stderr = arena(t, "run", "sopra/match", "--bot", "exec:cmd="+bot+",name=banana", "--bots", "brawler,collector",
		"--games", "2", "--bootstrap", "0", "--max-faults", "0")
	require.Equal(t, 1, code, stderr)
	require.Regexp(t, `^arena: banana: \d+ faults in 3 matches — `, stderr)
	require.Contains(t, stderr, "arena: --max-faults 0: banana has ")
	require.NotContains(t, stderr, "brawler", "the others' penalties are no faults")
	require.NotContains(t, stderr, "collector")
	require.Contains(t, stdout, "PENALTIES")
}
