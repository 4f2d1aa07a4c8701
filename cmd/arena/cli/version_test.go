package cli

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVersion: arena version and arena --version print the version, the
// revision and the Go version and platform, the same three lines.
func TestVersion(t *testing.T) {
	code, out, errOut := arena(t, "version")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3, out)
	v, rev := provenance()
	require.Equal(t, "arena "+v, lines[0])
	require.True(t, strings.HasPrefix(lines[1], "revision "), lines[1])
	if rev != "devel" {
		require.Equal(t, "revision "+rev, lines[1])
	}
	require.Contains(t, lines[2], runtime.GOOS+"/"+runtime.GOARCH)
	require.True(t, strings.HasPrefix(lines[2], "go"), lines[2])

	code, again, _ := arena(t, "--version")
	require.Equal(t, 0, code)
	require.Equal(t, out, again)

	code, _, errOut = arena(t, "version", "extra")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: version: takes no argument, got [\"extra\"]\n", errOut)
}
