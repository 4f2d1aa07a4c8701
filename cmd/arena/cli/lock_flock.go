//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f for as long as it stays
// open, so that two arena processes never write one file at once (a
// second --resume of a run still running, say). It fails at once with
// errLocked when another process holds the lock.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}
