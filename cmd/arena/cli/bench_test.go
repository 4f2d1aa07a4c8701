package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
)

// The bench tests check the shape of the report and that every figure was
// measured (is positive), never how fast anything is: speed depends on the
// machine. --time is tiny; a measurement still finishes at least one match.

var benchColumns = []string{"SCENARIO", "BOTS", "-J", "GAMES", "GAMES/S", "TURNS/S", "VS BARE", "NS/TURN", "ALLOCS/TURN", "PEAK HEAP MB", "SPEEDUP"}

// vsBare is the column that compares the runner with a bare loop.
const vsBare = 6

func TestBenchTable(t *testing.T) {
	code, out, errOut := arena(t, "bench", "--game", "coin", "--time", "20ms", "-j", "2")
	require.Equal(t, 0, code, errOut)
	require.Empty(t, errOut, "no progress when stderr is not a terminal")
	var header []string
	var rows [][]string
	for _, line := range strings.Split(out, "\n") {
		cells := tableCells(line)
		switch {
		case len(cells) == 0:
		case cells[0] == "SCENARIO":
			header = cells
		default:
			rows = append(rows, cells)
		}
	}
	require.Equal(t, benchColumns, header)
	require.Len(t, rows, 2, "one line on one worker, one on two:\n%s", out)
	for k, row := range rows {
		require.Len(t, row, len(benchColumns))
		require.Equal(t, "coin/duel", row[0])
		require.Equal(t, "coin:elo=200,coin,coin:elo=-200", row[1])
		require.Equal(t, strconv.Itoa(k+1), row[2])
		last := len(row) - 1 // the speedup: only against one worker
		if k == 0 {
			require.Empty(t, row[last])
			last--
		}
		for c := 3; c <= last; c++ {
			if c == vsBare {
				if k == 0 {
					require.Regexp(t, `^[0-9]+\.[0-9]{2} of [0-9.]+[kMG]?$`, row[c], "one worker: the share of a bare loop's speed")
				} else {
					require.Empty(t, row[c])
				}
				continue
			}
			require.Greater(t, tableNumber(t, row[c]), 0.0, "%s of line %d:\n%s", benchColumns[c], k+1, out)
		}
	}
	require.Contains(t, out, "0.02 s per measurement, GOMAXPROCS ")
	require.Contains(t, out, "turns/s on -j 2 against -j 1: coin/duel ×")

	code, out, _ = arena(t, "bench", "--game", "coin", "--time", "20ms", "-j", "1", "--format", "markdown")
	require.Equal(t, 0, code)
	require.Equal(t, 1, strings.Count(out, "| coin/duel "), out)
	require.NotContains(t, out, "against -j 1", "one worker: nothing to compare")
}

// tableCells splits a line of a text table into its trimmed cells; a border
// line has none.
func tableCells(line string) []string {
	if !strings.HasPrefix(line, "│") {
		return nil
	}
	parts := strings.Split(strings.Trim(line, "│"), "│")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// tableNumber reads a figure of the table: 1.38M, 20.2k, 723, ×1.42.
func tableNumber(t *testing.T, cell string) float64 {
	t.Helper()
	cell = strings.TrimPrefix(cell, "×")
	scale := 1.0
	for suffix, s := range map[string]float64{"k": 1e3, "M": 1e6, "G": 1e9} {
		if strings.HasSuffix(cell, suffix) {
			cell, scale = strings.TrimSuffix(cell, suffix), s
		}
	}
	v, err := strconv.ParseFloat(cell, 64)
	require.NoError(t, err, "cell %q", cell)
	return v * scale
}

func TestBenchCSVAndJSON(t *testing.T) {
	code, out, errOut := arena(t, "bench", "coin/duel", "--time", "20ms", "-j", "2", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 3, "a header and two measurements:\n%s", out)
	require.Equal(t, []string{"scenario", "game", "bots", "workers", "games", "turns", "seconds",
		"games_per_s", "turns_per_s", "ns_per_turn", "allocs_per_turn", "peak_heap_mb", "speedup", "bare_turns_per_s", "vs_bare"}, recs[0])
	for k, rec := range recs[1:] {
		require.Equal(t, []string{"coin/duel", "coin", "coin:elo=200,coin,coin:elo=-200", strconv.Itoa(k + 1)}, rec[:4])
		end := len(rec)
		if k == 1 {
			end -= 2 // the bare loop is measured on one worker
			require.Equal(t, []string{"0", "0"}, rec[end:])
		}
		for c := 4; c < end; c++ {
			v, err := strconv.ParseFloat(rec[c], 64)
			require.NoError(t, err, recs[0][c])
			require.Greater(t, v, 0.0, "%s of line %d", recs[0][c], k+1)
		}
		require.Equal(t, rec[4], rec[5], "a coin match is one turn")
	}
	require.Equal(t, "1", recs[1][12], "one worker against itself")

	code, out, errOut = arena(t, "bench", "--game", "coin", "--time", "20ms", "-j", "2", "--format", "json")
	require.Equal(t, 0, code, errOut)
	var doc benchReport
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Equal(t, 0.02, doc.Seconds)
	require.Positive(t, doc.Procs)
	require.NotEmpty(t, doc.Go)
	require.Len(t, doc.Lines, 2)
	for k, m := range doc.Lines {
		require.Equal(t, k+1, m.Workers)
		require.Equal(t, "coin/duel", m.Scenario)
		for name, v := range map[string]float64{"games": float64(m.Games), "turns": float64(m.Turns), "seconds": m.Seconds,
			"games/s": m.GamesPerSec, "turns/s": m.TurnsPerSec, "ns/turn": m.NsPerTurn, "allocs/turn": m.AllocsPerTurn,
			"peak heap": m.PeakHeapMB, "speedup": m.Speedup} {
			require.Greater(t, v, 0.0, "%s of line %d", name, k+1)
		}
		if k == 0 {
			require.Positive(t, m.BareTurnsPerSec)
			require.InDelta(t, m.TurnsPerSec/m.BareTurnsPerSec, m.VsBare, 1e-9)
		}
	}
}

// TestBenchEveryGame measures every game's default scenario, with bench's
// own bots where it has some.
func TestBenchEveryGame(t *testing.T) {
	code, out, errOut := arena(t, "bench", "--time", "10ms", "-j", "1", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	require.NoError(t, err)
	entries := scenarios.Entries()
	require.Len(t, recs, 1+len(entries))
	for i, e := range entries {
		rec := recs[1+i]
		require.Equal(t, e.DefaultScenario, rec[0])
		require.Equal(t, e.Game.Info().Name, rec[1])
		if bots := e.BenchBots; bots != nil {
			require.Equal(t, bots[0], strings.Split(rec[2], ",")[0], "bench's %s bots", rec[1])
		}
		require.NotEqual(t, "0", rec[4], "%s: no match finished", rec[0])
	}
	require.Equal(t, "stupid,stupid#2", recs[1][2], "Tron: the performance budget's bots")

	code, out, errOut = arena(t, "bench", "tron/small", "--bots", "straight,random", "--time", "10ms", "-j", "1", "--format", "csv")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "\ntron/small,tron,\"straight,random\",1,")
}

func TestBenchBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--time", "0"}, "--time: 0s is not a positive duration"},
		{[]string{"--time", "-1s"}, "--time: -1s is not a positive duration"},
		{[]string{"--time", "soon"}, `--time: "soon" is not a duration (write 50ms, 2s, 1m)`},
		{[]string{"-j", "-1"}, "--jobs: -1 is not a whole number from 0 to 1024"},
		{[]string{"--format", "xml"}, `--format: unknown format "xml"`},
		{[]string{"--bots", "stupid,stupid"}, "--bots, --bot and --param belong to one game: add --game or a scenario"},
		{[]string{"--game", "chess"}, `--game: unknown game "chess"`},
		{[]string{"tron/nowhere"}, `unknown scenario "tron/nowhere"`},
		{[]string{"coin/duel", "--bots", "nobody,coin"}, `unknown bot "nobody"`},
		{[]string{"tron/duel", "--bots", "stupid"}, "tron/duel: a 2-seat game needs at least 2 bots, got 1"},
	} {
		code, out, errOut := arena(t, append([]string{"bench", "--time", "10ms"}, tc.args...)...)
		require.Equal(t, 2, code, tc.args)
		require.Empty(t, out, tc.args)
		require.Contains(t, errOut, tc.want, tc.args)
	}
}

func TestBenchFailuresAndInterrupt(t *testing.T) {
	scenario := withRace(t)
	code, out, errOut := arena(t, "bench", scenario, "--time", "10ms", "-j", "1")
	require.Equal(t, 4, code)
	require.Contains(t, out, "│ "+scenario, "the figures are printed all the same")
	require.Contains(t, errOut, "matches failed with an engine error")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, out, errOut = arenaCtx(t, ctx, "bench", "--game", "coin", "--time", "10ms")
	require.Equal(t, 130, code)
	require.Empty(t, out, "no measurement finished")
	require.Contains(t, errOut, "interrupted after 0 measurements")
}

func TestBenchHelp(t *testing.T) {
	code, out, _ := arena(t)
	require.Equal(t, 0, code)
	require.Regexp(t, `\n  bench +measure throughput per game`, out)
	code, out, _ = arena(t, "help", "bench")
	require.Equal(t, 0, code)
	require.Contains(t, out, "Usage: arena bench [SCENARIO|FILE] [flags]")
	for _, flag := range []string{"--time duration", "-j, --jobs", "--format", "--game", "--bots"} {
		require.Contains(t, out, flag)
	}
}
