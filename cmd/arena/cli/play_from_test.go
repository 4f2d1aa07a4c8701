package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
)

// replayEvery replays every match of the results file at path with
// play --from and checks each against its record.
func replayEvery(t *testing.T, path string) {
	t.Helper()
	h, recs := readRecords(t, path)
	require.NotEmpty(t, recs)
	for _, r := range recs {
		play := filepath.Join(t.TempDir(), "p.jsonl")
		n := strconv.Itoa(r.Match)
		code, out, errOut := arena(t, "play", "--from", path, "--match", n, "--out", play)
		require.Equal(t, 0, code, "match %d of %s: %s", r.Match, path, errOut)
		require.Contains(t, out, h.Scenario+"  seed "+strconv.FormatUint(r.Seed, 10)+"  ")
		require.Contains(t, out, "state hash "+r.StateHash+" matches match "+n+" of "+path+"\n")
		require.NotContains(t, out, "rules hash differs")
		ph, again := readRecords(t, play)
		require.Equal(t, r.Bots, again[0].Bots, "the seats keep the record's names")
		require.Equal(t, r.StateHash, again[0].StateHash)
		require.Equal(t, r.Places, again[0].Places)
		require.Equal(t, r.Scores, again[0].Scores)
		require.Equal(t, h.RulesHash, ph.RulesHash, "the same parameters")
		require.Equal(t, h.Params, ph.Params)
	}
}

func TestPlayFromReplaysARunWithParams(t *testing.T) {
	// --param makes a game the scenario alone does not: the replay must
	// take the header's parameters. A bot entered twice is named stupid#2.
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errOut := arena(t, "run", "tron/small", "--param", "width=14", "--param", "max_turns=40",
		"--bots", "straight,stupid,stupid", "--games", "2", "--out", path)
	require.Equal(t, 0, code, errOut)
	h, recs := readRecords(t, path)
	require.Contains(t, h.Bots, "stupid#2")
	require.Contains(t, string(h.Params["width"]), "14")
	replayEvery(t, path)

	// Without the --param, the same scenario, bots and seed make another
	// game: the reason --from exists.
	r := recs[1]
	code, out, errOut := arena(t, "play", "tron/small", "--bots", strings.Join(r.Bots, ","),
		"--match-seed", strconv.FormatUint(r.Seed, 10))
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, r.StateHash)
}

func TestPlayFromReplaysALeague(t *testing.T) {
	// A league's records seat the bot under test and the opponents, the
	// line-up turned by one seat a game.
	dir := t.TempDir()
	ffa := filepath.Join(dir, "ffa.json")
	require.NoError(t, os.WriteFile(ffa, []byte(`{"game":"tron","params":{"width":20,"height":20},
		"league":{"opponents":["random","stupid","random"],"promote":3},"games":4}`), 0o644))
	path := filepath.Join(dir, "l.jsonl")
	code, _, _ := arena(t, "run", ffa, "--bot", "straight", "--out", path)
	require.Contains(t, []int{0, 1}, code)
	_, recs := readRecords(t, path)
	require.Equal(t, []string{"stupid", "random#2", "straight", "random"}, recs[2].Bots)
	replayEvery(t, path)
}

func TestPlayFromReplaysRotationsAndPlays(t *testing.T) {
	dir := t.TempDir()
	// Four seats, five bots: a seeded choice of who sits where.
	path := filepath.Join(dir, "ffa.jsonl")
	code, _, errOut := arena(t, "run", "tron/ffa4", "--param", "width=24", "--param", "height=24",
		"--bots", "straight,stupid,random,straight,stupid", "--games", "8", "--out", path)
	require.Equal(t, 0, code, errOut)
	replayEvery(t, path)

	// A play --out file is a results file too.
	one := filepath.Join(dir, "one.jsonl")
	code, _, errOut = arena(t, "play", "--game", "vampires", "--bots", "greedy,random", "--match-seed", "4", "--out", one)
	require.Equal(t, 0, code, errOut)
	replayEvery(t, one)
}

// tamper rewrites the results file at path through edit, line by line.
func tamper(t *testing.T, path string, edit func(i int, line string) string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	for i := range lines {
		lines[i] = edit(i, lines[i])
	}
	out := filepath.Join(t.TempDir(), "tampered.jsonl")
	require.NoError(t, os.WriteFile(out, []byte(strings.Join(lines, "\n")), 0o644))
	return out
}

func TestPlayFromDetectsADivergence(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", path)
	require.Equal(t, 0, code, errOut)
	_, recs := readRecords(t, path)
	r := recs[1]
	const fake = "0123456789abcdef"

	// Line 0 is the header, line i+1 the record of match i.
	changed := tamper(t, path, func(i int, line string) string {
		if i == 2 {
			return strings.Replace(line, `"state_hash":"`+r.StateHash+`"`, `"state_hash":"`+fake+`"`, 1)
		}
		return line
	})
	code, out, errOut := arena(t, "play", "--from", changed, "--match", "1")
	require.Equal(t, ExitNegative, code, "a divergence is a negative verdict, as a golden check's")
	require.Contains(t, out, "state "+r.StateHash, "the replay's outcome is printed")
	require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	require.Contains(t, errOut, "--from "+changed+": match 1 replays to state "+r.StateHash+", not the recorded "+fake)
	require.NotContains(t, errOut, "rules hash")

	// The same divergence under another rules hash says so.
	h, _ := readRecords(t, path)
	rules := tamper(t, changed, func(i int, line string) string {
		if i == 0 {
			return strings.Replace(line, `"rules_hash":"`+h.RulesHash+`"`, `"rules_hash":"`+fake+`"`, 1)
		}
		return line
	})
	code, _, errOut = arena(t, "play", "--from", rules, "--match", "1")
	require.Equal(t, ExitNegative, code)
	require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	require.Contains(t, errOut, "the rules hash differs: the file's is "+fake+", this arena's "+h.RulesHash)

	// A matching state under another rules hash is a success, with a note.
	noted := tamper(t, path, func(i int, line string) string {
		if i == 0 {
			return strings.Replace(line, `"rules_hash":"`+h.RulesHash+`"`, `"rules_hash":"`+fake+`"`, 1)
		}
		return line
	})
	code, out, errOut = arena(t, "play", "--from", noted, "--match", "1")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "state hash "+r.StateHash+" matches match 1 of "+noted+" (the rules hash differs")
}

func TestPlayFromBadInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.jsonl")
	code, _, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", path)
	require.Equal(t, 0, code, errOut)
	scenario := filepath.Join(dir, "duel.json")
	require.NoError(t, os.WriteFile(scenario, []byte(`{"game":"tron","bots":["stupid","random"]}`+"\n"), 0o644))
	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte("hello\n"), 0o644))
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	headerOnly := filepath.Join(dir, "header.jsonl")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	header, _, _ := strings.Cut(string(b), "\n")
	require.NoError(t, os.WriteFile(headerOnly, []byte(header+"\n"), 0o644))
	broken := filepath.Join(dir, "broken.jsonl")
	require.NoError(t, os.WriteFile(broken, []byte(header+"\n{\"type\":\"match\",\n"), 0o644))
	unknownGame := filepath.Join(dir, "chess.jsonl")
	require.NoError(t, os.WriteFile(unknownGame, []byte(strings.Replace(string(b), `"game":"tron"`, `"game":"chess"`, -1)), 0o644))
	missing := filepath.Join(dir, "missing.jsonl")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", path, "--match", "2"}, "--from " + path + ": no match 2 among its 2 match records (matches 0 to 1)"},
		{[]string{"--from", headerOnly, "--match", "0"}, "--from " + headerOnly + ": no match 0: the file holds no match record"},
		{[]string{"--from", missing, "--match", "0"}, "--from: open " + missing + ": no such file"},
		{[]string{"--from", scenario, "--match", "0"}, "--from: not a results file this arena reads: " + scenario + ":1: "},
		{[]string{"--from", text, "--match", "0"}, "--from: not a results file this arena reads: " + text + ":1: "},
		{[]string{"--from", empty, "--match", "0"}, "--from: not a results file this arena reads: " + empty + ":1: empty file"},
		{[]string{"--from", broken, "--match", "0"}, "--from: " + broken + ":2: "},
		{[]string{"--from", unknownGame, "--match", "0"}, "--from " + unknownGame + `: unknown game "chess"`},
		{[]string{"--from", path}, "--from " + path + ": give the match to replay with --match N"},
		{[]string{"--match", "1"}, "--match: give the results file to replay from with --from FILE"},
		{[]string{"--from", path, "--match", "-1"}, "--match: -1 is not a match index"},
		{[]string{"tron/small", "--from", path, "--match", "0"}, "--from " + path + ": takes no scenario (got tron/small)"},
		{[]string{"--from", path, "--match", "0", "--game", "tron"}, "--from " + path + ": cannot be combined with --game; the results file says what to play"},
		{[]string{"--from", path, "--match", "0", "--bots", "stupid,random"}, "--from " + path + ": cannot be combined with --bots; the results file says what to play"},
		{[]string{"--from", path, "--match", "0", "--bot", "stupid"}, "--from " + path + ": cannot be combined with --bot; the results file says what to play"},
		{[]string{"--from", path, "--match", "0", "--param", "width=20"}, "--from " + path + ": cannot be combined with --param; the results file says what to play"},
		{[]string{"--from", path, "--match", "0", "--match-seed", "0"}, "--from " + path + ": cannot be combined with --match-seed; the results file says what to play"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := arena(t, append([]string{"play"}, tc.args...)...)
			require.Equal(t, ExitBadInput, code, "stdout: %s\nstderr: %s", out, errOut)
			require.Empty(t, out)
			require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
			require.True(t, strings.HasPrefix(errOut, "arena: "+tc.want), "%q does not start with %q", errOut, "arena: "+tc.want)
		})
	}
}

func TestPlayRefusesOutAndTraceInOneFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Mkdir("sub", 0o755))
	abs := filepath.Join(dir, "m.jsonl")
	for _, tc := range []struct{ out, trace string }{
		{"m.jsonl", "m.jsonl"},
		{"m.jsonl", "./m.jsonl"},
		{"sub/../m.jsonl", "m.jsonl"},
		{abs, "m.jsonl"},
		{"m.jsonl", dir + "//./m.jsonl"},
	} {
		for _, extra := range [][]string{nil, {"--force"}} {
			args := append([]string{"play", "--bots", "stupid,random", "--out", tc.out, "--trace", tc.trace}, extra...)
			code, out, errOut := arena(t, args...)
			require.Equal(t, ExitBadInput, code, "%v: %s", args, errOut)
			require.Empty(t, out)
			require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
			require.Contains(t, errOut, "--out "+tc.out+" and --trace "+tc.trace+" are the same file")
			require.NoFileExists(t, abs, "nothing is written")
		}
	}

	// A hard link is the same file under another name, once it exists.
	require.NoError(t, os.WriteFile("a.jsonl", []byte("keep\n"), 0o644))
	require.NoError(t, os.Link("a.jsonl", "b.jsonl"))
	code, _, errOut := arena(t, "play", "--bots", "stupid,random", "--out", "a.jsonl", "--trace", "b.jsonl", "--force")
	require.Equal(t, ExitBadInput, code, errOut)
	require.Contains(t, errOut, "--out a.jsonl and --trace b.jsonl are the same file")
	b, err := os.ReadFile("a.jsonl")
	require.NoError(t, err)
	require.Equal(t, "keep\n", string(b))

	// The page of --html is a third output, checked against both.
	for _, args := range [][]string{
		{"--out", "a.jsonl", "--html", "./a.jsonl"},
		{"--trace", "b.jsonl", "--html", "a.jsonl"},
	} {
		code, _, errOut = arena(t, append([]string{"play", "--bots", "stupid,random", "--force"}, args...)...)
		require.Equal(t, ExitBadInput, code, errOut)
		require.Contains(t, errOut, "are the same file")
	}
	b, err = os.ReadFile("a.jsonl")
	require.NoError(t, err)
	require.Equal(t, "keep\n", string(b))

	// Two files are fine.
	code, _, errOut = arena(t, "play", "--bots", "stupid,random", "--out", "m.jsonl", "--trace", "sub/m.jsonl")
	require.Equal(t, 0, code, errOut)
	h, _ := readRecords(t, "m.jsonl")
	require.Equal(t, results.TypeHeader, h.Type)
}

func TestPlayCountsVampiresInPlies(t *testing.T) {
	code, out, errOut := arena(t, "play", "--game", "vampires", "--bots", "greedy,random", "--match-seed", "2")
	require.Equal(t, 0, code, errOut)
	require.Regexp(t, `^vampires/duel  seed 2  \d+ plies  state `, out)
	require.NotContains(t, out, "turn")

	script := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(script, []byte("ATK 99,99\n"), 0o644))
	code, out, errOut = arena(t, "play", "--game", "vampires", "--bot", "script:file="+script, "--bot", "greedy")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "fault: seat 0 (script:file="+script+"), ply 1, invalid: ")
	require.NotContains(t, out, "turn")

	// The other games keep their turns.
	code, out, errOut = arena(t, "play", "--bots", "stupid,random", "--match-seed", "2")
	require.Equal(t, 0, code, errOut)
	require.Regexp(t, `^tron/duel  seed 2  \d+ turns  state `, out)
	require.Equal(t, "1 turn", strconv.Itoa(1)+" "+turnWord("tron", 1))
	require.Equal(t, "1 ply", strconv.Itoa(1)+" "+turnWord("vampires", 1))
}
