package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestPrintable: control characters are escaped in the forms of Go's %q,
// newline and tab kept, every other character as it is; a writer gives the
// same bytes whatever its writes cut.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain é ☃ \t\n":           "plain é ☃ \t\n",
		"\x1b]52;c;aGk=\x07":       `\x1b]52;c;aGk=\x07`,
		"\x1b]0;title\x07\x1b[2J":  `\x1b]0;title\x07\x1b[2J`,
		"a\rb\x00c\x7f":            `a\x0db\x00c\x7f`,
		"\u009b2J \u0085 \u00a0":   `\u009b2J \u0085` + " \u00a0",
		"not UTF-8: \x9b\xff\xc3.": `not UTF-8: \x9b\xff\xc3.`,
	} {
		require.Equal(t, want, printable(in), "%q", in)
		var whole bytes.Buffer
		w := &printableWriter{w: &whole}
		for i := range len(in) {
			_, err := w.Write([]byte(in[i : i+1]))
			require.NoError(t, err)
		}
		require.NoError(t, w.Flush())
		require.Equal(t, want, whole.String(), "%q written a byte at a time", in)
	}
}

// controls lists the control characters of s that a terminal would act
// on: those of C0 but newline and tab, DEL, those of C1, bytes not UTF-8.
func controls(s string) []string {
	var found []string
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"), r < ' ' && r != '\n' && r != '\t', r >= 0x7f && r <= 0x9f:
			found = append(found, s[i:min(len(s), i+8)])
		}
	}
	return found
}

// evilName is a bot name from a records file that, printed raw, would set
// the clipboard and the window title and clear the screen.
const evilName = "evil\x1b]52;c;cHduZWQ=\x07\x1b]0;title\x07\x1b[2J\u009b2J"

// TestNamesPrintedEscaped: a records file whose bot name holds ESC
// sequences is rated with the name's controls escaped, in a table, Markdown, CSV and
// JSON (the JSON still meaning the name); the file keeps its bytes.
func TestNamesPrintedEscaped(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "run", "tron/duel", "--bots", "straight,stupid", "--games", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	quoted, err := json.Marshal(evilName)
	require.NoError(t, err)
	b = bytes.ReplaceAll(b, []byte(`"straight"`), quoted)
	require.NoError(t, os.WriteFile(out, b, 0o644))

	for _, format := range []string{"table", "markdown", "csv", "json"} {
		code, stdout, stderr := arena(t, "rate", out, "--format", format)
		require.Equal(t, 0, code, stderr)
		require.Empty(t, controls(stdout), format)
		require.Empty(t, controls(stderr), format)
		if format == "json" {
			require.True(t, json.Valid([]byte(stdout)), stdout)
			require.Contains(t, stdout, `\u001b]52;c;cHduZWQ=\u0007`)
			require.Contains(t, stdout, `\u009b2J`)
			var v any
			require.NoError(t, json.Unmarshal([]byte(stdout), &v))
			require.Contains(t, mustJSONString(t, v), "\u009b2J", "the JSON means the name as it is")
		} else {
			require.Contains(t, stdout, `evil\x1b]52;c;cHduZWQ=\x07\x1b]0;title\x07\x1b[2J\u009b2J`, format)
		}
	}
	after, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, b, after)
}

// mustJSONString is v written as JSON with nothing escaped but what JSON
// must escape.
func mustJSONString(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	return buf.String()
}

// TestProgramStderrPrintedEscaped: a program's standard error, quoted in
// play's fault line and in the faults line on stderr, has its controls
// escaped.
func TestProgramStderrPrintedEscaped(t *testing.T) {
	bot := filepath.Join(t.TempDir(), "loud.sh")
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\nprintf '\\033]0;pwned\\007\\033[2J' >&2\nexit 3\n"), 0o755))
	code, stdout, stderr := arena(t, "play", "tron/duel", "--bot", "exec:cmd="+bot, "--bot", "straight")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `fault: seat 0`)
	require.Contains(t, stdout, `\x1b]0;pwned\x07\x1b[2J`)
	require.Empty(t, controls(stdout))
	require.Empty(t, controls(stderr))
}
