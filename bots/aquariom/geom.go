package aquariom

import (
	"math"

	engine "github.com/arenasim/arena/engines/aquariom"
)

// rules holds the numbers of a match's configuration the bots use, read
// once per match from the view.
//
// Like the engine, the bots round every product on its own (float64(a*b))
// before adding it, so that no machine fuses a multiply-add and a seed
// plays the same match everywhere.
type rules struct {
	w, h      float64 // the map is [0,w] × [0,h]
	rf        float64 // radius = rf × mass
	ratio     float64 // minimum_mass_ratio_to_absorb
	absorb    float64 // mass_absorption
	minMass   float64
	maxMass   float64
	base, slf float64 // speed = max(0, base − slf × mass)
	virusMass float64
	virusLoss float64 // virus_creation_mass_loss
	maxCells  int
	maxVirus  int
	neutral   float64 // initial_neutral_cells_mass
	repop     float64 // initial_neutral_cells_repop_time
	spacing   float64 // the larger distance between neighbouring initial neutrals
}

// read fills r from c.
func (r *rules) read(c *engine.Config) {
	*r = rules{
		w: c.MapWidth, h: c.MapHeight, rf: c.RadiusFactor, ratio: c.MinimumMassRatioToAbsorb,
		absorb: c.MassAbsorption, minMass: c.MinimumPlayerCellMass, maxMass: c.MaximumPlayerCellMass,
		base: c.BaseCellSpeed, slf: c.SpeedLossFactor, virusMass: c.VirusMass, virusLoss: c.VirusCreationMassLoss,
		maxCells: c.MaxCellsPerPlayer, maxVirus: c.MaxViruses, neutral: c.InitialNeutralCellsMass,
		repop:   float64(c.InitialNeutralCellsRepopTime),
		spacing: max(c.MapWidth/float64(c.InitialNeutralCellsMatrixWidth), c.MapHeight/float64(c.InitialNeutralCellsMatrixHeight)),
	}
}

// radius returns the radius of a cell of mass m.
func (r *rules) radius(m float64) float64 { return float64(r.rf * m) }

// speed returns how far a player cell of mass m moves in a turn.
func (r *rules) speed(m float64) float64 { return max(0, r.base-float64(r.slf*m)) }

// canEat reports whether a player cell of mass m may eat another player's
// cell of mass o.
func (r *rules) canEat(m, o float64) bool { return m > float64(r.ratio*o) }

// onMap reports whether (x, y) is on the map, edges included.
func (r *rules) onMap(x, y float64) bool { return x >= 0 && x <= r.w && y >= 0 && y <= r.h }

// clampX and clampY limit a coordinate to the map.
func (r *rules) clampX(x float64) float64 { return min(max(x, 0), r.w) }
func (r *rules) clampY(y float64) float64 { return min(max(y, 0), r.h) }

// childAt returns where the child of a division of a cell of mass m at
// (x, y), of mass c, towards the unit direction (ux, uy), appears: tangent
// to the shrunk mother (rule sheet, "Divide").
func (r *rules) childAt(x, y, m, c, ux, uy float64) (float64, float64) {
	d := r.radius(m-c) + r.radius(c)
	return x + float64(ux*d), y + float64(uy*d)
}

// canDivide reports whether a cell of mass m may split off a child of mass
// c while its player owns cells cells.
func (r *rules) canDivide(m, c float64, cells int) bool {
	return cells < r.maxCells && c >= r.minMass && c <= m/2 && m >= float64(2*r.minMass)
}

// unit returns the unit vector from (ax, ay) towards (bx, by), and the
// distance; (0, −1) and 0 for the same point, as the rules do.
func unit(ax, ay, bx, by float64) (ux, uy, d float64) {
	dx, dy := bx-ax, by-ay
	d = math.Sqrt(float64(dx*dx) + float64(dy*dy))
	if d == 0 {
		return 0, -1, 0
	}
	return dx / d, dy / d, d
}

// nDirs is the number of directions the bots consider moving in.
const nDirs = 16

// dirs are the unit vectors of the directions k·22.5°, k = 0..15, written
// out so that they are the same on every machine.
var dirs = [nDirs][2]float64{
	{1, 0}, {0.9238795325112867, 0.3826834323650898}, {0.7071067811865476, 0.7071067811865476}, {0.3826834323650898, 0.9238795325112867},
	{0, 1}, {-0.3826834323650898, 0.9238795325112867}, {-0.7071067811865476, 0.7071067811865476}, {-0.9238795325112867, 0.3826834323650898},
	{-1, 0}, {-0.9238795325112867, -0.3826834323650898}, {-0.7071067811865476, -0.7071067811865476}, {-0.3826834323650898, -0.9238795325112867},
	{0, -1}, {0.3826834323650898, -0.9238795325112867}, {0.7071067811865476, -0.7071067811865476}, {0.9238795325112867, -0.3826834323650898},
}

// tan11 and tan34 are tan 11.25° and tan 33.75°, tan56 and tan79 tan 56.25°
// and tan 78.75°: the borders of the sectors around the directions.
const (
	tan11 = 0.198912367379658
	tan34 = 0.6681786379192989
	tan56 = 1.496605762665489
	tan79 = 5.027339492125848
)

// dirOf returns the index of the direction nearest to (dx, dy), by
// comparisons only (no trigonometry, the same on every machine); 0 for the
// null vector.
func dirOf(dx, dy float64) int {
	ax, ay := math.Abs(dx), math.Abs(dy)
	// k in 0..4: the direction within the quadrant, from the x axis.
	var k int
	switch {
	case ay <= float64(ax*tan11):
		k = 0
	case ay <= float64(ax*tan34):
		k = 1
	case ay <= float64(ax*tan56):
		k = 2
	case ay <= float64(ax*tan79):
		k = 3
	default:
		k = 4
	}
	switch {
	case dx >= 0 && dy >= 0:
		return k
	case dx < 0 && dy >= 0:
		return 8 - k
	case dx < 0:
		return 8 + k
	}
	return (16 - k) % 16
}
