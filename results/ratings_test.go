package results

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// repeat returns n copies of r.
func repeat(n int, r Record) []Record {
	out := make([]Record, n)
	for i := range out {
		out[i] = r
		out[i].Match = i
	}
	return out
}

func TestBradleyTerryTwoBots(t *testing.T) {
	ab := []string{"a", "b"}
	tests := []struct {
		name    string
		records []Record
		wantA   float64 // with the prior's virtual draw
		wantB   float64
	}{
		{"30 wins 10 losses", slices.Concat(repeat(30, rec(0, ab, 1, 2)), repeat(10, rec(0, ab, 2, 1))), 30.5, 10.5},
		{"10 wins 10 draws", slices.Concat(repeat(10, rec(0, ab, 1, 2)), repeat(10, rec(0, ab, 1, 1))), 15.5, 5.5},
		{"all won", repeat(20, rec(0, []string{"b", "a"}, 2, 1)), 20.5, 0.5},
		{"even", slices.Concat(repeat(7, rec(0, ab, 1, 2)), repeat(7, rec(0, ab, 2, 1))), 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := standings(t, newTally(t, Options{Bootstrap: -1}, ab, tt.records...))
			want := 400 * math.Log10(tt.wantA/tt.wantB)
			d, err := s.Diff("a", "b")
			require.NoError(t, err)
			require.InDelta(t, want, d.Elo, 1e-6)
			require.InDelta(t, want/2, byBot(t, s, "a").Elo, 0.05+1e-9)
			require.InDelta(t, -want/2, byBot(t, s, "b").Elo, 0.05+1e-9)
		})
	}
}

// requireStationary checks the maximum-likelihood equations of Bradley–Terry
// with the prior, independently of the fitting algorithm: for every entrant,
// its wins equal its expected wins under the fitted strengths.
func requireStationary(t *testing.T, tally *Tally, s *Standings) {
	t.Helper()
	k := len(tally.entrants)
	half := halfWinsOf(tally)
	gamma := make([]float64, k)
	for i := range k {
		gamma[i] = math.Pow(10, s.elo[i]/400)
	}
	for i := range k {
		wins, expected := 0.0, 0.0
		for j := range k {
			if i == j || half[i*k+j]+half[j*k+i] == 0 {
				continue
			}
			wi, wj := float64(half[i*k+j])/2+0.5, float64(half[j*k+i])/2+0.5
			wins += wi
			expected += (wi + wj) * gamma[i] / (gamma[i] + gamma[j])
		}
		require.InDelta(t, wins, expected, 1e-6*wins, tally.entrants[i])
	}
}

func TestBradleyTerryThreeBots(t *testing.T) {
	abc := []string{"a", "b", "c"}
	records := slices.Concat(
		repeat(70, rec(0, []string{"a", "b"}, 1, 2)), repeat(30, rec(0, []string{"a", "b"}, 2, 1)),
		repeat(65, rec(0, []string{"b", "c"}, 1, 2)), repeat(35, rec(0, []string{"b", "c"}, 2, 1)),
		repeat(40, rec(0, []string{"c", "a"}, 2, 1)), repeat(9, rec(0, []string{"c", "a"}, 1, 2)),
		repeat(3, rec(0, []string{"c", "a"}, 1, 1)),
	)
	tally := newTally(t, Options{Bootstrap: -1}, abc, records...)
	s := standings(t, tally)
	require.Equal(t, []string{"a", "b", "c"}, []string{s.Ratings[0].Bot, s.Ratings[1].Bot, s.Ratings[2].Bot})
	requireStationary(t, tally, s)
}

func TestBradleyTerryFourSeats(t *testing.T) {
	entrants := []string{"a", "b", "c", "d", "e"}
	tally := newTally(t, Options{Bootstrap: -1}, entrants)
	// Five entrants in four seats: every match leaves one out, so the
	// pairwise counts differ from pair to pair.
	for i, r := range freeForAll(3000, entrants, []float64{1, 0.6, 0.3, 0, 0}, 4) {
		r.Bots, r.Scores, r.Places = r.Bots[:4], r.Scores[:4], r.Places[:4]
		// Re-rank the four seats left.
		places := make([]int, 4)
		for k := range places {
			places[k] = 1
			for j := range r.Places {
				if r.Places[j] < r.Places[k] {
					places[k]++
				}
			}
		}
		r.Places = places
		require.NoError(t, tally.Add(&r), i)
	}
	s := standings(t, tally)
	require.Equal(t, "a", s.Ratings[0].Bot)
	requireStationary(t, tally, s)
}

func TestAppendHalfWins(t *testing.T) {
	// Entrants 0..3 finish 1, 2, 2, 4: 0 beats everyone, 1 and 2 draw, both
	// beat 3.
	seats := []seatPlace{{0, 1}, {1, 2}, {2, 2}, {3, 4}}
	want := []halfWin{{0, 1, 2}, {0, 2, 2}, {0, 3, 2}, {1, 2, 1}, {2, 1, 1}, {1, 3, 2}, {2, 3, 2}}
	require.Equal(t, want, appendHalfWins(nil, seats))
	// The same entrant in two seats compares nothing with itself.
	require.Equal(t, []halfWin{{0, 1, 2}, {0, 1, 2}}, appendHalfWins(nil, []seatPlace{{0, 1}, {0, 2}, {1, 3}}))
}

func TestAnchor(t *testing.T) {
	abc := []string{"a", "b", "c"}
	records := freeForAll(600, abc, []float64{1, 0, -1}, 5)
	mean := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 1}, abc, records...))
	sum := 0.0
	for _, e := range mean.elo {
		sum += e
	}
	require.InDelta(t, 0, sum, 1e-9, "mean anchoring")
	require.Empty(t, mean.Anchors)

	pinned := standings(t, newTally(t, Options{Bootstrap: 100, Seed: 1, Anchors: []Anchor{{Bot: "b"}}}, abc, records...))
	b := byBot(t, pinned, "b")
	require.Zero(t, b.Elo)
	require.Zero(t, b.EloLo, "the anchor does not move in any replicate")
	require.Zero(t, b.EloHi)
	require.Equal(t, []Anchor{{"b", 0}}, pinned.Anchors)
	for _, bot := range abc {
		want, err := mean.Diff(bot, "b")
		require.NoError(t, err)
		require.InDelta(t, want.Elo, byBot(t, pinned, bot).Elo, 0.05+1e-9, bot)
		got, err := pinned.Diff(bot, "b")
		require.NoError(t, err)
		require.InDelta(t, want.Lo, got.Lo, 1e-6, "the differences do not depend on the anchor")
	}

	_, err := newTally(t, Options{Anchors: []Anchor{{Bot: "zed"}}}, abc, records...).Standings()
	require.EqualError(t, err, `anchor "zed" is not an entrant (entrants: a, b, c)`)
}

func TestStandingsDegenerate(t *testing.T) {
	ab := []string{"a", "b"}
	tests := []struct {
		name     string
		entrants []string
		records  []Record
	}{
		{"no matches", ab, nil},
		{"no entrants", nil, nil},
		{"one entrant", []string{"a"}, []Record{rec(0, []string{"a"}, 1)}},
		{"self-play only", ab, []Record{rec(0, []string{"a", "a"}, 1, 2)}},
		{"all failed", ab, []Record{{Bots: ab, Error: "engine panic"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := standings(t, newTally(t, Options{Seed: 1}, tt.entrants, tt.records...))
			require.Zero(t, s.Bootstrap)
			require.Len(t, s.Ratings, len(tt.entrants))
			for _, r := range s.Ratings {
				require.Zero(t, r.Elo)
				require.True(t, math.IsNaN(r.EloLo) && math.IsNaN(r.EloHi), "no interval")
				require.False(t, math.IsNaN(r.ScoreMean) || math.IsNaN(r.ScoreCI))
			}
			for _, f := range []Format{FormatTable, FormatMarkdown, FormatCSV, FormatJSON} {
				out, err := writeString(s, f)
				require.NoError(t, err, f)
				require.NotContains(t, string(out), "NaN", f)
			}
		})
	}
}

// TestStandingsComponents rates two groups that never met: each group is
// centred on 0 on its own.
func TestStandingsComponents(t *testing.T) {
	entrants := []string{"a", "b", "c", "d", "idle"}
	records := slices.Concat(duels(100, "a", "b", 0.8, 1), duels(100, "c", "d", 0.6, 2))
	s := standings(t, newTally(t, Options{Bootstrap: 50}, entrants, records...))
	a, b, c, d := byBot(t, s, "a"), byBot(t, s, "b"), byBot(t, s, "c"), byBot(t, s, "d")
	require.InDelta(t, 0, a.Elo+b.Elo, 0.1+1e-9)
	require.InDelta(t, 0, c.Elo+d.Elo, 0.1+1e-9)
	require.Greater(t, a.Elo, c.Elo)
	idle := byBot(t, s, "idle")
	require.Zero(t, idle.Elo)
	require.True(t, math.IsNaN(idle.EloLo) && math.IsNaN(idle.EloHi), "a bot that met nobody has no interval")
	ac, err := s.Diff("a", "c")
	require.NoError(t, err)
	require.True(t, math.IsNaN(ac.Lo) && math.IsNaN(ac.Hi), "groups that never met cannot be compared")
}

func TestBootstrapDeterministic(t *testing.T) {
	abc := []string{"a", "b", "c"}
	records := freeForAll(500, abc, []float64{0.3, 0, -0.3}, 6)
	tally := newTally(t, Options{Bootstrap: 300, Seed: 42}, abc, records...)
	first := standings(t, tally)
	again := standings(t, tally)
	require.Equal(t, jsonOf(t, first), jsonOf(t, again))

	var firstJSON, againJSON bytes.Buffer
	require.NoError(t, first.Write(&firstJSON, FormatJSON))
	require.NoError(t, standings(t, newTally(t, Options{Bootstrap: 300, Seed: 42}, abc, records...)).Write(&againJSON, FormatJSON))
	require.Equal(t, firstJSON.String(), againJSON.String(), "same seed, same bytes")

	other := standings(t, newTally(t, Options{Bootstrap: 300, Seed: 43}, abc, records...))
	require.Equal(t, first.elo, other.elo, "the point estimates do not depend on the seed")
	require.NotEqual(t, first.Ratings, other.Ratings, "the intervals do")
}

func TestBootstrapInterval(t *testing.T) {
	width := func(s *Standings) float64 {
		d, err := s.Diff("a", "b")
		require.NoError(t, err)
		require.Less(t, d.Lo, d.Elo, "the interval holds the estimate")
		require.Greater(t, d.Hi, d.Elo, "the interval holds the estimate")
		for _, r := range s.Ratings {
			require.LessOrEqual(t, r.EloLo, r.Elo)
			require.GreaterOrEqual(t, r.EloHi, r.Elo)
		}
		return d.Hi - d.Lo
	}
	ab := []string{"a", "b"}
	small := standings(t, newTally(t, Options{Seed: 3}, ab, duels(200, "a", "b", 0.6, 7)...))
	large := standings(t, newTally(t, Options{Seed: 3}, ab, duels(5000, "a", "b", 0.6, 7)...))
	require.Equal(t, DefaultBootstrap, small.Bootstrap)
	ws, wl := width(small), width(large)
	// The width goes as 1/√matches: 5, give or take bootstrap noise.
	require.InDelta(t, 5, ws/wl, 1)
}

// TestDiffStrongBot is the check the lead's Tron tests make: a bot that
// wins 90 % of its games is more than 200 Elo stronger, and the 95 %
// interval of the difference excludes 200.
func TestDiffStrongBot(t *testing.T) {
	ab := []string{"strong", "weak"}
	s := standings(t, newTally(t, Options{Seed: 11}, ab, duels(400, "strong", "weak", 0.9, 8)...))
	d, err := s.Diff("strong", "weak")
	require.NoError(t, err)
	require.Greater(t, d.Elo, 200.0)
	require.Greater(t, d.Lo, 200.0)
	rev, err := s.Diff("weak", "strong")
	require.NoError(t, err)
	require.InDelta(t, -d.Elo, rev.Elo, 1e-9)
	require.InDelta(t, -d.Lo, rev.Hi, 1e-9)

	_, err = s.Diff("strong", "nobody")
	require.EqualError(t, err, `bot "nobody" is not an entrant (entrants: strong, weak)`)
}

// TestPoissonWeights checks the bootstrap's round weights: Poisson(1) in
// distribution (mean 1, variance 1, P(0) = 1/e), a pure function of the
// bootstrap seed, the round's seed and the replicate.
func TestPoissonWeights(t *testing.T) {
	const n = 200_000
	var sum, sq float64
	zeros := 0
	for r := range n {
		w := float64(roundWeight(roundKey(7, uint64(r)), r%1000))
		sum += w
		sq += w * w
		if w == 0 {
			zeros++
		}
	}
	mean := sum / n
	require.InDelta(t, 1, mean, 0.01)
	require.InDelta(t, 1, sq/n-mean*mean, 0.02)
	require.InDelta(t, math.Exp(-1), float64(zeros)/n, 0.005)
	require.Equal(t, roundWeight(roundKey(7, 42), 3), roundWeight(roundKey(7, 42), 3))
	require.NotEqual(t, roundKey(7, 42), roundKey(8, 42), "the bootstrap seed matters")
	require.NotEqual(t, roundKey(7, 42), roundKey(7, 43), "the round matters")
	require.Equal(t, int64(0), poisson(0))
	require.Equal(t, int64(8), poisson(0xffff))
	for u := range uint64(1 << 16) { // poisson counts poissonOne's thresholds at or below u
		w := int64(0)
		for _, t := range poissonOne {
			if u >= t {
				w++
			}
		}
		require.Equal(t, w, poisson(u), "u = %d", u)
		require.Equal(t, w, poisson(u|0xabcd<<16), "u = %d with bits above", u)
	}
	h := uint64(0)
	for b := range 2 * weightsPerHash {
		if b%weightsPerHash == 0 {
			h = sim.Mix(roundKey(7, 42) + uint64(b/weightsPerHash+1)*golden)
		}
		require.Equal(t, poisson(h&0xffff), roundWeight(roundKey(7, 42), b), "flush's weights are roundWeight's, replicate %d", b)
		h >>= 16
	}
	// P(X = k) within 2⁻¹⁶ for every k: the thresholds' steps.
	for k, p := range []float64{0.36787944, 0.36787944, 0.18393972, 0.06131324, 0.01532831, 0.00306566, 0.00051094, 0.00007299} {
		lo := uint64(0)
		if k > 0 {
			lo = poissonOne[k-1]
		}
		require.InDelta(t, p, float64(poissonOne[k]-lo)/65536, 1.0/65536, "P(X = %d)", k)
	}
}

// TestBootstrapResamplesRounds checks that the matches of one seed move
// together: a replicate counts all of a round's matches the same number of
// times, and the replicate tallies of two halves of the records sum to the
// tally of the whole.
func TestBootstrapResamplesRounds(t *testing.T) {
	ab := []string{"a", "b"}
	records := duels(400, "a", "b", 0.6, 4) // 200 rounds of two seat orders
	whole := newTally(t, Options{Bootstrap: 50, Seed: 5}, ab, records...)
	whole.boot.flush()
	for b := range 50 {
		half := whole.boot.replicate(b)
		total := half[0*2+1] + half[1*2+0]
		require.Zero(t, total%4, "replicate %d: whole rounds of two matches (2 half wins each)", b)
	}
	first := newTally(t, Options{Bootstrap: 50, Seed: 5}, ab, records[:137]...)
	second := newTally(t, Options{Bootstrap: 50, Seed: 5}, ab, records[137:]...)
	first.boot.flush()
	second.boot.flush()
	for i, h := range whole.boot.half {
		require.Equal(t, h, first.boot.half[i]+second.boot.half[i], "shards sum exactly, even split inside a round")
	}
}

// TestBootstrapBatchesAddEveryRound checks the replicates against their
// definition, summed the slow way: replicate b holds Σ w(round, b)·n over
// every half win counted. Enough rounds that many batches are added in the
// background while later ones are gathered (make race runs it under the
// race detector), rounds of every size up to larger than a batch, and some
// rounds coming back later.
func TestBootstrapBatchesAddEveryRound(t *testing.T) {
	const k, reps = 5, 13
	rng := rand.New(rand.NewPCG(3, 4))
	sb := newSeedBootstrap(reps, 77, k)
	want := make([]int64, reps*k*k)
	seed := uint64(0)
	for range 6000 {
		if rng.IntN(10) > 0 { // else the round comes back to an earlier seed
			seed++
		}
		roundSeed := rng.Uint64N(seed + 1)
		if rng.IntN(10) > 0 {
			roundSeed = seed
		}
		pairs := 1 + rng.IntN(4)
		if rng.IntN(500) == 0 {
			pairs = batchPairs + 100 // one round larger than a batch
		}
		for range pairs {
			i, j, n := rng.IntN(k), rng.IntN(k), int64(rng.IntN(5)-1)
			sb.add(roundSeed, i, j, n)
			for b := range reps {
				want[b*k*k+i*k+j] += roundWeight(roundKey(77, roundSeed), b) * n
			}
		}
	}
	sb.flush()
	require.Equal(t, want, sb.half)
	sb.add(seed+1, 0, 1, 2) // after a flush, rounds keep coming
	sb.flush()
	for b := range reps {
		want[b*k*k+1] += roundWeight(roundKey(77, seed+1), b) * 2
	}
	require.Equal(t, want, sb.half)
}

// TestBootstrapDuelRunsAddEveryRound checks the duel's way of adding (a
// run of rounds on the same two ordered pairs summed before it reaches the
// replicates) against the definition: duels whose rounds go one way, the
// other or both, runs broken by a round of a third bot, by a round of
// three pairs and by a flush, a run on one pair only, half wins that would
// overflow a 16-bit lane, taken-back half wins, and replicates past the
// last multiple of four.
func TestBootstrapDuelRunsAddEveryRound(t *testing.T) {
	const k, reps = 3, 13
	rng := rand.New(rand.NewPCG(5, 6))
	sb := newSeedBootstrap(reps, 78, k)
	want := make([]int64, reps*k*k)
	add := func(seed uint64, i, j int, n int64) {
		sb.add(seed, i, j, n)
		for b := range reps {
			want[b*k*k+i*k+j] += roundWeight(roundKey(78, seed), b) * n
		}
	}
	for seed := range uint64(5000) {
		switch x := rng.IntN(100); {
		case x == 0:
			add(seed, 0, 2, 2) // a third bot
		case x == 1:
			add(seed, 0, 1, 1)
			add(seed, 1, 0, 1)
			add(seed, 2, 1, 2) // three pairs
		case x == 2:
			sb.flush()
			fallthrough
		default: // a duel's round of two matches, each won by either side or drawn
			for range 2 {
				switch rng.IntN(3) {
				case 0:
					add(seed, 0, 1, 2)
				case 1:
					add(seed, 1, 0, 2)
				default:
					add(seed, 0, 1, 1)
					add(seed, 1, 0, 1)
				}
			}
		}
	}
	sb.flush()
	for seed := uint64(5000); seed < 5010; seed++ { // a run that goes one way only
		add(seed, 1, 0, 2)
		add(seed, 1, 0, 2)
	}
	sb.flush()
	for seed := uint64(5010); seed < 5040; seed++ { // half wins that fill a 16-bit lane
		add(seed, 0, 1, 3000)
		add(seed, 1, 0, 1)
	}
	add(5040, 1, 0, 40000) // more than a lane can take in one round
	add(5041, 0, 1, -2)    // taken back
	add(5042, 0, 1, 2)
	sb.flush()
	require.Equal(t, want, sb.half)
}

// manyEntrants returns a tally of k entrants spread over about 1.5·k·40
// Elo, playing random two-seat pairings.
func manyEntrants(t *testing.T, k, matches int) *Tally {
	entrants := make([]string, k)
	for i := range entrants {
		entrants[i] = "bot" + strconv.Itoa(i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	tally := newTally(t, Options{Bootstrap: -1}, entrants)
	for m := range matches {
		i, j := rng.IntN(k), rng.IntN(k-1)
		if j >= i {
			j++
		}
		places := []int{1, 2}
		if rng.NormFloat64()+0.4*float64(i-j) < 0 {
			places = []int{2, 1}
		}
		r := rec(m, []string{entrants[i], entrants[j]}, places...)
		require.NoError(t, tally.Add(&r))
	}
	return tally
}

// halfWinsOf returns the tally's half wins per ordered pair: two per win,
// one per draw.
func halfWinsOf(tally *Tally) []int64 {
	wins, draws := tally.pairRecords()
	half := make([]int64, len(wins))
	for i := range half {
		half[i] = 2*wins[i] + draws[i]
	}
	return half
}

// fitterOf returns a loaded fitter for everything in tally.
func fitterOf(tally *Tally) *fitter {
	k := len(tally.entrants)
	half := halfWinsOf(tally)
	m := newPairModel(k, half)
	for i, p := range m.prior {
		half[i] += p
	}
	f := newFitter(m)
	f.load(half)
	return f
}

// TestFitMatchesMM checks the Newton fit against plain MM iterations run to
// convergence, a second, slow but simple, implementation.
func TestFitMatchesMM(t *testing.T) {
	for _, k := range []int{2, 5, 30} {
		f := fitterOf(manyEntrants(t, k, 20_000))
		got := make([]float64, k)
		f.fit(got)
		want := make([]float64, k)
		for range 1_000_000 {
			if f.mmStep(want) < 1e-13 {
				break
			}
		}
		for i := range k {
			require.InDelta(t, want[i], got[i], 1e-8, "k=%d entrant %d", k, i)
		}
	}
}

func TestMMStepClimbs(t *testing.T) {
	f := fitterOf(manyEntrants(t, 10, 5000))
	theta := make([]float64, 10)
	f.setProb(theta)
	prev := f.logLik()
	for range 50 {
		f.mmStep(theta)
		f.setProb(theta)
		ll := f.logLik()
		require.GreaterOrEqual(t, ll, prev-1e-9)
		prev = ll
	}
}

// TestSeveralAnchors: --anchor a=0 --anchor c=… fixes a, c and the gap
// between them. Fixed where the data put it, the others' ratings do not
// move and their intervals do not widen; fixed elsewhere, the others are
// fitted around it.
func TestSeveralAnchors(t *testing.T) {
	abcd := []string{"a", "b", "c", "d"}
	records := freeForAll(400, abcd, []float64{0.6, 0.2, 0, -0.5}, 7)
	opt := Options{Bootstrap: 200, Seed: 3, Anchors: []Anchor{{"a", 0}}}
	one := standings(t, newTally(t, opt, abcd, records...))
	c := byBot(t, one, "c")
	opt.Anchors = []Anchor{{"a", 0}, {"c", c.Elo}}
	two := standings(t, newTally(t, opt, abcd, records...))
	require.Equal(t, []Anchor{{"a", 0}, {"c", c.Elo}}, two.Anchors)
	for _, bot := range []string{"a", "c"} {
		r := byBot(t, two, bot)
		require.Equal(t, r.Elo, r.EloLo, bot)
		require.Equal(t, r.Elo, r.EloHi, bot)
	}
	for _, bot := range []string{"b", "d"} {
		r1, r2 := byBot(t, one, bot), byBot(t, two, bot)
		require.InDelta(t, r1.Elo, r2.Elo, 0.1, bot)
		require.LessOrEqual(t, r2.EloHi-r2.EloLo, r1.EloHi-r1.EloLo+0.2, bot+": c's uncertainty is gone")
	}
	table, err := writeString(two, FormatTable)
	require.NoError(t, err)
	require.Contains(t, string(table), fmt.Sprintf("Bradley–Terry Elo (a = 0, c = %s)", strconv.FormatFloat(c.Elo, 'f', -1, 64)))
	require.Equal(t, 2, strings.Count(string(table), " anchor "))

	// c 300 Elo above where the data put it: b sits between a and c, so it
	// moves up; the gap a–c is what was asked.
	opt.Anchors = []Anchor{{"a", 0}, {"c", c.Elo + 300}}
	far := standings(t, newTally(t, opt, abcd, records...))
	require.Equal(t, c.Elo+300, byBot(t, far, "c").Elo)
	require.Greater(t, byBot(t, far, "b").Elo, byBot(t, one, "b").Elo+20)
	d, err := far.Diff("c", "a")
	require.NoError(t, err)
	require.InDelta(t, c.Elo+300, d.Elo, 1e-9)

	// Anchors in groups that never met cannot have a gap.
	split := []Record{rec(0, []string{"a", "b"}, 1, 2), rec(1, []string{"c", "d"}, 1, 2)}
	_, err = newTally(t, Options{Bootstrap: -1, Anchors: []Anchor{{"a", 0}, {"c", 100}}}, abcd, split...).Standings()
	require.ErrorContains(t, err, "anchors a and c are not linked by the games played")
	require.ErrorContains(t, Options{Anchors: []Anchor{{"a", 0}, {"a", 5}}}.Check(), "anchor a given twice")
}

// TestDefaultBootstrapForLargeFields: 1000 replicates up to LargeField
// entrants, then as many as fit the same memory, never fewer than 200; a
// tally left at the default takes it, a given number is kept.
func TestDefaultBootstrapForLargeFields(t *testing.T) {
	require.Equal(t, DefaultBootstrap, DefaultBootstrapFor(2))
	require.Equal(t, DefaultBootstrap, DefaultBootstrapFor(LargeField))
	require.Equal(t, 978, DefaultBootstrapFor(LargeField+1))
	require.Equal(t, 828, DefaultBootstrapFor(100))
	require.Equal(t, 207, DefaultBootstrapFor(200))
	require.Equal(t, minBootstrap, DefaultBootstrapFor(1000))
	for _, k := range []int{92, 100, 150, 200} {
		require.LessOrEqual(t, 8*DefaultBootstrapFor(k)*k*k, 8*DefaultBootstrap*LargeField*LargeField, "k = %d: the replicates' memory stops growing", k)
	}
	names := make([]string, 100)
	for i := range names {
		names[i] = strconv.Itoa(i)
	}
	require.Equal(t, 828, NewTally(names, Options{}).opt.Bootstrap)
	require.Equal(t, 1000, NewTally(names, Options{Bootstrap: 1000}).opt.Bootstrap)
	require.Equal(t, DefaultBootstrap, NewTally(names[:LargeField], Options{}).opt.Bootstrap)
}

// BenchmarkBootstrapRounds adds closed rounds into 1,000 replicates, a
// batch at a time (what the bootstrap's goroutine does): a duel's rounds of
// two matches, and four-player rounds of one match (12 ordered pairs). The
// time is a round's.
func BenchmarkBootstrapRounds(b *testing.B) {
	for _, c := range []struct {
		name  string
		k     int
		pairs [][3]int // i, j, half wins of i over j in one round's outcome
	}{
		{"duel", 2, [][3]int{{0, 1, 2}, {1, 0, 2}}},
		{"ffa4", 4, [][3]int{{0, 1, 2}, {0, 2, 2}, {0, 3, 2}, {1, 2, 2}, {1, 3, 2}, {2, 3, 2}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sb := newSeedBootstrap(1000, 7, c.k)
			rng := rand.New(rand.NewPCG(1, 2))
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				for _, p := range c.pairs { // outcomes vary: either side wins each pair
					if rng.IntN(2) == 0 {
						sb.add(seed, p[0], p[1], int64(p[2]))
					} else {
						sb.add(seed, p[1], p[0], int64(p[2]))
					}
				}
			}
			sb.flush()
		})
	}
}
