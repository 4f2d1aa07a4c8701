package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func newFakeClock() *fakeClock               { return &fakeClock{t: time.Unix(1_000_000, 0)} }
func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func lines(s string) int { return strings.Count(s, "\n") }

func formatForProgress(t *testing.T) runner.Format {
	t.Helper()
	f, err := runner.NewTournament(2, []string{"a", "b"}, 10, 1, results.Options{})
	require.NoError(t, err)
	return f
}

// TestProgressOffATerminal: off a terminal, a run says how it is doing
// every 30 s by default and every 5 s with --progress (then also at the
// end); --quiet says nothing; a run shorter than 30 s prints nothing.
func TestProgressOffATerminal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags progressFlags
		// lines after: the first update, 29 s, 31 s, 62 s, the last update
		want []int
	}{
		{"default", progressFlags{}, []int{0, 0, 1, 2, 2}},
		{"--progress", progressFlags{progress: true}, []int{1, 2, 2, 3, 4}},
		{"--quiet", progressFlags{quiet: true}, []int{0, 0, 0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			clock := newFakeClock()
			mode := tc.flags.mode(false)
			if !mode.on() {
				require.Equal(t, []int{0, 0, 0, 0, 0}, tc.want)
				return
			}
			p := newProgress(&w, formatForProgress(t), 0, mode, clock.now)
			var got []int
			p.update(1, 10)
			got = append(got, lines(w.String()))
			for _, d := range []time.Duration{29 * time.Second, 2 * time.Second, 31 * time.Second} {
				clock.advance(d)
				p.update(2, 10)
				got = append(got, lines(w.String()))
			}
			p.update(10, 10)
			got = append(got, lines(w.String()))
			require.Equal(t, tc.want, got, w.String())
			if tc.want[2] > 0 {
				require.Contains(t, w.String(), "arena: 2/10 matches (20%)")
				require.Contains(t, w.String(), "ETA ")
			}
		})
	}
}

// TestQuietAndProgressConflict: --quiet and --progress together are bad usage.
func TestQuietAndProgressConflict(t *testing.T) {
	code, _, stderr := arena(t, "run", "tron/small", "--quiet", "--progress")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --progress and --quiet: give one of them\n", stderr)
	code, _, stderr = arena(t, "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--out", t.TempDir()+"/t.jsonl", "-q", "--progress")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: --progress and --quiet: give one of them\n", stderr)
}
