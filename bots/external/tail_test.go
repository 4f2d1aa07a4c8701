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
// arena keeps; the head still holds the reason, which names the limit hit
// (TestSandbox's memory hog failed so under load, classified as no answer).
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

// TestLimitHitNamesTheMemoryCap: a program of a sandbox that died saying
// it is out of memory — in the words of C, Python, C++, Java or Go's
// runtime, whatever their case — hit the memory cap; one that died of
// something else hit none.
func TestLimitHitNamesTheMemoryCap(t *testing.T) {
	p := &process{
		prog:  program{sandbox: Sandbox{On: true, Memory: 64 << 20, CPU: time.Minute}},
		state: &keeperMsg{Done: true, Status: 2 << 8}, // exit status 2
	}
	for _, said := range []string{
		"fatal error: runtime: cannot allocate memory",
		"fatal error: runtime: out of memory",
		"malloc: Cannot allocate memory",
		"MemoryError",
		"terminate called after throwing an instance of 'std::bad_alloc'",
		"java.lang.OutOfMemoryError: Java heap space",
		"ocaml: Out of memory",
	} {
		require.Equal(t, "its memory cap, 64MiB a process (RLIMIT_DATA)", p.limitHit(said), said)
	}
	require.Empty(t, p.limitHit("panic: index out of range [3] with length 3"))
}
