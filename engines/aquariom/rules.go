package aquariom

import (
	"slices"

	"github.com/arenasim/arena/sim"
)

// Version is the version of these rules, for sim.Game's rules hash: bump
// it whenever a change of the rules can change a match.
const Version = "1"

// Rules is Aquar.iom configured with one Config; it implements
// sim.Engine[State, View, Action]. It is read-only once built, so one Rules
// serves any number of matches at once.
type Rules struct {
	cfg        Config
	bucketSide float64 // of the grids: about a starting cell's diameter
}

var _ sim.Engine[State, View, Action] = (*Rules)(nil)

// New returns the rules of c, or c.Check's error. It keeps its own copy of
// c's position lists.
func New(c Config) (*Rules, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	c.PlayersStartingPositions = slices.Clone(c.PlayersStartingPositions)
	c.VirusesStartingPositions = slices.Clone(c.VirusesStartingPositions)
	r := &Rules{cfg: c}
	// A bucket as wide as a starting cell: a starting cell's collision
	// test looks at about four buckets, a cell of the largest mass at a few
	// hundred (grid.reset caps the number of buckets).
	r.bucketSide = 2 * r.radius(r.clampMass(c.PlayerCellsStartingMass))
	return r, nil
}

// Config returns the rules' configuration. Its position lists are shared
// with the rules: they must not be changed.
func (r *Rules) Config() Config { return r.cfg }

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.cfg.Players }

// ParseAction reads an action line; see ParseAction.
func (r *Rules) ParseAction(text string) (Action, error) { return ParseAction(text) }

// AppendAction appends the text form of a; see AppendAction.
func (r *Rules) AppendAction(dst []byte, a Action) []byte { return AppendAction(dst, a) }

// radius returns the radius of a cell of mass m: radius_factor × m.
func (r *Rules) radius(m float64) float64 { return float64(r.cfg.RadiusFactor * m) }

// maxSpeed returns how far a cell of mass m moves in a turn at most:
// max(0, base_cell_speed − speed_loss_factor × m).
func (r *Rules) maxSpeed(m float64) float64 {
	return max(0, r.cfg.BaseCellSpeed-float64(r.cfg.SpeedLossFactor*m))
}

// clampMass limits a player cell's mass to [minimum, maximum], as after
// any change of it (rule sheet, "Map and parameters").
func (r *Rules) clampMass(m float64) float64 {
	return clamp(m, r.cfg.MinimumPlayerCellMass, r.cfg.MaximumPlayerCellMass)
}

// onMap reports whether (x, y) is in [0,W] × [0,H], edges included.
func (r *Rules) onMap(x, y float64) bool {
	return x >= 0 && x <= r.cfg.MapWidth && y >= 0 && y <= r.cfg.MapHeight
}
