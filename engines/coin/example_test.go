package coin_test

import (
	"context"
	"fmt"

	cobots "github.com/arenasim/arena/bots/coin"
	"github.com/arenasim/arena/engines/coin"
	"github.com/arenasim/arena/sim"
)

// Example plays one seed of a duel in both seat orders, as the runner does.
// The two games draw their own luck: on seed 6 the bot of true Elo 100
// loses from seat 0, then wins from seat 1.
func Example() {
	eff, _ := sim.Effective(sim.Params{}, coin.Params)
	rules, _ := coin.New(sim.Seats(eff), eff)
	m := sim.NewMatch(rules, eff)
	strong, level := cobots.Fixed{Elo: 100}, cobots.Fixed{Elo: 0}
	for _, players := range [][]sim.Player[coin.View, coin.Action]{{strong, level}, {level, strong}} {
		res := m.Play(context.Background(), 6, players)
		fmt.Println(res.Places, res.Scores)
	}
	// Output:
	// [2 1] [0 1]
	// [2 1] [0 1]
}
