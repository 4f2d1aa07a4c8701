package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim/simtest"
)

// heatsArgs are the heats of eighteen coin bots at tables of four: two
// byes, four tables, then a field of ten, six, and the final table.
func heatsArgs() []string {
	return append([]string{"run", "coin/ffa4", "--schedule", "knockout", "--bootstrap", "0", "-q"}, coinField(18)...)
}

// TestHeatsCoin: the knockout of a four-seat game plays heats, the same
// bytes whatever -j; the report shows every round's tables and byes and
// the places; arena rate prints the same report from the file alone, and
// arena report embeds the heats in its page.
func TestHeatsCoin(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	one, four := filepath.Join(dir, "j1.jsonl"), filepath.Join(dir, "j4.jsonl")
	code, stdout, stderr := arena(t, append(heatsArgs(), "-j", "1", "--out", one)...)
	require.Equal(t, ExitOK, code, stderr)
	for _, want := range []string{"knockout of 18 bots in heats: tables of 4 seats, the top 2 of each table go through",
		"\nround 1: 18 bots, 2 byes\n  byes: (1) ", "  table 4, 4 games: ", "\nround 2: 10 bots, 2 byes\n",
		"\nround 3: 6 bots, 2 byes\n", "\nfinal table: 4 bots\n  final, ", "│ PLACE │"} {
		require.Contains(t, stdout, want)
	}
	round1 := stdout[strings.Index(stdout, "round 1:"):strings.Index(stdout, "round 2:")]
	require.Equal(t, 4, strings.Count(round1, " go through"), round1)
	code, _, stderr = arena(t, append(heatsArgs(), "-j", "4", "--out", four)...)
	require.Equal(t, ExitOK, code, stderr)
	a, err := os.ReadFile(one)
	require.NoError(t, err)
	b, err := os.ReadFile(four)
	require.NoError(t, err)
	require.Equal(t, string(a), string(b))
	require.Contains(t, string(a), `"schedule":"knockout"`)
	require.Contains(t, string(a), `"advance":2`)

	code, rated, stderr := arena(t, "rate", one, "--bootstrap", "0")
	require.Equal(t, ExitOK, code, stderr)
	require.Equal(t, stdout, rated)

	code, js, stderr := arena(t, "rate", one, "--bootstrap", "0", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	var rep results.HeatsReport
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	require.True(t, rep.Finished)
	require.Equal(t, []int{18, 10, 6, 4}, []int{rep.Rounds[0].Field, rep.Rounds[1].Field, rep.Rounds[2].Field, rep.Rounds[3].Field})
	require.Len(t, rep.Places, 18)
	var placed []string
	for _, p := range rep.Places {
		placed = append(placed, p.Bot)
	}
	slices.Sort(placed)
	require.Len(t, slices.Compact(placed), 18, "every bot placed once")
	require.Equal(t, []float64{3, 2, 1, 1, 0}, []float64{rep.Places[0].Points, rep.Places[1].Points, rep.Places[2].Points, rep.Places[3].Points, rep.Places[4].Points})
	for i, bot := range rep.Rounds[3].Tables[0].Bots {
		require.Equal(t, bot.Bot, rep.Places[i].Bot, "the final table's ranking is the places")
	}

	page := filepath.Join(dir, "page.html")
	code, _, stderr = arena(t, "report", one, "-o", page)
	require.Equal(t, ExitOK, code, stderr)
	var embedded results.HeatsReport
	raw := pageRun(t, page)["heats"]
	require.NotNil(t, raw, "the page embeds the heats")
	require.NoError(t, json.Unmarshal(raw, &embedded))
	rep.Standings = nil
	require.Equal(t, rep, embedded)
}

// TestHeatsResume: heats cut after some of their games resume to the same
// bytes as heats never stopped.
func TestHeatsResume(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole.jsonl"), filepath.Join(dir, "cut.jsonl")
	code, _, stderr := arena(t, append(heatsArgs(), "--out", whole)...)
	require.Equal(t, ExitOK, code, stderr)
	data, err := os.ReadFile(whole)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(data), "\n")
	require.Len(t, lines, 1+16+8+4+4+1) // the header, four rounds' games, the end
	// the header; a stage begun; round 1 whole; round 2 begun; round 3 begun; all but the last game
	for _, keep := range []int{1, 3, 17, 18, 27, len(lines) - 2} {
		torn := strings.Join(lines[:keep], "") + lines[keep][:len(lines[keep])/2] // a line cut by kill -9
		require.NoError(t, os.WriteFile(cut, []byte(torn), 0o644))
		code, _, stderr = arena(t, append(heatsArgs(), "--out", cut, "--resume")...)
		require.Equal(t, ExitOK, code, stderr)
		got, err := os.ReadFile(cut)
		require.NoError(t, err)
		require.Equal(t, string(data), string(got), "resumed after %d lines", keep)
	}
}

// TestHeatsLevelLineEnds: copies of one deterministic bot take the same
// points over every whole rotation of the seats, so every table is level
// at its line: it is extended to the cap and decided by seed, the rule in
// the header and in the report.
func TestHeatsLevelLineEnds(t *testing.T) {
	simtest.Clockless(t)
	out := filepath.Join(t.TempDir(), "tie.jsonl")
	code, stdout, stderr := arena(t, "run", "tron/ffa4", "--param", "width=12", "--param", "height=12", "--schedule", "knockout",
		"--bots", "stupid,stupid#2,stupid#3,stupid#4,stupid#5", "--tie-cap", "12", "--bootstrap", "0", "--out", out)
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "extended by rotations up to 12 games, then the higher seed goes through")
	require.Contains(t, stdout, "table 1, 12 games: ")
	require.Contains(t, stdout, "; level at the line at the cap, the higher seed first: ")
	require.Contains(t, stdout, "final, 12 games: ")
	require.Contains(t, stdout, "; level for the title at the cap: ")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"cap":12,"tiebreak":"higher seed"`)
	code, js, stderr := arena(t, "rate", out, "--bootstrap", "0", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	var rep results.HeatsReport
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	require.Len(t, rep.Rounds, 2)
	for _, r := range rep.Rounds {
		for _, tab := range r.Tables {
			require.True(t, tab.ByRule)
			require.Equal(t, 12, tab.Games)
			for i, b := range tab.Bots {
				require.Equal(t, tab.Bots[0].Points, b.Points, "level")
				if i > 0 {
					require.Less(t, tab.Bots[i-1].Seed, b.Seed, "the higher seed first")
				}
			}
		}
	}
}

func TestHeatsBadInput(t *testing.T) {
	coin := func(n int, flags ...string) []string {
		return append(append([]string{"coin/ffa4", "--schedule", "knockout"}, flags...), coinField(n)...)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{coin(8, "--advance", "4"), "--advance: 4 is not a whole number from 1 to 3 (fewer than the 4 seats of coin/ffa4's tables)"},
		{coin(8, "--advance", "0"), "--advance: 0 is not a whole number from 1 to 3"},
		{coin(8, "--third-place"), "--third-place: coin/ffa4 has 4 seats, whose heats have no third-place table"},
		{coin(8, "--games", "6"), "--games: 6 is not a multiple of the 4 seats of coin/ffa4 (heats play whole rotations of a table's seats; the default, 4, is one)"},
		{coin(8, "--tie-cap", "10"), "--tie-cap: 10 is not a multiple of the 4 seats of coin/ffa4"},
		{coin(8, "--games", "8", "--tie-cap", "4"), "coin/ffa4: cap: 4 is not a multiple of the 4 seats from the games (8) to 1000"},
		{coin(8, "--draws", "3"), "--draws: coin/ffa4 has 4 seats; heats play one draw"},
		{coin(3), "coin/ffa4: heats at tables of 4 seats need 4 to 65536 bots, and there are 3"},
		{[]string{"tron/small", "--schedule", "knockout", "--advance", "1"}, "--advance: tron/small has 2 seats, and a tie of duels sends its winner alone through"},
		{[]string{"coin/ffa4", "--advance", "2"}, "--advance: only a knockout has it (add --schedule knockout)"},
		{coin(8, "--shard", "1/2"), "--shard: a shard of a knockout's stage writes its records for arena merge: give --out FILE"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := arena(t, append([]string{"run"}, tc.args...)...)
			require.Equal(t, ExitBadInput, code, "stdout: %s\nstderr: %s", stdout, stderr)
			require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
			require.Contains(t, stderr, tc.want)
		})
	}
}

// heatsPage runs small Tron heats (six bots: two byes, one table, then
// the final) and writes their page with match 0's viewer; it returns the
// page's file and the heats arena rate prints from the same results file.
func heatsPage(t *testing.T) (string, results.HeatsReport) {
	t.Helper()
	dir := t.TempDir()
	out, page := filepath.Join(dir, "heats.jsonl"), filepath.Join(dir, "heats.html")
	code, _, stderr := arena(t, "run", "tron/ffa4", "--param", "width=16", "--param", "height=16", "--schedule", "knockout",
		"--bots", "straight,stupid,random,stupid#2,random#2,straight#2", "--bootstrap", "0", "-q", "--out", out)
	require.Equal(t, ExitOK, code, stderr)
	code, js, stderr := arena(t, "rate", out, "--bootstrap", "0", "--format", "json")
	require.Equal(t, ExitOK, code, stderr)
	var rep results.HeatsReport
	require.NoError(t, json.Unmarshal([]byte(js), &rep))
	require.Len(t, rep.Rounds, 2)
	code, _, stderr = arena(t, "report", out, "-o", page, "--replay", "0")
	require.Equal(t, ExitOK, code, stderr)
	return page, rep
}

// checkHeats checks a drawn page of heats against the heats' report: each
// round's byes and tables, one row a bot by rank with its seed, points and
// whether it went through, the games linked to match 0's viewer, then the
// places before the standings.
func checkHeats(t *testing.T, dom string, rep results.HeatsReport) {
	t.Helper()
	require.Contains(t, dom, "<h2>Heats</h2>")
	tables := regexp.MustCompile(`(?s)<div class="heats-table">.*?</p></div>`).FindAllString(dom, -1)
	k := 0
	for _, r := range rep.Rounds {
		require.Contains(t, dom, fmt.Sprintf("<h3>%s: %d bots</h3>", r.Name, r.Field))
		for _, b := range r.Byes {
			require.Contains(t, dom, fmt.Sprintf("(%d) %s", b.Seed, b.Bot))
		}
		for _, tab := range r.Tables {
			require.Less(t, k, len(tables), "the page's tables")
			box := tables[k]
			k++
			rows := regexp.MustCompile(`<tr data-bot="[^"]*"( class="through")?>`).FindAllStringSubmatch(box, -1)
			require.Len(t, rows, len(tab.Bots))
			for i, b := range tab.Bots {
				require.Contains(t, rows[i][0], `data-bot="`+b.Bot+`"`, "by rank")
				require.Equal(t, b.Through, rows[i][1] != "", b.Bot)
				require.Contains(t, box, fmt.Sprintf(`<td class="num">%d</td><td class="bot">%s</td><td class="num">%s</td>`, b.Seed, b.Bot, halvesOf(b.Points)))
			}
			require.Contains(t, box, fmt.Sprintf(`<p class="games">%d games: matches `, tab.Games))
		}
	}
	require.Equal(t, k, len(tables))
	require.Contains(t, dom, `<a href="#match-0" class="match" title="the replay of match 0">0</a>`)
	places := strings.Index(dom, "<h2>Knockout places</h2>")
	require.Less(t, strings.Index(dom, "<h2>Heats</h2>"), places)
	require.Less(t, places, strings.Index(dom, "<h2>Standings</h2>"))
	rows := regexp.MustCompile(`<table class="knockout-places">.*?</table>`).FindString(dom)
	require.Equal(t, len(rep.Places), strings.Count(rows, "<tr data-bot="))
}

// TestReportHeats: the page of heats draws their rounds as the data has
// them (its scripts run by node).
func TestReportHeats(t *testing.T) {
	simtest.Clockless(t)
	page, rep := heatsPage(t)
	checkHeats(t, drawn(t, page), rep)
}

// TestBrowserHeatsReport: the same page in headless Chromium, the viewer
// of match 0 at its anchor.
func TestBrowserHeatsReport(t *testing.T) {
	chromium(t)
	page, rep := heatsPage(t)
	dom := browse(t, page, "", "report-heats")
	checkHeats(t, dom, rep)
	require.Regexp(t, `<section class="viewer"[^>]* id="match-0">`, dom)
}

// TestHeatsScenario: a scenario's knockout block says a table's games, its
// cap and how many go through, under the flags.
func TestHeatsScenario(t *testing.T) {
	simtest.Clockless(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "heats.json")
	var bots []string
	for i := range 9 {
		bots = append(bots, fmt.Sprintf(`"coin:elo=%d"`, 40*i))
	}
	require.NoError(t, os.WriteFile(file, []byte(`{"game":"coin","params":{"players":4},"bots":[`+strings.Join(bots, ",")+`],`+
		`"knockout":{"games":8,"cap":16,"advance":1}}`), 0o644))
	out := filepath.Join(dir, "h.jsonl")
	code, stdout, stderr := arena(t, "run", file, "--bootstrap", "0", "--out", out)
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "knockout of 9 bots in heats: tables of 4 seats, the top 1 of each table go through")
	require.Contains(t, stdout, "tables of 8 games")
	h, _ := readSwissFile(t, out)
	require.Equal(t, 1, h.Knockout.Advance)
	require.Equal(t, 16, h.Knockout.Cap)
	code, stdout, stderr = arena(t, "run", file, "--bootstrap", "0", "--advance", "3", "--games", "4")
	require.Equal(t, ExitOK, code, stderr)
	require.Contains(t, stdout, "the top 3 of each table go through")
	require.Contains(t, stdout, "tables of 4 games")
	duel := filepath.Join(dir, "duel.json")
	require.NoError(t, os.WriteFile(duel, []byte(`{"game":"coin","bots":["coin","coin:elo=50"],"knockout":{"advance":1}}`), 0o644))
	code, _, stderr = arena(t, "run", duel)
	require.Equal(t, ExitBadInput, code, stderr)
	require.Equal(t, "arena: key knockout.advance: "+duel+" has 2 seats, and a tie of duels sends its winner alone through (advance is for heats: games of 3 seats or more)\n", stderr)
}
