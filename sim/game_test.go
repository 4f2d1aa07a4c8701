package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

func TestSetupAndTable(t *testing.T) {
	st, err := simtest.Game().Setup(sim.Params{"turns": []byte("4")}, simtest.Specs(t, "step", "step:by=3", "step"))
	require.NoError(t, err)
	require.Equal(t, "race", st.Game())
	require.Equal(t, 2, st.Seats())
	require.Equal(t, []string{"step", "step:by=3", "step#2"}, st.Entrants())
	require.Equal(t, `{"divisor":1,"players":2,"turns":4}`, string(st.Params().Canonical()))

	table := st.NewTable()
	res := table.Play(context.Background(), 5, []int{1, 2})
	head := headStart(simtest.Race{Players: 2}, 5)
	require.Equal(t, []float64{head[0] + 12, head[1] + 4}, res.Scores)

	var buf bytes.Buffer
	res2, err := table.Trace(context.Background(), 5, []int{1, 2}, &buf)
	require.NoError(t, err)
	require.Equal(t, res.StateHash, res2.StateHash)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 5)
	h0, h1 := int(head[0]), int(head[1])
	require.Equal(t, fmt.Sprintf(`{"turn":0,"actions":null,"state":[%d,%d],"hash":"%s"}`, h0, h1, hashOf(0, h0, h1)), lines[0])
	require.Equal(t, fmt.Sprintf(`{"turn":1,"actions":["3","1"],"state":[%d,%d],"hash":"%s"}`, h0+3, h1+1, hashOf(1, h0+3, h1+1)), lines[1])
}

func TestTraceActionsAreJSON(t *testing.T) {
	st, err := simtest.Game().Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "step", "step"))
	require.NoError(t, err)
	var buf bytes.Buffer
	_, err = st.NewTable().Trace(context.Background(), 1, []int{0, 1}, &buf)
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		require.True(t, json.Valid([]byte(line)), line)
	}
}

// TestTraceTellsNoAnswer: a seat that gave no answer (an error, a panic)
// has null for its action, as a seat that did not act; the others their
// action's text.
func TestTraceTellsNoAnswer(t *testing.T) {
	st, err := simtest.Game().Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "mute", "step", "panic"))
	require.NoError(t, err)
	var buf bytes.Buffer
	_, err = st.NewTable().Trace(context.Background(), 1, []int{0, 1}, &buf)
	require.NoError(t, err)
	require.Contains(t, buf.String(), `{"turn":1,"actions":[null,"1"],`)
	buf.Reset()
	_, err = st.NewTable().Trace(context.Background(), 1, []int{1, 2}, &buf)
	require.NoError(t, err)
	require.Contains(t, buf.String(), `{"turn":1,"actions":["1",null],`)
}

func hashOf(turn int, totals ...int) string {
	return sim.FormatHash(simtest.Race{}.Hash(&simtest.RaceState{Turn: turn, Totals: totals}))
}

func TestSetupErrors(t *testing.T) {
	g := simtest.Game()
	for _, tc := range []struct {
		params sim.Params
		bots   []string
		want   string
	}{
		{sim.Params{"laps": []byte("3")}, []string{"step"}, "param laps: unknown parameter (known: players, turns, divisor)"},
		{sim.Params{"turns": []byte("0")}, []string{"step"}, "param turns: 0 is out of range 1..1000000"},
		{nil, []string{"walk"}, `unknown bot "walk" for game race (known: step, dice, panic, mute, unlucky)`},
		{nil, []string{"step:by=10"}, "bot step:by=10: param by: 10 is out of range 1..9"},
		{nil, []string{"step:speed=1"}, "bot step:speed=1: param speed: unknown parameter (known: by)"},
	} {
		_, err := g.Setup(tc.params, simtest.Specs(t, tc.bots...))
		require.EqualError(t, err, tc.want)
	}
}

// TestSetupSeats checks that the seats are an explicit argument: the
// "players" key follows them, a different one is refused, and an engine's
// constructor refuses seats out of the players spec.
func TestSetupSeats(t *testing.T) {
	st, err := simtest.Game().SetupSeats(3, sim.Params{}, simtest.Specs(t, "step", "step", "step"))
	require.NoError(t, err)
	require.Equal(t, 3, st.Seats())
	require.Equal(t, "3", string(st.Params()["players"]))
	_, err = simtest.Game().SetupSeats(3, sim.Params{"players": []byte("2")}, simtest.Specs(t, "step"))
	require.EqualError(t, err, "param players: 2, but 3 seats")
	_, err = simtest.Game().SetupSeats(9, sim.Params{}, simtest.Specs(t, "step"))
	require.EqualError(t, err, "param players: 9 is out of range 1..8")
	require.EqualError(t, sim.CheckSeats(0, []sim.ParamSpec{sim.IntParam("players", 2, 2, 4, "")}), "param players: 0 is out of range 2..4")
	require.Equal(t, 4, sim.Seats(sim.Params{"players": []byte("4")}))
}
