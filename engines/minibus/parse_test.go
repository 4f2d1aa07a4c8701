package minibus

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParseStateRefusesWhatTheRulesCannotReach: a state written by the
// rules reads back; each refusal names the field at fault.
func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	g := newGame(t, `{"start_money":1000,`+layout+`}`, nil)
	g.addPassenger(0, 2)
	require.Empty(t, g.play("BUS 0", "BUS 1"))
	good := string(g.r.AppendState(nil, g.s))
	back := &State{}
	require.NoError(t, g.r.ParseState([]byte(good), back))
	require.Equal(t, g.r.Hash(g.s), g.r.Hash(back))
	require.Equal(t, good, string(g.r.AppendState(nil, back)))
	for _, tc := range []struct{ from, to, want string }{
		{`"grid_size":`, `"grid_size":99,"x":`, `minibus: state: json: unknown field "x"`},
		{`"status":"playing"`, `"status":"asleep"`, `minibus: state: players[0].status: "asleep" (want one of [playing lost won finished])`},
		{`{"owner":1`, `{"owner":7`, "minibus: state: buses[1].owner: 7 is no player"},
		{`"dest":0`, `"dest":9`, "minibus: state: buses[0].dest: 9 is no station"},
		{`"riders":[[0,2]]`, `"riders":[[0,2],[0,2]]`, "minibus: state: buses[0].riders[1]: passenger 0 is not 0..0 or is listed twice"},
		{`"riders":[[0,2]]`, `"riders":[[0,5]]`, "minibus: state: buses[0].riders[0]: destination 5 is no station"},
	} {
		require.Contains(t, good, tc.from)
		bad := strings.Replace(good, tc.from, tc.to, 1)
		require.EqualError(t, g.r.ParseState([]byte(bad), &State{}), tc.want, tc.to)
	}
}
