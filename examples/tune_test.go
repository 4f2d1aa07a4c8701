package examples

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/cmd/arena/cli"
)

// weighted returns the spec of the example bot with two tunable weights
// in lang (python: its weights in the start line's bot_params; c: as
// arguments), declared to start at room=1, reach=-1; it skips the test
// when the language's tools are missing.
func weighted(t *testing.T, lang string) string {
	t.Helper()
	decl := ",chain=true,timeout=5s,param.room=1.0 in -4..4,param.reach=-1.0 in -4..4"
	switch lang {
	case "python":
		if _, err := exec.LookPath("python3"); err != nil {
			t.Skip("python3 is not on PATH: tron_weights.py is not tuned")
		}
		script, err := filepath.Abs("tron_weights.py")
		require.NoError(t, err)
		_, err = os.ReadFile(script) // an input of the cached result
		require.NoError(t, err)
		return "exec:cmd=python3,args=" + script + decl
	default:
		if _, err := exec.LookPath("gcc"); err != nil {
			t.Skip("gcc is not on PATH: c/tron_weights.c is not tuned")
		}
		_, err := os.ReadFile("c/tron_weights.c") // an input of the cached result
		require.NoError(t, err)
		bin := filepath.Join(t.TempDir(), "tron_weights")
		out, err := exec.Command("gcc", "-O2", "-ffp-contract=off", "-o", bin, "c/tron_weights.c").CombinedOutput()
		require.NoError(t, err, "%s", out)
		return "exec:cmd=" + bin + ",args=--room {room} --reach {reach}" + decl
	}
}

// TestTuneExampleWeights: a short tune of each example bot with weights,
// from a start built to be bad — reach=-1 steers it into the smaller
// region, a dead end — moves both weights the known way: reach up towards
// the larger region, and room up, which outweighs reach's pull. The run
// prints the values in the forms the program takes, and resumes a torn
// file to the same bytes.
func TestTuneExampleWeights(t *testing.T) {
	for _, lang := range []string{"python", "c"} {
		t.Run(lang, func(t *testing.T) {
			spec := weighted(t, lang)
			dir := t.TempDir()
			args := func(out string, extra ...string) []string {
				return append([]string{"tune", "tron/small", "--bot", spec, "--tune", "room,reach", "--opponents", "straight,stupid",
					"--iterations", "6", "--pairs-per-iter", "8", "--c", "0.2", "--seed", "1", "-j", "2", "--out", out}, extra...)
			}
			whole := filepath.Join(dir, "whole.jsonl")
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), args(whole), &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			data, err := os.ReadFile(whole)
			require.NoError(t, err)
			lines := strings.SplitAfter(string(data), "\n")
			require.Len(t, lines, 1+6+1)
			var last struct{ Next map[string]float64 }
			require.NoError(t, json.Unmarshal([]byte(lines[6]), &last))
			require.Greater(t, last.Next["reach"], -1.0, "reach: %v", last.Next)
			require.Greater(t, last.Next["room"], 1.0, "room: %v", last.Next)

			out := stdout.String()
			require.Contains(t, out, "tuned after 6 iterations: "+spec+",room=")
			require.Contains(t, out, "\n  bot_params: {\"reach\":")
			if lang == "c" {
				require.Contains(t, out, "\n  arguments:  --room ")
			}
			require.Contains(t, out, "\nconfirm: arena sprt tron/small --candidate '")

			torn := filepath.Join(dir, "torn.jsonl")
			require.NoError(t, os.WriteFile(torn, []byte(strings.Join(lines[:3], "")+lines[3][:len(lines[3])/2]), 0o644))
			stdout.Reset()
			code = cli.Main(context.Background(), args(torn, "--resume"), &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			got, err := os.ReadFile(torn)
			require.NoError(t, err)
			require.Equal(t, string(data), string(got))
		})
	}
}

// TestWeightedExamplesAgree: the Python and the C bot are one bot, told
// their weights two ways (bot_params, arguments): they play the same
// matches, so that a value lost on its way makes them differ.
func TestWeightedExamplesAgree(t *testing.T) {
	hashes := map[string][]string{}
	for _, lang := range []string{"python", "c"} {
		t.Run(lang, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run.jsonl")
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), []string{"run", "tron/small", "--bot", weighted(t, lang) + ",room=-0.5,reach=2.5,name=w",
				"--bots", "straight", "--games", "4", "-j", "1", "--bootstrap", "0", "--out", out}, &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			require.Contains(t, stdout.String(), "w:reach=2.5,room=-0.5")
			data, err := os.ReadFile(out)
			require.NoError(t, err)
			for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
				var rec record
				require.NoError(t, json.Unmarshal([]byte(l), &rec))
				require.Empty(t, rec.Faults)
				hashes[lang] = append(hashes[lang], rec.StateHash)
			}
		})
	}
	if len(hashes) == 2 {
		require.Equal(t, hashes["python"], hashes["c"])
	}
}
