package vampires

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSketchesReadBack: a sketched position, written as JSON, reads back
// to the same hash and JSON.
func TestSketchesReadBack(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, "V3 . H2", ". W300 .")
	s.ply, s.forfeit = 3, 1
	data := r.AppendState(nil, s)
	back := &State{}
	require.NoError(t, r.ParseState(data, back))
	checkInvariants(t, back)
	require.Equal(t, r.Hash(s), r.Hash(back))
	require.Equal(t, string(data), string(r.AppendState(nil, back)))
	require.Equal(t, draw(s), draw(back))
}

func TestParseStateRefusesWhatTheRulesCannotReach(t *testing.T) {
	r := newRules(t, `{}`)
	state := func(fields string) string {
		return `{"ply":0,"rows":2,"columns":3,"to_act":0,"over":false,"forfeit":null,"species":["vampires","werewolves"],` + fields + `}`
	}
	for data, want := range map[string]string{
		state(`"population":[0,0,0],"cells":[[3,0,1,0,0]]`):             "vampires: state: cells[0]: (3,0) is off the grid",
		state(`"population":[0,0,0],"cells":[[0,0,1,1,0]]`):             "vampires: state: cells[0]: two kinds on one cell",
		state(`"population":[0,0,0],"cells":[[0,0,0,0,0]]`):             "vampires: state: cells[0]: (0,0) listed empty",
		state(`"population":[2,0,0],"cells":[[0,0,1,0,0],[0,0,1,0,0]]`): "vampires: state: cells[1]: (0,0) listed twice",
		state(`"population":[5,0,0],"cells":[[0,0,1,0,0]]`):             "vampires: state: population [5 0 0], and the cells hold [1 0 0]",
		state(`"population":[0,0,0],"cells":[[0,0,-1,0,0]]`):            "vampires: state: cells[0]: a count of -1",
		`{"ply":1,"rows":2,"columns":3,"to_act":0,"over":false,"forfeit":null,"species":["vampires","werewolves"],"population":[0,0,0],"cells":[]}`: "vampires: state: to_act 0 after 1 plies, want 1",
		`{"ply":0,"rows":2,"columns":3,"to_act":0,"over":false,"forfeit":null,"species":["werewolves","vampires"],"population":[0,0,0],"cells":[]}`: "vampires: state: species [werewolves vampires], and the rules' are [vampires werewolves]",
		`{"ply":0,"rows":0,"columns":3,"to_act":0,"over":false,"forfeit":null,"species":["vampires","werewolves"],"population":[0,0,0],"cells":[]}`: "vampires: state: a grid of 0 rows and 3 columns, not within 1..255",
		`{"ply":0,"rows":2,"columns":3,"to_act":0,"over":false,"forfeit":2,"species":["vampires","werewolves"],"population":[0,0,0],"cells":[]}`:    "vampires: state: forfeit 2, want 0, 1 or null",
	} {
		require.EqualError(t, r.ParseState([]byte(data), &State{}), want, data)
	}
}
