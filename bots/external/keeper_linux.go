//go:build linux

package external

// The keeper: every external program runs under a small process of its
// own, the binary that runs arena (or the test) started again in keeper
// mode. The keeper is a child subreaper (PR_SET_CHILD_SUBREAPER): whatever
// the program starts, and whatever detaches from it (setsid, a double
// fork, Python's start_new_session), stays below the keeper — orphans are
// re-parented to it, not to init — so that ending the keeper's descendants
// ends every process the program started, and only this program's: with
// -j > 1 each program has its own keeper. When the program exits, the
// keeper ends what it left at once (a child holding its output open no
// longer hides its exit); when arena says the match is over, or arena
// itself is gone (its end of the control socket closes), the keeper ends
// everything. In a sandbox it also applies the limits (rlimits, Landlock,
// the folder's tmpfs) before it starts the program, and is the init of the
// program's PID namespace.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// keeperEnv is the environment variable that starts a binary importing
// this package as a keeper: it holds the keeper's configuration.
const keeperEnv = "ARENA_EXTERNAL_KEEPER"

func init() {
	if text, ok := os.LookupEnv(keeperEnv); ok {
		os.Exit(keeperMain(text))
	}
}

// keeperConfig is what arena tells a keeper when it starts it.
type keeperConfig struct {
	// Probe: only say whether the keeper runs (the namespaces are there).
	Probe bool `json:"probe,omitempty"`
	// Exec: not a keeper but the step between a sandbox's keeper and its
	// program: apply the program's limits to this process, then become
	// the program (execve), so that the keeper itself is not limited.
	Exec *startRequest `json:"exec,omitempty"`
	Box  *limits       `json:"box,omitempty"` // a sandbox's limits: the keeper plays one program
	Dir  string        `json:"dir,omitempty"` // the sandbox's folder
}

// startRequest is what arena asks a keeper to start: a program, its
// standard streams coming with the request.
type startRequest struct {
	Path  string   `json:"path"`
	Args  []string `json:"args"`
	Env   []string `json:"env"`
	Dir   string   `json:"dir,omitempty"`
	Stdin bool     `json:"stdin,omitempty"` // its standard input comes too (else it is empty)
	// Listen, when set, is the loopback address to listen on, in the
	// program's network namespace, for its connection, which the keeper
	// hands to arena.
	Listen string `json:"listen,omitempty"`
}

// keeperRequest is a message of arena to a keeper.
type keeperRequest struct {
	Go    bool          `json:"go,omitempty"` // the keeper is in its cgroups: apply the limits
	Start *startRequest `json:"start,omitempty"`
	End   bool          `json:"end,omitempty"` // end the program and everything it started
}

// limits are what a keeper applies to the program in a sandbox.
type limits struct {
	Data     uint64 `json:"data,omitempty"`     // RLIMIT_DATA, bytes (0: none)
	CPU      uint64 `json:"cpu,omitempty"`      // RLIMIT_CPU, seconds
	FSize    uint64 `json:"fsize,omitempty"`    // RLIMIT_FSIZE, bytes
	NProc    uint64 `json:"nproc,omitempty"`    // RLIMIT_NPROC (in a fresh user namespace)
	Tmpfs    uint64 `json:"tmpfs,omitempty"`    // a tmpfs of this size on the folder (in a mount namespace)
	Landlock int    `json:"landlock,omitempty"` // the Landlock ABI to confine writes to the folder with (0: none)
	LoopUp   bool   `json:"lo,omitempty"`       // bring the loopback interface up
	ReadOnly bool   `json:"ro,omitempty"`       // every mount read-only before the folder's tmpfs (in a mount namespace)
	NoUnix   bool   `json:"nounix,omitempty"`   // refuse the program AF_UNIX sockets (seccomp)
}

// keeperMsg is a message of the keeper to arena.
type keeperMsg struct {
	Started bool   `json:"started,omitempty"` // the program is started
	Err     string `json:"err,omitempty"`     // it could not be started
	Conn    bool   `json:"conn,omitempty"`    // its connection comes with this message
	// Done: the program and everything it started are gone; Status is its
	// wait status, CPU its CPU time (user and system) and RSS its
	// largest resident set, in KiB.
	Done   bool    `json:"done,omitempty"`
	Status uint32  `json:"status"`
	CPU    float64 `json:"cpu,omitempty"`
	RSS    int64   `json:"rss,omitempty"`
	Ended  bool    `json:"ended,omitempty"` // the keeper ended it (arena asked)
	// In a sandbox, what the kernel kept of its folder once it was gone:
	// its tmpfs full, a file at the file size cap.
	Full    bool   `json:"full,omitempty"`
	FileCap bool   `json:"filecap,omitempty"`
	OOM     int    `json:"-"` // arena's: out-of-memory kills in its cgroup
	Lost    string `json:"-"` // arena's: the keeper is gone without its end (how it ended)
}

// request is a keeper request with the files that came with it.
type request struct {
	keeperRequest
	files []*os.File
}

// sendMsg writes a message and the files that go with it.
func sendMsg(c *net.UnixConn, m any, files ...*os.File) error {
	b, _ := json.Marshal(m)
	var oob []byte
	if len(files) > 0 {
		fds := make([]int, len(files))
		for i, f := range files {
			fds[i] = int(f.Fd())
		}
		oob = unix.UnixRights(fds...)
	}
	_, _, err := c.WriteMsgUnix(b, oob, nil)
	return err
}

// readMsg reads a message into m and returns the files that came with it.
func readMsg(c *net.UnixConn, m any) ([]*os.File, error) {
	buf, oob := make([]byte, 64<<10), make([]byte, unix.CmsgSpace(4*4))
	n, oobn, _, _, err := c.ReadMsgUnix(buf, oob)
	if err == nil && n == 0 {
		err = errors.New("end of the control socket")
	}
	if err != nil {
		return nil, err
	}
	var files []*os.File
	if msgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
		for _, cm := range msgs {
			if fds, err := unix.ParseUnixRights(&cm); err == nil {
				for _, fd := range fds {
					files = append(files, os.NewFile(uintptr(fd), "fd"))
				}
			}
		}
	}
	return files, json.Unmarshal(buf[:n], m)
}

// keeperMain runs a keeper; it returns its exit code. It starts the
// programs arena asks for, one at a time, until arena closes the control
// socket (in a sandbox: one program).
func keeperMain(text string) int {
	runtime.LockOSThread() // Landlock confines this thread, which starts the program
	var cfg keeperConfig
	if err := json.Unmarshal([]byte(text), &cfg); err != nil {
		fmt.Fprintf(os.Stderr, "arena keeper: %v\n", err)
		return 70
	}
	if cfg.Probe {
		if err := readOnlyOutside(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return probeNoReadOnly
		}
		return 0
	}
	if e := cfg.Exec; e != nil {
		err := cfg.Box.limit()
		if err == nil {
			err = cfg.Box.confine(cfg.Dir)
		}
		if err == nil {
			err = cfg.Box.becomeProgram(e.Path, e.Args, e.Env)
		}
		fmt.Fprintf(os.Stderr, "arena: starting %s: %v\n", e.Path, err)
		return 127
	}
	f := os.NewFile(3, "control")
	c, err := net.FileConn(f)
	_ = f.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "arena keeper: %v\n", err)
		return 70
	}
	ctl := c.(*net.UnixConn)
	// Signals of a terminal are not the keeper's to obey (arena ends it);
	// caught, not ignored, so that the programs start with their defaults.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		_ = sendMsg(ctl, keeperMsg{Err: fmt.Sprintf("arena keeper: PR_SET_CHILD_SUBREAPER: %v", err)})
		return 0
	}
	reqs := make(chan request)
	go func() {
		defer close(reqs)
		for {
			var r request
			files, err := readMsg(ctl, &r.keeperRequest)
			if err != nil {
				return
			}
			r.files = files
			reqs <- r
		}
	}()
	if cfg.Box != nil {
		// Arena puts the keeper in the sandbox's cgroups, then says go.
		if r, ok := <-reqs; !ok || !r.Go {
			return 0
		}
		if err := cfg.Box.apply(cfg.Dir); err != nil {
			_ = sendMsg(ctl, keeperMsg{Err: err.Error()})
			return 0
		}
	}
	for {
		var r request
		select {
		case got, ok := <-reqs:
			if !ok {
				return 0
			}
			r = got
		case <-term:
			return 0
		}
		if r.Start == nil {
			closeAll(r.files...) // an end with nothing to end
			continue
		}
		if quit := keep(ctl, cfg, r, reqs, term); quit || cfg.Box != nil {
			return 0
		}
	}
}

// keep starts the program of a request and keeps it until it exits or
// arena asks for its end; then it ends everything below the keeper and
// says so. It reports whether the keeper is to quit (arena is gone).
func keep(ctl *net.UnixConn, cfg keeperConfig, r request, reqs <-chan request, term <-chan os.Signal) (quit bool) {
	s := r.Start
	files := r.files
	if len(files) != 2 && len(files) != 3 {
		closeAll(files...)
		_ = sendMsg(ctl, keeperMsg{Err: fmt.Sprintf("arena keeper: %d standard streams", len(files))})
		return false
	}
	var ln net.Listener
	if s.Listen != "" {
		var err error
		if ln, err = net.Listen("tcp", s.Listen); err != nil {
			closeAll(files...)
			_ = sendMsg(ctl, keeperMsg{Err: fmt.Sprintf("listening on %s for the program: %v", s.Listen, err)})
			return false
		}
	}
	cmd := exec.Command(s.Path, s.Args...)
	cmd.Env, cmd.Dir = s.Env, s.Dir
	if cfg.Box != nil {
		// In a sandbox the program starts through a step that limits it.
		step, _ := json.Marshal(keeperConfig{Exec: s, Box: cfg.Box, Dir: cfg.Dir})
		cmd.Path, cmd.Env = "/proc/self/exe", []string{keeperEnv + "=" + string(step)}
	}
	if len(files) == 3 {
		cmd.Stdin = files[0]
	}
	cmd.Stdout, cmd.Stderr = files[len(files)-2], files[len(files)-1]
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err := cmd.Start()
	// The program's standard streams are its own now: they end when it
	// and what it started are gone, whatever the keeper does.
	closeAll(files...)
	if err != nil {
		if ln != nil {
			_ = ln.Close()
		}
		_ = sendMsg(ctl, keeperMsg{Err: err.Error()})
		return false
	}
	pid := cmd.Process.Pid
	_ = sendMsg(ctl, keeperMsg{Started: true})

	// Reap every child: the program, and the orphans re-parented here.
	var mu sync.Mutex
	var status unix.WaitStatus
	var usage unix.Rusage
	exited, none := make(chan struct{}), make(chan struct{})
	go func() {
		for {
			var ws unix.WaitStatus
			var ru unix.Rusage
			p, err := unix.Wait4(-1, &ws, 0, &ru)
			if errors.Is(err, unix.EINTR) {
				continue
			}
			if err != nil {
				close(none) // ECHILD: no child left
				return
			}
			if p == pid {
				mu.Lock()
				status, usage = ws, ru
				mu.Unlock()
				close(exited)
			}
		}
	}()
	if ln != nil {
		go func() {
			conn, err := ln.Accept()
			_ = ln.Close()
			if err != nil {
				return
			}
			if f, err := conn.(*net.TCPConn).File(); err == nil {
				_ = sendMsg(ctl, keeperMsg{Conn: true}, f)
				_ = f.Close()
			}
			_ = conn.Close()
		}()
	}
	ended := false
	select {
	case <-exited:
	case got, ok := <-reqs:
		closeAll(got.files...)
		quit = !ok
		ended = running(pid)
	case <-term:
		quit = true
		ended = running(pid)
	}
	if ln != nil {
		_ = ln.Close()
	}
	// End everything below the keeper, until no child is left.
	for round := 0; ; round++ {
		killAll(pid)
		select {
		case <-none:
		case <-time.After(time.Duration(min(round+1, 50)) * time.Millisecond):
			continue // the orphans of those just killed come here next
		}
		break
	}
	mu.Lock()
	defer mu.Unlock()
	// Ended by the keeper only if its SIGKILL ended it: a program that
	// exited as arena asked for the end (its output ended, arena saw it
	// first) keeps its status.
	ended = ended && status.Signaled() && status.Signal() == unix.SIGKILL
	cpu := time.Duration(usage.Utime.Nano() + usage.Stime.Nano()).Seconds()
	m := keeperMsg{Done: true, Status: uint32(status), CPU: cpu, RSS: usage.Maxrss, Ended: ended}
	if cfg.Box != nil {
		m.Full, m.FileCap = folderAtCap(cfg.Dir, cfg.Box)
	}
	_ = sendMsg(ctl, m)
	return quit
}

// folderAtCap looks at what the kernel kept of a sandbox's folder once its
// program is gone: whether its tmpfs is full, and whether a file reached
// the file size cap, where RLIMIT_FSIZE stops a file. Of a folder of more
// files, the first maxLooked are looked at.
func folderAtCap(dir string, l *limits) (full, fileCap bool) {
	if l.Tmpfs > 0 {
		var st unix.Statfs_t
		full = unix.Statfs(dir, &st) == nil && st.Bavail == 0
	}
	if l.FSize == 0 {
		return full, false
	}
	const maxLooked = 10_000
	looked := 0
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if looked++; looked > maxLooked {
			return filepath.SkipAll
		}
		if err != nil {
			return nil // a folder it made unreadable: the rest is looked at
		}
		if d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil && uint64(fi.Size()) >= l.FSize {
				fileCap = true
				return filepath.SkipAll
			}
		}
		return nil
	})
	return full, fileCap
}

// running reports whether the program has not exited yet (a zombie has).
func running(pid int) bool {
	var info unix.Siginfo
	err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
	if err != nil {
		return false // reaped already
	}
	// With WNOHANG, a child that has not exited leaves info zeroed.
	return info == unix.Siginfo{}
}

// killAll sends SIGKILL to every process below the keeper: in its own PID
// namespace, to every process of the namespace; else to the program's
// process group and to every child of the keeper (a subreaper: every
// descendant whose parent is gone is its child).
func killAll(pid int) {
	if os.Getpid() == 1 {
		_ = unix.Kill(-1, unix.SIGKILL) // the namespace's processes, the keeper aside
		return
	}
	_ = unix.Kill(-pid, unix.SIGKILL)
	_ = unix.Kill(pid, unix.SIGKILL)
	for _, child := range childrenOf(os.Getpid()) {
		_ = unix.Kill(child, unix.SIGKILL)
	}
}

// childrenOf returns the processes whose parent is pid, from /proc.
func childrenOf(pid int) []int {
	var kids []int
	// The kernel lists a thread's children: every thread's, to be sure.
	tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	for _, t := range tasks {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(data)) {
			if n, err := strconv.Atoi(f); err == nil {
				kids = append(kids, n)
			}
		}
	}
	if len(tasks) > 0 {
		return kids
	}
	// No /proc/PID/task/*/children (CONFIG_PROC_CHILDREN): every process's
	// stat.
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(data)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			kids = append(kids, n)
		}
	}
	return kids
}

// keeper is arena's side of a keeper: without a sandbox, one per seat of
// a table, which starts the seat's program of every match; in a sandbox,
// one per program (its namespaces, cgroups and limits are the program's).
type keeper struct {
	cmd     *exec.Cmd
	ctl     *net.UnixConn
	box     *box           // the sandbox; nil: none
	replies chan keeperMsg // started, an error, done
	conns   chan *os.File  // the program's connection, handed in by the keeper
	gone    chan struct{}  // closed when the keeper is gone
	mu      sync.Mutex     //
	over    chan struct{}  // closed when the current program is done
	last    *keeperMsg     // its end, once read
	broken  error          // the keeper gives no more programs
	started bool           // a program is started and not yet done
}

// newKeeper starts a keeper; b, when not nil, is its sandbox: the keeper
// is started in its namespaces and cgroups, and applies its limits.
func newKeeper(b *box) (*keeper, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "keeper"), os.NewFile(uintptr(fds[1]), "keeper")
	defer theirs.Close()
	c, err := net.FileConn(ours)
	_ = ours.Close()
	if err != nil {
		return nil, err
	}
	ctl := c.(*net.UnixConn)
	var cfg keeperConfig
	if b != nil {
		cfg.Box, cfg.Dir = &b.limits, b.dir
	}
	text, _ := json.Marshal(cfg)
	cmd := exec.Command("/proc/self/exe")
	cmd.Args[0] = "arena-keeper"
	cmd.Env = []string{keeperEnv + "=" + string(text)}
	cmd.ExtraFiles = []*os.File{theirs}
	// A session of its own, with no controlling terminal: no program below
	// it can reach the terminal arena runs in (TIOCSTI, a read that stops
	// arena's job), and a terminal's signals are not its to receive.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if b != nil {
		b.namespaces(cmd.SysProcAttr)
	}
	if err := startKeeper(cmd); err != nil {
		_ = ctl.Close()
		return nil, err
	}
	k := &keeper{cmd: cmd, ctl: ctl, box: b, replies: make(chan keeperMsg, 4), conns: make(chan *os.File, 1), gone: make(chan struct{})}
	go k.read()
	if b != nil {
		err := b.join(cmd.Process.Pid)
		if err == nil {
			err = sendMsg(ctl, keeperRequest{Go: true})
		}
		if err != nil {
			k.close()
			return nil, err
		}
	}
	return k, nil
}

// read reads the keeper's messages until it is gone.
func (k *keeper) read() {
	defer func() {
		k.mu.Lock()
		if k.over != nil {
			select {
			case <-k.over:
			default:
				close(k.over)
			}
		}
		k.mu.Unlock()
		close(k.replies)
		close(k.gone)
	}()
	for {
		var m keeperMsg
		files, err := readMsg(k.ctl, &m)
		if errors.Is(err, unix.ECONNRESET) {
			// The keeper exited with a request of ours unread (an end
			// asked for as its program exited): Linux reports that
			// before the messages it sent, which are still there.
			continue
		}
		if err != nil {
			return
		}
		if m.Conn && len(files) > 0 {
			select {
			case k.conns <- files[0]:
				files = files[1:]
			default:
			}
		}
		closeAll(files...)
		if m.Conn {
			continue
		}
		if m.Done {
			k.mu.Lock()
			k.last = &m
			if k.over != nil {
				close(k.over)
			}
			k.mu.Unlock()
		}
		k.replies <- m
	}
}

// run starts a program under the keeper, with its standard streams (no
// standard input: an empty one); it returns when the program is started.
func (k *keeper) run(s startRequest, stdin, stdout, stderr *os.File) error {
	if k.broken != nil {
		return k.broken
	}
	files := []*os.File{stdout, stderr}
	if stdin != nil {
		files = []*os.File{stdin, stdout, stderr}
		s.Stdin = true
	}
	k.mu.Lock()
	k.over, k.last = make(chan struct{}), nil
	k.mu.Unlock()
	if err := sendMsg(k.ctl, keeperRequest{Start: &s}, files...); err != nil {
		k.broken = fmt.Errorf("the keeper is gone: %v", err)
		return k.broken
	}
	m, ok := <-k.replies
	switch {
	case !ok:
		k.broken = errors.New("the keeper is gone")
		return k.broken
	case m.Err != "":
		return errors.New(m.Err)
	}
	k.started = true
	return nil
}

// programOver is closed when the current program is done.
func (k *keeper) programOver() <-chan struct{} {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.over
}

// stop ends the program and everything it started, and returns the
// program's end.
func (k *keeper) stop() keeperMsg {
	if !k.started {
		return keeperMsg{}
	}
	k.started = false
	select {
	case <-k.programOver():
	default:
		_ = sendMsg(k.ctl, keeperRequest{End: true})
	}
	for m := range k.replies {
		if m.Done {
			if k.box != nil {
				m.OOM = k.box.oomKills()
			}
			return m
		}
	}
	k.broken = errors.New("the keeper is gone")
	k.reap()
	lost := "gone"
	if k.cmd.ProcessState != nil {
		lost = k.cmd.ProcessState.String()
	}
	return keeperMsg{Lost: lost}
}

// close ends the keeper (and what it keeps), waits for it, and removes
// the sandbox.
func (k *keeper) close() {
	_ = k.ctl.Close()
	k.reap()
	<-k.gone
	if k.box != nil {
		k.box.remove()
	}
	select {
	case f := <-k.conns:
		_ = f.Close()
	default:
	}
}

// The keepers arena started and has not reaped: endOrphans leaves them be.
var (
	keepersMu sync.Mutex
	keepers   = map[int]bool{}
	subreaper sync.Once
)

// startKeeper starts a keeper. Arena is a child subreaper from its first
// keeper on: should a program kill its keeper (or the keeper die, out of
// memory), what the program started is re-parented to arena, not to init,
// and endOrphans ends it.
func startKeeper(cmd *exec.Cmd) error {
	subreaper.Do(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	keepersMu.Lock()
	defer keepersMu.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	keepers[cmd.Process.Pid] = true
	return nil
}

// reap reaps the keeper; one that did not end as a keeper does (exit
// status 0, having ended everything below it) may have left orphans,
// which endOrphans ends.
func (k *keeper) reap() {
	_ = k.cmd.Wait()
	keepersMu.Lock()
	delete(keepers, k.cmd.Process.Pid)
	keepersMu.Unlock()
	if st := k.cmd.ProcessState; st == nil || !st.Success() {
		endOrphans()
	}
}

// endOrphans kills and reaps every child of arena that is no keeper of
// its and is not in arena's session: what the programs of keepers that
// died left behind (re-parented to arena, a subreaper), in the keeper's
// session or one of their own. Children arena started otherwise (none but
// a test's) stay in its session, and are left be.
func endOrphans() {
	sid, err := unix.Getsid(0)
	if err != nil {
		return
	}
	for {
		var found []int
		keepersMu.Lock()
		for _, pid := range childrenOf(os.Getpid()) {
			if s, err := unix.Getsid(pid); !keepers[pid] && err == nil && s != sid {
				found = append(found, pid)
			}
		}
		keepersMu.Unlock()
		if len(found) == 0 {
			return
		}
		for _, pid := range found {
			_ = unix.Kill(pid, unix.SIGKILL)
		}
		for _, pid := range found { // reaped: their own orphans are arena's now
			var ws unix.WaitStatus
			_, _ = unix.Wait4(pid, &ws, 0, nil)
		}
	}
}
