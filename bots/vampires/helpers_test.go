package vampires

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// newPlayerOf returns a constructor of the registered bot name, prepared
// with args (the defaults filling in the rest).
func newPlayerOf(t testing.TB, name string, args sim.Params) func() player {
	t.Helper()
	bots := Bots()
	i := slices.IndexFunc(bots, func(b sim.Bot[vampires.View, vampires.Ply]) bool { return b.Name == name })
	require.GreaterOrEqual(t, i, 0, "bot %s is not registered", name)
	eff, err := sim.Effective(args, bots[i].Params)
	require.NoError(t, err)
	newPlayer, err := bots[i].Prepare(eff)
	require.NoError(t, err)
	return newPlayer
}

// params builds a parameter set from name, value pairs.
func params(kv ...any) sim.Params {
	p := sim.Params{}
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1])
	}
	return p
}

// newRules configures the game from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*vampires.Rules, sim.Params) {
	t.Helper()
	eff, err := sim.Effective(overrides, vampires.Params)
	require.NoError(t, err)
	rules, err := vampires.New(eff)
	require.NoError(t, err)
	return rules, eff
}

// tally counts a bot's results in duels: wins, draws and losses.
type tally struct{ wins, draws, losses int }

// add returns the sum of two tallies.
func (t tally) add(u tally) tally {
	return tally{t.wins + u.wins, t.draws + u.draws, t.losses + u.losses}
}

// games returns the number of games counted.
func (t tally) games() int { return t.wins + t.draws + t.losses }

// score returns the score rate: wins plus half the draws, per game.
func (t tally) score() float64 {
	return (float64(t.wins) + 0.5*float64(t.draws)) / float64(t.games())
}

// wilsonLow returns the lower end of the 95 % Wilson interval of the score
// rate.
func (t tally) wilsonLow() float64 {
	const z = 1.959964
	n, p := float64(t.games()), t.score()
	centre := p + z*z/(2*n)
	spread := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return (centre - spread) / (1 + z*z/n)
}

// elo returns the Elo difference a score rate implies.
func elo(score float64) float64 { return 400 * math.Log10(score/(1-score)) }

// eloFloor is the score rate of a 200 Elo edge: 1 / (1 + 10^(-200/400)).
var eloFloor = 1 / (1 + math.Pow(10, -0.5))

// duelStats is what playDuels saw besides the results.
type duelStats struct {
	plies  int
	faults int
}

// playDuels plays the deals first..end-1 under the given rules, each twice
// with the seats (and so the species and the first move) swapped, and
// counts the results of the player from newA against the one from newB.
func playDuels(t testing.TB, overrides sim.Params, first, end int, newA, newB func() player) (res tally, st duelStats) {
	t.Helper()
	rules, eff := newRules(t, overrides)
	m := sim.NewMatch(rules, eff)
	a, b := newA(), newB()
	for i := first; i < end; i++ {
		seed := sim.Derive(11, uint64(i))
		for swap := range 2 {
			players, seatA := []player{a, b}, 0
			if swap == 1 {
				players, seatA = []player{b, a}, 1
			}
			r := m.Play(context.Background(), seed, players)
			require.NoError(t, r.Err)
			st.plies += r.Turns
			st.faults += len(r.Faults)
			switch mine, theirs := r.Places[seatA], r.Places[1-seatA]; {
			case mine < theirs:
				res.wins++
			case mine > theirs:
				res.losses++
			default:
				res.draws++
			}
		}
	}
	return res, st
}

func jsonUnmarshal(text string, dst any) error { return json.Unmarshal([]byte(text), dst) }
