package results

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// rec returns a finished match of the given bots (one per seat) with the
// given places; every seat's score is 10 minus its place.
func rec(match int, bots []string, places ...int) Record {
	scores := make([]float64, len(places))
	for k, p := range places {
		scores[k] = float64(10 - p)
	}
	return Record{Type: TypeMatch, Format: FormatVersion, Match: match, Seed: uint64(match) + 1, Bots: bots, Scores: scores, Places: places}
}

// newTally returns a tally of entrants rated with opt and fed with records,
// failing the test on any error.
func newTally(t testing.TB, opt Options, entrants []string, records ...Record) *Tally {
	t.Helper()
	tally := NewTally(entrants, opt)
	for i := range records {
		require.NoError(t, tally.Add(&records[i]))
	}
	return tally
}

// standings returns the standings of tally, failing the test on error.
func standings(t testing.TB, tally *Tally) *Standings {
	t.Helper()
	s, err := tally.Standings()
	require.NoError(t, err)
	return s
}

// jsonOf returns the JSON form of standings: what must be reproducible
// (the structs hold NaN, which is never equal to itself).
func jsonOf(t testing.TB, s *Standings) string {
	t.Helper()
	out, err := writeString(s, FormatJSON)
	require.NoError(t, err)
	return string(out)
}

// byBot returns the rating line of bot.
func byBot(t testing.TB, s *Standings, bot string) Rating {
	t.Helper()
	for _, r := range s.Ratings {
		if r.Bot == bot {
			return r
		}
	}
	require.FailNow(t, "no rating line", "bot %q", bot)
	return Rating{}
}

// duels returns n two-seat matches between a and b that a wins with
// probability p, seats alternating, drawn from a fixed seed.
func duels(n int, a, b string, p float64, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 0))
	out := make([]Record, n)
	for i := range out {
		bots, places := []string{a, b}, []int{1, 2}
		if rng.Float64() >= p {
			places = []int{2, 1}
		}
		if i%2 == 1 {
			bots, places = []string{b, a}, []int{places[1], places[0]}
		}
		out[i] = rec(i, bots, places...)
		out[i].Seed = uint64(i/2) + 1 // both seat orders of a round share its seed
	}
	return out
}

// freeForAll returns n matches with every entrant seated (in a rotating
// order) and places drawn from Thurstone-style noisy merits around the
// given strengths, rounded so that ties happen.
func freeForAll(n int, entrants []string, strength []float64, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	k := len(entrants)
	out := make([]Record, n)
	merit := make([]float64, k)
	for i := range out {
		bots := make([]string, k)
		for s := range k {
			e := (s + i) % k
			bots[s] = entrants[e]
			merit[s] = float64(int(4 * (strength[e] + rng.NormFloat64())))
		}
		places := make([]int, k)
		sim.RankPlaces(merit, places)
		out[i] = rec(i, bots, places...)
		out[i].Seed = uint64(i/2) + 1 // both seat orders of a round share its seed
	}
	return out
}

// newPCG returns a test generator.
func newPCG(seed uint64) *rand.PCG { return rand.NewPCG(seed, seed) }
