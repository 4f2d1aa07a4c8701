//go:build linux

package sim

import "syscall"

// pipefsMagic is the file system type of Linux's unnamed pipes (linux/magic.h).
const pipefsMagic = 0x50495045

// unnamedPipe reports whether the pipe open as fd is an unnamed one (a
// shell's <(…) or >(…), opened as /dev/fd/N), whose open never waits, and
// not a named pipe of a folder.
func unnamedPipe(fd int) bool {
	var st syscall.Statfs_t
	return syscall.Fstatfs(fd, &st) == nil && st.Type == pipefsMagic
}
