package cli

import (
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sprtSmall is a quick sequential test on the 11×11 Tron board.
func sprtSmall(candidate, baseline string, extra ...string) []string {
	return append([]string{"sprt", "tron/small", "--candidate", candidate, "--baseline", baseline}, extra...)
}

func TestSPRTExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		verdict string
	}{
		{"stronger", sprtSmall("straight", "random", "--max-games", "2000"), 0, "H1 accepted: the candidate is stronger"},
		{"weaker", sprtSmall("random", "straight", "--max-games", "2000"), 1, "H0 accepted: the candidate is not stronger"},
		{"identical bots at a low cap", sprtSmall("stupid", "stupid", "--max-games", "40"), 3, "undecided: the game cap was reached"},
		{"identical bots decide", sprtSmall("stupid", "stupid", "--max-games", "2000"), 1, "H0 accepted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := arena(t, tc.args...)
			require.Equal(t, tc.code, code, errOut)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Contains(t, lines[len(lines)-1], tc.verdict, out)
		})
	}
}

func TestSPRTBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sprt", "--candidate", "straight"}, "give the bots with --candidate SPEC and --baseline SPEC"},
		{sprtSmall("straight", "random", "--elo0", "5", "--elo1", "5"), "elo0"},
		{sprtSmall("straight", "random", "--elo0", "10", "--elo1", "5"), "elo0"},
		{sprtSmall("straight", "random", "--alpha", "0"), "alpha"},
		{sprtSmall("straight", "random", "--beta", "0.7"), "beta"},
		{sprtSmall("straight", "random", "--model", "bayes"), `--model: unknown`},
		{sprtSmall("straight", "random", "--max-games", "1"), "--max-games: 1 is not a whole number from 2"},
		{sprtSmall("straight", "nobody"), "--baseline: unknown bot \"nobody\""},
		{sprtSmall("straight", "random", "--opponents", "ghost"), "--opponents: unknown bot \"ghost\""},
		{sprtSmall("straight", "random", "--format", "xml"), "--format: unknown format"},
		{[]string{"sprt", "tron/ffa4", "--candidate", "straight", "--baseline", "random", "--opponents", "stupid"},
			"a 4-seat gauntlet needs at least 3 bots besides the candidate"},
	} {
		code, _, errOut := arena(t, tc.args...)
		require.Equal(t, 2, code, "%v: %s", tc.args, errOut)
		require.Contains(t, errOut, tc.want, tc.args)
		require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	}
}

func TestSPRTIsTheSameWhateverTheWorkers(t *testing.T) {
	dir := t.TempDir()
	var outs, reports []string
	for _, j := range []string{"1", "4"} {
		path := filepath.Join(dir, "r"+j+".jsonl")
		code, out, errOut := arena(t, sprtSmall("straight", "stupid", "--max-games", "3000", "-j", j, "--out", path, "--format", "json")...)
		require.Equal(t, 0, code, errOut)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		outs, reports = append(outs, string(b)), append(reports, out)
	}
	require.Equal(t, outs[0], outs[1], "same records")
	require.Equal(t, reports[0], reports[1], "same verdict, counts and estimate")
}

// TestSPRTVerdictFromTheRecords recomputes the verdict from the --out file
// alone: the header's settings and the records.
func TestSPRTVerdictFromTheRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, out, errOut := arena(t, sprtSmall("straight", "stupid", "--opponents", "random,stupid", "--max-games", "3000", "--out", path, "--format", "json")...)
	require.Equal(t, 0, code, errOut)
	var printed map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &printed))

	h, recs := readRecords(t, path)
	require.Equal(t, "sprt", h.Schedule)
	require.NotNil(t, h.SPRT)
	require.Equal(t, "straight", h.SPRT.Candidate)
	require.Equal(t, "stupid", h.SPRT.Baseline)
	require.Equal(t, []string{"random", "stupid#2"}, h.SPRT.Opponents)
	test, err := h.SPRT.Test()
	require.NoError(t, err)
	require.Zero(t, len(recs)%2, "whole pairs")
	score := func(r results.Record, bot string) int { // half points
		k := slices.Index(r.Bots, bot)
		switch o := r.Places[1-k]; {
		case r.Places[k] < o:
			return 2
		case r.Places[k] == o:
			return 1
		}
		return 0
	}
	counts := make([]int, 5)
	var llr float64
	pool := results.NewPoolScale(2) // the pairs measure the candidate's Elo minus the baseline's
	for i := 0; i < len(recs); i += 2 {
		a, b := recs[i], recs[i+1]
		require.Equal(t, a.Seed, b.Seed, "a pair is one seed")
		require.Equal(t, slices.Index(a.Bots, "straight"), slices.Index(b.Bots, "stupid"), "in the same seat")
		require.Equal(t, a.Bots[1-slices.Index(a.Bots, "straight")], b.Bots[1-slices.Index(b.Bots, "stupid")], "against the same opponent")
		counts[score(a, "straight")+2-score(b, "stupid")]++
		pool.Add(slices.Index(h.SPRT.Opponents, b.Bots[1-slices.Index(b.Bots, "stupid")]), score(b, "stupid"))
		llr = test.PoolLLR(counts, pool)
		if i+2 < len(recs) {
			require.Equal(t, results.Undecided, test.Decide(llr), "the run stops at the first decision")
		}
	}
	require.Equal(t, results.AcceptH1, test.Decide(llr))
	require.Equal(t, "H1", printed["verdict"])
	require.Equal(t, float64(len(recs)), printed["games"])
	require.InDelta(t, llr, printed["llr"], 1e-4)
	got := printed["pentanomial"].([]any)
	for k, c := range counts {
		require.Equal(t, float64(c), got[k])
	}
}

// TestSPRTJSONKeys pins the JSON report of a fixed run (golden file,
// regenerated with -update).
func TestSPRTJSONKeys(t *testing.T) {
	code, out, errOut := arena(t, sprtSmall("straight", "stupid", "--max-games", "3000", "--format", "json")...)
	require.Equal(t, 0, code, errOut)
	golden := filepath.Join("testdata", "sprt.json")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), out)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	for _, k := range []string{"verdict", "llr", "lower", "upper", "games", "elo", "elo_lo", "elo_hi", "los",
		"elo_corrected", "elo_corrected_lo", "elo_corrected_hi", "pentanomial",
		"elo0", "elo1", "alpha", "beta", "model", "candidate", "baseline"} {
		require.Contains(t, doc, k)
	}
}

// TestSPRTAgainstAPoolOnTheGapsScale: with --opponents, the Elo is the
// candidate's minus the baseline's. A true gap of 60 read about 30 when
// the pairs' own score was taken for the gap; the test is held undecided
// (elo0 59, elo1 61) to its cap so that the estimate is sharp.
func TestSPRTAgainstAPoolOnTheGapsScale(t *testing.T) {
	code, out, errOut := arena(t, "sprt", "coin/duel", "--candidate", "coin:elo=60", "--baseline", "coin",
		"--opponents", "coin:elo=-40,coin:elo=90", "--elo0", "59", "--elo1", "61", "--max-games", "24000", "--format", "json")
	require.Equal(t, 3, code, errOut)
	var doc struct {
		Elo   float64 `json:"elo"`
		EloLo float64 `json:"elo_lo"`
		EloHi float64 `json:"elo_hi"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	t.Log(doc)
	require.Less(t, doc.EloLo, 60.0)
	require.Greater(t, doc.EloHi, 60.0)
	require.Greater(t, doc.EloLo, 40.0, "not half the gap")
}

func TestSPRTBlocksInFourSeats(t *testing.T) {
	code, out, errOut := arena(t, "sprt", "tron/ffa4", "--param", "width=12", "--param", "height=12",
		"--candidate", "straight", "--baseline", "random", "--opponents", "stupid,stupid,random", "--max-games", "4000", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "H1", doc["verdict"])
	require.Contains(t, doc, "blocks")
	require.NotContains(t, doc, "pentanomial")
	require.Equal(t, "blocks", doc["kind"])
}

// junitSuite mirrors the JUnit XML that --junit writes.
type junitSuite struct {
	XMLName  xml.Name `xml:"testsuite"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Cases    []struct {
		Name    string    `xml:"name,attr"`
		Failure *struct{} `xml:"failure"`
		Skipped *struct{} `xml:"skipped"`
	} `xml:"testcase"`
}

func TestSPRTJUnit(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args                []string
		code                int
		failures, skipped   int
		hasFailure, hasSkip bool
	}{
		{sprtSmall("straight", "random", "--max-games", "2000"), 0, 0, 0, false, false},
		{sprtSmall("random", "straight", "--max-games", "2000"), 1, 1, 0, true, false},
		{sprtSmall("stupid", "stupid", "--max-games", "20"), 3, 0, 1, false, true},
	} {
		path := filepath.Join(dir, "junit.xml")
		code, _, errOut := arena(t, append(tc.args, "--junit", path, "--force")...)
		require.Equal(t, tc.code, code, errOut)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(string(b), "<?xml"), "an XML declaration first")
		var s junitSuite
		require.NoError(t, xml.Unmarshal(b, &s), string(b))
		require.Equal(t, 1, s.Tests)
		require.Len(t, s.Cases, 1, "one test case")
		require.Equal(t, tc.failures, s.Failures)
		require.Equal(t, tc.skipped, s.Skipped)
		require.Equal(t, tc.hasFailure, s.Cases[0].Failure != nil)
		require.Equal(t, tc.hasSkip, s.Cases[0].Skipped != nil)
		require.Contains(t, s.Cases[0].Name, "on tron/small")
	}
	existing := filepath.Join(dir, "keep.xml")
	require.NoError(t, os.WriteFile(existing, []byte("keep"), 0o644))
	code, _, errOut := arena(t, append(sprtSmall("straight", "random"), "--junit", existing)...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "the file exists")
}

func TestSPRTLiveLine(t *testing.T) {
	code, _, errOut := arena(t, sprtSmall("straight", "random", "--max-games", "2000", "--progress")...)
	require.Equal(t, 0, code, errOut)
	for _, s := range []string{"matches", "LLR", "games", "Elo"} {
		require.Contains(t, errOut, s, "the live line")
	}
}

// TestSPRTBlocksTakeTheScenarioBots: without --opponents, an N-seat test
// fills the other seats with the scenario's bots.
func TestSPRTBlocksTakeTheScenarioBots(t *testing.T) {
	dir := t.TempDir()
	scenario := filepath.Join(dir, "ffa.json")
	require.NoError(t, os.WriteFile(scenario, []byte(`{"game":"tron","params":{"players":3,"width":10,"height":10},
		"bots":["stupid","random"],"games":1000,"seed":5}`), 0o644))
	path := filepath.Join(dir, "r.jsonl")
	code, out, errOut := arena(t, "sprt", scenario, "--candidate", "straight", "--baseline", "random", "--out", path)
	require.Equal(t, 0, code, errOut+out)
	h, recs := readRecords(t, path)
	require.Equal(t, []string{"straight", "random", "stupid", "random#2"}, h.Bots)
	require.Equal(t, []string{"stupid", "random#2"}, h.SPRT.Opponents)
	require.Equal(t, defaultSPRTGames, h.Games, "--max-games's default is the cap, not the games key")
	for i := 0; i < len(recs); i += 2 {
		a, b := recs[i], recs[i+1]
		seat := slices.Index(a.Bots, "straight")
		require.Equal(t, "random", b.Bots[seat], "block %d: the baseline takes the candidate's seat", i/2)
		for k := range a.Bots {
			if k != seat {
				require.Equal(t, a.Bots[k], b.Bots[k], "the same opponents in the same seats")
			}
		}
	}

	code, _, errOut = arena(t, "sprt", "tron/ffa4", "--param", "players=6", "--candidate", "straight", "--baseline", "random")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "tron/ffa4: a 6-seat test needs 5 opponents besides the candidate and the baseline, the scenario has 4 bots")
}
