package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReportOfShardsIsTheReportOfTheRun: the page of a run's shards, read
// in any order, is the page of the same run played in one process, byte
// for byte.
func TestReportOfShardsIsTheReportOfTheRun(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--out", whole}, quick...)...)
	require.Equal(t, 0, code, stderr)
	var shards []string
	for _, k := range []string{"2/2", "1/2"} {
		path := filepath.Join(dir, "shard"+k[:1]+".jsonl")
		code, _, stderr := arena(t, append([]string{"run", "tron/small", "--shard", k, "--out", path}, quick...)...)
		require.Equal(t, 0, code, stderr)
		shards = append(shards, path)
	}
	page := func(name string, files ...string) string {
		out := filepath.Join(dir, name)
		code, _, stderr := arena(t, append(append([]string{"report", "-o", out}, files...), "--bootstrap", "100")...)
		require.Equal(t, 0, code, stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		return string(data)
	}
	one, two := page("one.html", whole), page("two.html", shards...)
	require.Equal(t, one, two)
	require.Contains(t, one, `"bot":"straight"`)
}

// TestReportBadInput: each mistake is one line and exit 2, and nothing is
// written.
func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--out", run}, quick...)...)
	require.Equal(t, 0, code, stderr)
	tuned := filepath.Join(dir, "tune.jsonl")
	code, _, stderr = arena(t, "tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--self", "--iterations", "3", "--pairs-per-iter", "2", "--out", tuned)
	require.Equal(t, 0, code, stderr)
	traces := filepath.Join(dir, "traces")
	require.NoError(t, os.Mkdir(traces, 0o755))
	nameless := filepath.Join(dir, "nameless")
	require.NoError(t, os.Mkdir(nameless, 0o755))
	code, _, stderr = arena(t, "play", "--from", run, "--match", "2", "--trace", filepath.Join(nameless, "trace.jsonl"))
	require.Equal(t, 0, code, stderr)
	other := filepath.Join(dir, "other")
	require.NoError(t, os.Mkdir(other, 0o755))
	code, _, stderr = arena(t, "play", "coin/duel", "--trace", filepath.Join(other, "match-0.jsonl"))
	require.Equal(t, 0, code, stderr)
	missing := filepath.Join(dir, "missing")
	require.NoError(t, os.Mkdir(missing, 0o755))
	code, _, stderr = arena(t, "play", "--from", run, "--match", "2", "--trace", filepath.Join(missing, "match-999.jsonl"))
	require.Equal(t, 0, code, stderr)
	tuneData, err := os.ReadFile(tuned)
	require.NoError(t, err)
	badTune := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(badTune, []byte(strings.Replace(string(tuneData), `"method":"spsa"`, `"method":"nope"`, 1)), 0o644))
	// The same run, match 2's final state hash changed as if by a rule change.
	runData, err := os.ReadFile(run)
	require.NoError(t, err)
	runLines := strings.SplitAfter(string(runData), "\n")
	runLines[3] = regexp.MustCompile(`"state_hash":"[0-9a-f]+"`).ReplaceAllString(runLines[3], `"state_hash":"0000000000000000"`)
	require.Contains(t, runLines[3], `"match":2,`)
	changed := filepath.Join(dir, "changed.jsonl")
	require.NoError(t, os.WriteFile(changed, []byte(strings.Join(runLines, "")), 0o644))
	exists := filepath.Join(dir, "exists.html")
	require.NoError(t, os.WriteFile(exists, []byte("mine"), 0o644))
	// A trace damaged at its line 3, plain and golden: the error names that line.
	damaged := filepath.Join(dir, "damaged")
	require.NoError(t, os.Mkdir(damaged, 0o755))
	plain, err := os.ReadFile(filepath.Join(nameless, "trace.jsonl"))
	require.NoError(t, err)
	lines := strings.SplitAfter(string(plain), "\n")
	lines[2] = "garbage\n"
	require.NoError(t, os.WriteFile(filepath.Join(damaged, "match-2.jsonl"), []byte(strings.Join(lines, "")), 0o644))
	damagedGolden := filepath.Join(dir, "damaged-golden")
	code, _, stderr = arena(t, "golden", "record", "tron/small", "--bots", "straight,stupid", "--rounds", "1", "--out", damagedGolden, "--gzip=false")
	require.Equal(t, 0, code, stderr)
	goldenFile := filepath.Join(damagedGolden, "match-1.jsonl")
	gdata, err := os.ReadFile(goldenFile)
	require.NoError(t, err)
	glines := strings.SplitAfter(string(gdata), "\n")
	glines[2] = "garbage\n"
	require.NoError(t, os.WriteFile(goldenFile, []byte(strings.Join(glines, "")), 0o644))

	out := filepath.Join(dir, "page.html")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", run}, "give the page's file with -o FILE"},
		{[]string{"report", "-o", out}, "give the results files of one run, or a tune file"},
		{[]string{"report", filepath.Join(dir, "none.jsonl"), "-o", out}, "none.jsonl: no such file"},
		{[]string{"report", run, "-o", exists}, "exists.html: the file exists; pass --force to overwrite it"},
		{[]string{"report", tuned, "--traces", traces, "-o", out}, "--traces, --replay: a tune file has no matches to replay"},
		{[]string{"report", run, "--traces", traces, "-o", out}, "no trace there"},
		{[]string{"report", run, "--traces", nameless, "-o", out}, "no match number in its name"},
		{[]string{"report", run, "--traces", missing, "-o", out}, "the run has no record of match 999"},
		{[]string{"report", run, "--traces", other, "-o", out}, "the state replays to hash"},
		{[]string{"report", run, "--bootstrap", "-1", "-o", out}, "--bootstrap"},
		{[]string{"report", run, "--traces", damaged, "-o", out}, "match-2.jsonl:3: invalid character 'g'"},
		{[]string{"report", run, "--traces", damagedGolden, "-o", out}, "match-1.jsonl:3: invalid character 'g'"},
		{[]string{"report", run, tuned, "-o", out}, "tune.jsonl: a tune file: give it alone, not with other files"},
		{[]string{"report", badTune, "-o", out}, `bad.jsonl:1: tune method "nope": want spsa, grid or random`},
		{[]string{"report", run, "-o", run, "--force"}, "is one of the files to read"},
		{[]string{"report", run, "--replay", "999", "-o", out}, "--replay 999: the run has no record of match 999"},
		{[]string{"report", changed, "--replay", "2", "-o", out}, "--replay 2: the match now ends on state"},
		{[]string{"report", tuned, "--replay", "2", "-o", out}, "--traces, --replay: a tune file has no matches to replay"},
	} {
		code, stdout, stderr := arena(t, tc.args...)
		require.Equal(t, 2, code, "%v: %s", tc.args, stderr)
		require.Empty(t, stdout)
		require.Contains(t, stderr, tc.want, "%v", tc.args)
		require.Equal(t, 1, strings.Count(strings.TrimSpace(stderr), "\n")+1, "one line: %s", stderr)
		_, err := os.Stat(out)
		require.True(t, os.IsNotExist(err), "%v wrote the page", tc.args)
	}
	data, err := os.ReadFile(exists)
	require.NoError(t, err)
	require.Equal(t, "mine", string(data))

	// A tune file's page and a run's page, with --force over an old one.
	code, _, stderr = arena(t, "report", tuned, "-o", exists, "--force")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = arena(t, "report", run, "-o", exists, "--force", "--traces", filepath.Join(dir, "traces-ok"))
	require.Equal(t, 2, code, stderr)
}

// TestReportOfAnIncompleteRun: a file cut short (a run killed) is shown as
// it is, and said to be incomplete, on the page and on stderr.
func TestReportOfAnIncompleteRun(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--out", run}, quick...)...)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(run)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, []byte(strings.Join(lines[:11], "")), 0o644))
	page := filepath.Join(dir, "cut.html")
	code, _, stderr = arena(t, "report", cut, "-o", page)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "incomplete: the files hold 10 of the run's 18 matches")
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	require.Contains(t, string(html), `"planned":18`)

	whole := filepath.Join(dir, "whole.html")
	code, _, stderr = arena(t, "report", run, "-o", whole)
	require.Equal(t, 0, code, stderr)
	require.NotContains(t, stderr, "incomplete")
}

// TestReportStandingsAreRates: the page's standings are what arena rate
// prints as JSON from the same file with the same rating flags.
func TestReportStandingsAreRates(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--out", run}, quick...)...)
	require.Equal(t, 0, code, stderr)
	code, rated, stderr := arena(t, "rate", run, "--format", "json", "--bootstrap", "50", "--anchor", "stupid")
	require.Equal(t, 0, code, stderr)
	page := filepath.Join(dir, "r.html")
	code, _, stderr = arena(t, "report", run, "--bootstrap", "50", "--anchor", "stupid", "-o", page)
	require.Equal(t, 0, code, stderr)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	data := regexp.MustCompile(`(?s)<script type="application/json" id="arena-data">(.*?)</script>`).FindSubmatch(html)
	require.NotNil(t, data)
	var embedded struct {
		Run struct {
			Standings json.RawMessage `json:"standings"`
		} `json:"run"`
	}
	require.NoError(t, json.Unmarshal(data[1], &embedded))
	require.JSONEq(t, rated, string(embedded.Run.Standings))
}
