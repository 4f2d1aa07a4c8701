package external

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLimitHitFromTheKernel: the cap a sandbox's program hit is read from
// what the kernel did and kept — the signal that ended it, the cgroup's
// out-of-memory kills, its folder's tmpfs full, a file at the file size
// cap — and a program that merely exited hit none, whatever it printed
// (the sandbox's catalogue plays those that say MemoryError or File too
// large).
func TestLimitHitFromTheKernel(t *testing.T) {
	const exit2, sigkill, sigxcpu, sigxfsz = 2 << 8, 9, 24, 25
	for _, tc := range []struct {
		name  string
		state keeperMsg
		want  string
	}{
		{"an exit", keeperMsg{Status: exit2}, ""},
		{"an out-of-memory kill", keeperMsg{Status: sigkill, OOM: 1}, "its memory cap, 64MiB (cgroup memory limit: 1 out-of-memory kills)"},
		{"past its CPU time", keeperMsg{Status: sigxcpu}, "its CPU time cap, 1m0s a process (RLIMIT_CPU)"},
		{"past its file size", keeperMsg{Status: sigxfsz}, "its file size cap, 64MiB a file (RLIMIT_FSIZE)"},
		{"an exit, a file at the cap", keeperMsg{Status: exit2, FileCap: true}, "its file size cap, 64MiB a file (RLIMIT_FSIZE)"},
		{"an exit, its folder full", keeperMsg{Status: exit2, Full: true}, "its folder's size cap, 64MiB"},
		{"a clean exit, its folder full", keeperMsg{Status: 0, Full: true}, ""},
	} {
		tc.state.Done = true
		p := &process{prog: program{sandbox: Sandbox{On: true, Memory: 64 << 20, CPU: time.Minute, FileSize: 64 << 20}}, state: &tc.state}
		require.Equal(t, tc.want, p.limitHit(), tc.name)
	}
}
