package sopra

import (
	"context"
	"math/rand/v2"
	"testing"

	engine "github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
)

// rounds plays the event's setup with six players of one bot, round after
// round, starting a new match whenever one ends.
type rounds struct {
	r       *engine.Rules
	s       engine.State
	rng     *rand.Rand
	players []player
	views   []engine.View
	acts    []engine.Action
	toAct   []int
	log     sim.FaultLog
	matches int
}

func newRounds(tb testing.TB, bot string) *rounds {
	r, _ := newRules(tb, `{}`)
	g := &rounds{r: r, rng: sim.NewRand(1, sim.EngineStream), views: make([]engine.View, 6), acts: make([]engine.Action, 6)}
	for range 6 {
		g.players = append(g.players, newPlayer(tb, bot))
	}
	g.start()
	return g
}

func (g *rounds) start() {
	g.r.Init(&g.s, g.rng)
	g.log.Reset()
	for k, p := range g.players {
		p.Reset(sim.MatchInfo{Seat: k, Seats: 6}, sim.NewRand(uint64(g.matches), uint64(k)))
	}
	g.matches++
}

// round plays one round.
func (g *rounds) round() {
	if g.r.Done(&g.s) {
		g.start()
	}
	clear(g.acts)
	g.toAct = g.r.ToAct(&g.s, g.toAct[:0])
	for _, k := range g.toAct {
		g.r.Observe(&g.s, k, &g.views[k])
		g.acts[k], _ = g.players[k].Act(&g.views[k])
	}
	g.r.Step(&g.s, g.acts, g.rng, &g.log)
}

// BenchmarkSixCollectors measures a whole match of six collectors on the
// event's setup, through sim.Match as the runner plays it: games/s is 1e9
// over ns/op.
func BenchmarkSixCollectors(b *testing.B) {
	r, eff := newRules(b, `{}`)
	m := sim.NewMatch(r, eff)
	players := make([]sim.Player[engine.View, engine.Action], 6)
	for i := range players {
		players[i] = newPlayer(b, "collector")
	}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		m.Play(context.Background(), seed, players)
	}
}

// BenchmarkRound measures one round of six players of each bot.
func BenchmarkRound(b *testing.B) {
	for _, bot := range Bots() {
		b.Run(bot.Name, func(b *testing.B) {
			g := newRounds(b, bot.Name)
			b.ReportAllocs()
			for b.Loop() {
				g.round()
			}
		})
	}
}
