//go:build linux

package external

// What Landlock does not cover, closed another way: a file's attributes
// (chmod, chown, utime, setxattr: Landlock confines writing a file's
// content and the tree, not its metadata) by a read-only view of every
// mount but the folder's, in the sandbox's mount namespace; and the host's
// unix sockets (a socket file answers a connect whatever the mount: the
// same would reach docker.sock, X11, an ssh-agent) by a seccomp filter
// that refuses the program an AF_UNIX socket.

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// readOnlyOutside makes every mount of the keeper's mount namespace
// read-only (mount_setattr, recursively from /): a program can then change
// no file's content, mode, owner, times or extended attributes outside its
// folder, whose tmpfs is mounted afterwards, writable. Device files stay
// writable (/dev/null): a read-only mount does not stop them.
func readOnlyOutside() error {
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, &attr); err != nil {
		return fmt.Errorf("sandbox: a read-only view of the files (mount_setattr): %v", err)
	}
	return nil
}

// nativeArch is the seccomp name of this build's architecture: the filter
// knows the system call numbers of that one only (0: none it knows).
var nativeArch = map[string]uint32{"amd64": unix.AUDIT_ARCH_X86_64, "arm64": unix.AUDIT_ARCH_AARCH64}[runtime.GOARCH]

// unixSocketFilter is the seccomp filter of a sandbox's program: socket()
// of the AF_UNIX family fails with EACCES (socketpair, which reaches no
// one else, is allowed); a system call of another architecture (a 32-bit
// program's int 0x80, x32's numbers) kills the process, as its numbers
// are not these.
func unixSocketFilter() []unix.SockFilter {
	const (
		ld  = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		ret = unix.BPF_RET | unix.BPF_K
		// The offsets of struct seccomp_data.
		nr, arch, arg0 = 0, 4, 16
	)
	return []unix.SockFilter{
		{Code: ld, K: arch},
		{Code: jeq, K: nativeArch, Jt: 1},
		{Code: ret, K: unix.SECCOMP_RET_KILL_PROCESS},
		{Code: ld, K: nr},
		{Code: jge, K: 0x40000000, Jt: 5}, // x32's numbers
		{Code: jeq, K: unix.SYS_SOCKET, Jf: 3},
		{Code: ld, K: arg0}, // the family: an int, the argument's low half
		{Code: jeq, K: unix.AF_UNIX, Jf: 1},
		{Code: ret, K: unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)},
		{Code: ret, K: unix.SECCOMP_RET_ALLOW},
		{Code: ret, K: unix.SECCOMP_RET_KILL_PROCESS},
	}
}

// denyUnixSockets installs unixSocketFilter on the calling thread, and so
// on the program it becomes.
func denyUnixSockets() error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %v", err)
	}
	filter := unixSocketFilter()
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog)), 0, 0); err != nil {
		return fmt.Errorf("sandbox: seccomp: %v", err)
	}
	return nil
}

// probeSeccomp says whether this kernel has seccomp filters for this
// architecture, and why not.
func probeSeccomp() (bool, string) {
	if nativeArch == 0 {
		return false, "no seccomp filter for " + runtime.GOARCH
	}
	if _, err := unix.PrctlRetInt(unix.PR_GET_SECCOMP, 0, 0, 0, 0); err != nil {
		return false, fmt.Sprintf("no seccomp: %v", err)
	}
	return true, ""
}
