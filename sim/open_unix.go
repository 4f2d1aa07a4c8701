//go:build unix

package sim

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// OpenFile opens a file the user named, as os.OpenFile does, but never
// waits in open: it opens with O_NONBLOCK, so that a named pipe with no
// process at its other end does not hold arena in a system call that
// Ctrl-C and SIGTERM cannot end, then looks at what it opened (fstat) and
// refuses a named pipe (ErrNamedPipe) or a socket (ErrSocket). The check
// is of the file opened, not of the path before: a path swapped for a pipe
// between a stat and an open cannot make it wait. Regular files,
// directories, devices (/dev/null, /dev/zero) and the unnamed pipes of a
// shell's <(…) and >(…) are opened as os.OpenFile opens them, back in
// blocking mode. Errors are *fs.PathError of op "open".
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, flag|syscall.O_NONBLOCK|syscall.O_CLOEXEC, uint32(perm.Perm()))
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		if errors.Is(err, syscall.ENXIO) {
			// A pipe opened to write with no reader, or a socket: said
			// as what it is, not as "no such device or address".
			if fi, serr := os.Stat(path); serr == nil {
				err = kindError(fi.Mode(), err)
			}
		}
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFIFO:
		if !unnamedPipe(fd) {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNamedPipe}
		}
	case syscall.S_IFSOCK:
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSocket}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// kindError names a named pipe or a socket as such, else returns err.
func kindError(mode fs.FileMode, err error) error {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return ErrNamedPipe
	case mode&fs.ModeSocket != 0:
		return ErrSocket
	}
	return err
}
