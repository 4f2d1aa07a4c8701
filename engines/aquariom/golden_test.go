package aquariom

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
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
