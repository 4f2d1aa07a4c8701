package scenarios

import (
	"fmt"
	"strings"

	aqbots "github.com/arenasim/arena/bots/aquariom"
	cobots "github.com/arenasim/arena/bots/coin"
	"github.com/arenasim/arena/bots/external"
	mbbots "github.com/arenasim/arena/bots/minibus"
	"github.com/arenasim/arena/bots/script"
	sobots "github.com/arenasim/arena/bots/sopra"
	trbots "github.com/arenasim/arena/bots/tron"
	vwbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// Entry is a game with its default scenario.
type Entry struct {
	Game            sim.AnyGame
	DefaultScenario string
	// Synthetic marks a game made up to test arena itself, such as coin,
	// whose outcomes are drawn from strengths the bots declare: listings
	// tell it apart from the real games.
	Synthetic bool
	// BenchBots are the bots arena bench plays on the default scenario
	// when none are given, where the scenario's own include a search that
	// would measure the bot rather than the game and the runner; none: the
	// scenario's bots.
	BenchBots []string
}

// Entries returns every game, in the order listings show them. It is the
// registry: the one place that knows all engines and bots, so that adding a
// game is one entry here.
func Entries() []Entry { return entries(WireBots()) }

// entries is the registry with wire the bots every game shares (tests give
// their own).
func entries(wire []sim.WireBot) []Entry {
	return []Entry{
		{Game: withBots(tron.Game(), trbots.Bots(), wire), DefaultScenario: "tron/duel", BenchBots: []string{"stupid", "stupid"}},
		{Game: withBots(minibus.Game(), mbbots.Bots(), wire), DefaultScenario: "minibus/ffa4"},
		{Game: withBots(vampires.Game(), vwbots.Bots(), wire), DefaultScenario: "vampires/duel", BenchBots: []string{"greedy", "greedy"}},
		{Game: withBots(aquariom.Game(), aqbots.Bots(), wire), DefaultScenario: "aquariom/duel"},
		{Game: withBots(sopra.Game(), sobots.Bots(), wire), DefaultScenario: "sopra/match"},
		{Game: withBots(coin.Game(), cobots.Bots(), wire), DefaultScenario: "coin/duel", Synthetic: true},
	}
}

// DefaultScenario is the scenario `arena run` plays when given nothing.
const DefaultScenario = "tron/duel"

// LookupGame returns the game called name.
func LookupGame(name string) (Entry, error) {
	var names []string
	for _, e := range Entries() {
		if e.Game.Info().Name == name {
			return e, nil
		}
		names = append(names, e.Game.Info().Name)
	}
	return Entry{}, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(names, ", "))
}

// Game returns the game called name. It is a golden.Lookup: the code that
// replays records (golden traces, the report's viewers) is handed the games
// rather than knowing the registry.
func Game(name string) (sim.AnyGame, error) {
	e, err := LookupGame(name)
	return e.Game, err
}

// withBots gives a game its own bots, then the wire bots that every game
// shares.
func withBots[S, O, A any](g sim.Game[S, O, A], bots []sim.Bot[O, A], wire []sim.WireBot) sim.AnyGame {
	g.Bots = bots
	return sim.Erase(&g, wire...)
}

// WireBots returns the bots defined once for every game, which play it
// through its codec.
func WireBots() []sim.WireBot { return []sim.WireBot{script.Bot(), external.Exec(), external.HTTP()} }
