package coin

import (
	"math"

	"github.com/arenasim/arena/sim"
)

// golden is the SplitMix64 increment, 2^64 divided by the golden ratio: it
// spreads the seat numbers over the whole word before they are mixed.
const golden = 0x9e3779b97f4a7c15

// seatLuck mixes a seat's draw from the engine's stream with the bits of
// its declared Elo and its seat number. The two seat orders of one seed draw
// the same words, so without the Elo they would share their luck: the duel
// of A against B and that of B against A would be mirror images.
func seatLuck(draw uint64, elo float64, seat int) uint64 {
	return sim.Mix(draw ^ sim.Mix(math.Float64bits(elo)+uint64(seat+1)*golden))
}

// duelLuck is the luck of a duel: both seats' luck, so that every pairing
// that meets on a seed (the runner plays all pairs on the same seeds) draws
// its own.
func duelLuck(luck0, luck1 uint64) uint64 { return luck0 ^ luck1 }

// uniform turns a word into a uniform number in (0, 1), never 0 nor 1: the
// top 52 bits and a half, over 2^52.
func uniform(w uint64) float64 { return (float64(w>>12) + 0.5) / (1 << 52) }

// expectedResult is seat 0's expected result in a duel, 1/(1+10^(−Δ/400))
// for the Elo difference Δ = Elo0 − Elo1.
func expectedResult(delta float64) float64 {
	return 1 / (1 + sim.Exp(float64(-delta*math.Ln10)/400))
}

// duelThresholds returns the two thresholds of a duel's uniform for the Elo
// difference delta and the draw parameter: seat 0 wins below win, the duel
// is drawn from win to draw, and seat 1 wins above. With s the expected
// result, the draw probability is d = min(draws, 2·min(s, 1−s)), win =
// s − d/2 and draw = s + d/2, so seat 0's expected result stays s.
func duelThresholds(delta, draws float64) (win, draw float64) {
	s := expectedResult(delta)
	half := float64(min(draws, 2*min(s, 1-s)) / 2) // rounded, so that no multiply-add is fused
	return s - half, s + half
}

// performance is a seat's Plackett–Luce performance: its Elo on the
// natural-log scale, Elo·ln(10)/400, plus the Gumbel draw −ln(−ln u).
func performance(elo, u float64) float64 {
	return float64(elo*math.Ln10)/400 - sim.Log(-sim.Log(u))
}
