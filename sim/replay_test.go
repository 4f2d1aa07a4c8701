package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// traceLine is a line of a trace.
type traceLine struct {
	Turn    int             `json:"turn"`
	Actions []*string       `json:"actions"`
	State   json.RawMessage `json:"state"`
	Hash    string          `json:"hash"`
}

// traceOf traces a match and returns its lines.
func traceOf(t *testing.T, st sim.Setup, seed uint64, seating []int) []traceLine {
	lines, _ := tracedMatch(t, st, seed, seating)
	return lines
}

// tracedMatch traces a match and returns its lines and its result.
func tracedMatch(t *testing.T, st sim.Setup, seed uint64, seating []int) ([]traceLine, sim.Result) {
	t.Helper()
	var buf bytes.Buffer
	res, err := st.NewTable().Trace(context.Background(), seed, seating, &buf)
	require.NoError(t, err)
	var lines []traceLine
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var tl traceLine
		require.NoError(t, json.Unmarshal([]byte(l), &tl))
		lines = append(lines, tl)
	}
	return lines, res
}

// TestReplayPlaysATraceAgain: replaying a trace's actions, with no bot,
// goes through the trace's states — a seat with no answer (null) and one
// whose text is no action included.
func TestReplayPlaysATraceAgain(t *testing.T) {
	st, err := simtest.Game().Setup(sim.Params{"turns": []byte("4")}, simtest.Specs(t, "dice", "mute", "step:by=2"))
	require.NoError(t, err)
	for _, seating := range [][]int{{0, 1}, {2, 0}} {
		lines, res := tracedMatch(t, st, 9, seating)
		var turns [][]*string
		for _, l := range lines[1:] {
			turns = append(turns, l.Actions)
		}
		var seen []traceLine
		var out sim.Outcome
		err := st.Replay(9, turns, func(r sim.Replayed) bool {
			seen = append(seen, traceLine{Turn: r.Turn, State: json.RawMessage(string(r.State())), Hash: sim.FormatHash(r.Hash)})
			require.Equal(t, r.Turn == 4, r.Done)
			if r.Turn > 0 {
				require.NotEmpty(t, r.ToAct, "turn %d", r.Turn)
			}
			r.Outcome(&out)
			return true
		})
		require.NoError(t, err)
		require.Equal(t, res.Scores, out.Scores, "the last state's outcome is the match's")
		require.Equal(t, res.Places, out.Places)
		require.Len(t, seen, len(lines))
		for i := range lines {
			require.Equal(t, lines[i].Hash, seen[i].Hash, "turn %d", i)
			require.JSONEq(t, string(lines[i].State), string(seen[i].State), "turn %d", i)
		}
	}

	// Text that is no action is an invalid answer: here, a zero, as a
	// bot that does not answer plays.
	up, two := "up", "2"
	var first uint64
	require.NoError(t, st.Replay(9, [][]*string{{&up, &two}}, func(r sim.Replayed) bool { first = r.Hash; return true }))
	var none uint64
	require.NoError(t, st.Replay(9, [][]*string{{nil, &two}}, func(r sim.Replayed) bool { none = r.Hash; return true }))
	require.Equal(t, none, first)

	// A visitor may stop early.
	visits := 0
	require.NoError(t, st.Replay(9, [][]*string{{&two, &two}, {&two, &two}}, func(sim.Replayed) bool { visits++; return visits < 2 }))
	require.Equal(t, 2, visits)
}

func TestReplayRefusesWhatDoesNotFit(t *testing.T) {
	st, err := simtest.Game().Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "step", "step"))
	require.NoError(t, err)
	one := "1"
	all := func(sim.Replayed) bool { return true }
	err = st.Replay(1, [][]*string{{&one, &one}, {&one, &one}}, all)
	require.EqualError(t, err, "turn 2: the match is over after turn 1, and the record goes on for 1 more")
	err = st.Replay(1, [][]*string{{&one}}, all)
	require.EqualError(t, err, "turn 1: 1 actions for 2 seats")
}
