package results

import (
	"encoding/binary"
	"math"
	"sync"
)

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
//     orders of a seed, every pair playing the same boards. With x = L⁺a
//     (a'x is the model variance of ψ) and J the covariance of the data's
//     score at the fit over the bootstrap replicates, which resample whole
//     rounds (seedboot.go), κ_raw = x'Jx / a'x; the score is linear in the
//     tally, so no replicate is refitted. κ_raw runs low: the score of a
//     round is measured at a fit that the round itself pulled, and the part
//     it explains — the leverage h = Σr x'I_r L⁺ I_r x / a'x, I_r round r's
//     information — is missing, E[κ_raw] ≈ κ(1 − h). So κ = κ_raw + h =
//     (1 − h)·κ̂ + h·1 with κ̂ = κ_raw/(1 − h) unbiased: κ̂ pooled with a
//     pseudo-observation at κ = 1 (independence) of weight h. Where every
//     round weighs the same (a round robin, or as many bots as seats) h is
//     1/n for n rounds and κ = ((n−1)·κ̂ + 1)/n: n−1 degrees of freedom of
//     residuals and one pseudo-round, so that ten identical rounds do not
//     claim certainty. Where a bot sits out most rounds (more bots than
//     seats), the few rounds it plays carry ψ and h is larger;
//   - q = F(1, ν) at 95 % = t²(ν, 0.975): the small-sample correction, for κ
//     is estimated. ν = (Σr v_r)² / Σr v_r² (Satterthwaite), v_r = x'I_r x
//     the model variance round r brings to ψ: the number of rounds behind ψ
//     — n when every round weighs the same (n−1 degrees of freedom of
//     residuals and the pseudo-round's one), about the number of rounds a
//     bot plays when it sits out the others (never more than n).
//     Σr v_r² and Σr x'I_r L⁺ I_r x need each round's information, which the
//     tally does not keep, but the replicates do: replicate b's information
//     Σr w_rb·I_r, with Poisson weights of variance 1, has covariance
//     Σr I_r⊗I_r over the replicates, so v_b = x'I_b x has variance Σr v_r²
//     and y_b = I_b x covariance Σr (I_r x)(I_r x)'.
//
// With as many bots as seats, or in duels, ν = n and h = 1/n up to the
// bootstrap's Monte Carlo noise, as the method was first written. With more
// bots than seats, F(1, n) for all n rounds and κ pooled at 1/n made the
// intervals cover 90 % (3 seats, 6 bots, 30 matches) where κ_raw came from
// the 5 rounds a bot plays.
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
	boot    *seedBootstrap
	kAll    int // entrants in the whole tally
	half    []int64
	theta   []float64    // the ε-prior fit, nats, centred
	ll      float64      // its log-likelihood
	reg     []float64    // the point estimate (prior of one draw a pair), nats, centred
	j       []float64    // covariance of the replicate scores at theta, k×k
	pairs   [][2]int     // the pairs of members that met, as rows of the group
	games   []float64    // replicate b's games of pair p at b*len(pairs)+p
	lplus   []float64    // L⁺ at theta, k×k
	cache   *designCache // the design of each contrast asked for, shared by the analysis's copies
	scratch designScratch
	comp    []int   // strongly connected component of each member in the win graph
	sep     bool    // the win graph is not strongly connected: some result is separated
	kSep    float64 // comparisons per round across the separation, at least 1
	p       *problem
	seat    *seatModel // the likelihood with a first-seat edge, whose profile the intervals take; nil without
}

// designCache holds the designs of the contrasts asked for, by their bits,
// and the design effect of open ends once computed: the copies of one
// analysis that compute intervals at once share it. Every entry is the same
// whoever computes it first.
type designCache struct {
	mu      sync.Mutex
	designs map[string]design
	roots   map[[2]int]float64 // the signed root of θi − θj at 0, i < j (los)
	openMu  sync.Mutex
	kOpen   float64
}

// copyFor returns a copy of the analysis for another goroutine: its own
// buffers (problem, design scratch), the same data and the same cache.
func (an *analysis) copyFor() *analysis {
	c := *an
	c.scratch = designScratch{}
	c.p = an.p.clone()
	if an.seat != nil {
		s := *an.seat
		s.p, s.av = an.seat.p.clone(), make([]float64, len(an.seat.av))
		c.seat = &s
	}
	return &c
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

	an.boot, an.kAll = boot, kAll
	an.j = scoreCovariance(boot, kAll, members, an.theta)
	an.pairs, an.games = replicateGames(boot, kAll, members, an.half)
	an.lplus = an.p.pseudoInverse(an.theta)
	an.cache = &designCache{designs: map[string]design{}, roots: map[[2]int]float64{}}
	an.sep, an.kSep, an.comp = separation(an.half, k, an.n)
	return an
}

// scoreCovariance returns J, the covariance over the bootstrap replicates
// of the members' data score at theta, k×k.
func scoreCovariance(boot *seedBootstrap, kAll int, members []int, theta []float64) []float64 {
	k, reps := len(members), boot.reps
	sub := make([]int64, k*k)
	g := make([]float64, reps*k)
	mean := make([]float64, k)
	for b := range reps {
		subTally(boot.replicate(b), kAll, members, sub)
		gb := g[b*k : (b+1)*k]
		score(sub, k, theta, gb)
		for i, v := range gb {
			mean[i] += v
		}
	}
	for i := range mean {
		mean[i] /= float64(reps)
	}
	j := make([]float64, k*k)
	for b := range reps {
		gb := g[b*k : (b+1)*k]
		for r := range k {
			dr := gb[r] - mean[r]
			for c := range k {
				j[r*k+c] += float64(dr * (gb[c] - mean[c]))
			}
		}
	}
	for i := range j {
		j[i] /= float64(reps - 1)
	}
	return j
}

// constrain fixes gaps between members (several anchors): rows over the
// members and their values, as problem.constrain takes them. The fit, the
// design effects and every interval are then those of the constrained
// likelihood.
func (an *analysis) constrain(rows, values []float64) {
	an.p.constrain(rows, values)
	clear(an.theta)
	an.ll, _ = an.p.fit(an.theta, nil, 0, nil)
	// J: the replicates' scores at the new fit.
	an.j = scoreCovariance(an.boot, an.kAll, an.members, an.theta)
	an.lplus = an.p.pseudoInverse(an.theta)
	an.cache = &designCache{designs: map[string]design{}, roots: map[[2]int]float64{}}
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

// replicateGames returns the pairs of members that met in the data (rows
// of the group, r < c) and each replicate's games of each pair.
func replicateGames(boot *seedBootstrap, kAll int, members []int, half []int64) ([][2]int, []float64) {
	k := len(members)
	var pairs [][2]int
	for r := range k {
		for c := r + 1; c < k; c++ {
			if half[r*k+c]+half[c*k+r] > 0 {
				pairs = append(pairs, [2]int{r, c})
			}
		}
	}
	games := make([]float64, boot.reps*len(pairs))
	sub := make([]int64, k*k)
	for b := range boot.reps {
		subTally(boot.replicate(b), kAll, members, sub)
		row := games[b*len(pairs) : (b+1)*len(pairs)]
		for p, pr := range pairs {
			row[p] = float64(sub[pr[0]*k+pr[1]]+sub[pr[1]*k+pr[0]]) / 2
		}
	}
	return pairs, games
}

// design is what the data say about how a contrast ψ = a'θ varies.
type design struct {
	kappa float64 // the design effect κ = κ_raw + h
	lev   float64 // the leverage h
	df    float64 // ν, the degrees of freedom of κ
}

// q returns the threshold of the interval's likelihood ratio, F(1, ν) at
// 95 %, before the design effect.
func (d design) q() float64 {
	t := studentTQuantile(0.025, d.df)
	return float64(t * t)
}

// designScratch holds design's buffers.
type designScratch struct {
	x, w, ym, dy []float64
	vs, ys       []float64
}

// design returns the design effect of ψ = a'θ with its leverage and degrees
// of freedom (see the top of the file), once per contrast. Where the model
// variance cannot be computed (a singular information) it assumes
// independent rounds: κ = 1, h = 1/n, ν = n.
func (an *analysis) design(a []float64) design {
	// The design of −a is a's, to the bit (x = L⁺a only changes sign, and
	// every term is a product of two of its coordinates or a square): one
	// key for both, that of the contrast whose first non-zero is positive.
	sign := 1.0
	for _, v := range a {
		if v != 0 {
			if v < 0 {
				sign = -1
			}
			break
		}
	}
	key := make([]byte, 0, 8*len(a))
	for _, v := range a {
		key = binary.LittleEndian.AppendUint64(key, math.Float64bits(float64(sign*v)+0)) // +0: no −0 in a key
	}
	an.cache.mu.Lock()
	d, ok := an.cache.designs[string(key)]
	an.cache.mu.Unlock()
	if ok {
		return d
	}
	d = an.computeDesign(a)
	an.cache.mu.Lock()
	an.cache.designs[string(key)] = d
	an.cache.mu.Unlock()
	return d
}

func (an *analysis) computeDesign(a []float64) design {
	k, n := an.k, float64(an.n)
	independent := design{1, 1 / n, n}
	sc := &an.scratch
	if sc.x == nil {
		reps := len(an.games) / max(1, len(an.pairs))
		*sc = designScratch{x: make([]float64, k), w: make([]float64, len(an.pairs)), ym: make([]float64, k),
			dy: make([]float64, k), vs: make([]float64, reps), ys: make([]float64, reps*k)}
	}
	x := sc.x
	v := an.p.influence(an.theta, a, x)
	if !(v > 0) || math.IsInf(v, 0) {
		return independent
	}
	raw := 0.0
	for r := range k {
		for c := range k {
			raw += float64(x[r] * float64(an.j[r*k+c]*x[c]))
		}
	}
	raw /= v

	// Per game of pair p, its information along x: σ(1−σ)·(x_i − x_j).
	np := len(an.pairs)
	for p, pr := range an.pairs {
		s := sigmoid(an.theta[pr[0]] - an.theta[pr[1]])
		an.scratch.w[p] = float64(float64(s*(1-s)) * (x[pr[0]] - x[pr[1]]))
	}
	// Replicate b: y_b = I_b x and v_b = x'I_b x.
	reps := len(sc.vs)
	clear(sc.ys)
	clear(sc.ym)
	vMean := 0.0
	for b := range reps {
		g := an.games[b*np : (b+1)*np]
		y := sc.ys[b*k : (b+1)*k]
		vb := 0.0
		for p, pr := range an.pairs {
			t := float64(g[p] * sc.w[p])
			y[pr[0]] += t
			y[pr[1]] -= t
			vb += float64(t * (x[pr[0]] - x[pr[1]]))
		}
		sc.vs[b] = vb
		vMean += vb
		for i, yi := range y {
			sc.ym[i] += yi
		}
	}
	vMean /= float64(reps)
	for i := range sc.ym {
		sc.ym[i] /= float64(reps)
	}
	// Σr v_r² = Var(v_b); Σr x'I_r L⁺ I_r x = E[(y_b − ȳ)'L⁺(y_b − ȳ)].
	vVar, lev := 0.0, 0.0
	for b := range reps {
		dv := sc.vs[b] - vMean
		vVar += float64(dv * dv)
		y := sc.ys[b*k : (b+1)*k]
		for i := range k {
			sc.dy[i] = y[i] - sc.ym[i]
		}
		for r := range k {
			row := an.lplus[r*k : (r+1)*k]
			lr := 0.0
			for c := range k {
				lr += float64(row[c] * sc.dy[c])
			}
			lev += float64(sc.dy[r] * lr)
		}
	}
	vVar /= float64(reps - 1)
	lev /= float64(float64(reps-1) * v)
	d := design{df: n, lev: min(max(lev, 0), 1)}
	if vVar > 0 {
		d.df = min(n, max(1, float64(v*v)/vVar))
	}
	d.kappa = raw + d.lev
	if math.IsNaN(d.kappa) || math.IsInf(d.kappa, 0) {
		return independent
	}
	return d
}

// kappa returns the design effect of ψ = a'θ.
func (an *analysis) kappa(a []float64) float64 { return an.design(a).kappa }

// kappaOpen returns the design effect of the finite end of an open
// interval: the mean design effect of the contrasts within each strongly
// connected component of two members or more, plus 1/n, at least 1; with
// no such component, the comparisons per round across the separation (each
// round one observation).
func (an *analysis) kappaOpen() float64 {
	an.cache.openMu.Lock()
	defer an.cache.openMu.Unlock()
	if an.cache.kOpen > 0 {
		return an.cache.kOpen
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
		if d := an.design(a); !math.IsNaN(d.kappa) && !math.IsInf(d.kappa, 0) {
			sum += d.kappa - d.lev
			cnt++
		}
	}
	an.cache.kOpen = an.kSep
	if cnt > 0 {
		an.cache.kOpen = max(1, sum/float64(cnt)+1/float64(an.n))
	}
	return an.cache.kOpen
}

// interval returns the 95 % interval of ψ = a'θ in Elo, relative to the
// same contrast of the fit (the caller adds the anchoring); an open side is
// ±Inf.
func (an *analysis) interval(a []float64) (lo, hi float64) {
	at := dot(a, an.reg)
	loLimit, hiLimit := at-capElo/eloPerNat, at+capElo/eloPerNat
	d := an.design(a)
	c := float64(d.kappa * d.q())
	p, theta, ll, along := an.profile(a)
	lo, hi, loOpen, hiOpen := p.interval(theta, ll, along, c, loLimit, hiLimit)
	if loOpen || hiOpen {
		c = float64(an.kappaOpen() * openBase)
		lo, hi, _, _ = p.interval(theta, ll, along, c, loLimit, hiLimit)
	}
	return float64(eloPerNat * lo), float64(eloPerNat * hi)
}

// profile returns the likelihood whose profile the interval of ψ = a'θ
// takes, its fit and ψ's contrast there: the plain model's, or the one
// with a first-seat edge, over the virtual entrants.
func (an *analysis) profile(a []float64) (*problem, []float64, float64, []float64) {
	if an.seat == nil {
		return an.p, an.theta, an.ll, a
	}
	return an.seat.p, an.seat.theta, an.seat.ll, expandContrast(a, an.seat.av)
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
	return normalCDF(an.signedRoot(r, c) / math.Sqrt(kappa))
}

// signedRoot returns the signed likelihood root of θr − θc at 0, computed
// once a pair: that of θc − θr is its opposite, to the bit (the same
// constrained fit; only the sign test turns).
func (an *analysis) signedRoot(r, c int) float64 {
	lo, hi, sign := r, c, 1.0
	if lo > hi {
		lo, hi, sign = c, r, -1
	}
	an.cache.mu.Lock()
	root, ok := an.cache.roots[[2]int{lo, hi}]
	an.cache.mu.Unlock()
	if !ok {
		a := make([]float64, an.k)
		a[lo], a[hi] = 1, -1
		p, theta, ll, along := an.profile(a)
		root = p.signedRoot(theta, ll, along, 0)
		an.cache.mu.Lock()
		an.cache.roots[[2]int{lo, hi}] = root
		an.cache.mu.Unlock()
	}
	return sign * root
}
