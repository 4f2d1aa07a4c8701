package results

import (
	"math"
	"math/rand/v2"
)

// The odds of a knockout: how likely each bot is to win a bracket, from
// ratings. A game is won by a with the Elo model's probability
// 1/(1+10^((elo_b−elo_a)/400)) — no draws, no seat edge — and a tie
// follows the bracket's own rules (legs, the stop once out of reach, the
// extension, the cap and the higher seed), so that from true ratings the
// odds are exact.

// winChance is the Elo model's chance that a beats b in one game.
func winChance(eloA, eloB float64) float64 { return 1 / (1 + math.Pow(10, (eloB-eloA)/400)) }

// TieOdds returns the chance that side 0, the higher seed, goes through a
// tie of games games (whole legs) extended up to cap, when it wins each
// game with chance p: Knockout's rules, leg by leg.
func TieOdds(p float64, games, cap int) float64 {
	// lead[d] is the chance of a running tie whose side 0 leads by d−offset
	// points; a leg moves the lead by +2, 0 or −2.
	offset := cap
	lead := make([]float64, 2*cap+1)
	next := make([]float64, len(lead))
	lead[offset] = 1
	through := 0.0
	both, split, none := p*p, 2*p*(1-p), (1-p)*(1-p)
	for played := 2; played <= cap; played += 2 {
		clear(next)
		for d, q := range lead {
			if q == 0 {
				continue
			}
			// Each product rounded before the sum (float64(…)): no fused
			// multiply-add, the same bits on every machine.
			next[d+2] += float64(q * both)
			next[d] += float64(q * split)
			next[d-2] += float64(q * none)
		}
		left := max(games-played, 0)
		for d, q := range next {
			l := d - offset
			switch {
			case q == 0:
			case l != 0 && (l > left || -l > left):
				if l > 0 {
					through += q
				}
				next[d] = 0
			case played >= cap:
				through += q // level at the cap: the higher seed
				next[d] = 0
			}
		}
		lead, next = next, lead
	}
	return through
}

// BracketOdds returns each entrant's chance of winning the bracket of draw
// (the entrants by seed) when the entrants' true ratings are elo.
func BracketOdds(elo []float64, draw []int, games, cap int) []float64 {
	n := len(draw)
	size := BracketSize(n)
	seedOf := make([]int, n)
	for s, e := range draw {
		seedOf[e] = s + 1
	}
	tie := map[[2]int]float64{} // [a, b] → a's chance to go through
	through := func(a, b int) float64 {
		if q, ok := tie[[2]int{a, b}]; ok {
			return q
		}
		var q float64
		if seedOf[a] < seedOf[b] {
			q = TieOdds(winChance(elo[a], elo[b]), games, cap)
		} else {
			q = 1 - TieOdds(winChance(elo[b], elo[a]), games, cap)
		}
		tie[[2]int{a, b}] = q
		return q
	}
	// Each subtree's distribution of its winner, slot pairs merged round by
	// round.
	type dist map[int]float64
	var level []dist
	for _, s := range BracketSlots(size) {
		d := dist{}
		if s <= n {
			d[draw[s-1]] = 1
		}
		level = append(level, d)
	}
	for len(level) > 1 {
		var up []dist
		for j := 0; j < len(level); j += 2 {
			l, r := level[j], level[j+1]
			switch {
			case len(l) == 0:
				up = append(up, r)
				continue
			case len(r) == 0:
				up = append(up, l)
				continue
			}
			d := dist{}
			for a, pa := range l {
				for b, pb := range r {
					q := through(a, b)
					d[a] += float64(pa * pb * q) // rounded: no fused multiply-add
					d[b] += float64(pa * pb * (1 - q))
				}
			}
			up = append(up, d)
		}
		level = up
	}
	out := make([]float64, n)
	for e, p := range level[0] {
		out[e] = p
	}
	return out
}

// DrawOdds returns each entrant's chance of winning a bracket whose first
// seeded seeds are ranking's and whose other seeds are drawn at random:
// the mean of BracketOdds over the draws, every draw when there are at most
// exactDraws of them (or rng is nil), else samples draws from rng.
func DrawOdds(elo []float64, ranking []int, seeded, games, cap, samples int, rng *rand.Rand) []float64 {
	n := len(elo)
	var rest []int
	for e := range n {
		isSeeded := false
		for _, r := range ranking[:seeded] {
			isSeeded = isSeeded || r == e
		}
		if !isSeeded {
			rest = append(rest, e)
		}
	}
	sum := make([]float64, n)
	count := 0
	add := func(tail []int) {
		draw := append(append([]int{}, ranking[:seeded]...), tail...)
		for e, p := range BracketOdds(elo, draw, games, cap) {
			sum[e] += p
		}
		count++
	}
	if rng == nil || (factorialAtMost(len(rest), exactDraws) && factorialAtMost(len(rest), samples)) {
		permute(rest, 0, add)
	} else {
		tail := make([]int, len(rest))
		for range samples {
			copy(tail, rest)
			rng.Shuffle(len(tail), func(a, b int) { tail[a], tail[b] = tail[b], tail[a] })
			add(tail)
		}
	}
	for e := range sum {
		sum[e] /= float64(count)
	}
	return sum
}

// exactDraws bounds the draws DrawOdds enumerates: 8! of them.
const exactDraws = 40320

func factorialAtMost(k, limit int) bool {
	f := 1
	for i := 2; i <= k; i++ {
		if f *= i; f > limit {
			return false
		}
	}
	return true
}

// permute calls f with every order of xs, swapping in place.
func permute(xs []int, k int, f func([]int)) {
	if k == len(xs) {
		f(xs)
		return
	}
	for i := k; i < len(xs); i++ {
		xs[k], xs[i] = xs[i], xs[k]
		permute(xs, k+1, f)
		xs[k], xs[i] = xs[i], xs[k]
	}
}
