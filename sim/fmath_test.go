package sim_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// TestExpLogLog1pAreAccurate compares the deterministic functions with the
// math package to within a few units in the last place.
func TestExpLogLog1pAreAccurate(t *testing.T) {
	const rel = 4e-16
	for i := -20000; i <= 20000; i++ {
		x := float64(i) / 20000 * 700
		require.InEpsilon(t, math.Exp(x), sim.Exp(x), rel, "Exp(%v)", x)
	}
	require.Equal(t, 1.0, sim.Exp(0))
	require.True(t, math.IsInf(sim.Exp(710), 1))
	require.Zero(t, sim.Exp(-746))
	require.True(t, math.IsNaN(sim.Exp(math.NaN())))
	for i := 1; i <= 40000; i++ {
		for _, x := range []float64{float64(i) / 20000, float64(i) * 1e6, float64(i) * 1e-300} {
			want := math.Log(x)
			require.InDelta(t, want, sim.Log(x), rel*math.Max(1, math.Abs(want)), "Log(%v)", x)
		}
	}
	require.Zero(t, sim.Log(1))
	require.True(t, math.IsInf(sim.Log(0), -1))
	require.True(t, math.IsNaN(sim.Log(-1)))
	require.True(t, math.IsInf(sim.Log(math.Inf(1)), 1))
	for i := -20000; i <= 20000; i++ {
		x := float64(i) / 20000 * 0.99
		if i == -20000 {
			x = -0.99
		}
		want := math.Log1p(x)
		require.InDelta(t, want, sim.Log1p(x), 2*rel*math.Max(1e-300, math.Abs(want)), "Log1p(%v)", x)
	}
	require.Equal(t, 1e-20, sim.Log1p(1e-20), "exact for tiny x")
	require.InEpsilon(t, math.Log1p(3), sim.Log1p(3), rel)
}
