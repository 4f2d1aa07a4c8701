package sim_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestScaleMapsValuesToTheUnitInterval(t *testing.T) {
	lin := sim.FloatParam("risk", "0.5", 0, 2, "risk")
	require.True(t, lin.Tunable())
	require.Equal(t, "linear", lin.Scale.String())
	require.Equal(t, 0.25, lin.ToUnit(0.5))
	require.Equal(t, 0.5, lin.FromUnit(0.25))
	require.Equal(t, 1.0, lin.ToUnit(9), "clamped")
	require.Equal(t, 0.0, lin.FromUnit(-1), "clamped")

	work := sim.IntParam("work", 200, 1, 1_000_000, "budget").Log()
	require.True(t, work.Tunable())
	require.Equal(t, "log", work.Scale.String())
	require.InDelta(t, 0.5, work.ToUnit(1000), 1e-12, "1000 is halfway between 1 and a million by ratios")
	require.Equal(t, 1000.0, work.FromUnit(0.5))
	require.Equal(t, 1.0, work.FromUnit(0))
	require.Equal(t, 1_000_000.0, work.FromUnit(1))
	require.Equal(t, 1000.0, sim.FloatParam("b", "10", 1, 1000, "").Log().FromUnit(1), "the ends exactly, whatever the logarithms round to")
	for _, v := range []float64{1, 7, 200, 65_536, 999_999} {
		require.Equal(t, v, work.FromUnit(work.ToUnit(v)), "%v goes there and back", v)
	}
	require.Equal(t, 3.0, sim.IntParam("depth", 8, 1, 32, "").FromUnit(2.0/31), "an int rounds")
}

func TestTunable(t *testing.T) {
	for _, p := range []sim.ParamSpec{
		sim.ChoiceParam("order", "a", []string{"a", "b"}, ""),
		{Name: "n", Kind: sim.KindInt, Min: 0, Max: 10, Nullable: true},
		{Name: "n", Kind: sim.KindFloat, Min: 3, Max: 3},
		sim.FloatParam("x", "1", 0, 1, "").Log(),
	} {
		require.False(t, p.Tunable(), "%+v", p)
	}
}
