package tron

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// FuzzStep plays matches whose setup and moves come from the fuzzer: the
// board size and player count from the first bytes, then each seat's action
// as text, so garbage text meets the parser and odd moves meet the rules;
// an odd fourth byte asks for fair starts.
// Nothing may panic and the invariants of checkInvariants must hold after
// every turn.
func FuzzStep(f *testing.F) {
	f.Add([]byte{3, 5, 5}, "x+\ny-\nx-\nzz\ny+\n\n x+ ")
	f.Add([]byte{0, 0, 0}, "x+\nx-")
	f.Add([]byte{10, 2, 3}, strings.Repeat("y+\ny-\nx+\nx-\n", 40))
	f.Add([]byte{2, 7, 7, 1}, strings.Repeat("y+\nx-\nx+\ny-\n", 20))
	f.Fuzz(func(t *testing.T, setup []byte, moves string) {
		setup = append(setup, 0, 0, 0, 0)
		players := MinPlayers + int(setup[0])%(MaxPlayers-MinPlayers+1)
		p := sim.Params{}
		p.Set("players", players)
		p.Set("width", 1+int(setup[1])%20)
		p.Set("height", 1+int(setup[2])%20)
		if setup[3]%2 == 1 {
			p.Set("starts", FairStarts)
		}
		eff, err := sim.Effective(p, Params)
		require.NoError(t, err)
		r, err := New(sim.Seats(eff), eff)
		if err != nil {
			return // a board too small for the players: refused, fine
		}
		s := &State{}
		rng := sim.NewRand(uint64(len(moves)), sim.EngineStream)
		r.Init(s, rng)
		checkInvariants(t, s)
		texts := strings.Split(moves, "\n")
		acts := make([]Dir, players)
		var log sim.FaultLog
		for i := 0; !r.Done(s); i++ {
			for seat := range acts {
				acts[seat] = NoDir
				if k := i*players + seat; k < len(texts) {
					acts[seat], _ = r.ParseAction(texts[k])
				} else {
					acts[seat] = Dirs[rng.IntN(4)] // random moves once the text is used up
				}
			}
			alive := s.alive
			log.Begin(s.turn + 1)
			r.Step(s, acts, rng, &log)
			checkInvariants(t, s)
			require.LessOrEqual(t, s.alive, alive)
			var out sim.Outcome
			r.Outcome(s, &out)
			for seat := range out.Places {
				require.GreaterOrEqual(t, out.Places[seat], 1)
				require.LessOrEqual(t, out.Places[seat], players)
			}
		}
		require.Less(t, s.alive, 2)
	})
}
