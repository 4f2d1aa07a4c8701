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
	ck.floatIn("map_width", c.MapWidth, 0, false, MaxSide, true)
	ck.floatIn("map_height", c.MapHeight, 0, false, MaxSide, true)
	ck.intIn("min_nb_players", c.MinNbPlayers, 1, MaxPlayers)
	ck.intIn("max_nb_players", c.MaxNbPlayers, max(c.MinNbPlayers, 1), MaxPlayers)
	ck.intIn("nb_starting_cells_per_player", c.NbStartingCellsPerPlayer, 1, MaxCells)
	ck.points("players_starting_positions", c.PlayersStartingPositions, c)
	ck.intIn("max_cells_per_player", c.MaxCellsPerPlayer, max(c.NbStartingCellsPerPlayer, 1), MaxCells)
	ck.floatIn("mass_absorption", c.MassAbsorption, 0, false, 2, true)
	ck.floatIn("minimum_mass_ratio_to_absorb", c.MinimumMassRatioToAbsorb, 1, false, 3, true)
	ck.floatIn("radius_factor", c.RadiusFactor, 0, false, 2, true)
	ck.floatIn("player_cells_starting_mass", c.PlayerCellsStartingMass, 0, false, MaxMass, true)
	ck.floatIn("mass_loss_per_frame", c.MassLossPerFrame, 0, true, 1, false)
	ck.floatIn("base_cell_speed", c.BaseCellSpeed, 0, false, 1000, true)
	ck.floatIn("speed_loss_factor", c.SpeedLossFactor, 0, true, 100, true)
	ck.floatIn("minimum_player_cell_mass", c.MinimumPlayerCellMass, 0, false, MaxMass, true)
	ck.floatIn("maximum_player_cell_mass", c.MaximumPlayerCellMass, c.MinimumPlayerCellMass, true, MaxMass, true)
	ck.intIn("initial_neutral_cells_matrix_width", c.InitialNeutralCellsMatrixWidth, 1, MaxNeutrals)
	ck.intIn("initial_neutral_cells_matrix_height", c.InitialNeutralCellsMatrixHeight, 1, MaxNeutrals)
	if w, h := c.InitialNeutralCellsMatrixWidth, c.InitialNeutralCellsMatrixHeight; ck.err == nil && w*h > MaxNeutrals {
		ck.fail("initial_neutral_cells_matrix_height", "%d × %d initial neutral cells are more than %d", w, h, MaxNeutrals)
	}
	ck.floatIn("initial_neutral_cells_mass", c.InitialNeutralCellsMass, 0, true, MaxMass, true)
	ck.intIn("initial_neutral_cells_repop_time", c.InitialNeutralCellsRepopTime, 1, MaxTurns)
	ck.intIn("max_viruses", c.MaxViruses, 0, MaxViruses)
	ck.floatIn("virus_mass", c.VirusMass, 0, true, MaxMass, true)
	ck.floatIn("virus_creation_mass_loss", c.VirusCreationMassLoss, 0, true, 1, false)
	ck.intIn("virus_isolation_duration", c.VirusIsolationDuration, 0, MaxTurns)
	ck.intIn("virus_max_split", c.VirusMaxSplit, 0, MaxSplit)
	ck.points("viruses_starting_positions", c.VirusesStartingPositions, c)
	if ck.err == nil && len(c.VirusesStartingPositions) > c.MaxViruses {
		ck.fail("viruses_starting_positions", "%d viruses but max_viruses is %d", len(c.VirusesStartingPositions), c.MaxViruses)
	}
	ck.intIn("nb_turns", c.NbTurns, 1, MaxTurns)
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
