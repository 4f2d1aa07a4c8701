package minibus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// FuzzStep plays matches whose setup and lines come from the fuzzer: the
// player count, grid, turns and boarding rule from the first bytes, then
// each seat's line, one per line of text, so that any text meets the
// parser and odd commands meet the rules. Once the text is used up, seats
// play random commands, mostly valid ones. Nothing may panic and the
// invariants of checkInvariants (money never negative, passengers
// conserved…) must hold after every turn.
func FuzzStep(f *testing.F) {
	f.Add([]byte{3, 5, 40, 0}, "BUS 0\nBUS 1;UPDATECT\nPASS\nDESTINATION 0 2;UPGRADE 0\n;;\nbus 1")
	f.Add([]byte{0, 0, 0, 1}, "BUS 0;;\nUPDATESB;UPDATESB;UPDATESB")
	f.Add([]byte{1, 9, 255, 0}, strings.Repeat("BUS 2;DESTINATION 0 1\nDESTINATION 1 0;UPGRADE 1\n", 30))
	f.Add([]byte{2, 2, 10, 1}, "BUS 99999999999\nDESTINATION 0 0 0\n\x00;\xff\nUPDATECT ")
	f.Fuzz(func(t *testing.T, setup []byte, text string) {
		setup = append(setup, 0, 0, 0, 0)
		players := MinPlayers + int(setup[0])%MaxPlayers
		p := sim.Params{}
		p.Set("players", players)
		p.Set("grid_size", 4+int(setup[1])%8)
		p.Set("max_turns", 1+int(setup[2]))
		p.Set("boarding", boardingNames[setup[3]%2])
		p.Set("start_money", 1000)
		p.Set("station_every", 3)
		eff, err := sim.Effective(p, Params)
		require.NoError(t, err)
		r, err := New(sim.Seats(eff), eff)
		require.NoError(t, err)
		s := &State{}
		rng := sim.NewRand(uint64(len(text)), sim.EngineStream)
		r.Init(s, rng)
		lines := strings.Split(text, "\n")
		acts := make([]Action, players)
		var log sim.FaultLog
		for i := 0; !r.Done(s); i++ {
			for seat := range acts {
				acts[seat] = Action{}
				if k := i*players + seat; k < len(lines) {
					acts[seat], _ = ParseLine(lines[k])
				} else if rng.IntN(50) > 0 {
					acts[seat], _ = ParseLine(randomLine(rng))
				}
			}
			log.Begin(s.turn + 1)
			r.Step(s, acts, rng, &log)
			checkInvariants(t, r, s)
			var out sim.Outcome
			r.Outcome(s, &out)
			for seat := range out.Places {
				require.GreaterOrEqual(t, out.Places[seat], 1)
				require.LessOrEqual(t, out.Places[seat], players)
				require.GreaterOrEqual(t, out.Scores[seat], 0.0)
			}
		}
		for _, f := range log.Faults() {
			require.Contains(t, []sim.FaultKind{sim.FaultInvalid, sim.FaultNoAnswer}, f.Kind)
		}
	})
}

// randomLine returns one or two commands with small ids.
func randomLine(rng *rand.Rand) string {
	cmd := func() string {
		switch rng.IntN(8) {
		case 0:
			return fmt.Sprintf("BUS %d", rng.IntN(6))
		case 1:
			return fmt.Sprintf("UPGRADE %d", rng.IntN(8))
		case 2:
			return []string{"UPDATESB", "UPDATESP", "UPDATECT"}[rng.IntN(3)]
		case 3:
			return "PASS"
		}
		return fmt.Sprintf("DESTINATION %d %d", rng.IntN(8), rng.IntN(6))
	}
	if rng.IntN(3) == 0 {
		return cmd() + ";" + cmd()
	}
	return cmd()
}
