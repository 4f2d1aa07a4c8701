package results

import (
	"math"

	"github.com/arenasim/arena/sim"
)

// The profile likelihood behind the 95 % intervals (see intervals.go).
//
// problem is the Bradley–Terry likelihood of one connected group of
// entrants, in natural-log strengths θ kept centred (Σθ = 0): P(i beats j) =
// σ(θi − θj), ℓ(θ) = Σ wij·ln σ(θi − θj), wij the wins of i over j (a draw
// is half a win each way) plus a prior. Every fit is Newton's method on the
// Lagrangian: with g the gradient and L the weighted graph Laplacian (minus
// the Hessian), a step δ solves the KKT system
//
//	[ L   1   a ] [δ]   [g]
//	[ 1'  0   0 ] [μ] = [0]
//	[ a'  0   0 ] [λ]   [0]
//
// (the a row only for a profile fit, the constraint a'θ = t), the iterate
// first projected onto {1'θ = 0, a'θ = t}, so that every step stays
// feasible; a halving line search keeps ℓ from falling. A problem may also
// hold fixed constraints Cθ = c (several anchors: the gaps between the
// anchored bots), which join the system as further rows beside 1 and a.
// The system is at most (k+2+m)², solved by Gaussian elimination with
// partial pivoting.
//
// For a contrast ψ = a'θ (Σa = 0), the profile log-likelihood pl(t) =
// max{ℓ(θ) : a'θ = t} is concave, so D(t) = 2(ℓ̂ − pl(t)) is convex with
// D(ψ̂) = 0, and an interval {t : D(t) ≤ c} has one end on each side, each
// the root of r(s) = √D(ψ̂ ± s) = √c. r is nearly linear (exactly, for a
// quadratic profile), so Newton on r takes 2 to 4 fits; dD/dt = −2λ comes
// free from the constrained fit (envelope theorem). A side where D stays
// below c out to the cap is open: the data cannot bound it (a clean sweep).

const (
	profileTol     = 1e-10 // a fit stops when no θ moves more than this (nats)
	profileMaxIter = 500   // a guard: separated fits take about 30 steps
	// profileStalls ends a fit whose log-likelihood has not risen for this
	// many steps in a row: far out on a separated ridge, Newton's steps
	// still move θ by more than profileTol, but only in the last bits of
	// the likelihood, which float64 cannot tell apart.
	profileStalls = 3
	// profileMaxStep caps every Newton step (nats, largest coordinate):
	// where the sigmoids saturate the Hessian nearly vanishes in some
	// direction and the raw Newton step is absurd.
	profileMaxStep = 4
)

// problem is one group's likelihood; its buffers are reused from fit to
// fit, so it is not safe for concurrent use.
type problem struct {
	k    int
	w    []float64 // w[i*k+j]: wins of i over j, prior included
	n    []float64 // n[i*k+j] = wij + wji
	grad []float64
	lap  []float64 // the Laplacian L, k×k
	sys  []float64 // the KKT matrix, up to (k+2)²
	rhs  []float64
	next []float64
	// cons holds m fixed constraints as rows (m×k), consT their values:
	// Cθ = consT. Each row sums to zero (a gap between bots).
	cons, consT []float64
	// scratch of the profile search
	work, inner, tan []float64
	// fits and steps count the fits and their Newton steps, for tests.
	fits, steps int
}

func newProblem(k int) *problem {
	m := k + 2
	return &problem{
		k: k, w: make([]float64, k*k), n: make([]float64, k*k),
		grad: make([]float64, k), lap: make([]float64, k*k),
		sys: make([]float64, m*m), rhs: make([]float64, m), next: make([]float64, k),
		work: make([]float64, k), inner: make([]float64, k), tan: make([]float64, k),
	}
}

// load sets the data: half[i*k+j] half wins of i over j, plus prior virtual
// draws (prior/2 wins each way) for every pair that met in the data.
func (p *problem) load(half []int64, prior float64) {
	k := p.k
	for i := range k {
		for j := range k {
			x := float64(float64(half[i*k+j]) / 2)
			if i != j && half[i*k+j]+half[j*k+i] > 0 {
				x += float64(prior / 2)
			}
			p.w[i*k+j] = x
		}
	}
	for i := range k {
		for j := range k {
			p.n[i*k+j] = p.w[i*k+j] + p.w[j*k+i]
		}
	}
}

// constrain sets the fixed constraints: rows of k coefficients, each
// summing to zero, and their values. The buffers grow to hold them.
func (p *problem) constrain(rows, values []float64) {
	p.cons, p.consT = rows, values
	m := p.k + 2 + len(values)
	p.sys = make([]float64, m*m)
	p.rhs = make([]float64, m)
}

// fixed returns the number of fixed constraints.
func (p *problem) fixed() int { return len(p.consT) }

// logSigmoid returns ln σ(x) without overflow or cancellation.
func logSigmoid(x float64) float64 {
	if x >= 0 {
		return -sim.Log1p(sim.Exp(-x))
	}
	return x - sim.Log1p(sim.Exp(x))
}

// sigmoid returns σ(x) = 1/(1+e^−x).
func sigmoid(x float64) float64 { return 1 / (1 + sim.Exp(-x)) }

// logLik returns ℓ(θ).
func (p *problem) logLik(theta []float64) float64 {
	k, ll := p.k, 0.0
	for i := range k {
		for j := range k {
			if w := p.w[i*k+j]; w > 0 {
				ll += float64(w * logSigmoid(theta[i]-theta[j]))
			}
		}
	}
	return ll
}

// derivatives fills p.grad and p.lap at θ.
func (p *problem) derivatives(theta []float64) {
	k := p.k
	clear(p.grad)
	clear(p.lap)
	for i := range k {
		for j := i + 1; j < k; j++ {
			n := p.n[i*k+j]
			if n == 0 {
				continue
			}
			d := theta[i] - theta[j]
			pij, pji := sigmoid(d), sigmoid(-d)
			g := p.w[i*k+j] - float64(n*pij)
			p.grad[i] += g
			p.grad[j] -= g
			h := float64(n * float64(pij*pji))
			p.lap[i*k+i] += h
			p.lap[j*k+j] += h
			p.lap[i*k+j] -= h
			p.lap[j*k+i] -= h
		}
	}
}

// project puts θ exactly on {Σθ = 0} and, when a is not nil, {a'θ = t}; a
// must sum to zero. With fixed constraints it puts θ on them too, by the
// least change: θ − R'(RR')⁻¹(Rθ − r) for the rows R of every constraint.
func (p *problem) project(theta, a []float64, t float64) {
	mean := 0.0
	for _, v := range theta {
		mean += v
	}
	mean /= float64(len(theta))
	for i := range theta {
		theta[i] -= mean
	}
	if p.fixed() == 0 {
		if a == nil {
			return
		}
		shift := (t - dot(a, theta)) / dot(a, a)
		for i := range theta {
			theta[i] += float64(shift * a[i])
		}
		return
	}
	// Every row sums to zero, so the mean stays 0.
	k, m := p.k, p.fixed()
	rows := slicesOf(p.cons, k)
	target := append([]float64(nil), p.consT...)
	if a != nil {
		rows, target = append(rows, a), append(target, t)
		m++
	}
	gram, miss := make([]float64, m*m), make([]float64, m)
	for r := range m {
		miss[r] = target[r] - dot(rows[r], theta)
		for c := range m {
			gram[r*m+c] = dot(rows[r], rows[c])
		}
	}
	if !solveDense(gram, miss, m) {
		return
	}
	for r := range m {
		for i := range theta {
			theta[i] += float64(miss[r] * rows[r][i])
		}
	}
}

// slicesOf cuts flat rows of k values apart.
func slicesOf(flat []float64, k int) [][]float64 {
	var rows [][]float64
	for i := 0; i+k <= len(flat); i += k {
		rows = append(rows, flat[i:i+k])
	}
	return rows
}

// dot returns x'y.
func dot(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		s += float64(x[i] * y[i])
	}
	return s
}

// fit maximises ℓ over centred θ, subject to a'θ = t when a is not nil,
// from theta, which it overwrites. theta is first moved to a'θ = t along v
// (a'v = 1, Σv = 0: the profile's tangent), or along a when v is nil. It
// returns the maximum and the profile's slope dℓ/dt = a'g/a'a there.
func (p *problem) fit(theta, a []float64, t float64, v []float64) (ll, slope float64) {
	k := p.k
	if v != nil {
		p.project(theta, nil, 0)
		d := t - dot(a, theta)
		for i := range theta {
			theta[i] += float64(d * v[i])
		}
	}
	p.project(theta, a, t)
	ll = p.logLik(theta)
	stalls := 0 // steps in a row that did not raise the log-likelihood
	p.fits++
	for range profileMaxIter {
		p.steps++
		p.derivatives(theta)
		step := p.solveKKT(a)
		if step == nil {
			break
		}
		big := 0.0
		for _, d := range step {
			big = max(big, math.Abs(d))
		}
		s0 := 1.0
		if big > profileMaxStep {
			s0 = profileMaxStep / big
		}
		slack := float64(1e-13 * (1 + math.Abs(ll)))
		moved := false
		for s := s0; s > float64(1e-12*s0); s /= 2 {
			for i := range k {
				p.next[i] = theta[i] + float64(s*step[i])
			}
			if l := p.logLik(p.next); l >= ll-slack {
				change := 0.0
				for i := range k {
					change = max(change, math.Abs(p.next[i]-theta[i]))
				}
				copy(theta, p.next)
				if l > ll {
					stalls = 0
				} else {
					stalls++
				}
				ll, moved = l, change >= profileTol && stalls < profileStalls
				break
			}
		}
		if !moved {
			break
		}
	}
	if a != nil {
		p.derivatives(theta)
		slope = p.multiplier(a)
	}
	return ll, slope
}

// multiplier returns the Lagrange multiplier of a'θ = t at the last
// derivatives: the gradient's part along a that the other constraints do
// not explain, dℓ/dt. Without fixed constraints it is a'g/a'a.
func (p *problem) multiplier(a []float64) float64 {
	if p.fixed() == 0 {
		return dot(a, p.grad) / dot(a, a)
	}
	k := p.k
	ones := make([]float64, k)
	for i := range ones {
		ones[i] = 1
	}
	rows := append(append([][]float64{ones}, slicesOf(p.cons, k)...), a)
	m := len(rows)
	gram, rhs := make([]float64, m*m), make([]float64, m)
	for r := range m {
		rhs[r] = dot(rows[r], p.grad)
		for c := range m {
			gram[r*m+c] = dot(rows[r], rows[c])
		}
	}
	if !solveDense(gram, rhs, m) {
		return dot(a, p.grad) / dot(a, a)
	}
	return rhs[m-1]
}

// solveKKT solves the Newton system at the last derivatives and returns δ
// (a view of p.rhs), or nil when it is singular.
func (p *problem) solveKKT(a []float64) []float64 {
	k, f := p.k, p.fixed()
	m := k + 1 + f
	if a != nil {
		m++
	}
	s := p.sys[:m*m]
	clear(s)
	for i := range k {
		copy(s[i*m:i*m+k], p.lap[i*k:(i+1)*k])
		s[i*m+k], s[k*m+i] = 1, 1
		for c := range f {
			s[i*m+k+1+c], s[(k+1+c)*m+i] = p.cons[c*k+i], p.cons[c*k+i]
		}
		if a != nil {
			s[i*m+k+1+f], s[(k+1+f)*m+i] = a[i], a[i]
		}
	}
	r := p.rhs[:m]
	clear(r)
	copy(r, p.grad)
	if !solveDense(s, r, m) {
		return nil
	}
	return r[:k]
}

// solveDense solves the m×m system s·x = r in place (x in r) by Gaussian
// elimination with partial pivoting; false when a pivot vanishes.
func solveDense(s, r []float64, m int) bool {
	for c := range m {
		piv := c
		for i := c + 1; i < m; i++ {
			if math.Abs(s[i*m+c]) > math.Abs(s[piv*m+c]) {
				piv = i
			}
		}
		if s[piv*m+c] == 0 {
			return false
		}
		if piv != c {
			for j := range m {
				s[c*m+j], s[piv*m+j] = s[piv*m+j], s[c*m+j]
			}
			r[c], r[piv] = r[piv], r[c]
		}
		for i := c + 1; i < m; i++ {
			f := s[i*m+c] / s[c*m+c]
			if f == 0 {
				continue
			}
			for j := c; j < m; j++ {
				s[i*m+j] -= float64(f * s[c*m+j])
			}
			r[i] -= float64(f * r[c])
		}
	}
	for c := m - 1; c >= 0; c-- {
		x := r[c]
		for j := c + 1; j < m; j++ {
			x -= float64(s[c*m+j] * r[j])
		}
		r[c] = x / s[c*m+c]
	}
	return true
}

// influence puts x = L⁺a in dst (Σx = 0) and returns a'x = a'L⁺a, the
// model variance of ψ = a'θ at θ. A score change g moves ψ by about x'g
// (one Newton step). With fixed constraints L⁺ is the constrained inverse
// (the top-left block of the bordered system's inverse), so Cx = 0. It
// returns +Inf when L is singular there.
func (p *problem) influence(theta, a, dst []float64) float64 {
	k, f := p.k, p.fixed()
	m := k + 1 + f
	p.derivatives(theta)
	s := p.sys[:m*m]
	clear(s)
	for i := range k {
		copy(s[i*m:i*m+k], p.lap[i*k:(i+1)*k])
		s[i*m+k], s[k*m+i] = 1, 1
		for c := range f {
			s[i*m+k+1+c], s[(k+1+c)*m+i] = p.cons[c*k+i], p.cons[c*k+i]
		}
	}
	r := p.rhs[:m]
	clear(r)
	copy(r, a)
	if !solveDense(s, r, m) {
		for i := range dst {
			dst[i] = math.NaN()
		}
		return math.Inf(1)
	}
	copy(dst, r[:k])
	return dot(a, dst)
}

// pseudoInverse returns L⁺ at θ, k×k (the constrained inverse with fixed
// constraints): column i is the influence of e_i (L⁺ annihilates the
// constant vector, so L⁺e_i = L⁺(e_i − 1/k)). A singular L gives NaN
// columns.
func (p *problem) pseudoInverse(theta []float64) []float64 {
	k := p.k
	out := make([]float64, k*k)
	e, col := make([]float64, k), make([]float64, k)
	for i := range k {
		clear(e)
		e[i] = 1
		p.influence(theta, e, col)
		for r := range k {
			out[r*k+i] = col[r]
		}
	}
	return out
}

// score puts in dst the gradient of the data log-likelihood of a tally at
// θ: dst_i = Σj (hij/2 − nij·σ(θi − θj)), nij = (hij + hji)/2. It is linear
// in the tally, so a bootstrap replicate's score needs no fit.
func score(half []int64, k int, theta, dst []float64) {
	clear(dst)
	for i := range k {
		for j := i + 1; j < k; j++ {
			hij, hji := half[i*k+j], half[j*k+i]
			if hij+hji == 0 {
				continue
			}
			g := float64(float64(hij)/2) - float64(float64(hij+hji)/2*sigmoid(theta[i]-theta[j]))
			dst[i] += g
			dst[j] -= g
		}
	}
}

// side returns the end of {t : D(t) ≤ c} on side dir (+1 upper, −1 lower),
// in nats, or open when D stays below c out to limit. theta0 is the
// maximum-likelihood fit, llHat its log-likelihood, vHat the model variance
// of ψ there (for a first guess). Where the data are separated the fit has
// run off towards infinity, past the limit: that side is open.
//
// Every fit is warm-started from the innermost point known to lie inside
// the interval, moved to the new t along the profile path's tangent
// L⁺a/(a'L⁺a), then corrected by constrained Newton: moved along a alone, a
// far start leaves Newton stuck where the sigmoids saturate. The search
// walks outward (Newton guesses on r, at most ×4 a step) until r ≥ √c,
// which brackets the end, or until the cap, which makes the side open; then
// it refines inside the bracket by Newton on r, falling back on bisection.
func (p *problem) side(theta0 []float64, llHat float64, a []float64, c, dir, limit, vHat float64) (end float64, open bool) {
	psiHat := dot(a, theta0)
	capNats := float64(dir * (limit - psiHat))
	if capNats <= 0 {
		return math.Inf(int(dir)), true
	}
	target := math.Sqrt(c)
	copy(p.inner, theta0)
	eval := func(s float64) (r, drds float64) {
		copy(p.work, p.inner)
		v := p.tan
		if ax := p.influence(p.work, a, v); ax > 0 && !math.IsInf(ax, 0) {
			for i := range v {
				v[i] /= ax
			}
		} else {
			v = nil
		}
		ll, slope := p.fit(p.work, a, psiHat+float64(dir*s), v)
		r = math.Sqrt(max(0, 2*(llHat-ll)))
		if r > 0 {
			drds = -dir * slope / r // d√D/ds = (dD/ds)/(2r), dD/ds = −2·dir·λ
		}
		return r, drds
	}
	guess := func(s, r, drds float64) float64 {
		if drds > 0 {
			return s + (target-r)/drds
		}
		return math.NaN()
	}
	sLo, sHi := 0.0, math.NaN()
	s := min(max(math.Sqrt(c*vHat), 1e-6), capNats) // the Wald end: right for a quadratic profile
	for {
		r, drds := eval(s)
		if math.Abs(r-target) < 1e-9 {
			return psiHat + float64(dir*s), false
		}
		if r >= target {
			sHi = s
			break
		}
		if s >= capNats {
			return math.Inf(int(dir)), true
		}
		sLo = s
		copy(p.inner, p.work)
		n := guess(s, r, drds)
		if !(n > s*1.01) || n > 4*s {
			n = 4 * s
		}
		s = min(n*1.000001, capNats) // a hair past the guess, to bracket
	}
	s = (sLo + sHi) / 2
	for range 200 {
		r, drds := eval(s)
		if math.Abs(r-target) < 1e-9 {
			break
		}
		if r < target {
			sLo = s
			copy(p.inner, p.work)
		} else {
			sHi = s
		}
		if sHi-sLo < 1e-10 {
			break
		}
		n := guess(s, r, drds)
		if !(n > sLo && n < sHi) {
			n = (sLo + sHi) / 2
		}
		s = n
	}
	return psiHat + float64(dir*s), false
}

// interval returns {t : 2(ℓ̂ − pl(t)) ≤ c} for ψ = a'θ in nats, a side
// open (±Inf) when it reaches past loLimit or hiLimit.
func (p *problem) interval(theta0 []float64, llHat float64, a []float64, c, loLimit, hiLimit float64) (lo, hi float64, loOpen, hiOpen bool) {
	v := p.influence(theta0, a, p.tan)
	lo, loOpen = p.side(theta0, llHat, a, c, -1, loLimit, v)
	hi, hiOpen = p.side(theta0, llHat, a, c, +1, hiLimit, v)
	return lo, hi, loOpen, hiOpen
}

// signedRoot returns sign(ψ̂ − t)·√(2(ℓ̂ − pl(t))): with the design effect
// κ, Φ(r(0)/√κ) is the likelihood that a difference is positive.
func (p *problem) signedRoot(theta0 []float64, llHat float64, a []float64, t float64) float64 {
	copy(p.work, theta0)
	ll, _ := p.fit(p.work, a, t, nil)
	r := math.Sqrt(max(0, 2*(llHat-ll)))
	if dot(a, theta0) < t {
		r = -r
	}
	return r
}
