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

// TestProgressOffATerminal: off a terminal, a run says nothing by default
// (a CI log gets the table alone) and how it is doing every 5 s with
// --progress, then also at the end; --quiet says nothing.
func TestProgressOffATerminal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags progressFlags
		// lines after: the first update, 29 s, 31 s, 62 s, the last update
		want []int
	}{
		{"default", progressFlags{}, []int{0, 0, 0, 0, 0}},
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
			p.update(runner.Count{HandedOn: 1, Played: 1, Total: 10})
			got = append(got, lines(w.String()))
			for _, d := range []time.Duration{29 * time.Second, 2 * time.Second, 31 * time.Second} {
				clock.advance(d)
				p.update(runner.Count{HandedOn: 2, Played: 2, Total: 10})
				got = append(got, lines(w.String()))
			}
			p.update(runner.Count{HandedOn: 10, Played: 10, Total: 10})
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

// TestProgressPaceIsThePlayed: the time left comes from the matches played,
// not the records written, which a long match holds back (the first of
// arena run's strong games); the line says both when they differ, and a
// resumed run's matches count as done, not as this run's pace.
func TestProgressPaceIsThePlayed(t *testing.T) {
	for _, tc := range []struct {
		offset int
		count  runner.Count
		want   string
	}{
		{0, runner.Count{HandedOn: 1, Played: 50, Total: 100},
			"arena: 50/100 matches (50%) played, 1 written, 0.5 matches/s, 100 s elapsed, ETA 1m40s"},
		{20, runner.Count{HandedOn: 1, Played: 40, Total: 80},
			"arena: 60/100 matches (60%) played, 21 written, 0.4 matches/s, 100 s elapsed, ETA 1m40s"},
		{0, runner.Count{HandedOn: 30, Played: 30, Total: 100},
			"arena: 30/100 matches (30%), 0.3 matches/s, 100 s elapsed, ETA 3m53s"},
	} {
		var w bytes.Buffer
		clock := newFakeClock()
		flags := progressFlags{progress: true}
		p := newProgress(&w, formatForProgress(t), tc.offset, flags.mode(false), clock.now)
		clock.advance(100 * time.Second)
		p.update(tc.count)
		require.Equal(t, tc.want+"\n", w.String())
	}
}
