package results

import (
	"math"
	"slices"

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
	// grad2 and lap2 hold the derivatives at a point the line search tries
	grad2, lap2 []float64
	sys         []float64 // the KKT matrix, up to (k+2)²
	rhs         []float64
	next        []float64
	// cons holds m fixed constraints as rows (m×k), consT their values:
	// Cθ = consT. Each row sums to zero (a gap between bots).
	cons, consT []float64
	// scratch of the profile search
	work, inner, tan []float64
	// inf holds the factors of the bordered system at the last θ whose
	// influence was asked; pre those at the fit whose profile is being
	// taken, the preconditioner of a large group's Newton steps.
	inf, pre factors
	// scratch of the conjugate gradients
	cgX, cgR, cgZ, cgP, cgLP, cgY, cgBuf []float64
	// fits and steps count the fits and their Newton steps, for tests.
	fits, steps int
}

func newProblem(k int) *problem {
	m := k + 2
	return &problem{
		k: k, w: make([]float64, k*k), n: make([]float64, k*k),
		grad: make([]float64, k), lap: make([]float64, k*k), grad2: make([]float64, k), lap2: make([]float64, k*k),
		sys: make([]float64, m*m), rhs: make([]float64, m), next: make([]float64, k),
		work: make([]float64, k), inner: make([]float64, k), tan: make([]float64, k),
	}
}

// clone returns a problem of the same data (shared: it is read only) with
// buffers of its own, the factors it holds copied, for another goroutine.
func (p *problem) clone() *problem {
	c := newProblem(p.k)
	c.w, c.n, c.cons, c.consT = p.w, p.n, p.cons, p.consT
	c.sys, c.rhs = make([]float64, len(p.sys)), make([]float64, len(p.rhs))
	c.inf, c.pre = p.inf.clone(), p.pre.clone()
	return c
}

// clone returns a copy of f with buffers of its own.
func (f factors) clone() factors {
	return factors{m: f.m, s: slices.Clone(f.s), piv: slices.Clone(f.piv), at: slices.Clone(f.at), ok: f.ok, buf: slices.Clone(f.buf)}
}

// load sets the data: half[i*k+j] half wins of i over j, plus prior virtual
// draws (prior/2 wins each way) for every pair that met in the data.
func (p *problem) load(half []int64, prior float64) {
	k := p.k
	p.inf.at, p.pre.at = nil, nil
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
	p.inf.at, p.pre.at = nil, nil
	m := p.k + 2 + len(values)
	p.sys = make([]float64, m*m)
	p.rhs = make([]float64, m)
}

// fixed returns the number of fixed constraints.
func (p *problem) fixed() int { return len(p.consT) }

// sigmoid returns σ(x) = 1/(1+e^−x).
func sigmoid(x float64) float64 { return 1 / (1 + sim.Exp(-x)) }

// logLik returns ℓ(θ).
func (p *problem) logLik(theta []float64) float64 {
	return p.evaluate(theta, nil, nil)
}

// derivatives fills p.grad and p.lap at θ.
func (p *problem) derivatives(theta []float64) {
	p.evaluate(theta, p.grad, p.lap)
}

// evaluate returns ℓ(θ) and, unless grad is nil, puts the gradient in grad
// and the Laplacian L (minus the Hessian) in lap: each pair once, from one
// exponential e = exp(−|d|), d = θi − θj: ln σ(d) = min(d, 0) − ln(1 + e),
// ln σ(−d) = ln σ(d) − d, and σ(±d) as sigmoids gives them.
func (p *problem) evaluate(theta, grad, lap []float64) float64 {
	k, ll := p.k, 0.0
	if grad != nil {
		clear(grad)
		clear(lap)
	}
	for i := range k {
		for j := i + 1; j < k; j++ {
			n := p.n[i*k+j]
			if n == 0 {
				continue
			}
			wij, wji := p.w[i*k+j], p.w[j*k+i]
			d := theta[i] - theta[j]
			e := sim.Exp(-math.Abs(d))
			ls := -sim.Log1p(e)
			if d < 0 {
				ls = d + ls
			}
			ll += float64(wij*ls) + float64(wji*(ls-d))
			if grad == nil {
				continue
			}
			pij, pji := sigmoidPair(d, e)
			g := wij - float64(n*pij)
			grad[i] += g
			grad[j] -= g
			h := float64(n * float64(pij*pji))
			lap[i*k+i] += h
			lap[j*k+j] += h
			lap[i*k+j] -= h
			lap[j*k+i] -= h
		}
	}
	return ll
}

// sigmoidPair returns σ(d) and σ(−d) from e = exp(−|d|), each without
// cancellation.
func sigmoidPair(d, e float64) (float64, float64) {
	hi, lo := 1/(1+e), e/(1+e)
	if d < 0 {
		return lo, hi
	}
	return hi, lo
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
	// ℓ and its derivatives come together, at each point tried into spare
	// buffers that become the current ones when the point is taken.
	ll = p.evaluate(theta, p.grad, p.lap)
	stalls := 0 // steps in a row that did not raise the log-likelihood
	p.fits++
	for range profileMaxIter {
		p.steps++
		step := p.newtonStep(a)
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
			if l := p.evaluate(p.next, p.grad2, p.lap2); l >= ll-slack {
				p.grad, p.grad2 = p.grad2, p.grad
				p.lap, p.lap2 = p.lap2, p.lap
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
		slope = p.multiplier(a) // at θ: the derivatives of the last point taken
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
	s := p.bordered(p.sys[:m*m], a)
	r := p.rhs[:m]
	clear(r)
	copy(r, p.grad)
	if !solveDense(s, r, m) {
		return nil
	}
	return r[:k]
}

// bordered fills s (m×m, m = k+1+f, one more with a) with the Newton
// system's matrix at the last derivatives: [L 1 C' a; 1' 0 0 0; C 0 0 0;
// a' 0 0 0], and returns it.
func (p *problem) bordered(s, a []float64) []float64 {
	k, f := p.k, p.fixed()
	m := k + 1 + f
	if a != nil {
		m++
	}
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
	return s
}

// iterativeFrom is the size of group from which the profile's Newton
// steps are solved by preconditioned conjugate gradients rather than by
// elimination: each elimination costs k³/3, each iteration k², and the
// factors at the fit make a preconditioner close enough that a step takes
// a few iterations (the Hessian moves mostly in the rows of the bots the
// contrast is about). Below it, elimination is as fast and the intervals
// keep the exact bits they always had.
var iterativeFrom = 40 // a variable for the tests, which compare both ways

// cgTol is the conjugate gradients' stopping point: the preconditioned
// residual's squared norm down by this factor. cgMaxIter is a guard, past
// which the step is solved by elimination.
const (
	cgTol     = 1e-24
	cgMaxIter = 64
)

// newtonStep solves the Newton system at the last derivatives (see
// solveKKT): by conjugate gradients in a large group whose fit has been
// factored (p.pre), falling back on elimination.
func (p *problem) newtonStep(a []float64) []float64 {
	if p.k >= iterativeFrom && p.pre.ok && p.pre.m == p.k+1+p.fixed() {
		if step := p.conjugateStep(a); step != nil {
			return step
		}
	}
	return p.solveKKT(a)
}

// conjugateStep solves L·δ = g over the feasible directions (1'δ = 0,
// Cδ = 0, a'δ = 0 when a is not nil) by projected conjugate gradients
// (Gould, Hribar and Nocedal, 2001), preconditioned by the bordered system
// factored at the fit: each preconditioned residual solves that system with
// a's row added (a Schur complement on one more solve), so every iterate
// stays feasible. It returns nil when the iterations do not converge.
func (p *problem) conjugateStep(a []float64) []float64 {
	k := p.k
	if p.cgX == nil {
		p.cgX, p.cgR, p.cgZ = make([]float64, k), make([]float64, k), make([]float64, k)
		p.cgP, p.cgLP, p.cgY = make([]float64, k), make([]float64, k), make([]float64, k)
	}
	x, r, z, d, ld, y := p.cgX, p.cgR, p.cgZ, p.cgP, p.cgLP, p.cgY
	m, f := p.pre.m, p.fixed()
	if len(p.cgBuf) < 2*m {
		p.cgBuf = make([]float64, 2*m)
	}
	yFull, zFull := p.cgBuf[:m], p.cgBuf[m:2*m]
	ay := 0.0
	if a != nil {
		if ay = p.pre.influence(a, y); !(ay > 0) || math.IsInf(ay, 0) {
			return nil
		}
		copy(yFull, p.pre.buf[:m])
	}
	// precondition puts in dst the feasible solution of the bordered
	// system with a's row at res, and takes the constraints' part off res
	// (their multipliers), so that the residual does not drift along them.
	precondition := func(res, dst []float64) {
		p.pre.influence(res, dst)
		copy(zFull, p.pre.buf[:m])
		lambda := 0.0
		if a != nil {
			lambda = dot(a, dst) / ay
			for i := range dst {
				dst[i] -= float64(lambda * y[i])
			}
			for i := k; i < m; i++ {
				zFull[i] -= float64(lambda * yFull[i])
			}
		}
		for i := range k {
			v := zFull[k] + float64(lambda*aOr0(a, i))
			for c := range f {
				v += float64(zFull[k+1+c] * p.cons[c*k+i])
			}
			res[i] -= v
		}
	}
	clear(x)
	copy(r, p.grad)
	precondition(r, z)
	copy(d, z)
	rz := dot(r, z)
	if rz == 0 {
		return x
	}
	stop := float64(cgTol * rz)
	for range cgMaxIter {
		for i := range k {
			row := p.lap[i*k : (i+1)*k]
			ld[i] = dot(row, d)
		}
		dld := dot(d, ld)
		if !(dld > 0) {
			return nil
		}
		alpha := rz / dld
		for i := range k {
			x[i] += float64(alpha * d[i])
			r[i] -= float64(alpha * ld[i])
		}
		precondition(r, z)
		next := dot(r, z)
		if next <= stop {
			return x
		}
		beta := next / rz
		for i := range k {
			d[i] = z[i] + float64(beta*d[i])
		}
		rz = next
	}
	return nil
}

// aOr0 returns a[i], or 0 for a nil a.
func aOr0(a []float64, i int) float64 {
	if a == nil {
		return 0
	}
	return a[i]
}

// solveDense solves the m×m system s·x = r in place (x in r) by Gaussian
// elimination with partial pivoting; false when a pivot vanishes.
func solveDense(s, r []float64, m int) bool {
	piv := make([]int, m)
	if !factorDense(s, piv, m) {
		return false
	}
	solveFactored(s, piv, r, m)
	return true
}

// factorDense factors the m×m matrix s in place for solveFactored:
// Gaussian elimination with partial pivoting, each step's multipliers kept
// below the diagonal and its pivot row in piv; false when a pivot vanishes.
func factorDense(s []float64, piv []int, m int) bool {
	for c := range m {
		p := c
		for i := c + 1; i < m; i++ {
			if math.Abs(s[i*m+c]) > math.Abs(s[p*m+c]) {
				p = i
			}
		}
		if s[p*m+c] == 0 {
			return false
		}
		piv[c] = p
		if p != c {
			// Columns left of c hold the earlier steps' multipliers, which
			// stay with their positions: solveFactored replays the steps in
			// order.
			for j := c; j < m; j++ {
				s[c*m+j], s[p*m+j] = s[p*m+j], s[c*m+j]
			}
		}
		for i := c + 1; i < m; i++ {
			f := s[i*m+c] / s[c*m+c]
			s[i*m+c] = f
			if f == 0 {
				continue
			}
			for j := c + 1; j < m; j++ {
				s[i*m+j] -= float64(f * s[c*m+j])
			}
		}
	}
	return true
}

// solveFactored solves s·x = r in place (x in r) with the factors of
// factorDense: the same operations on r, in the same order, as eliminating
// s and r together.
func solveFactored(s []float64, piv []int, r []float64, m int) {
	for c := range m {
		if p := piv[c]; p != c {
			r[c], r[p] = r[p], r[c]
		}
		for i := c + 1; i < m; i++ {
			if f := s[i*m+c]; f != 0 {
				r[i] -= float64(f * r[c])
			}
		}
	}
	for c := m - 1; c >= 0; c-- {
		x := r[c]
		for j := c + 1; j < m; j++ {
			x -= float64(s[c*m+j] * r[j])
		}
		r[c] = x / s[c*m+c]
	}
}

// influence puts x = L⁺a in dst (Σx = 0) and returns a'x = a'L⁺a, the
// model variance of ψ = a'θ at θ. A score change g moves ψ by about x'g
// (one Newton step). With fixed constraints L⁺ is the constrained inverse
// (the top-left block of the bordered system's inverse), so Cx = 0. It
// returns +Inf when L is singular there. The bordered system's factors at
// θ are kept: the next influence at the same θ costs a solve, not a
// factorization, and the profile's fits precondition with them.
func (p *problem) influence(theta, a, dst []float64) float64 {
	if !p.factorAt(&p.inf, theta) {
		for i := range dst {
			dst[i] = math.NaN()
		}
		return math.Inf(1)
	}
	return p.inf.influence(a, dst)
}

// factors are the LU factors of the bordered system [L 1 C'; 1' 0 0;
// C 0 0] (m = k+1+f rows) at θ = at, ok when it was regular.
type factors struct {
	m   int
	s   []float64
	piv []int
	at  []float64
	ok  bool
	buf []float64
}

// factorAt puts in f the factors of the bordered system at θ, unless f
// holds them already (or p.inf does, which it copies); false when it is
// singular.
func (p *problem) factorAt(f *factors, theta []float64) bool {
	k, nf := p.k, p.fixed()
	m := k + 1 + nf
	if f.at != nil && slices.Equal(f.at, theta) {
		return f.ok
	}
	if len(f.s) < m*m {
		f.s, f.piv, f.buf = make([]float64, m*m), make([]int, m), make([]float64, m)
	}
	if f != &p.inf && p.inf.at != nil && slices.Equal(p.inf.at, theta) {
		copy(f.s, p.inf.s[:m*m])
		copy(f.piv, p.inf.piv[:m])
		f.at, f.ok, f.m = append(f.at[:0], theta...), p.inf.ok, m
		return f.ok
	}
	p.derivatives(theta)
	s := p.bordered(f.s[:m*m], nil)
	f.at, f.m = append(f.at[:0], theta...), m
	f.ok = factorDense(s, f.piv[:m], m)
	return f.ok
}

// influence puts L⁺a in dst (k) and returns a'L⁺a, L⁺ the factored
// system's constrained inverse.
func (f *factors) influence(a, dst []float64) float64 {
	m := f.m
	r := f.buf[:m]
	clear(r)
	copy(r, a)
	solveFactored(f.s[:m*m], f.piv[:m], r, m)
	copy(dst, r[:len(dst)])
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
// L⁺a/(a'L⁺a) (in a large group, the tangent at the fit), then corrected by
// constrained Newton: moved along a alone, a far start leaves Newton stuck
// where the sigmoids saturate. The search is Newton on r from the Wald end,
// s growing at most ×4 a step until a point past the end is known (or the
// cap is reached, which makes the side open), then kept inside the bracket,
// falling back on bisection. Where r is concave Newton closes in from inside
// without ever bracketing; the search used to force a bracket there, which
// cost about three times the fits (23 a bot in a 60-bot round robin, now 8).
func (p *problem) side(theta0 []float64, llHat float64, a []float64, c, dir, limit, vHat float64) (end float64, open bool) {
	psiHat := dot(a, theta0)
	capNats := float64(dir * (limit - psiHat))
	if capNats <= 0 {
		return math.Inf(int(dir)), true
	}
	target := math.Sqrt(c)
	copy(p.inner, theta0)
	large := p.k >= iterativeFrom && p.factorAt(&p.pre, theta0)
	eval := func(s float64) (r, drds float64) {
		copy(p.work, p.inner)
		v := p.tan
		var ax float64
		if large {
			ax = p.pre.influence(a, v) // the tangent at the fit: a start, no more
		} else {
			ax = p.influence(p.work, a, v)
		}
		if ax > 0 && !math.IsInf(ax, 0) {
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
	// Newton on r from the Wald end: where r is concave it closes in from
	// inside, where convex it overshoots once and closes in from outside;
	// until a point outside is known no step grows s more than 4 times,
	// and once one is, a guess out of the bracket is replaced by its middle.
	// A large group stops at r within 1e-6 of √c rather than 1e-9: the end
	// moves by about 1e-6 of its standard error (a hundred-thousandth of
	// an Elo), and the last fit, which only polished that, is saved.
	tol := 1e-9
	if large {
		tol = 1e-6
	}
	sLo, sHi := 0.0, math.NaN()
	s := min(max(math.Sqrt(c*vHat), 1e-6), capNats) // the Wald end: right for a quadratic profile
	for range 200 {
		r, drds := eval(s)
		if math.Abs(r-target) < tol {
			break
		}
		if r < target {
			if s >= capNats {
				return math.Inf(int(dir)), true
			}
			sLo = s
			copy(p.inner, p.work)
		} else {
			sHi = s
		}
		if sHi-sLo < 1e-10 {
			break
		}
		n := guess(s, r, drds)
		if math.IsNaN(sHi) {
			if !(n > s) || n > 4*s {
				n = 4 * s
			}
			n = min(n, capNats)
		} else if !(n > sLo && n < sHi) {
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
