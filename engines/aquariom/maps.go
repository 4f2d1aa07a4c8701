package aquariom

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/arenasim/arena/sim"
)

//go:embed maps/*.json
var shippedMaps embed.FS

// mapKey is one key of a map file and the Config field it fills: exactly
// one of f, i and p is set.
type mapKey struct {
	name string
	f    func(c *Config) *float64
	i    func(c *Config) *int
	p    func(c *Config) *[]Point
}

// mapKeys lists the keys of the original map format in the rule sheet's
// order, which is also the order Check and ParseMap report problems in.
var mapKeys = []mapKey{
	{name: "map_width", f: func(c *Config) *float64 { return &c.MapWidth }},
	{name: "map_height", f: func(c *Config) *float64 { return &c.MapHeight }},
	{name: "min_nb_players", i: func(c *Config) *int { return &c.MinNbPlayers }},
	{name: "max_nb_players", i: func(c *Config) *int { return &c.MaxNbPlayers }},
	{name: "nb_starting_cells_per_player", i: func(c *Config) *int { return &c.NbStartingCellsPerPlayer }},
	{name: "players_starting_positions", p: func(c *Config) *[]Point { return &c.PlayersStartingPositions }},
	{name: "max_cells_per_player", i: func(c *Config) *int { return &c.MaxCellsPerPlayer }},
	{name: "mass_absorption", f: func(c *Config) *float64 { return &c.MassAbsorption }},
	{name: "minimum_mass_ratio_to_absorb", f: func(c *Config) *float64 { return &c.MinimumMassRatioToAbsorb }},
	{name: "radius_factor", f: func(c *Config) *float64 { return &c.RadiusFactor }},
	{name: "player_cells_starting_mass", f: func(c *Config) *float64 { return &c.PlayerCellsStartingMass }},
	{name: "mass_loss_per_frame", f: func(c *Config) *float64 { return &c.MassLossPerFrame }},
	{name: "base_cell_speed", f: func(c *Config) *float64 { return &c.BaseCellSpeed }},
	{name: "speed_loss_factor", f: func(c *Config) *float64 { return &c.SpeedLossFactor }},
	{name: "minimum_player_cell_mass", f: func(c *Config) *float64 { return &c.MinimumPlayerCellMass }},
	{name: "maximum_player_cell_mass", f: func(c *Config) *float64 { return &c.MaximumPlayerCellMass }},
	{name: "initial_neutral_cells_matrix_width", i: func(c *Config) *int { return &c.InitialNeutralCellsMatrixWidth }},
	{name: "initial_neutral_cells_matrix_height", i: func(c *Config) *int { return &c.InitialNeutralCellsMatrixHeight }},
	{name: "initial_neutral_cells_mass", f: func(c *Config) *float64 { return &c.InitialNeutralCellsMass }},
	{name: "initial_neutral_cells_repop_time", i: func(c *Config) *int { return &c.InitialNeutralCellsRepopTime }},
	{name: "max_viruses", i: func(c *Config) *int { return &c.MaxViruses }},
	{name: "virus_mass", f: func(c *Config) *float64 { return &c.VirusMass }},
	{name: "virus_creation_mass_loss", f: func(c *Config) *float64 { return &c.VirusCreationMassLoss }},
	{name: "virus_isolation_duration", i: func(c *Config) *int { return &c.VirusIsolationDuration }},
	{name: "virus_max_split", i: func(c *Config) *int { return &c.VirusMaxSplit }},
	{name: "viruses_starting_positions", p: func(c *Config) *[]Point { return &c.VirusesStartingPositions }},
	{name: "nb_turns", i: func(c *Config) *int { return &c.NbTurns }},
}

// MapKeys returns the keys of a map file, in the rule sheet's order.
func MapKeys() []string {
	names := make([]string, len(mapKeys))
	for i, k := range mapKeys {
		names[i] = k.name
	}
	return names
}

// SetKey sets the field of map key name from its JSON value, checking the
// value's type only (a number, a whole number, or a list of [x, y] pairs):
// Check judges the values. Its errors name the key: `max_viruses: "many"
// is not a number`.
func (c *Config) SetKey(name string, value json.RawMessage) error {
	i := slices.IndexFunc(mapKeys, func(k mapKey) bool { return k.name == name })
	if i < 0 {
		return fmt.Errorf("unknown key %q", name)
	}
	k := mapKeys[i]
	var err error
	switch {
	case k.f != nil:
		*k.f(c), err = readNumber(value)
	case k.i != nil:
		*k.i(c), err = readWhole(value)
	default:
		*k.p(c), err = readPoints(value)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// readNumber reads a JSON number (not a string holding one).
func readNumber(value json.RawMessage) (float64, error) {
	var v any
	n, ok := v.(json.Number)
	if err := strictDecode(value, &v); err == nil {
		n, ok = v.(json.Number)
	}
	if !ok {
		return 0, fmt.Errorf("%s is not a number", excerpt(value))
	}
	f, err := n.Float64()
	if err != nil || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%s is out of range", n)
	}
	return f, nil
}

// readWhole reads a JSON number with a whole value: 16 or 16.0, not 16.5.
func readWhole(value json.RawMessage) (int, error) {
	v, err := readNumber(value)
	switch {
	case err != nil:
		return 0, err
	case v != math.Trunc(v):
		return 0, fmt.Errorf("%s is not a whole number", num(v))
	case math.Abs(v) > maxWholeJSON:
		return 0, fmt.Errorf("%s is out of range", num(v))
	}
	return int(v), nil
}

// readPoints reads a list of [x, y] pairs of numbers with the shared
// reader of point lists.
func readPoints(value json.RawMessage) ([]Point, error) {
	t, err := sim.ReadTuples[float64](value, "point", "x", "y")
	if err != nil {
		return nil, err
	}
	ps := make([]Point, len(t))
	for i, p := range t {
		ps[i] = Point{p[0], p[1]}
	}
	return ps, nil
}

// strictDecode reads one JSON value into v, numbers as json.Number.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// excerpt spells a JSON value for an error message, cut if long.
func excerpt(value json.RawMessage) string {
	s := strings.Join(strings.Fields(string(value)), " ")
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// ParseMap reads a map in the original JSON format (rule sheet, "Map and
// parameters"), a UTF-8 byte-order mark allowed: every key present once, no
// other key, each of its type, and the whole checked by Check. The result
// has Players = max_nb_players and SatelliteMass = seed. Every error is one
// line starting with name: "map2p.json: max_cells_per_player: -3 is below 1".
func ParseMap(data []byte, name string) (Config, error) {
	c, err := parseMap(sim.TrimBOM(data))
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

func parseMap(data []byte) (Config, error) {
	var c Config
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return c, jsonError(data, err)
	}
	if obj == nil {
		return c, errors.New("not a JSON object")
	}
	// The file is valid JSON: the walk fails only on a repeated key, or on
	// a number out of float64's range, which its key's reading reports.
	var dup *sim.DuplicateKeyError
	if err := sim.CheckDuplicateKeys(data); errors.As(err, &dup) {
		return c, err
	}
	var unknown []string
	for key := range obj {
		if !slices.ContainsFunc(mapKeys, func(k mapKey) bool { return k.name == key }) {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return c, fmt.Errorf("unknown key %s", sim.Quote(unknown[0]))
	}
	for _, k := range mapKeys {
		value, ok := obj[k.name]
		if !ok {
			return c, fmt.Errorf("missing key %q", k.name)
		}
		if err := c.SetKey(k.name, value); err != nil {
			return c, err
		}
	}
	c.Players = c.MaxNbPlayers
	return c, c.Check()
}

// jsonError words a JSON error of data on one line, with its line number
// where encoding/json gives an offset.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("line %d: invalid JSON: %s", lineAt(data, syn.Offset), syn.Error())
	case errors.As(err, &typ):
		return errors.New("not a JSON object")
	}
	return err
}

// lineAt returns the line of byte offset off of data, from 1.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte{'\n'})
}

// ShippedMaps returns the names of the maps shipped with the engine, sorted.
func ShippedMaps() []string {
	entries, _ := fs.ReadDir(shippedMaps, "maps")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".json"))
	}
	slices.Sort(names)
	return names
}

// LoadMap returns the shipped map called name, or else reads the JSON file
// at that path (at most sim.MaxMapBytes). A name without a slash or a .json
// suffix that names no shipped map is refused rather than looked for on
// disk, so that a typo says which maps exist.
func LoadMap(name string) (Config, error) {
	if slices.Contains(ShippedMaps(), name) {
		data, err := shippedMaps.ReadFile("maps/" + name + ".json")
		if err != nil {
			return Config{}, err
		}
		return ParseMap(data, name)
	}
	if !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".json") {
		return Config{}, fmt.Errorf("unknown map %q (shipped: %s; or give the path of a JSON map file)", name, strings.Join(ShippedMaps(), ", "))
	}
	data, err := sim.ReadFile(name, sim.MaxMapBytes)
	if err != nil {
		return Config{}, err
	}
	return ParseMap(data, name)
}
