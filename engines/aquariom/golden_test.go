package aquariom

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// scripted returns a chaser with a script on top that uses every command:
// every 50 turns its first cell divides towards the map's centre; every 10
// turns its heaviest cell creates a virus there if it has the mass for it;
// at turn 500 it surrenders (the only use of the engine's random stream).
func scripted() *chaser {
	return &chaser{extra: func(v *View, a *Action) {
		cfg := v.Config()
		cx, cy := cfg.MapWidth/2, cfg.MapHeight/2
		a.SetSurrender(v.Turn == 500)
		if v.NumCells(v.Seat) == 0 {
			return
		}
		if v.Turn%50 == 0 {
			first := v.CellOf(v.Seat, 0)
			a.Add(Divide(first.ID, cx, cy, first.Mass/2))
		}
		heaviest := v.CellOf(v.Seat, 0)
		for i := range v.NumCells(v.Seat) {
			if c := v.CellOf(v.Seat, i); c.Mass > heaviest.Mass {
				heaviest = c
			}
		}
		if v.Turn%10 == 5 && heaviest.Mass > 130 {
			a.Add(CreateVirus(heaviest.ID, cx, cy))
		}
	}}
}

// TestGoldenHashes pins whole matches of fixed seeds: a change here is a
// change of the rules (or of the test bots) and must be deliberate.
func TestGoldenHashes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		m      string
		bots   string // c = chaser, s = scripted, one letter per seat
		seed   uint64
		scores []float64
		cells  []int
		hash   string
	}{
		{"chasers", "duel", "cc", 1, []float64{32255.5619412303, 32255.5619412303}, []int{1, 1}, "a2af24b1c8f153a8"},
		{"scripted against chaser", "duel", "sc", 2, []float64{26674.575955100165, 241016.70513794557}, []int{0, 1}, "14864499fa380ace"},
		{"four scripted", "ffa4", "sscs", 3,
			[]float64{18419.00236878875, 27390.875391170805, 352712.6819540772, 9788.901335620962}, []int{0, 0, 6, 0}, "7b1f3e6341c3f4b9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadMap(tc.m)
			require.NoError(t, err)
			c.Players = len(tc.bots)
			r, err := New(c)
			require.NoError(t, err)
			var players []sim.Player[View, Action]
			for _, b := range tc.bots {
				if b == 's' {
					players = append(players, scripted())
				} else {
					players = append(players, &chaser{})
				}
			}
			m := sim.NewMatch(r, nil)
			res := m.Play(context.Background(), tc.seed, players)
			require.NoError(t, res.Err)
			require.Empty(t, res.Faults)
			require.Equal(t, c.NbTurns, res.Turns)
			checkInvariants(t, r, m.State())
			var cells []int
			for seat := range c.Players {
				cells = append(cells, len(m.State().owned[seat]))
			}
			require.Equal(t, tc.scores, res.Scores)
			require.Equal(t, tc.cells, cells)
			require.Equal(t, tc.hash, sim.FormatHash(res.StateHash))

			// The same seed plays the same match again, on reused buffers.
			again := m.Play(context.Background(), tc.seed, players)
			require.Equal(t, res.StateHash, again.StateHash)
		})
	}
}

// TestTraceRebuildsTheEatenNeutrals plays a whole duel of chasers and
// checks, turn by turn, that the "eaten" deltas of the state lines rebuild
// exactly which initial neutrals are gone and when each comes back, and
// that the trace of the 1,000 turns stays small.
func TestTraceRebuildsTheEatenNeutrals(t *testing.T) {
	d := newDuel(t)
	repop := d.r.cfg.InitialNeutralCellsRepopTime
	var eatenAt [][]int
	size := 0
	record := func() {
		line := d.r.AppendState(nil, &d.s)
		size += len(line)
		var st struct{ Eaten []int }
		require.NoError(t, json.Unmarshal(line, &st))
		eatenAt = append(eatenAt, st.Eaten)
		want := map[int]int{}
		for i := range d.s.nInit {
			if c := &d.s.cells[i]; !c.alive {
				want[i] = int(c.due)
			}
		}
		require.Equal(t, want, RebuildEaten(eatenAt, d.s.turn, repop), "turn %d", d.s.turn)
	}
	record()
	eaten := 0
	for !d.r.Done(&d.s) {
		d.turn()
		record()
		eaten += len(eatenAt[len(eatenAt)-1])
	}
	require.Greater(t, eaten, 100, "the chasers ate too little to test anything")
	require.Less(t, size, 10<<20, "the states of a 1,000-turn duel take %d bytes", size)
}
