package coin

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// duelCounts plays n duels of r between true Elos elo0 (seat 0) and elo1,
// on the seeds of master, and counts seat 0's wins, draws and losses.
func duelCounts(t *testing.T, r *Rules, elo0, elo1 float64, master uint64, n int) (wins, draws, losses int) {
	t.Helper()
	tb := newTable(r, elo0, elo1)
	for i := range n {
		switch p := tb.play(t, sim.Derive(master, uint64(i))); {
		case p[0] < p[1]:
			wins++
		case p[0] > p[1]:
			losses++
		default:
			draws++
		}
	}
	return wins, draws, losses
}

// TestDuelFrequencies plays many duels and checks the frequencies of the
// three results against the rule: d = min(draws, 2·min(s, 1−s)), seat 0
// wins with probability s − d/2 and loses with 1 − s − d/2, so that its
// expected result (wins plus half the draws) is s.
func TestDuelFrequencies(t *testing.T) {
	n := trials(200000)
	for _, tc := range []struct {
		name       string
		elo0, elo1 float64
		draws      float64
		s, d       float64 // the expected result and the draw probability, worked out by hand
	}{
		{"100 Elo, 10% draws", 100, 0, 0.1, 0.6400649998028851, 0.1},
		{"-250 Elo, no draws", -500, -250, 0, 0.19168232745054142, 0},
		{"level, 30% draws", 40, 40, 0.3, 0.5, 0.3},
		{"-100 Elo, 50% draws", 0, 100, 0.5, 0.35993500019711494, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, `{"draws":`+jsonNumber(tc.draws)+`}`)
			require.InDelta(t, tc.s, expectedResult(tc.elo0-tc.elo1), 1e-15)
			wins, draws, losses := duelCounts(t, r, tc.elo0, tc.elo1, 7, n)
			requireNear(t, tc.s-tc.d/2, wins, n, "wins of seat 0")
			requireNear(t, tc.d, draws, n, "draws")
			requireNear(t, 1-tc.s-tc.d/2, losses, n, "losses of seat 0")
			result := (float64(wins) + float64(draws)/2) / float64(n)
			se := math.Sqrt((tc.s*(1-tc.s) - tc.d/4) / float64(n)) // the variance of one result is s(1−s) − d/4
			require.InDelta(t, tc.s, result, 4.5*se, "expected result of seat 0")
		})
	}
}

// TestDrawCap checks that the draw probability is capped at 2·min(s, 1−s):
// with a 400 Elo edge (s ≈ 0.909) and draws=0.5 asked for, the weaker seat
// never wins and the duel is drawn with probability 2(1−s) ≈ 0.182, not 0.5.
func TestDrawCap(t *testing.T) {
	n := trials(100000)
	r := newRules(t, `{"draws":0.5}`)
	s := expectedResult(400)
	require.InDelta(t, 0.9090909090909091, s, 1e-15)
	for _, tc := range []struct {
		name       string
		elo0, elo1 float64
	}{
		{"stronger in seat 0", 300, -100},
		{"stronger in seat 1", -700, -300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wins, draws, losses := duelCounts(t, r, tc.elo0, tc.elo1, 11, n)
			strong, weak := wins, losses
			if tc.elo0 < tc.elo1 {
				strong, weak = losses, wins
			}
			require.Zero(t, weak, "the weaker seat never wins once the cap binds")
			requireNear(t, 2*(1-s), draws, n, "draws")
			requireNear(t, 2*s-1, strong, n, "wins of the stronger seat")
		})
	}
	win, draw := duelThresholds(400, 1)
	require.InDelta(t, 2*s-1, win, 1e-15)
	require.Equal(t, 1.0, draw, "no room left for a loss")
}

// TestFieldFrequencies checks the Plackett–Luce draw of four seats: seat k
// places first with probability γ_k/Σγ, γ_k = 10^(Elo_k/400), and by the
// independence of irrelevant alternatives seat i places above seat j with
// probability γ_i/(γ_i+γ_j), whoever else plays.
func TestFieldFrequencies(t *testing.T) {
	n := trials(100000)
	elos := []float64{200, 100, 0, -300}
	r := newRules(t, `{"players":4}`)
	tb := newTable(r, elos...)
	first := make([]int, len(elos))
	above03, above12 := 0, 0
	for i := range n {
		p := tb.play(t, sim.Derive(3, uint64(i)))
		for k, pk := range p {
			if pk == 1 {
				first[k]++
			}
		}
		if p[0] < p[3] {
			above03++
		}
		if p[1] < p[2] {
			above12++
		}
	}
	total := 0.0
	for _, e := range elos {
		total += math.Pow(10, e/400)
	}
	for k, e := range elos {
		requireNear(t, math.Pow(10, e/400)/total, first[k], n, "first places of seat "+string(rune('0'+k)))
	}
	requireNear(t, 1/(1+math.Pow(10, -500.0/400)), above03, n, "seat 0 above seat 3")
	requireNear(t, 1/(1+math.Pow(10, -100.0/400)), above12, n, "seat 1 above seat 2")
}

// TestFaultsPlaceLast checks that a seat without a valid answer is recorded
// as a fault and places last, failed seats sharing the last places, whatever
// the luck.
func TestFaultsPlaceLast(t *testing.T) {
	nan := Action{Elo: math.NaN(), Given: true}
	for _, tc := range []struct {
		name   string
		params string
		acts   []Action
		places []int // nil: drawn, checked by checkOutcome only
		faults []sim.Fault
	}{
		{"no answer in seat 0", `{}`, []Action{{}, Declare(-1000)}, []int{2, 1},
			[]sim.Fault{{Seat: 0, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no Elo"}}},
		{"out of range in seat 1", `{"draws":1}`, []Action{Declare(-1000), Declare(2000.5)}, []int{1, 2},
			[]sim.Fault{{Seat: 1, Turn: 1, Kind: sim.FaultInvalid, Msg: "Elo 2000.5 is out of range -2000..2000"}}},
		{"NaN is invalid", `{}`, []Action{nan, Declare(0)}, []int{2, 1},
			[]sim.Fault{{Seat: 0, Turn: 1, Kind: sim.FaultInvalid, Msg: "Elo NaN is out of range -2000..2000"}}},
		{"both fail: a draw", `{}`, []Action{{}, {Elo: math.Inf(1), Given: true}}, []int{1, 1},
			[]sim.Fault{
				{Seat: 0, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no Elo"},
				{Seat: 1, Turn: 1, Kind: sim.FaultInvalid, Msg: "Elo +Inf is out of range -2000..2000"},
			}},
		{"one of four fails", `{"players":4}`, []Action{Declare(-1000), Declare(-1000), {}, Declare(-1000)}, nil,
			[]sim.Fault{{Seat: 2, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no Elo"}}},
		{"two of four fail", `{"players":4}`, []Action{{}, Declare(-1000), Declare(-999), {Elo: -2001, Given: true}}, nil,
			[]sim.Fault{
				{Seat: 0, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no Elo"},
				{Seat: 3, Turn: 1, Kind: sim.FaultInvalid, Msg: "Elo -2001 is out of range -2000..2000"},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.params)
			failed := len(tc.faults)
			for seed := range uint64(200) { // the strongest valid answer against the weakest: the luck must not matter
				s := &State{}
				rng := sim.NewRand(seed, sim.EngineStream)
				r.Init(s, rng)
				var log sim.FaultLog
				log.Begin(1)
				r.Step(s, tc.acts, rng, &log)
				require.Equal(t, tc.faults, log.Faults())
				checkOutcome(t, r, s)
				if tc.places != nil {
					require.Equal(t, tc.places, s.places, "seed %d", seed)
				}
				for k, a := range tc.acts {
					if !a.Valid() {
						require.Equal(t, r.Players-failed+1, s.places[k], "seed %d: seat %d shares the last places", seed, k)
					}
				}
			}
		})
	}
}

// chiSquare2x2 returns Pearson's χ² statistic of a 2×2 contingency table.
func chiSquare2x2(c [2][2]int) float64 {
	n := float64(c[0][0] + c[0][1] + c[1][0] + c[1][1])
	rows := [2]float64{float64(c[0][0] + c[0][1]), float64(c[1][0] + c[1][1])}
	cols := [2]float64{float64(c[0][0] + c[1][0]), float64(c[0][1] + c[1][1])}
	chi := 0.0
	for i := range 2 {
		for j := range 2 {
			want := rows[i] * cols[j] / n
			d := float64(c[i][j]) - want
			chi += d * d / want
		}
	}
	return chi
}

// TestSeatOrdersAreIndependent plays each seed twice as the runner does,
// once in each seat order, and checks with a χ² test of independence (1
// degree of freedom; 20 has a probability of 8·10^-6 under independence)
// that bot A's result in one order tells nothing of its result in the
// other: without the Elos mixed into the luck the two would be mirror
// images. The same test covers two pairings that share bot A and the seeds
// (the runner plays every pair on the same seeds).
func TestSeatOrdersAreIndependent(t *testing.T) {
	n := trials(20000)
	r := newRules(t, `{}`)
	ab, ba, ac := newTable(r, 100, 0), newTable(r, 0, 100), newTable(r, 100, -50)
	var orders, pairings [2][2]int
	for i := range n {
		seed := sim.Derive(5, uint64(i))
		winAB := b2i(ab.play(t, seed)[0] == 1)
		winBA := b2i(ba.play(t, seed)[1] == 1)
		winAC := b2i(ac.play(t, seed)[0] == 1)
		orders[winAB][winBA]++
		pairings[winAB][winAC]++
	}
	require.Less(t, chiSquare2x2(orders), 20.0, "A against B, then B against A: %v", orders)
	require.Less(t, chiSquare2x2(pairings), 20.0, "A against B, then A against C: %v", pairings)
}

// trials returns n, or a tenth of it under -short (make race): the
// statistical tests compare with their own standard errors, so they hold
// with fewer matches, only with less power.
func trials(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// jsonNumber writes x as JSON.
func jsonNumber(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}
