package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestMoveTimeout: --move-timeout is the deadline of an external bot's
// answers after its first (which has the start-up grace), whatever its own
// timeout; a late answer is a timeout fault (a Tron cycle that does not
// answer is eliminated).
func TestMoveTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline of a second")
	}
	bot := filepath.Join(t.TempDir(), "slow.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nread turn\necho x+\nread turn\nsleep 5\necho x+\n"), 0o755))
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
// record, which keeps every turn's actions, and a replay plays them back; a
// match of in-process bots is neither.
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
		require.Len(t, r.Actions, r.Turns, "one row of actions a turn")
		require.Equal(t, "y+", *r.Actions[0][slices.Index(r.Bots, "left.sh")], "an exec bot is named after its program")
	}
	// The replay plays the recorded actions back: the program is not
	// needed any more, and the match is the same.
	require.NoError(t, os.Remove(bot))
	code, stdout, stderr := arena(t, "play", "--from", out, "--match", "1")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "matches match 1")
	require.Contains(t, stdout, "(a timed match, played back from its recorded actions)")

	out2 := filepath.Join(t.TempDir(), "r2.jsonl")
	code, _, stderr = arena(t, "run", "tron/duel", "--bots", "straight,stupid", "--games", "2", "--out", out2)
	require.Equal(t, 0, code, stderr)
	raw, err := os.ReadFile(out2)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "timed")
}

// TestExternalProcessesStayWithinTheWorkers: with -j 2 and two external
// bots in a duel, at most 2 matches × 2 seats processes run at once, and
// none is left when the run is over. The sampling is first shown to see a
// process of the marker's (one the test starts itself): during the run, a
// loaded machine may sample too seldom to catch a short match, which must
// not fail the test, but a sampling that can see nothing would pass it
// whatever arena did.
func TestExternalProcessesStayWithinTheWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("samples /proc during a run")
	}
	marker := "arena-limit-" + strconv.Itoa(os.Getpid())
	bot := filepath.Join(t.TempDir(), marker+".sh")
	// It would linger after its input ends: only arena's kill ends it.
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nwhile read turn; do echo y+; done\nsleep 1000\n"), 0o755))

	probe := exec.Command(bot)
	in, err := probe.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, probe.Start())
	require.Equal(t, []int{probe.Process.Pid}, running(marker), "the sampling sees a program of the marker's")
	require.NoError(t, probe.Process.Kill())
	_ = in.Close()
	_ = probe.Wait()
	require.Empty(t, running(marker), "and no more once it has ended")

	most, stop := 0, make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			most = max(most, len(running(marker)))
			time.Sleep(2 * time.Millisecond)
		}
	}()
	code, _, stderr := arena(t, "run", "tron/duel", "--param", "width=30", "--param", "height=30", "--bot", "exec:cmd="+bot+",name=a",
		"--bot", "exec:cmd="+bot+",name=b", "--games", "40", "-j", "2")
	close(stop)
	<-done
	require.Equal(t, 0, code, stderr)
	require.LessOrEqual(t, most, 4)
	require.Empty(t, running(marker), "none left")
}

// running returns the live processes whose command line holds marker.
func running(marker string) []int {
	var pids []int
	cmdlines, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, path := range cmdlines {
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), marker) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(filepath.Dir(path), "stat"))
		if err == nil && !strings.Contains(string(stat[strings.LastIndexByte(string(stat), ')'):]), ") Z") {
			if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(path))); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// TestLogsBesideOut: an external program's standard error is kept per
// match and seat in a folder beside --out (r.jsonl: r.logs), by run and by
// play.
func TestLogsBesideOut(t *testing.T) {
	dir := t.TempDir()
	bot := filepath.Join(dir, "talk.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\necho \"I am here\" >&2\nwhile read turn; do echo 100; done\n"), 0o755))
	out := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, "run", "coin/duel", "--bot", "exec:cmd="+bot+",name=talk", "--bot", "coin", "--games", "4", "-j", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs := readRecords(t, out)
	require.Len(t, recs, 4)
	for _, r := range recs {
		seat := slices.Index(r.Bots, "talk")
		data, err := os.ReadFile(filepath.Join(dir, "r.logs", fmt.Sprintf("match-%d.seat-%d.stderr", r.Match, seat)))
		require.NoError(t, err)
		require.Equal(t, "I am here\n", string(data))
	}
	code, _, stderr = arena(t, "play", "coin/duel", "--bot", "coin", "--bot", "exec:cmd="+bot, "--out", filepath.Join(dir, "p.jsonl"))
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(filepath.Join(dir, "p.logs", "match-0.seat-1.stderr"))
	require.NoError(t, err)
	require.Equal(t, "I am here\n", string(data))
}

// TestWatchdogFailsMatches: under --move-timeout, in-process bots that
// think longer (here, any: 1ns) fail their matches, which are reported and
// recorded with their error, and the run exits 4.
func TestWatchdogFailsMatches(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "run", "tron/duel", "--bots", "straight,stupid", "--games", "2", "--move-timeout", "1ns", "--out", out)
	require.Equal(t, 4, code)
	require.Contains(t, stderr, "2 of 2 matches failed with an engine error or a bot the --move-timeout watchdog gave up on")
	_, recs := readRecords(t, out)
	require.Len(t, recs, 2)
	for _, r := range recs {
		require.Regexp(t, `^the bot in seat [01] thought longer than the move timeout \(1ns\) in turn [0-9]+: the match is abandoned$`, r.Error)
	}
}

// TestReplayOfFaults: a timed match's record tells a turn with no answer
// (null, and a fault) from an answer that is no action (its text), and a
// replay plays each back as it was: in Vampires, a void ply, then a
// forfeit.
func TestReplayOfFaults(t *testing.T) {
	bot := filepath.Join(t.TempDir(), "late.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nread start\nread ply\nsleep 1.5\necho late\nwhile read ply; do echo garbage; done\n"), 0o755))
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "play", "vampires/duel", "--bot", "exec:cmd="+bot+",timeout=1s,startup=1s", "--bot", "greedy", "--out", out)
	require.Equal(t, 0, code, stderr)
	_, recs := readRecords(t, out)
	require.Len(t, recs, 1)
	r := recs[0]
	// Ply 1 times out; ply 3, or a later one if the machine is slow,
	// answers garbage and forfeits.
	require.Equal(t, []int{2, 1}, r.Places)
	first, last := r.Faults[0], r.Faults[len(r.Faults)-1]
	require.Equal(t, sim.Fault{Seat: 0, Turn: 1, Kind: sim.FaultTimeout, Msg: first.Msg}, first)
	require.Nil(t, r.Actions[0][0], "no answer")
	require.Equal(t, sim.FaultInvalid, last.Kind)
	require.Equal(t, r.Turns, last.Turn)
	require.Equal(t, "garbage", *r.Actions[last.Turn-1][0], "the text that is no ply")
	code, stdout, stderr := arena(t, "play", "--from", out, "--match", "0")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "matches match 0")
}
