package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExternalParamsBadInput: a declaration or a value an external
// program's spec cannot take is one line and exit 2, before any match.
func TestExternalParamsBadInput(t *testing.T) {
	const bot = "exec:cmd=sh,args=-c exit"
	for _, tc := range []struct {
		spec, want string
	}{
		{bot + ",param.a=1 in 0..3,param.a=2 in 0..3", `argument "param.a" given twice`},
		{bot + ",param.a=1 in 5..3", `param param.a: "1 in 5..3": the range 5..3 is empty: its first end must be below its second`},
		{bot + ",param.a=9 in 0..3", `param param.a: "9 in 0..3": the default 9 is out of the range 0..3`},
		{bot + ",param.a=1 in 0..3,a=7", `param a: 7 is out of range 0..3`},
		{bot + ",param.a=1 in 0..3,a=0.5", `param a: 0.5 is not a whole number`},
		{bot + ",param.s=calm in calm|wild,s=mad", `param s: "mad" is not one of calm, wild`},
		{"exec:cmd=sh,args=-c exit {b},param.a=1 in 0..3", `param args: {b} names no declared parameter (declared: a)`},
		{"exec:cmd=sh,env=A={a}", `param env: {a} names no declared parameter (it declares none: param.a=DEFAULT in MIN..MAX declares one)`},
		{bot + ",param.a=1 to 3", `param param.a: "1 to 3": not DEFAULT in MIN..MAX, DEFAULT in MIN..MAX log or DEFAULT in A|B|C`},
		{bot + ",param.cmd=1 in 0..3", `param param.cmd: cmd is an argument of the bot itself`},
		{bot + ",proto=original,param.a=1 in 0..3", `the original protocol has no start line to carry it: write {a} in args= or env=`},
	} {
		out := filepath.Join(t.TempDir(), "r.jsonl")
		code, _, stderr := arena(t, "run", "tron/small", "--bot", tc.spec, "--bots", "straight", "--games", "1", "--out", out)
		require.Equal(t, 2, code, tc.spec)
		require.Contains(t, stderr, tc.want, tc.spec)
		require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %s", stderr)
		_, err := os.Stat(out)
		require.True(t, os.IsNotExist(err), "nothing is written: %s", tc.spec)
	}
}

// TestExternalParamsReachTheProgram: the values of a program's parameters
// reach it in its arguments and its environment, and its name shows them;
// a program that refuses a value (it exits) is a recorded fault, not a
// failed run.
func TestExternalParamsReachTheProgram(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bot.sh")
	// It plays x+ while its argument and variable agree, and exits when
	// the value is 3.
	require.NoError(t, os.WriteFile(script, []byte(`[ "$1" = 3 ] && { echo "no 3" >&2; exit 2; }
[ "$1" = "$LEVEL" ] || { echo "arg $1, env $LEVEL" >&2; exit 1; }
while read -r line; do case "$line" in *'"type":"turn"'*) echo x+;; esac; done
`), 0o755))
	spec := "exec:cmd=sh,args=" + script + " {level},env=LEVEL={level},param.level=1 in 0..5,timeout=5s"
	out := filepath.Join(dir, "r.jsonl")
	code, stdout, stderr := arena(t, "run", "tron/small", "--bot", spec+",level=2", "--bot", spec+",level=3", "--games", "1", "--out", out, "--bootstrap", "0")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "bot.sh:level=2")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(data), `"bots":["bot.sh:level=2","bot.sh:level=3"]`)
	require.Contains(t, string(data), `no 3`)
	require.NotContains(t, string(data), `arg 2`)
}

// TestTuneStart: --start sets where θ starts, from values or from an
// earlier tune file's last values, and refuses a value out of range; an
// external program's parameters are tunable once declared.
func TestTuneStart(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.jsonl")
	code, _, stderr := arena(t, tuneArgs(first, "--start", "depth=3,reach=40")...)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(first)
	require.NoError(t, err)
	require.Contains(t, string(data), `"name":"depth","min":1,"max":32,"scale":"linear","int":true,"start":3}`)
	last, err := lastTheta(first)
	require.NoError(t, err)
	again := filepath.Join(dir, "again.jsonl")
	code, _, stderr = arena(t, tuneArgs(again, "--start", first)...)
	require.Equal(t, 0, code, stderr)
	h, err := os.ReadFile(again)
	require.NoError(t, err)
	require.Contains(t, strings.SplitN(string(h), "\n", 2)[0], `"name":"reach","min":`)
	require.Contains(t, string(h), `"name":"reach","min":1,"max":200,"scale":"linear","int":true,"start":`+strconv.FormatFloat(last["reach"], 'g', -1, 64)+"}")

	for _, tc := range []struct{ args []string }{
		{tuneArgs(filepath.Join(dir, "x"), "--start", "depth=99")},
		{tuneArgs(filepath.Join(dir, "x"), "--start", "room=2")},
		{tuneArgs(filepath.Join(dir, "x"), "--start", filepath.Join(dir, "none.jsonl"))},
	} {
		code, _, stderr := arena(t, tc.args...)
		require.Equal(t, 2, code, tc.args)
		require.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	}
	code, _, stderr = arena(t, "tune", "tron/small", "--bot", "exec:cmd=python3,args=bot.py", "--tune", "aggression", "--self", "--out", filepath.Join(dir, "x"))
	require.Equal(t, 2, code)
	require.Equal(t, `arena: --tune aggression: exec has no argument "aggression" (tunable: none: declare it in the spec, param.aggression=DEFAULT in MIN..MAX (docs/tuning.md))`+"\n", stderr)
}
