package results

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/exp/stats"

	"github.com/arenasim/arena/sim"
)

func TestTallyWinsDrawsLosses(t *testing.T) {
	type line struct {
		games, wins, draws, losses, faults int
		places                             []int
	}
	ab, abcd := []string{"a", "b"}, []string{"a", "b", "c", "d"}
	withFaults := rec(3, ab, 2, 1)
	withFaults.Faults = []sim.Fault{{Seat: 0, Turn: 4, Kind: sim.FaultInvalid}, {Seat: 0, Turn: 5, Kind: sim.FaultPanic}}
	tests := []struct {
		name     string
		entrants []string
		records  []Record
		want     map[string]line
	}{
		{
			name:     "two seats",
			entrants: ab,
			records:  []Record{rec(0, ab, 1, 2), rec(1, []string{"b", "a"}, 1, 2), rec(2, ab, 1, 1), withFaults},
			want: map[string]line{
				"a": {games: 4, wins: 1, draws: 1, losses: 2, faults: 2, places: []int{2, 2}},
				"b": {games: 4, wins: 2, draws: 1, losses: 1, places: []int{3, 1}},
			},
		},
		{
			name:     "four seats with shared places",
			entrants: abcd,
			records: []Record{
				rec(0, abcd, 1, 2, 2, 4), // a wins alone; b and c share second
				rec(1, abcd, 1, 1, 3, 4), // a and b share first: a draw for both
				rec(2, []string{"d", "c", "b", "a"}, 1, 1, 1, 1),
			},
			want: map[string]line{
				"a": {games: 3, wins: 1, draws: 2, places: []int{3, 0, 0, 0}},
				"b": {games: 3, draws: 2, losses: 1, places: []int{2, 1, 0, 0}},
				"c": {games: 3, draws: 1, losses: 2, places: []int{1, 1, 1, 0}},
				"d": {games: 3, draws: 1, losses: 2, places: []int{1, 0, 0, 2}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := standings(t, newTally(t, Options{Bootstrap: -1}, tt.entrants, tt.records...))
			require.Equal(t, len(tt.records), s.Matches)
			require.Equal(t, len(tt.entrants), s.Seats)
			for bot, want := range tt.want {
				r := byBot(t, s, bot)
				got := line{r.Games, r.Wins, r.Draws, r.Losses, r.Faults, r.Places}
				require.Equal(t, want, got, bot)
			}
		})
	}
}

func TestTallyScoreMean(t *testing.T) {
	ab := []string{"a", "b"}
	records := []Record{rec(0, ab, 1, 2), rec(1, ab, 1, 2), rec(2, ab, 2, 1)}
	records[0].Scores = []float64{3, 0}
	records[1].Scores = []float64{5, 1}
	records[2].Scores = []float64{7, 8}
	s := standings(t, newTally(t, Options{Bootstrap: -1}, ab, records...))
	a := byBot(t, s, "a")
	require.Equal(t, 5.0, a.ScoreMean)
	// Sample standard deviation 2 over 3 games, each a round of its own:
	// se = 2/√3 on the run's range [0, 8], p̂ = 5/8, and Wilson's interval
	// with the trials that give that se, n′ = p̂(1−p̂)/(se/8)².
	p, n := 5.0/8, (5.0/8)*(3.0/8)/((4.0/3)/64)
	require.InDelta(t, roundSig(8*wilsonLongerSide(p, n)), a.ScoreCI, 1e-12)
}

// wilsonLongerSide returns the distance from p to the farther end of
// Wilson's 95 % interval for a proportion p̂ = p over n trials.
func wilsonLongerSide(p, n float64) float64 {
	z2 := z95 * z95
	center := (p + z2/(2*n)) / (1 + z2/n)
	reach := z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / (1 + z2/n)
	return max(p-(center-reach), center+reach-p)
}

// TestScoreIntervalAtTheEnds: a bot that won every game of 10 rounds (two
// games each) scores 1 ± 0 by the normal interval; Wilson's, with each
// round one trial, reaches down to 0.722.
func TestScoreIntervalAtTheEnds(t *testing.T) {
	ab := []string{"a", "b"}
	records := sweep(20, 2, "a", "b")
	for i := range records {
		for k, p := range records[i].Places {
			records[i].Scores[k] = float64(2 - p) // 1 for a win, 0 for a loss
		}
	}
	s := standings(t, newTally(t, Options{Bootstrap: -1}, ab, records...))
	a, b := byBot(t, s, "a"), byBot(t, s, "b")
	require.Equal(t, 1.0, a.ScoreMean)
	require.InDelta(t, 1-0.722, a.ScoreCI, 0.001)
	require.InDelta(t, roundSig(wilsonLongerSide(1, 10)), a.ScoreCI, 1e-12)
	require.Equal(t, a.ScoreCI, b.ScoreCI, "the same at 0")
}

// TestScoreIntervalClustersByRound: when both games of a round end alike,
// the round is one observation, and the interval is about √2 wider than
// with the same scores in rounds of their own.
func TestScoreIntervalClustersByRound(t *testing.T) {
	ab := []string{"a", "b"}
	rng := rand.New(rand.NewPCG(5, 6))
	var own, paired []Record
	for i := range 400 {
		x := float64(40 + rng.IntN(20))
		if i%2 == 1 {
			x = paired[i-1].Scores[0] // the second game of the round repeats the first
		}
		r := rec(i, ab, 1, 2)
		r.Scores = []float64{x, 0}
		own = append(own, r)
		r.Seed = uint64(i/2) + 1
		paired = append(paired, r)
	}
	half := func(records []Record) float64 {
		return byBot(t, standings(t, newTally(t, Options{Bootstrap: -1}, ab, records...)), "a").ScoreCI
	}
	require.InDelta(t, math.Sqrt2, half(paired)/half(own), 0.05)
}

// TestTallyScoreMatchesTextbook checks the tally's streaming mean and
// interval of the score against x/exp/stats on the whole list of scores.
func TestTallyScoreMatchesTextbook(t *testing.T) {
	ab := []string{"a", "b"}
	rng := rand.New(rand.NewPCG(3, 4))
	tally := NewTally(ab, Options{Bootstrap: -1})
	var scores []float64
	for i := range 500 {
		r := rec(i, ab, 1, 2)
		r.Scores = []float64{float64(rng.IntN(2000)), 0}
		scores = append(scores, r.Scores[0])
		require.NoError(t, tally.Add(&r))
	}
	s := standings(t, tally)
	mean, sd := stats.MeanAndStdDev(scores)
	a := byBot(t, s, "a")
	require.InDelta(t, roundSig(mean), a.ScoreMean, 1e-9)
	// Far from the ends of the range Wilson's interval is the normal one.
	require.InEpsilon(t, z95*sd/math.Sqrt(500), a.ScoreCI, 0.002)
}

func TestTallyAddErrors(t *testing.T) {
	ab := []string{"a", "b"}
	tests := []struct {
		name string
		r    Record
		want string
	}{
		{"unknown bot", rec(7, []string{"a", "x"}, 1, 2), `match 7: unknown bot "x"`},
		{"no seats", Record{Match: 7}, "match 7: no bots"},
		{"lengths differ", Record{Match: 7, Bots: ab, Scores: []float64{1}, Places: []int{1, 2}}, "match 7: 2 bots, 1 scores"},
		{"place too high", rec(7, ab, 1, 3), "match 7: seat 1: place 3 is out of range 1..2"},
		{"place zero", rec(7, ab, 0, 1), "match 7: seat 0: place 0 is out of range 1..2"},
		{"score not finite", Record{Match: 7, Bots: ab, Scores: []float64{math.NaN(), 1}, Places: []int{1, 2}}, "match 7: seat 0: score NaN is not a finite number"},
		{"fault seat", Record{Match: 7, Bots: ab, Scores: []float64{1, 2}, Places: []int{1, 2}, Faults: []sim.Fault{{Seat: 2}}}, "match 7: fault in seat 2 of 2"},
		{"turns negative", Record{Match: 7, Bots: ab, Scores: []float64{1, 2}, Places: []int{1, 2}, Turns: -5}, `match 7: field "turns" is -5, not a number of turns`},
		{"failed with unknown bot", Record{Match: 7, Bots: []string{"z"}, Error: "engine panic"}, `match 7: unknown bot "z"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tally := newTally(t, Options{}, ab)
			require.EqualError(t, tally.Add(&tt.r), tt.want)
			require.Zero(t, tally.Matches(), "a refused record counts nothing")
			require.Equal(t, []int64{0, 0, 0, 0}, halfWinsOf(tally))
		})
	}
}

func TestNewTallyDuplicate(t *testing.T) {
	tally := NewTally([]string{"a", "b", "a"}, Options{})
	r := rec(0, []string{"a", "b"}, 1, 2)
	require.EqualError(t, tally.Add(&r), `entrant "a" listed twice`)
	require.Zero(t, tally.Matches())
}

func TestTallyFailedMatches(t *testing.T) {
	ab := []string{"a", "b"}
	failed := Record{Match: 2, Bots: ab, Error: "engine panic in turn 3", Faults: []sim.Fault{{Seat: 0}}}
	tally := newTally(t, Options{Bootstrap: -1}, ab, rec(0, ab, 1, 2), rec(1, ab, 1, 2), failed)
	require.Equal(t, 3, tally.Matches())
	require.Equal(t, 1, tally.Failed())
	s := standings(t, tally)
	a := byBot(t, s, "a")
	require.Equal(t, 2, a.Games, "a failed match takes no part in the statistics")
	require.Zero(t, a.Faults)
	require.Equal(t, 1, s.Failed)
}

// TestTallyMemoryFlat checks that a tally keeps counts, not records: what it
// holds after 100 000 twelve-player matches in every order of places is what
// it held after the first 1 000.
func TestTallyMemoryFlat(t *testing.T) {
	entrants := make([]string, 12)
	for i := range entrants {
		entrants[i] = string(rune('a' + i))
	}
	tally := newTally(t, Options{Bootstrap: 100}, entrants)
	rng := rand.New(rand.NewPCG(1, 2))
	r := Record{Bots: slices.Clone(entrants), Scores: make([]float64, 12), Places: make([]int, 12)}
	var early int
	for i := range 100_000 {
		r.Match, r.Seed = i, uint64(i/12)
		rng.Shuffle(len(r.Bots), func(a, b int) { r.Bots[a], r.Bots[b] = r.Bots[b], r.Bots[a] })
		for k := range r.Places {
			r.Places[k] = 1 + rng.IntN(12) // ties included: up to 12^12 orders
			r.Scores[k] = float64(12 - r.Places[k])
		}
		require.NoError(t, tally.Add(&r), i)
		if i == 999 {
			early = tally.footprint()
		}
	}
	require.Equal(t, 100_000, tally.Matches())
	require.Equal(t, early, tally.footprint(), "the tally grew with the matches")
}

func TestTallyOrderIndependent(t *testing.T) {
	entrants := []string{"a", "b", "c", "d"}
	records := freeForAll(2000, entrants, []float64{1, 0.5, 0, 0}, 2)
	reversed := make([]Record, len(records))
	for i, r := range records {
		reversed[len(records)-1-i] = r
	}
	opt := Options{Bootstrap: 200, Seed: 9}
	want := standings(t, newTally(t, opt, entrants, records...))
	got := standings(t, newTally(t, opt, entrants, reversed...))
	require.Equal(t, jsonOf(t, want), jsonOf(t, got))
}

// BenchmarkTallyAdd adds records to a tally with the default bootstrap:
// 4-seat matches, each its own round, and duels in rounds of two seat
// orders (the default run's).
func BenchmarkTallyAdd(b *testing.B) {
	entrants := []string{"a", "b", "c", "d"}
	b.Run("ffa4", func(b *testing.B) {
		benchmarkTallyAdd(b, entrants, freeForAll(1024, entrants, []float64{1, 0.5, 0, 0}, 3))
	})
	b.Run("duel", func(b *testing.B) { benchmarkTallyAdd(b, entrants[:2], duels(1024, "a", "b", 0.6, 3)) })
}

func benchmarkTallyAdd(b *testing.B, entrants []string, records []Record) {
	tally := newTally(b, Options{}, entrants)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := records[i%len(records)]
		r.Match = i // rounds keep coming: no seed comes back at once
		if err := tally.Add(&r); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestTallyScoreIsExactForLargeScores: one-pass float sums lose the
// variance once Σx² passes 2⁵³ (scores of 1e7+{0,1} over 1,000 games showed
// "± 0"); the exact sums give the textbook standard error, √(0.25025/1000),
// and the interval is Wilson's with it (the scores sit at the top of the
// run's range [0, 10⁷+1], 500 of them a point below it, which makes
// Wilson's interval 3 % longer on the lower side).
func TestTallyScoreIsExactForLargeScores(t *testing.T) {
	ab := []string{"a", "b"}
	tally := NewTally(ab, Options{Bootstrap: -1})
	for i := range 1000 {
		r := rec(i, ab, 1, 2)
		r.Scores = []float64{1e7 + float64(i%2), 0}
		require.NoError(t, tally.Add(&r))
	}
	a := byBot(t, standings(t, tally), "a")
	require.Equal(t, 1e7+0.5, a.ScoreMean)
	width := 1e7 + 1
	p := (1e7 + 0.5) / width
	require.InEpsilon(t, width*wilsonLongerSide(p, p*(1-p)/(250.0/999/1000/(width*width))), a.ScoreCI, 1e-6)
	require.InDelta(t, 0.032, a.ScoreCI, 0.0005)
	out, err := writeString(standings(t, tally), FormatTable)
	require.NoError(t, err)
	require.Contains(t, string(out), "10000000.500 ± 0.032", "the table shows the margin")
}

// TestForksMergeToTheSameStandings checks the workers' way of counting:
// records dealt out to forks in batches that split rounds, counted in any
// order, some counted and then taken back (a run that stopped), merged, and
// given in match order to AddOrdered, make the same standings, to the byte,
// as Add given every record in order. Scores are fractions, so that sums in
// another order would differ in their last bits.
func TestForksMergeToTheSameStandings(t *testing.T) {
	entrants := []string{"a", "b", "c", "d"}
	records := freeForAll(3000, entrants, []float64{1, 0.5, 0, 0}, 4)
	for i := range records {
		records[i].Seed = uint64(i / 3) // rounds of three matches
		for k := range records[i].Scores {
			records[i].Scores[k] = float64(records[i].Places[k])/3 + 0.1*float64(i%7)
		}
	}
	for _, opt := range []Options{{Bootstrap: 200, Seed: 9}, {Bootstrap: -1, Rating: RatingBotsArena}} {
		want := jsonOf(t, standings(t, newTally(t, opt, entrants, records...)))

		main := NewTally(entrants, opt)
		forks := []*Tally{main.Fork(), main.Fork(), main.Fork()}
		rng := rand.New(rand.NewPCG(7, 7))
		var batches [][]Record
		for i := 0; i < len(records); {
			n := 1 + rng.IntN(8)
			batches = append(batches, records[i:min(i+n, len(records))])
			i += n
		}
		rng.Shuffle(len(batches), func(a, b int) { batches[a], batches[b] = batches[b], batches[a] })
		for bi, b := range batches {
			f := forks[bi%len(forks)]
			for i := range b {
				require.NoError(t, f.Count(&b[i]))
			}
		}
		// A stray record counted, then taken back.
		stray := records[5]
		stray.Scores = []float64{0.7, 0.2, 0.1, 0.3}
		require.NoError(t, forks[1].Count(&stray))
		forks[1].Uncount(&stray)
		for i := range records {
			require.NoError(t, main.AddOrdered(&records[i]))
		}
		for _, f := range forks {
			require.NoError(t, main.Merge(f))
		}
		require.Equal(t, want, jsonOf(t, standings(t, main)), "rating %q", opt.Rating)
	}
}

// TestRoundsScoringAlikeHaveNoSpread: rounds whose sums are equal have no
// spread, though the three sums spread is taken from leave a rounding
// residue (2.2·10⁻¹⁶ here). Taken as a spread, that residue made the
// score's interval ± 0.000000; with none, each round counts as one trial.
func TestRoundsScoringAlikeHaveNoSpread(t *testing.T) {
	var rs roundScore
	total, games := 0.0, 0
	for _, round := range [][]float64{{0.1, 0.7, 0.2}, {0.7, 0.2, 0.1}, {0.2, 0.1, 0.7}, {0.3, 0.3, 0.4}} {
		for _, x := range round {
			rs.add(x)
			total += x
			games++
		}
		rs.close()
	}
	ss, rounds := rs.spread(total / float64(games))
	require.Equal(t, 4, rounds)
	require.Zero(t, ss)

	// A real spread, however small beside the scores, stays.
	rs = roundScore{}
	for _, x := range []float64{1e6, 1e6 + 0.001} {
		rs.add(x)
		rs.close()
	}
	ss, _ = rs.spread(1e6 + 0.0005)
	require.InDelta(t, 5e-7, ss, 1e-12)
}
