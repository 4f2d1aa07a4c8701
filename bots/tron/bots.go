package tron

import (
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
)

// Bots returns the Tron bots, weakest first.
func Bots() []sim.Bot[tron.View, tron.Dir] {
	return []sim.Bot[tron.View, tron.Dir]{
		simple("random", "a uniformly random direction, free or not: dies fast", func() sim.Player[tron.View, tron.Dir] { return &Random{} }),
		simple("stupid", "the reference arena's bot: a random move to a free cell, weighted by the free neighbours of the target", func() sim.Player[tron.View, tron.Dir] { return &Stupid{} }),
		simple("straight", "the reference arena's better bot: the longest free straight run, ties in the order x+, x-, y+, y-", func() sim.Player[tron.View, tron.Dir] { return Straight{} }),
		strongBot(),
	}
}

// simple describes a bot that takes no arguments.
func simple(name, summary string, newPlayer func() sim.Player[tron.View, tron.Dir]) sim.Bot[tron.View, tron.Dir] {
	return sim.Bot[tron.View, tron.Dir]{
		Name:    name,
		Summary: summary,
		Prepare: func(sim.Params) (func() sim.Player[tron.View, tron.Dir], error) { return newPlayer, nil },
	}
}
