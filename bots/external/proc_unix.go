//go:build !windows

package external

import (
	"os/exec"
	"strconv"
	"syscall"
)

// exitStatus describes a wait status as os.ProcessState does: "exit
// status 3", "signal: killed".
func exitStatus(status uint32) string {
	ws := syscall.WaitStatus(status)
	switch {
	case ws.Exited():
		return "exit status " + strconv.Itoa(ws.ExitStatus())
	case ws.Signaled():
		return "signal: " + ws.Signal().String()
	}
	return "status " + strconv.Itoa(int(ws))
}

// endingOf reads a wait status.
func endingOf(status uint32) ending {
	ws := syscall.WaitStatus(status)
	signal := syscall.Signal(-1)
	if ws.Signaled() {
		signal = ws.Signal()
	}
	return ending{
		clean:        ws.Exited() && ws.ExitStatus() == 0,
		killed:       signal == syscall.SIGKILL,
		pastCPU:      signal == syscall.SIGXCPU,
		pastFileSize: signal == syscall.SIGXFSZ,
	}
}

// ownGroup makes cmd start a process group of its own.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group cmd started.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// statusOf returns the wait status of a process that ended, as a number.
func statusOf(ws syscall.WaitStatus) uint32 { return uint32(ws) }
