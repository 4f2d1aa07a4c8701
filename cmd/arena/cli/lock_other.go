//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cli

import "os"

// lockFile does nothing here: this system has no flock. Do not run two
// arena processes on one output file.
func lockFile(*os.File) error { return nil }
