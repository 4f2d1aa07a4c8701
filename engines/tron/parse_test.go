package tron

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// position reads a state written as JSON, the way rule tests build a
// position in one line.
func position(t *testing.T, r *Rules, state string) *State {
	t.Helper()
	s := &State{}
	require.NoError(t, r.ParseState([]byte(state), s))
	checkInvariants(t, s)
	require.JSONEq(t, state, string(r.AppendState(nil, s)), "it writes what it read")
	return s
}

// TestTrailsBlockFromAPosition: from a position read as JSON, a player
// heading into the middle of another's long trail is eliminated and its
// trail erased, the other goes on.
func TestTrailsBlockFromAPosition(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5}`)
	s := position(t, r, `{"turn":6,"width":5,"height":5,"over":false,"players":[
		{"eliminated":0,"trail":[[2,4],[2,3],[2,2],[2,1],[2,0]]},
		{"eliminated":0,"trail":[[1,2],[0,2]]}]}`)
	require.Empty(t, turn(t, r, s, "x+ x+"))
	require.JSONEq(t, `{"turn":7,"width":5,"height":5,"over":true,"players":[
		{"eliminated":0,"trail":[[3,4],[2,4],[2,3],[2,2],[2,1],[2,0]]},
		{"eliminated":7,"trail":[]}]}`, string(r.AppendState(nil, s)))
}

func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5}`)
	for state, want := range map[string]string{
		`{"turn":1,"width":6,"height":5,"over":false,"players":[]}`:                                                                  "tron: state: a 6×5 board, and the rules' is 5×5",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":0,"trail":[[1,1]]}]}`:                                  "tron: state: 1 players, and the rules have 2",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":0,"trail":[[1,1]]},{"eliminated":0,"trail":[[1,1]]}]}`: "tron: state: players[1].trail[0]: (1,1) is taken twice",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":0,"trail":[[5,1]]},{"eliminated":0,"trail":[[1,1]]}]}`: "tron: state: players[0].trail[0]: (5,1) is off the board",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":0,"trail":[]},{"eliminated":0,"trail":[[1,1]]}]}`:      "tron: state: players[0]: alive with no trail",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":2,"trail":[]},{"eliminated":0,"trail":[[1,1]]}]}`:      "tron: state: players[0].eliminated: 2, not in 0..1",
		`{"turn":1,"width":5,"height":5,"over":false,"players":[{"eliminated":1,"trail":[[2,2]]},{"eliminated":0,"trail":[[1,1]]}]}`: "tron: state: players[0]: eliminated in turn 1 with a trail",
		`{"turn":1,"width":5,"height":5,"players":[],"score":3}`:                                                                     `tron: state: json: unknown field "score"`,
	} {
		require.EqualError(t, r.ParseState([]byte(state), &State{}), want, state)
	}
}
