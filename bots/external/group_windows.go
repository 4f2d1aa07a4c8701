//go:build windows

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup leaves cmd as it is: Windows kills a process, not its group.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process cmd started (not what it started in turn).
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }

// statusOf returns the exit code of a process that ended.
func statusOf(ws syscall.WaitStatus) uint32 { return ws.ExitCode }
