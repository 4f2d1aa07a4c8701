//go:build unix

package tron

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far, user and
// system: on a machine shared with other jobs, a benchmark's wall time
// counts their turns too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
