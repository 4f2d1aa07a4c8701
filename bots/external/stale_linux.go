//go:build linux

package external

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// An arena killed with kill -9 leaves its sandboxes' folders and cgroups
// behind. Each is named after its owner — the arena's pid, the start time
// of that process and its PID namespace — so that the next arena to make a
// sandbox removes those whose owner is gone, and never another live
// arena's: a process of that pid that started at another time is another
// process, and a folder of another PID namespace (a container sharing
// TMPDIR) cannot be judged from here, so it is left.

// owner names a process: its pid, its start time (in clock ticks since
// boot) and the inode of its PID namespace.
type owner struct {
	pid          int
	start, pidNS uint64
}

// String is the owner as sandbox names hold it: PID-START-NS.
func (o owner) String() string { return fmt.Sprintf("%d-%d-%d", o.pid, o.start, o.pidNS) }

// selfOwner is this process, read once; ok false where /proc does not say.
var selfOwner = sync.OnceValues(func() (owner, bool) {
	start, ok := startTime(os.Getpid())
	ns, nsOK := pidNamespace()
	return owner{os.Getpid(), start, ns}, ok && nsOK
})

// ownerToken is the owner part of this process's sandbox names; "" where
// /proc cannot say who it is (then nothing of its is ever swept).
func ownerToken() string {
	if o, ok := selfOwner(); ok {
		return o.String() + "-"
	}
	return ""
}

// boxName is the name of a sandbox's cgroup: arena-PID-START-NS-suffix,
// or, where /proc cannot say who this process is, arena-PID-suffix, which
// no sweep removes.
func boxName(suffix string) string {
	if t := ownerToken(); t != "" {
		return "arena-" + t + suffix
	}
	return fmt.Sprintf("arena-%d-%s", os.Getpid(), suffix)
}

// parseOwner reads the owner at the start of a sandbox's name, after its
// prefix: PID-START-NS-….
func parseOwner(name, prefix string) (owner, bool) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return owner{}, false
	}
	f := strings.SplitN(rest, "-", 4)
	if len(f) < 4 {
		return owner{}, false
	}
	pid, err1 := strconv.Atoi(f[0])
	start, err2 := strconv.ParseUint(f[1], 10, 64)
	ns, err3 := strconv.ParseUint(f[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || pid <= 0 {
		return owner{}, false
	}
	return owner{pid, start, ns}, true
}

// gone reports whether the owner o is no process any more, as seen by
// this process (self): false unless sure — a process of o's pid and start
// time lives, or o is of another PID namespace.
func (o owner) gone(self owner) bool {
	if o.pidNS != self.pidNS {
		return false
	}
	start, ok := startTime(o.pid)
	if !ok {
		_, err := os.Stat("/proc/" + strconv.Itoa(o.pid))
		return os.IsNotExist(err)
	}
	return start != o.start
}

// startTime returns the start time of process pid (field 22 of its
// /proc/PID/stat, clock ticks since boot).
func startTime(pid int) (uint64, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command's name, in parentheses, may hold spaces and parentheses.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(data[i+1:]))
	const startField = 22 - 3 // the fields after the name start with the third
	if len(f) <= startField {
		return 0, false
	}
	v, err := strconv.ParseUint(f[startField], 10, 64)
	return v, err == nil
}

// pidNamespace returns the inode of this process's PID namespace.
func pidNamespace() (uint64, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat("/proc/self/ns/pid", &st); err != nil {
		return 0, false
	}
	return st.Ino, true
}

// sweepStale removes the sandbox folders in tmp and the sandbox cgroups in
// each of parents whose owner is gone (see owner.gone), as self sees it:
// a folder whole; a cgroup once its processes, a dead arena's programs,
// are killed (one that will not go yet is left to the next sweep). It
// returns what it removed.
func sweepStale(self owner, tmp string, parents []string) []string {
	var removed []string
	sweep := func(dir, prefix string, remove func(string) error) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			o, ok := parseOwner(e.Name(), prefix)
			if !ok || !e.IsDir() || !o.gone(self) {
				continue
			}
			p := filepath.Join(dir, e.Name())
			if remove(p) == nil {
				removed = append(removed, p)
			}
		}
	}
	sweep(tmp, "arena-bot-", os.RemoveAll)
	for _, parent := range parents {
		if parent != "" {
			sweep(parent, "arena-", removeCgroup)
		}
	}
	return removed
}

// removeCgroup kills the processes left in a cgroup and removes it.
func removeCgroup(dir string) error {
	if err := os.Remove(dir); err == nil {
		return nil
	}
	// cgroup v2 ends them all at once; v1 lists them.
	if os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0) != nil {
		if data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs")); err == nil {
			for _, f := range strings.Fields(string(data)) {
				if pid, err := strconv.Atoi(f); err == nil && pid > 0 {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
	}
	return os.Remove(dir)
}
