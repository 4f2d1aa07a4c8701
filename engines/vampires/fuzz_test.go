package vampires

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// FuzzStep plays matches whose setup and plies come from the fuzzer: the
// map, rule set, invalid-ply rule and seat 0's species from the first
// bytes, then one ply of text per line, so that garbage meets the parser
// and odd plies meet the rules. A line that does not parse, and every ply
// once the text is used up, is a random valid ply instead. Nothing may
// panic, and after every ply no count is negative, no cell holds two
// kinds, the populations add up, and the scratch space is clean.
func FuzzStep(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0}, "MOV 1,4,5,2,4\nMOV 6,1,5,5,2\nATK 2,4\nMOV 2,4,1,3,3;2,4,4,1,3\n")
	f.Add([]byte{1, 1, 1, 1}, "MOV 4,4,3,5,5;4,4,3,3,3;4,4,3,4,5;4,4,3,5,4\nATK 1,1\nMOV 99,99,1,1,1\n")
	f.Add([]byte{2, 0, 1, 0}, "MOV 1,3,6,2,2\nMOV 9,3,3,8,4;9,3,3,8,2\nMOV 2,2,1,2,2\nMOV 2,2,0,3,3\n\n")
	f.Add([]byte{3, 1, 0, 1}, strings.Repeat("MOV 1,1,1,2,2\nATK 3,3\n", 20))
	maps := ShippedMaps()
	f.Fuzz(func(t *testing.T, setup []byte, plies string) {
		setup = append(setup, 0, 0, 0, 0)
		p := sim.Params{}
		p.Set("map", maps[int(setup[0])%len(maps)])
		p.Set("ruleset", []string{"classic", "v10"}[setup[1]%2])
		p.Set("invalid_ply", []string{"forfeit", "skip"}[setup[2]%2])
		p.Set("seat0_species", []string{"vampires", "werewolves"}[setup[3]%2])
		p.Set("max_plies", 60)
		eff, err := sim.Effective(p, Params)
		require.NoError(t, err)
		r, err := New(sim.Seats(eff), eff)
		require.NoError(t, err)
		d := newDriver(r, uint64(len(plies)))
		checkInvariants(t, &d.s)
		lines := strings.Split(plies, "\n")
		for k := 0; !r.Done(&d.s); k++ {
			seat := d.s.toAct()
			ply, err := Ply{}, error(nil)
			if k < len(lines) {
				ply, err = r.ParseAction(lines[k])
			}
			if k >= len(lines) || err != nil {
				ply = d.randomPly(seat)
			}
			acts := make([]Ply, 2)
			acts[seat] = ply
			before := d.s.ply
			d.log.Begin(before + 1)
			r.Step(&d.s, acts, d.rng, &d.log)
			require.Equal(t, before+1, d.s.ply)
			checkInvariants(t, &d.s)
			out := outcome(r, &d.s)
			for seat, place := range out.Places {
				require.True(t, place == 1 || place == 2)
				require.GreaterOrEqual(t, out.Scores[seat], 0.0)
			}
		}
		require.LessOrEqual(t, d.s.ply, 60)
	})
}
