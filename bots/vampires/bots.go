package vampires

import (
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// player is the player type of every Vampires bot.
type player = sim.Player[vampires.View, vampires.Ply]

// Bots returns the Vampires bots, weakest first.
func Bots() []sim.Bot[vampires.View, vampires.Ply] {
	return []sim.Bot[vampires.View, vampires.Ply]{
		simple("random", "a uniformly random valid ply: an ATK (classic) or a list of 1 to max_moves moves (3 when unlimited, 32 at most), every valid one as likely", func() player { return &Random{} }),
		simple("greedy", "the rule sheet's greedy bot: each group heads for the human group it can convert (or enemy it can kill) with the best size per step, never next to a group it cannot beat; no splits", func() player { return &Greedy{} }),
		strongBot(),
	}
}

// simple describes a bot that takes no arguments.
func simple(name, summary string, newPlayer func() player) sim.Bot[vampires.View, vampires.Ply] {
	return sim.Bot[vampires.View, vampires.Ply]{
		Name:    name,
		Summary: summary,
		Prepare: func(sim.Params) (func() player, error) { return newPlayer, nil },
	}
}
