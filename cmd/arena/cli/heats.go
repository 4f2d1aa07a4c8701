package cli

import (
	"strings"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// heatsFormat sets up the knockout of a game of more than two seats: the
// scenario's bots in heats at tables of its seats, --games games a table,
// the top --advance of each through; set has what knockoutFormat read
// (the draw, the games, the cap, the points).
func heatsFormat(o *runOptions, c *chosen, setup sim.Setup, set results.KnockoutSettings, seed uint64) (runner.Format, sim.Setup, error) {
	k := &o.knockout
	seats, entrants := setup.Seats(), setup.Entrants()
	name := c.scenario.Name
	set.Advance = results.DefaultAdvance(seats)
	if sc := c.scenario.Knockout; sc != nil && sc.Advance > 0 {
		set.Advance = sc.Advance
	}
	if k.fs.Changed("advance") {
		set.Advance = k.advance
	}
	switch {
	case k.fs.Changed("third-place") && k.thirdPlace:
		return nil, nil, badInput("--third-place: %s has %d seats, whose heats have no third-place table (the final table ranks places 1 to %d)", name, seats, seats)
	case k.fs.Changed("draws") && k.draws != 1:
		return nil, nil, badInput("--draws: %s has %d seats; heats play one draw (--draws is for brackets of duels, whose title odds it computes)", name, seats)
	case set.Advance < 1 || set.Advance >= seats:
		return nil, nil, badInput("--advance: %d is not a whole number from 1 to %d (fewer than the %d seats of %s's tables)", set.Advance, seats-1, seats, name)
	case o.sel.fs.Changed("games") && o.games%seats != 0:
		return nil, nil, badInput("--games: %d is not a multiple of the %d seats of %s (heats play whole rotations of a table's seats; the default, %d, is one)", o.games, seats, name, seats)
	case k.fs.Changed("tie-cap") && k.cap%seats != 0:
		return nil, nil, badInput("--tie-cap: %d is not a multiple of the %d seats of %s (a level table is extended by whole rotations)", k.cap, seats, name)
	}
	if err := set.CheckHeats(len(entrants), seats); err != nil {
		return nil, nil, badInput("%s: %s", name, strings.TrimPrefix(err.Error(), "knockout: "))
	}
	opt, err := o.ratingOptions(entrants, seats, seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := runner.NewHeats(seats, entrants, set, seed, opt)
	if err != nil {
		return nil, nil, badInput("%s: %v", name, err)
	}
	return f, setup, nil
}
