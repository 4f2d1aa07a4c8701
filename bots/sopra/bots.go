package sopra

import (
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
)

// player is the player type of every bot of the game.
type player = sim.Player[engine.View, engine.Action]

// Bots returns the bots of the game, weakest first.
func Bots() []sim.Bot[engine.View, engine.Action] {
	return []sim.Bot[engine.View, engine.Action]{
		simple("random", "a random allowed move: a step or, while jumps last, a jump, onto the board and no player", func() player { return &Random{} }),
		simple("collector", "the shortest path around the players to the nearest free logo, then home to deliver it; never jumps, never hunts", func() player { return &Collector{} }),
		simple("brawler", "hunts the nearest carrier (else the nearest player away from home) to slap it; delivers a logo it happens to pick up", func() player { return &Brawler{} }),
		strongBot(),
	}
}

// simple describes a bot that takes no arguments.
func simple(name, summary string, newPlayer func() player) sim.Bot[engine.View, engine.Action] {
	return sim.Bot[engine.View, engine.Action]{
		Name:    name,
		Summary: summary,
		Prepare: func(sim.Params) (func() player, error) { return newPlayer, nil },
	}
}

// Random plays a random allowed action, forbidden ones only when nothing
// else is left.
type Random struct{ rng *rand.Rand }

// Reset keeps the seat's stream.
func (b *Random) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act picks among the allowed actions uniformly.
func (b *Random) Act(v *engine.View) (engine.Action, error) {
	best, n := engine.North, 0
	for _, a := range engine.Actions {
		if _, ok := target(v, v.Seat, a); ok {
			n++
			if b.rng.IntN(n) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// Collector walks the shortest path to the nearest free logo, then home.
type Collector struct {
	rng   *rand.Rand
	d     distances
	goals []engine.Cell
}

// Reset keeps the seat's stream.
func (b *Collector) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act steps towards the nearest free logo, or home while carrying one or
// when none is left.
func (b *Collector) Act(v *engine.View) (engine.Action, error) {
	b.goals = b.goals[:0]
	if !v.Carrying(v.Seat) {
		b.goals = v.FreeLogos(b.goals)
	}
	if len(b.goals) == 0 {
		b.goals = append(b.goals, v.Caddie(v.Seat))
	}
	return walk(v, &b.d, b.goals, b.rng), nil
}

// Brawler hunts: it walks to a cell next to the nearest carrier it may
// slap (not at home, not its protected player), else next to the nearest
// such player; with a logo it happens to carry, it goes home.
type Brawler struct {
	rng   *rand.Rand
	d     distances
	goals []engine.Cell
}

// Reset keeps the seat's stream.
func (b *Brawler) Reset(_ sim.MatchInfo, rng *rand.Rand) { b.rng = rng }

// Act steps towards its prey, or home with a logo.
func (b *Brawler) Act(v *engine.View) (engine.Action, error) {
	b.goals = b.goals[:0]
	if v.Carrying(v.Seat) {
		b.goals = append(b.goals, v.Caddie(v.Seat))
	} else {
		b.goals = b.prey(v, true)
		if len(b.goals) == 0 {
			b.goals = b.prey(v, false)
		}
	}
	return walk(v, &b.d, b.goals, b.rng), nil
}

// prey appends to b.goals the free cells next to the players it may slap
// (carriers only, if carriers).
func (b *Brawler) prey(v *engine.View, carriers bool) []engine.Cell {
	for seat := range v.Players {
		if seat == v.Seat || seat == v.Protected() || v.AtHome(seat) || (carriers && !v.Carrying(seat)) {
			continue
		}
		p := v.Pos(seat)
		for _, a := range engine.Steps {
			dx, dy := a.Delta()
			c := engine.Cell{X: p.X + dx, Y: p.Y + dy}
			if v.OnBoard(c) && (v.PlayerAt(c) < 0 || v.PlayerAt(c) == v.Seat) {
				b.goals = append(b.goals, c)
			}
		}
	}
	return b.goals
}
