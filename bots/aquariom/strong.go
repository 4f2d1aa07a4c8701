package aquariom

import (
	"math"
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
)

// StrongParams are the strong bot's arguments.
var StrongParams = []sim.ParamSpec{
	sim.FloatParam("risk", "1.7", 0, 50, "weight of the danger of a move: the mass at stake times how surely a bigger opponent cell could eat it next turn"),
	sim.IntParam("horizon", 9, 1, 20, "turns of travel within which neutrals and prey attract a cell"),
	sim.FloatParam("split_mass", "2.15", 2, 400, "a cell this heavy divides in two to farm with more cells, when the halves are safe").Log(),
	sim.FloatParam("hunt", "2.4", 0, 10, "weight of an opponent cell as prey against neutrals, mass for mass"),
	sim.FloatParam("virus_ratio", "3.85", 0, 10, "creates a virus against an approaching opponent cell at least this many times heavier than the cell (0: never)"),
	sim.FloatParam("regroup", "0.8", 0, 10, "weight of the pull of a cell threatened by an opponent towards a bigger cell of its own to fuse with, when safe (0: never)"),
}

// StrongConfig is the strong bot's arguments, read.
type StrongConfig struct {
	Risk       float64
	Horizon    int
	SplitMass  float64
	Hunt       float64
	VirusRatio float64
	Regroup    float64
}

// DefaultStrongConfig returns the defaults of StrongParams.
func DefaultStrongConfig() StrongConfig {
	return StrongConfig{Risk: 1.7, Horizon: 9, SplitMass: 2.15, Hunt: 2.4, VirusRatio: 3.85, Regroup: 0.8}
}

// strongBot describes the strong bot.
func strongBot() sim.Bot[engine.View, engine.Action] {
	return sim.Bot[engine.View, engine.Action]{
		Name:    "strong",
		Summary: "farms with up to max cells, each choosing the end point of its move by the neutrals it eats there and the food ahead, less the risk from bigger opponent cells; divides to catch prey, creates viruses against bigger chasers, regroups when threatened",
		Params:  StrongParams,
		Prepare: func(args sim.Params) (func() player, error) {
			cfg, err := readStrongConfig(args)
			if err != nil {
				return nil, err
			}
			return func() player { return NewStrong(cfg) }, nil
		},
	}
}

// readStrongConfig reads and checks the strong bot's arguments.
func readStrongConfig(args sim.Params) (StrongConfig, error) {
	r := sim.NewParamReader(args, StrongParams)
	cfg := StrongConfig{
		Risk:       r.Float("risk"),
		Horizon:    r.Int("horizon"),
		SplitMass:  r.Float("split_mass"),
		Hunt:       r.Float("hunt"),
		VirusRatio: r.Float("virus_ratio"),
		Regroup:    r.Float("regroup"),
	}
	return cfg, r.Err()
}

// Sizes of the strong bot's coarse map of food.
const (
	foodBucket = 250 // the side of a bucket
	foodEvery  = 5   // turns between two counts
	// nearTurns: a cell sees the neutrals themselves within this many
	// turns of travel, and the coarse map's buckets beyond.
	nearTurns = 3
	// regroupTurns: a cell is threatened, and may regroup, when a cell
	// that can eat it could meet it within this many turns.
	regroupTurns = 4
	// fuseCost is the cost of fusing two cells by chance: fewer cells farm
	// less.
	fuseCost = 2
)

// Strong is the strong bot. Each turn, heaviest cell first, each cell:
//   - divides to catch an opponent cell that a child of half its mass can
//     eat where it lands, even if the prey flees a whole turn, if the gain
//     outweighs the danger to both halves;
//   - creates a virus between itself and an approaching opponent cell at
//     least virus_ratio times heavier that the virus would burst, where the
//     rules allow one (no opponent cell within three virus radii) and none
//     of its own big cells would burst on it;
//   - divides in two to farm with more cells when it weighs split_mass or
//     more and both halves would be safe, the child towards the richest
//     part of the coarse map;
//   - otherwise moves to the best of a few end points (the 16 directions at
//     full speed, and the neutrals and prey within reach): the mass it eats
//     there, plus the food ahead in that direction (neutrals and prey
//     within horizon turns, each worth its mass over the square of the
//     turns to reach it; a threatened cell is also drawn, by regroup, to a
//     bigger cell of its own to fuse into one the threat cannot eat), less
//     the danger there (risk × mass × how surely bigger opponent cells
//     could eat it next turn, by moving or dividing), less the cost of a
//     virus it would burst on after what it eats or fuses with, less
//     crowding its own cells (overlapping discs, unwanted fusions, mass
//     lost past the maximum).
//
// Beyond nearTurns of travel, a cell sees the neutrals through a coarse
// count by buckets, redone every foodEvery turns; a cell that sees no food
// at all heads for the nearest rich bucket. It draws from the seat's stream
// only to break ties, so that matches differ by seed. Its buffers are kept
// from turn to turn: a turn allocates nothing.
type Strong struct {
	cfg StrongConfig
	rng *rand.Rand
	r   rules

	ready    bool
	seat     int
	mine     []engine.Cell
	opps     []engine.Cell
	viruses  []engine.Cell
	near     []engine.Cell
	close    []engine.Cell
	plans    []plan
	local    []plan                 // the plans near the cell being decided
	oppCells [engine.MaxPlayers]int // cells per seat

	foodW, foodH int
	food         []float64 // mass of neutrals per bucket
	foodTurn     int

	counts [decisionKinds]int // decisions taken, by kind, for tests and tuning
}

// decision is a kind of decision of a cell.
type decision int

// The kinds of decision, in the order a cell considers them.
const (
	decCatch   decision = iota // divide to catch prey
	decVirus                   // create a virus against a chaser
	decSplit                   // divide to farm
	decMove                    // move
	decRegroup                 // move, drawn by a bigger cell of its own
	decisionKinds
)

// plan is where one of the bot's cells ends this turn, as far as the bot
// knows: where it is until it is decided.
type plan struct {
	x, y, r, m float64
	id         int  // −1 for a child
	iso        bool // isolated: it cannot fuse
	done       bool // decided
}

// NewStrong returns a strong player.
func NewStrong(cfg StrongConfig) *Strong { return &Strong{cfg: cfg} }

// Reset prepares a new match.
func (b *Strong) Reset(m sim.MatchInfo, rng *rand.Rand) {
	b.rng, b.seat, b.ready = rng, m.Seat, false
}

// Act orders each cell.
func (b *Strong) Act(v *engine.View) (engine.Action, error) {
	var a engine.Action
	if !b.ready {
		cfg := v.Config()
		b.r.read(&cfg)
		b.foodW = int(math.Ceil(b.r.w / foodBucket))
		b.foodH = int(math.Ceil(b.r.h / foodBucket))
		b.food = resizeFloats(b.food, b.foodW*b.foodH)
		b.foodTurn = math.MinInt
		b.ready = true
	}
	n := v.NumCells(v.Seat)
	if n == 0 {
		a.SetSurrender(true) // the only way back into the game
		return a, nil
	}
	if v.Turn-b.foodTurn >= foodEvery {
		b.countFood(v)
	}
	b.gather(v)
	b.plans = b.plans[:0]
	for _, c := range b.mine {
		b.plans = append(b.plans, plan{x: c.X, y: c.Y, r: b.r.radius(c.Mass), m: c.Mass, id: c.ID, iso: c.Isolation > 0})
	}
	cells := n
	for _, c := range b.mine {
		switch {
		case b.catchPrey(&a, c, &cells):
			b.counts[decCatch]++
		case b.virus(&a, c):
			b.counts[decVirus]++
		case b.farmSplit(&a, c, &cells):
			b.counts[decSplit]++
		default:
			b.move(&a, v, c)
		}
	}
	return a, nil
}

func resizeFloats(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// gather collects the cells of the turn: the bot's own, heaviest first, the
// opponents' and the viruses.
func (b *Strong) gather(v *engine.View) {
	b.mine, b.opps, b.viruses = b.mine[:0], b.opps[:0], b.viruses[:0]
	clear(b.oppCells[:])
	for i := range v.NumPlayerCells() {
		c := v.PlayerCell(i)
		if c.Owner == v.Seat {
			b.mine = append(b.mine, c)
		} else {
			b.opps = append(b.opps, c)
			if c.Owner >= 0 && c.Owner < len(b.oppCells) {
				b.oppCells[c.Owner]++
			}
		}
	}
	// Heaviest first (insertion sort: at most max cells, ids breaking ties).
	m := b.mine
	for i := 1; i < len(m); i++ {
		c := m[i]
		j := i
		for ; j > 0 && (m[j-1].Mass < c.Mass || (m[j-1].Mass == c.Mass && m[j-1].ID > c.ID)); j-- {
			m[j] = m[j-1]
		}
		m[j] = c
	}
	for i := range v.NumViruses() {
		b.viruses = append(b.viruses, v.Virus(i))
	}
}

// countFood counts the mass of the neutrals in each bucket of the coarse
// map.
func (b *Strong) countFood(v *engine.View) {
	clear(b.food)
	for i := range v.NumInitialNeutrals() {
		if c, due := v.InitialNeutral(i); due == 0 {
			b.food[b.bucketOf(c.X, c.Y)] += c.Mass
		}
	}
	for i := range v.NumNeutrals() {
		c := v.Neutral(i)
		b.food[b.bucketOf(c.X, c.Y)] += c.Mass
	}
	b.foodTurn = v.Turn
}

// bucketOf returns the coarse bucket of a point of the map.
func (b *Strong) bucketOf(x, y float64) int {
	i := min(max(int(x/foodBucket), 0), b.foodW-1)
	j := min(max(int(y/foodBucket), 0), b.foodH-1)
	return j*b.foodW + i
}

// danger returns how surely a cell of mass m ending the turn at (x, y)
// could be eaten next turn, summed over the opponent cells that could eat
// it (at most 3): each 1 to 2 within its reach (a move at full speed, or a
// division towards it when a half could eat it), the more the deeper, and
// fading to 0 over two turns of travel beyond.
func (b *Strong) danger(m, x, y float64) float64 {
	r := &b.r
	total := 0.0
	for _, o := range b.opps {
		if !r.canEat(o.Mass, m) {
			continue
		}
		ro, vo := r.radius(o.Mass), r.speed(o.Mass)
		d := sim.Dist(x, y, o.X, o.Y)
		reach := ro + vo
		if half := o.Mass / 2; r.canEat(half, m) && b.oppCells[o.Owner] < r.maxCells && o.Mass >= float64(2*r.minMass) {
			reach = max(reach, ro+r.radius(half))
		}
		gap := d - reach
		if gap < 0 {
			total += 1 + min(-gap/reach, 1) // deeper is surer
			continue
		}
		if fade := float64(2*vo) + 40; gap < fade {
			total += 1 - gap/fade
		}
	}
	return min(total, 3)
}

// burst returns the cost of ending the turn at (x, y) for a cell of mass
// m: the mass it loses if a virus's centre is then inside it, and a part
// of it if it is nearly (the cell may grow, and move as it eats: even an
// opponent cell that walks into it moves it).
func (b *Strong) burst(m, x, y float64) float64 {
	r := &b.r
	// A cell a little lighter than a virus may outweigh it by the end of
	// the turn, and eating moves it: a margin for both.
	if !(m > float64(0.9*r.virusMass)) {
		return 0
	}
	in := r.radius(max(m, r.virusMass)) + 2
	lim := in + float64(0.1*r.radius(m)) + 30
	cost := 0.0
	for _, vi := range b.viruses {
		d2 := sim.Dist2(x, y, vi.X, vi.Y)
		switch {
		case d2 < float64(in*in):
			return float64(1.5 * r.virusMass)
		case d2 < float64(lim*lim):
			cost = max(cost, float64(1.5*r.virusMass)*(lim-math.Sqrt(d2))/(lim-in))
		}
	}
	return cost
}

// claimed reports whether a neutral at (x, y) will be eaten by a cell
// already planned this turn (among those near the cell being decided).
func (b *Strong) claimed(x, y float64) bool {
	for _, p := range b.local {
		if p.done && sim.Dist2(x, y, p.x, p.y) < float64(p.r*p.r) {
			return true
		}
	}
	return false
}

// together returns the cost of ending the turn at (x, y) for cell c next
// to the bot's other cells near it (where they are planned to end, or are):
// overlapping discs eat the same food; and a centre inside the other cell
// fuses them (neither being isolated), which loses what passes the maximum
// mass, and is unwanted unless with the cell it regroups with. It also
// returns the cell's mass after such fusions.
func (b *Strong) together(c engine.Cell, x, y, rad float64, regroup int) (cost, mass float64) {
	r := &b.r
	mass = c.Mass
	for _, p := range b.local {
		lim := rad + p.r + 10
		d2 := sim.Dist2(x, y, p.x, p.y)
		if !(d2 < float64(lim*lim)) {
			continue
		}
		cost += 1 - math.Sqrt(d2)/lim
		if in := max(rad, p.r); c.Isolation == 0 && !p.iso && d2 < float64(in*in) {
			fused := mass + p.m
			if fused > r.maxMass {
				cost += fused - r.maxMass
			}
			if p.id != regroup {
				cost += fuseCost
			}
			mass = fused
		}
	}
	return cost, mass
}

// decide records where cell c ends the turn, and its mass then.
func (b *Strong) decide(c engine.Cell, x, y, m float64) {
	for i := range b.plans {
		if p := &b.plans[i]; p.id == c.ID {
			p.x, p.y, p.m, p.r, p.done = x, y, m, b.r.radius(m), true
			return
		}
	}
}

// catchPrey divides c towards an opponent cell that a child of half its
// mass can eat where it lands, if one is worth it.
func (b *Strong) catchPrey(a *engine.Action, c engine.Cell, cells *int) bool {
	r := &b.r
	child := float64(c.Mass / 2) // rounded: the compiler makes /2 a product, which would fuse
	if b.cfg.Hunt == 0 || !r.canDivide(c.Mass, child, *cells) {
		return false
	}
	reach := r.radius(c.Mass) + r.radius(child)
	best, bx, by, bcx, bcy := 0.0, 0.0, 0.0, 0.0, 0.0
	for _, o := range b.opps {
		if !r.canEat(child, o.Mass) {
			continue
		}
		ux, uy, d := unit(c.X, c.Y, o.X, o.Y)
		// The prey may flee a whole turn: it must stay inside the child.
		if !(d+r.speed(o.Mass) < reach) {
			continue
		}
		x, y := r.childAt(c.X, c.Y, c.Mass, child, ux, uy)
		if !r.onMap(x, y) {
			continue
		}
		gain := float64(r.absorb*o.Mass) * b.cfg.Hunt
		if gain > best {
			best, bx, by, bcx, bcy = gain, o.X, o.Y, x, y
		}
	}
	if best == 0 {
		return false
	}
	risk := float64(b.cfg.Risk*child) * (b.danger(child, bcx, bcy) + b.danger(child, c.X, c.Y))
	if risk >= best {
		return false
	}
	a.Add(engine.Divide(c.ID, bx, by, child))
	*cells++
	b.decide(c, c.X, c.Y, c.Mass-child)
	b.plans = append(b.plans, plan{x: bcx, y: bcy, r: r.radius(child), m: child, id: -1, done: true})
	return true
}

// virus makes c create a virus towards an approaching opponent cell much
// heavier than itself, that the virus would burst, if the rules allow a
// virus there.
func (b *Strong) virus(a *engine.Action, c engine.Cell) bool {
	r := &b.r
	if b.cfg.VirusRatio == 0 || r.maxVirus == 0 {
		return false
	}
	left := c.Mass - (r.virusMass + float64(r.virusLoss*c.Mass))
	if !(left >= float64(2*r.minMass)) {
		return false
	}
	rv := r.radius(r.virusMass)
	for _, o := range b.opps {
		if !(o.Mass > r.virusMass) || !(o.Mass >= float64(b.cfg.VirusRatio*c.Mass)) || !r.canEat(o.Mass, c.Mass) {
			continue
		}
		ux, uy, d := unit(c.X, c.Y, o.X, o.Y)
		// Within a few turns of reaching c.
		if !(d-r.radius(o.Mass) < float64(6*r.speed(o.Mass))+r.radius(c.Mass)) {
			continue
		}
		dd := r.radius(left) + rv
		x := math.Trunc(r.clampX(c.X + float64(ux*dd)))
		y := math.Trunc(r.clampY(c.Y + float64(uy*dd)))
		if b.oppNearVirus(x, y) || b.mineNearVirus(x, y, c.ID) {
			continue
		}
		a.Add(engine.CreateVirus(c.ID, o.X, o.Y))
		b.decide(c, c.X, c.Y, left)
		return true
	}
	return false
}

// oppNearVirus reports whether the rules refuse a virus at (x, y): an
// opponent cell within three virus radii (d² − r² < (3 r_virus)²).
func (b *Strong) oppNearVirus(x, y float64) bool {
	r := &b.r
	rv3 := float64(3 * r.radius(r.virusMass))
	limit := float64(rv3 * rv3)
	for _, o := range b.opps {
		ro := r.radius(o.Mass)
		if sim.Dist2(x, y, o.X, o.Y)-float64(ro*ro) < limit+1 {
			return true
		}
	}
	return false
}

// mineNearVirus reports whether a virus at (x, y) would be inside, or
// nearly, one of the bot's cells heavy enough to burst on it, other than
// its mother.
func (b *Strong) mineNearVirus(x, y float64, mother int) bool {
	r := &b.r
	for _, c := range b.mine {
		if c.ID == mother || !(c.Mass > float64(0.9*r.virusMass)) {
			continue
		}
		lim := r.radius(max(c.Mass, r.virusMass)) + float64(0.1*r.radius(c.Mass)) + 30 + r.speed(c.Mass)
		if sim.Dist2(x, y, c.X, c.Y) < float64(lim*lim) {
			return true
		}
	}
	return false
}

// farmSplit divides c in two when it is heavy enough and both halves are
// safe, the child towards the richest direction.
func (b *Strong) farmSplit(a *engine.Action, c engine.Cell, cells *int) bool {
	r := &b.r
	child := float64(c.Mass / 2) // rounded: the compiler makes /2 a product, which would fuse
	if c.Mass < b.cfg.SplitMass || !r.canDivide(c.Mass, child, *cells) {
		return false
	}
	if b.danger(child, c.X, c.Y) > 0 {
		return false
	}
	// The richest direction by the coarse map, tried in turn from there.
	best, bk := -1.0, 0
	for k, u := range dirs {
		step := float64(4 * foodBucket)
		f := b.food[b.bucketOf(r.clampX(c.X+float64(u[0]*step)), r.clampY(c.Y+float64(u[1]*step)))]
		if f > best {
			best, bk = f, k
		}
	}
	for t := range nDirs {
		u := dirs[(bk+t*7)%nDirs] // 7 is prime to 16: every direction once
		x, y := r.childAt(c.X, c.Y, c.Mass, child, u[0], u[1])
		if !r.onMap(x, y) || b.danger(child, x, y) > 0 || b.burst(child, x, y) > 0 {
			continue
		}
		a.Add(engine.Divide(c.ID, c.X+u[0], c.Y+u[1], child))
		*cells++
		b.decide(c, c.X, c.Y, c.Mass-child)
		b.plans = append(b.plans, plan{x: x, y: y, r: r.radius(child), m: child, id: -1, done: true})
		return true
	}
	return false
}

// move orders c to the best end point.
func (b *Strong) move(a *engine.Action, v *engine.View, c engine.Cell) {
	r := &b.r
	rad, sp := r.radius(c.Mass), r.speed(c.Mass)
	look := rad + float64(float64(b.cfg.Horizon)*sp)
	nearLook := min(rad+float64(nearTurns*sp), look)
	b.local = b.local[:0]
	for _, p := range b.plans {
		if p.id == c.ID {
			continue
		}
		if lim := nearLook + rad + p.r; sim.Dist2(c.X, c.Y, p.x, p.y) < float64(lim*lim) {
			b.local = append(b.local, p)
		}
	}
	b.near = v.Near(c.X, c.Y, nearLook, engine.NearNeutrals, b.near[:0])

	// The food ahead, by direction: the neutrals near, the coarse map
	// beyond; and the neutrals within reach.
	var field [nDirs]float64
	b.close = b.close[:0]
	for _, o := range b.near {
		if b.claimed(o.X, o.Y) {
			continue
		}
		d := sim.Dist(c.X, c.Y, o.X, o.Y)
		if d <= sp+rad {
			b.close = append(b.close, o)
		}
		t := 1 + max(d-rad, 0)/max(sp, 1)
		field[dirOf(o.X-c.X, o.Y-c.Y)] += float64(r.absorb*o.Mass) / float64(t*t)
	}
	if look > nearLook {
		b.farField(&field, c, rad, sp, nearLook, look)
	}
	threat := 0.0 // the heaviest opponent cell that can eat c and is near
	for _, o := range b.opps {
		if r.canEat(o.Mass, c.Mass) {
			if sim.Dist(c.X, c.Y, o.X, o.Y)-r.radius(o.Mass) < float64(regroupTurns*(sp+r.speed(o.Mass))) {
				threat = max(threat, o.Mass)
			}
			continue
		}
		if !r.canEat(c.Mass, o.Mass) || b.cfg.Hunt == 0 {
			continue
		}
		d := sim.Dist(c.X, c.Y, o.X, o.Y)
		closing := max(sp-float64(0.5*r.speed(o.Mass)), float64(0.25*sp), 1)
		t := 1 + max(d-rad, 0)/closing
		if t > float64(2*b.cfg.Horizon) {
			continue
		}
		field[dirOf(o.X-c.X, o.Y-c.Y)] += float64(float64(r.absorb*o.Mass)*b.cfg.Hunt) / float64(t*t)
	}
	regroup, mate := -1, -1 // the direction of the pull of a bigger own cell, and its id
	if threat > 0 && b.cfg.Regroup > 0 {
		regroup, mate = b.regroupPull(&field, c, sp, threat)
	}
	sum := 0.0
	for _, f := range field {
		sum += f
	}
	if sum == 0 {
		b.guide(&field, c)
	}

	// The candidates: the directions at full speed, then the neutrals and
	// prey within reach (exact end points matter to a small cell).
	bestScore, bx, by := math.Inf(-1), c.X, c.Y
	try := func(x, y float64) {
		s := b.score(c, rad, x, y, &field, mate)
		if s > bestScore || (s == bestScore && b.rng.IntN(2) == 0) {
			bestScore, bx, by = s, x, y
		}
	}
	for _, u := range dirs {
		try(r.clampX(c.X+float64(u[0]*sp)), r.clampY(c.Y+float64(u[1]*sp)))
	}
	if rad < float64(2*r.spacing) {
		for _, o := range b.close {
			if sim.Dist2(c.X, c.Y, o.X, o.Y) <= float64(sp*sp) {
				try(o.X, o.Y)
			}
		}
	}
	for _, o := range b.opps {
		if r.canEat(c.Mass, o.Mass) && sim.Dist2(c.X, c.Y, o.X, o.Y) <= float64(sp*sp) {
			try(o.X, o.Y)
		}
	}
	try(c.X, c.Y)
	a.Add(engine.Move(c.ID, bx, by))
	if regroup >= 0 && (bx != c.X || by != c.Y) && dirOf(bx-c.X, by-c.Y) == regroup {
		b.counts[decRegroup]++
	} else {
		b.counts[decMove]++
	}
	b.decide(c, bx, by, c.Mass)
}

// score values ending the turn at (x, y) for cell c of radius rad.
func (b *Strong) score(c engine.Cell, rad, x, y float64, field *[nDirs]float64, mate int) float64 {
	r := &b.r
	// Eating moves the cell to the barycentre, truncated to whole
	// coordinates: where it may burst.
	gain, meals := 0.0, 0.0
	r2 := float64(rad * rad)
	px, py, pm := x, y, c.Mass
	eat := func(o engine.Cell) {
		t := o.Mass / (pm + o.Mass)
		px, py = math.Trunc(px+float64(t*(o.X-px))), math.Trunc(py+float64(t*(o.Y-py)))
		pm += float64(r.absorb * o.Mass)
		meals++
	}
	for _, o := range b.close {
		if sim.Dist2(x, y, o.X, o.Y) < r2 {
			gain += float64(r.absorb * o.Mass)
			eat(o)
		}
	}
	for _, o := range b.opps {
		if r.canEat(c.Mass, o.Mass) && sim.Dist2(x, y, o.X, o.Y) < r2 {
			gain += float64(float64(r.absorb*o.Mass) * b.cfg.Hunt)
			eat(o)
		}
	}
	// Each meal truncates the position towards the origin: the neutrals
	// that reappear under a big cell make it drift that way, a whole
	// swath of them at once at times (three times the average, here).
	if pm > float64(0.9*r.virusMass) {
		drift := meals + float64(3*float64(math.Pi*r2)/float64(float64(r.spacing*r.spacing)*r.repop))
		px, py = px-drift, py-drift
	}
	ahead := 0.0
	if x != c.X || y != c.Y {
		ahead = field[dirOf(x-c.X, y-c.Y)]
	}
	risk := float64(float64(b.cfg.Risk*c.Mass) * b.danger(c.Mass, x, y))
	crowd, fused := b.together(c, x, y, rad, mate)
	pm += fused - c.Mass
	return gain + ahead - risk - b.burst(pm, px, py) - crowd
}

// farField adds to the field of cell c the buckets of the coarse map whose
// centre is between near and far from it.
func (b *Strong) farField(field *[nDirs]float64, c engine.Cell, rad, sp, near, far float64) {
	r := &b.r
	i0, i1 := max(int((c.X-far)/foodBucket), 0), min(int((c.X+far)/foodBucket), b.foodW-1)
	j0, j1 := max(int((c.Y-far)/foodBucket), 0), min(int((c.Y+far)/foodBucket), b.foodH-1)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			f := b.food[j*b.foodW+i]
			if f == 0 {
				continue
			}
			x, y := float64((float64(i)+0.5)*foodBucket), float64((float64(j)+0.5)*foodBucket)
			d := sim.Dist(c.X, c.Y, x, y)
			if d <= near || d > far {
				continue
			}
			t := 1 + max(d-rad, 0)/max(sp, 1)
			field[dirOf(x-c.X, y-c.Y)] += float64(r.absorb*f) / float64(t*t)
		}
	}
}

// regroupPull draws c, threatened by an opponent cell of mass threat,
// towards the nearest bigger cell of its own it can fuse with (neither
// isolated) into a cell that threat cannot eat, when that cell is within
// horizon turns, and returns the direction of the pull and that cell's id
// (−1 and −1 for none).
func (b *Strong) regroupPull(field *[nDirs]float64, c engine.Cell, sp, threat float64) (dir, id int) {
	if c.Isolation > 0 {
		return -1, -1
	}
	r := &b.r
	best, bk, bid := 0.0, -1, -1
	for _, o := range b.mine {
		fused := o.Mass + c.Mass
		if o.ID == c.ID || o.Isolation > 0 || !(o.Mass > c.Mass) || fused > r.maxMass || r.canEat(threat, fused) {
			continue
		}
		t := 1 + max(sim.Dist(c.X, c.Y, o.X, o.Y)-r.radius(o.Mass), 0)/max(sp, 1)
		if t > float64(b.cfg.Horizon) {
			continue
		}
		if w := float64(b.cfg.Regroup*c.Mass) / float64(t*t); w > best {
			best, bk, bid = w, dirOf(o.X-c.X, o.Y-c.Y), o.ID
		}
	}
	if bk >= 0 {
		field[bk] += best
	}
	return bk, bid
}

// guide adds to the field of a cell that sees no food the direction of the
// richest bucket of the coarse map, discounted by its distance.
func (b *Strong) guide(field *[nDirs]float64, c engine.Cell) {
	best, bx, by := 0.0, 0.0, 0.0
	for j := range b.foodH {
		for i := range b.foodW {
			f := b.food[j*b.foodW+i]
			if f == 0 {
				continue
			}
			x, y := float64((float64(i)+0.5)*foodBucket), float64((float64(j)+0.5)*foodBucket)
			w := f / (1 + sim.Dist(c.X, c.Y, x, y)/foodBucket)
			if w > best {
				best, bx, by = w, x, y
			}
		}
	}
	if best > 0 {
		field[dirOf(bx-c.X, by-c.Y)] += 0.01
		// Others heading there find a little less.
		b.food[b.bucketOf(bx, by)] *= 0.8
	}
}
