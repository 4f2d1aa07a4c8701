package sopra

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParseStateRefusesWhatTheRulesCannotReach: each refusal names the
// field at fault; a state written by the rules reads back.
func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	r := newRules(t, `{"players":2,"width":5,"height":4,"rounds":10,"starts":[[0,0],[4,3]],"caddies":[[0,1],[4,2]],"logos":[[2,2]],"logo_count":1}`)
	s := newGame(t, r)
	good := string(r.AppendState(nil, s))
	back := &State{}
	require.NoError(t, r.ParseState([]byte(good), back))
	require.Equal(t, r.Hash(s), r.Hash(back))
	for _, tc := range []struct{ from, to, want string }{
		{`"width":5`, `"width":6`, "sopra: state: a 6×4 board, and the rules' is 5×4"},
		{`"round":0`, `"round":11`, "sopra: state: round 11 of 10, and the rules play 10"},
		{`{"x":4,"y":3`, `{"x":0,"y":0`, "sopra: state: players[1]: (0,0) holds another player"},
		{`{"x":4,"y":3`, `{"x":5,"y":3`, "sopra: state: players[1]: (5,3) is off the board"},
		{`"caddie":[4,2]`, `"caddie":[0,1]`, "sopra: state: players[1].caddie: (0,1) is off the board or another's"},
		{`"carrier":-1`, `"carrier":0`, "sopra: state: logos[0].carrier: 0 does not carry it"},
		{`"protected":-1`, `"protected":0`, "sopra: state: players[0].protected: 0 is not another seat or -1"},
		{`"round":0`, `"turn":0`, `sopra: state: json: unknown field "turn"`},
	} {
		require.Contains(t, good, tc.from)
		bad := strings.Replace(good, tc.from, tc.to, 1)
		require.EqualError(t, r.ParseState([]byte(bad), &State{}), tc.want, tc.to)
	}
}
