package cli

import (
	"context"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
)

// The browser tests open the pages arena writes in headless Chromium and
// read what the page's scripts made of them (--dump-dom): no script error,
// every bot in the standings, one heat-map cell per pair, each game's
// viewer stepped to its last turn by its own button and showing that
// turn's scores. They take a screenshot of each page into the artifacts
// folder ($ARENA_ARTIFACTS, or arena-browser-tests in the temporary
// folder) for a person to look at. Without Chromium they are skipped:
// .ci/run installs Debian's chromium package.

// chromium returns the browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests: skipped under -short")
	}
	for _, name := range []string{os.Getenv("ARENA_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Skip("browser tests: no chromium here (apt-get install chromium, as .ci/run does)")
	return ""
}

// artifacts returns the folder the screenshots go to.
func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ARENA_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "arena-browser-tests")
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// browse loads a page (with ?query) and returns its DOM once its scripts
// ran, and saves a screenshot as artifacts/shot.png (none when shot is
// empty: each is a second start of the browser).
func browse(t *testing.T, page, query, shot string) string {
	t.Helper()
	url := "file://" + page
	if query != "" {
		url += "?" + query
	}
	return browseURL(t, url, shot)
}

// browseURL is browse of any address (a page arena serves).
func browseURL(t *testing.T, url, shot string) string {
	t.Helper()
	bin := chromium(t)
	profile := t.TempDir()
	run := func(args ...string) []byte {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
			"--user-data-dir=" + profile, "--virtual-time-budget=20000"}
		cmd := exec.CommandContext(ctx, bin, append(append(flags, args...), url)...)
		out, err := cmd.Output()
		require.NoError(t, err, "%s %v", bin, args)
		return out
	}
	dom := string(run("--dump-dom"))
	if shot != "" {
		path := filepath.Join(artifacts(t), shot+".png")
		run("--window-size=1280,1600", "--screenshot="+path)
		t.Logf("screenshot: %s", path)
	}
	require.Contains(t, dom, `data-ready="1"`, "the page's scripts did not finish")
	if m := regexp.MustCompile(`(?s)<div id="errors"[^>]*>(.*?)</div>`).FindStringSubmatch(dom); m == nil || m[1] != "" {
		t.Fatalf("the page reported errors: %v", m)
	}
	require.NotContains(t, dom, "data-errors=", "the page reported errors")
	return dom
}

// jsNum formats a score as the page does (Arena.num): whole numbers as
// they are, others with one decimal.
func jsNum(x float64) string {
	if x == float64(int64(x)) {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// shorterMatches are the arguments of the browser tests' match of a game
// whose default scenario plays long; any other game plays its default
// scenario.
var shorterMatches = map[string][]string{
	"tron":     {"tron/small", "--bots", "strong,straight"},
	"minibus":  {"minibus/ffa4", "--param", "max_turns=150"},
	"vampires": {"vampires/duel", "--bots", "strong,random"},
	"aquariom": {"aquariom/duel600", "--param", "nb_turns=150"},
}

// TestBrowserViewerOfEachGame: arena play --html of one match of each game
// (every game of the registry but the synthetic ones), stepped to its last
// turn, shows the match's final scores and places.
func TestBrowserViewerOfEachGame(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	type match struct {
		game string
		args []string
	}
	var matches []match
	for _, e := range scenarios.Entries() {
		if name := e.Game.Info().Name; !e.Synthetic {
			args, ok := shorterMatches[name]
			if !ok {
				args = []string{e.DefaultScenario}
			}
			matches = append(matches, match{name, args})
		}
	}
	for _, tc := range matches {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			page := filepath.Join(dir, tc.game+".html")
			out := filepath.Join(dir, tc.game+".jsonl")
			code, _, stderr := arena(t, append([]string{"play", "--html", page, "--out", out}, tc.args...)...)
			require.Equal(t, 0, code, stderr)
			_, recs := readRecords(t, out)
			rec := recs[0]
			checked := browse(t, page, "test=states", "")
			require.Contains(t, checked, `data-checked="1"`, "every state, reached in any order, is the one the replay holds")
			played := browse(t, page, "test=controls", "")
			turn := regexp.MustCompile(`data-turn="(\d+)"`).FindStringSubmatch(played)
			require.NotNil(t, turn)
			require.NotEqual(t, "0", turn[1], "pressed play at turn 0, the viewer did not move on")
			dom := browse(t, page, "test=last", "viewer-"+tc.game)
			require.Contains(t, dom, fmt.Sprintf(`data-game="%s"`, tc.game))
			require.Regexp(t, fmt.Sprintf(`data-last="%d"[^>]*data-turn="%d"`, rec.Turns, rec.Turns), dom, "the viewer is not at the last turn")
			for k := range rec.Bots {
				score := regexp.MustCompile(fmt.Sprintf(`<td class="score" data-seat="%d">([^<]*)</td>`, k)).FindStringSubmatch(dom)
				require.NotNil(t, score, "seat %d's score", k)
				require.Equal(t, jsNum(rec.Scores[k]), score[1], "seat %d's score", k)
				place := regexp.MustCompile(fmt.Sprintf(`<td class="place" data-seat="%d">([^<]*)</td>`, k)).FindStringSubmatch(dom)
				require.Equal(t, strconv.Itoa(rec.Places[k]), place[1], "seat %d's place", k)
			}
		})
	}
}

// TestBrowserRunReport: the page of a small run (two matches a pair, the
// strong bot at its cheap budget) shows every bot in the
// standings, one heat-map cell per ordered pair, the replay of a traced
// match and that of a match played again (--replay).
func TestBrowserRunReport(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	code, _, stderr := arena(t, "run", "tron/small", "--bots", "straight,stupid,random", "--bot", "strong:work=200", "--games", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	traces := filepath.Join(dir, "traces")
	require.NoError(t, os.Mkdir(traces, 0o755))
	code, _, stderr = arena(t, "play", "--from", out, "--match", "5", "--trace", filepath.Join(traces, "match-5.jsonl"))
	require.Equal(t, 0, code, stderr)
	page := filepath.Join(dir, "report.html")
	code, _, stderr = arena(t, "report", out, "--traces", traces, "--replay", "7", "-o", page)
	require.Equal(t, 0, code, stderr)
	dom := browse(t, page, "", "report-run")
	bots := []string{"straight", "stupid", "random", "strong:work=200"}
	for _, bot := range bots {
		require.Contains(t, dom, fmt.Sprintf(`<tr data-bot="%s">`, bot), "%s is not in the standings", bot)
	}
	require.Equal(t, len(bots)*(len(bots)-1), strings.Count(dom, `class="h2h-cell`), "heat-map cells")
	require.Equal(t, 2, strings.Count(dom, `class="viewer"`), "the traced match's viewer, and match 7's")
	require.Contains(t, dom, html.EscapeString("match-5.jsonl"))
	require.Contains(t, dom, "<h3>match 7<small>")
}

// TestBrowserKnockoutReport: the page of a small knockout (five bots:
// three byes) shows its bracket and places as the data says, a tie's game
// linking to the viewer --replay added.
func TestBrowserKnockoutReport(t *testing.T) {
	chromium(t)
	page, ko := knockoutPage(t, "straight,stupid,random,stupid#2,random#2", nil, "--replay", "0")
	dom := browse(t, page, "", "report-knockout")
	ko.Standings = nil
	checkBracket(t, dom, ko)
	require.Contains(t, dom, `<a href="#match-0" class="match" title="the replay of match 0">0</a>`)
	require.Regexp(t, `<section class="viewer"[^>]* id="match-0">`, dom)
}

// TestBrowserSPRTAndTunePages: the page of an SPRT's records draws the LLR
// course with its verdict; the page of a tune file draws θ.
func TestBrowserSPRTAndTunePages(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	// Each page is its own browser: they open side by side.
	t.Run("sprt", func(t *testing.T) {
		t.Parallel()
		out := filepath.Join(dir, "sprt.jsonl")
		code, _, stderr := arena(t, "sprt", "coin/duel", "--candidate", "coin:elo=100", "--baseline", "coin", "--elo1", "50", "--max-games", "20000", "--out", out)
		require.Equal(t, 0, code, stderr)
		page := filepath.Join(dir, "sprt.html")
		code, _, stderr = arena(t, "report", out, "-o", page)
		require.Equal(t, 0, code, stderr)
		dom := browse(t, page, "", "report-sprt")
		require.Contains(t, dom, `<dd class="verdict">H1</dd>`)
		require.Contains(t, dom, `aria-label="LLR over games"`)
		browseEmpty(t, out)
	})

	// The same bot on both sides: every pair is split, and the page gives
	// the estimate without an interval, saying why.
	t.Run("alike", func(t *testing.T) {
		t.Parallel()
		alike := filepath.Join(dir, "alike.jsonl")
		code, _, stderr := arena(t, "sprt", "tron/small", "--candidate", "stupid", "--baseline", "stupid", "--max-games", "20", "--out", alike)
		require.Equal(t, ExitInconclusive, code, stderr)
		page := filepath.Join(dir, "alike.html")
		code, _, stderr = arena(t, "report", alike, "-o", page)
		require.Equal(t, 0, code, stderr)
		dom := browse(t, page, "", "report-sprt-alike")
		require.Contains(t, dom, `<dd>0.0 (no interval: all 10 pairs scored alike, with no spread to give one from)</dd>`)
	})

	t.Run("tune", func(t *testing.T) {
		t.Parallel()
		tuned := filepath.Join(dir, "tune.jsonl")
		code, _, stderr := arena(t, "tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--self", "--iterations", "30", "--pairs-per-iter", "4", "--out", tuned)
		require.Equal(t, 0, code, stderr)
		page := filepath.Join(dir, "tune.html")
		code, _, stderr = arena(t, "report", tuned, "-o", page)
		require.Equal(t, 0, code, stderr)
		dom := browse(t, page, "", "report-tune")
		require.Contains(t, dom, `aria-label="elo"`)
		require.Regexp(t, `<code class="final">coin:elo=[-0-9.]+</code>`, dom)
		browseEmpty(t, tuned)
	})

	t.Run("grid", func(t *testing.T) {
		t.Parallel()
		grid := filepath.Join(dir, "grid.jsonl")
		code, _, stderr := arena(t, "tune", "coin/duel", "--bot", "coin", "--tune", "elo", "--opponents", "coin", "--method", "grid", "--points", "5", "--pairs-per-iter", "2", "--out", grid)
		require.Equal(t, 0, code, stderr)
		page := filepath.Join(dir, "grid.html")
		code, _, stderr = arena(t, "report", grid, "-o", page)
		require.Equal(t, 0, code, stderr)
		dom := browse(t, page, "", "report-tune-grid")
		require.Contains(t, dom, `<table class="points">`)
		require.Contains(t, dom, `<code class="final">coin:elo=1000</code>`, "the strongest point of the grid")
	})
}

// browseEmpty checks that a test or a tuning run with nothing played yet
// (killed at once: its file is its header alone) has a page too.
func browseEmpty(t *testing.T, records string) {
	t.Helper()
	data, err := os.ReadFile(records)
	require.NoError(t, err)
	head, _, _ := strings.Cut(string(data), "\n")
	empty := records + ".empty"
	require.NoError(t, os.WriteFile(empty, []byte(head+"\n"), 0o644))
	page := empty + ".html"
	code, _, stderr := arena(t, "report", empty, "-o", page)
	require.Equal(t, 0, code, stderr)
	dom := browse(t, page, "", "report-empty-"+filepath.Base(records))
	require.Regexp(t, `No (game|iteration) played yet`, dom)
}
