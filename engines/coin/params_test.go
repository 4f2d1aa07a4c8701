package coin

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

func TestDefaults(t *testing.T) {
	r := newRules(t, `{}`)
	require.Equal(t, &Rules{Players: 2, Draws: 0}, r)
	require.Equal(t, 2, r.Seats())
	require.Equal(t, &Rules{Players: 2, Draws: 0.25}, newRules(t, `{"draws":0.25}`))
	require.Equal(t, &Rules{Players: 16}, newRules(t, `{"players":16,"draws":0}`))
}

func TestParamErrors(t *testing.T) {
	for _, tc := range []struct {
		overrides string
		err       string
		also      []string
	}{
		{`{"players":1}`, "param players: 1 is out of range 2..16", nil},
		{`{"players":17}`, "param players: 17 is out of range 2..16", nil},
		{`{"players":2.5}`, "param players: 2.5 is not a whole number", nil},
		{`{"draws":-0.1}`, "param draws: -0.1 is out of range 0..1", nil},
		{`{"draws":1.5}`, "param draws: 1.5 is out of range 0..1", nil},
		{`{"draws":"some"}`, `param draws: "some" is not a number`, nil},
		{`{"draws":0.1,"players":4}`, "param draws: 0.1 needs players = 2, got 4", []string{"players"}},
		{`{"draws":1,"players":3}`, "param draws: 1 needs players = 2, got 3", []string{"players"}},
	} {
		t.Run(tc.overrides, func(t *testing.T) {
			eff, err := sim.Effective(simtest.ParamsJSON(t, tc.overrides), Params)
			if err == nil { // the spec refuses it, or else the constructor
				_, err = New(sim.Seats(eff), eff)
			}
			require.EqualError(t, err, tc.err)
			var pe *sim.ParamError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, tc.also, pe.Also)
		})
	}
}
