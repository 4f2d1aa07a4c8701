package simtest

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// Score counts one bot's results against another.
type Score struct{ Wins, Draws, Losses int }

// Add returns the sum of two scores.
func (s Score) Add(u Score) Score {
	return Score{s.Wins + u.Wins, s.Draws + u.Draws, s.Losses + u.Losses}
}

// Games returns the number of games counted.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Count adds one game, from the two players' places.
func (s *Score) Count(mine, theirs int) {
	switch {
	case mine < theirs:
		s.Wins++
	case mine > theirs:
		s.Losses++
	default:
		s.Draws++
	}
}

// Rate returns the score rate: wins plus half the draws, per game.
func (s Score) Rate() float64 {
	return (float64(s.Wins) + float64(0.5*float64(s.Draws))) / float64(s.Games())
}

// WilsonLow returns the lower end of the 95 % Wilson interval of the score
// rate: a conservative bound for "stronger by at least" tests.
func (s Score) WilsonLow() float64 {
	const z = 1.959964
	n, p := float64(s.Games()), s.Rate()
	centre := p + float64(z*z/(2*n))
	spread := float64(z * math.Sqrt(float64(p*(1-p)/n)+float64(z*z/(4*n*n))))
	return (centre - spread) / (1 + z*z/n)
}

// Elo returns the Elo difference a score rate implies.
func Elo(rate float64) float64 { return 400 * math.Log10(rate/(1-rate)) }

// Rate200 is the score rate of a 200 Elo edge: 1 / (1 + 10^(-200/400)).
var Rate200 = 1 / (1 + math.Pow(10, -0.5))

// Duels plays deals first..end-1 of a 2-seat game (seed sim.Derive(master,
// deal)), each twice with the seats swapped, and scores a against b by
// their places. check, when not nil, sees every result. It returns the
// score and the turns played.
func Duels[S, O, A any](t testing.TB, e sim.Engine[S, O, A], params sim.Params, master uint64, first, end int,
	a, b sim.Player[O, A], check func(sim.Result)) (score Score, turns int) {
	t.Helper()
	m := sim.NewMatch(e, params)
	for i := first; i < end; i++ {
		seed := sim.Derive(master, uint64(i))
		for swap := range 2 {
			players, seatA := []sim.Player[O, A]{a, b}, 0
			if swap == 1 {
				players, seatA = []sim.Player[O, A]{b, a}, 1
			}
			r := m.Play(context.Background(), seed, players)
			require.NoError(t, r.Err)
			if check != nil {
				check(r)
			}
			turns += r.Turns
			score.Count(r.Places[seatA], r.Places[1-seatA])
		}
	}
	return score, turns
}

// Params builds a parameter set from name, value pairs.
func Params(kv ...any) sim.Params {
	p := sim.Params{}
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1])
	}
	return p
}

// ParamsJSON reads a parameter set from a JSON object.
func ParamsJSON(t testing.TB, text string) sim.Params {
	t.Helper()
	var p sim.Params
	require.NoError(t, json.Unmarshal([]byte(text), &p))
	return p
}

// Specs parses bot specs.
func Specs(t testing.TB, texts ...string) []sim.BotSpec {
	t.Helper()
	specs := make([]sim.BotSpec, len(texts))
	for i, text := range texts {
		spec, err := sim.ParseBotSpec(text)
		require.NoError(t, err)
		specs[i] = spec
	}
	return specs
}

// PlayerOf returns a constructor of the bot called name among bots,
// prepared with args (its defaults filling in the rest).
func PlayerOf[O, A any](t testing.TB, bots []sim.Bot[O, A], name string, args sim.Params) func() sim.Player[O, A] {
	t.Helper()
	i := slices.IndexFunc(bots, func(b sim.Bot[O, A]) bool { return b.Name == name })
	require.GreaterOrEqual(t, i, 0, "bot %s is not registered", name)
	eff, err := sim.Effective(args, bots[i].Params)
	require.NoError(t, err)
	newPlayer, err := bots[i].Prepare(eff)
	require.NoError(t, err)
	return newPlayer
}

// Rules configures a game's rules with newRules from overrides of its
// parameters, and returns them with the effective parameters.
func Rules[R any](t testing.TB, specs []sim.ParamSpec, newRules func(int, sim.Params) (R, error), overrides sim.Params) (R, sim.Params) {
	t.Helper()
	eff, err := sim.Effective(overrides, specs)
	require.NoError(t, err)
	rules, err := newRules(sim.Seats(eff), eff)
	require.NoError(t, err)
	return rules, eff
}
