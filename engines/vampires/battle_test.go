package vampires

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// battleTrials is how many battles each statistical test fights.
const battleTrials = 20000

// result is what a battle leaves on its cell.
type result struct {
	kind  Kind
	count int
}

// fight plays the battle of the first row's group moving entirely into the
// second cell, battleTrials times on one seeded stream, and counts what
// the target cell holds afterwards.
func fight(t *testing.T, rules, row string) map[result]int {
	t.Helper()
	r := newRules(t, rules)
	s := sketch(t, r, row)
	start := slices.Clone(s.cells)
	a := s.cells[0].Count
	ply := Mov(Move{From: Cell{0, 0}, Count: a, To: Cell{1, 0}})
	acts := []Ply{ply, {}}
	rng := sim.NewRand(2024, sim.EngineStream)
	var log sim.FaultLog
	seen := map[result]int{}
	for range battleTrials {
		for i, g := range start {
			s.put(i, g)
		}
		s.ply, s.over = 0, false
		r.Step(s, acts, rng, &log)
		g := s.cells[1]
		seen[result{g.Kind, g.Count}]++
	}
	require.Empty(t, log.Faults())
	return seen
}

// binomial returns the probability of k successes in n trials of chance p.
func binomial(n, k int, p float64) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}

// requireDistribution checks the observed results against the formula's
// probabilities with Pearson's χ² test: bins expecting fewer than 5 are
// pooled, and the statistic must stay under the 0.1 % critical value (a
// fixed seed makes the test deterministic; the margin keeps it from
// pinning one stream). Every result observed must have a probability.
func requireDistribution(t *testing.T, seen map[result]int, want map[result]float64) {
	t.Helper()
	total := 0.0
	for _, p := range want {
		total += p
	}
	require.InDelta(t, 1, total, 1e-9, "the expected probabilities sum to 1")
	for r := range seen {
		require.Contains(t, want, r, "result %v is impossible by the formula", r)
	}
	keys := make([]result, 0, len(want))
	for r := range want {
		keys = append(keys, r)
	}
	slices.SortFunc(keys, func(a, b result) int { return (int(a.kind)*1000 + a.count) - (int(b.kind)*1000 + b.count) })
	chi2, bins := 0.0, 0
	var pooledObs, pooledExp float64
	for _, r := range keys {
		exp := want[r] * battleTrials
		obs := float64(seen[r])
		if exp < 5 {
			pooledObs, pooledExp = pooledObs+obs, pooledExp+exp
			continue
		}
		chi2 += (obs - exp) * (obs - exp) / exp
		bins++
	}
	if pooledExp > 0 {
		chi2 += (pooledObs - pooledExp) * (pooledObs - pooledExp) / pooledExp
		bins++
	}
	critical := chi2Critical001(bins - 1)
	t.Logf("χ² = %.2f with %d degrees of freedom (0.1 %% critical value %.2f)", chi2, bins-1, critical)
	require.Less(t, chi2, critical, "observed %v", seen)
}

// chi2Critical001 returns the 99.9 % quantile of the χ² distribution with
// df degrees of freedom, by the Wilson–Hilferty approximation (accurate to
// a few hundredths for the small df used here).
func chi2Critical001(df int) float64 {
	const z = 3.090232 // the normal 99.9 % quantile
	k := float64(df)
	c := 1 - 2/(9*k) + z*math.Sqrt(2/(9*k))
	return k * c * c * c
}

func TestClassicAttritionStatistics(t *testing.T) {
	for _, tc := range []struct {
		row     string
		winner  Kind
		winners int
	}{
		{"V10 W8", Vampires, 10}, // the larger attackers win, each dies with 0.3
		{"V7 W7", Vampires, 7},   // a tie: the attackers win
		{"V4 W5", Werewolves, 5}, // the larger defenders win
		{"V3 H5", Humans, 5},     // humans beat fewer attackers
	} {
		t.Run(tc.row, func(t *testing.T) {
			want := map[result]float64{}
			for k := 0; k <= tc.winners; k++ {
				r := result{tc.winner, k}
				if k == 0 {
					r.kind = Empty
				}
				want[r] += binomial(tc.winners, k, 0.7)
			}
			requireDistribution(t, fight(t, `{}`, tc.row), want)
		})
	}
	t.Run("classic_attrition 0.5", func(t *testing.T) {
		want := map[result]float64{}
		for k := 0; k <= 6; k++ {
			r := result{Vampires, k}
			if k == 0 {
				r.kind = Empty
			}
			want[r] += binomial(6, k, 0.5)
		}
		requireDistribution(t, fight(t, `{"classic_attrition":0.5}`, "V6 W5"), want)
	})
}

func TestV10BattleStatistics(t *testing.T) {
	for _, tc := range []struct {
		row  string
		a, d int
		kind Kind // the defenders' kind
	}{
		{"V4 W5", 4, 5, Werewolves}, // P = 0.4
		{"V5 W5", 5, 5, Werewolves}, // P = 0.5
		{"V5 W4", 5, 4, Werewolves}, // P = 0.75
		{"V3 H5", 3, 5, Humans},     // P = 0.3, winners convert humans
		{"V2 H7", 2, 7, Humans},     // P = 1/7
	} {
		t.Run(fmt.Sprintf("%s P=%.3f", tc.row, WinChance(float64(tc.a), float64(tc.d))), func(t *testing.T) {
			p := WinChance(float64(tc.a), float64(tc.d))
			want := map[result]float64{}
			add := func(kind Kind, k int, prob float64) {
				if k == 0 {
					kind = Empty
				}
				want[result{kind, k}] += prob
			}
			// Won: the surviving attackers, plus the converted humans.
			n := tc.a
			if tc.kind == Humans {
				n += tc.d
			}
			for k := 0; k <= n; k++ {
				add(Vampires, k, p*binomial(n, k, p))
			}
			// Lost: each defender survives with 1 − P.
			for k := 0; k <= tc.d; k++ {
				add(tc.kind, k, (1-p)*binomial(tc.d, k, 1-p))
			}
			requireDistribution(t, fight(t, `{"ruleset":"v10"}`, tc.row), want)
		})
	}
}
