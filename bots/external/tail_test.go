package external

import (
	"os"
	"strings"
	"testing"

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
