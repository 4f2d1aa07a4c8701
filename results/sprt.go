package results

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/arenasim/arena/sim"
)

// This file holds the statistics of a generalized sequential probability
// ratio test (GSPRT) between a candidate bot and a baseline, computed the way
// the chess testing frameworks compute them: fishtest's LLRcalc.py and
// stat_util.py (Michel Van den Bergh) and fastchess's sprt.cpp and
// elo_pentanomial.cpp. The theory is in Van den Bergh's notes
// "support_MLE_multinomial.pdf" (the MLE under a fixed expected score,
// Proposition 1.1) and "normalized_elo_practical.pdf" (the MLE under a fixed
// t-value, Section 4.1).

// EloModel selects how an Elo difference maps to an expected score.
type EloModel uint8

// The Elo models. ModelLogistic, the zero value, is the classic one.
const (
	// ModelLogistic maps an Elo difference e to the expected score
	// 1/(1+10^(−e/400)), whatever the spread of the outcomes.
	ModelLogistic EloModel = iota
	// ModelNormalized is fishtest's normalized Elo: the t-value
	// (μ−½)/σ of one game's (or block's) score, times 800/ln 10 ≈ 347.4 (so that for
	// small differences it reads like logistic Elo when a game is a plain
	// win or loss). It measures the difference in units of the outcomes'
	// own noise, so it does not depend on how drawish the game is. With
	// five outcomes (game pairs) σ is √2 times the pair score's standard
	// deviation, because a pair's score is the mean of two games.
	ModelNormalized
)

var eloModelNames = [...]string{"logistic", "normalized"}

// String returns the model's name as ParseEloModel reads it.
func (m EloModel) String() string {
	if int(m) < len(eloModelNames) {
		return eloModelNames[m]
	}
	return fmt.Sprintf("model(%d)", uint8(m))
}

// ParseEloModel reads a model name: "logistic" or "normalized".
func ParseEloModel(name string) (EloModel, error) {
	for i, n := range eloModelNames {
		if n == name {
			return EloModel(i), nil
		}
	}
	return 0, fmt.Errorf("unknown elo model %q (choices: %s)", name, strings.Join(eloModelNames[:], ", "))
}

// PentanomialScores are the scores of the five outcomes of a game pair
// played on one seed with the seats swapped: the candidate's pair total 0,
// ½, 1, 1½ or 2, as a fraction of the 2 points at stake.
var PentanomialScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// BlockScores are the scores of the three outcomes of a block, where the
// candidate placed worse than, as well as, or better than the baseline did
// in the same seat on the same seed.
var BlockScores = [3]float64{0, 0.5, 1}

// SPRT is a test's settings: H0 "the candidate is Elo0 stronger" against H1
// "the candidate is Elo1 stronger", both in Model's Elo, with false-positive
// rate Alpha (accepting H1 when H0 holds) and false-negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64  // H0's and H1's Elo difference, Elo0 < Elo1
	Alpha, Beta float64  // the error rates, each in (0, ½]; 0.05 is usual
	Model       EloModel // the Elo both hypotheses are in
}

// MaxAbsElo bounds the hypotheses' Elo in either model. A logistic 1000 is an
// expected score of 99.7 %, and a normalized 1000 a t-value of 2.9 per game:
// past that the candidate all but always wins or always loses, which no
// sequential test is needed for, and the normalized MLE is tested no further.
const MaxAbsElo = 1000

// Check returns an error naming the first setting at fault, if any: an
// unknown model, a value that is not finite, Alpha or Beta outside (0, ½] or
// both ½ (the bounds would both be 0), an Elo outside [−1000, 1000], or Elo0
// not below Elo1.
func (t SPRT) Check() error {
	if int(t.Model) >= len(eloModelNames) {
		return fmt.Errorf("unknown elo model %d (choices: %s)", uint8(t.Model), strings.Join(eloModelNames[:], ", "))
	}
	for _, v := range []struct {
		name  string
		value float64
	}{{"elo0", t.Elo0}, {"elo1", t.Elo1}, {"alpha", t.Alpha}, {"beta", t.Beta}} {
		if math.IsNaN(v.value) || math.IsInf(v.value, 0) {
			return fmt.Errorf("%s %g is not a finite number", v.name, v.value)
		}
	}
	if !(t.Alpha > 0 && t.Alpha <= 0.5) {
		return fmt.Errorf("alpha %g is not in (0, 0.5]", t.Alpha)
	}
	if !(t.Beta > 0 && t.Beta <= 0.5) {
		return fmt.Errorf("beta %g is not in (0, 0.5]", t.Beta)
	}
	if t.Alpha+t.Beta >= 1 {
		return fmt.Errorf("alpha %g plus beta %g is not below 1", t.Alpha, t.Beta)
	}
	if math.Abs(t.Elo0) > MaxAbsElo {
		return fmt.Errorf("elo0 %g is outside [-%d, %d]", t.Elo0, MaxAbsElo, MaxAbsElo)
	}
	if math.Abs(t.Elo1) > MaxAbsElo {
		return fmt.Errorf("elo1 %g is outside [-%d, %d]", t.Elo1, MaxAbsElo, MaxAbsElo)
	}
	if t.Elo0 >= t.Elo1 {
		return fmt.Errorf("elo0 %g is not below elo1 %g", t.Elo0, t.Elo1)
	}
	return nil
}

// Bounds returns Wald's stopping bounds on the LLR: lower = ln(β/(1−α)),
// upper = ln((1−β)/α); ±2.944 for α = β = 0.05.
func (t SPRT) Bounds() (lower, upper float64) {
	return sim.Log(t.Beta / (1 - t.Alpha)), sim.Log((1 - t.Beta) / t.Alpha)
}

// Verdict is the state of a test after some outcomes.
type Verdict uint8

// The verdicts. Undecided, the zero value, means play on.
const (
	Undecided Verdict = iota // the LLR is strictly between the bounds
	AcceptH0                 // the candidate is not Elo1 stronger: the LLR reached the lower bound
	AcceptH1                 // the candidate is Elo1 stronger: the LLR reached the upper bound
)

var verdictNames = [...]string{"undecided", "H0", "H1"}

// String returns "undecided", "H0" or "H1".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", uint8(v))
}

// Decide returns the verdict for llr: AcceptH1 when llr is at or above the
// upper bound, AcceptH0 when it is at or below the lower bound, Undecided
// otherwise.
func (t SPRT) Decide(llr float64) Verdict {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Undecided
}

// zeroCount stands in for an outcome never seen, as in fishtest's
// regularize. Without it an unseen outcome would keep probability 0 in every
// MLE, and a run with a single kind of outcome (identical bots, every pair
// totalling 1) would have no distribution meeting H0's or H1's score at
// all; with it the LLR of such a run drifts to H0.
const zeroCount = 1e-3

// neloPerT is normalized Elo per unit of per-game t-value, 800/ln 10; its
// slope at 0 is that of logistic Elo for a game without draws (σ = ½).
const neloPerT = 800 / math.Ln10

// stackOutcomes is the most outcomes LLR handles without allocating.
const stackOutcomes = 8

// LLR returns the generalized log-likelihood ratio of H1 against H0 for the
// given outcome counts, scores[i] being outcome i's score; it is 0 when there
// are no outcomes at all.
//
// Each hypothesis k stands for the multinomial distribution p(k) of the
// outcomes that is the most likely given the observed frequencies p̂ among
// all those meeting its constraint: under ModelLogistic an expected score of
// 1/(1+10^(−Elo_k/400)); under ModelNormalized a t-value (μ−½)/σ of
// Elo_k/(800/ln 10), times √2 with five outcomes (each is a game pair, and
// normalized Elo is per game). Then LLR = N·Σ p̂ᵢ·ln(p(1)ᵢ/p(0)ᵢ). As in
// fishtest, every zero count first becomes 10⁻³ and N is the sum of the
// counts so regularised.
//
// The scores must rise strictly from 0 to 1, as PentanomialScores and
// BlockScores do, and the counts must not be negative; LLR panics otherwise,
// and when t fails Check. It does not allocate for up to 8 outcomes.
func (t SPRT) LLR(counts []int, scores []float64) float64 { return t.llr(counts, scores, nil) }

// PoolLLR is LLR for the pairs (pentanomial counts) of a test against a
// pool, on the scale of the candidate's Elo minus the baseline's that pool
// gives (see PoolScale).
func (t SPRT) PoolLLR(counts []int, pool *PoolScale) float64 {
	return t.llr(counts, PentanomialScores[:], pool)
}

// llr is LLR on the scale of a test against a pool when pool is not nil
// (see PoolScale).
func (t SPRT) llr(counts []int, scores []float64, pool *PoolScale) float64 {
	if err := t.Check(); err != nil {
		panic("results: SPRT.LLR: " + err.Error())
	}
	checkOutcomes("SPRT.LLR", counts, scores)
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return 0
	}

	n := len(counts)
	var buf [5 * stackOutcomes]float64
	work := buf[:]
	if n > stackOutcomes {
		work = make([]float64, 5*n)
	}
	c, phat, d0, d1, p := work[:n], work[n:2*n], work[2*n:3*n], work[3*n:4*n], work[4*n:5*n]
	regularise(c, phat, counts)

	// p(k)ᵢ = p̂ᵢ/(1+θ_k·d_kᵢ), so ln(p(1)ᵢ/p(0)ᵢ) needs only θ and d.
	var theta0, theta1 float64
	switch t.Model {
	case ModelLogistic:
		theta0 = mleScore(phat, scores, pool.score(t.Elo0), d0)
		theta1 = mleScore(phat, scores, pool.score(t.Elo1), d1)
	case ModelNormalized:
		perGame := 1.0
		if n == 5 {
			perGame = math.Sqrt2
		}
		if pool != nil {
			perGame /= 2 // see PoolScale
		}
		var ok0, ok1 bool
		t0, t1 := float64(t.Elo0/neloPerT)*perGame, float64(t.Elo1/neloPerT)*perGame
		theta0, ok0 = mleTValue(phat, scores, 0.5, t0, d0, p)
		theta1, ok1 = mleTValue(phat, scores, 0.5, t1, d1, p)
		if !ok0 || !ok1 {
			// Not seen within Check's limits (see TestMLEMeetsConstraint);
			// a panic beats an LLR that is silently wrong.
			panic(fmt.Sprintf("results: SPRT.LLR: no distribution with t-value %g or %g found for counts %v", t0, t1, slices.Clone(counts)))
		}
	}
	llr := 0.0
	for i := range c {
		jump := sim.Log1p(float64(theta0*d0[i])) - sim.Log1p(float64(theta1*d1[i]))
		llr += float64(c[i] * jump)
	}
	return llr
}

// regularise writes into c the counts, an outcome never seen counting
// zeroCount, and into phat their frequencies: the distribution LLR's
// hypotheses are fitted to.
func regularise(c, phat []float64, counts []int) {
	sum := 0.0
	for i, k := range counts {
		c[i] = float64(k)
		if k == 0 {
			c[i] = zeroCount
		}
		sum += c[i]
	}
	for i := range c {
		phat[i] = c[i] / sum
	}
}

// checkOutcomes panics unless counts and scores describe outcomes LLR and
// EstimateElo can work with. The messages print clones so that the callers'
// slices do not escape to the heap.
func checkOutcomes(caller string, counts []int, scores []float64) {
	if len(counts) != len(scores) {
		panic(fmt.Sprintf("results: %s: %d counts for %d scores", caller, len(counts), len(scores)))
	}
	n := len(scores)
	if n < 2 || scores[0] != 0 || scores[n-1] != 1 {
		panic(fmt.Sprintf("results: %s: scores %v do not run from 0 to 1", caller, slices.Clone(scores)))
	}
	for i := 1; i < n; i++ {
		if !(scores[i] > scores[i-1]) {
			panic(fmt.Sprintf("results: %s: scores %v do not rise strictly", caller, slices.Clone(scores)))
		}
	}
	for i, c := range counts {
		if c < 0 {
			panic(fmt.Sprintf("results: %s: count %d of outcome %d is negative", caller, c, i))
		}
	}
}

// logisticScore returns the expected score of an Elo difference in the
// logistic model.
func logisticScore(elo float64) float64 {
	return 1 / (1 + sim.Exp(float64(-elo*math.Ln10)/400))
}

// mleScore finds the most likely distribution p = p̂ᵢ/(1+θ·dᵢ) with
// expected score s, given observed frequencies phat of outcomes scored a
// (Van den Bergh, support_MLE_multinomial, Proposition 1.1): it sets
// dᵢ = aᵢ−s and returns θ.
func mleScore(phat, a []float64, s float64, d []float64) float64 {
	for i := range a {
		d[i] = a[i] - s
	}
	return secular(phat, d)
}

// The fixed point of mleTValue stops when no probability moves by more than
// mleTolerance (fishtest's threshold), or after mleMaxIter rounds: near a
// pole of the secular equation the last bits of p can cycle at about 1e-10,
// and fishtest stops after 10 rounds whatever happens.
const (
	mleTolerance = 1e-9
	mleMaxIter   = 50
	// maxSteps bounds the continuation of mleTValue. In sweeps over random
	// and degenerate counts within Check's limits it never needed more than
	// 8 steps, and 1 (fishtest's plain fixed point) for a normalized |Elo|
	// up to 230 with game pairs and 340 with blocks.
	maxSteps = 1024
)

// mleTValue finds the most likely distribution p = p̂ᵢ/(1+θ·φᵢ) with t-value
// (μ−ref)/σ = tv, given observed frequencies phat of outcomes scored a
// (Van den Bergh, normalized_elo_practical, Section 4.1). The constraint is
// not linear, so φ is its gradient at the current estimate, shifted so that
// Σ pᵢφᵢ = μ−ref−tv·σ, and the estimate is iterated from the uniform
// distribution to a fixed point, as fishtest does. It leaves φ in phi and
// returns θ; p is scratch space.
//
// The linearised constraint can be unsatisfiable far from the solution
// (every φᵢ of one sign), which happens from the uniform start for a t-value
// above about 0.95. Then it walks to tv in 2, 4, 8, … equal steps from 0,
// where φ is aᵢ−ref and always changes sign, each step starting from the
// previous one's solution. For the t-values of real tests the first try
// succeeds and the result is fishtest's. It reports false if even maxSteps
// steps fail.
func mleTValue(phat, a []float64, ref, tv float64, phi, p []float64) (theta float64, ok bool) {
	for steps := 1; steps <= maxSteps; steps *= 2 {
		for i := range p {
			p[i] = 1 / float64(len(p))
		}
		ok = true
		for k := 1; k <= steps && ok; k++ {
			theta, ok = tValueFixedPoint(phat, a, ref, float64(tv*float64(k))/float64(steps), phi, p)
		}
		if ok {
			return theta, true
		}
	}
	return 0, false
}

// tValueFixedPoint iterates p to the most likely distribution with t-value
// tv, starting from p; it reports false when the linearised constraint
// cannot be met.
func tValueFixedPoint(phat, a []float64, ref, tv float64, phi, p []float64) (theta float64, ok bool) {
	for range mleMaxIter {
		mu, variance := 0.0, 0.0
		for i := range p {
			mu += float64(p[i] * a[i])
		}
		for i := range p {
			e := a[i] - mu
			variance += float64(p[i] * float64(e*e))
		}
		sigma := math.Sqrt(variance)
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range a {
			z := (a[i] - mu) / sigma
			// Every product is rounded on its own, /2 included (the compiler
			// turns it into ·0.5), so no fused multiply-add can change the bits.
			phi[i] = a[i] - ref - float64(float64(float64(tv*sigma)*(1+float64(z*z)))/2)
			lo, hi = min(lo, phi[i]), max(hi, phi[i])
		}
		if !(lo < 0 && hi > 0) {
			return 0, false
		}
		theta = secular(phat, phi)
		change := 0.0
		for i := range p {
			next := phat[i] / (1 + float64(theta*phi[i]))
			change = max(change, math.Abs(next-p[i]))
			p[i] = next
		}
		if change < mleTolerance {
			break
		}
	}
	return theta, true
}

// secularSize returns the sum of the magnitudes of the secular equation's
// terms at x, the scale beside which its value counts as zero.
func secularSize(w, d []float64, x float64) float64 {
	size := 0.0
	for i := range d {
		size += math.Abs(float64(w[i] * (d[i] / (1 + float64(x*d[i])))))
	}
	return size
}

// secular returns the root x of the secular equation Σ wᵢ·dᵢ/(1+x·dᵢ) = 0
// in the interval where every 1+x·dᵢ is positive, which needs some dᵢ < 0
// and some dᵢ > 0. The sum falls from +∞ at one end of the interval to −∞
// at the other, so the root is unique; it is found by Newton steps, with a
// bisection of the bracket whenever a step would leave it (fishtest uses
// Brent's method, fastchess ITP; any of them finds the same root).
func secular(w, d []float64) float64 {
	dmin, dmax := d[0], d[0]
	for _, v := range d[1:] {
		dmin, dmax = min(dmin, v), max(dmax, v)
	}
	lo, hi := -1/dmax, -1/dmin // the poles nearest 0
	x := 0.0
	for range 200 {
		f, slope := 0.0, 0.0
		for i := range d {
			r := d[i] / (1 + float64(x*d[i]))
			f += float64(w[i] * r)
			slope -= float64(w[i] * float64(r*r))
		}
		switch {
		case f > 0:
			lo = x
		case f < 0:
			hi = x
		default:
			return x
		}
		next := x - f/slope
		if math.Abs(next-x) <= 1e-15*max(1, math.Abs(x)) {
			if math.Abs(f) < secularSize(w, d, x)/2 {
				// Converged; x, not next, as next may have rounded to x's
				// side of the bracket or just past it.
				return x
			}
			// A step this small with f as large as its largest term: x
			// sits within an ulp of a pole, where Newton's first step can
			// land (from 0 it is Σwd/Σwd², which is −1/dᵢ for some counts:
			// [1 1 37 11 10] at a score of ½). Bisect away from it.
			next = lo + float64((hi-lo)/2)
		}
		if !(next > lo && next < hi) {
			next = lo + float64((hi-lo)/2) // the compiler makes /2 a product it could fuse
		}
		if next == x {
			return x
		}
		x = next
	}
	return x
}

// EloEstimate is an estimate of the Elo difference from outcome counts.
type EloEstimate struct {
	Elo, Lo, Hi float64 // point and 95% interval, in the model's Elo; ±Inf where the score is 0 or 1
	LOS         float64 // likelihood of superiority, P(true Elo > 0), in [0,1]
}

// EstimateElo returns the Elo difference with its 95% interval and LOS, as
// fastchess reports them: from the mean score μ of the N outcomes (pairs or
// blocks) and its standard error σ/√N, σ being the standard deviation of
// one outcome's score, with no regularisation of the counts.
//
// Under ModelLogistic, Elo = −400·log10(1/μ−1) and the interval is the same
// map of μ ∓ 1.96·σ/√N: −Inf at or below a score of 0, +Inf at or above 1.
// Under ModelNormalized, Elo = (μ−½)/σ_g·800/ln 10 and the interval the same
// of μ ∓ 1.96·σ/√N, σ_g being σ of one game (σ·√2 with five outcomes, which
// are game pairs). LOS = Φ((μ−½)/(σ/√N)), Φ the standard normal CDF.
//
// Edge cases: with no outcomes it returns Elo 0, the interval (−Inf, +Inf)
// and LOS ½, as nothing is known. When all outcomes are alike (σ = 0) the
// interval has zero width (which the report leaves out, see
// SPRTReport.NoInterval), LOS is 0, ½ or 1 as μ is below, at or above ½,
// and normalized Elo is 0 at μ = ½ and ±Inf elsewhere. It panics on the
// outcomes LLR panics on, and on an unknown model.
func EstimateElo(counts []int, scores []float64, model EloModel) EloEstimate {
	return estimateElo(counts, scores, model, nil)
}

// scoreMoments returns how many outcomes counts holds (0 for none), their
// mean score and the variance of a score about it (over n): the figures
// both Elo estimates start from, summed in the outcomes' order.
func scoreMoments(counts []int, scores []float64) (n, mean, variance float64) {
	total := 0
	for _, c := range counts {
		total += c
	}
	if total == 0 {
		return 0, 0, 0
	}
	n = float64(total)
	for i, c := range counts {
		mean += float64(float64(c) * scores[i])
	}
	mean /= n
	for i, c := range counts {
		e := scores[i] - mean
		variance += float64(float64(c) * float64(e*e))
	}
	return n, mean, variance / n
}

// estimateElo is EstimateElo on the scale of a test against a pool when
// pool is not nil (see PoolScale).
func estimateElo(counts []int, scores []float64, model EloModel, pool *PoolScale) EloEstimate {
	checkOutcomes("EstimateElo", counts, scores)
	if int(model) >= len(eloModelNames) {
		panic(fmt.Sprintf("results: EstimateElo: unknown elo model %d", uint8(model)))
	}
	n, mu, variance := scoreMoments(counts, scores)
	if n == 0 {
		return EloEstimate{Elo: 0, Lo: math.Inf(-1), Hi: math.Inf(1), LOS: 0.5}
	}
	se := math.Sqrt(variance / n)
	margin := float64(z95 * se)

	var est EloEstimate
	switch {
	case se > 0:
		est.LOS = 0.5 * math.Erfc(-(mu-0.5)/float64(se*math.Sqrt2))
	case mu > 0.5:
		est.LOS = 1
	case mu < 0.5:
		est.LOS = 0
	default:
		est.LOS = 0.5
	}
	switch model {
	case ModelLogistic:
		est.Elo, est.Lo, est.Hi = pool.elo(mu), pool.elo(mu-margin), pool.elo(mu+margin)
	case ModelNormalized:
		perGame := variance
		if len(counts) == 5 {
			perGame = 2 * variance
		}
		sigma := math.Sqrt(perGame)
		if pool != nil {
			sigma /= 2 // see PoolScale
		}
		if sigma == 0 {
			switch {
			case mu > 0.5:
				est.Elo = math.Inf(1)
			case mu < 0.5:
				est.Elo = math.Inf(-1)
			}
			est.Lo, est.Hi = est.Elo, est.Elo
			break
		}
		est.Elo = (mu - 0.5) / sigma * neloPerT
		est.Lo = (mu - margin - 0.5) / sigma * neloPerT
		est.Hi = (mu + margin - 0.5) / sigma * neloPerT
	}
	return est
}

// logisticElo returns the logistic Elo difference of expected score s,
// −Inf for s ≤ 0 and +Inf for s ≥ 1.
func logisticElo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return float64(-400*sim.Log(1/s-1)) / math.Ln10
}

// PoolScale puts a test against a pool on the scale of its hypotheses:
// the candidate's Elo minus the baseline's. A pair of such a test is the
// candidate's game and the baseline's game against one opponent, in the
// same seat on the same seed, scored ½·(s_c + 1 − s_b); its expected score
// is not the logistic score of Δ = Elo_c − Elo_b but
//
//	½ + ½·Σo w_o·[L(β_o + Δ) − L(β_o)],
//
// L the logistic score, β_o the baseline's Elo against opponent o and w_o
// the share of the pairs played against o: about L(Δ/2) against opponents
// of the bots' level, so that a test of the plain logistic score of the
// pairs measures half the gap (SPRT(0, 20) at a true gap of 20 accepted H1
// in 48 % of the tests). β_o is read from the baseline's own games against
// o, with one virtual draw (β_o does not depend on Δ, and the candidate's
// games are left to the test).
//
// Under the normalized model the pair's t-value is halved in the same way:
// a normalized Elo of a test against a pool is twice that of its pairs, so
// that it reads like the logistic Δ when the opponents are of the bots'
// level and the games are not drawn.
//
// A nil *PoolScale is the scale of a head-to-head test (or of blocks): the
// logistic score of the Elo.
type PoolScale struct {
	half  []int // the baseline's half points against each opponent
	games []int // its games against each opponent
}

// NewPoolScale returns the scale of a test against the given number of
// opponents, before any pair.
func NewPoolScale(opponents int) *PoolScale {
	return &PoolScale{half: make([]int, opponents), games: make([]int, opponents)}
}

// Add counts the baseline's result against opponent o in half points (0, 1
// or 2).
func (p *PoolScale) Add(o, baselineHalf int) {
	p.half[o] += baselineHalf
	p.games[o]++
}

// level returns β_o, the baseline's Elo against opponent o in natural-log
// units (one virtual draw), and its weight w_o (every opponent alike before
// any game).
func (p *PoolScale) level(o int) (beta, weight float64) {
	total := 0
	for _, g := range p.games {
		total += g
	}
	weight = 1 / float64(len(p.games))
	if total > 0 {
		weight = float64(p.games[o]) / float64(total)
	}
	won, lost := float64(p.half[o]+1), float64(2*p.games[o]-p.half[o]+1)
	return sim.Log(won / lost), weight
}

// score returns the expected pair score at a candidate-minus-baseline Elo
// of elo.
func (p *PoolScale) score(elo float64) float64 {
	if p == nil {
		return logisticScore(elo)
	}
	d := float64(elo*math.Ln10) / 400
	s := 0.5
	for o := range p.games {
		beta, w := p.level(o)
		s += float64(float64(w/2) * (sigmoid(beta+d) - sigmoid(beta)))
	}
	return s
}

// elo returns the candidate-minus-baseline Elo whose expected pair score is
// s: the inverse of score, −Inf or +Inf past the scores it can reach.
func (p *PoolScale) elo(s float64) float64 {
	if p == nil {
		return logisticElo(s)
	}
	lo, hi := -4*MaxAbsElo, 4*MaxAbsElo
	switch {
	case math.IsNaN(s):
		return s
	case s <= p.score(math.Inf(-1)):
		return math.Inf(-1)
	case s >= p.score(math.Inf(1)):
		return math.Inf(1)
	case s <= p.score(float64(lo)):
		return float64(lo)
	case s >= p.score(float64(hi)):
		return float64(hi)
	}
	a, b := float64(lo), float64(hi)
	for range 100 {
		mid := a + float64((b-a)/2)
		if p.score(mid) < s {
			a = mid
		} else {
			b = mid
		}
	}
	return a + float64((b-a)/2)
}
