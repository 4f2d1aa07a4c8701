//go:build windows

package external

import "strconv"

// exitStatus describes an exit code as os.ProcessState does: "exit status
// 3".
func exitStatus(status uint32) string {
	return "exit status " + strconv.FormatUint(uint64(status), 10)
}

// endingOf reads an exit code: Windows has no signals, and arena no sandbox
// there.
func endingOf(status uint32) ending { return ending{clean: status == 0} }
