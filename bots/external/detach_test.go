//go:build linux

package external

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/arenasim/arena/sim"
)

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z"
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestDetachedProcessesEnd: what a program starts and detaches from its
// process group and session — setsid, a double fork, Python's
// start_new_session — ends with the match, like the program.
func TestDetachedProcessesEnd(t *testing.T) {
	for _, tc := range []struct{ name, detach string }{
		{"setsid", `setsid sh -c 'echo $$ > "$1"; exec sleep 1000' sh "$PIDFILE" &`},
		{"a double fork", `(setsid sh -c 'echo $$ > "$1"; exec sleep 1000' sh "$PIDFILE" &) ; sleep 0`},
		{"start_new_session", `python3 -c "
import subprocess, sys
p = subprocess.Popen(['sleep', '1000'], start_new_session=True)
open(sys.argv[1], 'w').write(str(p.pid))
" "$PIDFILE"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.detach, "python3") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			pidFile := filepath.Join(t.TempDir(), "pid")
			// It answers once the detached process has noted its pid.
			bot := script(t, "PIDFILE="+pidFile+"\n"+tc.detach+`
while [ ! -s "$PIDFILE" ]; do sleep 0.01; done
read start
while read t; do echo 1; done
`)
			res := play(t, race(t, 2, "exec:cmd="+bot, "step"), 0)
			require.NoError(t, res.Err)
			require.Empty(t, res.Faults)
			require.True(t, gone(readPID(t, pidFile)), "the detached process is gone")
		})
	}
}

// TestOrphansOfAKilledKeeperEnd: a program that kills its keeper (or
// whose keeper dies, out of memory) leaves what it started to arena, a
// subreaper, not to init: a setsid process ends with the match all the
// same.
func TestOrphansOfAKilledKeeperEnd(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	bot := script(t, fmt.Sprintf(`PIDFILE=%s
setsid sh -c 'echo $$ > "$1"; exec sleep 1000' sh "$PIDFILE" > /dev/null 2>&1 &
while [ ! -s "$PIDFILE" ]; do sleep 0.01; done
kill -9 $PPID
read start
while read t; do echo 1; done
`, pidFile))
	res := play(t, race(t, 2, "exec:cmd="+bot, "step"), 0)
	require.NoError(t, res.Err)
	require.True(t, gone(readPID(t, pidFile)), "the detached process is gone")
}

// TestExitSeenAtOnce: a program that exits while a process it started
// still holds its output open is seen as exited at once — a no-answer
// with its exit status — not as a timeout once its deadline has passed.
func TestExitSeenAtOnce(t *testing.T) {
	childFile := filepath.Join(t.TempDir(), "child")
	bot := script(t, `sh -c 'echo $$ > "$1"; exec sleep 1000' sh `+childFile+` &
while [ ! -s `+childFile+` ]; do sleep 0.01; done
read start; read t; echo 1; read t; exit 4
`)
	// An hour's deadline: a timeout would hold the test for an hour.
	res := play(t, race(t, 3, "exec:cmd="+bot+",timeout=1h", "step"), 0)
	require.NoError(t, res.Err)
	mine := faultsOf(res, 0)
	require.Len(t, mine, 2, "%v", mine)
	require.Equal(t, sim.FaultNoAnswer, mine[0].Kind, mine[0].Msg)
	require.Contains(t, mine[0].Msg, "exit status 4")
	require.Equal(t, 2, mine[0].Turn)
	require.True(t, gone(readPID(t, childFile)), "the child holding its output is gone")
}

// TestParallelProgramsEndTheirOwn: with several programs at once (-j > 1),
// the end of one's match ends what it detached, and only that: the other
// program's detached process lives on until its own match ends.
func TestParallelProgramsEndTheirOwn(t *testing.T) {
	dir := t.TempDir()
	detaching := func(name string) string {
		return script(t, `setsid sh -c 'echo $$ > "$1"; exec sleep 1000' sh `+dir+`/`+name+` &
while [ ! -s `+dir+`/`+name+` ]; do sleep 0.01; done
read start; read t; echo 1
while [ ! -e `+dir+`/release-`+name+` ]; do sleep 0.01; done
while read t; do echo 1; done
`)
	}
	a, b := detaching("a"), detaching("b")
	stA, stB := race(t, 2, "exec:cmd="+a, "step"), race(t, 2, "exec:cmd="+b, "step")
	tableB := stB.NewTable()
	resB := make(chan sim.Result, 1)
	go func() { resB <- tableB.Play(context.Background(), 1, []int{0, 1}) }()
	// b's match is under way, its detached process started.
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "b")); err == nil && len(data) > 0 && data[len(data)-1] == '\n' {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "release-a"), nil, 0o644))
	tableA := stA.NewTable()
	res := tableA.Play(context.Background(), 1, []int{0, 1})
	require.NoError(t, tableA.Close())
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	require.True(t, gone(readPID(t, filepath.Join(dir, "a"))), "a's detached process ended with a's match")
	require.True(t, alive(readPID(t, filepath.Join(dir, "b"))), "b's lives on: b's match is not over")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "release-b"), nil, 0o644))
	res = <-resB
	require.NoError(t, tableB.Close())
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	require.True(t, gone(readPID(t, filepath.Join(dir, "b"))), "b's ended with b's match")
}

// TestKeeperEndAfterItsProgramExited: a keeper whose program exited on its
// own sends the program's end and exits, while arena, seeing the output
// close, asks for the end: the keeper exits with that request unread, and
// Linux reports ECONNRESET to arena before the end the keeper sent. The
// end is read all the same (it was lost now and then: a crash seen as a
// no-answer).
func TestKeeperEndAfterItsProgramExited(t *testing.T) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	require.NoError(t, err)
	f := os.NewFile(uintptr(fds[0]), "ours")
	c, err := net.FileConn(f)
	require.NoError(t, err)
	_ = f.Close()
	done := exec.Command("true")
	require.NoError(t, done.Run())
	k := &keeper{cmd: done, ctl: c.(*net.UnixConn), replies: make(chan keeperMsg, 4), conns: make(chan *os.File, 1),
		gone: make(chan struct{}), over: make(chan struct{})}
	// Arena's end, then the keeper's last word, and the keeper is gone.
	require.NoError(t, sendMsg(k.ctl, keeperRequest{End: true}))
	_, err = unix.Write(fds[1], []byte(`{"done":true,"status":256}`))
	require.NoError(t, err)
	require.NoError(t, unix.Close(fds[1]))
	go k.read()
	end, ok := <-k.replies
	require.True(t, ok, "the keeper's end is read")
	require.True(t, end.Done, "%+v", end)
	require.Equal(t, uint32(256), end.Status)
	k.close()
}
