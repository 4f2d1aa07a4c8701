package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBadInputIsOneExactLine runs arena on bad input of every kind the
// input rules name — files too large, scenario files with a key twice,
// malformed JSON in --param, empty flag values, a script line too long —
// and checks the whole of stderr: one line, and exit code 2.
func TestBadInputIsOneExactLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, body []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, body, 0o644))
		return p
	}
	hugeScenario := write("huge.json", []byte(`{"game":"tron"}`+strings.Repeat(" ", 1<<20)))
	dupKey := write("dup.json", []byte(`{"game":"tron","game":"minibus"}`))
	dupNested := write("nested.json", []byte("{\"game\": \"tron\",\n \"params\": {\"width\": 5, \"width\": 6}}"))
	longLine := write("long.txt", []byte("x+\n"+strings.Repeat("x", 1<<16+1)+"\n"))
	type tc struct {
		name string
		args []string
		want string
	}
	cases := []tc{
		{"huge scenario file", []string{"run", hugeScenario}, hugeScenario + ": larger than 1048576 bytes"},
		{"duplicate key", []string{"run", dupKey}, dupKey + `: line 1: duplicate key "game"`},
		{"duplicate nested key", []string{"run", dupNested}, dupNested + `: line 2: duplicate key "width" in params`},
		{"malformed --param", []string{"run", "--param", "starts=[[1,2]"}, "--param starts: [[1,2] is malformed JSON: unexpected end of JSON input"},
		{"malformed --param object", []string{"play", "--param", `starts={"x":1`}, `--param starts: {"x":1 is malformed JSON: unexpected end of JSON input`},
		{"--param with a key twice", []string{"run", "--param", `starts={"x":1,"x":2}`}, `--param starts: {"x":1,"x":2}: duplicate key "x"`},
		{"malformed bot argument", []string{"play", "--bot", "strong:depth=[1", "--bot", "stupid"}, `--bot: bot spec "strong:depth=[1": argument depth: [1 is malformed JSON: unexpected end of JSON input`},
		{"empty --bots", []string{"run", "--bots", ""}, "--bots: empty value (want bot names, comma-separated)"},
		{"empty --bots after one", []string{"run", "--bots", "stupid,random", "--bots", " "}, "--bots: empty value (want bot names, comma-separated)"},
		{"empty name in --bots", []string{"run", "--bots", "stupid,,random"}, "--bots stupid,,random: name 2 is empty (want bot names, comma-separated)"},
		{"trailing comma in --bots", []string{"play", "--bots", "stupid,random,"}, "--bots stupid,random,: name 3 is empty (want bot names, comma-separated)"},
		{"empty --bot", []string{"play", "--bots", "stupid", "--bot", ""}, "--bot: empty value (want a bot SPEC: NAME or NAME:key=value,…)"},
		{"empty --param", []string{"run", "--param", ""}, "--param: empty value (want key=value)"},
		{"empty --param value", []string{"run", "--param", "width="}, `--param width: empty value (write "" for an empty string)`},
		{"empty bot argument", []string{"play", "--bot", "script:file=", "--bot", "stupid"}, `--bot: bot spec "script:file=": argument file: empty value (write "" for an empty string)`},
		{"empty --game", []string{"run", "--game", ""}, "--game: empty value (want a game name, see arena list games)"},
		{"empty --game in sprt", []string{"sprt", "--game", "", "--candidate", "strong", "--baseline", "stupid"}, "--game: empty value (want a game name, see arena list games)"},
		{"empty --seed", []string{"run", "--seed", ""}, `run: --seed: "" is not a whole number from 0 to 18446744073709551615 (decimal, or 0x… hexadecimal) (see arena help run)`},
		{"negative --match-seed", []string{"play", "--match-seed", "-1"}, `play: --match-seed: "-1" is not a whole number from 0 to 18446744073709551615 (decimal, or 0x… hexadecimal) (see arena help play)`},
		{"play's old --seed", []string{"play", "tron/small", "--seed", "5"}, "play: --seed is the master seed of run, sprt and tune: give play a match's own seed with --match-seed N"},
		{"play's old --seed, no value", []string{"play", "--seed"}, "play: --seed is the master seed of run, sprt and tune: give play a match's own seed with --match-seed N"},
		{"golden's old --seeds", []string{"golden", "record", "tron/small", "--seeds", "2", "--out", "g"}, "golden: --seeds is now --rounds N (the matches of the first N rounds); --seeds FILE is run's"},
		{"empty scenario", []string{"play", ""}, "play: empty scenario argument (want a scenario name or a file)"},
		{"a word for --games", []string{"run", "--games", "abc"}, `run: --games: "abc" is not a whole number (see arena help run)`},
		{"a fraction for -j", []string{"run", "-j", "1.5"}, `run: --jobs: "1.5" is not a whole number (see arena help run)`},
		{"a word for --elo1", []string{"sprt", "--elo1", "ten"}, `sprt: --elo1: "ten" is not a number (see arena help sprt)`},
		{"too large --games", []string{"run", "--games", "99999999999999999999"}, `run: --games: "99999999999999999999" is out of range (see arena help run)`},
		{"a number for --move-timeout", []string{"run", "--move-timeout", "5"}, `run: --move-timeout: "5" is not a duration (write 50ms, 2s, 1m) (see arena help run)`},
		{"a word for a boolean", []string{"golden", "record", "--gzip=maybe"}, `golden: --gzip: "maybe" is not true or false (see arena help golden)`},
		{"script line too long", []string{"play", "--bot", "script:file=" + longLine, "--bot", "stupid"},
			"--bot: bot script:file=" + longLine + ": " + longLine + ":2: line longer than 65536 bytes"},
	}
	// A directory as an output: refused as one, --force or not.
	run := write("run.jsonl", nil)
	code, _, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "2", "--out", run, "--force")
	require.Zero(t, code, errOut)
	for _, args := range [][]string{
		{"run", "tron/small", "--out", dir}, {"run", "tron/small", "--out", dir, "--force"},
		{"play", "tron/small", "--trace", dir}, {"play", "tron/small", "--html", dir}, {"play", "tron/small", "--out", dir, "--force"},
		{"tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--out", dir},
		{"tune", "tron/small", "--bot", "strong", "--tune", "reach", "--self", "--out", dir, "--force"},
		{"sprt", "tron/small", "--candidate", "strong", "--baseline", "straight", "--junit", dir},
		{"merge", run, "--out", dir}, {"report", run, "-o", dir, "--force"},
	} {
		flag := args[len(args)-2]
		if flag == dir {
			flag = args[len(args)-3]
		}
		if flag == "-o" {
			flag = "--out"
		}
		cases = append(cases, tc{"a directory as " + strings.Join(args[:1], "") + " " + flag, args, flag + " " + dir + ": is a directory; name a file"})
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases,
			tc{"/dev/zero as a scenario", []string{"run", "/dev/zero"}, "/dev/zero: larger than 1048576 bytes"},
			tc{"/dev/zero as a map", []string{"run", "--game", "vampires", "--param", "map=/dev/zero"}, "--param map: /dev/zero: larger than 16777216 bytes"},
			tc{"/dev/zero as a script", []string{"play", "--bot", "script:file=/dev/zero", "--bot", "stupid"},
				"--bot: bot script:file=/dev/zero: /dev/zero: larger than 16777216 bytes"},
		)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := arena(t, tc.args...)
			require.Equal(t, "arena: "+tc.want+"\n", errOut, "stdout: %s", out)
			require.Equal(t, ExitBadInput, code)
		})
	}
}

func TestScenarioFileWithAByteOrderMarkRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bom.json")
	require.NoError(t, os.WriteFile(path, []byte("\xef\xbb\xbf"+`{"game":"tron","bots":["stupid","straight"],"games":2}`), 0o644))
	code, out, errOut := arena(t, "run", path, "--bootstrap", "0")
	require.Equal(t, ExitOK, code, errOut)
	require.Contains(t, out, "straight")
}

func TestBotsFlagsAddUp(t *testing.T) {
	code, out, errOut := arena(t, "play", "--bots", "stupid", "--bots", " straight ", "--bot", "random")
	require.Equal(t, ExitOK, code, errOut)
	for _, name := range []string{"stupid", "straight", "random"} {
		require.Contains(t, out, name)
	}
}
