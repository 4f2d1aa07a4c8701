// Package examples holds example bots, written in Python, that speak
// arena's generic protocol (docs/bots.md), one per game. This test plays a
// match of each against the game's own bots and checks that it played
// every turn without a fault.
package examples

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/cmd/arena/cli"
)

func TestExampleBotsPlayWithoutFaults(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the example bots are not played")
	}
	for _, tc := range []struct {
		script string
		args   []string // the scenario and the other seats
	}{
		{"tron.py", []string{"tron/duel", "--bot", "straight"}},
		{"minibus.py", []string{"minibus/ffa4", "--bots", "iaTICE,iaKeolis,iaTransdev"}},
		{"vampires.py", []string{"vampires/duel", "--bot", "greedy"}},
		{"aquariom.py", []string{"aquariom/duel", "--bot", "nearest", "--param", "nb_turns=200"}},
		{"sopra.py", []string{"sopra/match", "--bots", "collector,brawler"}},
		{"coin.py", []string{"coin/duel", "--bot", "coin"}},
		// Written for the original referee's text, and entered unchanged.
		{"minibus_original.py", []string{"minibus/ffa4", "--bots", "iaTICE,iaKeolis,iaTransdev"}},
		{"sopra_original.py", []string{"sopra/match", "--bots", "collector,brawler"}},
		{"vampires_original.py", []string{"vampires/duel", "--bot", "greedy"}},
		{"aquariom_original.py", []string{"aquariom/duel", "--bot", "nearest", "--param", "nb_turns=200"}},
	} {
		t.Run(tc.script, func(t *testing.T) {
			script, err := filepath.Abs(tc.script)
			require.NoError(t, err)
			// Read by the test itself, the script is an input of its cached
			// result: an edit runs it again.
			src, err := os.ReadFile(script)
			require.NoError(t, err)
			require.Contains(t, string(src), "docs/bots.md", "each example says where the protocol is written")
			out := filepath.Join(t.TempDir(), "match.jsonl")
			spec := "exec:cmd=python3,args=" + script + ",name=example,timeout=5s"
			if strings.HasSuffix(tc.script, "_original.py") {
				spec += ",proto=original"
			}
			args := append([]string{"play", "--bot", spec, "--out", out}, tc.args...)
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), args, &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			rec := lastRecord(t, out)
			seat := slices.Index(rec.Bots, "example")
			require.GreaterOrEqual(t, seat, 0, "%v", rec.Bots)
			for _, f := range rec.Faults {
				require.NotEqual(t, seat, f.Seat, "the example bot's fault: %+v", f)
			}
			require.Positive(t, rec.Turns)
		})
	}
}

type record struct {
	Bots      []string `json:"bots"`
	Turns     int      `json:"turns"`
	StateHash string   `json:"state_hash"`
	Faults    []struct {
		Seat int    `json:"seat"`
		Turn int    `json:"turn"`
		Kind string `json:"kind"`
		Msg  string `json:"msg"`
	} `json:"faults"`
}

// lastRecord reads the match record of a results file.
func lastRecord(t *testing.T, path string) record {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var last []byte
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		last = append(last[:0], sc.Bytes()...)
	}
	var rec record
	require.NoError(t, json.Unmarshal(last, &rec))
	return rec
}

// TestExampleWebBotPlays starts examples/tron_http.py, a web server of
// botsArena's protocol, and plays a match against it with http:url=….
func TestExampleWebBotPlays(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the example web bot is not played")
	}
	src, err := os.ReadFile("tron_http.py") // an input of the cached result
	require.NoError(t, err)
	require.Contains(t, string(src), "docs/bots.md")
	server := exec.Command("python3", "tron_http.py", "0")
	stdout, err := server.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, server.Start())
	defer func() {
		_ = server.Process.Kill()
		_ = server.Wait()
	}()
	port, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "match.jsonl")
	var o, e bytes.Buffer
	code := cli.Main(context.Background(), []string{"play", "tron/duel", "--bot",
		"http:url=http://127.0.0.1:" + strings.TrimSpace(port) + "/,name=example,timeout=5s", "--bot", "straight", "--out", out}, &o, &e)
	require.Equal(t, 0, code, e.String())
	rec := lastRecord(t, out)
	require.Equal(t, []string{"example", "straight"}, rec.Bots)
	require.Empty(t, rec.Faults)
	require.Greater(t, rec.Turns, 100)
}

// TestOriginalAndJSONExamplesAgree: vampires.py and vampires_original.py
// play the same strategy, one from the generic protocol's whole grid, the
// other from the original MAP and UPD frames, so in either seat they play
// the same match: a cell the UPD frames miss would make them differ.
func TestOriginalAndJSONExamplesAgree(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the example bots are not played")
	}
	hash := func(script, proto string, seat int) string {
		path, err := filepath.Abs(script)
		require.NoError(t, err)
		bots := []string{"--bot", "exec:cmd=python3,args=" + path + ",proto=" + proto + ",timeout=5s"}
		if seat == 1 {
			bots = append([]string{"--bot", "greedy"}, bots...)
		} else {
			bots = append(bots, "--bot", "greedy")
		}
		out := filepath.Join(t.TempDir(), "match.jsonl")
		var o, e bytes.Buffer
		code := cli.Main(context.Background(), append([]string{"play", "vampires/duel", "--out", out}, bots...), &o, &e)
		require.Equal(t, 0, code, e.String())
		rec := lastRecord(t, out)
		require.Empty(t, rec.Faults)
		return rec.StateHash
	}
	for seat := range 2 {
		require.Equal(t, hash("vampires.py", "json", seat), hash("vampires_original.py", "original", seat), "seat %d", seat)
	}
}

// TestExampleBotsChainMatches: every example of the generic protocol reads
// a match's start, turns and end in one loop, so with chain=true one
// process plays every match of a worker: a run of several matches, both
// seats, without a fault of the example.
func TestExampleBotsChainMatches(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH: the example bots are not played")
	}
	for _, tc := range []struct {
		script string
		args   []string
	}{
		{"tron.py", []string{"tron/small", "--bots", "straight"}},
		{"minibus.py", []string{"minibus/ffa4", "--bots", "iaTICE,iaKeolis,iaTransdev", "--param", "max_turns=100"}},
		{"vampires.py", []string{"vampires/duel", "--bots", "greedy"}},
		{"aquariom.py", []string{"aquariom/duel", "--bots", "nearest", "--param", "nb_turns=50"}},
		{"sopra.py", []string{"sopra/match", "--bots", "collector,brawler", "--param", "rounds=10"}},
		{"coin.py", []string{"coin/duel", "--bots", "coin"}},
	} {
		t.Run(tc.script, func(t *testing.T) {
			script, err := filepath.Abs(tc.script)
			require.NoError(t, err)
			_, err = os.ReadFile(script) // an input of the cached result
			require.NoError(t, err)
			out := filepath.Join(t.TempDir(), "run.jsonl")
			spec := "exec:cmd=python3,args=" + script + ",name=example,timeout=5s,chain=true"
			args := append([]string{"run", "--bot", spec, "--games", "3", "-j", "1", "--bootstrap", "0", "--out", out}, tc.args...)
			var stdout, stderr bytes.Buffer
			code := cli.Main(context.Background(), args, &stdout, &stderr)
			require.Equal(t, 0, code, stderr.String())
			f, err := os.Open(out)
			require.NoError(t, err)
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<26)
			matches := 0
			for sc.Scan() {
				var rec record
				require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
				seat := slices.Index(rec.Bots, "example")
				if seat < 0 {
					continue // the header, or a match without the example
				}
				matches++
				for _, f := range rec.Faults {
					require.NotEqual(t, seat, f.Seat, "the example bot's fault: %+v", f)
				}
			}
			require.GreaterOrEqual(t, matches, 3)
		})
	}
}
