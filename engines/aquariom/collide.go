package aquariom

import "github.com/arenasim/arena/sim"

// collisions is phase 8 (rule sheet, "Collisions"): passes until one eats
// nothing. Decision (the original iterated a pointer-keyed set): in a pass,
// each player cell A still alive, in ascending id, tries the player cells,
// then the neutrals, then the viruses, each in ascending id, every eat
// applied at once; cells an explosion creates take part from the next pass.
func (r *Rules) collisions(s *State) {
	for r.collisionPass(s) {
	}
}

// collisionPass plays one pass and reports whether anything was eaten.
func (r *Rules) collisionPass(s *State) bool {
	born := s.nextID // the cells created during this pass have ids from here on
	s.order = append(s.order[:0], s.players...)
	ate := false
	for _, a := range s.order {
		// A slot eaten earlier in the pass may hold a satellite by now.
		if c := &s.cells[a]; !c.alive || c.kind != KindPlayer || c.id >= born {
			continue
		}
		if r.sweep(s, a, &s.pgrid, born) {
			ate = true
		}
		if r.sweep(s, a, &s.ngrid, born) {
			ate = true
		}
		if r.sweep(s, a, &s.vgrid, born) {
			ate = true
		}
	}
	return ate
}

// sweep makes player cell a try, in ascending id, every cell of g born
// before the pass, and reports whether it ate any. Only a cell whose centre
// is strictly inside a can be eaten, and a changes only when it eats, so
// the sweep looks at the cells inside a with an id above the last one
// tried, sorted; after each eat (a has a new mass, maybe a new place) it
// looks again: the same as trying every cell of g in turn.
func (r *Rules) sweep(s *State, a int32, g *grid, born int) bool {
	ate, last := false, -1
	for {
		s.found = r.inside(s, s.found[:0], a, g, last, born)
		if len(s.found) == 0 {
			return ate
		}
		s.sortByID(s.found)
		eaten := false
		for _, b := range s.found {
			last = s.cells[b].id
			if eaten = r.eat(s, a, b); eaten {
				break
			}
		}
		if !eaten {
			return ate
		}
		ate = true
	}
}

// inside appends to dst the cells of g, other than a, with an id in
// (after, born), whose centre is strictly inside player cell a: d < r_a.
func (r *Rules) inside(s *State, dst []int32, a int32, g *grid, after, born int) []int32 {
	c := s.cells[a]
	ra := r.radius(c.mass)
	r2 := float64(ra * ra)
	i0, i1, j0, j1 := g.span(c.x, c.y, ra)
	for j := j0; j <= j1; j++ {
		for _, bucket := range g.buckets[j*g.nx+i0 : j*g.nx+i1+1] {
			for _, b := range bucket {
				t := &s.cells[b]
				if b != a && t.id > after && t.id < born && sim.Dist2(c.x, c.y, t.x, t.y) < r2 {
					dst = append(dst, b)
				}
			}
		}
	}
	return dst
}

// sortByID sorts a few slots by their cells' ids (insertion sort: a sweep
// finds a handful of cells).
func (s *State) sortByID(slots []int32) {
	for i := 1; i < len(slots); i++ {
		v := slots[i]
		id := s.cells[v].id
		j := i
		for ; j > 0 && s.cells[slots[j-1]].id > id; j-- {
			slots[j] = slots[j-1]
		}
		slots[j] = v
	}
}

// eat makes player cell a eat cell b, whose centre is inside a, if the
// rules let it (rule sheet, "Collisions"), and reports whether it did.
func (r *Rules) eat(s *State, a, b int32) bool {
	cfg := &r.cfg
	ca, cb := &s.cells[a], &s.cells[b]
	switch {
	case cb.kind == KindVirus:
		if !(ca.mass > cfg.VirusMass) {
			return false
		}
		r.kill(s, b)
		r.explode(s, a)
	case cb.kind != KindPlayer: // a neutral, initial or not: always
		r.absorb(s, a, b)
	case cb.owner != ca.owner:
		if !(ca.mass > float64(cfg.MinimumMassRatioToAbsorb*cb.mass)) {
			return false
		}
		r.absorb(s, a, b)
	default: // a fusion: neither isolated, the bigger eats, the lower id on a tie
		if ca.isolation > 0 || cb.isolation > 0 || ca.mass < cb.mass || (ca.mass == cb.mass && ca.id > cb.id) {
			return false
		}
		ca.mass = r.clampMass(ca.mass + cb.mass)
		r.kill(s, b)
	}
	return true
}

// absorb makes a eat the neutral or foreign cell b: a gains
// mass_absorption × b's mass and moves to the barycentre of a and b (their
// masses before), truncated to whole coordinates.
func (r *Rules) absorb(s *State, a, b int32) {
	ca, cb := &s.cells[a], &s.cells[b]
	x, y := barycentre(ca.x, ca.y, ca.mass, cb.x, cb.y, cb.mass)
	ca.mass = r.clampMass(ca.mass + float64(r.cfg.MassAbsorption*cb.mass))
	r.kill(s, b)
	s.relocate(&s.pgrid, a, x, y)
}

// explode is what eating a virus does to player cell a (rule sheet, "Virus
// explosion"): with m = max(minimum mass, mass − virus_mass), a keeps m/2
// and is isolated; n = min(virus_max_split, max_cells_per_player − the
// player's cells) satellites of mass m/(2·virus_max_split) (seed) or m/(2n)
// (reference), raised to the minimum, are placed tangent to a at angles
// k·2π/n from +x, isolated too; those whose centre is off the map (edges
// are on it: a decision) are not created.
func (r *Rules) explode(s *State, a int32) {
	cfg := &r.cfg
	ca := &s.cells[a]
	m := max(cfg.MinimumPlayerCellMass, ca.mass-cfg.VirusMass)
	ca.mass = r.clampMass(float64(m / 2))
	ca.isolation = int32(cfg.VirusIsolationDuration)
	seat, x0, y0 := int(ca.owner), ca.x, ca.y
	n := min(cfg.VirusMaxSplit, cfg.MaxCellsPerPlayer-len(s.owned[seat]))
	if n <= 0 {
		return
	}
	split := cfg.VirusMaxSplit
	if cfg.SatelliteMass == SatelliteReference {
		split = n
	}
	// Decision: satellites are tangent to a at their clamped mass (the
	// original measured from the unclamped one: they differ only when a
	// satellite is raised to the minimum).
	sm := r.clampMass(m / float64(2*split))
	d := r.radius(ca.mass) + r.radius(sm)
	for k := range n {
		ux, uy := unitAt(k, n)
		if x, y := sim.Along(x0, y0, ux, uy, d); r.onMap(x, y) {
			slot := s.newCell(KindPlayer, seat, x, y, sm)
			s.cells[slot].isolation = int32(cfg.VirusIsolationDuration)
		}
	}
}
