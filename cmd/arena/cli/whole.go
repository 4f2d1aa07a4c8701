package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// writeWhole writes the file of an output flag that is written whole at
// the end of a command (a page, a JUnit report, a merged or played
// records file), so that an existing file is only ever replaced by a whole
// new one: write writes into a new file beside it (in its folder, so on
// its file system), which is synced and renamed over it. A failure at any
// step — a full disk, a failed write, Ctrl-C — removes the new file and
// leaves the old one with its bytes. As with createFile, an existing file
// is an error unless force, and one another arena is writing (locked) is
// refused; a symbolic link keeps pointing at the file, and a device or a
// pipe (/dev/null, >(gzip)), having nothing to replace, is written as it
// is. An error of write is returned wrapped (errors.Is finds it).
func writeWhole(flag, path string, force bool, write func(io.Writer) error) error {
	if err := notADirectory(flag, path); err != nil {
		return err
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && !force:
		return badInput("%s %s: the file exists; pass --force to overwrite it", flag, path)
	case err == nil && !fi.Mode().IsRegular():
		return writeInPlace(flag, path, write)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return badInput("%s %s: %v", flag, path, pathCause(err))
	}
	target, perm, existed := path, os.FileMode(0o644), err == nil
	if existed {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			target = real
		}
		perm = fi.Mode().Perm()
		// The lock of the file replaced, held until it is: a file another
		// arena is writing is not replaced under it.
		old, err := sim.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return badInput("%s %s: %v", flag, path, createCause(path, err))
		}
		if err := lockOutput(old, flag, path); err != nil {
			return err
		}
		defer old.Close()
	}
	tmp, err := createBeside(target, perm)
	if err != nil {
		return badInput("%s %s: %v", flag, path, createCause(path, err))
	}
	werr := write(tmp)
	if werr == nil && existed {
		// The existing file's mode is the new one's, whatever the umask.
		werr = tmp.Chmod(perm)
	}
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), target)
	}
	if werr != nil {
		_ = os.Remove(tmp.Name())
		return &exitError{ExitInternal, fmt.Errorf("%s %s: %w", flag, path, werr)}
	}
	syncDir(filepath.Dir(target))
	return nil
}

// writeInPlace writes a device or a pipe as it is.
func writeInPlace(flag, path string, write func(io.Writer) error) error {
	f, err := createFile(flag, path, true)
	if err != nil {
		return err
	}
	werr := write(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return &exitError{ExitInternal, fmt.Errorf("%s %s: %w", flag, path, werr)}
	}
	return nil
}

// createBeside creates a new file in the folder of path, named after it
// and hidden (.NAME.PID-N.tmp), with mode perm less the umask.
func createBeside(path string, perm os.FileMode) (*os.File, error) {
	dir, base := filepath.Split(path)
	for n := 0; ; n++ {
		name := filepath.Join(dir, "."+base+"."+strconv.Itoa(os.Getpid())+"-"+strconv.Itoa(n)+".tmp")
		f, err := sim.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && n < 100 {
			continue
		}
		return f, err
	}
}

// syncDir syncs a folder, so that a rename in it outlives a crash of the
// machine; where a folder cannot be synced, the rename stands as it is.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
