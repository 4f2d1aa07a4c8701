package aquariom

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// originalMaps is where the original map files are kept beside the
// repository; the tests that read them skip when it is absent.
const originalMaps = "../../../shared/data/aquariom"

// sheetDefaults is the rule sheet's table (map2p values), which every
// shipped map follows but for players, positions and turns.
func sheetDefaults(c Config) Config {
	c.MapWidth, c.MapHeight = 4000, 3000
	c.NbStartingCellsPerPlayer, c.MaxCellsPerPlayer = 1, 16
	c.MassAbsorption, c.MinimumMassRatioToAbsorb, c.RadiusFactor = 0.8, 1.25, 1
	c.PlayerCellsStartingMass, c.MassLossPerFrame = 20, 0.012
	c.BaseCellSpeed, c.SpeedLossFactor = 80, 0.15
	c.MinimumPlayerCellMass, c.MaximumPlayerCellMass = 1, 400
	c.InitialNeutralCellsMatrixWidth, c.InitialNeutralCellsMatrixHeight = 100, 75
	c.InitialNeutralCellsMass, c.InitialNeutralCellsRepopTime = 0.5, 30
	c.MaxViruses, c.VirusMass, c.VirusCreationMassLoss = 64, 100, 0.2
	c.VirusIsolationDuration, c.VirusMaxSplit = 30, 8
	c.SatelliteMass = SatelliteSeed
	return c
}

func TestShippedMaps(t *testing.T) {
	require.Equal(t, []string{"duel", "duel600", "ffa4", "ffa8"}, ShippedMaps())
	for _, tc := range []struct {
		name           string
		players, turns int
	}{
		{"duel", 2, 1000}, {"duel600", 2, 600}, {"ffa4", 4, 1000}, {"ffa8", 8, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadMap(tc.name)
			require.NoError(t, err)
			require.Equal(t, sheetDefaults(c), c, "the sheet's values")
			require.Equal(t, 2, c.MinNbPlayers)
			require.Equal(t, tc.players, c.MaxNbPlayers)
			require.Equal(t, tc.players, c.Players)
			require.Equal(t, tc.turns, c.NbTurns)
			require.Len(t, c.PlayersStartingPositions, tc.players)
			// Point-symmetric starts: no seat has a better corner.
			for i := 0; i < len(c.PlayersStartingPositions); i += 2 {
				p, q := c.PlayersStartingPositions[i], c.PlayersStartingPositions[i+1]
				require.Equal(t, Point{4000 - p.X, 3000 - p.Y}, q)
			}
			// Every seat count the map allows plays.
			for players := c.MinNbPlayers; players <= c.MaxNbPlayers; players++ {
				c.Players = players
				g := newGame(t, c)
				for range 3 {
					g.step()
				}
			}
		})
	}
	c, err := LoadMap("duel")
	require.NoError(t, err)
	require.Equal(t, []Point{{1000, 1500}, {3000, 1500}}, c.PlayersStartingPositions)
	require.Equal(t, []Point{{2000, 1500}}, c.VirusesStartingPositions)

	_, err = LoadMap("dual")
	require.EqualError(t, err, `unknown map "dual" (shipped: duel, duel600, ffa4, ffa8; or give the path of a JSON map file)`)
	_, err = LoadMap("/no/such/map.json")
	require.EqualError(t, err, "/no/such/map.json: no such file or directory")
}

func TestOriginalMapsLoadUnchanged(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(originalMaps, "*.json"))
	if len(files) == 0 {
		t.Skip("no original maps beside the repository")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			c, err := LoadMap(f)
			require.NoError(t, err)
			require.Equal(t, sheetDefaults(c), c, "the sheet's table holds for every original map")
			require.Equal(t, c.MaxNbPlayers, c.Players)
			require.Contains(t, []int{600, 1000}, c.NbTurns)
			g := newGame(t, c)
			g.step()
		})
	}
	c, err := LoadMap(filepath.Join(originalMaps, "map2p.json"))
	require.NoError(t, err)
	want := sheetDefaults(Config{MinNbPlayers: 2, MaxNbPlayers: 2, Players: 2, NbTurns: 1000,
		PlayersStartingPositions: []Point{{1000, 1500}, {3000, 1500}},
		VirusesStartingPositions: []Point{{2000, 1500}}})
	require.Equal(t, want, c)
}

// validMap returns the text of a valid map (the tiny test map) with key
// set to value, or removed if value is "".
func validMap(t *testing.T, key, value string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/tiny.json")
	require.NoError(t, err)
	var obj map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &obj))
	if value == "" {
		delete(obj, key)
	} else {
		obj[key] = json.RawMessage(value)
	}
	out, err := json.Marshal(obj)
	require.NoError(t, err)
	return out
}

func TestBadMaps(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		err        string
	}{
		{"max_cells_per_player", "-3", "map.json: max_cells_per_player: -3 is below 1"},
		{"max_cells_per_player", "65", "max_cells_per_player: 65 is above 64"},
		{"max_cells_per_player", "16.5", "max_cells_per_player: 16.5 is not a whole number"},
		{"max_cells_per_player", `"16"`, `max_cells_per_player: "16" is not a number`},
		{"map_width", "0", "map.json: map_width: 0 is not above 0"},
		{"map_height", "-1", "map_height: -1 is not above 0"},
		{"map_width", "1e400", "map_width: 1e400 is out of range"},
		{"map_width", "null", "map_width: null is not a number"},
		{"map_width", "[4000]", "map_width: [4000] is not a number"},
		{"min_nb_players", "0", "min_nb_players: 0 is below 1"},
		{"max_nb_players", "1", "max_nb_players: 1 is below min_nb_players, 2"},
		{"max_nb_players", "17", "max_nb_players: 17 is above 16"},
		{"max_nb_players", "4", "players_starting_positions: 3 positions for 4 players × 1 starting cells"},
		{"nb_starting_cells_per_player", "2", "players_starting_positions: 3 positions for 3 players × 2 starting cells"},
		{"nb_starting_cells_per_player", "0", "nb_starting_cells_per_player: 0 is below 1"},
		{"players_starting_positions", "[[1,2],[3]]", "players_starting_positions: point 1 is [3], want [x, y]"},
		{"players_starting_positions", `[[1,2],["a",3]]`, `players_starting_positions: point 1: "a" is not a number`},
		{"players_starting_positions", `{"x":1}`, `players_starting_positions: {"x":1} is not a list of [x, y] points`},
		{"players_starting_positions", "[[1,2],[3,4],[1000.5,4]]", "players_starting_positions: point 2 [1000.5,4] is off the 1000×1000 map"},
		{"players_starting_positions", "[[1,2],[3,-4],[5,6]]", "point 1 [3,-4] is off the 1000×1000 map"},
		{"mass_absorption", "0", "mass_absorption: 0 is not above 0"},
		{"mass_absorption", "2.5", "mass_absorption: 2.5 is above 2"},
		{"minimum_mass_ratio_to_absorb", "1", "minimum_mass_ratio_to_absorb: 1 is not above 1"},
		{"radius_factor", "-1", "radius_factor: -1 is not above 0"},
		{"player_cells_starting_mass", "0", "player_cells_starting_mass: 0 is not above 0"},
		{"mass_loss_per_frame", "1", "mass_loss_per_frame: 1 is not below 1"},
		{"mass_loss_per_frame", "-0.1", "mass_loss_per_frame: -0.1 is below 0"},
		{"base_cell_speed", "1001", "base_cell_speed: 1001 is above 1000"},
		{"speed_loss_factor", "-1", "speed_loss_factor: -1 is below 0"},
		{"minimum_player_cell_mass", "0", "minimum_player_cell_mass: 0 is not above 0"},
		{"maximum_player_cell_mass", "0.5", "maximum_player_cell_mass: 0.5 is below minimum_player_cell_mass, 1"},
		{"initial_neutral_cells_matrix_width", "0", "initial_neutral_cells_matrix_width: 0 is below 1"},
		{"initial_neutral_cells_matrix_height", "1000001", "initial_neutral_cells_matrix_height: 1000001 is above 1000000"},
		{"initial_neutral_cells_matrix_width", "1000001", "initial_neutral_cells_matrix_width: 1000001 is above 1000000"},
		{"initial_neutral_cells_mass", "-1", "initial_neutral_cells_mass: -1 is below 0"},
		{"initial_neutral_cells_repop_time", "0", "initial_neutral_cells_repop_time: 0 is below 1"},
		{"max_viruses", "-1", "max_viruses: -1 is below 0"},
		{"max_viruses", "129", "max_viruses: 129 is above 128"},
		{"virus_mass", "-100", "virus_mass: -100 is below 0"},
		{"virus_creation_mass_loss", "1", "virus_creation_mass_loss: 1 is not below 1"},
		{"virus_isolation_duration", "-1", "virus_isolation_duration: -1 is below 0"},
		{"virus_max_split", "65", "virus_max_split: 65 is above 64"},
		{"viruses_starting_positions", "[[1,2],[3,4],[5,6],[7,8],[9,10]]", "viruses_starting_positions: 5 viruses but max_viruses is 4"},
		{"viruses_starting_positions", "null", "viruses_starting_positions: null is not a list of [x, y] points"},
		{"nb_turns", "0", "nb_turns: 0 is below 1"},
		{"nb_turns", "1e7", "nb_turns: 10000000 is above 1000000"},
		{"nb_turns", "1e20", "nb_turns: 1e+20 is out of range"},
		{"nb_turns", "", `map.json: missing key "nb_turns"`},
		{"map_width", "", `missing key "map_width"`},
		{"speed", "3", `map.json: unknown key "speed"`},
		{"satellite_mass", `"seed"`, `unknown key "satellite_mass"`},
	} {
		t.Run(tc.key+"="+tc.value, func(t *testing.T) {
			_, err := ParseMap(validMap(t, tc.key, tc.value), "map.json")
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.err)
			require.True(t, strings.HasPrefix(err.Error(), "map.json: "), err.Error())
			require.NotContains(t, err.Error(), "\n")
		})
	}

	for _, tc := range []struct {
		name, text, err string
	}{
		{"not an object", `[1, 2]`, "map.json: not a JSON object"},
		{"null", `null`, "map.json: not a JSON object"},
		{"empty", ``, "map.json: line 1: invalid JSON: unexpected end of JSON input"},
		{"syntax", "{\n\"map_width\": 4000,\n\"map_height\" 3000}", "map.json: line 3: invalid JSON: invalid character '3' after object key"},
		{"a duplicate key", `{"nb_turns": 1, "nb_turns": 2}`, `map.json: duplicate key "nb_turns"`},
		{"trailing data", `{} {}`, "map.json: line 1: invalid JSON: invalid character '{' after top-level value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMap([]byte(tc.text), "map.json")
			require.EqualError(t, err, tc.err)
		})
	}
}

func TestMapByteOrderMark(t *testing.T) {
	data, err := os.ReadFile("testdata/tiny.json")
	require.NoError(t, err)
	plain, err := ParseMap(data, "plain")
	require.NoError(t, err)
	bom, err := ParseMap(append([]byte{0xef, 0xbb, 0xbf}, data...), "bom")
	require.NoError(t, err)
	require.Equal(t, plain, bom)
}

func TestConfigCheck(t *testing.T) {
	c := tinyConfig(t, `{}`)
	require.NoError(t, c.Check())
	for _, tc := range []struct {
		change func(c *Config)
		err    string
	}{
		{func(c *Config) { c.Players = 1 }, "players: 1 is out of range 2..16"},
		{func(c *Config) { c.Players = 17 }, "players: 17 is out of range 2..16"},
		{func(c *Config) { c.MinNbPlayers = 3; c.Players = 2 }, "players: 2 is out of the map's range 3..3 (min_nb_players..max_nb_players)"},
		{func(c *Config) { c.Players = 4; c.MaxNbPlayers = 4 }, "players_starting_positions: 3 positions for 4 players × 1 starting cells"},
		{func(c *Config) { c.SatelliteMass = 2 }, "satellite_mass: 2 is not seed or reference"},
		{func(c *Config) { c.MassAbsorption = -0.0 }, "mass_absorption: 0 is not above 0"},
		{func(c *Config) { c.VirusMass = math.NaN() }, "virus_mass: NaN is not a finite number"},
		{func(c *Config) { c.MaximumPlayerCellMass = 2e6 }, "maximum_player_cell_mass: 2e+06 is above 1e+06"},
		{func(c *Config) { c.MapWidth = 1e7 }, "map_width: 1e+07 is above 1e+06"},
	} {
		c := tinyConfig(t, `{}`)
		tc.change(&c)
		require.EqualError(t, c.Check(), tc.err)
		_, err := New(c)
		require.EqualError(t, err, tc.err)
	}
	c = tinyConfig(t, `{"initial_neutral_cells_matrix_width":1001,"initial_neutral_cells_matrix_height":1000}`)
	require.EqualError(t, c.Check(), "initial_neutral_cells_matrix_height: 1001 × 1000 initial neutral cells are more than 1000000")
	m, err := ParseSatelliteMass("reference")
	require.NoError(t, err)
	require.Equal(t, SatelliteReference, m)
	require.Equal(t, "reference", m.String())
	_, err = ParseSatelliteMass("half")
	require.EqualError(t, err, `"half" is not one of seed, reference`)
	require.Len(t, MapKeys(), 27)
	require.EqualError(t, c.SetKey("speed", json.RawMessage(`1`)), `unknown key "speed"`)
}

// New keeps its own position lists: changing the caller's later changes
// nothing.
func TestNewCopiesPositions(t *testing.T) {
	c := tinyConfig(t, `{}`)
	r, err := New(c)
	require.NoError(t, err)
	c.PlayersStartingPositions[0] = Point{1, 1}
	require.Equal(t, Point{100, 100}, r.Config().PlayersStartingPositions[0])
}
