package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGoldenRecordAndCheck: record, check (the same: exit 0), a tampered
// state (exit 1, its turn and field), --update (exit 0, then the same).
func TestGoldenRecordAndCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	code, stdout, stderr := arena(t, "golden", "record", "tron/small", "--bots", "straight,stupid", "--rounds", "1", "--out", dir, "--gzip=false")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "tron/small: 2 matches of 1 round recorded in "+dir+"\n", stdout)
	code, stdout, stderr = arena(t, "golden", "check", dir)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "match-0.jsonl  tron/small match 0, seed ")
	require.Contains(t, stdout, "2 matches, all the same\n")

	// The recorded state of turn 2 says seat 1 was eliminated in turn 7.
	path := filepath.Join(dir, "match-1.jsonl")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	require.True(t, strings.HasPrefix(lines[3], `{"turn":2,`), lines[3])
	lines[3] = strings.Replace(lines[3], `,{"eliminated":0,`, `,{"eliminated":7,`, 1)
	lines[3] = regexp.MustCompile(`"hash":"[0-9a-f]{16}"`).ReplaceAllString(lines[3], `"hash":"0000000000000000"`)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
	code, stdout, stderr = arena(t, "golden", "check", dir)
	require.Equal(t, 1, code)
	require.Contains(t, stdout, "match-1.jsonl  tron/small match 1, seed ")
	require.Contains(t, stdout, ": differs from turn 2\n  players[1].eliminated: 7 → 0\n")
	require.Equal(t, "arena: 1 of 2 golden matches differ (golden check --update rewrites them after an intended change)\n", stderr)

	code, stdout, stderr = arena(t, "golden", "check", dir, "--update")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "  updated\n1 of 2 matches differed: updated\n")
	code, _, stderr = arena(t, "golden", "check", dir)
	require.Equal(t, 0, code, stderr)
}

func TestGoldenBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"golden"}, "golden: say record or check (arena help golden)"},
		{[]string{"golden", "fix"}, `golden: unknown action "fix" (want record or check)`},
		{[]string{"golden", "record", "tron/small"}, "golden record: give the folder to write with --out DIR"},
		{[]string{"golden", "record", "tron/small", "--out", dir, "--rounds", "0"}, "--rounds: 0 is not a whole number from 1 to 10000"},
		{[]string{"golden", "check", dir}, "golden check: " + dir + ": no golden file (match-N.jsonl or match-N.jsonl.gz)"},
		{[]string{"golden", "check"}, "golden check: give one folder of golden files"},
		{[]string{"golden", "check", dir, "--bots", "stupid"}, "--bots: golden check takes only --update (the files say what to play)"},
	} {
		code, _, stderr := arena(t, tc.args...)
		require.Equal(t, 2, code, tc.args)
		require.Equal(t, "arena: "+tc.want+"\n", stderr, tc.args)
	}
	code, _, stderr := arena(t, "golden", "record", "tron/small", "--bots", "straight,stupid", "--out", dir)
	require.Equal(t, 0, code, stderr)
	code, _, stderr = arena(t, "golden", "record", "tron/small", "--bots", "straight,stupid", "--out", dir)
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --out "+dir+": holds golden files already (match-0.jsonl.gz…); pass --force to write over them\n", stderr)
}
