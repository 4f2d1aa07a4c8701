package results

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestFaultTallyLines: one line per bot that faulted, its kinds the most
// frequent first; failed matches and other bots count nowhere.
func TestFaultTallyLines(t *testing.T) {
	ft := NewFaultTally([]string{"a", "b", "c"})
	rec := func(bots []string, err string, faults ...sim.Fault) *Record {
		return &Record{Bots: bots, Error: err, Faults: faults}
	}
	ft.Add(rec([]string{"a", "b"}, "", sim.Fault{Seat: 1, Kind: sim.FaultInvalid}, sim.Fault{Seat: 1, Turn: 1, Kind: sim.FaultTimeout}))
	ft.Add(rec([]string{"b", "a"}, "", sim.Fault{Seat: 0, Kind: sim.FaultTimeout}))
	ft.Add(rec([]string{"b", "c"}, "engine panic", sim.Fault{Seat: 1, Kind: sim.FaultPanic}))
	ft.Add(rec([]string{"c", "x"}, "", sim.Fault{Seat: 1, Kind: sim.FaultPanic}))
	require.Equal(t, []string{"b: 3 faults in 2 matches — 2 timeout, 1 invalid"}, ft.Lines())
	require.Equal(t, 2, ft.Matches(0))
	require.Equal(t, 1, ft.Matches(2))
	ft.Add(rec([]string{"c", "a"}, "", sim.Fault{Seat: 0, Kind: sim.FaultPanic}))
	require.Equal(t, []string{"b: 3 faults in 2 matches — 2 timeout, 1 invalid", "c: 1 fault in 2 matches — 1 panic"}, ft.Lines())
}
