package external

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestTailKeepsBothEnds: a Go program out of memory says so in its first
// line, then prints a trace of every goroutine, far longer than the tail
// arena keeps; the head still holds the reason, where the words of a file
// cap are looked for too.
func TestTailKeepsBothEnds(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	tl := newTail(r, "")
	trace := strings.Repeat("runtime.goexit({}) /usr/local/go/src/runtime/asm_amd64.s:1771 +0x1\n", 100)
	_, err = w.WriteString("fatal error: runtime: out of memory\n\n" + trace + "exit at last\n")
	require.NoError(t, err)
	require.NoError(t, w.Close())
	<-tl.done
	require.Contains(t, tl.head(), "fatal error: runtime: out of memory")
	require.NotContains(t, tl.String(), "out of memory", "the tail alone has lost it")
	require.Contains(t, tl.String(), "exit at last")
	require.LessOrEqual(t, len(tl.head()), stderrTail)
}

// TestMemoryCapOnlyFromTheKernel: a program of a sandbox that died saying
// it is out of memory — in the words of C, Python, C++, Java or Go's
// runtime — hit no memory cap unless the kernel counted an out-of-memory
// kill of its cgroup: its words may be about anything (a MemoryError it
// raised itself), and its fault is its exit. A kill the cgroup counted is
// the memory cap, whatever the program said.
func TestMemoryCapOnlyFromTheKernel(t *testing.T) {
	p := &process{
		prog:  program{sandbox: Sandbox{On: true, Memory: 64 << 20, CPU: time.Minute}},
		state: &keeperMsg{Done: true, Status: 2 << 8}, // exit status 2
	}
	said := []string{
		"fatal error: runtime: cannot allocate memory",
		"fatal error: runtime: out of memory",
		"malloc: Cannot allocate memory",
		"MemoryError",
		"terminate called after throwing an instance of 'std::bad_alloc'",
		"java.lang.OutOfMemoryError: Java heap space",
		"ocaml: Out of memory",
		"panic: index out of range [3] with length 3",
	}
	for _, words := range said {
		require.Empty(t, p.limitHit(words), words)
	}
	p.state = &keeperMsg{Done: true, Status: 9, OOM: 1} // SIGKILL, counted by the cgroup
	for _, words := range append(said, "") {
		require.Equal(t, "its memory cap, 64MiB (cgroup memory limit: 1 out-of-memory kills)", p.limitHit(words), words)
	}
}
