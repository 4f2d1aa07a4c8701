package aquariom

import (
	"math/rand/v2"

	engine "github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
)

// player is the player type of every Aquar.iom bot.
type player = sim.Player[engine.View, engine.Action]

// Bots returns the Aquar.iom bots, weakest first.
func Bots() []sim.Bot[engine.View, engine.Action] {
	return []sim.Bot[engine.View, engine.Action]{
		simple("idle", "does nothing: every cell stays where it is", func() player { return Idle{} }),
		simple("nearest", "each cell flees the opponent cells that can eat it when they could reach it within 3 turns, else moves onto the nearest cell it can eat (neutral or lighter opponent cell)", func() player { return &Nearest{} }),
		simple("splitter", "nearest, and a cell divides towards an opponent cell that a child of half its mass could eat within the child's reach", func() player { return &Nearest{Split: true} }),
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

// Idle does nothing.
type Idle struct{}

// Reset does nothing.
func (Idle) Reset(sim.MatchInfo, *rand.Rand) {}

// Act returns the empty action.
func (Idle) Act(*engine.View) (engine.Action, error) { return engine.Action{}, nil }
