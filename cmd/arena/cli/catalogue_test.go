package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// The catalogue: bad inputs and faults of every command, each meeting the
// contract of docs/cli.md ("Exit codes"): the exit code of its kind, one
// line on stderr that names the culprit (a flag, a file, a field, a value),
// no panic, nothing already written lost, nothing left of a refused
// output. It keeps the 559-case catalogue of the hardening issue from
// regressing: every failure it found is a case here.

// catalogueCase is one bad input: arena's arguments, the exit code, and a
// part of the one line of stderr (the culprit's name).
type catalogueCase struct {
	name string
	args []string
	code int
	want string // a part of the line on stderr; "" for none (exit 0)
	// keep, when set, is a file that must keep its bytes; absent, a path
	// that must not exist afterwards.
	keep, absent string
	ctx          context.Context // when set, the context arena runs in
}

// catalogueFixtures are the files the cases read, made once.
type catalogueFixtures struct {
	dir, run, shard1, sprt, tune, golden, trace, keep, emptyDir, missing string
	played, playedOlder                                                  string            // a play's --out, and as an older arena wrote it
	corrupt                                                              map[string]string // header variants
	stray                                                                map[string]string // record variants: another run's match
	damaged                                                              map[string]string // record variants no run writes
	tuneBad, gridBad                                                     map[string]string // tune file variants no run writes
	grid                                                                 string
	goldenBad                                                            map[string]string // golden folders whose match 0 no record writes
	longLine, notJSON, empty, lostHeader, scenarioBad, goldenOther       string
}

func makeFixtures(t *testing.T) *catalogueFixtures {
	t.Helper()
	dir := t.TempDir()
	f := &catalogueFixtures{dir: dir, missing: filepath.Join(dir, "missing.jsonl"), keep: filepath.Join(dir, "keep.txt"),
		emptyDir: filepath.Join(dir, "folder"), corrupt: map[string]string{}, stray: map[string]string{},
		damaged: map[string]string{}, tuneBad: map[string]string{}, gridBad: map[string]string{},
		goldenBad: map[string]string{}}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	require.NoError(t, os.Mkdir(f.emptyDir, 0o755))
	write("keep.txt", "keep\n")
	ok := func(args ...string) {
		t.Helper()
		code, _, stderr := arena(t, args...)
		require.Zero(t, code, "%v: %s", args, stderr)
	}
	f.run = filepath.Join(dir, "run.jsonl")
	ok("run", "tron/small", "--bots", "straight,stupid", "--games", "4", "--bootstrap", "0", "--out", f.run)
	f.played = filepath.Join(dir, "played.jsonl")
	ok("play", "tron/small", "--bots", "straight,stupid", "--out", f.played)
	if data, err := os.ReadFile(f.played); assert.NoError(t, err) {
		require.Contains(t, string(data), `,"schedule":"match"`)
		f.playedOlder = write("played-older.jsonl", strings.Replace(string(data), `,"schedule":"match"`, "", 1))
	}
	f.shard1 = filepath.Join(dir, "shard1.jsonl")
	ok("run", "tron/small", "--bots", "straight,stupid", "--games", "8", "--bootstrap", "0", "--shard", "1/2", "--out", f.shard1)
	f.sprt = filepath.Join(dir, "sprt.jsonl")
	code, _, stderr := arena(t, "sprt", "tron/small", "--candidate", "straight", "--baseline", "stupid", "--max-games", "20", "--out", f.sprt)
	require.Equal(t, ExitInconclusive, code, stderr)
	f.tune = filepath.Join(dir, "tune.jsonl")
	ok("tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--iterations", "2", "--pairs-per-iter", "1", "--out", f.tune)
	f.grid = filepath.Join(dir, "grid.jsonl")
	ok("tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--method", "grid", "--points", "3", "--pairs-per-iter", "1", "--out", f.grid)
	// The tune and grid files edited into ones no run writes, the want of
	// each the error after "FILE: ".
	variants := func(src, prefix string, into map[string]string, edits map[string][2]string) {
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		for want, edit := range edits {
			require.Contains(t, string(data), edit[0], want)
			into[want] = write(prefix+strconv.Itoa(len(into))+".jsonl", strings.Replace(string(data), edit[0], edit[1], 1))
		}
	}
	variants(f.tune, "tune-bad-", f.tuneBad, map[string][2]string{
		`tune: line 1: field "iterations": 0 is not a number`:                    {`"iterations":2`, `"iterations":0`},
		`tune: line 1: field "pairs": -1 is not a number`:                        {`"pairs":1`, `"pairs":-1`},
		`tune: line 1: field "c": 2 is not a share of each range`:                {`"c":0.1,`, `"c":2,`},
		`tune: line 1: field "params": none`:                                     {`"params":[{`, `"params":[],"x":[{`},
		`tune: line 1: field "params.reach": min 300, max 200: not a range`:      {`"min":1,`, `"min":300,`},
		`tune: line 1: field "params.reach.scale": "cubic" is not linear or log`: {`"scale":"linear"`, `"scale":"cubic"`},
		`tune: line 1: field "params.reach.start": 999 is outside 1..200`:        {`"start":40`, `"start":999`},
		`tune: line 2: field "result.games" is -1: no game played`:               {`"result":{"games":1`, `"result":{"games":-1`},
		`tune: line 2: field "result.plus_score" is 7, outside 0..1`:             {`"plus_score":1`, `"plus_score":7`},
		`tune: line 2: field "theta" has no value of reach`:                      {`"theta":{"reach":40}`, `"theta":{}`},
		`tune: line 2: field "result.games" is a string, want a whole number`:    {`"result":{"games":1`, `"result":{"games":"x"`},
		`tune: line 2: field "next_unit": reach is 7, outside 0..1`:              {`"next_unit":{"reach":0.`, `"next_unit":{"reach":7,"x":0.`},
		`tune: line 1: field "method": "grid", where this file should hold spsa`: {`"method":"spsa"`, `"method":"grid"`},
	})
	if data, err := os.ReadFile(f.tune); assert.NoError(t, err) {
		// A third iteration of a run of two.
		third := strings.Replace(strings.Replace(lastLine(string(data)), `"iteration":2`, `"iteration":3`, 1), `"games_seed":`, `"x":0,"games_seed":`, 1)
		f.tuneBad[`tune: line 4: iteration 3 of a run of 2 iterations`] = write("tune-bad-third.jsonl", string(data)+third)
	}
	variants(f.grid, "grid-bad-", f.gridBad, map[string][2]string{
		`tune: line 1: field "method": "spsa", where this file should hold grid or random`: {`"method":"grid"`, `"method":"spsa"`},
		`tune: line 2: field "result.games" is 0: no game played`:                          {`"result":{"games":1`, `"result":{"games":0`},
		`tune: line 2: field "theta" has no value of reach`:                                {`"theta":{"reach":1}`, `"theta":{"x":1}`},
	})
	if data, err := os.ReadFile(f.grid); assert.NoError(t, err) {
		fourth := strings.Replace(lastLine(string(data)), `"index":2`, `"index":3`, 1)
		f.gridBad[`tune: line 5: point 3 of a search of 3 points`] = write("grid-bad-fourth.jsonl", string(data)+fourth)
	}
	f.golden = filepath.Join(dir, "golden")
	ok("golden", "record", "tron/small", "--bots", "straight,stupid", "--rounds", "1", "--out", f.golden)
	// Golden folders whose match 0 is damaged (unzipped, to edit it), the
	// want of each the error after the file's name.
	for want, edit := range map[string][2]string{
		`:3: field "actions" holds 1 actions for 2 seats`: {`"turn":1,"actions":["`, `"turn":1,"actions":["x+"],"y":["`},
		`:1: field "bots": 1 bots for 2 seats`:            {`"bots":["straight","stupid"]`, `"bots":["straight"]`},
		`:1: field "params": null or missing`:             {`"params":{`, `"params":null,"x":{`},
	} {
		g := filepath.Join(dir, "golden-bad-"+strconv.Itoa(len(f.goldenBad)))
		ok("golden", "record", "tron/small", "--bots", "straight,stupid", "--rounds", "1", "--gzip=false", "--out", g)
		data, err := os.ReadFile(filepath.Join(g, "match-0.jsonl"))
		require.NoError(t, err)
		require.Contains(t, string(data), edit[0], want)
		write(filepath.Base(g)+"/match-0.jsonl", strings.Replace(string(data), edit[0], edit[1], 1))
		f.goldenBad[want] = g
	}
	f.goldenOther = filepath.Join(dir, "golden-duel")
	ok("golden", "record", "tron/duel", "--bots", "straight,stupid", "--rounds", "1", "--out", f.goldenOther)
	f.trace = filepath.Join(dir, "trace.jsonl")
	ok("play", "tron/small", "--bots", "straight,stupid", "--trace", f.trace)

	data, err := os.ReadFile(f.run)
	require.NoError(t, err)
	header, records, _ := strings.Cut(string(data), "\n")
	for name, edit := range map[string][2]string{
		"matches -1":      {`"matches":4`, `"matches":-1`},
		"matches 1e15":    {`"matches":4`, `"matches":1000000000000000`},
		"matches 5":       {`"matches":4`, `"matches":5`},
		"game chess":      {`"game":"tron"`, `"game":"chess"`},
		"game empty":      {`"game":"tron"`, `"game":""`},
		"seats 0":         {`"seats":2`, `"seats":0`},
		"games -4":        {`"games":4`, `"games":-4`},
		"bots none":       {`"bots":["straight","stupid"]`, `"bots":[]`},
		"bots twice":      {`"bots":["straight","stupid"]`, `"bots":["straight","straight"]`},
		"seed 2^60":       {`"seed":`, `"seed":1152921504606846976,"x":`},
		"format 99":       {`"format":1`, `"format":99`},
		"params an array": {`"params":{`, `"params":[1],"y":{`},
		"games a string":  {`"games":4`, `"games":"four"`},
		"games 0":         {`"games":4`, `"games":0`},
		"schedule monrad": {`"seed":`, `"schedule":"monrad","seed":`},
	} {
		require.Contains(t, header, edit[0], name)
		f.corrupt[name] = write(strings.ReplaceAll(name, " ", "-")+".jsonl", strings.Replace(header, edit[0], edit[1], 1)+"\n"+records)
	}
	// Match 0's record edited so that it is not a match of this run, the
	// want of each the start of the error after the file's name.
	first, rest, _ := strings.Cut(records, "\n")
	for want, edit := range map[string][2]string{
		`:2: match 0: field "game" is "minibus", the header's is "tron"`:                                   {`"game":"tron"`, `"game":"minibus"`},
		`:2: match 0: field "scenario" is "tron/duel"`:                                                     {`"scenario":"tron/small"`, `"scenario":"tron/duel"`},
		`:2: match 0: field "rules_hash" is "0123456789abcdef"`:                                            {`"rules_hash":"`, `"rules_hash":"0123456789abcdef","x":"`},
		`:2: match 0: field "seed" is 123, the run's schedule gives it`:                                    {`"seed":`, `"seed":123,"x":`},
		`:2: match 0: field "bots" is ["stupid","stupid"], the run's schedule seats ["straight","stupid"]`: {`"bots":["straight","stupid"]`, `"bots":["stupid","stupid"]`},
	} {
		require.Contains(t, first, edit[0], want)
		f.stray[want] = write("stray-"+strconv.Itoa(len(f.stray))+".jsonl", header+"\n"+strings.Replace(first, edit[0], edit[1], 1)+"\n"+rest)
	}
	// Match 0's record edited into one no run writes (merge copied such
	// records, and run --resume kept them).
	for want, edit := range map[string][2]string{
		`:2: match 0: field "turns" is -5, not a number of turns`: {`"turns":`, `"turns":-5,"x":`},
		`:2: match 0: 2 bots, 1 places`:                           {`"places":[`, `"places":[1],"y":[`},
		`:2: match 0: seat 0: place 9 is out of range 1..2`:       {`"places":[`, `"places":[9,9],"y":[`},
		`:2: match 0: 2 bots, 3 scores`:                           {`"scores":[`, `"scores":[1,2,3],"y":[`},
		`:2: match 0: fault in seat 7 of 2`:                       {`"faults":[`, `"faults":[{"turn":1,"seat":7,"kind":"invalid","msg":"x"}],"z":[`},
	} {
		require.Contains(t, first, edit[0], want)
		f.damaged[want] = write("damaged-"+strconv.Itoa(len(f.damaged))+".jsonl", header+"\n"+strings.Replace(first, edit[0], edit[1], 1)+"\n"+rest)
	}
	f.longLine = write("long.jsonl", header+"\n"+strings.Repeat("x", 65<<20)+"\n"+records)
	f.notJSON = write("notjson.jsonl", "this is no JSON\n")
	f.empty = write("empty.jsonl", "")
	f.lostHeader = write("lost.jsonl", records)
	f.scenarioBad = write("scenario.json", `{"game":"tron","bots":["stupid"],"games":"many"}`)
	return f
}

func TestCatalogue(t *testing.T) {
	f := makeFixtures(t)
	cases := catalogue(t, f)
	require.GreaterOrEqual(t, len(cases), 150, "the catalogue keeps every kind of bad input")
	// docs/cli.md says how many cases there are: it stays true.
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "cli.md"))
	require.NoError(t, err)
	m := regexp.MustCompile(`holds a case of each \((\d+) in all\)`).FindSubmatch(doc)
	require.NotNil(t, m, "docs/cli.md gives the catalogue's count")
	require.Equal(t, strconv.Itoa(len(cases)), string(m[1]), "docs/cli.md's count of the catalogue's cases")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var before []byte
			if tc.keep != "" {
				var err error
				before, err = os.ReadFile(tc.keep)
				require.NoError(t, err)
			}
			ctx := tc.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			var stdout, stderr bytes.Buffer
			code := Main(ctx, tc.args, &stdout, &stderr)
			msg := stderr.String()
			require.Equal(t, tc.code, code, "arena %s: %s", strings.Join(tc.args, " "), msg)
			require.NotContains(t, msg+stdout.String(), "goroutine ", "a panic")
			if tc.want != "" {
				require.True(t, strings.HasPrefix(msg, "arena: ") && strings.HasSuffix(msg, "\n"), "one line on stderr: %q", msg)
				require.Equal(t, 1, strings.Count(msg, "\n"), "one line on stderr: %q", msg)
				require.Contains(t, msg, tc.want)
				require.LessOrEqual(t, len(msg), 400, "a line, not a dump: %q", msg)
			}
			if tc.keep != "" {
				after, err := os.ReadFile(tc.keep)
				require.NoError(t, err)
				require.Equal(t, before, after, "%s lost what it held", tc.keep)
			}
			if tc.absent != "" {
				require.NoFileExists(t, tc.absent, "nothing is created for a refused command")
			}
		})
	}
}

// catalogue lists the cases; names are unique.
func catalogue(t *testing.T, f *catalogueFixtures) []catalogueCase {
	var cs []catalogueCase
	add := func(c catalogueCase) { cs = append(cs, c) }
	bad := func(name, want string, args ...string) {
		add(catalogueCase{name: name, args: args, code: ExitBadInput, want: want})
	}
	// out is an output no case writes: each refused case leaves it absent.
	out := filepath.Join(f.dir, "never-written")

	// Every command: a flag it does not have, and its help.
	for _, c := range commands {
		if c.short == "" {
			continue
		}
		bad(c.name+": an unknown flag", "unknown flag: --nosuch", c.name, "--nosuch")
		add(catalogueCase{name: c.name + ": --help", args: []string{c.name, "--help"}, code: ExitOK})
	}
	bad("an unknown command", `unknown command "nosuch"`, "nosuch")
	bad("help of an unknown command", `help: unknown command "nosuch"`, "help", "nosuch")
	bad("list: an unknown kind", `unknown kind "nosuch"`, "list", "nosuch")
	bad("list games of a game", "list games: takes no game", "list", "games", "tron")
	bad("list: an unknown game", `unknown game "chess"`, "list", "bots", "chess")
	bad("list: a bad --format", `--format: "yaml"`, "list", "-f", "yaml")
	bad("version: an argument", "version: takes no argument", "version", "x")
	bad("completion: no shell", "completion: name one shell", "completion")
	bad("completion: an unknown shell", `"tcsh" is not bash, zsh or fish`, "completion", "tcsh")
	bad("golden: no action", "golden: say record or check", "golden")
	bad("golden: an unknown action", `unknown action "redo"`, "golden", "redo")
	for _, c := range []struct{ name, want, game, lang string }{
		{"init: an unknown game", `init: unknown game "chess"`, "chess", "python"},
		{"init: an unknown language", `init: --lang: unknown language "rust"`, "tron", "rust"},
	} {
		add(catalogueCase{name: c.name, args: []string{"init", c.game, out, "--lang", c.lang}, code: ExitBadInput, want: c.want, absent: out})
	}
	bad("init: a folder that holds files", "init: "+f.dir+" is not empty", "init", "tron", f.dir)

	// Numbers that are no numbers, or out of range.
	for _, n := range []struct{ cmd, flag, value, want string }{
		{"run", "--games", "abc", `--games: "abc" is not a whole number`},
		{"run", "--games", "0", "--games: 0 is not a whole number from 1"},
		{"run", "--games", "-3", "--games: -3 is not a whole number from 1"},
		{"run", "--games", "99999999999999999999", `--games: "99999999999999999999" is out of range`},
		{"run", "--seed", "-1", `--seed: "-1" is not a whole number from 0`},
		{"run", "--seed", "x", `--seed: "x" is not a whole number from 0`},
		{"run", "-j", "-1", "--jobs: -1 is not a whole number from 0 to 1024"},
		{"run", "-j", "1000000", "--jobs: 1000000 is not a whole number from 0 to 1024"},
		{"run", "-j", "two", `--jobs: "two" is not a whole number`},
		{"run", "--bootstrap", "-1", "--bootstrap: -1 is not a whole number from 0"},
		{"run", "--bootstrap", "1000001", "--bootstrap: 1000001 is not a whole number from 0"},
		{"run", "--bootstrap", "1.5", `--bootstrap: "1.5" is not a whole number`},
		{"run", "--move-timeout", "-1s", "--move-timeout: -1s is negative"},
		{"run", "--move-timeout", "5", `--move-timeout: "5" is not a duration`},
		{"run", "--days", "0", "--days: only a championship has days"},
		{"run", "--max-faults", "abc", `--max-faults: "abc" is not a number of faults`},
		{"run", "--max-faults", "101%", `--max-faults: "101%" is more than 100%`},
		{"run", "--max-faults", "-1", `--max-faults: "-1" is negative`},
		{"run", "--h2h=maybe", "", `--h2h: "maybe" is not true or false`},
		{"sprt", "--elo0", "abc", `--elo0: "abc" is not a number`},
		{"sprt", "--max-games", "1", "--max-games: 1 is not a whole number from 2"},
		{"sprt", "-j", "1025", "--jobs: 1025 is not a whole number from 0 to 1024"},
		{"tune", "--iterations", "0", "--iterations: 0 is not a whole number from 1"},
		{"tune", "--pairs-per-iter", "0", "--pairs-per-iter: 0 is not a whole number from 1"},
		{"tune", "--c", "-1", "--c: -1 is not a share of each range"},
		{"tune", "--c", "0.9", "--c: 0.9 is not a share of each range"},
		{"tune", "--a", "-1", "--a: -1 is not a positive gain"},
		{"tune", "-j", "2000", "--jobs: 2000 is not a whole number from 0 to 1024"},
		{"bench", "--time", "0", "--time: 0s is not a positive duration"},
		{"bench", "--time", "soon", `--time: "soon" is not a duration`},
		{"bench", "-j", "-2", "--jobs: -2 is not a whole number from 0 to 1024"},
		{"diff-rules", "-j", "-1", "--jobs: -1 is not a whole number from 0 to 1024"},
		{"diff-rules", "--games", "0", "--games: 0 is not a whole number from 1"},
		{"golden", "--rounds", "0", "--rounds: 0 is not a whole number from 1"},
		{"play", "--match", "x", `--match: "x" is not a whole number`},
		{"report", "--bootstrap", "-2", "--bootstrap: -2 is not a whole number from 0"},
		{"rate", "--bootstrap", "abc", `--bootstrap: "abc" is not a whole number`},
	} {
		args := []string{n.cmd}
		switch n.cmd {
		case "run", "bench", "diff-rules":
			args = append(args, "tron/small")
		case "sprt":
			args = append(args, "tron/small", "--candidate", "strong:work=200", "--baseline", "straight")
		case "tune":
			args = append(args, "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--self", "--out", out)
		case "golden":
			args = append(args, "record", "tron/small", "--out", out)
		case "play":
			args = append(args, "--from", f.run)
		case "report":
			args = append(args, f.run, "-o", out)
		case "rate":
			args = append(args, f.run)
		}
		if n.value == "" {
			bad(n.cmd+" "+n.flag, n.want, append(args, n.flag)...)
			continue
		}
		bad(n.cmd+" "+n.flag+" "+n.value, n.want, append(args, n.flag, n.value)...)
	}

	// What to play: games, scenarios, bots, parameters.
	bad("an unknown game", `--game: unknown game "chess"`, "run", "--game", "chess")
	bad("an unknown scenario", `unknown scenario "tron/huge"`, "run", "tron/huge")
	bad("two scenarios", "takes at most one scenario", "run", "tron/small", "tron/duel")
	bad("a scenario file that is no scenario", f.scenarioBad, "run", f.scenarioBad)
	bad("a scenario from /dev/zero", "/dev/zero: larger than", "run", "/dev/zero")
	bad("diff-rules --b-scenario that is no scenario", "--b-scenario "+f.scenarioBad+": ", "diff-rules", "tron/small", "--b-scenario", f.scenarioBad)
	bad("diff-rules --b-scenario missing", "--b-scenario "+filepath.Join(f.dir, "nosuch.json")+": no such file", "diff-rules", "tron/small", "--b-scenario", filepath.Join(f.dir, "nosuch.json"))
	bad("an unknown bot", `unknown bot "deep"`, "run", "tron/small", "--bots", "deep,stupid")
	bad("an unknown bot argument", "param nosuch: unknown parameter", "run", "--bot", "strong:nosuch=1", "--bots", "stupid")
	bad("a bot argument out of range", "param reach: 0 is out of range", "run", "--bot", "strong:reach=0", "--bots", "stupid")
	bad("a bot argument of the wrong kind", `param reach:`, "run", "--bot", "strong:reach=far", "--bots", "stupid")
	bad("an unknown parameter", "--param nosuch: unknown parameter", "run", "--param", "nosuch=1")
	bad("a parameter of the wrong kind", `--param width: "abc" is not a whole number`, "run", "--param", "width=abc")
	bad("a parameter out of range", "--param width", "run", "--param", "width=0")
	bad("too few bots for the seats", "a 4-seat game needs at least 4 bots", "run", "tron/ffa4", "--bots", "strong")
	bad("an empty bot name", "--bots stupid,,random: name 2 is empty", "run", "--bots", "stupid,,random")
	bad("a map from /dev/zero", "--param map: /dev/zero: larger than", "run", "--game", "vampires", "--param", "map=/dev/zero")
	bad("a map that is another file", `unexpected text "keep"`, "run", "--game", "vampires", "--param", "map="+filepath.Join(f.dir, "keep.txt"))
	bad("a script from /dev/zero", "script:file=/dev/zero: /dev/zero: larger than", "play", "--bot", "script:file=/dev/zero", "--bot", "stupid")
	bad("a missing script", "script:file="+f.missing, "play", "--bot", "script:file="+f.missing, "--bot", "stupid")
	bad("a script of another game", `"straight" is not a direction`, "play", "--bot", "script:file="+f.keepScript(t), "--bot", "stupid")
	bad("an exec bot with no program", "param cmd: required", "play", "--bot", "exec", "--bot", "stupid")
	bad("an exec bot whose program is missing", "param cmd:", "play", "--bot", "exec:cmd=/no/such/program", "--bot", "stupid")
	bad("an exec bot's bad timeout", `param timeout: "soon" is not a positive duration`, "play", "--bot", "exec:cmd=sh,timeout=soon", "--bot", "stupid")
	bad("an exec bot's bad startup", `param startup: "never" is not a positive duration`, "play", "--bot", "exec:cmd=sh,startup=never", "--bot", "stupid")
	bad("an http bot's bad address", `param url:`, "play", "--bot", "http:url=ftp://x", "--bot", "stupid")
	// Bots that break the protocol: the run goes on, one line names each.
	flood := filepath.Join(f.dir, "flood.sh")
	require.NoError(t, os.WriteFile(flood, []byte("#!/bin/sh\nread start\nread t\nhead -c 65537 /dev/zero | tr '\\0' 0\necho\n"), 0o755))
	faulty := func(name, want string, spec string) {
		add(catalogueCase{name: name, args: []string{"run", "tron/small", "--bot", spec, "--bots", "straight", "--games", "1", "--bootstrap", "0"}, code: ExitOK, want: want})
	}
	faulty("an answer line over 64 KiB", "flood: 2 faults in 2 matches — 2 no-answer", "exec:cmd="+flood+",name=flood")
	web := func(answer func(w http.ResponseWriter, r *http.Request)) string {
		srv := httptest.NewServer(http.HandlerFunc(answer))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	elsewhere := web(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(`{"play":"x+"}`)) })
	moved := web(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere, http.StatusTemporaryRedirect)
	})
	faulty("an http bot that redirects", "moved: 2 faults in 2 matches — 2 invalid", "http:url="+moved+",name=moved")
	wrongCase := web(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(`{"Play":"x+"}`)) })
	faulty("an http bot's answer key in another case", "cased: 2 faults in 2 matches — 2 invalid", "http:url="+wrongCase+",name=cased")
	bad("--seeds from /dev/zero", "--seeds: /dev/zero: larger than", "run", "tron/small", "--seeds", "/dev/zero")
	bad("--seeds that are no seeds", "--seeds "+f.keep+":1: \"keep\" is not a seed", "run", "tron/small", "--seeds", f.keep)
	bad("--anchor a bot not there", `--anchor: "deep" is not one of the bots`, "run", "tron/small", "--anchor", "deep")
	bad("--anchor a bad Elo", `--anchor straight=high: "high" is not an Elo value`, "run", "tron/small", "--anchor", "straight=high")
	bad("--anchor a bot with arguments, cut wrong", `--anchor: "coin:elo" is not one of the bots`, "run", "coin/duel", "--anchor", "coin:elo=5")
	add(catalogueCase{name: "--anchor a bot with arguments", args: []string{"run", "coin/duel", "--games", "4", "--bootstrap", "0", "--anchor", "coin:elo=-200"}, code: ExitOK})
	bad("--schedule unknown", `--schedule: unknown schedule "monrad"`, "run", "tron/small", "--schedule", "monrad")
	bad("--candidate without a gauntlet", "--candidate: only a gauntlet has a candidate", "run", "tron/small", "--candidate", "strong")
	bad("--rating unknown", "--rating", "run", "tron/small", "--rating", "glicko")
	bad("--format unknown", "--format", "run", "tron/small", "--format", "yaml")
	bad("--shard malformed", `--shard: "1/0" is not K/N`, "run", "tron/small", "--shard", "1/0")
	bad("--shard and --shard-from-env", "--shard and --shard-from-env: give one of them", "run", "tron/small", "--shard", "1/2", "--shard-from-env")
	bad("--shard-from-env without a batch system", "--shard-from-env: neither JOB_COMPLETION_INDEX", "run", "tron/small", "--shard-from-env")
	bad("--resume without --out", "--resume: give the file to continue with --out", "run", "tron/small", "--resume")
	bad("--resume with --force", "--resume keeps the --out file and --force overwrites it", "run", "tron/small", "--out", out, "--resume", "--force")
	bad("--progress with --quiet", "--progress and --quiet: give one of them", "run", "tron/small", "--progress", "--quiet")
	bad("sprt without a baseline", "sprt: give the bots with --candidate SPEC and --baseline SPEC", "sprt", "tron/small", "--candidate", "strong")
	bad("sprt elo0 above elo1", "--elo0 10 is not below --elo1 5", "sprt", "tron/small", "--candidate", "strong", "--baseline", "stupid", "--elo0", "10", "--elo1", "5")
	bad("sprt alpha 0", "--alpha: 0 is not in (0, 0.5]", "sprt", "tron/small", "--candidate", "strong", "--baseline", "stupid", "--alpha", "0")
	bad("sprt elo1 out of range", "--elo1: 1e+308 is outside [-1000, 1000]", "sprt", "tron/small", "--candidate", "strong", "--baseline", "stupid", "--elo1", "1e308")
	bad("sprt an unknown model", "--model", "sprt", "tron/small", "--candidate", "strong", "--baseline", "stupid", "--model", "bayes")
	bad("tune without a bot", "tune: give the bot to tune with --bot SPEC", "tune", "tron/small")
	bad("tune without arguments", "tune: give the arguments to tune with --tune", "tune", "tron/small", "--bot", "strong")
	bad("tune without opponents", "tune: give either --self", "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--out", out)
	bad("tune an argument twice", "--tune reach,reach: given twice", "tune", "tron/small", "--bot", "strong", "--tune", "reach,reach", "--self", "--out", out)
	bad("tune an argument it lacks", `--tune speed: strong has no argument "speed" (tunable: depth, work, reach,`, "tune", "tron/small", "--bot", "strong", "--tune", "speed", "--self", "--out", out)
	bad("tune a bot with no argument", `--tune reach: stupid has no argument "reach" (tunable: none)`, "tune", "tron/small", "--bot", "stupid", "--tune", "reach", "--self", "--out", out)
	bad("tune an argument given a range", "--tune reach=1..50: give the argument's name alone; each is tuned over its own range (arena list params tron)", "tune", "tron/small", "--bot", "strong", "--tune", "reach=1..50", "--self", "--out", out)
	bad("tune an unknown method", `--method: "anneal" is not spsa, grid or random`, "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--out", out, "--method", "anneal")
	bad("tune a grid of no point", "--points: 0 is not a whole number from 1", "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--opponents", "stupid", "--out", out, "--method", "grid", "--points", "0")
	bad("tune a random search of -3 points", "--points: -3 is not a whole number from 1", "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--opponents", "stupid", "--out", out, "--method", "random", "--points", "-3")
	bad("tune --resume with other settings", "pairs: 1 → 3", "tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--iterations", "2", "--pairs-per-iter", "3", "--out", f.tune, "--resume")
	bad("tune --resume of a run's records", "this is a run's records", "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--out", f.run, "--resume")
	bad("golden record without --out", "golden record: give the folder to write with --out DIR", "golden", "record", "tron/small")
	bad("golden record into a file", "is a file; name a folder", "golden", "record", "tron/small", "--out", f.keep)
	bad("golden record over goldens", "holds golden files already", "golden", "record", "tron/small", "--out", f.golden)
	bad("golden record into /proc", "--out /proc/g:", "golden", "record", "tron/small", "--rounds", "1", "--out", "/proc/g")
	bad("golden record under a file", "--out "+f.keep+"/g:", "golden", "record", "tron/small", "--rounds", "1", "--out", f.keep+"/g")
	bad("golden check of no folder", "golden check: give one folder", "golden", "check")
	bad("golden check of an empty folder", "no golden file", "golden", "check", f.emptyDir)
	bad("golden check of a missing folder", f.missing, "golden", "check", f.missing)
	if data, err := os.ReadFile(filepath.Join(f.golden, "match-0.jsonl.gz")); assert.NoError(t, err) {
		// A folder holding match 0 twice: gzipped and not.
		twice := filepath.Join(f.dir, "golden-twice")
		require.NoError(t, os.MkdirAll(twice, 0o755))
		for _, name := range []string{"match-0.jsonl.gz", "match-0.jsonl"} {
			body := data
			if name == "match-0.jsonl" {
				zr, err := gzip.NewReader(bytes.NewReader(data))
				require.NoError(t, err)
				body, err = io.ReadAll(zr)
				require.NoError(t, err)
			}
			require.NoError(t, os.WriteFile(filepath.Join(twice, name), body, 0o644))
		}
		bad("golden check of a folder holding a match twice", twice+": match 0 twice, match-0.jsonl and match-0.jsonl.gz: keep one", "golden", "check", twice)
		add(catalogueCase{name: "golden record over a folder holding a match twice", code: ExitBadInput, keep: filepath.Join(twice, "match-0.jsonl"),
			want: "holds golden files already", args: []string{"golden", "record", "tron/small", "--out", twice}})
	}
	for want, g := range f.goldenBad {
		path := filepath.Join(g, "match-0.jsonl")
		bad("golden check of a damaged file: "+want, path+want, "golden", "check", g)
		add(catalogueCase{name: "golden check --update of a damaged file: " + want, code: ExitBadInput, want: path + want, keep: path,
			args: []string{"golden", "check", "--update", g}})
	}
	bad("golden check --update in record", "--update: only golden check rewrites files", "golden", "record", "tron/small", "--out", out, "--update")

	// Files a command reads: missing, a folder, endless, empty, another
	// kind of file, damaged.
	for _, reader := range []struct {
		name string
		args func(path string) []string
	}{
		{"rate", func(p string) []string { return []string{"rate", p} }},
		{"merge", func(p string) []string { return []string{"merge", p, "--out", out} }},
		{"report", func(p string) []string { return []string{"report", p, "-o", out} }},
		{"play --from", func(p string) []string { return []string{"play", "--from", p, "--match", "0"} }},
		{"run --resume", func(p string) []string {
			return []string{"run", "tron/small", "--bots", "straight,stupid", "--games", "4", "--out", p, "--resume"}
		}},
	} {
		for _, in := range []struct{ name, path, want string }{
			{"a missing file", f.missing, "no such file"},
			{"a folder", f.emptyDir, f.emptyDir},
			{"/dev/zero", "/dev/zero", "/dev/zero"},
			{"an empty file", f.empty, "empty file: no header line"},
			{"no JSON", f.notJSON, "not valid JSON"},
			{"a line of 65 MB", f.longLine, "longer than"},
			{"a file that lost its header", f.lostHeader, "the file has lost its header line"},
			{"a tuning run's file", f.tune, "tuning run"},
			{"a golden trace", filepath.Join(f.golden, "tron-small-0.jsonl.gz"), ""},
		} {
			if in.want == "" {
				continue // the golden file's name is the record's
			}
			if reader.name == "run --resume" && (in.path == f.missing || in.path == f.emptyDir || in.path == "/dev/zero") {
				continue // a missing file starts afresh; a folder and a device are other cases
			}
			if reader.name == "run --resume" && in.path == f.empty {
				in.want = "no whole line: not a results file"
			}
			if reader.name == "report" && in.path == f.tune {
				continue // report reads tuning files
			}
			bad(reader.name+": "+in.name, in.want, reader.args(in.path)...)
		}
	}
	// A header whose parameters this build refuses: rate and merge never
	// use them, a replay does, and names the file's header line.
	if data, err := os.ReadFile(f.run); assert.NoError(t, err) {
		path := filepath.Join(f.dir, "params-width-0.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), `"width":11`, `"width":0`, 1)), 0o644))
		want := path + `:1: header field "params": param width: 0 is out of range 1..4096`
		bad("report --replay of a header whose params this build refuses", want, "report", path, "--replay", "1", "-o", out)
		bad("play --from a header whose params this build refuses", want, "play", "--from", path, "--match", "1")
	}
	for name, path := range f.corrupt {
		want := "header field"
		switch name {
		case "game chess":
			want = `unknown game "chess"`
		case "matches 5":
			want = path + `:1: header field "matches": 5, but its schedule plans 4 matches`
		case "games 0":
			want = path + `:1: the header's tron/small: games: 0 is not a positive number`
		case "schedule monrad":
			want = path + `:1: header field "schedule": "monrad" is not one this arena writes`
		case "format 99":
			want = "format 99 is not one this arena reads"
		case "params an array":
			want = `field "params" is an array, want an object`
		case "games a string":
			want = `field "games" is a string, want a whole number`
		}
		bad("rate: a header with "+name, want, "rate", path)
		if name == "matches -1" || name == "game chess" || name == "matches 1e15" || name == "matches 5" || name == "schedule monrad" {
			bad("report: a header with "+name, want, "report", path, "-o", out)
			bad("merge: a header with "+name, want, "merge", path, "--out", out)
		}
	}
	for want, path := range f.stray {
		name := "a record of another run: " + strings.Fields(want)[4]
		bad("rate: "+name, path+want, "rate", path)
		bad("merge: "+name, path+want, "merge", path, "--out", out)
		bad("report: "+name, path+want, "report", path, "-o", out)
		add(catalogueCase{name: "run --resume: " + name, code: ExitBadInput, want: path + want, keep: path,
			args: []string{"run", "tron/small", "--bots", "straight,stupid", "--games", "4", "--bootstrap", "0", "--out", path, "--resume"}})
	}
	for want, path := range f.tuneBad {
		name := "a damaged tune file: " + want
		if !strings.Contains(want, `"method"`) { // report reads a file as its method says
			bad("report: "+name, path+": "+want, "report", path, "-o", out)
		}
		add(catalogueCase{name: "tune --resume: " + name, code: ExitBadInput, want: path + ": " + want, keep: path,
			args: []string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--iterations", "2", "--pairs-per-iter", "1", "--out", path, "--resume"}})
	}
	if typo := f.tuneBad[`tune: line 1: field "iterations": 0 is not a number`]; typo != "" {
		// A header field of the wrong kind, in the user's words, not Go's.
		data, err := os.ReadFile(typo)
		require.NoError(t, err)
		path := filepath.Join(f.dir, "tune-iterations-a-string.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(strings.Replace(string(data), `"iterations":0`, `"iterations":"x"`, 1)), 0o644))
		bad("report: a tune header's field of the wrong kind", path+`:1: field "iterations" is a string, want a whole number`, "report", path, "-o", out)
		add(catalogueCase{name: "tune --resume: a tune header's field of the wrong kind", code: ExitBadInput, keep: path,
			want: path + `: tune: line 1: field "iterations" is a string, want a whole number`,
			args: []string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--iterations", "2", "--pairs-per-iter", "1", "--out", path, "--resume"}})
	}
	for want, path := range f.gridBad {
		name := "a damaged grid file: " + want
		if !strings.Contains(want, `"method"`) { // report reads a file as its method says
			bad("report: "+name, path+": "+want, "report", path, "-o", out)
		}
		add(catalogueCase{name: "tune --resume: " + name, code: ExitBadInput, want: path + ": " + want, keep: path,
			args: []string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--opponents", "straight", "--method", "grid", "--points", "3", "--pairs-per-iter", "1", "--out", path, "--resume"}})
	}
	for want, path := range f.damaged {
		name := "a damaged record: " + want[len(":2: match 0: "):]
		bad("rate: "+name, path+want, "rate", path)
		bad("merge: "+name, path+want, "merge", path, "--out", out)
		bad("report: "+name, path+want, "report", path, "-o", out)
		add(catalogueCase{name: "run --resume: " + name, code: ExitBadInput, want: path + want, keep: path,
			args: []string{"run", "tron/small", "--bots", "straight,stupid", "--games", "4", "--bootstrap", "0", "--out", path, "--resume"}})
	}
	add(catalogueCase{name: "rate of one shard", args: []string{"rate", f.shard1}, code: ExitOK})
	bad("merge of one shard", "the run has 2 shards; missing: 2", "merge", f.shard1, "--out", out)
	bad("report --traces of another scenario", "under other rules", "report", f.run, "--traces", f.goldenOther, "-o", out)
	bad("report --traces of no trace", "no trace there", "report", f.run, "--traces", f.emptyDir, "-o", out)
	bad("report --replay of a match it lacks", "--replay 99: the run has no record of match 99", "report", f.run, "--replay", "99", "-o", out)
	bad("report of a tuning run with --traces", "--traces, --replay: a tune file has no matches to replay", "report", f.tune, "--traces", f.golden, "-o", out)
	bad("report with no -o", "report: give the page's file with -o FILE", "report", f.run)
	bad("report --replay of no number", `--replay: "1,x" is not a comma-separated list of whole numbers`, "report", f.run, "--replay", "1,x", "-o", out)
	bad("report -o one of its inputs", "--out "+f.run, "report", f.run, "-o", f.run, "--force")
	bad("merge --out one of its inputs", "is one of the files to merge", "merge", f.run, "--out", f.run, "--force")
	bad("merge without --out", "merge: give the merged file with --out FILE", "merge", f.run)
	bad("play --from without --match", "--match", "play", "--from", f.run)
	bad("play --from a match the run lacks", "99", "play", "--from", f.run, "--match", "99")
	bad("rate of nothing", "give the results files of one run", "rate")
	bad("run --sandbox on, its value apart", "on: no such file or directory (a flag whose value is optional takes it with =: --sandbox=off)", "run", "--sandbox", "on", "--bots", "straight,stupid")
	bad("run SCENARIO --sandbox off, its value apart", "got tron/small off (a flag whose value is optional takes it with =", "run", "tron/small", "--sandbox", "off")
	bad("rate --max-faults of no number", `--max-faults: "x"`, "rate", f.run, "--max-faults", "x")

	// Outputs: a folder, a file already there, a place that cannot hold
	// one, two outputs on one file.
	for _, o := range []struct {
		name string
		args func(path string) []string
		flag string
	}{
		{"run --out", func(p string) []string { return []string{"run", "tron/small", "--out", p} }, "--out"},
		{"sprt --out", func(p string) []string {
			return []string{"sprt", "tron/small", "--candidate", "strong:work=200", "--baseline", "stupid", "--max-games", "10", "--out", p}
		}, "--out"},
		{"sprt --junit", func(p string) []string {
			return []string{"sprt", "tron/small", "--candidate", "strong:work=200", "--baseline", "stupid", "--max-games", "10", "--junit", p}
		}, "--junit"},
		{"play --out", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "stupid,straight", "--out", p}
		}, "--out"},
		{"play --trace", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "stupid,straight", "--trace", p}
		}, "--trace"},
		{"play --html", func(p string) []string {
			return []string{"play", "tron/small", "--bots", "stupid,straight", "--html", p}
		}, "--html"},
		{"tune --out", func(p string) []string {
			return []string{"tune", "tron/small", "--bot", "strong:work=200", "--tune", "reach", "--self", "--iterations", "1", "--pairs-per-iter", "1", "--out", p}
		}, "--out"},
		{"merge --out", func(p string) []string { return []string{"merge", f.run, "--out", p} }, "--out"},
		{"report -o", func(p string) []string { return []string{"report", f.run, "-o", p} }, "--out"},
	} {
		bad(o.name+": a folder", o.flag+" "+f.emptyDir+": is a directory; name a file", o.args(f.emptyDir)...)
		bad(o.name+": a folder, --force", o.flag+" "+f.emptyDir+": is a directory; name a file", append(o.args(f.emptyDir), "--force")...)
		add(catalogueCase{name: o.name + ": a file there", args: o.args(f.keep), code: ExitBadInput,
			want: o.flag + " " + f.keep + ": the file exists; pass --force", keep: f.keep})
		nowhere := filepath.Join(f.missing, "x")
		add(catalogueCase{name: o.name + ": in a folder that is not there", args: append(o.args(nowhere), "--force"), code: ExitBadInput,
			want: o.flag + " " + nowhere + ": no folder " + f.missing + " to write it in", absent: nowhere})
	}
	// An output written only at the end that cannot be written is refused
	// before anything is played or written: the other outputs were left,
	// full, by a command that then failed.
	early := filepath.Join(f.dir, "early.jsonl")
	nowhere := filepath.Join(f.missing, "x")
	add(catalogueCase{name: "play --trace with an --html that cannot be written", code: ExitBadInput, absent: early,
		want: "--html " + nowhere + ".html: no folder " + f.missing + " to write it in",
		args: []string{"play", "tron/small", "--bots", "stupid,straight", "--trace", early, "--html", nowhere + ".html"}})
	add(catalogueCase{name: "play --out with an --html that cannot be written", code: ExitBadInput, absent: early,
		want: "--html " + nowhere + ".html: no folder " + f.missing + " to write it in",
		args: []string{"play", "tron/small", "--bots", "stupid,straight", "--out", early, "--html", nowhere + ".html"}})
	add(catalogueCase{name: "sprt --out with a --junit that cannot be written", code: ExitBadInput, absent: early,
		want: "--junit " + nowhere + ".xml: no folder " + f.missing + " to write it in",
		args: []string{"sprt", "tron/small", "--candidate", "strong:work=200", "--baseline", "stupid", "--max-games", "10", "--out", early, "--junit", nowhere + ".xml"}})
	// More bots than a rating keeps pairs of: refused before any plan is
	// made (20,000 took 12 GB and a minute to be told of a shard).
	many := strings.TrimSuffix(strings.Repeat("coin,", sim.MaxEntrants+1), ",")
	bad("run of too many bots", fmt.Sprintf("--bots: %d bots, at most %d", sim.MaxEntrants+1, sim.MaxEntrants), "run", "coin/duel", "--bots", many, "--out", out)
	if data, err := os.ReadFile(f.run); assert.NoError(t, err) {
		header, records, _ := strings.Cut(string(data), "\n")
		bots := `["straight",` + strings.Repeat(`"coin",`, sim.MaxEntrants) + `"stupid"]`
		path := filepath.Join(f.dir, "too-many-bots.jsonl")
		require.NoError(t, os.WriteFile(path, []byte(strings.Replace(header, `["straight","stupid"]`, bots, 1)+"\n"+records), 0o644))
		bad("rate of a header of too many bots", fmt.Sprintf(`header field "bots": %d entrants, at most %d`, sim.MaxEntrants+2, sim.MaxEntrants), "rate", path)
	}
	bad("a parameter given twice", "--param width: given twice", "play", "tron/small", "--bots", "stupid,straight", "--param", "width=30", "--param", "width=40")
	bad("run --out under a file", "--out "+f.keep+"/x.jsonl: not a directory", "run", "tron/small", "--bots", "stupid,straight", "--out", f.keep+"/x.jsonl")
	bad("sprt --opponents empty", "--opponents: empty value", "sprt", "coin/duel", "--candidate", "coin:elo=30", "--baseline", "coin", "--opponents", "", "--max-games", "10", "--out", out)
	bad("tune --opponents empty", "--opponents: empty value", "tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--opponents", "", "--out", out)
	// One file, spelt two ways.
	sameA, sameB := filepath.Join(f.dir, "same.xml"), f.dir+"/./same.xml"
	add(catalogueCase{name: "sprt --out and --junit on one file", args: []string{"sprt", "tron/small", "--candidate", "strong:work=200", "--baseline", "stupid",
		"--max-games", "10", "--out", sameA, "--junit", sameB}, code: ExitBadInput, want: "are the same file", absent: sameA})
	add(catalogueCase{name: "play --out and --trace on one file", args: []string{"play", "tron/small", "--bots", "stupid,straight", "--out", sameB, "--trace", sameA},
		code: ExitBadInput, want: "are the same file", absent: sameA})

	// arena reads its own files: a play's --out is the run of its one
	// match (rate and report refused it as a damaged round robin).
	for _, p := range []struct{ name, path string }{{"a play's file", f.played}, {"an older play's file", f.playedOlder}} {
		add(catalogueCase{name: "rate of " + p.name, args: []string{"rate", p.path}, code: ExitOK})
		add(catalogueCase{name: "report of " + p.name, args: []string{"report", p.path, "-o", p.path + ".html"}, code: ExitOK})
	}

	// Ctrl-C before the work: exit 130, nothing written.
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	merged := filepath.Join(f.dir, "merged-cancelled.jsonl")
	add(catalogueCase{name: "merge interrupted", args: []string{"merge", f.run, "--out", merged}, code: ExitInterrupted,
		want: "interrupted", absent: merged, ctx: cancelled})
	add(catalogueCase{name: "rate interrupted", args: []string{"rate", f.run}, code: ExitInterrupted, want: "interrupted", ctx: cancelled})

	names := map[string]bool{}
	for _, c := range cs {
		require.False(t, names[c.name], "two cases named %q", c.name)
		names[c.name] = true
	}
	return cs
}

// keepScript is a script of actions of no game of arena's.
func (f *catalogueFixtures) keepScript(t *testing.T) string {
	p := filepath.Join(f.dir, "other-game.txt")
	require.NoError(t, os.WriteFile(p, []byte("straight\n"), 0o644))
	return p
}

// lastLine returns the last line of a file's text, with its newline.
func lastLine(text string) string {
	body := strings.TrimSuffix(text, "\n")
	return body[strings.LastIndexByte(body, '\n')+1:] + "\n"
}

// TestFailedWriteKeepsALinkOrDevice: an output whose writing fails (a full
// disk, here /dev/full through a symbolic link, written over with --force)
// is exit 4, and what is removed so that no half file is left is never the
// user's link or device: merge and sprt --junit removed it.
func TestFailedWriteKeepsALinkOrDevice(t *testing.T) {
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Skip("no /dev/full here")
	}
	dir := t.TempDir()
	run := filepath.Join(dir, "run.jsonl")
	code, _, stderr := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--bootstrap", "0", "-q", "--out", run)
	require.Zero(t, code, stderr)
	for name, args := range map[string][]string{
		"merge.jsonl": {"merge", run, "--force", "--out"},
		"junit.xml":   {"sprt", "coin/duel", "--candidate", "coin:elo=300", "--baseline", "coin", "-q", "--force", "--junit"},
	} {
		link := filepath.Join(dir, name)
		require.NoError(t, os.Symlink("/dev/full", link))
		code, _, stderr := arena(t, append(args, link)...)
		require.Equal(t, ExitInternal, code, "%s: %s", name, stderr)
		require.Contains(t, stderr, "no space left on device", name)
		fi, err := os.Lstat(link)
		require.NoError(t, err, "%s: the link is gone", name)
		require.NotZero(t, fi.Mode()&os.ModeSymlink, name)
	}
}

// TestNumbersAreDecimal: whole-number flags and seeds read decimal (and a
// seed 0x… hexadecimal), as the docs write them, not Go's prefixes: a
// zero-padded --games 010 or seed 010 is ten, never octal eight, and
// 0b…, 0o… and 1_000 are refused.
func TestNumbersAreDecimal(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(dir, "seeds.txt")
	require.NoError(t, os.WriteFile(seeds, []byte("010\n0x10\n007\n"), 0o644))
	out := filepath.Join(dir, "r.jsonl")
	code, stdout, stderr := arena(t, "run", "tron/small", "--bots", "stupid,straight", "--games", "010", "--bootstrap", "0", "--seed", "010", "--out", out)
	require.Zero(t, code, stderr)
	require.Contains(t, stdout, "10 matches")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"games":10,"matches":10,"seed":10`)
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "stupid,straight", "--seeds", seeds, "--bootstrap", "0", "--out", out, "--force")
	require.Zero(t, code, stderr)
	data, err = os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"seeds":[10,16,7]`)
	for _, bad := range [][]string{{"--games", "0b11"}, {"--games", "1_0"}, {"--games", "0o7"}, {"-j", "0x2"}, {"--seed", "0b11"}, {"--bootstrap", "0x10"}} {
		code, _, stderr := arena(t, append([]string{"run", "tron/small", "--bots", "stupid,straight", "-q"}, bad...)...)
		require.Equal(t, ExitBadInput, code, "%v: %s", bad, stderr)
		require.Contains(t, stderr, fmt.Sprintf("%q is not a whole number", bad[1]), bad)
	}
	require.NoError(t, os.WriteFile(seeds, []byte("0b101\n"), 0o644))
	code, _, stderr = arena(t, "run", "tron/small", "--bots", "stupid,straight", "--seeds", seeds, "-q")
	require.Equal(t, ExitBadInput, code, stderr)
	require.Contains(t, stderr, `"0b101" is not a seed`)
}
