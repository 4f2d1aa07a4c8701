package aquariom

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// fuzzConfig derives a small configuration from the fuzzer's setup bytes:
// 2 to 4 players, a map of 100 to 1,120 a side, a few neutrals, small
// caps on cells and viruses, light viruses and heavy enough starting cells
// for explosions to happen; nil if the bytes make an invalid one.
func fuzzConfig(setup []byte) *Config {
	b := func(i int) int { return int(setup[i%len(setup)]) }
	rng := rand.New(rand.NewPCG(uint64(b(0))<<8|uint64(b(1)), uint64(len(setup))))
	c := Config{
		MapWidth:                        float64(100 + 4*b(1)),
		MapHeight:                       float64(100 + 4*b(2)),
		MinNbPlayers:                    2,
		MaxNbPlayers:                    4,
		NbStartingCellsPerPlayer:        1 + b(3)%2,
		MaxCellsPerPlayer:               2 + b(4)%8,
		MassAbsorption:                  0.5 + float64(b(5)%10)/10,
		MinimumMassRatioToAbsorb:        1.1 + float64(b(6)%10)/10,
		RadiusFactor:                    0.5 + float64(float64(b(7)%4)/4),
		PlayerCellsStartingMass:         float64(10 + b(8)%150),
		MassLossPerFrame:                float64(b(9)%5) / 100,
		BaseCellSpeed:                   float64(10 + b(10)%100),
		SpeedLossFactor:                 float64(b(11)%4) / 10,
		MinimumPlayerCellMass:           float64(1 + b(12)%3),
		MaximumPlayerCellMass:           float64(50 + b(13)%400),
		InitialNeutralCellsMatrixWidth:  1 + b(14)%12,
		InitialNeutralCellsMatrixHeight: 1 + b(15)%12,
		InitialNeutralCellsMass:         float64(b(16)%20) / 4,
		InitialNeutralCellsRepopTime:    1 + b(17)%6,
		MaxViruses:                      b(18) % 4,
		VirusMass:                       float64(5 + b(19)%100),
		VirusCreationMassLoss:           float64(b(20)%10) / 10,
		VirusIsolationDuration:          b(21) % 6,
		VirusMaxSplit:                   b(22) % 10,
		NbTurns:                         5 + b(23)%40,
		SatelliteMass:                   SatelliteMass(b(24) % 2),
		Players:                         2 + b(0)%3,
	}
	for range c.MaxNbPlayers * c.NbStartingCellsPerPlayer {
		c.PlayersStartingPositions = append(c.PlayersStartingPositions, Point{rng.Float64() * c.MapWidth, rng.Float64() * c.MapHeight})
	}
	for range min(c.MaxViruses, b(25)%3) {
		c.VirusesStartingPositions = append(c.VirusesStartingPositions, Point{rng.Float64() * c.MapWidth, rng.Float64() * c.MapHeight})
	}
	if c.Check() != nil {
		return nil
	}
	return &c
}

// randomCommand returns a command for one of the seat's cells (or, now and
// then, for any id), with targets and masses that are sometimes absurd.
func randomCommand(rng *rand.Rand, v *View) Command {
	id := rng.IntN(v.s.nextID + 2)
	if n := v.NumCells(v.Seat); n > 0 && rng.IntN(8) > 0 {
		id = v.CellOf(v.Seat, rng.IntN(n)).ID
	}
	cfg := v.Config()
	coord := func(side float64) float64 {
		switch rng.IntN(12) {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(2*rng.IntN(2) - 1)
		case 2:
			return float64(rng.Float64()*math.MaxFloat64) * float64(1-2*rng.IntN(2))
		case 3:
			return 0
		}
		return (float64(1.4*rng.Float64()) - 0.2) * side
	}
	x, y := coord(cfg.MapWidth), coord(cfg.MapHeight)
	switch rng.IntN(3) {
	case 0:
		return Move(id, x, y)
	case 1:
		return Divide(id, x, y, coord(cfg.MaximumPlayerCellMass/2))
	}
	return CreateVirus(id, x, y)
}

// FuzzStep plays matches whose configuration comes from the fuzzer's
// setup bytes and whose actions come from its text, one line per seat and
// turn (garbage is refused by ParseAction and played as no action, as the
// match loop does), then from random commands once the text is used up.
// Nothing may panic, and the invariants of checkInvariants (masses finite
// and within range, at most max_cells_per_player cells, nothing off the
// map, the grids and lists consistent) must hold after every step.
func FuzzStep(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5}, "move 3 0 0\nsurrender\ndivide 4 1 1 5")
	f.Add([]byte{2, 200, 200, 1, 7, 9, 3, 3, 140, 0, 50, 0, 1, 255, 5, 5, 2, 2, 3, 20, 5, 3, 8, 30, 1, 2}, "")
	f.Add([]byte{1, 0, 0, 0, 0}, strings.Repeat("virus 5 NaN 3;move 5 1e308 -1e308\nsurrender;divide 6 0 0 NaN\n;;\nmove x\n", 10))
	f.Fuzz(func(t *testing.T, setup []byte, text string) {
		if len(setup) == 0 {
			return
		}
		c := fuzzConfig(setup)
		if c == nil {
			return
		}
		r, err := New(*c)
		require.NoError(t, err)
		s := &State{}
		rng := sim.NewRand(uint64(len(text)), sim.EngineStream)
		r.Init(s, rng)
		checkInvariants(t, r, s)
		lines := strings.Split(text, "\n")
		acts := make([]Action, r.Seats())
		var v View
		for k := 0; !r.Done(s); k++ {
			for seat := range acts {
				acts[seat] = Action{}
				if i := k*len(acts) + seat; i < len(lines) && text != "" {
					acts[seat], _ = r.ParseAction(lines[i])
					continue
				}
				r.Observe(s, seat, &v)
				for range rng.IntN(4) {
					acts[seat].Add(randomCommand(rng, &v))
				}
				acts[seat].SetSurrender(rng.IntN(30) == 0)
			}
			var log sim.FaultLog
			r.Step(s, acts, rng, &log)
			require.Empty(t, log.Faults())
			checkInvariants(t, r, s)
		}
		var out sim.Outcome
		r.Outcome(s, &out)
		for seat, p := range out.Places {
			require.True(t, p >= 1 && p <= r.Seats())
			require.GreaterOrEqual(t, out.Scores[seat], 0.0)
		}
		require.True(t, json.Valid(r.AppendState(nil, s)), "no NaN or Inf in the state")
	})
}
