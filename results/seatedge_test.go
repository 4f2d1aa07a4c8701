package results

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// seatDuels returns a round robin of the bots (true Elos elos) over the
// given rounds, every pair on each round's seed in both seat orders, the
// first seat winning with probability L(Elo₀ − Elo₁ + edge).
func seatDuels(names []string, elos []float64, edge float64, rounds int, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 2))
	var out []Record
	for r := range rounds {
		for a := range names {
			for b := a + 1; b < len(names); b++ {
				for _, seats := range [][2]int{{a, b}, {b, a}} {
					d := elos[seats[0]] - elos[seats[1]] + edge
					places := []int{2, 1}
					if rng.Float64() < 1/(1+math.Pow(10, -d/400)) {
						places = []int{1, 2}
					}
					rr := rec(len(out), []string{names[seats[0]], names[seats[1]]}, places...)
					rr.Seed = uint64(r) + 1
					out = append(out, rr)
				}
			}
		}
	}
	return out
}

// TestSeatEdgeInTheModel: a 150-Elo first-seat edge pulls the plain
// ratings in, by about (1 − 2σ(Δ))·η²/2; with the edge in the model they
// come back to the truth, and the edge is found.
func TestSeatEdgeInTheModel(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	elos := []float64{150, 50, -50, -150}
	records := seatDuels(names, elos, 150, 400, 1)
	plain := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 1}, names, records...))
	seated := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 1, SeatEdge: true}, names, records...))
	require.NotNil(t, seated.SeatEdge)
	require.InDelta(t, 150, *seated.SeatEdge, 15)
	require.Nil(t, plain.SeatEdge)
	a0, a1 := byBot(t, plain, "a"), byBot(t, seated, "a")
	t.Logf("a: plain %+v, with the edge %+v", a0, a1)
	require.Less(t, a0.Elo, 150-12.0, "pulled in")
	require.InDelta(t, 150, a1.Elo, 12)
	require.True(t, a1.EloLo <= 150 && 150 <= a1.EloHi)
	require.False(t, a0.EloLo <= 150 && 150 <= a0.EloHi, "the plain interval misses the truth at this size")
	d, err := seated.Diff("a", "d")
	require.NoError(t, err)
	require.True(t, d.Lo <= 300 && 300 <= d.Hi)
	table, err := writeString(seated, FormatTable)
	require.NoError(t, err)
	require.Contains(t, string(table), "with a first-seat edge of +1")
	require.Contains(t, jsonOf(t, seated), `"seat_edge": 1`)

	// No edge: the model finds about none and moves nothing.
	even := seatDuels(names, elos, 0, 100, 2)
	p, q := standings(t, newTally(t, Options{Bootstrap: 200, Seed: 2}, names, even...)),
		standings(t, newTally(t, Options{Bootstrap: 200, Seed: 2, SeatEdge: true}, names, even...))
	require.InDelta(t, 0, *q.SeatEdge, 25)
	for _, bot := range names {
		require.InDelta(t, byBot(t, p, bot).Elo, byBot(t, q, bot).Elo, 3, bot)
	}

	// Four seats: refused.
	ffa := freeForAll(8, names, []float64{0, 0, 0, 0}, 1)
	_, err = newTally(t, Options{Bootstrap: -1, SeatEdge: true}, names, ffa...).Standings()
	require.ErrorContains(t, err, "two-seat games only, these have 4 seats")
}
