package minibus

import (
	"context"
	"testing"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// leagueAIs returns the four league AIs that play: iaRATP and the three of
// Wood 1.
func leagueAIs() []player {
	return []player{&RATP{}, NewCycler(FocusFare), NewCycler(FocusSpeed), NewCycler(FocusCapacity)}
}

// BenchmarkLeagueGame plays whole 500-turn games between the four league
// AIs through sim.Match, as a runner's worker does: one op is one game.
// The goal is out of reach, so that every game lasts its 500 turns.
func BenchmarkLeagueGame(b *testing.B) {
	rules, eff := newRules(b, params("players", 4, "goal_money", 1_000_000_000))
	m := sim.NewMatch(rules, eff)
	players := leagueAIs()
	turns, seed := 0, uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		r := m.Play(context.Background(), seed, players)
		turns += r.Turns
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(turns), "ns/turn")
}

// turnLoop drives matches turn by turn with the given players, starting a
// new one whenever one ends, without allocating.
type turnLoop struct {
	rules   *minibus.Rules
	eff     sim.Params
	state   minibus.State
	players []player
	acts    []minibus.Action
	view    minibus.View
	toAct   []int
	faults  sim.FaultLog
	streams *sim.Streams
	seed    uint64
}

func newTurnLoop(tb testing.TB, overrides sim.Params, players ...player) *turnLoop {
	rules, eff := newRules(tb, overrides)
	l := &turnLoop{rules: rules, eff: eff, players: players, acts: make([]minibus.Action, len(players)),
		toAct: make([]int, 0, len(players)), streams: sim.NewStreams(len(players))}
	l.start()
	return l
}

func (l *turnLoop) start() {
	l.seed++
	l.streams.Seed(l.seed)
	l.rules.Init(&l.state, l.streams.Engine())
	for k, p := range l.players {
		p.Reset(sim.MatchInfo{Seat: k, Seats: len(l.players), Params: l.eff}, l.streams.Seat(k))
	}
	l.faults.Reset()
}

// turn plays one turn.
func (l *turnLoop) turn() {
	if l.rules.Done(&l.state) {
		l.start()
	}
	l.toAct = l.rules.ToAct(&l.state, l.toAct[:0])
	clear(l.acts)
	for _, k := range l.toAct {
		l.rules.Observe(&l.state, k, &l.view)
		l.acts[k], _ = l.players[k].Act(&l.view)
	}
	l.rules.Step(&l.state, l.acts, l.streams.Engine(), &l.faults)
}

// TestTurnAllocatesNothing checks that a turn of the league AIs and of the
// strong bot allocates nothing once their buffers are sized.
func TestTurnAllocatesNothing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players []player
	}{
		{"league AIs", leagueAIs()},
		{"strong and Wood 1", []player{newPlayerOf(t, "strong")(), NewCycler(FocusFare), NewCycler(FocusSpeed), NewCycler(FocusCapacity)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newTurnLoop(t, params("players", 4), tc.players...)
			for range 10000 {
				l.turn()
			}
			if n := testing.AllocsPerRun(2000, l.turn); n != 0 {
				t.Fatalf("a turn allocates %v times", n)
			}
		})
	}
}
