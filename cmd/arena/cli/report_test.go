package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
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
	require.JSONEq(t, rated, string(pageRun(t, page)["standings"]))
}

// pageRun reads the run's data a page embeds, field by field.
func pageRun(t *testing.T, page string) map[string]json.RawMessage {
	t.Helper()
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	data := regexp.MustCompile(`(?s)<script type="application/json" id="arena-data">(.*?)</script>`).FindSubmatch(html)
	require.NotNil(t, data)
	var embedded struct {
		Run map[string]json.RawMessage `json:"run"`
	}
	require.NoError(t, json.Unmarshal(data[1], &embedded))
	return embedded.Run
}

// knockoutPage runs a small Tron knockout (five bots in a bracket of
// eight: three byes) and writes its page with the extra report flags; it
// returns the page's file and the bracket arena rate prints from the
// same results file.
func knockoutPage(t *testing.T, bots string, run []string, flags ...string) (string, results.KnockoutReport) {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "ko.jsonl")
	code, _, stderr := arena(t, append([]string{"run", "tron/small", "--schedule", "knockout", "--bots", bots, "--bootstrap", "0", "-q", "--out", out}, run...)...)
	require.Equal(t, ExitOK, code, stderr)
	code, rated, stderr := arena(t, "rate", out, "--format", "json", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	var ko results.KnockoutReport
	require.NoError(t, json.Unmarshal([]byte(rated), &ko))
	page := filepath.Join(dir, "ko.html")
	code, _, stderr = arena(t, append([]string{"report", out, "-o", page}, flags...)...)
	require.Equal(t, ExitOK, code, stderr)
	return page, ko
}

// embeddedKnockout reads the knockout data a page embeds.
func embeddedKnockout(t *testing.T, page string) (json.RawMessage, results.KnockoutReport) {
	t.Helper()
	raw := pageRun(t, page)["knockout"]
	var ko results.KnockoutReport
	require.NoError(t, json.Unmarshal(raw, &ko))
	return raw, ko
}

// isBye says whether a tie read back from JSON is a bye: a side with no
// bot (its entrants are not in the JSON).
func isBye(t results.KnockoutTie) bool { return t.Bots[0] == "" || t.Bots[1] == "" }

// halvesOf writes points as the page does: 1½, ½, 2.
func halvesOf(x float64) string {
	s := strconv.Itoa(int(x))
	if x-float64(int(x)) < 0.5 {
		return s
	}
	if int(x) == 0 {
		return "½"
	}
	return s + "½"
}

// checkBracket checks that the markup dom shows the bracket and places of
// ko: each round's column, and in it each tie's seeds, bots, points and
// games, the mark on the side that went through, the byes and the cap's
// rule; then the places, a shared one as 3–4, before the standings.
func checkBracket(t *testing.T, dom string, ko results.KnockoutReport) {
	t.Helper()
	ties := regexp.MustCompile(`(?s)<li class="tie[^"]*">.*?</li>`).FindAllString(dom, -1)
	k := 0
	for _, r := range ko.Rounds {
		for _, third := range []bool{false, true} {
			name := r.Name
			if third {
				name = "third place"
			}
			first := true
			for _, tie := range r.Ties {
				if tie.Third != third {
					continue
				}
				if first {
					require.Contains(t, dom, `<section class="round" aria-label="`+name+`"><h3>`+name+`</h3><ol class="ties"><li`)
					first = false
				}
				require.Less(t, k, len(ties), "the page has %d ties", len(ties))
				box := ties[k]
				k++
				require.Equal(t, 1, strings.Count(box, `class="side won"`), "one side went through: %s", box)
				require.Equal(t, 1, strings.Count(box, `<span class="sr">went through</span>`), box)
				for i, bot := range tie.Bots {
					if bot == "" {
						require.Contains(t, box, `<div class="side bye"><span class="seed"></span><span class="bot">bye</span></div>`)
						continue
					}
					side := fmt.Sprintf(`data-seed="%d"><span class="seed"><span class="sr">seed </span>%d</span><span class="bot">%s</span>`, tie.Seeds[i], tie.Seeds[i], bot)
					if bot == tie.WinnerB {
						side = `<div class="side won" ` + side
					} else {
						side = `<div class="side" ` + side
					}
					if !isBye(tie) {
						side += `<span class="points">` + halvesOf(tie.Points[i]) + `</span>`
					}
					require.Contains(t, box, side)
				}
				if isBye(tie) {
					require.Contains(t, box, "a bye: goes through")
					continue
				}
				require.Contains(t, box, fmt.Sprintf(`<p class="games">%d games: matches `, tie.Games))
				for _, m := range tie.Matches {
					require.Regexp(t, fmt.Sprintf(`>%d</(a|span)>`, m), box)
				}
				require.Equal(t, tie.ByRule, strings.Contains(box, "level at the cap: the higher seed went through"), box)
			}
		}
	}
	require.Equal(t, k, len(ties), "the page's ties")
	places := strings.Index(dom, "<h2>Knockout places</h2>")
	require.Less(t, strings.Index(dom, "<h2>Bracket</h2>"), places)
	require.Less(t, places, strings.Index(dom, "<h2>Standings</h2>"), "the places come before the standings")
	rows := regexp.MustCompile(`<table class="knockout-places">.*?</table>`).FindString(dom)
	require.Len(t, ko.Places, strings.Count(rows, "<tr data-bot="))
	for _, p := range ko.Places {
		place := strconv.Itoa(p.Place)
		if p.Shared > 1 {
			place += "–" + strconv.Itoa(p.Place+p.Shared-1)
		}
		require.Contains(t, rows, fmt.Sprintf(`<tr data-bot="%s"><td class="num">%s</td><td class="bot">%s</td><td class="num">%d</td><td class="num">%s</td></tr>`,
			p.Bot, place, p.Bot, p.Seed, jsNum(p.Points)))
	}
}

// TestReportKnockout: a knockout's page embeds the bracket and places arena
// rate prints (not its records, nor its standings twice) and draws them:
// five bots, three byes, a tie decided at the cap by the higher seed, a
// tie won by a half.
func TestReportKnockout(t *testing.T) {
	page, rated := knockoutPage(t, "straight,stupid,random,stupid#2,random#2", nil)
	raw, ko := embeddedKnockout(t, page)
	require.NotContains(t, string(raw), `"standings"`, "the page's standings are the run's")
	rated.Standings = nil
	require.Equal(t, rated, ko)
	require.Equal(t, []string{"quarter-finals", "semi-finals", "final"}, []string{ko.Rounds[0].Name, ko.Rounds[1].Name, ko.Rounds[2].Name})
	byes, byRule, half := 0, 0, 0
	for _, r := range ko.Rounds {
		for _, tie := range r.Ties {
			if isBye(tie) {
				byes++
			}
			if tie.ByRule {
				byRule++
			}
			if strings.Contains(halvesOf(tie.Points[0]), "½") {
				half++
			}
		}
	}
	require.Equal(t, 3, byes)
	require.Positive(t, byRule, "the run seed's draw has a tie level at the cap")
	require.Positive(t, half, "the run seed's draw has a tie of halves")
	require.Len(t, ko.Places, 5)
	require.Equal(t, 2, ko.Places[2].Shared, "no third-place tie: the semi-finals' losers share third place")

	dom := drawn(t, page)
	checkBracket(t, dom, ko)
	require.Contains(t, dom, "<h3>quarter-finals</h3>")
	require.Contains(t, dom, "<td class=\"num\">3–4</td>")
	require.Contains(t, dom, "arena report FILE --replay N adds match N's viewer", "no game has its viewer")
	require.NotContains(t, dom, `<a href="#match-`)
}

// TestReportKnockoutLinksReplays: with --replay, a tie's game links to its
// viewer, which has the anchor; a third-place tie has its column.
func TestReportKnockoutLinksReplays(t *testing.T) {
	page, ko := knockoutPage(t, "straight,stupid,random,stupid#2", []string{"--third-place"}, "--replay", "1")
	final := ko.Rounds[len(ko.Rounds)-1]
	require.Len(t, final.Ties, 2)
	require.Equal(t, []int{1, 2, 3, 4}, []int{ko.Places[0].Place, ko.Places[1].Place, ko.Places[2].Place, ko.Places[3].Place})
	require.Contains(t, ko.Rounds[0].Ties[0].Matches, 1, "match 1 is the first tie's")

	dom := drawn(t, page)
	ko.Standings = nil
	checkBracket(t, dom, ko)
	require.Contains(t, dom, "<h3>third place</h3>")
	ties := regexp.MustCompile(`(?s)<li class="tie[^"]*">.*?</li>`).FindAllString(dom, -1)
	require.Contains(t, ties[0], `<a href="#match-1" class="match" title="the replay of match 1">1</a>`)
	require.Equal(t, 1, strings.Count(dom, `<a href="#match-`), "only match 1 has a viewer")
	require.Regexp(t, `<section class="viewer"[^>]* id="match-1">`, dom)
	require.Contains(t, dom, "--replay N adds match N's viewer", "the other games have none")
}
