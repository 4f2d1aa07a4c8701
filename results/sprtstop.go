package results

import (
	"math"

	"github.com/arenasim/arena/sim"
)

// The Elo estimate of a sequential test once it has stopped.
//
// EstimateElo treats the games as if their number had been fixed in
// advance. It was not: the test stops when the LLR leaves its bounds, so a
// run that happened to start well stops early on H1 with a high score, and
// one that started badly stops early on H0 with a low one. The plain
// estimate is biased away from the middle of the bounds (SPRT(0, 20), 1,000
// tests each: a mean of −6.0 at a true 0 and 25.2 at a true 20) and its
// interval covers less than 95 %.
//
// The stopping-corrected estimate follows Siegmund (1978) and Jennison and
// Turnbull (2000, ch. 8), as fishtest computes it (its sprt.py, after
// Michel Van den Bergh): the outcomes of the test are ordered stagewise —
// H0 early, then H0 late, then undecided at the cap by the final LLR,
// then H1 late, then H1 early — and for an expected unit score s,
// P_s(worse) is the probability of an outcome below the one observed. It
// falls as s rises. The estimate is the s with P_s(worse) = ½ (median
// unbiased), and the 95 % interval runs from P_s(worse) = 97.5 % to 2.5 %.
//
// P_s(worse) comes from the LLR as a Brownian motion (Van den Bergh,
// "GSPRT_approximation"): per unit (pair or block), with v̂ the variance
// of one unit's score, v = v̂ + (s − ŝ)² and the hypotheses' scores s0,
// s1, its drift is μ = (s − (s0+s1)/2)(s1 − s0)/v and its variance
// σ² = (s1 − s0)²/v, started at 0 between the bounds. Its own LLR after
// N units, N·(s1 − s0)(2ŝ − s0 − s1)/(2v̂), places the observed path: a
// test that stopped is put on its bound at the unit where that LLR's
// average slope reaches it (the test's exact LLR grows more slowly for
// scores far outside the hypotheses: a test that stopped at a true +200
// after 218 pairs would otherwise read as a late, hence weak, H1). The first-exit probabilities of a Brownian motion in a
// strip are sums of Gaussian integrals by the method of images.

// stopOrderLevels are the quantiles solved for: the lower end, the
// estimate, the upper end.
var stopOrderLevels = [3]float64{0.975, 0.5, 0.025}

// stoppedEstimate returns the stopping-corrected estimate of a test with
// the given counts and verdict, in the test's Elo (on the scale of pool
// when it is not nil). With no outcome, it is 0 in (−Inf, +Inf).
func (t SPRT) stoppedEstimate(counts []int, scores []float64, verdict Verdict, pool *PoolScale) EloEstimate {
	n, sHat, v := scoreMoments(counts, scores)
	if n == 0 {
		return EloEstimate{Elo: 0, Lo: math.Inf(-1), Hi: math.Inf(1), LOS: 0.5}
	}
	toScore, toElo := t.scoreScale(counts, v, pool)
	s0, s1 := toScore(t.Elo0), toScore(t.Elo1)
	lower, upper := t.Bounds()
	if v == 0 || !(s1 > s0) {
		// Every unit alike: no spread to read a distribution from.
		return EloEstimate{Elo: toElo(sHat), Lo: toElo(sHat), Hi: toElo(sHat), LOS: EstimateElo(counts, scores, t.Model).LOS}
	}
	// Where the path stopped, in the Brownian model's own LLR: N times its
	// drift at the observed distribution. (The test's exact LLR grows more
	// slowly than the model's for scores far outside the hypotheses; the
	// model's is the one whose stopping time it explains.)
	slope := float64((s1-s0)*(2*sHat-s0-s1)) / float64(2*v)
	o := stopOutcome{units: n, llr: float64(n * slope), verdict: verdict, lower: lower, upper: upper}
	switch verdict {
	case AcceptH1:
		if o.llr > upper {
			o.units = upper / slope
		}
		o.llr = upper
	case AcceptH0:
		if o.llr < lower {
			o.units = lower / slope
		}
		o.llr = lower
	default:
		o.llr = min(max(o.llr, lower), upper)
	}
	worse := func(s float64) float64 {
		vs := v + float64((s-sHat)*(s-sHat))
		gamma := (s - float64((s0+s1)/2)) / (s1 - s0)
		tau := float64((s1-s0)*(s1-s0)) / vs * o.units
		return o.worse(gamma, tau)
	}
	var at [3]float64
	for q, level := range stopOrderLevels {
		at[q] = toElo(solveDecreasing(worse, level, sHat))
	}
	return EloEstimate{Elo: at[1], Lo: at[0], Hi: at[2], LOS: worse(toScore(0))}
}

// scoreScale returns the test's map from its Elo to the expected unit
// score, and back: the logistic score (of the pool's pairs when pool is not
// nil), or under the normalized model ½ + t·σ, t the unit's t-value and σ
// the spread of its score (v its variance).
func (t SPRT) scoreScale(counts []int, v float64, pool *PoolScale) (toScore, toElo func(float64) float64) {
	if t.Model == ModelLogistic {
		return pool.score, pool.elo
	}
	perGame := 1.0
	if len(counts) == 5 {
		perGame = math.Sqrt2
	}
	if pool != nil {
		perGame /= 2
	}
	sigma := math.Sqrt(v)
	toScore = func(elo float64) float64 { return 0.5 + float64(float64(float64(elo/neloPerT)*perGame)*sigma) }
	toElo = func(s float64) float64 {
		if s <= 0 || s >= 1 {
			return math.Inf(int(math.Copysign(1, s-0.5)))
		}
		return float64((s-0.5)/sigma/perGame) * neloPerT
	}
	return toScore, toElo
}

// solveDecreasing returns the s in (0, 1) where f, which falls as s
// rises, crosses level, by bisection: 0 or 1 when f stays on one side.
//
// f is P_s(worse), which falls as s rises in the true family of
// outcomes, but in the Brownian model only near ŝ, the observed unit score
// (sHat): the model's variance of a unit, v + (s − ŝ)², grows on both
// sides of it, so the path's variance τ, and with it its expected LLR γτ,
// shrink again far from it, and f turns back towards its middle values.
// A small test undecided at its cap with no lost pair shows it: f falls to
// 0.14 at s = 0.73, then rises to 0.66 at s → 1, so that solving over the
// whole of (0, 1) found no crossing of ½ and gave an estimate of +inf. When
// f ends on the wrong side of level, the crossing is sought between f's
// highest point below ŝ and its lowest above, where it falls; level out of
// that range is out of reach (0 or 1).
func solveDecreasing(f func(float64) float64, level, sHat float64) float64 {
	const edge = 1e-9
	lo, hi := edge, 1-edge
	if f(lo) <= level || f(hi) >= level {
		sHat = min(max(sHat, lo), hi)
		lo = turn(func(s float64) float64 { return -f(s) }, lo, sHat)
		hi = turn(f, sHat, hi)
		if f(lo) <= level {
			return 0
		}
		if f(hi) >= level {
			return 1
		}
	}
	for range 60 {
		mid := lo + float64((hi-lo)/2)
		if f(mid) > level {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + float64((hi-lo)/2)
}

// turn returns where f, falling then rising on [a, b] (or doing only one
// of the two), is lowest, by golden-section search: towards an end where
// f is lowest, and to the start of a flat bottom.
func turn(f func(float64) float64, a, b float64) float64 {
	const ratio = 0.6180339887498949 // (√5 − 1)/2
	x1, x2 := b-float64(ratio*(b-a)), a+float64(ratio*(b-a))
	f1, f2 := f(x1), f(x2)
	for range 80 {
		if f1 <= f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - float64(ratio*(b-a))
			f1 = f(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + float64(ratio*(b-a))
			f2 = f(x2)
		}
	}
	return a + float64((b-a)/2)
}

// stopOutcome is where a test stopped, as a Brownian path of its LLR.
type stopOutcome struct {
	units        float64 // the units played (to the bound, for a test that stopped)
	llr          float64 // the LLR there
	verdict      Verdict
	lower, upper float64
}

// worse returns the probability that a Brownian motion of drift γ per unit
// of variance, run for a variance τ, gives an outcome below o's in the
// stagewise order.
func (o stopOutcome) worse(gamma, tau float64) float64 {
	a, b := o.lower, o.upper
	switch o.verdict {
	case AcceptH0:
		low, _ := exits(gamma, tau, a, b)
		return low
	case AcceptH1:
		_, high := exits(gamma, tau, a, b)
		return 1 - high
	}
	low, _ := exits(gamma, tau, a, b)
	return low + survival(gamma, tau, a, b, o.llr)
}

// minDrift keeps the drift away from 0, where the exit probabilities are
// ratios of vanishing quantities; the probabilities move by about as
// little.
const minDrift = 1e-7

// exits returns the probabilities that a Brownian motion from 0, of drift
// γ per unit of variance, leaves (a, b) through a, and through b, before
// its variance reaches τ. For γ ≥ 0, with S_γ the probability of staying
// inside and h(u) = (1 − e^(−2γ(u−a)))/(1 − e^(−2γ(b−a))) the probability
// of leaving through b from u, P(through b by τ) = h(0) − E[h(X_τ); inside],
// and E[e^(−2γX_τ); inside] is S_(−γ) (Girsanov): so P = ((1 − S_γ) −
// e^(2γa)(1 − S_(−γ))) / (1 − e^(−2γ(b−a))). A negative drift is the
// mirror image.
func exits(gamma, tau, a, b float64) (low, high float64) {
	if gamma < 0 {
		high, low = exits(-gamma, tau, -b, -a)
		return low, high
	}
	gamma = max(gamma, minDrift)
	in := survival(gamma, tau, a, b, b)
	inMirror := survival(-gamma, tau, a, b, b)
	high = float64((1-in)-float64(sim.Exp(float64(2*gamma*a))*(1-inMirror))) / (1 - sim.Exp(float64(-2*gamma*(b-a))))
	high = min(max(high, 0), 1-in)
	return 1 - in - high, high
}

// survival returns the probability that a Brownian motion from 0, of drift
// γ per unit of variance, stays inside (a, b) until its variance reaches τ
// and ends below y. Its density there is, by the method of images,
// e^(γx − γ²τ/2)·Σk [φτ(x − 2kA) − φτ(x − 2a − 2kA)], A = b − a, and
// ∫ e^(γx − γ²τ/2)·φτ(x − c) over (a, y) is e^(γc)·[Φ((y − c − γτ)/√τ) −
// Φ((a − c − γτ)/√τ)].
func survival(gamma, tau, a, b, y float64) float64 {
	if tau <= 0 {
		if y > 0 {
			return 1
		}
		return 0
	}
	width, root := b-a, math.Sqrt(tau)
	shift := float64(gamma * tau)
	term := func(c float64) float64 {
		return tiltedMass(float64(gamma*c), (a-c-shift)/root, (y-c-shift)/root)
	}
	pair := func(c float64) float64 { return term(c) - term(float64(2*a)+c) }
	sum := pair(0)
	for k := 1; k < 100_000; k++ {
		c := float64(2 * float64(k) * width)
		part := pair(c) + pair(-c)
		sum += part
		if k > 2 && math.Abs(part) < 1e-17 {
			break
		}
	}
	return min(max(sum, 0), 1)
}

// tiltedMass returns e^g·(Φ(hi) − Φ(lo)), lo ≤ hi, computed in logarithms
// so that a huge factor on a vanishing mass (an image far out, a strong
// drift) stays finite.
func tiltedMass(g, lo, hi float64) float64 {
	if !(hi > lo) {
		return 0
	}
	var logMass float64
	if lo > 0 { // both in the upper tail: Φ(hi) − Φ(lo) = Φ(−lo) − Φ(−hi)
		lo, hi = -hi, -lo
	}
	a, b := logPhi(hi), logPhi(lo)
	logMass = a + sim.Log1p(-sim.Exp(b-a))
	return sim.Exp(g + logMass)
}

// logPhi returns ln Φ(z), by the asymptotic series of Mills' ratio far in
// the lower tail, where Φ underflows.
func logPhi(z float64) float64 {
	if z > -20 {
		return sim.Log(normalCDF(z))
	}
	z2 := float64(z * z)
	inv := 1 / z2
	series := 1 - float64(inv*(1-float64(3*inv*(1-float64(5*inv*(1-float64(7*inv)))))))
	return -float64(z2/2) - sim.Log(-z) - 0.9189385332046727 + sim.Log(series) // ½·ln 2π
}
