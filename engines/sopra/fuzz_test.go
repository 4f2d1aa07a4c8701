package sopra

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// FuzzStep plays matches whose setup and answers come from the fuzzer: the
// player count, board size, variants and logo count from the first bytes,
// then each seat's answer as text, so garbage text meets the parser and odd
// moves meet the rules. Nothing may panic; after every round the invariants
// hold (logos conserved, never two players on a cell, the per-cell tables
// right), and a player's score moves only by the points of the events.
func FuzzStep(f *testing.F) {
	f.Add([]byte{4, 0, 0, 0, 10, 0}, "N\nS\nE\nO\nJN\nJS\nJE\nJO\nW\nzz\n\n x ")
	f.Add([]byte{0, 1, 1, 1, 3, 1}, strings.Repeat("E\nO\nJE\nN\n", 30))
	f.Add([]byte{2, 2, 0, 1, 40, 200}, "JO\nJO\nJO\nJO")
	f.Fuzz(func(t *testing.T, setup []byte, moves string) {
		setup = append(setup, 0, 0, 0, 0, 0, 0)
		players := MinPlayers + int(setup[0])%(MaxPlayers-MinPlayers+1)
		p := sim.Params{}
		p.Set("players", players)
		p.Set("order", []string{OrderRotate, OrderFixed}[setup[1]%2])
		p.Set("slap_adjacency", []string{Adjacent4, Adjacent8}[setup[2]%2])
		p.Set("drop_metric", []string{MetricManhattan, MetricChebyshev}[setup[3]%2])
		p.Set("logo_count", int(setup[4])%60)
		p.Set("drop_radius", 1+int(setup[5])%3)
		p.Set("rounds", 30)
		if setup[5]&4 != 0 { // a small board, crowded
			p.Set("width", 5)
			p.Set("height", 5)
			starts := make([][2]int, players)
			caddies := make([][2]int, players)
			for i := range players {
				starts[i] = [2]int{i % 5, 0}
				caddies[i] = [2]int{i % 5, 4}
				if i >= 5 {
					starts[i], caddies[i] = [2]int{0, 1}, [2]int{0, 3}
				}
			}
			p.Set("starts", starts)
			p.Set("caddies", caddies)
		}
		eff, err := sim.Effective(p, Params)
		require.NoError(t, err)
		r, err := New(sim.Seats(eff), eff)
		if err != nil {
			return // more logos than the board holds: refused, fine
		}
		s := &State{}
		rng := sim.NewRand(uint64(len(moves)), sim.EngineStream)
		r.Init(s, rng)
		checkInvariants(t, r, s)
		texts := strings.Split(moves, "\n")
		acts := make([]Action, players)
		var log sim.FaultLog
		for i := 0; !r.Done(s); i++ {
			asked := r.ToAct(s, nil)
			clear(acts)
			for _, seat := range asked {
				if k := i*players + seat; k < len(texts) {
					acts[seat], _ = r.ParseAction(texts[k])
				} else {
					acts[seat] = Actions[rng.IntN(8)]
				}
			}
			before := make([]Player, players)
			copy(before, s.players)
			log.Begin(s.round + 1)
			r.Step(s, acts, rng, &log)
			checkInvariants(t, r, s)
			for seat, q := range s.players {
				b := before[seat]
				want := b.Score + r.Points.Slap*(q.Slaps-b.Slaps) + r.Points.Pickup*(q.Pickups-b.Pickups) +
					r.Points.Delivery*(q.Deliveries-b.Deliveries) + r.Points.Penalty*(q.Penalties-b.Penalties)
				require.Equal(t, want, q.Score, "seat %d's score", seat)
				if b.Stunned {
					require.Equal(t, b.Pos, q.Pos, "seat %d was stunned and moved", seat)
				}
			}
		}
		var out sim.Outcome
		r.Outcome(s, &out)
		for seat := range out.Places {
			require.GreaterOrEqual(t, out.Places[seat], 1)
			require.LessOrEqual(t, out.Places[seat], players)
		}
	})
}
