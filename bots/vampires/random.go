package vampires

import (
	"math/rand/v2"
	"slices"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// Random plays a random valid ply. In classic, one ply in ten is an ATK on
// a random cell it can attack, when there is one; otherwise it draws a
// number of moves from 1 to 3 (fewer when max_moves says so), and each
// move takes a random own group that is not yet a target, a random count
// of what the group has left and a random neighbour on the grid that is
// not a source. The plies are not uniform over all valid plies: their
// number explodes with the counts.
type Random struct {
	rng     *rand.Rand
	groups  []vampires.Located
	mine    []vampires.Located
	left    []int // per own group, individuals not yet moved this ply
	sources []vampires.Cell
	targets []vampires.Cell
	choices []int
	cells   []vampires.Cell
	moves   []vampires.Move
}

// Reset starts a match; the player draws from rng.
func (p *Random) Reset(_ sim.MatchInfo, rng *rand.Rand) { p.rng = rng }

// Act draws a ply.
func (p *Random) Act(v *vampires.View) (vampires.Ply, error) {
	p.groups = v.AppendGroups(p.groups[:0])
	p.mine, p.left = p.mine[:0], p.left[:0]
	for _, g := range p.groups {
		if g.Kind == v.Me {
			p.mine = append(p.mine, g)
			p.left = append(p.left, g.Count)
		}
	}
	if v.Config.Ruleset == vampires.Classic && p.rng.IntN(10) == 0 {
		if c, ok := p.attackTarget(v); ok {
			return vampires.Atk(c), nil
		}
	}
	limit := 3
	if m := v.Config.MaxMoves; m > 0 && m < limit {
		limit = m
	}
	want := 1 + p.rng.IntN(limit)
	p.moves, p.sources, p.targets = p.moves[:0], p.sources[:0], p.targets[:0]
	for len(p.moves) < want {
		// The groups that may still move: individuals left, not a target.
		p.choices = p.choices[:0]
		for i, g := range p.mine {
			if p.left[i] > 0 && !slices.Contains(p.targets, g.Cell) {
				p.choices = append(p.choices, i)
			}
		}
		if len(p.choices) == 0 {
			break
		}
		i := p.choices[p.rng.IntN(len(p.choices))]
		g := p.mine[i]
		p.cells = p.cells[:0]
		for _, d := range neighbours {
			c := add(g.Cell, d)
			if v.OnGrid(c) && !slices.Contains(p.sources, c) {
				p.cells = append(p.cells, c)
			}
		}
		if len(p.cells) == 0 {
			break
		}
		to := p.cells[p.rng.IntN(len(p.cells))]
		n := 1 + p.rng.IntN(p.left[i])
		p.left[i] -= n
		p.moves = append(p.moves, vampires.Move{From: g.Cell, Count: n, To: to})
		p.sources = append(p.sources, g.Cell)
		p.targets = append(p.targets, to)
	}
	return vampires.Mov(p.moves...), nil
}

// attackTarget picks a random cell holding humans or enemies next to an own
// group.
func (p *Random) attackTarget(v *vampires.View) (vampires.Cell, bool) {
	p.cells = p.cells[:0]
	for _, g := range p.groups {
		if g.Kind != vampires.Humans && g.Kind != v.Enemy() {
			continue
		}
		for _, m := range p.mine {
			if dist(m.Cell, g.Cell) == 1 {
				p.cells = append(p.cells, g.Cell)
				break
			}
		}
	}
	if len(p.cells) == 0 {
		return vampires.Cell{}, false
	}
	return p.cells[p.rng.IntN(len(p.cells))], true
}
