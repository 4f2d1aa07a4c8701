package ladder

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRegistryRoundTripAndRefusals(t *testing.T) {
	dir := t.TempDir()
	r := &Registry{Format: RegistryFormat, Game: "coin", Scenario: "coin/duel", Seed: 3, Tables: 4}
	require.NoError(t, r.Add("a", "coin", "", 0))
	require.NoError(t, r.Add("b", "coin:elo=50", "a", 1))
	require.ErrorContains(t, r.Add("b", "coin", "", 1), "already")
	require.ErrorContains(t, r.Add("c", "coin", "z", 1), `"z" is not a bot`)
	require.ErrorContains(t, r.Add("c d", "coin", "", 1), "is not a letter")
	require.NoError(t, r.Retire("a", 2))
	require.ErrorContains(t, r.Retire("a", 3), "retired already")
	require.NoError(t, r.Save(dir))
	back, err := LoadRegistry(dir)
	require.NoError(t, err)
	require.Equal(t, r, back)
	require.Equal(t, []int{0}, back.Active(0))
	require.Equal(t, []int{0, 1}, back.Active(1))
	require.Equal(t, []int{1}, back.Active(2))
	require.NoError(t, os.WriteFile(filepath.Join(dir, RegistryFile), []byte(`{"format":1,"game":"coin","tables":0,"bots":[]}`), 0o644))
	_, err = LoadRegistry(dir)
	require.ErrorContains(t, err, `field "tables" is 0`)
}

// TestPlanPlaysTheNewVersionAgainstItsParent: a new version with no games
// meets its parent first; the plan is the same for the same input and
// changes with the seed only where it explores.
func TestPlanPlaysTheNewVersionAgainstItsParent(t *testing.T) {
	const k = 6
	led := NewLedger(k)
	for i := range k - 1 {
		for j := i + 1; j < k-1; j++ {
			for range 10 {
				led.Add(0, []int{i, j}, true)
			}
		}
	}
	in := Input{Batch: 1, Seed: 9, Active: []int{0, 1, 2, 3, 4, 5}, Ledger: led,
		Elo: []float64{0, 100, 200, 300, 400, math.NaN()}, Parent: []int{-1, -1, -1, -1, -1, 2}}
	set := DefaultSettings(16, 2)
	tables := Plan(set, in)
	require.Len(t, tables, 16)
	require.Equal(t, []int{5, 2}, tables[0].Bots)
	require.Equal(t, WhyParent, tables[0].Why)
	require.Equal(t, tables, Plan(set, in))
	explored := 0
	for _, tb := range tables {
		if tb.Why == WhyExplore {
			explored++
		}
		require.NotEqual(t, tb.Bots[0], tb.Bots[1])
	}
	require.Equal(t, 2, explored, "one table in 8")
	// Once the new version has its games, the information rule plays it
	// most: it is the most uncertain, between two neighbours.
	for range 8 {
		led.Add(1, []int{5, 2}, true)
	}
	in.Batch, in.Elo[5] = 2, 250
	count := 0
	for _, tb := range Plan(set, in) {
		if tb.Bots[0] == 5 || tb.Bots[1] == 5 {
			count++
		}
	}
	require.Greater(t, count, 8, "the new version's tables")
}
