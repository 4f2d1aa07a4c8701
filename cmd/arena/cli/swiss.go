package cli

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// swissFlags are run's flags of a Swiss (--schedule swiss).
type swissFlags struct {
	fs     *pflag.FlagSet
	rounds int
}

func (s *swissFlags) register(fs *pflag.FlagSet) {
	s.fs = fs
	intVar(fs, &s.rounds, "rounds", "", 0, "swiss: the rounds, at most half the bots in a duel (default: ⌈log2 bots⌉ + 1); --games is then a table's games a round")
}

// check refuses a Swiss flag without --schedule swiss.
func (s *swissFlags) check(swiss bool) error {
	if !swiss && s.fs.Changed("rounds") {
		return badInput("--rounds: only a Swiss has rounds (add --schedule swiss)")
	}
	return nil
}

// swissFormat sets a Swiss up: the scenario's bots at its tables, paired
// by score round by round, --games games a table a round.
func swissFormat(o *runOptions, c *chosen, seed uint64) (runner.Format, sim.Setup, error) {
	switch {
	case o.seeds != "":
		return nil, nil, badInput("--seeds: a Swiss plays the seeds of its rounds, derived from --seed")
	}
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	seats, entrants := setup.Seats(), setup.Entrants()
	set := results.SwissSettings{Games: seats, Rounds: results.DefaultSwissRounds(len(entrants), seats),
		Pairing: results.SwissPairingRule, Draw: runner.SwissDraw(seed, len(entrants))}
	if o.sel.fs.Changed("games") {
		set.Games = o.games
	}
	if o.swiss.fs.Changed("rounds") {
		set.Rounds = o.swiss.rounds
	}
	if err := set.Check(len(entrants), seats); err != nil {
		return nil, nil, badInput("%s: %s", c.scenario.Name, strings.TrimPrefix(err.Error(), "swiss: "))
	}
	opt, err := o.ratingOptions(entrants, seats, seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := runner.NewSwiss(seats, entrants, set, seed, opt)
	if err != nil {
		return nil, nil, badInput("%s: %v", c.scenario.Name, err)
	}
	return f, setup, nil
}
