package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/arenasim/arena/sim/simtest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/report"
	"github.com/arenasim/arena/results/tune"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var update = flag.Bool("update", false, "rewrite testdata/*.json from today's code")

// checkGolden compares v's JSON with testdata/name, or rewrites it with
// -update.
func checkGolden(t *testing.T, name string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", " ")
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./report -update writes it")
	require.Equal(t, string(want), string(got), "%s: the page's data changed; if that is intended, go test ./report -update", path)
}

// coinRecords makes n records of duels among three bots whose strengths
// differ (a beats b 3 times in 4, b beats c as often), two matches a
// seed, seats swapped, as a tournament writes them; every tenth match of c
// has a timeout.
func coinRecords(n int) (*results.Header, []*results.Record) {
	bots := []string{"a", "b", "c"}
	h := &results.Header{Type: results.TypeHeader, Format: results.FormatVersion, Game: "coin", Scenario: "coin/duel",
		RulesHash: "0123456789abcdef", Params: sim.Params{"turns": []byte("1")}, Bots: bots, Seats: 2, Games: n, Matches: n, Seed: 7,
		Version: "v1.2.3", Revision: "abc"}
	var recs []*results.Record
	rng := sim.NewRand(7, 1)
	for i := range n {
		pair := (i / 2) % 3
		x, y := bots[pair], bots[(pair+1)%3]
		seats := []string{x, y}
		if i%2 == 1 {
			seats = []string{y, x}
		}
		strong := 0.75
		if pair == 2 {
			strong = 0.1 // c against a
		}
		win := rng.Float64() < strong // x wins
		places, scores := []int{1, 2}, []float64{float64(1 + i%5), 0}
		if win != (seats[0] == x) {
			places, scores = []int{2, 1}, []float64{0, float64(1 + i%5)}
		}
		r := &results.Record{Type: "match", Format: results.FormatVersion, Match: i, Seed: sim.Derive(7, uint64(i/2)), Game: "coin",
			Scenario: "coin/duel", RulesHash: h.RulesHash, Bots: seats, Scores: scores, Places: places, Turns: 1 + i%7, StateHash: "00"}
		for k, bot := range seats {
			if bot == "c" && i%10 == 0 {
				r.Faults = append(r.Faults, sim.Fault{Seat: k, Turn: 1, Kind: sim.FaultTimeout, Msg: "late"})
			}
		}
		recs = append(recs, r)
	}
	return h, recs
}

func runOf(t *testing.T, h *results.Header, recs []*results.Record, bootstrap int) *report.Run {
	t.Helper()
	b := report.NewRunBuilder(h, results.Options{Bootstrap: bootstrap, Seed: h.Seed}, nil)
	for _, r := range recs {
		require.NoError(t, b.Add(r))
	}
	run, err := b.Run()
	require.NoError(t, err)
	return run
}

// TestRunData pins what a run's page embeds.
func TestRunData(t *testing.T) {
	h, recs := coinRecords(60)
	run := runOf(t, h, recs, 50)
	require.Len(t, run.Standings.Ratings, 3)
	require.Equal(t, 60, run.Turns.Counts[0]+sum(run.Turns.Counts[1:]))
	require.Equal(t, map[string]int{"timeout": 4}, run.Faults[2].Kinds, "c's timeouts, one in ten of its 40 matches")
	checkGolden(t, "run.json", run)
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// TestRunPageDoesNotGrowWithMatches: a page holds aggregates; a hundred
// times the matches gives a page of the same size, to a few bytes.
func TestRunPageDoesNotGrowWithMatches(t *testing.T) {
	size := func(n int) int {
		h, recs := coinRecords(n)
		var buf bytes.Buffer
		require.NoError(t, report.Write(&buf, &report.Page{Title: "t", Run: runOf(t, h, recs, 20)}))
		return buf.Len()
	}
	small, large := size(1_000), size(100_000)
	t.Logf("page of 1,000 matches: %d bytes; of 100,000: %d bytes", small, large)
	require.InDelta(t, small, large, float64(small)/50, "the page grew with the matches")
}

// TestReplayData pins a replay as the page embeds it: a Vampires match,
// with every turn's patch, actions, scores and places.
func TestReplayData(t *testing.T) {
	m := tracedMatch(t, "vampires", 0)
	r, err := report.NewReplay("vampires", m, scenarios.Game)
	require.NoError(t, err)
	require.Len(t, r.Frames, len(m.Lines))
	last := r.Frames[len(r.Frames)-1]
	require.Equal(t, len(m.Lines)-1, last.Turn)
	checkGolden(t, "replay-vampires.json", r)
}

// TestReplayRefusesAnotherMatch: a trace whose states are not what its
// actions give on today's engine is refused, with the turn.
func TestReplayRefusesAnotherMatch(t *testing.T) {
	m := tracedMatch(t, "sopra", 0)
	m.Lines[3].Hash = "0000000000000000"
	_, err := report.NewReplay("sopra", m, scenarios.Game)
	require.ErrorContains(t, err, "turn 3: the state replays to hash")
	m = tracedMatch(t, "sopra", 0)
	m.Header.Seed++
	_, err = report.NewReplay("sopra", m, scenarios.Game)
	require.ErrorContains(t, err, "turn 0")
}

// TestSPRTData pins an SPRT's page data: the LLR after each unit.
func TestSPRTData(t *testing.T) {
	test := results.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: results.ModelNormalized}
	rep := results.NewSPRTReport(test, results.KindPentanomial, "cand", "base", nil)
	b := report.NewSPRTBuilder(rep)
	for i := range 300 {
		rep.Add([]int{1, 2, 2, 3, 4, 2, 3}[i%7])
		b.Step()
	}
	s, err := b.SPRT()
	require.NoError(t, err)
	require.Equal(t, "H1", s.Verdict)
	require.Equal(t, s.Games[len(s.Games)-1], rep.Games())
	checkGolden(t, "sprt.json", s)
}

// TestLongCoursesAreThinned: a course of 20,000 units keeps a thousand
// points, the last one included.
func TestLongCoursesAreThinned(t *testing.T) {
	simtest.OneGoroutine(t)
	test := results.SPRT{Elo0: -1000, Elo1: 1000, Alpha: 0.5, Beta: 0.4, Model: results.ModelNormalized}
	rep := results.NewSPRTReport(test, results.KindPentanomial, "cand", "base", nil)
	b := report.NewSPRTBuilder(rep)
	for i := range 20_000 {
		rep.Add(i % 5)
		b.Step()
	}
	s, err := b.SPRT()
	require.NoError(t, err)
	require.Len(t, s.Games, 1000)
	require.Equal(t, rep.Games(), s.Games[999])
}

// TestTuneData pins a tuning run's page data.
func TestTuneData(t *testing.T) {
	h := &tune.Header{Type: "tune", Format: 1, Method: "spsa", Params: []tune.ParamLine{{Name: "x", Min: 0, Max: 10, Scale: "linear", Start: 5}},
		Iterations: 20, Pairs: 4, Seed: 3}
	var lines []tune.Line
	for i := range 20 {
		x := 5 + float64(i)/10
		lines = append(lines, tune.Line{Type: "iteration", Iteration: i, Theta: map[string]float64{"x": x},
			Result: tune.Result{Games: 8, PlusScore: float64(4 + i%3), MinusScore: 4}, Next: map[string]float64{"x": x + 0.1}})
	}
	tu := report.TuneOf(h, lines)
	require.Len(t, tu.Theta["x"], 20)
	require.Equal(t, map[string]float64{"x": 7}, tu.Final)
	checkGolden(t, "tune.json", tu)
}

// TestPageIsSelfContained: the page loads nothing (no src, no href, no
// address but SVG's namespace) and its data block reads back.
func TestPageIsSelfContained(t *testing.T) {
	h, recs := coinRecords(20)
	m := tracedMatch(t, "tron", 0)
	r, err := report.NewReplay("tron </script><b>", m, scenarios.Game)
	require.NoError(t, err)
	page := &report.Page{Title: "a <title> & more", Version: "test", Run: runOf(t, h, recs, 10), Replays: []*report.Replay{r}}
	var buf bytes.Buffer
	require.NoError(t, report.Write(&buf, page))
	html := buf.String()
	require.NotRegexp(t, `(?i)\s(src|href)\s*=`, html)
	require.Equal(t, []string{"http://www.w3.org/2000/svg"}, unique(regexp.MustCompile(`https?://[^"' ]+`).FindAllString(html, -1)))
	require.Contains(t, html, "<title>a &lt;title&gt; &amp; more</title>")
	start := strings.Index(html, `<script type="application/json" id="arena-data">`)
	require.Positive(t, start)
	data := html[start+len(`<script type="application/json" id="arena-data">`):]
	data = data[:strings.Index(data, "</script>")]
	var back report.Page
	require.NoError(t, json.Unmarshal([]byte(data), &back), "the data block ends at its own </script>")
	require.Equal(t, "tron </script><b>", back.Replays[0].Name)
	for _, e := range scenarios.Entries() {
		if name := e.Game.Info().Name; !e.Synthetic {
			require.Contains(t, html, fmt.Sprintf("Arena.games.%s = {", name), "the viewer of %s is in the page", name)
		}
	}
}

func unique(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// TestTunePointsData pins a grid search's page data: its points, thinned
// to a thousand, and its best.
func TestTunePointsData(t *testing.T) {
	h := &tune.Header{Type: "tune", Format: 1, Method: "grid", Params: []tune.ParamLine{{Name: "x", Min: 0, Max: 4, Scale: "linear", Start: 2}},
		Iterations: 5, Pairs: 2, Seed: 3}
	var lines []tune.PointLine
	for i, score := range []float64{1, 3, 4, 2, 0} {
		lines = append(lines, tune.PointLine{Type: "point", Index: i, Theta: map[string]float64{"x": float64(i)}, Result: tune.Result{Games: 4, PlusScore: score}})
	}
	tu := report.TunePointsOf(h, lines)
	require.Len(t, tu.Points, 5)
	require.NotNil(t, tu.Best)
	require.Equal(t, 2, tu.Best.Index, "the point that scored most")
	require.Equal(t, 1.0, tu.Best.Share)
	checkGolden(t, "tune-grid.json", tu)
}

// TestSPRTOfASweep: a candidate that wins every game has an infinite Elo
// (logistic model), written as null, and no interval, with the reason; the
// page is written.
func TestSPRTOfASweep(t *testing.T) {
	test := results.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: results.ModelLogistic}
	rep := results.NewSPRTReport(test, results.KindPentanomial, "cand", "base", nil)
	b := report.NewSPRTBuilder(rep)
	for range 20 {
		rep.Add(4)
		b.Step()
	}
	s, err := b.SPRT()
	require.NoError(t, err)
	require.Nil(t, s.Elo)
	require.Nil(t, s.EloLo, "an interval of one point is none")
	require.Nil(t, s.EloCorrectedLo)
	require.Equal(t, "no interval: all 20 pairs scored alike, with no spread to give one from", s.NoInterval)
	var buf bytes.Buffer
	require.NoError(t, report.Write(&buf, &report.Page{Title: "sweep", SPRT: s}))
	require.Contains(t, buf.String(), `"elo":null`)

	// Every pair split: the estimate is 0, its one-point interval [0, 0]
	// is left out all the same.
	split := results.NewSPRTReport(test, results.KindPentanomial, "cand", "base", nil)
	for range 10 {
		split.Add(2)
	}
	s, err = report.NewSPRTBuilder(split).SPRT()
	require.NoError(t, err)
	require.NotNil(t, s.Elo)
	require.Nil(t, s.EloLo)
	require.Nil(t, s.EloHi)
	require.Nil(t, s.EloCorrectedHi)
	require.NotEmpty(t, s.NoInterval)

	// Nothing played yet: an empty course, not null.
	s, err = report.NewSPRTBuilder(results.NewSPRTReport(test, results.KindPentanomial, "cand", "base", nil)).SPRT()
	require.NoError(t, err)
	require.Equal(t, []int{}, s.Games)
}
