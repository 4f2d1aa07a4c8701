// Package ci holds no code: its test checks that the workflow shipped with
// docs/ci.md works. It reads gate.yml, runs its build lines on the C bot of
// docs/your-bot.md and its arena sprt command through arena itself: an
// unchanged bot passes the gate (exit 0), a broken one fails it (exit 1).
package ci

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/arenasim/arena/cmd/arena/cli"
)

// workflow is the part of a GitHub Actions workflow the test reads.
type workflow struct {
	Jobs map[string]struct {
		Steps []struct {
			Name string `yaml:"name"`
			Uses string `yaml:"uses"`
			Run  string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// gate returns the workflow's build lines and its arena sprt line, the
// backslash continuations joined.
func gate(t *testing.T) (builds []string, sprt string) {
	t.Helper()
	data, err := os.ReadFile("gate.yml")
	require.NoError(t, err)
	var w workflow
	require.NoError(t, yaml.Unmarshal(data, &w), "gate.yml")
	require.Len(t, w.Jobs, 1, "gate.yml: one job")
	for _, job := range w.Jobs {
		for _, step := range job.Steps {
			for _, line := range strings.Split(strings.ReplaceAll(step.Run, "\\\n", " "), "\n") {
				line = strings.TrimSpace(line)
				switch {
				case strings.HasPrefix(line, "cc "):
					builds = append(builds, line)
				case strings.HasPrefix(line, "arena sprt "):
					require.Empty(t, sprt, "gate.yml: one arena sprt line")
					sprt = line
				}
			}
		}
	}
	require.Len(t, builds, 2, "gate.yml: the new build and the old one")
	require.NotEmpty(t, sprt, "gate.yml: an arena sprt line")
	return builds, sprt
}

// docBot returns the C bot of docs/your-bot.md, written there as a here-document.
func docBot(t *testing.T) []byte {
	t.Helper()
	page, err := os.ReadFile("../your-bot.md")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)cat > c-bot/bot\.c <<'EOF'\n(.*?\n)EOF\n`).FindSubmatch(page)
	require.NotNil(t, m, "docs/your-bot.md: the C bot's here-document")
	return m[1]
}

// broken answers x+ on every turn: it runs into a wall or a trail.
const broken = `#include <stdio.h>
#include <string.h>
int main(void) {
	static char line[1 << 16];
	while (fgets(line, sizeof line, stdin))
		if (strstr(line, "\"type\":\"turn\"")) {
			puts("x+");
			fflush(stdout);
		}
	return 0;
}
`

func TestGate(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("cc is not on PATH: the gate's build lines cannot run")
	}
	builds, sprt := gate(t)
	for _, tc := range []struct {
		name     string
		new, old []byte
		want     int
	}{
		{"an unchanged bot passes", docBot(t), docBot(t), 0},
		{"a weaker bot fails", []byte(broken), docBot(t), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for side, src := range map[string][]byte{"new": tc.new, "old": tc.old} {
				require.NoError(t, os.MkdirAll(filepath.Join(dir, side), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, side, "bot.c"), src, 0o644))
			}
			for _, b := range builds {
				cmd := exec.Command("sh", "-c", b)
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				require.NoError(t, err, "%s: %s", b, out)
			}
			line, _, _ := strings.Cut(sprt, " | ") // the step's summary, not arena's
			line = strings.ReplaceAll(line, "$PWD", dir)
			args := strings.Fields(line)[1:]
			for i, a := range args {
				if a == "--junit" || a == "--out" || a == "-o" {
					args[i+1] = filepath.Join(dir, args[i+1])
				}
			}
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), append(args, "-q"), &stdout, &stderr)
			require.Equal(t, tc.want, code, "%s\n%s%s", line, stdout.String(), stderr.String())
			_, err := os.Stat(filepath.Join(dir, "sprt.xml"))
			require.NoError(t, err, "the JUnit report")
		})
	}
}
