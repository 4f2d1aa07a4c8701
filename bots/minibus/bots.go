package minibus

import (
	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

type player = sim.Player[minibus.View, minibus.Action]

// Bots returns the Minibus bots, the league AIs from the weakest, then the
// strong bot.
func Bots() []sim.Bot[minibus.View, minibus.Action] {
	return []sim.Bot[minibus.View, minibus.Action]{
		simple("iaSNCF", "Wood 3's AI: always PASS", func() player { return &SNCF{} }),
		simple("iaRATP", "Wood 2's AI: one bus round the stations in id order, 5 turns at each", func() player { return &RATP{} }),
		simple("iaTICE", "Wood 1's AI: 4 buses round the stations, 5 turns at each, then 2 fare upgrades", func() player { return NewCycler(FocusFare) }),
		simple("iaKeolis", "Wood 1's AI: 4 buses round the stations, 5 turns at each, then 1 speed upgrade", func() player { return NewCycler(FocusSpeed) }),
		simple("iaTransdev", "Wood 1's AI: 4 buses round the stations, 5 turns at each, then 1 more car per bus", func() player { return NewCycler(FocusCapacity) }),
		strongBot(),
	}
}

// simple describes a bot that takes no arguments.
func simple(name, summary string, newPlayer func() player) sim.Bot[minibus.View, minibus.Action] {
	return sim.Bot[minibus.View, minibus.Action]{
		Name:    name,
		Summary: summary,
		Prepare: func(sim.Params) (func() player, error) { return newPlayer, nil },
	}
}
