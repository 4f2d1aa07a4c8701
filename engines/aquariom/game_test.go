package aquariom

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestParamsFromMaps checks the wiring of the map keys as parameters: the
// defaults are the shipped duel map, every shipped map's values configure
// the same rules as the map itself, and a bad value names its key.
func TestParamsFromMaps(t *testing.T) {
	for _, name := range ShippedMaps() {
		c, err := LoadMap(name)
		require.NoError(t, err, name)
		values, err := MapLayer.Load(name)
		require.NoError(t, err, name)
		eff, err := sim.Effective(values, Params)
		require.NoError(t, err, name)
		r, err := NewFromParams(c.MaxNbPlayers, eff)
		require.NoError(t, err, name)
		c.Players = c.MaxNbPlayers
		require.Equal(t, c, r.Config(), name)
	}
	eff, err := sim.Effective(nil, Params)
	require.NoError(t, err)
	r, err := NewFromParams(2, eff)
	require.NoError(t, err)
	duel, err := LoadMap("duel")
	require.NoError(t, err)
	duel.Players = 2
	require.Equal(t, duel, r.Config(), "the defaults are the duel map")

	for params, want := range map[string]string{
		`{"max_cells_per_player":0}`:         "param max_cells_per_player: 0 is out of range 1..64",
		`{"max_cells_per_player":65}`:        "param max_cells_per_player: 65 is out of range 1..64",
		`{"minimum_player_cell_mass":500}`:   "param maximum_player_cell_mass: 400 is below minimum_player_cell_mass, 500",
		`{"min_nb_players":3}`:               "param max_nb_players: 2 is below min_nb_players, 3",
		`{"mass_loss_per_frame":1}`:          "param mass_loss_per_frame: 1 is out of range [0..1)",
		`{"map_width":0}`:                    "param map_width: 0 is out of range (0..1000000]",
		`{"satellite_mass":"half"}`:          `param satellite_mass: "half" is not one of seed, reference`,
		`{"viruses_starting_positions":[1]}`: "param viruses_starting_positions: point 0 is 1, want [x, y]",
	} {
		var p sim.Params
		require.NoError(t, json.Unmarshal([]byte(params), &p))
		eff, err := sim.Effective(p, Params)
		if err == nil {
			_, err = NewFromParams(2, eff)
		}
		require.EqualError(t, err, want, params)
	}
	_, err = NewFromParams(3, eff)
	require.EqualError(t, err, "param players: 3 is out of the map's range 2..2 (min_nb_players..max_nb_players)")
}
