//go:build linux

package sim_test

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestOpenFileRefusesANamedPipe: a named pipe, to read or to write, is
// refused at once (an open waited for its other end, deaf to Ctrl-C and
// SIGTERM), and so is a socket; devices and the unnamed pipes of a shell's
// <(…) and >(…) open as before, back in blocking mode.
func TestOpenFileRefusesANamedPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, flag := range []int{os.O_RDONLY, os.O_WRONLY, os.O_WRONLY | os.O_CREATE | os.O_TRUNC, os.O_RDWR} {
		err := notWaiting(t, fifo, func() error {
			f, err := sim.OpenFile(fifo, flag, 0o644)
			if err == nil {
				f.Close()
			}
			return err
		})
		require.ErrorIs(t, err, sim.ErrNamedPipe, "flag %#x", flag)
		require.EqualError(t, err, "open "+fifo+": is a named pipe; name a file")
	}
	_, err := sim.ReadFile(fifo, 10)
	require.EqualError(t, err, fifo+": is a named pipe; name a file")

	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	require.NoError(t, err)
	defer l.Close()
	for _, flag := range []int{os.O_RDONLY, os.O_WRONLY} {
		_, err := sim.OpenFile(sock, flag, 0)
		require.ErrorIs(t, err, sim.ErrSocket, "flag %#x", flag)
	}

	// An unnamed pipe, as /dev/fd/N, opens, and is not left non-blocking.
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	f, err := sim.OpenFile(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), os.O_WRONLY, 0)
	require.NoError(t, err)
	fl, err := fcntlFlags(f)
	require.NoError(t, err)
	require.Zero(t, fl&syscall.O_NONBLOCK, "the pipe is back in blocking mode")
	_, err = f.Write([]byte("ok"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	buf := make([]byte, 2)
	_, err = r.Read(buf)
	require.NoError(t, err)
	require.Equal(t, "ok", string(buf))

	null, err := sim.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err, "a device opens")
	null.Close()
}

// notWaiting runs open, and fails the test if it has not returned long
// after it should have at once: then it opens the pipe's other end, which
// lets a waiting open return, so that a broken OpenFile fails the test
// instead of hanging it. The time is no measure of speed: only a hung call
// reaches it.
func notWaiting(t *testing.T, fifo string, open func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- open() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
			defer f.Close()
		}
		<-done
		t.Fatalf("open of the named pipe %s waited for its other end", fifo)
		return nil
	}
}

// fcntlFlags returns the file status flags of f.
func fcntlFlags(f *os.File) (int, error) {
	raw, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var fl int
	var ferr error
	if err := raw.Control(func(fd uintptr) {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		fl = int(r)
		if errno != 0 {
			ferr = errno
		}
	}); err != nil {
		return 0, err
	}
	return fl, ferr
}
