//go:build !windows

package external

import (
	"os"
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

// ownGroup makes cmd start a session of its own (and so a process group),
// with no controlling terminal: the program cannot reach the terminal
// arena runs in (TIOCSTI).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }

// killGroup kills the process group cmd started.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// statusOf returns the wait status of a process that ended, as a number.
func statusOf(ws syscall.WaitStatus) uint32 { return uint32(ws) }

// inheritedClosed marks every file descriptor from 3 up close-on-exec,
// before anything else runs: those arena (or a keeper) inherited from what
// started it (a shell's 9>>file) reach no program it starts. Go's own are
// close-on-exec already; exec.Cmd passes the program only what it names.
var inheritedClosed = closeInherited()

// closeInherited marks the file descriptors from 3 up close-on-exec.
func closeInherited() bool {
	entries, err := os.ReadDir("/dev/fd")
	if err != nil {
		return false
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
	return true
}
