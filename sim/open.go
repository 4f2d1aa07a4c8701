package sim

import (
	"errors"
	"os"
)

// The kinds of file OpenFile refuses where arena reads or writes a file:
// one would make open wait, uninterruptibly, for a process at its other
// end (a named pipe), or cannot be opened at all (a socket).
var (
	ErrNamedPipe = errors.New("is a named pipe; name a file")
	ErrSocket    = errors.New("is a socket; name a file")
)

// Open opens a file the user named for reading, as OpenFile does.
func Open(path string) (*os.File, error) { return OpenFile(path, os.O_RDONLY, 0) }

// WriteFile writes data to the file the user named, as os.WriteFile does,
// opening it with OpenFile.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	f, err := OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
