package aquariom

import (
	"fmt"
	"math"
)

// Limits of a configuration. Where the original server checked a key, its
// bound is kept (rule sheet, "Map and parameters"); the others keep every
// number finite and every buffer of a match reasonably small.
const (
	MinPlayers   = 2         // the fewest seats of a match
	MaxPlayers   = 16        // the most seats of a match, and the most max_nb_players
	MaxCells     = 64        // the most max_cells_per_player; also the most commands of one Action
	MaxSide      = 1e6       // the largest map_width and map_height
	MaxMass      = 1e6       // the largest mass of any kind
	MaxNeutrals  = 1_000_000 // the most initial neutral cells (matrix width × height)
	MaxViruses   = 128       // the most max_viruses (the original's bound)
	MaxSplit     = 64        // the most virus_max_split (the original's bound)
	MaxTurns     = 1_000_000 // the most nb_turns, repop time and isolation (the original's bound)
	maxWholeJSON = 1 << 53   // whole numbers beyond this are not exact in JSON doubles
)

// Point is a position on the map.
type Point struct{ X, Y float64 }

// SatelliteMass chooses the mass of the satellites of a virus explosion
// (rule sheet, "Virus explosion").
type SatelliteMass uint8

// The two formulas of a satellite's mass, m being the exploding cell's mass
// less the virus's (at least minimum_player_cell_mass).
const (
	SatelliteSeed      SatelliteMass = iota // m / (2 × virus_max_split), the seed's formula (default)
	SatelliteReference                      // m / (2 × n) for n satellites, the original server's
)

var satelliteNames = [...]string{"seed", "reference"}

// String returns the parameter value of m: seed or reference.
func (m SatelliteMass) String() string {
	if int(m) < len(satelliteNames) {
		return satelliteNames[m]
	}
	return fmt.Sprintf("SatelliteMass(%d)", uint8(m))
}

// ParseSatelliteMass reads a satellite_mass value: seed or reference.
func ParseSatelliteMass(text string) (SatelliteMass, error) {
	for i, n := range satelliteNames {
		if n == text {
			return SatelliteMass(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not one of seed, reference", text)
}

// Config is a complete set of rules: every key of a map file (rule sheet,
// "Map and parameters", fields in the file's spelling turned to Go), the
// satellite_mass choice and the number of seats. Check says whether it can be
// played.
type Config struct {
	MapWidth, MapHeight             float64 // the map is [0,W] × [0,H]
	MinNbPlayers, MaxNbPlayers      int     // the seat counts the map is made for
	NbStartingCellsPerPlayer        int
	PlayersStartingPositions        []Point // seat p's cells take positions p·n … p·n+n−1, n = NbStartingCellsPerPlayer
	MaxCellsPerPlayer               int
	MassAbsorption                  float64 // share of an eaten foreign or neutral cell's mass gained
	MinimumMassRatioToAbsorb        float64 // needed to eat another player's cell
	RadiusFactor                    float64 // radius = RadiusFactor × mass
	PlayerCellsStartingMass         float64
	MassLossPerFrame                float64 // each turn mass −= mass × MassLossPerFrame
	BaseCellSpeed, SpeedLossFactor  float64 // max speed = max(0, base − factor × mass)
	MinimumPlayerCellMass           float64 // player-cell masses are clamped to [minimum, maximum]
	MaximumPlayerCellMass           float64
	InitialNeutralCellsMatrixWidth  int
	InitialNeutralCellsMatrixHeight int
	InitialNeutralCellsMass         float64
	InitialNeutralCellsRepopTime    int // turns before an eaten initial neutral reappears
	MaxViruses                      int
	VirusMass                       float64
	VirusCreationMassLoss           float64
	VirusIsolationDuration          int
	VirusMaxSplit                   int
	VirusesStartingPositions        []Point
	NbTurns                         int

	SatelliteMass SatelliteMass // not a map key: seed (the default) or reference
	Players       int           // the number of seats, MinPlayers..MaxPlayers; ParseMap sets MaxNbPlayers
}

// Check returns an error naming the first key, in the rule sheet's order,
// whose value cannot be played, or nil: "max_cells_per_player: -3 is below
// 1". The bounds are the original server's checks (its odd starting-mass rule
// left out), finiteness, and the limits above.
func (c *Config) Check() error {
	var ck checker
	for _, k := range mapKeys {
		switch check, special := keyChecks[k.name]; {
		case special:
			check(&ck, c)
		case k.f != nil:
			ck.float(k.name, *k.f(c))
		default:
			ck.int(k.name, *k.i(c))
		}
	}
	if ck.err == nil && c.SatelliteMass > SatelliteReference {
		ck.fail("satellite_mass", "%d is not seed or reference", uint8(c.SatelliteMass))
	}
	switch {
	case ck.err != nil:
	case c.Players < MinPlayers || c.Players > MaxPlayers:
		ck.fail("players", "%d is out of range %d..%d", c.Players, MinPlayers, MaxPlayers)
	case c.Players < c.MinNbPlayers || c.Players > c.MaxNbPlayers:
		ck.fail("players", "%d is out of the map's range %d..%d (min_nb_players..max_nb_players)", c.Players, c.MinNbPlayers, c.MaxNbPlayers)
	case len(c.PlayersStartingPositions) < c.Players*c.NbStartingCellsPerPlayer:
		ck.fail("players_starting_positions", "%d positions for %d players × %d starting cells",
			len(c.PlayersStartingPositions), c.Players, c.NbStartingCellsPerPlayer)
	}
	return ck.err
}

// bound is the range of one key on its own, ends included unless open; a
// key's range that depends on another key (max_nb_players ≥
// min_nb_players, …) is checked besides.
type bound struct {
	lo, hi         float64
	loOpen, hiOpen bool
}

// bounds are the keys' own ranges: Check applies them, and the parameter
// specs (game.go) show them, from this one table.
var bounds = map[string]bound{
	"map_width":                           {0, MaxSide, true, false},
	"map_height":                          {0, MaxSide, true, false},
	"min_nb_players":                      {1, MaxPlayers, false, false},
	"max_nb_players":                      {1, MaxPlayers, false, false},
	"nb_starting_cells_per_player":        {1, MaxCells, false, false},
	"max_cells_per_player":                {1, MaxCells, false, false},
	"mass_absorption":                     {0, 2, true, false},
	"minimum_mass_ratio_to_absorb":        {1, 3, true, false},
	"radius_factor":                       {0, 2, true, false},
	"player_cells_starting_mass":          {0, MaxMass, true, false},
	"mass_loss_per_frame":                 {0, 1, false, true},
	"base_cell_speed":                     {0, 1000, true, false},
	"speed_loss_factor":                   {0, 100, false, false},
	"minimum_player_cell_mass":            {0, MaxMass, true, false},
	"maximum_player_cell_mass":            {0, MaxMass, true, false},
	"initial_neutral_cells_matrix_width":  {1, MaxNeutrals, false, false},
	"initial_neutral_cells_matrix_height": {1, MaxNeutrals, false, false},
	"initial_neutral_cells_mass":          {0, MaxMass, false, false},
	"initial_neutral_cells_repop_time":    {1, MaxTurns, false, false},
	"max_viruses":                         {0, MaxViruses, false, false},
	"virus_mass":                          {0, MaxMass, false, false},
	"virus_creation_mass_loss":            {0, 1, false, true},
	"virus_isolation_duration":            {0, MaxTurns, false, false},
	"virus_max_split":                     {0, MaxSplit, false, false},
	"nb_turns":                            {1, MaxTurns, false, false},
}

// float checks a number key against its own range.
func (ck *checker) float(key string, v float64) {
	b := bounds[key]
	ck.floatIn(key, v, b.lo, !b.loOpen, b.hi, !b.hiOpen)
}

// int checks a whole-number key against its own range.
func (ck *checker) int(key string, v int) {
	b := bounds[key]
	ck.intIn(key, v, int(b.lo), int(b.hi))
}

// keyChecks replace the check of a key's own range (bounds) where its
// value depends on other keys, or is a list of points.
var keyChecks = map[string]func(ck *checker, c *Config){
	"max_nb_players": func(ck *checker, c *Config) {
		ck.int("max_nb_players", c.MaxNbPlayers)
		ck.notBelow("max_nb_players", float64(c.MaxNbPlayers), "min_nb_players", float64(c.MinNbPlayers))
	},
	"players_starting_positions": func(ck *checker, c *Config) {
		ck.points("players_starting_positions", c.PlayersStartingPositions, c)
	},
	"max_cells_per_player": func(ck *checker, c *Config) {
		ck.int("max_cells_per_player", c.MaxCellsPerPlayer)
		ck.notBelow("max_cells_per_player", float64(c.MaxCellsPerPlayer), "nb_starting_cells_per_player", float64(c.NbStartingCellsPerPlayer))
	},
	"maximum_player_cell_mass": func(ck *checker, c *Config) {
		ck.float("maximum_player_cell_mass", c.MaximumPlayerCellMass)
		ck.notBelow("maximum_player_cell_mass", c.MaximumPlayerCellMass, "minimum_player_cell_mass", c.MinimumPlayerCellMass)
	},
	"initial_neutral_cells_matrix_height": func(ck *checker, c *Config) {
		ck.int("initial_neutral_cells_matrix_height", c.InitialNeutralCellsMatrixHeight)
		if w, h := c.InitialNeutralCellsMatrixWidth, c.InitialNeutralCellsMatrixHeight; ck.err == nil && w*h > MaxNeutrals {
			ck.fail("initial_neutral_cells_matrix_height", "%d × %d initial neutral cells are more than %d", w, h, MaxNeutrals)
		}
	},
	"viruses_starting_positions": func(ck *checker, c *Config) {
		ck.points("viruses_starting_positions", c.VirusesStartingPositions, c)
		if ck.err == nil && len(c.VirusesStartingPositions) > c.MaxViruses {
			ck.fail("viruses_starting_positions", "%d viruses but max_viruses is %d", len(c.VirusesStartingPositions), c.MaxViruses)
		}
	},
}

// checker keeps the first failure of a series of checks.
type checker struct{ err error }

func (ck *checker) fail(key, format string, args ...any) {
	if ck.err == nil {
		ck.err = fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...))
	}
}

func (ck *checker) intIn(key string, v, lo, hi int) {
	switch {
	case v < lo:
		ck.fail(key, "%d is below %d", v, lo)
	case v > hi:
		ck.fail(key, "%d is above %d", v, hi)
	}
}

// notBelow checks a key that may not be below another one, naming both:
// the user may have set either.
func (ck *checker) notBelow(key string, v float64, other string, lo float64) {
	if ck.err == nil && v < lo {
		ck.fail(key, "%s is below %s, %s", num(v), other, num(lo))
	}
}

// floatIn checks that v is finite and within lo..hi, each end included or
// not.
func (ck *checker) floatIn(key string, v, lo float64, loIn bool, hi float64, hiIn bool) {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		ck.fail(key, "%v is not a finite number", v)
	case loIn && v < lo:
		ck.fail(key, "%s is below %s", num(v), num(lo))
	case !loIn && v <= lo:
		ck.fail(key, "%s is not above %s", num(v), num(lo))
	case hiIn && v > hi:
		ck.fail(key, "%s is above %s", num(v), num(hi))
	case !hiIn && v >= hi:
		ck.fail(key, "%s is not below %s", num(v), num(hi))
	}
}

// points checks that every point is on the map (edges included).
func (ck *checker) points(key string, ps []Point, c *Config) {
	if ck.err != nil {
		return
	}
	for i, p := range ps {
		if !(p.X >= 0 && p.X <= c.MapWidth && p.Y >= 0 && p.Y <= c.MapHeight) {
			ck.fail(key, "point %d [%s,%s] is off the %s×%s map", i, num(p.X), num(p.Y), num(c.MapWidth), num(c.MapHeight))
			return
		}
	}
}

// num spells a number as in the map files: 1000, 0.012, 1e+06.
func num(v float64) string { return fmt.Sprint(v) }
