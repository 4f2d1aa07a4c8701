package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// knockoutFlags are run's flags of a knockout (--schedule knockout).
type knockoutFlags struct {
	fs         *pflag.FlagSet
	cap        int
	thirdPlace bool
	points     string
	seeding    string
	seeded     int
	draws      int
	advance    int
}

func (k *knockoutFlags) register(fs *pflag.FlagSet) {
	k.fs = fs
	intVar(fs, &k.cap, "tie-cap", "", 0, fmt.Sprintf("knockout: the most games of a level tie, then the higher seed goes through (default: --games + %d; heats: + %d rotations)", results.KnockoutExtension, results.HeatsExtension))
	fs.BoolVar(&k.thirdPlace, "third-place", false, "knockout: the losing semi-finalists play for third place")
	fs.StringVar(&k.points, "points", "", "knockout: points by place, from the first, e.g. `3,2,1,1` (the default)")
	fs.StringVar(&k.seeding, "seeding", "", "knockout: rank the seeds by `order` (the bots' order) or by a results FILE's ratings")
	intVar(fs, &k.seeded, "seeded", "", 0, "knockout: how many of the --seeding ranking are seeded; the rest are drawn (default: all)")
	intVar(fs, &k.draws, "draws", "", 1, "knockout: play this many brackets, each drawn anew, and report how much the draw decides")
	intVar(fs, &k.advance, "advance", "", 0, "knockout of a game of 3 seats or more (heats): how many of each table go through (default: half the seats, rounded up)")
}

// check refuses a knockout flag without --schedule knockout.
func (k *knockoutFlags) check(knockout bool) error {
	if knockout {
		return nil
	}
	for _, name := range []string{"tie-cap", "third-place", "points", "seeding", "seeded", "draws", "advance"} {
		if k.fs.Changed(name) {
			return badInput("--%s: only a knockout has it (add --schedule knockout)", name)
		}
	}
	return nil
}

// knockoutFormat sets a knockout up: the scenario's bots in a bracket of
// duels, --games games a tie; in a game of more seats, heats
// (heatsFormat).
func knockoutFormat(o *runOptions, c *chosen, seed uint64) (runner.Format, sim.Setup, error) {
	k := &o.knockout
	switch {
	case o.seeds != "":
		return nil, nil, badInput("--seeds: a knockout plays the seeds of its stages, derived from --seed")
	}
	c.seatPerBot()
	setup, err := c.setup()
	if err != nil {
		return nil, nil, err
	}
	seats, entrants := setup.Seats(), setup.Entrants()
	set := results.KnockoutSettings{Games: results.DefaultKnockoutGames, Tiebreak: results.TiebreakHigherSeed,
		ThirdPlace: k.thirdPlace, Points: results.DefaultKnockoutPoints()}
	extension := results.KnockoutExtension
	if seats > 2 {
		set.Games, extension = seats, seats*results.HeatsExtension
	}
	seeding := k.seeding
	sc := c.scenario.Knockout
	if sc != nil { // the scenario's rules, under the flags
		if sc.Games > 0 {
			set.Games = sc.Games
		}
		if !k.fs.Changed("third-place") {
			set.ThirdPlace = sc.ThirdPlace
		}
		if sc.Points != nil {
			set.Points = sc.Points
		}
		if !k.fs.Changed("seeding") {
			seeding = sc.Seeding
		}
	}
	if o.sel.fs.Changed("games") {
		set.Games = o.games
	}
	set.Cap = set.Games + extension
	if sc != nil && sc.Cap > 0 && !o.sel.fs.Changed("games") {
		set.Cap = sc.Cap
	}
	if k.fs.Changed("tie-cap") {
		set.Cap = k.cap
	}
	if k.fs.Changed("points") {
		if set.Points, err = parsePoints(k.points); err != nil {
			return nil, nil, err
		}
	}
	ranking, err := k.ranking(seeding, setup.Game(), entrants)
	if err != nil {
		return nil, nil, err
	}
	set.Seeded = len(ranking)
	if k.fs.Changed("seeded") {
		if k.seeded < 0 || k.seeded > len(ranking) {
			return nil, nil, badInput("--seeded: %d is not a whole number from 0 to %d (the bots the --seeding ranks)", k.seeded, len(ranking))
		}
		set.Seeded = k.seeded
	}
	set.Draw = runner.KnockoutDraw(seed, len(entrants), ranking, set.Seeded)
	if seats > 2 {
		return heatsFormat(o, c, setup, set, seed)
	}
	if from := "--advance"; k.fs.Changed("advance") || (sc != nil && sc.Advance > 0) {
		if !k.fs.Changed("advance") {
			from = "key knockout.advance"
		}
		return nil, nil, badInput("%s: %s has 2 seats, and a tie of duels sends its winner alone through (advance is for heats: games of 3 seats or more)", from, c.scenario.Name)
	}
	if k.draws < 1 || k.draws > runner.MaxDraws {
		return nil, nil, badInput("--draws: %d is not a whole number from 1 to %d", k.draws, runner.MaxDraws)
	}
	if k.draws > 1 {
		set.Draws = k.draws
	}
	if err := set.Check(len(entrants)); err != nil {
		return nil, nil, badInput("%s: %s", c.scenario.Name, strings.TrimPrefix(err.Error(), "knockout: "))
	}
	opt, err := o.ratingOptions(entrants, 2, seed)
	if err != nil {
		return nil, nil, err
	}
	f, err := runner.NewKnockout(entrants, set, seed, opt)
	if err != nil {
		return nil, nil, badInput("%s: %v", c.scenario.Name, err)
	}
	return f, setup, nil
}

// parsePoints reads --points: numbers by place, comma-separated.
func parsePoints(text string) ([]float64, error) {
	var points []float64
	for i, field := range strings.Split(text, ",") {
		p, err := strconv.ParseFloat(strings.TrimSpace(field), 64)
		if err != nil || p != p || p > results.MaxPlacePoints || p < -results.MaxPlacePoints {
			return nil, badInput("--points %s: place %d: %q is not a number from -%d to %d", text, i+1, strings.TrimSpace(field), results.MaxPlacePoints, results.MaxPlacePoints)
		}
		points = append(points, p)
	}
	return points, nil
}

// ranking returns the entrants --seeding ranks, best first: all of them in
// the order given, or those a results file rates, by rating.
func (k *knockoutFlags) ranking(seeding, game string, entrants []string) ([]int, error) {
	switch seeding {
	case "":
		return nil, nil
	case "order":
		order := make([]int, len(entrants))
		for i := range order {
			order[i] = i
		}
		return order, nil
	}
	files, h, err := openRunFiles([]string{seeding}, true)
	if err != nil {
		return nil, err
	}
	if h.Game != game {
		return nil, badInput("--seeding %s: a results file of %s, and the knockout plays %s", seeding, h.Game, game)
	}
	var rated runOptions
	rated.bootstrap = 0
	rated.rating = results.RatingBradleyTerry
	format, err := formatOf(files[0].path, h, &rated)
	if err != nil {
		return nil, err
	}
	if _, _, err := readRun(files, format.Plan(), format.Add); err != nil {
		return nil, err
	}
	st, ok := format.(interface {
		Standings() (*results.Standings, error)
	})
	if !ok {
		return nil, badInput("--seeding %s: a %s file has no ratings to seed by", seeding, h.Schedule)
	}
	standings, err := st.Standings()
	if err != nil {
		return nil, &exitError{ExitInternal, err}
	}
	index := map[string]int{}
	for i, e := range entrants {
		index[e] = i
	}
	var order []int
	for _, r := range standings.Ratings {
		if i, ok := index[r.Bot]; ok {
			order = append(order, i)
		}
	}
	if len(order) == 0 {
		return nil, badInput("--seeding %s: it rates none of the bots (%s)", seeding, strings.Join(entrants, ", "))
	}
	return order, nil
}
