//go:build !unix

package sim

import "os"

// OpenFile opens a file the user named, as os.OpenFile does.
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}
