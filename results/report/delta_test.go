package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/arenasim/arena/sim/simtest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/results/report"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// decode decodes JSON keeping numbers as their text, as the report does.
func decode(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	return v
}

// tracedMatch plays match m of a game's default scenario (its first bots,
// one a seat) with a trace and returns it as a golden match.
func tracedMatch(t testing.TB, game string, m int) *golden.Match {
	t.Helper()
	e, err := scenarios.LookupGame(game)
	require.NoError(t, err)
	sc, err := scenarios.Load(e.DefaultScenario)
	require.NoError(t, err)
	layers, err := sim.LayerParams(sc.Name, sc.Params, e.Game.Info().Map, nil)
	require.NoError(t, err)
	var specs []sim.BotSpec
	for _, b := range sc.Bots {
		if game == "tron" && b == "strong" {
			b = "strong:work=200" // its cheap budget: a move of the default costs about 80 ms, a match half a minute
		}
		s, err := sim.ParseBotSpec(b)
		require.NoError(t, err)
		specs = append(specs, s)
	}
	st, err := e.Game.Setup(layers.Params(), specs)
	require.NoError(t, err)
	seating := make([]int, st.Seats())
	for k := range seating {
		seating[k] = (k + m) % len(specs)
	}
	seed := sim.Derive(sc.Seed, uint64(m))
	var buf bytes.Buffer
	table := st.NewTable()
	defer table.Close()
	res, err := table.Trace(context.Background(), seed, seating, &buf)
	require.NoError(t, err)
	require.NoError(t, res.Err)
	var bots []string
	for _, k := range seating {
		bots = append(bots, st.Entrants()[k])
	}
	h := golden.Header{Type: "golden", Format: golden.Format, Game: game, Scenario: sc.Name, Match: m, Seed: seed,
		Seats: len(seating), Params: st.Params(), RulesHash: st.RulesHash(), Bots: bots}
	head, err := json.Marshal(h)
	require.NoError(t, err)
	gm, err := golden.Parse(strings.NewReader(string(head)+"\n"+buf.String()), game)
	require.NoError(t, err)
	return gm
}

// TestDiffThenApplyGivesTheNextState: on every turn of a match of each
// game, the patch from one state to the next, sent through JSON as the
// page gets it, turns the first into the second.
func TestDiffThenApplyGivesTheNextState(t *testing.T) {
	for _, e := range scenarios.Entries() {
		game := e.Game.Info().Name
		t.Run(game, func(t *testing.T) {
			m := tracedMatch(t, game, 1)
			for i := 1; i < len(m.Lines); i++ {
				a, b := m.Lines[i-1].State, m.Lines[i].State
				p := report.Diff(decode(t, a), decode(t, b))
				sent, err := json.Marshal(p)
				require.NoError(t, err)
				got, err := report.Apply(decode(t, a), decode(t, sent))
				require.NoError(t, err)
				want := decode(t, b)
				require.Equal(t, mustJSON(t, want), mustJSON(t, got), "turn %d", i)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}

// TestDiffOfAnArray covers each form of patch on small values.
func TestDiffOfAnArray(t *testing.T) {
	for _, tc := range []struct{ a, b, patch string }{
		{`[[1,2],[3,4],[5,6],[7,8]]`, `[[0,0],[1,2],[3,4],[5,6],[7,8]]`, `[3,0,0,[[0,0]]]`},                                                                                                               // a head prepended: splice
		{`[1,2,3,4,5,6,7,8]`, `[1,2,3,4,5,6,7,9]`, `[3,7,1,[9]]`},                                                                                                                                         // one element changed: splice
		{`[10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]`, `[0,11,12,13,14,15,16,17,18,19,20,21,22,23,24,0]`, `[2,16,[[0,[0,0]],[15,[0,0]]]]`},                                                         // two far apart: index
		{`{"a":1,"b":[1,2],"c":"x"}`, `{"a":1,"b":[1,2],"d":true}`, `[1,{"d":[0,true]},["c"]]`},                                                                                                           // a key added, one deleted
		{`{"players":[{"x":1,"y":2,"name":"alpha","money":1500},{"x":5,"y":6}]}`, `{"players":[{"x":1,"y":3,"name":"alpha","money":1500},{"x":5,"y":6}]}`, `[1,{"players":[2,2,[[0,[1,{"y":[0,3]}]]]]}]`}, // deep
		{`[1,2]`, `"now text"`, `[0,"now text"]`},
	} {
		p := report.Diff(decode(t, []byte(tc.a)), decode(t, []byte(tc.b)))
		require.JSONEq(t, tc.patch, mustJSON(t, p), "%s → %s", tc.a, tc.b)
		got, err := report.Apply(decode(t, []byte(tc.a)), decode(t, []byte(mustJSON(t, p))))
		require.NoError(t, err)
		require.JSONEq(t, tc.b, mustJSON(t, got))
	}
	require.Nil(t, report.Diff(decode(t, []byte(`{"a":[1]}`)), decode(t, []byte(`{"a":[1]}`))), "equal values need no patch")
}

// TestReplaysAreSmall: a Tron duel's trace repeats every trail every turn;
// its replay carries what changed. The figure is logged per game.
func TestReplaysAreSmall(t *testing.T) {
	simtest.OneGoroutine(t)
	for _, e := range scenarios.Entries() {
		game := e.Game.Info().Name
		m := tracedMatch(t, game, 0)
		trace := 0
		for _, l := range m.Lines {
			trace += len(mustJSON(t, l))
		}
		r, err := report.NewReplay(game, m, func(string) (sim.AnyGame, error) { return e.Game, nil })
		require.NoError(t, err)
		data, err := json.Marshal(r)
		require.NoError(t, err)
		t.Logf("%s: %d turns, trace %d bytes, replay %d bytes (%.1f%%)", game, len(m.Lines)-1, trace, len(data), float64(100*len(data))/float64(trace))
		if game == "tron" {
			require.Less(t, len(data), trace/10, "a Tron replay should be a small part of its trace")
		}
	}
}
