//go:build !linux && !windows

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start a process group of its own.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group cmd started.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// statusOf returns the wait status of a process that ended, as a number.
func statusOf(ws syscall.WaitStatus) uint32 { return uint32(ws) }
