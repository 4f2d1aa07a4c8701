package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim/simtest"
)

// arena runs the CLI in process and returns its exit code, stdout and
// stderr.
func arena(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return arenaCtx(t, context.Background(), args...)
}

func arenaCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(ctx, args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// quick are flags that keep a Tron tournament fast.
var quick = []string{"--bots", "stupid,straight,random", "--games", "6", "--bootstrap", "100"}

func TestOverviewAndHelp(t *testing.T) {
	code, out, _ := arena(t)
	require.Equal(t, 0, code)
	require.Contains(t, out, "Usage: arena <command>")
	for _, c := range []string{"run", "play", "list", "help"} {
		require.Contains(t, out, "  "+c+" ")
	}
	code, out, _ = arena(t, "help", "run")
	require.Equal(t, 0, code)
	require.Contains(t, out, "Usage: arena run [SCENARIO|FILE] [flags]")
	require.Contains(t, out, "--games")
	code, out2, _ := arena(t, "run", "--help")
	require.Equal(t, 0, code)
	require.Equal(t, out, out2)

	code, _, errOut := arena(t, "fly")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: unknown command \"fly\" (see arena help)\n", errOut)
	code, _, errOut = arena(t, "help", "fly")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, `unknown command "fly"`)
}

func TestRunPrintsStandings(t *testing.T) {
	code, out, errOut := arena(t, append([]string{"run"}, quick...)...)
	require.Equal(t, 0, code, errOut)
	require.Empty(t, errOut, "no progress when stderr is not a terminal")
	for _, s := range []string{"BOT", "ELO", "95% CI", "straight", "stupid", "random", "18 matches, 2 seats"} {
		require.Contains(t, out, s)
	}
}

func TestRunFormats(t *testing.T) {
	code, out, _ := arena(t, append([]string{"run", "--format", "json"}, quick...)...)
	require.Equal(t, 0, code)
	var doc struct {
		Ratings []map[string]any `json:"ratings"`
		Matches int              `json:"matches"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, 18, doc.Matches)
	require.Len(t, doc.Ratings, 3)
	for _, k := range []string{"bot", "elo", "elo_lo", "elo_hi", "games", "wins", "draws", "losses", "score_mean"} {
		require.Contains(t, doc.Ratings[0], k)
	}
	code, out, _ = arena(t, append([]string{"run", "-f", "csv"}, quick...)...)
	require.Equal(t, 0, code)
	require.True(t, strings.HasPrefix(out, "rank,bot,elo,elo_lo,elo_hi,"), out)
	code, out, _ = arena(t, append([]string{"run", "--format", "markdown"}, quick...)...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "|:")
	code, _, errOut := arena(t, append([]string{"run", "--format", "xml"}, quick...)...)
	require.Equal(t, 2, code)
	require.Equal(t, 1, strings.Count(errOut, "\n"))
	require.Contains(t, errOut, `--format: unknown format "xml"`)
}

func TestRunIsDeterministicWhateverTheWorkers(t *testing.T) {
	dir := t.TempDir()
	run2 := func(name string, jobs string) (string, string) {
		path := filepath.Join(dir, name)
		code, out, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid,random", "--bot", "strong:work=200", "--games", "6", "-j", jobs, "--format", "json", "--out", path)
		require.Equal(t, 0, code, errOut)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return out, string(b)
	}
	json1, jsonl1 := run2("duel1.jsonl", "1")
	json4, jsonl4 := run2("duel4.jsonl", "4")
	require.Equal(t, json1, json4, "2 seats: -j 1 and -j 4 give the same standings")
	require.Equal(t, jsonl1, jsonl4, "2 seats: -j 1 and -j 4 give the same records")

	run := func(name string, jobs string) (string, string) {
		path := filepath.Join(dir, name)
		args := ([]string{"run", "tron/ffa4", "--games", "8", "--bots", "stupid,straight,random,stupid,straight",
			"-j", jobs, "--format", "json", "--out", path, "--bootstrap", "200"})
		code, out, errOut := arena(t, args...)
		require.Equal(t, 0, code, errOut)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		return out, string(b)
	}
	json1, jsonl1 = run("a.jsonl", "1")
	json4, jsonl4 = run("b.jsonl", "4")
	jsonAgain, jsonlAgain := run("c.jsonl", "4")
	require.Equal(t, json1, json4, "-j 1 and -j 4 give the same standings")
	require.Equal(t, jsonl1, jsonl4, "-j 1 and -j 4 give the same records")
	require.Equal(t, json4, jsonAgain, "two runs give the same bytes")
	require.Equal(t, jsonl4, jsonlAgain)

	lines := strings.Split(strings.TrimSpace(jsonl1), "\n")
	require.Len(t, lines, 1+8)
	var h results.Header
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &h))
	require.Equal(t, "header", h.Type)
	require.Equal(t, "tron/ffa4", h.Scenario)
	require.Equal(t, []string{"stupid", "straight", "random", "stupid#2", "straight#2"}, h.Bots)
	require.Equal(t, 4, h.Seats)
	var r results.Record
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &r))
	for _, key := range []string{`"match":`, `"seed":`, `"game":"tron"`, `"scenario":"tron/ffa4"`, `"rules_hash":`, `"bots":`,
		`"scores":`, `"places":`, `"turns":`, `"faults":`, `"state_hash":`} {
		require.Contains(t, lines[1], key)
	}
}

func TestRunRefusesToOverwrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	require.NoError(t, os.WriteFile(path, []byte("precious\n"), 0o644))
	code, _, errOut := arena(t, append([]string{"run", "--out", path}, quick...)...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "the file exists; pass --force to overwrite it")
	b, _ := os.ReadFile(path)
	require.Equal(t, "precious\n", string(b), "nothing already written is lost")
	code, _, _ = arena(t, append([]string{"run", "--out", path, "--force"}, quick...)...)
	require.Equal(t, 0, code)
}

// cancelOnWrite cancels a context at its first write: given as stderr with
// --progress, it interrupts a run once its first record is handed on.
type cancelOnWrite struct{ cancel context.CancelFunc }

func (c cancelOnWrite) Write(p []byte) (int, error) { c.cancel(); return len(p), nil }

func TestInterruptedRunPrintsPartialStandings(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	const total = 2000
	var out, errOut bytes.Buffer
	code := Main(ctx, []string{"run", "--out", path, "--progress", "-j", "1", "--bots", "stupid,random",
		"--param", "width=11", "--param", "height=11", "--games", strconv.Itoa(total), "--bootstrap", "50"},
		&out, io.MultiWriter(&errOut, cancelOnWrite{cancel}))
	require.Equal(t, 130, code)
	require.Contains(t, errOut.String(), "interrupted after")
	h, recs := readRecords(t, path)
	require.Equal(t, total, h.Matches)
	require.NotEmpty(t, recs, "the finished matches are kept")
	require.Less(t, len(recs), total, "the run stopped early")
	for i, r := range recs {
		require.Equal(t, i, r.Match, "the records are a prefix of the plan")
	}
	require.Contains(t, out.String(), fmt.Sprintf("%d matches, 2 seats", len(recs)), "the partial table counts exactly those")
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	unknownKey := write("unknown.json", `{"game":"tron","seeds":3}`)
	wrongType := write("type.json", `{"game":"tron","games":"ten"}`)
	badJSON := write("bad.json", "{\"game\":\"tron\",\n}")
	badGame := write("game.json", `{"game":"chess"}`)
	badParam := write("param.json", `{"game":"tron","params":{"width":0}}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--game", "chess"}, `--game: unknown game "chess" (known: tron`},
		{[]string{"run", "--bots", "stupid,genius"}, `--bots: unknown bot "genius" for game tron (known: random, stupid, straight, strong, script, exec, http)`},
		{[]string{"run", "--bot", "strong:depth=x"}, `--bot: bot strong:depth=x: param depth: "x" is not a whole number`},
		{[]string{"run", "--bots", "stupid", "--bot", "strong:depth=x"}, `--bot: bot strong:depth=x: param depth:`},
		{[]string{"run", "--param", "width=1"}, "--param width: 2 players need 2 random start cells, but a 1×100 board has 0"},
		{[]string{"run", "--param", "players=12", "--param", "width=3", "--param", "height=3"}, "--param width: 12 players need 12 random start cells, but a 3×3 board has 4"},
		{[]string{"run", "--param", "width=0"}, "--param width: 0 is out of range 1..4096"},
		{[]string{"run", "--param", "width"}, `--param "width": want key=value`},
		{[]string{"run", "--param", "colour=red"}, "--param colour: unknown parameter (known: width, height, players, starts, max_turns)"},
		{[]string{"run", "--param", "width=2", "--param", "height=2"}, "2 players need 2 random start cells, but a 2×2 board has 1"},
		{[]string{"run", "--bots", "stupid"}, "a 2-seat game needs at least 2 bots, got 1"},
		{[]string{"run", "--games", "0"}, "--games: 0 is not a whole number from 1 to 2147483648"},
		{[]string{"run", "--games", "9223372036854775807"}, "--games: 9223372036854775807 is not a whole number from 1 to 2147483648"},
		{[]string{"run", "-j", "-1"}, "--jobs: -1 is not a whole number from 0 to 1024"},
		{[]string{"run", "--anchor", "nobody"}, `--anchor: "nobody" is not one of the bots`},
		{[]string{"run", "--frobnicate"}, "run: unknown flag: --frobnicate"},
		{[]string{"run", unknownKey}, `unknown.json: unknown key "seeds" (known: description, game, params, bots, games, seed, league, championship, knockout)`},
		{[]string{"run", wrongType}, `type.json: key games: "ten" is not a whole number`},
		{[]string{"run", badJSON}, "bad.json: line 2, column 1: invalid character '}' looking for beginning of object key string"},
		{[]string{"run", badGame}, `game.json: key game: unknown game "chess" (known: tron`},
		{[]string{"run", badParam}, "param.json: param width: 0 is out of range 1..4096"},
		{[]string{"run", filepath.Join(dir, "missing.json")}, "missing.json: no such file or directory"},
		{[]string{"run", "tron/nope"}, `unknown scenario "tron/nope"`},
		{[]string{"run", "tron/duel", "tron/small"}, "run: takes at most one scenario"},
		{[]string{"run", "tron/duel", "--game", "minibus"}, "--game is minibus"},
		{[]string{"play", "--bots", "strong,stupid", "--param", "starts=[[1,1]]"}, "--param starts: 1 cells for 2 players"},
		{[]string{"play", "--bot", "script:file=" + filepath.Join(dir, "none.txt"), "--bots", "stupid"}, "none.txt: no such file or directory"},
		{[]string{"list", "maps"}, `list: unknown kind "maps"`},
		{[]string{"list", "bots", "chess"}, `unknown game "chess"`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := arena(t, tc.args...)
			require.Equal(t, 2, code, "stdout: %s\nstderr: %s", out, errOut)
			require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
			require.True(t, strings.HasPrefix(errOut, "arena: "), errOut)
			require.Contains(t, errOut, tc.want)
		})
	}
}

func TestPlay(t *testing.T) {
	dir := t.TempDir()
	out, trace := filepath.Join(dir, "m.jsonl"), filepath.Join(dir, "t.jsonl")
	code, stdout, errOut := arena(t, "play", "--bots", "straight,stupid", "--match-seed", "5", "--out", out, "--trace", trace)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, stdout, "tron/duel  seed 5  ")
	require.Contains(t, stdout, "straight")

	h, recs := readRecords(t, out)
	require.Equal(t, 1, h.Matches)
	require.Len(t, recs, 1)
	require.Equal(t, uint64(5), recs[0].Seed)
	require.Equal(t, []string{"straight", "stupid"}, recs[0].Bots)

	b, err := os.ReadFile(trace)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, recs[0].Turns+1, "turn 0, then one line per turn")
	var last struct {
		Turn    int             `json:"turn"`
		Actions []*string       `json:"actions"`
		State   json.RawMessage `json:"state"`
		Hash    string          `json:"hash"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &last))
	require.Equal(t, recs[0].Turns, last.Turn)
	require.Equal(t, recs[0].StateHash, last.Hash, "the trace ends on the recorded state")
	require.Len(t, last.Actions, 2)
}

// TestPlayWithoutBotsIsTheFirstMatchOfRun plays the scenarios' own bots,
// the four-player one on a 12×12 board, two matches a pair: their strong
// bot searches under a budget of about 80 ms a move, which on the 100×100
// board adds up to minutes.
func TestPlayWithoutBotsIsTheFirstMatchOfRun(t *testing.T) {
	// Scenarios of their own, the strong bot at its cheap budget: the
	// shipped ones play it at 80 ms a move.
	dir := t.TempDir()
	duel, ffa4 := filepath.Join(dir, "duel.json"), filepath.Join(dir, "ffa4.json")
	const bots = `"bots": ["strong:work=200", "straight", "stupid", "random"], "games": 3, "seed": 1}`
	require.NoError(t, os.WriteFile(duel, []byte(`{"game": "tron", "params": {"width": 11, "height": 11}, `+bots), 0o644))
	require.NoError(t, os.WriteFile(ffa4, []byte(`{"game": "tron", "params": {"width": 100, "height": 100, "players": 4}, `+bots), 0o644))
	for _, scenario := range []string{ffa4, duel} {
		board := []string{"--param", "width=8", "--param", "height=8"}
		if scenario == duel {
			board = nil
		}
		path := filepath.Join(t.TempDir(), "r.jsonl")
		code, _, errOut := arena(t, append([]string{"run", scenario, "--games", "1", "--out", path}, board...)...)
		require.Equal(t, 0, code, errOut)
		_, recs := readRecords(t, path)
		play := filepath.Join(t.TempDir(), "p.jsonl")
		code, _, errOut = arena(t, append([]string{"play", scenario, "--out", play}, board...)...)
		require.Equal(t, 0, code, errOut)
		_, again := readRecords(t, play)
		require.Equal(t, recs[0].Bots, again[0].Bots, scenario)
		require.Equal(t, recs[0].StateHash, again[0].StateHash, scenario)
	}
}

func TestPlayTakesARecordsBotNames(t *testing.T) {
	code, out, errOut := arena(t, "play", "--bots", "stupid#2,stupid", "--match-seed", "9")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "stupid#2")
}

func TestPlayRefusesOutputsBeforeCreatingAny(t *testing.T) {
	dir := t.TempDir()
	existing, trace := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "trace.jsonl")
	require.NoError(t, os.WriteFile(existing, []byte("keep\n"), 0o644))
	code, _, errOut := arena(t, "play", "--bots", "stupid,stupid", "--out", existing, "--trace", trace)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--out "+existing+": the file exists")
	require.NoFileExists(t, trace, "nothing is created when an output is refused")
}

// TestJobsAreCapped: a -j up to MaxJobs plays (the runner playing at most
// MaxWorkersPerCore per core: runner.TestWorkersAreCappedPerCore); beyond,
// it is refused, not quietly cut.
func TestJobsAreCapped(t *testing.T) {
	code, out, errOut := arena(t, "run", "--bots", "stupid,random", "--games", "4", "-j", strconv.Itoa(MaxJobs))
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "4 matches")
	for _, cmd := range [][]string{{"run"}, {"sprt", "--candidate", "strong", "--baseline", "stupid"}, {"bench"}, {"diff-rules", "--b-param", "width=12"},
		{"tune", "--bot", "strong", "--tune", "reach", "--self", "--out", filepath.Join(t.TempDir(), "t.jsonl")}} {
		code, _, errOut = arena(t, append(cmd, "tron/small", "-j", "1000000")...)
		require.Equal(t, 2, code, cmd)
		require.Regexp(t, `^arena: --jobs: 1000000 is not a whole number from [01] to 1024 \(matches at once; at most 4 per core are played\)\n$`, errOut, cmd)
	}
}

func TestPlaySeatCountFollowsTheBots(t *testing.T) {
	code, stdout, errOut := arena(t, "play", "--bots", "stupid,stupid,straight", "--match-seed", "3")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, stdout, "stupid#2")
	require.Contains(t, stdout, "│ 2    │ straight │ 1     │")
}

func TestPlayReplaysAMatchOfARun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid,random", "--games", "4", "--out", path)
	require.Equal(t, 0, code, errOut)
	_, recs := readRecords(t, path)
	for _, r := range []results.Record{recs[0], recs[5], recs[len(recs)-1]} {
		play := filepath.Join(t.TempDir(), "p.jsonl")
		seed := json.Number(strings.TrimSpace(string(mustJSON(t, r.Seed))))
		code, _, errOut := arena(t, "play", "tron/small", "--bots", strings.Join(r.Bots, ","), "--match-seed", seed.String(), "--out", play)
		require.Equal(t, 0, code, errOut)
		_, again := readRecords(t, play)
		require.Equal(t, r.StateHash, again[0].StateHash, "match %d replays", r.Match)
		require.Equal(t, r.Places, again[0].Places)
	}
}

// readRecords reads a results file, copying each record (the reader reuses
// its buffers).
func readRecords(t *testing.T, path string) (results.Header, []results.Record) {
	t.Helper()
	var recs []results.Record
	h, err := results.ReadFile(path, func(r *results.Record) error {
		var c results.Record
		require.NoError(t, json.Unmarshal(mustJSON(t, r), &c))
		recs = append(recs, c)
		return nil
	})
	require.NoError(t, err)
	return h, recs
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestPlayScriptedBots(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	require.NoError(t, os.WriteFile(a, []byte("# seat 0\nx+\nx+\n"), 0o644))
	require.NoError(t, os.WriteFile(b, []byte("y+\ny+\ny+\ny+\n"), 0o644))
	code, stdout, errOut := arena(t, "play", "--param", "width=5", "--param", "height=5", "--param", "starts=[[0,0],[4,0]]",
		"--bot", "script:file="+a, "--bot", "script:file="+b)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, stdout, "3 turns")
	require.Contains(t, stdout, "fault: seat 0 (script:file="+a+"), turn 3, no-answer: script: no action left")
}

func TestTraceOfOddActionTextIsJSON(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "odd.txt")
	require.NoError(t, os.WriteFile(script, []byte("PASS\nDESTINATION 0 1 \"\\\x01\xff\a\n"), 0o644))
	trace := filepath.Join(dir, "t.jsonl")
	code, _, errOut := arena(t, "play", "--game", "minibus", "--bot", "script:file="+script, "--bot", "iaSNCF", "--trace", trace)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(trace)
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		require.True(t, json.Valid([]byte(line)), line)
	}
}

func TestList(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"list"}, []string{"tron", "tron/duel"}},
		{[]string{"list", "games"}, []string{"GAME", "tron", "real", "coin", "synthetic", "coin/duel"}},
		{[]string{"list", "bots"}, []string{"straight", "stupid", "random", "strong", "script", "file=null"}},
		{[]string{"list", "bots", "tron"}, []string{"straight"}},
		{[]string{"list", "scenarios"}, []string{"tron/duel", "tron/ffa4", "tron/small"}},
		{[]string{"list", "scenarios", "tron"}, []string{"tron/small"}},
		{[]string{"list", "params", "tron"}, []string{"width", "max_turns"}},
		{[]string{"list", "params"}, []string{"starts"}},
	} {
		code, out, errOut := arena(t, tc.args...)
		require.Equal(t, 0, code, errOut)
		for _, w := range tc.want {
			require.Contains(t, out, w, tc.args)
		}
	}
}

func TestLeague(t *testing.T) {
	dir := t.TempDir()
	duel := filepath.Join(dir, "duel.json")
	require.NoError(t, os.WriteFile(duel, []byte(`{"game":"tron","params":{"width":20,"height":20},
		"league":{"opponents":["stupid"]},"games":6,"seed":3}`), 0o644))
	ffa := filepath.Join(dir, "ffa.json")
	require.NoError(t, os.WriteFile(ffa, []byte(`{"game":"tron","params":{"width":20,"height":20},
		"league":{"opponents":["random","random","random"],"promote":3},"games":4}`), 0o644))

	code, out, errOut := arena(t, "run", duel, "--bot", "straight")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Equal(t, "promoted", lines[len(lines)-1])
	require.Equal(t, "straight won 6 of 6 games, 6 needed", lines[len(lines)-2])
	require.Contains(t, out, "stupid ")

	code, out, _ = arena(t, "run", duel, "--bots", "random")
	require.Equal(t, 1, code, "not promoted: exit 1")
	require.True(t, strings.HasSuffix(out, "\nnot promoted\n"), out)

	code, out, errOut = arena(t, "run", ffa, "--bot", "straight", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var l results.League
	require.NoError(t, json.Unmarshal([]byte(out), &l))
	require.Len(t, l.Games, 4)
	require.Equal(t, 3, l.Needed)
	lineUp := []string{"straight", "random", "random#2", "random#3"}
	for i, g := range l.Games {
		turned := append(slices.Clone(lineUp[i%4:]), lineUp[:i%4]...)
		require.Equal(t, turned, g.Bots, "game %d: the line-up turns by one seat a game", i)
		require.Equal(t, (4-i%4)%4, g.Seat, "the candidate's seat in game %d", i)
	}

	code, out, _ = arena(t, "run", duel, "--bot", "straight", "--games", "12")
	require.Equal(t, 0, code)
	require.Contains(t, out, "won 12 of 12 games, 12 needed", "--games scales what promotion needs")

	// play replays the league's first game.
	out1 := filepath.Join(dir, "league.jsonl")
	code, _, errOut = arena(t, "run", duel, "--bot", "straight", "--out", out1)
	require.Equal(t, 0, code, errOut)
	_, recs := readRecords(t, out1)
	out2 := filepath.Join(dir, "play.jsonl")
	code, _, errOut = arena(t, "play", duel, "--bot", "straight", "--out", out2)
	require.Equal(t, 0, code, errOut)
	_, played := readRecords(t, out2)
	require.Equal(t, recs[0].Bots, played[0].Bots)
	require.Equal(t, recs[0].StateHash, played[0].StateHash)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", duel}, "duel.json is a league: give the bot to test with --bot SPEC"},
		{[]string{"play", duel}, "duel.json is a league: give the bot to test with --bot SPEC"},
		{[]string{"run", ffa, "--bot", "straight", "--param", "players=2"}, "--param players: " + ffa + " is a league of 4 players (the bot under test and 3 opponents), not 2"},
		{[]string{"run", duel, "--bots", "straight,stupid"}, "--bots: a league tests one bot at a time, got 2"},
		{[]string{"run", duel, "--bot", "nobody"}, `unknown bot "nobody"`},
	} {
		code, _, errOut := arena(t, tc.args...)
		require.Equal(t, 2, code, tc.args)
		require.Contains(t, errOut, tc.want)
	}
}

// withRace lets the CLI play the toy game of sim/simtest, whose bot
// "unlucky" makes the engine panic in turn 2.
func withRace(t *testing.T) string {
	t.Cleanup(func() { lookupGame = scenarios.LookupGame })
	lookupGame = func(name string) (scenarios.Entry, error) {
		if name == "race" {
			return scenarios.Entry{Game: simtest.Game()}, nil
		}
		return scenarios.LookupGame(name)
	}
	path := filepath.Join(t.TempDir(), "race.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"game":"race","bots":["unlucky","step"],"games":4}`), 0o644))
	return path
}

func TestEnginePanicExitsFour(t *testing.T) {
	scenario := withRace(t)
	code, out, errOut := arena(t, "play", scenario)
	require.Equal(t, 4, code)
	require.Contains(t, out, "failed in turn 2")
	require.Contains(t, errOut, "engine panic in turn 2 of the match with seed")
	require.Equal(t, 1, strings.Count(errOut, "\n"))

	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, out, errOut = arena(t, "run", scenario, "--out", path)
	require.Equal(t, 4, code)
	require.Contains(t, out, "4 failed matches left out")
	require.Contains(t, errOut, "4 of 4 matches failed with an engine error or a bot the --move-timeout watchdog gave up on")
	_, recs := readRecords(t, path)
	require.Len(t, recs, 4, "failed matches are recorded, with their seeds")
	require.Contains(t, recs[0].Error, "unlucky number")
	require.Equal(t, 1, recs[0].Turns, "one turn was played before the panic")
}

func TestRunGauntlet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	code, out, errOut := arena(t, "run", "tron/small", "--schedule", "gauntlet", "--candidate", "straight",
		"--bots", "stupid,random", "--games", "10", "--out", path)
	require.Equal(t, 0, code, errOut)
	for _, s := range []string{"OPPONENT", "stupid", "random", "straight against the pool's mean"} {
		require.Contains(t, out, s)
	}
	require.NotContains(t, out, "│ straight ", "the candidate is not its own opponent")
	h, recs := readRecords(t, path)
	require.Equal(t, "gauntlet", h.Schedule)
	require.Equal(t, "straight", h.Candidate)
	require.Equal(t, []string{"straight", "stupid", "random"}, h.Bots)
	require.Len(t, recs, 20, "10 games against each of two opponents")
	for _, r := range recs {
		require.Contains(t, r.Bots, "straight", "match %d", r.Match)
	}

	code, out, errOut = arena(t, "run", "tron/small", "--schedule", "gauntlet", "--candidate", "straight",
		"--bots", "stupid,random", "--games", "10", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Candidate string           `json:"candidate"`
		Opponents []map[string]any `json:"opponents"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, "straight", doc.Candidate)
	require.Len(t, doc.Opponents, 2)
	for _, o := range doc.Opponents {
		require.Equal(t, "straight", o["bot"])
		require.Equal(t, float64(10), o["games"])
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--schedule", "monrad"}, `--schedule: unknown schedule "monrad"`},
		{[]string{"run", "--candidate", "straight"}, "--candidate: only a gauntlet has a candidate"},
		{[]string{"run", "--schedule", "gauntlet"}, "give the bot to test with --candidate SPEC"},
		{[]string{"run", "minibus/wood1", "--bot", "strong", "--schedule", "gauntlet"}, "is a league, which has its own schedule"},
		{[]string{"run", "tron/ffa4", "--schedule", "gauntlet", "--candidate", "straight", "--bots", "random,stupid"}, "a 4-seat gauntlet needs at least 3 bots besides the candidate"},
	} {
		code, _, errOut := arena(t, tc.args...)
		require.Equal(t, 2, code, tc.args)
		require.Contains(t, errOut, tc.want, tc.args)
	}
}

func TestRunRatingOptions(t *testing.T) {
	code, out, errOut := arena(t, append([]string{"run", "--h2h", "--anchor", "straight=1500"}, quick...)...)
	require.Equal(t, 0, code, errOut)
	for _, s := range []string{"HEAD TO HEAD", "LOS", "SEAT", "Bradley–Terry Elo (straight = 1500)", " anchor │", "+1500"} {
		require.Contains(t, out, s)
	}
	// Several anchors, as Ordo takes them; a bot's name may hold "=".
	code, out, errOut = arena(t, "run", "coin/duel", "--bot", "coin:elo=100", "--bot", "coin", "--bot", "coin:elo=-100", "--games", "20",
		"--anchor", "coin", "--anchor", "coin:elo=100=150")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "Bradley–Terry Elo (coin = 0, coin:elo=100 = 150)")
	require.Equal(t, 2, strings.Count(out, " anchor │"))

	// A first-seat edge in the model, two seats only.
	code, out, errOut = arena(t, append([]string{"run", "--seat-edge"}, quick...)...)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "with a first-seat edge of")
	code, _, errOut = arena(t, "run", "coin/ffa4", "--games", "8", "--seat-edge")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--seat-edge: a first-seat edge is modelled for two-seat games only, this one has 4 seats")

	code, out, errOut = arena(t, append([]string{"run", "--format", "json"}, quick...)...)
	require.Equal(t, 0, code, errOut)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	for _, k := range []string{"h2h", "los", "seat_balance", "rounds", "model"} {
		require.Contains(t, doc, k, "JSON always has it")
	}
	require.Len(t, doc["h2h"], 3, "one line per pair")
	require.Len(t, doc["seat_balance"], 2)

	code, out, errOut = arena(t, append([]string{"run", "--rating", "botsarena"}, quick...)...)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "botsArena sequential Elo")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rating", "glicko"}, `--rating: unknown rating model "glicko"`},
		{[]string{"--rating", "botsarena", "--anchor", "straight"}, "--anchor: an anchor does not apply to botsArena"},
		{[]string{"--anchor", "nobody"}, `--anchor: "nobody" is not one of the bots`},
		{[]string{"--anchor", "straight=high"}, `--anchor straight=high: "high" is not an Elo value`},
		{[]string{"--bootstrap", "-1"}, "--bootstrap: -1 is not a whole number from 0 to 100000"},
		{[]string{"--bootstrap", "1000000000000"}, "--bootstrap: 1000000000000 is not a whole number from 0 to 100000"},
	} {
		code, _, errOut := arena(t, append(append([]string{"run"}, quick...), tc.args...)...)
		require.Equal(t, 2, code, tc.args)
		require.Contains(t, errOut, tc.want, tc.args)
	}
}
