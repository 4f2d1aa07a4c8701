//go:build windows

package external

import (
	"os/exec"
	"strconv"
	"syscall"
)

// exitStatus describes an exit code as os.ProcessState does: "exit status
// 3", and in hexadecimal from 1<<16 on, where Windows's codes are its
// NTSTATUS values: "exit status 0xc0000005".
func exitStatus(status uint32) string {
	if status >= 1<<16 {
		return "exit status 0x" + strconv.FormatUint(uint64(status), 16)
	}
	return "exit status " + strconv.FormatUint(uint64(status), 10)
}

// endingOf reads an exit code: Windows has no signals, and arena no sandbox
// there.
func endingOf(status uint32) ending { return ending{clean: status == 0} }

// ownGroup leaves cmd as it is: Windows kills a process, not its group.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process cmd started (not what it started in turn).
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }

// statusOf returns the exit code of a process that ended.
func statusOf(ws syscall.WaitStatus) uint32 { return ws.ExitCode }

// inheritedClosed: Windows passes a program only the handles exec.Cmd
// names.
var inheritedClosed = true
