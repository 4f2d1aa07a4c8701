package minibus

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestDefaults(t *testing.T) {
	r := newRules(t, `{}`)
	require.Equal(t, Config{
		Players: 2, GridSize: 10, MaxTurns: 500, StartMoney: 150, GoalMoney: 1500,
		MaxStations: 10, InitialStations: 3, StationEvery: 25, MaxBuses: 4,
		BusPrice: 100, UpgradePrice: 50, SBPrice: 100, SBMax: 2, SPPrice: 200, SPMax: 2, CTPrice: 100, CTMax: 5,
		Boarding: FewestRiders,
	}, r.Config)
	require.Nil(t, r.Stations)
	require.Equal(t, 2, r.Seats())
	require.Equal(t, MostFreeSeats, newRules(t, `{"boarding":"free_seats"}`).Boarding)
	require.Equal(t, "free_seats", MostFreeSeats.String())
	require.Equal(t, []StationSpec{{1, 2, 5}, {0, 0, 29}}, newRules(t, `{"stations":[[1,2,5],[0,0,29]]}`).Stations)
}

func TestParamErrors(t *testing.T) {
	for _, tc := range []struct {
		overrides string
		err       string
	}{
		{`{"players":0}`, "param players: 0 is out of range 1..4"},
		{`{"players":5}`, "param players: 5 is out of range 1..4"},
		{`{"grid_size":0}`, "param grid_size: 0 is out of range 1..100"},
		{`{"grid_size":3}`, "param grid_size: a 3×3 grid has 9 points, fewer than max_stations 10"},
		{`{"max_stations":11}`, "param max_stations: 11 is out of range 1..10"},
		{`{"max_stations":4,"initial_stations":5}`, "param initial_stations: 5 is out of range 1..4"},
		{`{"max_turns":0}`, "param max_turns: 0 is out of range 1..100000"},
		{`{"start_money":-1}`, "param start_money: -1 is out of range 0..1000000000"},
		{`{"ct_max":"five"}`, `param ct_max: "five" is not a whole number`},
		{`{"boarding":"random"}`, `param boarding: "random" is not one of referee, free_seats`},
		{`{"stations":"none"}`, `param stations: "none" is not a list of [x, y, capacity] stations`},
		{`{"stations":[[1,2]]}`, "param stations: station 0 is [1,2], want [x, y, capacity]"},
		{`{"stations":[[1,2,5],[10,0,5]]}`, "param stations: station 1 [10,0] is off the 10×10 grid"},
		{`{"stations":[[1,2,5],[1,-1,5]]}`, "param stations: station 1 [1,-1] is off the 10×10 grid"},
		{`{"stations":[[1,2,0]]}`, "param stations: station 0 has capacity 0, out of range 1..29"},
		{`{"stations":[[1,2,30]]}`, "param stations: station 0 has capacity 30, out of range 1..29"},
		{`{"stations":[[1,2,5],[3,3,5],[1,2,6]]}`, "param stations: stations 0 and 2 are both at [1,2]"},
		{`{"max_stations":2,"initial_stations":1,"stations":[[1,2,5],[3,3,5],[4,4,6]]}`, "param stations: 3 stations, more than max_stations 2"},
	} {
		t.Run(tc.overrides, func(t *testing.T) {
			var p sim.Params
			require.NoError(t, json.Unmarshal([]byte(tc.overrides), &p))
			eff, err := sim.Effective(p, Params)
			if err == nil { // the spec refuses it, or else the constructor
				_, err = New(sim.Seats(eff), eff)
			}
			require.EqualError(t, err, tc.err)
			var pe *sim.ParamError
			require.ErrorAs(t, err, &pe)
		})
	}
}

func TestStateJSONAndHash(t *testing.T) {
	g := newGame(t, `{"max_stations":2,"initial_stations":2,"stations":[[0,0,5],[2,1,6]]}`, nil)
	h0 := g.r.Hash(g.s)
	g.addPassenger(0, 1)
	h1 := g.r.Hash(g.s)
	require.NotEqual(t, h0, h1, "a waiting passenger counts")
	g.play("BUS 0", "PASS")
	require.NotEqual(t, h1, g.r.Hash(g.s))
	g.play("DESTINATION 0 1", "FOO")
	got := string(g.r.AppendState(nil, g.s))
	require.True(t, json.Valid([]byte(got)), got)
	require.Equal(t, `{"turn":2,"over":true,"grid_size":10,`+
		`"players":[{"money":50,"sb":0,"sp":0,"ct":0,"status":"finished","score":548,"end_turn":2},{"money":150,"sb":0,"sp":0,"ct":0,"status":"lost","score":0,"end_turn":2}],`+
		`"stations":[{"x":0,"y":0,"capacity":5,"queue":[]},{"x":2,"y":1,"capacity":6,"queue":[]}],`+
		`"buses":[{"owner":0,"x":1,"y":1,"dest":1,"cars":1,"bought":1,"destroyed":false,"riders":[[0,1]]}],`+
		`"passengers":1,"delivered":0,"lost":0,`+
		`"od":[[0,40,20,10,10,5,5,5,3,2],[40,0,20,10,10,5,5,5,3,2],[40,20,0,10,10,5,5,5,3,2],[40,20,10,0,10,5,5,5,3,2],[40,20,10,10,0,5,5,5,3,2],[40,20,10,10,5,0,5,5,3,2],[40,20,10,10,5,5,0,5,3,2],[40,20,10,10,5,5,5,0,3,2],[40,20,10,10,5,5,5,3,0,2],[40,20,10,10,5,5,5,3,2,0]]}`, got)

	// The state is reused: a new match starts afresh, whatever the last one left.
	s2 := &State{}
	g.r.Init(s2, highRand())
	g.r.Init(g.s, highRand())
	require.Equal(t, g.r.Hash(s2), g.r.Hash(g.s))
	require.Equal(t, string(g.r.AppendState(nil, s2)), string(g.r.AppendState(nil, g.s)))
}

func TestViewJSON(t *testing.T) {
	g := newGame(t, `{"max_stations":2,"initial_stations":2,"stations":[[0,0,5],[2,1,6]]}`, nil)
	g.addPassenger(0, 1)
	g.play("BUS 0", "PASS") // the bus loads passenger 0 at station 0
	var v View
	g.r.Observe(g.s, 1, &v)
	got := string(v.AppendJSON(nil))
	require.True(t, json.Valid([]byte(got)), got)
	require.Equal(t, `{"turn":1,"over":false,"grid_size":10,`+
		`"players":[{"money":50,"sb":0,"sp":0,"ct":0,"status":"playing","score":0,"end_turn":0},{"money":150,"sb":0,"sp":0,"ct":0,"status":"playing","score":0,"end_turn":0}],`+
		`"stations":[{"x":0,"y":0,"capacity":5,"queue":[]},{"x":2,"y":1,"capacity":6,"queue":[]}],`+
		`"buses":[{"owner":0,"x":0,"y":0,"dest":0,"cars":1,"bought":1,"destroyed":false,"riders":[[0,1]]}],`+
		`"passengers":1,"delivered":0,"lost":0,`+
		`"seat":1,"new_station":-1,"spawned":[],"boarded":[[0,0]],"dropped":[]}`, got)
	require.NotContains(t, got, `"od"`, "players are not told the origin–destination matrix")
}
