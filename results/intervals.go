package results

import "math"

// The 95 % intervals of the standings: adjusted profile likelihood.
//
// For each quantity ψ = a'θ — a bot's rating against the mean of its group
// (a = e_i − 1/k) or against the anchor, or the difference of two bots
// (a = e_i − e_j) — the interval is {t : 2(ℓ̂ − pl(t)) ≤ κ·q}, where:
//
//   - ℓ is the Bradley–Terry log-likelihood of the data with a negligible
//     prior (epsPrior virtual draws per pair that met, for finite numbers:
//     no pull in practice), ℓ̂ its maximum and pl its profile (profile.go);
//   - κ is the design effect of ψ (Chandler and Bate, 2007): how much more,
//     or less, ψ varies than the model says because the pairwise results are
//     not independent — the six pairs of a 4-player match, the two seat
//     orders of a seed, every pair playing the same boards. κ = x'Jx / a'x
//     with x = L⁺a (a'x is the model variance) and J the covariance of the
//     data's score at the fit over the bootstrap replicates, which resample
//     whole rounds (seedboot.go); the score is linear in the tally, so no
//     replicate is refitted. Pooled with one pseudo-round at κ = 1 (identical
//     rounds must not claim certainty), κ = κ_raw + 1/n for n rounds;
//   - q = F(1, n) at 95 % = t²(n, 0.975): the small-sample correction, for
//     κ is estimated from n rounds (n−1 degrees of freedom and the pseudo-
//     round's one).
//
// Separated results (a bot or a group won, or lost, every game against the
// rest) make the profile flat out to infinity on that side: the interval is
// open there. Its finite end uses c = κ_open·(−2·ln 0.05) — for a pure sweep
// D ≤ c says P(sweep)/2 ≥ 2.5 %, the mid-p Clopper–Pearson bound — where
// κ_open is borrowed from the rest of the data (the separating pairs say
// nothing about it: every replicate repeats the sweep), and with nothing to
// borrow each round counts as one observation of the separating pairs.
// Measured on the coin game, these intervals cover 94–97 % in every
// calibration row that discreteness allows (docs/statistics.md).

const (
	// epsPrior is the prior of the likelihood behind the intervals: finite
	// numbers where the data are separated, and nothing else.
	epsPrior = 1e-9
	// capElo is how far from the point estimate a side must stay unbounded
	// to be open.
	capElo = 5000
	// openBase is −2·ln α for α = 5 %: the mid-p Clopper–Pearson constant of
	// the finite end of an open interval.
	openBase = 5.991464547107979
)

// analysis holds what every interval of one connected group of entrants
// (those linked by the games played) shares.
type analysis struct {
	members []int // entrant indices, ascending
	k, n    int   // members, rounds
	half    []int64
	theta   []float64 // the ε-prior fit, nats, centred
	ll      float64   // its log-likelihood
	reg     []float64 // the point estimate (prior of one draw a pair), nats, centred
	j       []float64 // covariance of the replicate scores at theta, k×k
	q       float64   // F(1, n) at 95 %
	comp    []int     // strongly connected component of each member in the win graph
	sep     bool      // the win graph is not strongly connected: some result is separated
	kSep    float64   // comparisons per round across the separation, at least 1
	p       *problem
	kOpen   float64 // the design effect of open ends, once computed
}

// newAnalysis prepares the intervals of the group members from the whole
// tally's half wins (k×k over every entrant), its bootstrap, its rounds and
// the point estimate theta (every entrant's, nats).
func newAnalysis(members []int, all []int64, kAll int, boot *seedBootstrap, rounds int, theta []float64) *analysis {
	k := len(members)
	an := &analysis{members: members, k: k, n: max(rounds, 1), half: subTally(all, kAll, members, nil), p: newProblem(k)}
	an.reg = make([]float64, k)
	for r, i := range members {
		an.reg[r] = theta[i]
	}
	an.p.load(an.half, epsPrior)
	an.theta = make([]float64, k)
	an.ll, _ = an.p.fit(an.theta, nil, 0, nil)

	// J: the covariance over the replicates of the data score at the fit.
	reps := boot.reps
	sub := make([]int64, k*k)
	g := make([]float64, reps*k)
	mean := make([]float64, k)
	for b := range reps {
		subTally(boot.replicate(b), kAll, members, sub)
		gb := g[b*k : (b+1)*k]
		score(sub, k, an.theta, gb)
		for i, v := range gb {
			mean[i] += v
		}
	}
	for i := range mean {
		mean[i] /= float64(reps)
	}
	an.j = make([]float64, k*k)
	for b := range reps {
		gb := g[b*k : (b+1)*k]
		for r := range k {
			dr := gb[r] - mean[r]
			for c := range k {
				an.j[r*k+c] += float64(dr * (gb[c] - mean[c]))
			}
		}
	}
	for i := range an.j {
		an.j[i] /= float64(reps - 1)
	}
	t := studentTQuantile(0.025, float64(an.n))
	an.q = float64(t * t)
	an.sep, an.kSep, an.comp = separation(an.half, k, an.n)
	return an
}

// subTally copies the members' rows and columns of a k×k tally into dst
// (allocated when nil).
func subTally(all []int64, kAll int, members []int, dst []int64) []int64 {
	k := len(members)
	if dst == nil {
		dst = make([]int64, k*k)
	}
	for r, i := range members {
		for c, j := range members {
			dst[r*k+c] = all[i*kAll+j]
		}
	}
	return dst
}

// separation reports whether the win graph (i → j when i took at least a
// half win from j) is not strongly connected, the comparisons per round
// across the separation (at least 1), and each member's strongly connected
// component (labelled by its smallest member).
func separation(half []int64, k, n int) (bool, float64, []int) {
	reach := make([]bool, k*k)
	for i := range k {
		reach[i*k+i] = true
		for j := range k {
			if half[i*k+j] > 0 {
				reach[i*k+j] = true
			}
		}
	}
	for m := range k { // Warshall's transitive closure
		for i := range k {
			if !reach[i*k+m] {
				continue
			}
			for j := range k {
				if reach[m*k+j] {
					reach[i*k+j] = true
				}
			}
		}
	}
	sep, cross := false, int64(0)
	for i := range k {
		for j := i + 1; j < k; j++ {
			if g := half[i*k+j] + half[j*k+i]; g > 0 && !(reach[i*k+j] && reach[j*k+i]) {
				sep = true
				cross += g // half wins: two per comparison
			}
		}
	}
	comp := make([]int, k)
	for i := range k {
		comp[i] = i
		for j := range i {
			if reach[i*k+j] && reach[j*k+i] {
				comp[i] = comp[j]
				break
			}
		}
	}
	return sep, max(1, float64(cross)/2/float64(max(n, 1))), comp
}

// kappa returns the design effect of ψ = a'θ: κ_raw + 1/n. Where the
// model variance cannot be computed (a singular information), it assumes
// independence, κ = 1.
func (an *analysis) kappa(a []float64) float64 {
	x := make([]float64, an.k)
	v := an.p.influence(an.theta, a, x)
	raw := 0.0
	for r := range an.k {
		for c := range an.k {
			raw += float64(x[r] * float64(an.j[r*an.k+c]*x[c]))
		}
	}
	k := raw/v + 1/float64(an.n)
	if !(v > 0) || math.IsInf(v, 0) || math.IsNaN(k) {
		return 1
	}
	return k
}

// kappaOpen returns the design effect of the finite end of an open
// interval: the mean design effect of the contrasts within each strongly
// connected component of two members or more, plus 1/n, at least 1; with
// no such component, the comparisons per round across the separation (each
// round one observation).
func (an *analysis) kappaOpen() float64 {
	if an.kOpen > 0 {
		return an.kOpen
	}
	sum, cnt := 0.0, 0
	a := make([]float64, an.k)
	for i := range an.k {
		size := 0
		for j := range an.k {
			if an.comp[j] == an.comp[i] {
				size++
			}
		}
		if size < 2 {
			continue
		}
		for j := range an.k {
			a[j] = 0
			if an.comp[j] == an.comp[i] {
				a[j] = -1 / float64(size)
			}
		}
		a[i]++
		if kr := an.kappa(a) - 1/float64(an.n); !math.IsNaN(kr) && !math.IsInf(kr, 0) {
			sum += kr
			cnt++
		}
	}
	an.kOpen = an.kSep
	if cnt > 0 {
		an.kOpen = max(1, sum/float64(cnt)+1/float64(an.n))
	}
	return an.kOpen
}

// interval returns the 95 % interval of ψ = a'θ in Elo, relative to the
// same contrast of the fit (the caller adds the anchoring); an open side is
// ±Inf.
func (an *analysis) interval(a []float64) (lo, hi float64) {
	at := dot(a, an.reg)
	loLimit, hiLimit := at-capElo/eloPerNat, at+capElo/eloPerNat
	c := float64(an.kappa(a) * an.q)
	lo, hi, loOpen, hiOpen := an.p.interval(an.theta, an.ll, a, c, loLimit, hiLimit)
	if loOpen || hiOpen {
		c = float64(an.kappaOpen() * openBase)
		lo, hi, _, _ = an.p.interval(an.theta, an.ll, a, c, loLimit, hiLimit)
	}
	return float64(eloPerNat * lo), float64(eloPerNat * hi)
}

// los returns the likelihood that member r is stronger than member c:
// Φ(root/√κ), root the signed likelihood root of θr − θc at 0.
func (an *analysis) los(r, c int) float64 {
	a := make([]float64, an.k)
	a[r], a[c] = 1, -1
	kappa := an.kappa(a)
	if an.comp[r] != an.comp[c] {
		kappa = an.kappaOpen() // the difference is separated: open
	}
	return normalCDF(an.p.signedRoot(an.theta, an.ll, a, 0) / math.Sqrt(kappa))
}
