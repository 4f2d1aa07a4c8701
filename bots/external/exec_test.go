package external

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	abots "github.com/arenasim/arena/bots/aquariom"
	sobots "github.com/arenasim/arena/bots/sopra"
	vbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// script writes a shell script for a test bot and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bot.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755))
	return path
}

// race sets up the toy race game (each turn adds the number a seat
// answers) for seats entrants given by spec text.
func race(t *testing.T, turns int, specs ...string) sim.Setup {
	t.Helper()
	st, err := simtest.Game(Exec()).Setup(simtest.ParamsJSON(t, fmt.Sprintf(`{"turns":%d,"players":%d}`, turns, len(specs))), simtest.Specs(t, specs...))
	require.NoError(t, err)
	return st
}

// play plays one match with every entrant in its own seat, and closes the
// table.
func play(t *testing.T, st sim.Setup, timeout time.Duration) sim.Result {
	t.Helper()
	table := st.NewTable()
	table.SetMoveTimeout(timeout)
	seating := make([]int, st.Seats())
	for k := range seating {
		seating[k] = k
	}
	res := table.Play(context.Background(), 1, seating)
	require.NoError(t, table.Close())
	return res
}

// gone reports whether process pid has ended (a zombie waiting for init to
// reap it has), waiting for a kill to land: at once on an idle machine, and
// up to a minute on one too busy to schedule the exit.
func gone(pid int) bool {
	for range 6000 {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return true
		}
		// pid (comm) state …; comm may hold spaces: the state follows the last ')'.
		if fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:])); len(fields) > 0 && fields[0] == "Z" {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// readPID reads the pid a test bot wrote.
func readPID(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	require.NoError(t, err)
	return pid
}

// TestAWellBehavedProgram: the program gets the start line and one turn
// line per turn, and its answers are played.
func TestAWellBehavedProgram(t *testing.T) {
	dir := t.TempDir()
	bot := script(t, `read start; echo "$start" > `+dir+`/start
n=0
while read line; do n=$((n+1)); echo "$line" >> `+dir+`/turns; echo $n; done
`)
	st := race(t, 3, "exec:cmd="+bot, "step:by=2")
	before := runtime.NumGoroutine()
	res := play(t, st, 0)
	// Goroutines of the runtime's own may take a moment to end; one of
	// ours left behind never would.
	for end := time.Now().Add(time.Minute); runtime.NumGoroutine() > before && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), before, "no goroutine left once the table is closed")
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	start, err := os.ReadFile(filepath.Join(dir, "start"))
	require.NoError(t, err)
	require.Regexp(t, `^\{"type":"start","game":"race","seat":0,"seats":2,"params":\{"divisor":1,"players":2,"turns":3\},"seed":[0-9]+\}\n$`, string(start))
	turns, err := os.ReadFile(filepath.Join(dir, "turns"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(turns)), "\n")
	require.Len(t, lines, 3)
	for _, l := range lines {
		require.Regexp(t, `^\{"type":"turn","observation":\{"total":[0-9]+\}\}$`, l)
	}
	h := simtest.Race{Players: 2}
	var s0 simtest.RaceState
	h.Init(&s0, sim.NewRand(1, sim.EngineStream))
	require.Equal(t, []float64{float64(s0.Totals[0] + 1 + 2 + 3), float64(s0.Totals[1] + 6)}, res.Scores, "it answered 1, 2, 3")
}

// TestMisbehavingPrograms: each kind of misbehaviour is its seat's fault,
// of the right kind, played as no answer; the match goes on, and no
// process is left when the table is closed.
func TestMisbehavingPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for deadlines of a second")
	}
	for _, tc := range []struct {
		name, body string
		kind       sim.FaultKind
		msg        string // a part of the first fault's message
		faults     int    // faults of seat 0 in 4 turns
	}{
		{"sleeps forever", `read start; read t; echo 1; read t; sleep 1000`, sim.FaultTimeout, "no answer before the deadline", 3},
		{"exits at turn 3", `read start; read t; echo 1; read t; echo 1; read t; echo "bye" >&2; exit 3`, sim.FaultNoAnswer, "exit status 3; stderr: bye", 2},
		{"prints garbage", `read start; while read t; do echo banana; done`, sim.FaultInvalid, `parsing "banana"`, 4},
		{"prints a megabyte", `read start; read t; head -c 1048576 /dev/zero | tr '\0' 7; echo`, sim.FaultNoAnswer, "line longer than 65536 bytes", 4},
		{"never reads", `exec sleep 1000`, sim.FaultTimeout, "no answer before the deadline", 4},
		{"exits at once", ``, sim.FaultNoAnswer, "exit status 0", 4},
		// Exited, but a child holds its output open: its keeper ends the
		// child at once, and the exit is seen (TestExitSeenAtOnce).
		{"leaves a child holding its output", `(sleep 1000) & read start; read t; echo 1; exit 0`, sim.FaultNoAnswer, "exit status 0", 3},
	} {
		if runtime.GOOS != "linux" && tc.name == "leaves a child holding its output" {
			tc.kind = 0 // no keeper: a timeout, or a broken pipe
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each mostly waits for a deadline
			pidFile := filepath.Join(t.TempDir(), "pid")
			// The program forks a child that lingers, its output elsewhere.
			childFile := filepath.Join(t.TempDir(), "child")
			bot := script(t, "echo $$ > "+pidFile+"\n(sleep 1000) >/dev/null 2>&1 &\necho $! > "+childFile+"\n"+tc.body)
			st := race(t, 4, "exec:cmd="+bot+",timeout=1s,startup=1s", "step")
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			mine := faultsOf(res, 0)
			require.Len(t, mine, tc.faults, "%v", mine)
			if tc.kind == 0 {
				require.Contains(t, []sim.FaultKind{sim.FaultTimeout, sim.FaultNoAnswer}, mine[0].Kind, mine[0].Msg)
			} else {
				require.Equal(t, tc.kind, mine[0].Kind, mine[0].Msg)
				require.Contains(t, mine[0].Msg, tc.msg)
			}
			require.True(t, gone(readPID(t, pidFile)), "the program is gone")
			require.True(t, gone(readPID(t, childFile)), "the child it forked is gone")
		})
	}
}

// TestLateAnswerIsDropped: an answer that comes after its deadline is not
// taken for the next turn's.
func TestLateAnswerIsDropped(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline of a second")
	}
	// Late on its second turn: the first answer has the start-up grace.
	bot := script(t, `read start; read t; echo 1; read t; sleep 1.5; echo 5; while read t; do echo 1; done`)
	st := race(t, 4, "exec:cmd="+bot+",timeout=1s", "step")
	res := play(t, st, 0)
	require.Len(t, res.Faults, 1)
	require.Equal(t, sim.FaultTimeout, res.Faults[0].Kind)
	h := simtest.Race{Players: 2}
	var s0 simtest.RaceState
	h.Init(&s0, sim.NewRand(1, sim.EngineStream))
	require.Equal(t, float64(s0.Totals[0]+3), res.Scores[0], "turns 1, 3 and 4 play 1 each; the late 5 is dropped")
}

func TestBadSpecs(t *testing.T) {
	notExec := filepath.Join(t.TempDir(), "bot.py")
	require.NoError(t, os.WriteFile(notExec, []byte("print(1)\n"), 0o644))
	for spec, msg := range map[string]string{
		"exec":                      "bot exec: param cmd: required, none given",
		"exec:cmd=/no/such/program": `bot exec:cmd=/no/such/program: param cmd: /no/such/program: no such file`,
		"exec:cmd=nosuchprogram_x":  `bot exec:cmd=nosuchprogram_x: param cmd: "nosuchprogram_x" is no program on $PATH (a program of your own takes its path: cmd=./bot)`,
		"exec:cmd=" + notExec:       `bot exec:cmd=` + notExec + `: param cmd: ` + notExec + `: not an executable file (chmod +x it, or give its interpreter: cmd=python3,args=` + notExec + `)`,
		"exec:cmd=sh,timeout=soon":  `bot exec:cmd=sh,timeout=soon: param timeout: "soon" is not a positive duration (write 50ms, 2s, 1m)`,
		"exec:cmd=sh,proto=binary":  `bot exec:cmd=sh,proto=binary: param proto: "binary" is not one of json, original`,
		"exec:cmd=sh,chain=maybe":   `bot exec:cmd=sh,chain=maybe: param chain: "maybe" is not true or false`,
	} {
		_, err := simtest.Game(Exec()).Setup(simtest.ParamsJSON(t, `{}`), simtest.Specs(t, spec, "step"))
		require.EqualError(t, err, msg, spec)
	}
	g := coin.Game() // no original protocol on standard input and output
	_, err := sim.Erase(&g, Exec()).Setup(sim.Params{}, simtest.Specs(t, "exec:cmd=sh,proto=original", "coin"))
	require.EqualError(t, err, "bot exec:cmd=sh,proto=original: param proto: coin has no original protocol (use proto=json)")
}

// TestOriginalProtocolOverTCP: a Sopra client that never connects, or
// registers as another team, gives no answer (a timeout, a refusal) and
// leaves no process; the match goes on.
func TestOriginalProtocolOverTCP(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline of a second")
	}
	g := sopra.Game()
	g.Bots = sobots.Bots()
	game := sim.Erase(&g, Exec())
	for _, tc := range []struct {
		name, body string
		startup    string // its start-up grace: what "never" waits for
		kind       sim.FaultKind
		msg        string
	}{
		{"never connects", `sleep 1000`, "1s", sim.FaultTimeout, "did not connect"},
		{"registers as another team", `exec python3 -c "
import socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
s.sendall(b'x%%inscription::1;6\n')
s.recv(100)
" "$@"`, "10s", sim.FaultNoAnswer, "greeting refused: inscription to game 1 as team 6, want game 1 as team 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.kind == sim.FaultNoAnswer {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			pidFile := filepath.Join(t.TempDir(), "pid")
			bot := script(t, "echo $$ > "+pidFile+"\n"+tc.body+"\n")
			st, err := game.Setup(simtest.ParamsJSON(t, `{"players":2,"rounds":3}`), simtest.Specs(t, "exec:cmd="+bot+",proto=original,timeout=1s,startup="+tc.startup, "collector"))
			require.NoError(t, err)
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			mine := faultsOf(res, 0)
			require.NotEmpty(t, mine)
			require.Equal(t, tc.kind, mine[0].Kind, mine[0].Msg)
			require.Contains(t, mine[0].Msg, tc.msg)
			require.True(t, gone(readPID(t, pidFile)), "the program is gone")
		})
	}
}

// TestBinaryProtocolOverTCP: a Vampires client that names itself, then
// answers its first UPD with bytes that are no frame, plays an invalid ply
// (which forfeits, by the rules), and leaves no process.
func TestBinaryProtocolOverTCP(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	g := vampires.Game()
	g.Bots = vbots.Bots()
	pidFile := filepath.Join(t.TempDir(), "pid")
	bot := script(t, "echo $$ > "+pidFile+`
exec python3 -c "
import socket, sys, time
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
s.sendall(b'NME\x01x')
while b'UPD' not in s.recv(4096):
    pass
s.sendall(b'garbage!')
time.sleep(1000)
" "$@"
`)
	st, err := sim.Erase(&g, Exec()).Setup(sim.Params{}, simtest.Specs(t, "exec:cmd="+bot+",proto=original,timeout=1s", "greedy"))
	require.NoError(t, err)
	res := play(t, st, 0)
	require.NoError(t, res.Err)
	require.Equal(t, 1, res.Turns)
	require.Equal(t, []int{2, 1}, res.Places)
	mine := faultsOf(res, 0)
	require.Len(t, mine, 1, "%v", mine)
	require.Equal(t, sim.FaultInvalid, mine[0].Kind, mine[0].Msg)
	require.Contains(t, mine[0].Msg, `unknown command "gar"`)
	require.True(t, gone(readPID(t, pidFile)), "the program is gone")
}

// TestOriginalEndsWithTheScores: an Aquar.iom client reads every message
// of the kit's protocol in order — the login's answer, WELCOME,
// GAME_STARTS, a TURN a turn, GAME_ENDS, LOGOUT — and has the time to
// note the last before it is stopped.
func TestOriginalEndsWithTheScores(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	g := aquariom.Game()
	g.Bots = abots.Bots()
	seen := filepath.Join(t.TempDir(), "seen")
	bot := script(t, `exec python3 -c "
import socket, struct, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
s.sendall(struct.pack('<BI', 0, 4) + b'test')
f = s.makefile('rb')
log = open('`+seen+`', 'w')
def take(n):
    b = f.read(n)
    if len(b) < n:
        raise EOFError
    return b
while True:
    kind = take(1)[0]
    log.write('%d ' % kind)
    log.flush()
    if kind in (2, 3):
        if kind == 3:
            break
        continue
    size, = struct.unpack('<I', take(4))
    if kind == 8:
        turn, = struct.unpack('<I', take(4))
        take(size)
        ack = struct.pack('<IIIB', 0, 0, 0, 0)
        s.sendall(struct.pack('<BII', 9, len(ack), turn) + ack)
    else:
        take(size)
" "$@"
`)
	st, err := sim.Erase(&g, Exec()).Setup(simtest.ParamsJSON(t, `{"nb_turns":3}`), simtest.Specs(t, "exec:cmd="+bot+",proto=original,timeout=5s", "nearest"))
	require.NoError(t, err)
	res := play(t, st, 0)
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	require.Equal(t, 3, res.Turns)
	data, err := os.ReadFile(seen)
	require.NoError(t, err)
	require.Equal(t, "2 5 6 8 8 8 7 3 ", string(data))
}

// faultsOf returns the faults of one seat in a match.
func faultsOf(res sim.Result, seat int) []sim.Fault {
	var mine []sim.Fault
	for _, f := range res.Faults {
		if f.Seat == seat {
			mine = append(mine, f)
		}
	}
	return mine
}

// TestStandardErrorLogs: with a logs folder, each match keeps each
// program's standard error in a file of its own, cut at MaxLogBytes; a
// program that writes nothing leaves no file.
func TestStandardErrorLogs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r.logs")
	chatty := script(t, `read start
echo "starting" >&2
head -c 2000000 /dev/zero | tr '\0' x >&2
while read turn; do echo 1; done
`)
	quiet := script(t, "read start\nwhile read turn; do echo 1; done\n")
	st := race(t, 2, "exec:cmd="+chatty+",timeout=5s", "exec:cmd="+quiet+",timeout=5s")
	table := st.NewTable()
	table.SetLog(dir, 7)
	res := table.Play(context.Background(), 1, []int{0, 1})
	require.NoError(t, table.Close())
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	data, err := os.ReadFile(filepath.Join(dir, "match-7.seat-0.stderr"))
	require.NoError(t, err)
	note := fmt.Sprintf("\n[arena: the log is cut here: it keeps %d bytes a match and seat]\n", MaxLogBytes)
	require.Len(t, data, MaxLogBytes+len(note))
	require.True(t, strings.HasPrefix(string(data), "starting\nxxx"))
	require.True(t, strings.HasSuffix(string(data), "xxx"+note))
	_, err = os.Stat(filepath.Join(dir, "match-7.seat-1.stderr"))
	require.ErrorIs(t, err, os.ErrNotExist, "a program that writes nothing leaves no log")
	require.Equal(t, "match-12.seat-3.stderr", LogName(12, 3))
}

// TestChainedProcess: with chain=true one process plays match after match
// on a table: each match's end is an end line, the next match's start a
// start line, and the process's pid stays. A process that timed out is
// not chained (a late answer would land in the next match): a new one
// plays the next match. Without chain, every match has its own process.
func TestChainedProcess(t *testing.T) {
	dir := t.TempDir()
	// It answers 100·(matches started) + (matches ended), and notes its pid
	// at every start; in the last turn of match 3 it sleeps past its
	// deadline, so that the match ends with its answer owed.
	bot := script(t, `starts=0; ends=0
while read line; do
  case "$line" in
  *'"type":"start"'*) starts=$((starts+1)); echo $$ >> `+dir+`/pids; turn=0 ;;
  *'"type":"end"'*) ends=$((ends+1)) ;;
  *) turn=$((turn+1))
     if [ -f `+dir+`/sleep ] && [ $starts = 3 ] && [ $turn = 2 ]; then sleep 1.5; fi
     echo $((100*starts+ends)) ;;
  esac
done
`)
	answers := func(spec string, sleep bool) ([]float64, []string) {
		_ = os.Remove(filepath.Join(dir, "pids"))
		_ = os.Remove(filepath.Join(dir, "sleep"))
		if sleep {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "sleep"), nil, 0o644))
		}
		st := race(t, 2, spec, "step")
		table := st.NewTable()
		var got []float64
		for m := range 4 {
			res := table.Play(context.Background(), uint64(m+1), []int{0, 1})
			require.NoError(t, res.Err)
			h := simtest.Race{Players: 2}
			var s0 simtest.RaceState
			h.Init(&s0, sim.NewRand(uint64(m+1), sim.EngineStream))
			got = append(got, res.Scores[0]-float64(s0.Totals[0]))
		}
		require.NoError(t, table.Close())
		pids, err := os.ReadFile(filepath.Join(dir, "pids"))
		require.NoError(t, err)
		return got, strings.Fields(string(pids))
	}

	got, pids := answers("exec:cmd="+bot+",chain=true", false)
	require.Equal(t, []float64{2 * 100, 2 * 201, 2 * 302, 2 * 403}, got, "one process: its matches started and ended so far")
	require.Len(t, pids, 4)
	require.Equal(t, []string{pids[0], pids[0], pids[0], pids[0]}, pids, "the same process")
	require.True(t, gone(mustAtoi(t, pids[0])), "closing the table stops it")

	got, pids = answers("exec:cmd="+bot, false)
	require.Equal(t, []float64{200, 200, 200, 200}, got, "a process per match")
	require.Len(t, slices.Compact(slices.Clone(pids)), 4)

	if testing.Short() {
		return
	}
	got, pids = answers("exec:cmd="+bot+",chain=true,timeout=1s", true)
	require.Equal(t, []float64{2 * 100, 2 * 201, 302, 2 * 100}, got, "match 3: its last turn late; match 4: a new process")
	require.Equal(t, pids[0], pids[2])
	require.NotEqual(t, pids[2], pids[3])
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// TestChainedProcessGoneBetweenMatches: a chained program that exits after
// an end line is replaced when the next match starts, if it is gone by
// then: the next match is played without a fault.
func TestChainedProcessGoneBetweenMatches(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	bot := script(t, `echo $$ > `+pidFile+`
while read line; do
  case "$line" in
  *'"type":"end"'*) exit 0 ;;
  *'"type":"turn"'*) echo 1 ;;
  esac
done
`)
	st := race(t, 2, "exec:cmd="+bot+",chain=true", "step")
	table := st.NewTable()
	defer table.Close()
	for m := range 3 {
		res := table.Play(context.Background(), uint64(m+1), []int{0, 1})
		require.NoError(t, res.Err)
		require.Empty(t, res.Faults, "match %d", m)
		require.True(t, gone(readPID(t, pidFile)), "match %d: the program exits after its end line", m)
	}
}

// TestStartupGrace: the first answer of a match may take longer than the
// turn's timeout — an interpreter starting — by the startup= grace (10 s
// by default), even under a shorter move timeout; a later answer has only
// the turn's.
func TestStartupGrace(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a slow start of a second")
	}
	slow := script(t, `read start; read t; sleep 1; while true; do echo 1; read t || exit 0; done`)
	for _, tc := range []struct {
		name    string
		spec    string
		timeout time.Duration // the run's --move-timeout
		late    bool
	}{
		{"the default grace", "exec:cmd=" + slow + ",timeout=200ms", 0, false},
		{"under a move timeout", "exec:cmd=" + slow + ",timeout=200ms", 200 * time.Millisecond, false},
		{"a grace too short", "exec:cmd=" + slow + ",timeout=200ms,startup=300ms", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := play(t, race(t, 3, tc.spec, "step"), tc.timeout)
			require.NoError(t, res.Err)
			if !tc.late {
				require.Empty(t, faultsOf(res, 0))
				return
			}
			// Late on the first turn; still asleep for the next ones.
			require.NotEmpty(t, res.Faults)
			require.Equal(t, sim.FaultTimeout, res.Faults[0].Kind)
			require.Equal(t, 1, res.Faults[0].Turn, "the first turn's answer was late")
		})
	}
	_, err := simtest.Game(Exec()).Setup(simtest.ParamsJSON(t, `{}`), simtest.Specs(t, "exec:cmd=sh,startup=never", "step"))
	require.EqualError(t, err, `bot exec:cmd=sh,startup=never: param startup: "never" is not a positive duration (write 50ms, 2s, 1m)`)
}

// TestProgramNames: an exec bot without name= is named in tables and
// records after its program, or after its script when the program is an
// interpreter given one; name= still wins, and a name entered twice is
// numbered.
func TestProgramNames(t *testing.T) {
	bot := script(t, "exit 0")
	for _, tc := range []struct {
		specs []string
		want  []string
	}{
		{[]string{"exec:cmd=" + bot, "step"}, []string{"bot.sh", "step"}},
		{[]string{"exec:cmd=sh,args=-e games/tron.py", "exec:cmd=sh,args=bots/tron.py"}, []string{"tron.py", "tron.py#2"}},
		{[]string{"exec:cmd=sh,args=-jar bot.jar", "exec:cmd=sh,args=-x 1.5"}, []string{"bot.jar", "sh"}},
		{[]string{"exec:cmd=" + bot + ",name=mine", "exec:cmd=" + bot}, []string{"mine", "bot.sh"}},
	} {
		st, err := simtest.Game(Exec()).Setup(simtest.ParamsJSON(t, `{}`), simtest.Specs(t, tc.specs...))
		require.NoError(t, err, tc.specs)
		require.Equal(t, tc.want, st.Entrants(), tc.specs)
	}
}

// TestAnswerLineCap: an answer line of exactly MaxLineBytes is the turn's
// answer; one byte more is a no-answer that stops the program.
func TestAnswerLineCap(t *testing.T) {
	for _, tc := range []struct {
		size   int
		faults int
	}{{MaxLineBytes, 0}, {MaxLineBytes + 1, 2}} {
		t.Run(strconv.Itoa(tc.size), func(t *testing.T) {
			// The action 1 written with leading zeros, as long as asked.
			bot := script(t, fmt.Sprintf("read start; read t; head -c %d /dev/zero | tr '\\0' 0; echo 1; while read t; do echo 1; done", tc.size-1))
			st := race(t, 2, "exec:cmd="+bot+",timeout=10s,startup=10s", "step")
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			mine := faultsOf(res, 0)
			require.Len(t, mine, tc.faults, "%v", mine)
			if tc.faults > 0 {
				require.Equal(t, sim.FaultNoAnswer, mine[0].Kind, mine[0].Msg)
				require.Contains(t, mine[0].Msg, "line longer than 65536 bytes")
			}
		})
	}
}
