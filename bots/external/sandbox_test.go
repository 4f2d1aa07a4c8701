//go:build linux

package external

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	abots "github.com/arenasim/arena/bots/aquariom"
	sobots "github.com/arenasim/arena/bots/sopra"
	vbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// processesWith returns the processes whose command line holds marker.
func processesWith(marker string) []string {
	var found []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(data), marker) && alive(mustInt(e.Name())) {
			found = append(found, e.Name()+": "+strings.ReplaceAll(string(data), "\x00", " "))
		}
	}
	return found
}

func mustInt(s string) int {
	var n int
	_, _ = fmt.Sscan(s, &n)
	return n
}

// TestSandbox: a program in a sandbox that allocates without bound, forks
// in a loop, fills its disk, reaches for the network or writes outside its
// folder is stopped or refused, and its seat faults; nothing of it is
// left (no process, no file, no cgroup), and the other seat's result is
// the one it has beside a program that gives no answer at all. Each is
// skipped, with one line, where this machine lacks what stops it.
func TestSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs that misbehave")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	ab := probe()
	t.Run("as found", func(t *testing.T) { testSandbox(t, ab) })
	// The fallbacks, where this machine has more.
	if ab.cgroups != nil {
		t.Run("without cgroups", func(t *testing.T) {
			testSandbox(t, withAbilities(t, func(a *abilities) { a.cgroups, a.cgroupWhy = nil, "switched off by the test" }))
		})
	}
	if ab.userns {
		t.Run("without user namespaces", func(t *testing.T) {
			testSandbox(t, withAbilities(t, func(a *abilities) { a.userns, a.usernsWhy = false, "switched off by the test" }))
		})
	}
	if ab.landlock > 0 {
		t.Run("without Landlock", func(t *testing.T) {
			testSandbox(t, withAbilities(t, func(a *abilities) { a.landlock = 0 }))
		})
	}
}

// withAbilities changes what the sandbox finds on this machine for the
// rest of a test.
func withAbilities(t *testing.T, change func(*abilities)) *abilities {
	ab := probe()
	was := *ab
	change(ab)
	t.Cleanup(func() { *ab = was })
	return ab
}

// TestSandboxUnprivileged plays TestSandbox again as an unprivileged user
// (nobody), when the test runs as root: the sandbox needs no root where
// the kernel allows unprivileged user namespaces.
func TestSandboxUnprivileged(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs that misbehave")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: TestSandbox runs unprivileged already")
	}
	if os.Getenv("ARENA_TEST_UNPRIVILEGED") != "" {
		t.Skip("already the unprivileged run")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	data, err := os.ReadFile(self)
	require.NoError(t, err)
	dir, err := os.MkdirTemp("", "arena-unprivileged-")
	require.NoError(t, err)
	defer os.RemoveAll(dir)
	require.NoError(t, os.Chmod(dir, 0o755))
	exe := filepath.Join(dir, "external.test")
	require.NoError(t, os.WriteFile(exe, data, 0o755))
	cmd := exec.Command(exe, "-test.run", "^TestSandbox$", "-test.v", "-test.count", "1")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "ARENA_TEST_UNPRIVILEGED=1"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	t.Logf("as nobody:\n%s", out)
	require.NoError(t, err)
	require.Contains(t, string(out), "--- PASS: TestSandbox ")
}

// hostile is a case of the catalogue of hostile programs: a program that
// misbehaves, and the fault it must get.
type hostile struct {
	name   string
	skip   string // why this machine cannot stop it; "" if it can
	spec   string // more of the spec
	body   string // the program, after its start line and first turn line
	kind   sim.FaultKind
	msg    string
	checks func(t *testing.T)
	off    bool // it holds without the sandbox too: played with sandbox=off as well
}

func testSandbox(t *testing.T, ab *abilities) {
	t.Log(describe(Sandbox{Memory: DefaultMemory, CPU: DefaultCPU, Tasks: DefaultTasks, FileSize: DefaultFileSize}, ab))
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where the sandboxes' folders go
	outside := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	// A file outside, whose attributes must stay; a socket of the host.
	attributes := t.TempDir()
	require.NoError(t, os.Chmod(attributes, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(attributes, "file"), []byte("x"), 0o644))
	require.NoError(t, os.Chmod(filepath.Join(attributes, "file"), 0o644))
	hostSocket := filepath.Join(t.TempDir(), "host.sock")
	unixLn, err := net.Listen("unix", hostSocket)
	require.NoError(t, err)
	defer unixLn.Close()
	ipcKey := 0x4152_0000 + os.Getpid()%0xffff

	// The other seat's score beside a program that never answers.
	quiet := script(t, "exit 0\n")
	ref := play(t, race(t, 2, "exec:cmd="+quiet+",sandbox=on", "step"), 0)
	require.NoError(t, ref.Err)

	// The cgroup counts its out-of-memory kill; RLIMIT_DATA alone refuses
	// the memory and counts nothing, and the program ends as it chooses.
	hogKind, hogMsg := sim.FaultCrash, "its memory cap, 64MiB"
	if ab.cgroups == nil {
		hogKind, hogMsg = sim.FaultNoAnswer, "MemoryError"
	}
	for _, tc := range []hostile{
		{
			name: "memory hog", spec: ",memory=64MiB,timeout=1h",
			body: `exec python3 -c "
a = []
while True:
    a.append(b'x' * (1 << 20))
" "$0"`,
			kind: hogKind, msg: hogMsg,
		},
		{
			// Its own words are no cap hit: only what the kernel did is.
			name: "says MemoryError", spec: ",memory=64MiB,timeout=1h",
			body: `echo MemoryError >&2; exit 1`,
			kind: sim.FaultNoAnswer, msg: "exit status 1; stderr: MemoryError",
		},
		{
			name: "says File too large", spec: ",timeout=1h",
			body: `echo "File too large; No space left on device" >&2; exit 1`,
			kind: sim.FaultNoAnswer, msg: "exit status 1; stderr: File too large; No space left on device",
		},
		{
			name: "fork bomb", spec: ",timeout=1s,startup=1s",
			skip: map[bool]string{true: "no cap on tasks here: no cgroup with pids, and root is not bound by RLIMIT_NPROC"}[ab.cgroups == nil && (ab.root || !ab.userns)],
			body: `(b() { b | b & }; b) &
exec sleep 1000`,
			kind: sim.FaultTimeout, msg: "no answer before the deadline",
		},
		{
			name: "disk filler", spec: ",timeout=1h",
			body: `exec python3 -c "
with open('big', 'wb') as f:
    while True:
        f.write(b'x' * (1 << 20))
" "$0"`,
			kind: sim.FaultCrash, msg: "64MiB",
		},
		{
			name: "CPU hog", spec: ",cpu=1s,timeout=1h",
			body: `while :; do :; done`,
			kind: sim.FaultCrash, msg: "its CPU time cap, 1s a process (RLIMIT_CPU)",
		},
		{
			name: "network client", spec: ",timeout=1h",
			skip: map[bool]string{true: "no network namespace here: " + ab.usernsWhy}[!ab.userns],
			body: fmt.Sprintf(`exec python3 -c "
import socket, sys
try:
    socket.create_connection(('127.0.0.1', %d), timeout=5)
except OSError as e:
    sys.exit('refused: %%s' %% e)
print(1)
" "$0"`, port),
			kind: sim.FaultNoAnswer, msg: "refused:",
			checks: func(t *testing.T) {
				_ = ln.(*net.TCPListener).SetDeadline(time.Now())
				c, err := ln.Accept()
				if err == nil {
					_ = c.Close()
				}
				require.ErrorIs(t, err, os.ErrDeadlineExceeded, "nothing connected to the test's port")
			},
		},
		{
			name: "writes outside its folder", spec: ",timeout=1h",
			skip: map[bool]string{true: "no Landlock here, nor a read-only view of the files"}[ab.landlock == 0 && !(ab.userns && ab.readOnly)],
			body: `echo x > ` + outside + `/file || exit 3
echo 1`,
			kind: sim.FaultNoAnswer, msg: "exit status 3",
			checks: func(t *testing.T) {
				_, err := os.Stat(filepath.Join(outside, "file"))
				require.ErrorIs(t, err, os.ErrNotExist, "no file outside its folder")
			},
		},
		{
			// Landlock confines a file's content, not its attributes: as
			// root, chmod 04777 makes a setuid file; as anyone, a folder
			// 0777, a timestamp, an xattr.
			name: "attributes outside its folder", spec: ",timeout=1h",
			skip: map[bool]string{true: "no read-only view of the files here: " + ab.usernsWhy}[!ab.userns || !ab.readOnly],
			body: fmt.Sprintf(`exec python3 -c "
import os, sys
changed = []
for what, change in [('mode', lambda: os.chmod('%[1]s/file', 0o4777)), ('folder', lambda: os.chmod('%[1]s', 0o777)),
        ('owner', lambda: os.chown('%[1]s/file', os.getuid(), os.getgid())), ('times', lambda: os.utime('%[1]s/file', (0, 0))),
        ('xattr', lambda: os.setxattr('%[1]s/file', 'user.arena', b'x'))]:
    try:
        change(); changed.append(what)
    except OSError:
        pass
if changed:
    print(1); sys.exit('changed: ' + ' '.join(changed))
sys.exit(3)
" "$0"`, attributes),
			kind: sim.FaultNoAnswer, msg: "exit status 3",
			checks: func(t *testing.T) {
				fi, err := os.Stat(filepath.Join(attributes, "file"))
				require.NoError(t, err)
				require.Equal(t, os.FileMode(0o644), fi.Mode(), "its mode")
				require.NotEqual(t, int64(0), fi.ModTime().Unix(), "its times")
			},
		},
		{
			// A socket file answers a connect whatever the mount: the same
			// would reach docker.sock, X11, an ssh-agent.
			name: "the host's unix sockets", spec: ",timeout=1h",
			skip: map[bool]string{true: "no seccomp here: " + ab.seccompWhy}[!ab.seccomp],
			body: fmt.Sprintf(`exec python3 -c "
import socket, sys
try:
    s = socket.socket(socket.AF_UNIX); s.connect('%s')
except OSError:
    sys.exit(3)
print(1)
" "$0"`, hostSocket),
			kind: sim.FaultNoAnswer, msg: "exit status 3",
			checks: func(t *testing.T) {
				_ = unixLn.(*net.UnixListener).SetDeadline(time.Now())
				c, err := unixLn.Accept()
				if err == nil {
					_ = c.Close()
				}
				require.ErrorIs(t, err, os.ErrDeadlineExceeded, "nothing connected to the test's socket")
			},
		},
		{
			// System V IPC of the host's namespace is every seat's, and
			// outlives the match.
			name: "System V IPC", spec: ",timeout=1h",
			skip: map[bool]string{true: "no IPC namespace here: " + ab.usernsWhy}[!ab.userns],
			body: fmt.Sprintf(`exec python3 -c "
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.shmget(%[1]d, 4096, 0o1600) < 0 or libc.msgget(%[1]d, 0o1600) < 0:
    sys.exit(4)
sys.exit(3)
" "$0"`, ipcKey),
			kind: sim.FaultNoAnswer, msg: "exit status 3",
			checks: func(t *testing.T) {
				for _, f := range []string{"/proc/sysvipc/shm", "/proc/sysvipc/msg"} {
					data, err := os.ReadFile(f)
					require.NoError(t, err)
					for _, line := range strings.Split(string(data), "\n")[1:] {
						if fields := strings.Fields(line); len(fields) > 0 {
							require.NotEqual(t, strconv.Itoa(ipcKey), fields[0], "%s: the program's key outlives it", f)
						}
					}
				}
			},
		},
		{
			// TIOCSTI types into the controlling terminal of its session:
			// a program in arena's own could type into the user's shell.
			name: "a session of its own and no terminal", spec: ",timeout=1h", off: true,
			body: fmt.Sprintf(`exec python3 -c "
import os, sys
if os.getsid(0) in (%d, 0):  # arena's session (0: its leader outside the PID namespace)
    print(1); sys.exit(0)
try:
    os.open('/dev/tty', os.O_RDWR)
except OSError:
    sys.exit(3)
" "$0"`, mustSid(t)),
			kind: sim.FaultNoAnswer, msg: "exit status 3",
		},
		{
			// A file descriptor arena inherited (9>>f.txt) is no program's.
			name: "inherited file descriptors", spec: ",timeout=1h", off: true,
			body: fmt.Sprintf(`[ -e /proc/self/fd/%d ] && { echo 1; exit 0; }
exit 3`, inherited(t)),
			kind: sim.FaultNoAnswer, msg: "exit status 3",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.skip != "" {
				t.Skip(tc.skip)
			}
			sandboxes := []string{"on"}
			if tc.off {
				sandboxes = append(sandboxes, "off")
			}
			for _, sandbox := range sandboxes {
				t.Run("sandbox="+sandbox, func(t *testing.T) {
					playHostile(t, tc, ",sandbox="+sandbox+tc.spec, ref, tmp, ab)
				})
			}
		})
	}
}

// playHostile plays a hostile program (its body after its start and first
// turn lines) against step, and checks its seat's fault, the other seat's
// result, and that nothing of it is left.
func playHostile(t *testing.T, tc hostile, spec string, ref sim.Result, tmp string, ab *abilities) {
	bot := script(t, "read start; read t\n"+tc.body+"\n")
	res := play(t, race(t, 2, "exec:cmd="+bot+spec, "step"), 0)
	require.NoError(t, res.Err)
	mine := faultsOf(res, 0)
	require.NotEmpty(t, mine)
	require.Equal(t, tc.kind, mine[0].Kind, mine[0].Msg)
	require.Contains(t, mine[0].Msg, tc.msg)
	require.Equal(t, ref.Scores[1], res.Scores[1], "the other seat's result")
	require.Empty(t, faultsOf(res, 1))
	require.Empty(t, processesWith(bot), "no process of it is left")
	left, _ := filepath.Glob(filepath.Join(tmp, "arena-bot-*"))
	require.Empty(t, left, "its folder is removed")
	if p := ab.cgroups; p != nil {
		for _, parent := range []string{p.v2, p.memory, p.pids} {
			if parent != "" {
				cg, _ := filepath.Glob(filepath.Join(parent, fmt.Sprintf("arena-%d-*", os.Getpid())))
				require.Empty(t, cg, "its cgroups are removed")
			}
		}
	}
	if tc.checks != nil {
		tc.checks(t)
	}
}

// mustSid returns the session of the test.
func mustSid(t *testing.T) int {
	sid, err := unix.Getsid(0)
	require.NoError(t, err)
	return sid
}

// inherited opens a file on a descriptor that is not close-on-exec, as a
// shell's 9>>f.txt leaves arena one, for the rest of the test, and returns
// the descriptor.
func inherited(t *testing.T) int {
	const fd = 201
	if _, err := unix.FcntlInt(fd, unix.F_GETFD, 0); err == nil {
		return fd // opened already by this test
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "f.txt"))
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, unix.Dup2(int(f.Fd()), fd)) // dup2: not close-on-exec
	t.Cleanup(func() { _ = unix.Close(fd) })
	return fd
}

// TestSandboxOriginalProtocolsOverTCP: a program of an original TCP
// protocol in a sandbox's network namespace connects to the loopback of
// its namespace, where its keeper listens and hands arena the connection:
// the example clients play unchanged, without a fault.
func TestSandboxOriginalProtocolsOverTCP(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if !probe().userns {
		t.Skip("no network namespace here: " + probe().usernsWhy)
	}
	ag, vg, sg := aquariom.Game(), vampires.Game(), sopra.Game()
	ag.Bots, vg.Bots, sg.Bots = abots.Bots(), vbots.Bots(), sobots.Bots()
	for _, tc := range []struct {
		example, params, other string
		game                   sim.AnyGame
	}{
		{"aquariom_original.py", `{"nb_turns":5}`, "nearest", sim.Erase(&ag, Exec())},
		{"vampires_original.py", `{"max_plies":10}`, "greedy", sim.Erase(&vg, Exec())},
		{"sopra_original.py", `{"players":2,"rounds":5}`, "collector", sim.Erase(&sg, Exec())},
	} {
		t.Run(tc.example, func(t *testing.T) {
			t.Parallel()
			example, err := filepath.Abs(filepath.Join("..", "..", "examples", tc.example))
			require.NoError(t, err)
			st, err := tc.game.Setup(simtest.ParamsJSON(t, tc.params), simtest.Specs(t, "exec:cmd=python3,args="+example+",proto=original,sandbox=on,timeout=5s", tc.other))
			require.NoError(t, err)
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			require.Empty(t, res.Faults)
			require.Positive(t, res.Turns)
		})
	}
}

// TestStepBecomesTheProgramUnderItsCaps: the step between a sandbox's
// keeper and its program (this binary again, a Go process) sets the
// program's caps on itself, then becomes the program. Its own mappings
// (heap, threads' stacks) are larger than a small memory cap, so that,
// once capped, any new mapping of its runtime fails — and so did the step,
// "fatal error: runtime: cannot allocate memory", in a few starts in a hundred
// on a loaded machine, when the cap came before its other work. Started
// many times at once under a 16MiB cap, every step becomes the program,
// with the sandbox's cap on open files.
func TestStepBecomesTheProgramUnderItsCaps(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the step many times")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	dir := t.TempDir()
	var files unix.Rlimit
	require.NoError(t, unix.Getrlimit(unix.RLIMIT_NOFILE, &files))
	box := &limits{Data: 16 << 20, CPU: 60, FSize: 1 << 20, Landlock: probe().landlock}
	// The program exits 7 when it has the sandbox's cap on open files.
	program := fmt.Sprintf(`[ "$(ulimit -Sn)" = %d ] && exit 7; ulimit -Sn; exit 8`, min(openFiles, files.Max))
	step, err := json.Marshal(keeperConfig{
		Exec: &startRequest{Path: "/bin/sh", Args: []string{"-c", program}},
		Box:  box, Dir: dir,
	})
	require.NoError(t, err)
	const starts, atOnce = 64, 4
	failed := make(chan string, starts)
	var wg sync.WaitGroup
	for w := range atOnce {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range starts / atOnce {
				cmd := exec.Command(self)
				cmd.Env = []string{keeperEnv + "=" + string(step)}
				out, err := cmd.CombinedOutput()
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 7 {
					failed <- fmt.Sprintf("worker %d: %v: %.300s", w, err, out)
				}
			}
		}()
	}
	wg.Wait()
	close(failed)
	var all []string
	for f := range failed {
		all = append(all, f)
	}
	require.Empty(t, all, "%d of %d steps did not become the program", len(all), starts)
}

// TestExecCappedAllocatesNothing: from the step's first cap to its execve
// nothing is allocated, so that a memory cap below what the step maps
// already cannot stop its runtime. Here the caps are those this process
// has (setting them changes nothing) and the program is not there, so
// that execve fails and returns.
func TestExecCappedAllocatesNothing(t *testing.T) {
	l := &limits{Data: 1 << 40, NProc: 1 << 20}
	x, err := l.prepare("/nonexistent/arena-no-such-program", []string{"an argument"}, []string{"A=1"})
	require.NoError(t, err)
	require.Equal(t, []string{"RLIMIT_NOFILE", "RLIMIT_NPROC", "RLIMIT_DATA"}, []string{x.caps[0].name, x.caps[1].name, x.caps[2].name},
		"the memory cap last")
	for i := range x.caps {
		require.NoError(t, unix.Getrlimit(x.caps[i].resource, &x.caps[i].lim), "this process's own: changes nothing")
	}
	var c int
	var errno syscall.Errno
	allocs := testing.AllocsPerRun(100, func() { c, errno = x.run() })
	require.Equal(t, len(x.caps), c, "every cap set")
	require.Equal(t, syscall.ENOENT, errno)
	require.Zero(t, allocs)
}
