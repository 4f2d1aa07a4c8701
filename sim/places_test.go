package sim_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// event is the Sopra Steria event's points table, places 1 to 6.
var event = []float64{8, 5, 3, 2, 1, 0}

func TestPlacePoints(t *testing.T) {
	for _, tc := range []struct {
		name   string
		table  []float64
		places []int
		want   []float64
	}{
		{"no tie", event, []int{3, 1, 6, 2, 5, 4}, []float64{3, 8, 0, 5, 1, 2}},
		{"two tied at the top", event, []int{1, 1, 3, 4, 5, 6}, []float64{6.5, 6.5, 3, 2, 1, 0}},
		{"three tied at the top", event, []int{1, 1, 1, 4, 5, 6}, []float64{16.0 / 3, 16.0 / 3, 16.0 / 3, 2, 1, 0}},
		{"two tied in the middle", event, []int{1, 2, 2, 4, 5, 6}, []float64{8, 4, 4, 2, 1, 0}},
		{"three tied in the middle, seats apart", event, []int{3, 1, 2, 3, 3, 6}, []float64{2, 8, 5, 2, 2, 0}},
		{"two tied at the bottom", event, []int{1, 2, 3, 4, 5, 5}, []float64{8, 5, 3, 2, 0.5, 0.5}},
		{"all tied", event, []int{1, 1, 1, 1, 1, 1}, []float64{19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6}},
		{"two pairs", []float64{3, 2, 1, 0}, []int{1, 1, 3, 3}, []float64{2.5, 2.5, 0.5, 0.5}},
		{"a table shorter than the seats", []float64{10, 4}, []int{1, 2, 2, 4}, []float64{10, 2, 2, 0}},
		{"places out of range", event, []int{0, 9}, []float64{0, 0}},
		{"no seats", event, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			places := append([]int(nil), tc.places...)
			got := sim.PlacePoints(tc.table, places, nil)
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.places, places, "the places are not changed")
		})
	}
}

// TestPlacePointsSharesExactly checks that whole-number points scaled so
// that every tie divides them give exact shares: what a championship adds
// up.
func TestPlacePointsSharesExactly(t *testing.T) {
	scaled := make([]float64, len(event))
	for k, p := range event {
		scaled[k] = 60 * p // 60 = lcm(1..6)
	}
	got := sim.PlacePoints(scaled, []int{1, 1, 1, 4, 4, 6}, nil)
	require.Equal(t, []float64{320, 320, 320, 90, 90, 0}, got)
}

func TestPlacePointsReusesDst(t *testing.T) {
	dst := make([]float64, 2, 6)
	places := []int{2, 1, 2, 4, 5, 6}
	got := sim.PlacePoints(event, places, dst)
	require.Equal(t, &dst[:1][0], &got[0], "dst's array is reused")
	require.Equal(t, []float64{4, 8, 4, 2, 1, 0}, got)
	require.Zero(t, testing.AllocsPerRun(100, func() { got = sim.PlacePoints(event, places, got) }))
}
