package aquariom

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParseStateRefusesWhatTheRulesCannotReach: a state written by the
// rules reads back; each refusal names the field at fault.
func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	g := newGame(t, tinyConfig(t, `{"viruses_starting_positions":[[500,200]]}`))
	good := string(g.r.AppendState(nil, g.s))
	back := &State{}
	require.NoError(t, g.r.ParseState([]byte(good), back))
	require.Equal(t, g.r.Hash(g.s), g.r.Hash(back))
	require.Contains(t, good, `"viruses":[[1,500,200]]`)
	for _, tc := range []struct{ from, to, want string }{
		{`"viruses":[[1,500,200]]`, `"viruses":[[1,500,2000]]`, "aquariom: state: viruses[0]: (500,2000) is off the map"},
		{`"viruses":[[1,500,200]]`, `"viruses":[[0,500,200]]`, "aquariom: state: viruses[0]: id 0, not a whole number above 0 and below next_id 4"},
		{`"viruses":[[1,500,200]]`, `"viruses":[[1.5,500,200]]`, "aquariom: state: viruses[0]: id 1.5, not a whole number above 0 and below next_id 4"},
		{`"viruses":[[1,500,200]]`, `"viruses":[[1,500]]`, "aquariom: state: viruses[0]: 2 numbers, want 3"},
		{`"eaten":[]`, `"eaten":[0,0]`, "aquariom: state: eaten: 0 is not an initial neutral, or is listed twice"},
		{`"eaten":[]`, `"eaten":[],"respawns":[[0,0]]`, "aquariom: state: respawns: neutral 0 back in turn 0, not after turn 0"},
		{`"turn":0`, `"turn":0,"speed":1`, `aquariom: state: json: unknown field "speed"`},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		require.EqualError(t, g.r.ParseState([]byte(bad), &State{}), tc.want, tc.to)
	}
}
