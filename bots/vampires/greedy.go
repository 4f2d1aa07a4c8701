package vampires

import (
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// Greedy is the rule sheet's greedy bot. Each own group, largest first,
// heads for the prize with the best size per move: a human group it can
// convert (at least as many as the humans) or an enemy group it can kill
// (kill_ratio times as many), each prize claimed by one group. It moves the
// whole group one step toward its prize, never onto or next to a group it
// cannot beat; a group with nowhere safe to go stays. When no group moves,
// the largest one flees the nearest enemy it cannot beat, else joins its
// nearest own group, else takes a random safe step. Ties are broken at
// random. It never splits a group and makes at most 3 moves.
type Greedy struct {
	rng     *rand.Rand
	groups  []vampires.Located
	mine    []vampires.Located
	prizes  []vampires.Located // humans and enemies
	taken   []vampires.Cell    // prizes claimed this ply
	sources []vampires.Cell
	targets []vampires.Cell
	steps   []vampires.Cell
	ties    []int
	moves   []vampires.Move
}

// Reset starts a match; the player breaks ties with rng.
func (p *Greedy) Reset(_ sim.MatchInfo, rng *rand.Rand) { p.rng = rng }

// Act picks a ply.
func (p *Greedy) Act(v *vampires.View) (vampires.Ply, error) {
	p.groups = v.AppendGroups(p.groups[:0])
	p.mine, p.prizes = p.mine[:0], p.prizes[:0]
	for _, g := range p.groups {
		switch g.Kind {
		case v.Me:
			p.mine = append(p.mine, g)
		case vampires.Humans, v.Enemy():
			p.prizes = append(p.prizes, g)
		}
	}
	slices.SortStableFunc(p.mine, func(a, b vampires.Located) int { return b.Count - a.Count })
	limit := 3
	if m := v.Config.MaxMoves; m > 0 && m < limit {
		limit = m
	}
	p.taken, p.sources, p.targets, p.moves = p.taken[:0], p.sources[:0], p.targets[:0], p.moves[:0]
	for _, g := range p.mine {
		if len(p.moves) == limit {
			break
		}
		if prize, ok := p.bestPrize(v, g); ok {
			if step, ok := p.safeStep(v, g, prize.Cell, true); ok {
				p.taken = append(p.taken, prize.Cell)
				p.move(g, step)
			}
		}
	}
	if len(p.moves) == 0 {
		p.fallback(v)
	}
	return vampires.Mov(p.moves...), nil
}

// bestPrize returns the unclaimed prize with the best value per move that
// g can take: humans it equals, enemies it outnumbers kill_ratio to 1.
func (p *Greedy) bestPrize(v *vampires.View, g vampires.Located) (vampires.Located, bool) {
	p.ties = p.ties[:0]
	best := 0.0
	for i, t := range p.prizes {
		if !canTake(v, g.Count, t.Group) || slices.Contains(p.taken, t.Cell) {
			continue
		}
		value := float64(t.Count) / float64(dist(g.Cell, t.Cell))
		switch {
		case value > best:
			best, p.ties = value, append(p.ties[:0], i)
		case value == best:
			p.ties = append(p.ties, i)
		}
	}
	if len(p.ties) == 0 {
		return vampires.Located{}, false
	}
	return p.prizes[p.ties[p.rng.IntN(len(p.ties))]], true
}

// canTake reports whether n attackers convert or kill the group t outright.
func canTake(v *vampires.View, n int, t vampires.Group) bool {
	if t.Kind == vampires.Humans {
		return n >= t.Count
	}
	return t.Kind == v.Enemy() && v.Config.KillRatio.AtLeast(n, t.Count)
}

// safeStep picks a step of g toward to (toward it when closer is true,
// else away from it) that breaks no rule of the ply and is safe: not onto
// a group g cannot take, and not next to an enemy group g cannot kill.
// Ties are broken at random.
func (p *Greedy) safeStep(v *vampires.View, g vampires.Located, to vampires.Cell, closer bool) (vampires.Cell, bool) {
	if slices.Contains(p.targets, g.Cell) {
		return vampires.Cell{}, false
	}
	p.steps = p.steps[:0]
	d := dist(g.Cell, to)
	for _, n := range neighbours {
		c := add(g.Cell, n)
		if !v.OnGrid(c) || (closer && dist(c, to) >= d) || (!closer && dist(c, to) <= d) {
			continue
		}
		if p.safe(v, g, c) {
			p.steps = append(p.steps, c)
		}
	}
	if len(p.steps) == 0 {
		return vampires.Cell{}, false
	}
	return p.steps[p.rng.IntN(len(p.steps))], true
}

// safe reports whether g may step onto c: c is not a source of this ply,
// holds nothing g cannot take, and has no enemy group g cannot kill next to
// it.
func (p *Greedy) safe(v *vampires.View, g vampires.Located, c vampires.Cell) bool {
	if slices.Contains(p.sources, c) {
		return false
	}
	if t := v.At(c); t.Kind != vampires.Empty && t.Kind != v.Me && !canTake(v, g.Count, t) {
		return false
	}
	for _, e := range p.prizes {
		if e.Kind == v.Enemy() && e.Cell != c && dist(e.Cell, c) <= 1 && !canTake(v, g.Count, e.Group) {
			return false
		}
	}
	return true
}

// fallback moves the largest group when no group has a prize to go for:
// away from the nearest enemy it cannot beat, or to its nearest own group,
// or one random safe step, or else a step onto nothing it cannot take, or
// else any step.
func (p *Greedy) fallback(v *vampires.View) {
	g := p.mine[0]
	if e, ok := p.nearest(g, func(t vampires.Located) bool { return t.Kind == v.Enemy() && !canTake(v, g.Count, t.Group) }); ok {
		if step, ok := p.safeStep(v, g, e.Cell, false); ok {
			p.move(g, step)
			return
		}
	}
	if len(p.mine) > 1 {
		friend := p.mine[1]
		for _, f := range p.mine[2:] {
			if dist(f.Cell, g.Cell) < dist(friend.Cell, g.Cell) {
				friend = f
			}
		}
		if step, ok := p.safeStep(v, g, friend.Cell, true); ok {
			p.move(g, step)
			return
		}
	}
	p.steps = p.steps[:0]
	for _, n := range neighbours {
		if c := add(g.Cell, n); v.OnGrid(c) && p.safe(v, g, c) {
			p.steps = append(p.steps, c)
		}
	}
	if len(p.steps) == 0 {
		// Nowhere safe: at least not onto a group it cannot take.
		for _, n := range neighbours {
			if c := add(g.Cell, n); v.OnGrid(c) && !slices.Contains(p.sources, c) {
				if t := v.At(c); t.Kind == vampires.Empty || t.Kind == v.Me || canTake(v, g.Count, t) {
					p.steps = append(p.steps, c)
				}
			}
		}
	}
	if len(p.steps) == 0 {
		for _, n := range neighbours {
			if c := add(g.Cell, n); v.OnGrid(c) && !slices.Contains(p.sources, c) {
				p.steps = append(p.steps, c)
			}
		}
	}
	p.move(g, p.steps[p.rng.IntN(len(p.steps))])
}

// nearest returns the prize nearest to g among those ok accepts.
func (p *Greedy) nearest(g vampires.Located, ok func(vampires.Located) bool) (vampires.Located, bool) {
	var best vampires.Located
	found := false
	for _, t := range p.prizes {
		if ok(t) && (!found || dist(t.Cell, g.Cell) < dist(best.Cell, g.Cell)) {
			best, found = t, true
		}
	}
	return best, found
}

// move moves the whole of g to step.
func (p *Greedy) move(g vampires.Located, step vampires.Cell) {
	p.moves = append(p.moves, vampires.Move{From: g.Cell, Count: g.Count, To: step})
	p.sources = append(p.sources, g.Cell)
	p.targets = append(p.targets, step)
}
