// Package coin holds the bot of the synthetic coin game: a bot of known
// strength, which answers its true Elo.
package coin

import (
	"math/rand/v2"

	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/sim"
)

// Bots returns the coin bots: one, coin:elo=X.
func Bots() []sim.Bot[coin.View, coin.Action] {
	return []sim.Bot[coin.View, coin.Action]{{
		Name:    "coin",
		Summary: "a bot of known strength: answers its true Elo, from which the engine draws its results",
		Params:  params,
		Prepare: prepare,
	}}
}

// params are the coin bot's arguments.
var params = []sim.ParamSpec{sim.FloatParam("elo", "0", coin.MinElo, coin.MaxElo, "its true Elo")}

// prepare checks the elo argument.
func prepare(args sim.Params) (func() sim.Player[coin.View, coin.Action], error) {
	r := sim.NewParamReader(args, params)
	elo := r.Float("elo")
	if err := r.Err(); err != nil {
		return nil, err
	}
	return func() sim.Player[coin.View, coin.Action] { return Fixed{Elo: elo} }, nil
}

// Fixed is the coin bot: it answers the same true Elo in every match.
type Fixed struct{ Elo float64 }

// Reset does nothing: the bot has no state and draws nothing.
func (Fixed) Reset(sim.MatchInfo, *rand.Rand) {}

// Act declares the bot's Elo.
func (b Fixed) Act(*coin.View) (coin.Action, error) { return coin.Declare(b.Elo), nil }
