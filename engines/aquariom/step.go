package aquariom

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/sim"
)

// maxSurrenderDraws is how many random places a surrendering player's new
// cell may be drawn at before it is given up (rule sheet, "Surrender").
const maxSurrenderDraws = 100

// Step plays one turn (rule sheet, "A turn"): every seat's commands are
// read, then the eight phases run in order, and the scores grow by the
// masses after them. Commands the rules ignore (a cell not the player's, a
// cell that already acted, an impossible division…) are part of the game,
// not faults: Step records none. Surrenders draw from rng, the engine's own
// stream. A Step after the last turn does nothing.
func (r *Rules) Step(s *State, acts []Action, rng *rand.Rand, _ *sim.FaultLog) {
	if r.Done(s) {
		return
	}
	s.turn++
	r.readCommands(s, acts)
	r.divisions(s, acts)
	r.virusCreations(s, acts)
	r.moves(s, acts)
	r.surrenders(s, acts, rng)
	r.update(s)
}

// update runs the phases that take no actions, 5 to 8, and adds the step's
// term to the scores: all of step 0, the end of every other step.
func (r *Rules) update(s *State) {
	r.massLoss(s)
	r.isolation(s)
	r.respawn(s)
	r.collisions(s)
	s.addScores()
}

// seats returns how many seats acts has answers for.
func (r *Rules) seats(acts []Action) int { return min(len(acts), r.cfg.Players) }

// readCommands decides which cell each command orders (rule sheet, "A
// turn"): a command naming a cell that is not one of the player's at the
// start of the turn is ignored, and so is a command naming a cell that an
// earlier command of the turn already named. Decision: the first command
// naming a cell claims it whether or not the rules then carry it out.
func (r *Rules) readCommands(s *State, acts []Action) {
	turn := int32(s.turn)
	for seat := range r.seats(acts) {
		a, claims, owned := &acts[seat], &s.claims[seat], s.owned[seat]
		for i, c := range a.cmds[:a.n] {
			claims[i] = noSlot
			if k, ok := s.searchID(owned, c.Cell); ok && s.cells[owned[k]].acted != turn {
				s.cells[owned[k]].acted = turn
				claims[i] = owned[k]
			}
		}
	}
}

// divisions is phase 1: the division commands, seats in order and each
// seat's commands in the order given.
func (r *Rules) divisions(s *State, acts []Action) {
	for seat := range r.seats(acts) {
		a := &acts[seat]
		for i, c := range a.cmds[:a.n] {
			if slot := s.claims[seat][i]; c.Kind == DivideCommand && slot != noSlot {
				r.divide(s, seat, slot, c)
			}
		}
	}
}

// divide splits a child of mass c.Mass off the cell in slot towards the
// target (rule sheet, "Divide"). Decision: a NaN or infinite mass is
// ignored like a non-finite target.
func (r *Rules) divide(s *State, seat int, slot int32, c Command) {
	cfg := &r.cfg
	m := s.cells[slot].mass
	if !finite(c.X) || !finite(c.Y) || !finite(c.Mass) ||
		c.Mass < cfg.MinimumPlayerCellMass || c.Mass > float64(m/2) ||
		m < float64(2*cfg.MinimumPlayerCellMass) || len(s.owned[seat]) >= cfg.MaxCellsPerPlayer {
		return
	}
	mother := &s.cells[slot]
	mother.mass = r.clampMass(m - c.Mass)
	ux, uy, _ := sim.Direction(mother.x, mother.y, c.X, c.Y)
	x, y := sim.Along(mother.x, mother.y, ux, uy, r.radius(mother.mass)+r.radius(c.Mass))
	// Decision: the child's unclamped centre is tested; off the map, the
	// child is not created and its mass is lost.
	if r.onMap(x, y) {
		s.newCell(KindPlayer, seat, x, y, r.clampMass(c.Mass))
	}
}

// virusCreations is phase 2: the virus commands, seats in order and each
// seat's commands in the order given.
func (r *Rules) virusCreations(s *State, acts []Action) {
	for seat := range r.seats(acts) {
		a := &acts[seat]
		for i, c := range a.cmds[:a.n] {
			if slot := s.claims[seat][i]; c.Kind == VirusCommand && slot != noSlot {
				r.createVirus(s, seat, slot, c)
			}
		}
	}
}

// createVirus makes the cell in slot create a virus towards the target
// (rule sheet, "Create virus"): it costs virus_mass + virus_creation_mass_loss
// × mass, which must leave a positive mass (raised to the minimum); the virus
// is placed tangent to the shrunk cell, clamped into the map and truncated to
// whole coordinates; it is not created near an opponent cell; the oldest
// virus makes room for it. Decisions: a non-finite target is ignored (the
// original dropped it on reading), and so is every command when
// max_viruses is 0 (as the original did).
func (r *Rules) createVirus(s *State, seat int, slot int32, c Command) {
	cfg := &r.cfg
	if cfg.MaxViruses == 0 || !finite(c.X) || !finite(c.Y) {
		return
	}
	mother := &s.cells[slot]
	left := mother.mass - (cfg.VirusMass + float64(cfg.VirusCreationMassLoss*mother.mass))
	if !(left > 0) {
		return
	}
	// Decision: the virus is tangent to the mother as she is after the
	// loss, raised to the minimum mass if need be (the original measured
	// from the unraised mass: the two differ only below the minimum).
	left = r.clampMass(left)
	ux, uy, _ := sim.Direction(mother.x, mother.y, c.X, c.Y)
	x, y := sim.Along(mother.x, mother.y, ux, uy, r.radius(left)+r.radius(cfg.VirusMass))
	x, y = math.Trunc(clamp(x, 0, cfg.MapWidth)), math.Trunc(clamp(y, 0, cfg.MapHeight))
	if r.opponentNearVirus(s, seat, x, y) {
		return
	}
	if len(s.viruses) >= cfg.MaxViruses {
		r.kill(s, s.viruses[0]) // the oldest: the lowest id
	}
	mother.mass = left
	s.newCell(KindVirus, -1, x, y, cfg.VirusMass)
}

// opponentNearVirus reports whether a cell of another seat than seat is
// within three virus radii of a virus at (x, y), as the original measured
// it: d² − r² < (3 r_virus)².
func (r *Rules) opponentNearVirus(s *State, seat int, x, y float64) bool {
	rv3 := float64(3 * r.radius(r.cfg.VirusMass))
	limit := float64(rv3 * rv3)
	for _, slot := range s.players {
		o := &s.cells[slot]
		ro := r.radius(o.mass)
		if int(o.owner) != seat && sim.Dist2(x, y, o.x, o.y)-float64(ro*ro) < limit {
			return true
		}
	}
	return false
}

// moves is phase 3: the move commands, seats in order and each seat's
// commands in the order given.
func (r *Rules) moves(s *State, acts []Action) {
	for seat := range r.seats(acts) {
		a := &acts[seat]
		for i, c := range a.cmds[:a.n] {
			if slot := s.claims[seat][i]; c.Kind == MoveCommand && slot != noSlot {
				r.move(s, slot, c)
			}
		}
	}
}

// move moves the cell in slot to the target if it is within the cell's
// max speed, else that far towards it in a straight line, then clamps its
// centre to the map (rule sheet, "Move"). A non-finite target is ignored.
func (r *Rules) move(s *State, slot int32, c Command) {
	if !finite(c.X) || !finite(c.Y) {
		return
	}
	cl := &s.cells[slot]
	speed := r.maxSpeed(cl.mass)
	x, y := c.X, c.Y
	if ux, uy, d := sim.Direction(cl.x, cl.y, c.X, c.Y); d > speed {
		x, y = sim.Along(cl.x, cl.y, ux, uy, speed)
	}
	s.relocate(&s.pgrid, slot, clamp(x, 0, r.cfg.MapWidth), clamp(y, 0, r.cfg.MapHeight))
}

// surrenders is phase 4: the seats that surrender, in order.
func (r *Rules) surrenders(s *State, acts []Action, rng *rand.Rand) {
	for seat := range r.seats(acts) {
		if acts[seat].surrender {
			r.surrender(s, seat, rng)
		}
	}
}

// surrender turns all of seat's cells into non-initial neutrals (same id,
// mass and place) and gives it nb_starting_cells_per_player new cells of
// the starting mass at random places, each drawn again while a cell of
// another seat is nearer than its radius plus twice the new cell's, at
// most 100 draws (rule sheet, "Surrender").
func (r *Rules) surrender(s *State, seat int, rng *rand.Rand) {
	for _, slot := range s.owned[seat] {
		c := &s.cells[slot]
		s.remove(&s.pgrid, slot)
		s.players = s.dropID(s.players, c.id)
		c.kind, c.owner, c.isolation = KindNeutral, -1, 0
		i, _ := s.searchID(s.neutrals, c.id)
		s.neutrals = slices.Insert(s.neutrals, i, slot)
		s.insert(&s.ngrid, slot)
	}
	s.owned[seat] = s.owned[seat][:0]
	cfg := &r.cfg
	m := r.clampMass(cfg.PlayerCellsStartingMass)
	reach := float64(2 * r.radius(m))
	for range cfg.NbStartingCellsPerPlayer {
		for range maxSurrenderDraws {
			x := float64(rng.Float64() * cfg.MapWidth)
			y := float64(rng.Float64() * cfg.MapHeight)
			if !r.opponentWithin(s, seat, x, y, reach) {
				s.newCell(KindPlayer, seat, x, y, m)
				break
			}
		}
	}
}

// opponentWithin reports whether a cell of another seat than seat has
// d < r + reach from (x, y), r being its radius.
func (r *Rules) opponentWithin(s *State, seat int, x, y, reach float64) bool {
	for _, slot := range s.players {
		o := &s.cells[slot]
		lim := r.radius(o.mass) + reach
		if int(o.owner) != seat && sim.Dist2(x, y, o.x, o.y) < float64(lim*lim) {
			return true
		}
	}
	return false
}

// massLoss is phase 5: every player cell loses mass × mass_loss_per_frame.
func (r *Rules) massLoss(s *State) {
	for _, slot := range s.players {
		c := &s.cells[slot]
		c.mass = r.clampMass(c.mass - float64(c.mass*r.cfg.MassLossPerFrame))
	}
}

// isolation is phase 6: every isolated player cell has one turn less.
func (r *Rules) isolation(s *State) {
	for _, slot := range s.players {
		if c := &s.cells[slot]; c.isolation > 0 {
			c.isolation--
		}
	}
}

// respawn is phase 7: the initial neutrals due this turn reappear. They
// wait in the respawn ring's bucket of this turn, so nothing else is
// looked at.
func (r *Rules) respawn(s *State) {
	b := s.turn % len(s.respawn)
	for slot := s.respawn[b]; slot != noSlot; {
		c := &s.cells[slot]
		next := c.next
		c.alive, c.next = true, noSlot
		s.insert(&s.ngrid, slot)
		slot = next
	}
	s.respawn[b] = noSlot
}

// finite reports whether v is neither NaN nor infinite.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
