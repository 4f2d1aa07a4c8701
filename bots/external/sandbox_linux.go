//go:build linux

package external

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// What this machine allows a sandbox, found once (probe).
type abilities struct {
	userns     bool   // user, network, PID and mount namespaces
	usernsWhy  string // why not
	cgroups    *cgroupPlan
	cgroupWhy  string
	landlock   int // the Landlock ABI, 0: none
	root       bool
	readOnly   bool   // a read-only view of the files but the folder (a mount namespace)
	seccomp    bool   // seccomp filters
	seccompWhy string // why not
}

var (
	probed     abilities
	probeOnce  sync.Once
	boxCounter atomic.Int64
)

// probe finds what the sandbox can use here.
func probe() *abilities {
	probeOnce.Do(func() {
		probed.root = os.Geteuid() == 0
		probed.userns, probed.readOnly, probed.usernsWhy = probeNamespaces()
		probed.seccomp, probed.seccompWhy = probeSeccomp()
		probed.cgroups, probed.cgroupWhy = probeCgroups()
		if self, ok := selfOwner(); ok {
			var parents []string
			if p := probed.cgroups; p != nil {
				parents = []string{p.v2, p.memory, p.pids}
			}
			sweepStale(self, os.TempDir(), parents)
		}
		if v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION); errno == 0 {
			probed.landlock = int(v)
		}
	})
	return &probed
}

// namespaceFlags are the namespaces of a sandbox: a user namespace (no
// root needed) holding a network namespace with nothing but a loopback, a
// PID namespace (the keeper its init: when it ends, every process in it
// ends), a mount namespace (the folder's tmpfs, every other mount
// read-only) and an IPC namespace (System V shared memory, semaphores and
// message queues, and POSIX message queues, of its own: no other seat's,
// and gone with it).
const namespaceFlags = unix.CLONE_NEWUSER | unix.CLONE_NEWNET | unix.CLONE_NEWPID | unix.CLONE_NEWNS | unix.CLONE_NEWIPC

// probeNamespaces starts a keeper in the sandbox's namespaces, to see
// whether the kernel allows them, and a read-only view of the files in
// them (readOnlyOutside); it says why not.
func probeNamespaces() (userns, readOnly bool, why string) {
	cmd := exec.Command("/proc/self/exe")
	cmd.Args[0] = "arena-keeper"
	cmd.Env = []string{keeperEnv + `={"probe":true}`}
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	setNamespaces(cmd.SysProcAttr)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := startKeeper(cmd)
	if err == nil {
		err = cmd.Wait()
		keepersMu.Lock()
		delete(keepers, cmd.Process.Pid)
		keepersMu.Unlock()
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true, true, ""
	case errors.As(err, &exit) && exit.ExitCode() == probeNoReadOnly:
		return true, false, strings.TrimSpace(stderr.String())
	}
	return false, false, err.Error()
}

// probeNoReadOnly is the exit code of a probing keeper that has its
// namespaces but could not make its view of the files read-only.
const probeNoReadOnly = 3

// setNamespaces asks for the sandbox's namespaces, arena's own user and
// group mapped to themselves.
func setNamespaces(a *syscall.SysProcAttr) {
	a.Cloneflags |= namespaceFlags
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Geteuid(), HostID: os.Geteuid(), Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getegid(), HostID: os.Getegid(), Size: 1}}
	a.GidMappingsEnableSetgroups = false
	// The keeper is not root in its namespace (arena's own user is): it
	// keeps what it needs there (the folder's tmpfs, the loopback) as
	// ambient capabilities, and clears them before it starts the program.
	a.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_NET_ADMIN}
}

// cgroupPlan is where the sandboxes' cgroups go: a cgroup v2 folder with
// the memory and pids controllers, or the cgroup v1 hierarchies of each.
type cgroupPlan struct {
	v2     string // the parent folder in the unified hierarchy, "" for v1
	memory string // v1: the memory hierarchy's parent folder
	pids   string // v1: the pids hierarchy's parent folder
}

func (p *cgroupPlan) String() string {
	if p.v2 != "" {
		return "cgroup v2"
	}
	return "cgroup v1"
}

// probeCgroups finds cgroup folders below arena's own where it may create
// cgroups with the memory and pids controllers: cgroup v2 first, else v1
// (root, in a hybrid hierarchy).
func probeCgroups() (*cgroupPlan, string) {
	own, mounts, err := cgroupMounts()
	if err != nil {
		return nil, err.Error()
	}
	var why []string
	if mnt, ok := mounts["cgroup2"]; ok {
		dir := filepath.Join(mnt, own[""])
		ctrl, _ := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
		have := strings.Fields(string(ctrl))
		switch {
		case !contains(have, "memory") || !contains(have, "pids"):
			why = append(why, fmt.Sprintf("cgroup v2 has no memory and pids controllers here (%s)", strings.Join(have, " ")))
		default:
			_ = os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory +pids"), 0)
			if err := tryCgroup(dir, "memory.max", "pids.max"); err != nil {
				why = append(why, "cgroup v2: "+err.Error())
			} else {
				return &cgroupPlan{v2: dir}, ""
			}
		}
	}
	mem, okm := mounts["memory"]
	pids, okp := mounts["pids"]
	if okm && okp {
		p := &cgroupPlan{memory: filepath.Join(mem, own["memory"]), pids: filepath.Join(pids, own["pids"])}
		err1 := tryCgroup(p.memory, "memory.limit_in_bytes")
		err2 := tryCgroup(p.pids, "pids.max")
		if err1 == nil && err2 == nil {
			return p, ""
		}
		why = append(why, fmt.Sprintf("cgroup v1: %v", errors.Join(err1, err2)))
	}
	if len(why) == 0 {
		why = append(why, "no cgroup hierarchy with the memory and pids controllers")
	}
	return nil, strings.Join(why, "; ")
}

// tryCgroup creates and removes a cgroup in dir, which must have files.
func tryCgroup(dir string, files ...string) error {
	probe := filepath.Join(dir, boxName("probe"))
	if err := os.Mkdir(probe, 0o755); err != nil {
		return err
	}
	defer os.Remove(probe)
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(probe, f)); err != nil {
			return err
		}
	}
	return nil
}

// cgroupMounts returns arena's cgroup in each hierarchy ("" for v2, else
// a v1 controller's name) and each hierarchy's mount point.
func cgroupMounts() (own, mounts map[string]string, err error) {
	own, mounts = map[string]string{}, map[string]string{}
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			own[c] = parts[2]
		}
	}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		sep := slicesIndex(fields, "-")
		if sep < 5 || sep+3 >= len(fields) {
			continue
		}
		point, fstype, opts := fields[4], fields[sep+1], fields[sep+3]
		switch fstype {
		case "cgroup2":
			mounts["cgroup2"] = point
		case "cgroup":
			for _, o := range strings.Split(opts, ",") {
				if o == "memory" || o == "pids" {
					mounts[o] = point
				}
			}
		}
	}
	return own, mounts, sc.Err()
}

func slicesIndex(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func contains(s []string, v string) bool { return slicesIndex(s, v) >= 0 }

// box is one program's sandbox: its folder, its cgroups, its limits.
type box struct {
	limits  limits
	cfg     Sandbox
	dir     string   // its working folder, HOME and TMPDIR
	cgroups []string // the cgroups made for it
	memFile string   // where its cgroup counts out-of-memory kills
	userns  bool
}

// newBox makes a program's sandbox: a fresh folder and, where the machine
// allows, its cgroups.
func newBox(s Sandbox) (*box, error) {
	ab := probe()
	dir, err := os.MkdirTemp("", "arena-bot-"+ownerToken())
	if err != nil {
		return nil, err
	}
	b := &box{cfg: s, dir: dir, userns: ab.userns}
	b.limits.CPU = uint64(max(1, (s.CPU+999_999_999)/1_000_000_000))
	b.limits.FSize = s.FileSize
	b.limits.Landlock = ab.landlock
	b.limits.NoUnix = ab.seccomp
	if ab.userns {
		b.limits.Tmpfs = s.FileSize
		b.limits.LoopUp = true
		b.limits.ReadOnly = ab.readOnly
		if !ab.root {
			b.limits.NProc = uint64(s.Tasks)
		}
	}
	if p := ab.cgroups; p != nil {
		name := boxName(strconv.FormatInt(boxCounter.Add(1), 10))
		mk := func(parent string, files ...string) error {
			d := filepath.Join(parent, name)
			if err := os.Mkdir(d, 0o755); err != nil {
				return err
			}
			b.cgroups = append(b.cgroups, d)
			for i := 0; i < len(files); i += 2 {
				err := os.WriteFile(filepath.Join(d, files[i]), []byte(files[i+1]), 0)
				if err != nil && !strings.Contains(files[i], "sw") { // no swap accounting: no swap to cap
					return err
				}
			}
			return nil
		}
		mem, tasks := strconv.FormatUint(s.Memory, 10), strconv.Itoa(s.Tasks)
		if p.v2 != "" {
			err = mk(p.v2, "memory.max", mem, "memory.swap.max", "0", "pids.max", tasks)
			b.memFile = filepath.Join(p.v2, name, "memory.events")
		} else {
			err = mk(p.memory, "memory.limit_in_bytes", mem, "memory.memsw.limit_in_bytes", mem)
			if err == nil {
				err = mk(p.pids, "pids.max", tasks)
			}
			b.memFile = filepath.Join(p.memory, name, "memory.oom_control")
		}
		if err != nil {
			b.remove()
			return nil, fmt.Errorf("sandbox: %v", err)
		}
	} else {
		b.limits.Data = s.Memory
	}
	return b, nil
}

// namespaces asks for the sandbox's namespaces, where the kernel allows.
func (b *box) namespaces(a *syscall.SysProcAttr) {
	if b.userns {
		setNamespaces(a)
	}
}

// join puts the keeper (and so the program) in the sandbox's cgroups.
func (b *box) join(pid int) error {
	for _, d := range b.cgroups {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return fmt.Errorf("sandbox: %v", err)
		}
	}
	return nil
}

// oomKills returns how many processes of the sandbox its memory cgroup
// killed.
func (b *box) oomKills() int {
	if b.memFile == "" {
		return 0
	}
	data, _ := os.ReadFile(b.memFile)
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == "oom_kill" {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}

// remove removes the sandbox's cgroups and folder; its processes are gone.
func (b *box) remove() {
	for i := len(b.cgroups) - 1; i >= 0; i-- {
		_ = os.Remove(b.cgroups[i])
	}
	b.cgroups = nil
	if b.dir != "" {
		_ = os.RemoveAll(b.dir)
	}
}

// apply makes, in the keeper, the sandbox's folder a tmpfs and brings up
// the loopback of its network namespace.
func (l *limits) apply(dir string) error {
	if l.ReadOnly {
		if err := readOnlyOutside(); err != nil {
			return err
		}
	}
	if l.Tmpfs > 0 {
		if err := unix.Mount("tmpfs", dir, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, fmt.Sprintf("size=%d,mode=0700", l.Tmpfs)); err != nil {
			return fmt.Errorf("sandbox: the folder's tmpfs: %v", err)
		}
	}
	if l.LoopUp {
		if err := loopbackUp(); err != nil {
			return fmt.Errorf("sandbox: the loopback: %v", err)
		}
	}
	return nil
}

// limit sets the program's rlimits, in the step that becomes the program,
// but for the caps on memory and tasks: those bind the step too, a Go
// process whose runtime maps memory and starts threads when it will, so
// becomeProgram sets them, last.
func (l *limits) limit() error {
	set := func(what int, name string, v uint64, hard uint64) error {
		if err := unix.Setrlimit(what, &unix.Rlimit{Cur: v, Max: hard}); err != nil {
			return fmt.Errorf("sandbox: %s: %v", name, err)
		}
		return nil
	}
	errs := []error{set(unix.RLIMIT_CORE, "RLIMIT_CORE", 0, 0)}
	if l.CPU > 0 {
		errs = append(errs, set(unix.RLIMIT_CPU, "RLIMIT_CPU", l.CPU, l.CPU+1))
	}
	if l.FSize > 0 {
		errs = append(errs, set(unix.RLIMIT_FSIZE, "RLIMIT_FSIZE", l.FSize, l.FSize))
	}
	return errors.Join(errs...)
}

// openFiles is the soft cap on open files a sandbox's program starts with:
// Linux's usual default. Go raises its own soft cap to the hard one, and
// only its own exec knows the one it started with; the step starts the
// program without that exec (becomeProgram), so it sets this one.
const openFiles = 1024

// becomeProgram is the step's end: it sets the caps on memory
// (RLIMIT_DATA), tasks (RLIMIT_NPROC) and open files, then becomes the
// program (execve). The step maps more than a small memory cap already
// (its heap, its threads' stacks), so that once capped, any new mapping
// fails, and so would the step if its runtime needed one — a span for a
// fresh allocation, a thread ("fatal error: runtime: cannot allocate
// memory", a few starts in a hundred on a loaded machine, when the cap came
// before the rest of the step's work). So everything execve needs is
// made first (prepare), the runtime is made quiet — a collection now and
// none after, one P, which this thread holds: no goroutine runs, no
// thread starts — and from the caps to execve only raw system calls run
// (execCapped), which neither allocate nor enter the scheduler. It
// returns only if the program could not be started; past the memory cap
// it says so itself, with raw writes, and exits 127.
func (l *limits) becomeProgram(path string, args, env []string) error {
	x, err := l.prepare(path, args, env)
	if err != nil {
		return err
	}
	failed := []byte("arena: starting " + path + ": ")
	runtime.GC()
	debug.SetGCPercent(-1)
	runtime.GOMAXPROCS(1)
	c, errno := x.run()
	if c < len(x.caps) { // a cap refused: none is set past it, the memory cap last
		return fmt.Errorf("sandbox: %s: %v", x.caps[c].name, errno)
	}
	why := errno.Error() // a known errno's text is static: no allocation
	rawWrite(failed)
	rawWrite(unsafe.Slice(unsafe.StringData(why), len(why)))
	rawWrite([]byte{'\n'})
	unix.Exit(127)
	return nil
}

// execCapped is what the step's last system calls need, made beforehand.
type execCapped struct {
	argv0      *byte
	argv, envv []*byte
	caps       []capOn // in order, RLIMIT_DATA last
}

type capOn struct {
	name     string
	resource int
	lim      unix.Rlimit
}

// prepare makes the arguments of the step's last system calls.
func (l *limits) prepare(path string, args, env []string) (*execCapped, error) {
	x := &execCapped{}
	var err error
	if x.argv0, err = syscall.BytePtrFromString(path); err != nil {
		return nil, err
	}
	if x.argv, err = syscall.SlicePtrFromStrings(append([]string{path}, args...)); err != nil {
		return nil, err
	}
	if x.envv, err = syscall.SlicePtrFromStrings(env); err != nil {
		return nil, err
	}
	var files unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &files); err != nil {
		return nil, fmt.Errorf("sandbox: RLIMIT_NOFILE: %v", err)
	}
	files.Cur = min(openFiles, files.Max)
	x.caps = []capOn{{"RLIMIT_NOFILE", unix.RLIMIT_NOFILE, files}}
	if l.NProc > 0 {
		x.caps = append(x.caps, capOn{"RLIMIT_NPROC", unix.RLIMIT_NPROC, unix.Rlimit{Cur: l.NProc, Max: l.NProc}})
	}
	if l.Data > 0 { // the last: a cap refused before it is still told the usual way
		x.caps = append(x.caps, capOn{"RLIMIT_DATA", unix.RLIMIT_DATA, unix.Rlimit{Cur: l.Data, Max: l.Data}})
	}
	return x, nil
}

// run sets the caps, then becomes the program, with raw system calls
// only: it allocates nothing. It returns the index of the cap refused
// (len(caps) if none was) and the error.
func (x *execCapped) run() (int, syscall.Errno) {
	for i := range x.caps {
		if _, _, errno := unix.RawSyscall6(unix.SYS_PRLIMIT64, 0, uintptr(x.caps[i].resource), uintptr(unsafe.Pointer(&x.caps[i].lim)), 0, 0, 0); errno != 0 {
			return i, errno
		}
	}
	_, _, errno := unix.RawSyscall(unix.SYS_EXECVE, uintptr(unsafe.Pointer(x.argv0)), uintptr(unsafe.Pointer(&x.argv[0])), uintptr(unsafe.Pointer(&x.envv[0])))
	return len(x.caps), errno
}

// rawWrite writes b on standard error with a raw system call.
func rawWrite(b []byte) {
	if len(b) > 0 {
		_, _, _ = unix.RawSyscall(unix.SYS_WRITE, 2, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	}
}

// confine takes from the calling thread, and the program it starts, the
// keeper's capabilities, and confines its writes to dir (Landlock).
func (l *limits) confine(dir string) error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: clearing the ambient capabilities: %v", err)
	}
	if l.NoUnix {
		if err := denyUnixSockets(); err != nil {
			return err
		}
	}
	if l.Landlock > 0 {
		return confineWrites(l.Landlock, dir)
	}
	return nil
}

// loopbackUp brings the network namespace's loopback interface up.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	req, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, req); err != nil {
		return err
	}
	req.SetUint16(req.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, req)
}

// confineWrites confines the calling thread, and the program it starts, to
// writing (creating, removing, renaming, truncating) under dir only, with
// Landlock; /dev/null and its kin stay writable. Reading and running files
// is not confined.
func confineWrites(abi int, dir string) error {
	write := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM)
	fileRights := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE)
	if abi >= 2 {
		write |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		write |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
		fileRights |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	attr := unix.LandlockRulesetAttr{Access_fs: write}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return fmt.Errorf("sandbox: Landlock: %v", errno)
	}
	defer unix.Close(int(fd))
	allow := func(path string, rights uint64) error {
		f, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			return err
		}
		defer unix.Close(f)
		rule := unix.LandlockPathBeneathAttr{Allowed_access: rights, Parent_fd: int32(f)}
		if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, fd, unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&rule)), 0, 0, 0); errno != 0 {
			return errno
		}
		return nil
	}
	if err := allow(dir, write); err != nil {
		return fmt.Errorf("sandbox: Landlock: %s: %v", dir, err)
	}
	for _, dev := range []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"} {
		_ = allow(dev, fileRights)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %v", err)
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); errno != 0 {
		return fmt.Errorf("sandbox: Landlock: %v", errno)
	}
	return nil
}

// sandboxAvailable reports whether a sandbox can be made here.
func sandboxAvailable() error { return nil }

var noticeOnce sync.Once

// notice says once which limits are in force here and which could not be
// applied.
func notice(s Sandbox) {
	noticeOnce.Do(func() {
		if f := Notice.Load(); f != nil {
			(*f)(describe(s, probe()))
		}
	})
}

// describe is the line that says which limits of a sandbox are in force
// on this machine, and which are not, and why.
func describe(s Sandbox, ab *abilities) string {
	var on, off []string
	if ab.cgroups != nil {
		mem := "memory.max"
		if ab.cgroups.v2 == "" {
			mem = "memory.limit_in_bytes"
		}
		on = append(on, fmt.Sprintf("memory %s a program (%s %s)", size(s.Memory), ab.cgroups, mem),
			fmt.Sprintf("%d tasks (%s pids.max)", s.Tasks, ab.cgroups))
	} else {
		on = append(on, fmt.Sprintf("memory %s a process (RLIMIT_DATA)", size(s.Memory)))
		switch {
		case ab.userns && !ab.root:
			on = append(on, fmt.Sprintf("%d tasks (RLIMIT_NPROC in its user namespace)", s.Tasks))
		case ab.root:
			off = append(off, "a cap on tasks (no cgroup, and RLIMIT_NPROC does not bind root)")
		default:
			off = append(off, "a cap on tasks (no cgroup, no user namespace)")
		}
		off = append(off, "cgroups ("+ab.cgroupWhy+")")
	}
	on = append(on, fmt.Sprintf("CPU %v a process (RLIMIT_CPU)", s.CPU), fmt.Sprintf("files of %s at most (RLIMIT_FSIZE)", size(s.FileSize)),
		fmt.Sprintf("%d open files (RLIMIT_NOFILE)", openFiles), "a fresh folder", "a session of its own with no terminal (setsid)")
	if inheritedClosed {
		on = append(on, "no file descriptor of arena's but its standard streams (close-on-exec from 3 up)")
	} else {
		off = append(off, "closing inherited file descriptors (no /dev/fd)")
	}
	if ab.userns {
		on = append(on, fmt.Sprintf("its folder a tmpfs of %s", size(s.FileSize)), "no network (its own network namespace)", "its own PID namespace",
			"its own IPC (System V and POSIX message queues: an IPC namespace)")
		if ab.readOnly {
			on = append(on, "no file's attributes changed outside its folder (chmod, chown, utime, xattr: every other mount read-only)")
		} else {
			off = append(off, "a read-only view of the files outside its folder, so attributes (chmod, chown, utime, xattr) there stay writable ("+ab.usernsWhy+")")
		}
	} else {
		off = append(off, "network isolation, IPC isolation, the folder's size cap and a read-only view of the files outside it, so attributes (chmod, chown, utime, xattr) there stay writable (no user namespace: "+ab.usernsWhy+")")
	}
	if ab.seccomp {
		on = append(on, "no unix socket (seccomp: socket(AF_UNIX) refused)")
	} else {
		off = append(off, "shutting out the host's unix sockets ("+ab.seccompWhy+")")
	}
	if ab.landlock > 0 {
		on = append(on, fmt.Sprintf("writes only in its folder (Landlock ABI %d)", ab.landlock))
	} else {
		off = append(off, "confining writes to its folder (no Landlock)")
	}
	line := "arena: sandbox: " + strings.Join(on, ", ")
	if len(off) > 0 {
		line += "; not applied here: " + strings.Join(off, "; ")
	}
	return line
}
