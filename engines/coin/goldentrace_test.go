package coin_test

import (
	"testing"

	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/results/golden/goldentest"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// TestGolden replays the golden traces of testdata/golden (arena golden
// record) on today's engine: the recorded actions, no bot, so only a change
// of the rules moves them (go test -update rewrites them after an intended
// one; docs/rule-changes.md).
func TestGolden(t *testing.T) { goldentest.Check(t, "testdata/golden", scenarios.Game) }

// TestStatesReadBack: every state of the golden traces reads back to its
// hash and its JSON.
func TestStatesReadBack(t *testing.T) {
	goldentest.CheckStates(t, "testdata/golden", coin.New)
}

func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	eff, err := sim.Effective(sim.Params{}, coin.Params)
	if err != nil {
		t.Fatal(err)
	}
	r, err := coin.New(2, eff)
	if err != nil {
		t.Fatal(err)
	}
	for data, want := range map[string]string{
		`{"turn":1,"over":true,"players":[{"elo":1,"place":1}]}`:                            "coin: state: 1 players, and the rules have 2",
		`{"turn":2,"over":true,"players":[{"elo":1,"place":1},{"elo":1,"place":1}]}`:        "coin: state: turn 2, want 0 or 1 (a match is one turn)",
		`{"turn":1,"over":false,"players":[{"elo":1,"place":1},{"elo":1,"place":1}]}`:       "coin: state: over is false after turn 1",
		`{"turn":1,"over":true,"players":[{"elo":1,"place":3},{"elo":1,"place":1}]}`:        "coin: state: players[0].place: 3, not in 1..2",
		`{"turn":0,"over":false,"players":[{"elo":null,"place":1},{"elo":null,"place":0}]}`: "coin: state: players[0]: a place or an Elo before the turn",
		`{"turn":1,"over":true,"players":[{"elo":1,"place":1},{"elo":9000,"place":2}]}`:     "coin: state: players[1].elo: 9000, not in -2000..2000",
	} {
		if err := r.ParseState([]byte(data), &coin.State{}); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", data, err, want)
		}
	}
}
