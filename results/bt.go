package results

import (
	"math"
	"slices"

	"github.com/arenasim/arena/sim"
)

// Bradley–Terry maximum likelihood on aggregated pairwise results. The
// strengths are kept as natural logarithms θ = ln γ, centred on 0 in every
// component. The fit takes Newton steps on the log-likelihood, falling back
// on the MM step of Hunter (2004), "MM algorithms for generalized
// Bradley–Terry models", whenever a Newton step fails to raise it. MM alone
// always climbs but crawls when ratings are far apart: thousands of steps
// for 30 entrants spread over 3000 Elo, where Newton needs about ten.

const (
	// fitTolerance is the largest change of any θ (the relative change of
	// its strength) at which the fit stops: far below anything the Elo
	// output (0.1 Elo is 2.3e-4 in θ) can show.
	fitTolerance = 1e-10
	// fitMaxIter caps the steps. The prior keeps every problem strictly
	// concave, so the cap is a guard, not a working limit.
	fitMaxIter = 10_000
	// eloPerNat converts θ to Elo: 400·log10(γ) = 400/ln(10)·θ.
	eloPerNat = 400 / math.Ln10
)

// pairModel is the fixed structure of a rating problem: the entrants, which
// pairs met, and the connected groups of entrants that the data can compare.
type pairModel struct {
	k int
	// prior holds, per ordered pair (i*k+j), the virtual half wins of i over
	// j: one virtual draw (a half win each way) for every pair that met, so
	// that a 100 % score still gets a finite rating.
	prior []int64
	// comps lists the connected components of the "met" graph, each in
	// entrant order; entrants that met nobody belong to none.
	comps [][]int
	comp  []int // component index per entrant, -1 when it met nobody
}

// newPairModel builds the structure from the half wins of the data (twice
// the wins, a draw counting one for each side).
func newPairModel(k int, half []int64) *pairModel {
	m := &pairModel{k: k, prior: make([]int64, k*k), comp: make([]int, k)}
	for i := range m.comp {
		m.comp[i] = -1
	}
	for i := range k {
		for j := range k {
			if i != j && half[i*k+j]+half[j*k+i] > 0 {
				m.prior[i*k+j] = 1
			}
		}
	}
	// Components by depth-first search from each entrant in order, so their
	// numbering and member order are fixed.
	var stack []int
	for root := range k {
		if m.comp[root] >= 0 || !m.met(root) {
			continue
		}
		c := len(m.comps)
		m.comps = append(m.comps, nil)
		m.comp[root] = c
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			m.comps[c] = append(m.comps[c], i)
			for j := range k {
				if m.prior[i*k+j] > 0 && m.comp[j] < 0 {
					m.comp[j] = c
					stack = append(stack, j)
				}
			}
		}
	}
	for _, members := range m.comps {
		slices.Sort(members)
	}
	return m
}

// met reports whether entrant i met anybody.
func (m *pairModel) met(i int) bool {
	for j := range m.k {
		if m.prior[i*m.k+j] > 0 {
			return true
		}
	}
	return false
}

// rated returns the number of entrants that get a rating.
func (m *pairModel) rated() int {
	n := 0
	for _, c := range m.comps {
		n += len(c)
	}
	return n
}

// fitter solves one rating problem; its buffers are reused from fit to fit.
type fitter struct {
	m     *pairModel
	w     []float64 // wins of i over j at i*k+j, prior included
	games []float64 // games between i and j at i*k+j, prior included; symmetric
	wins  []float64 // total wins per entrant, prior included
	next  []float64 // a candidate θ
	step  []float64 // the Newton direction
	prob  []float64 // P(i beats j) at i*k+j for the current θ
	chol  []float64 // the Newton system of one component, factorised in place
}

func newFitter(m *pairModel) *fitter {
	k := m.k
	return &fitter{
		m:     m,
		w:     make([]float64, k*k),
		games: make([]float64, k*k),
		wins:  make([]float64, k),
		next:  make([]float64, k),
		step:  make([]float64, k),
		prob:  make([]float64, k*k),
		chol:  make([]float64, k*k),
	}
}

// load sets the problem from half wins per ordered pair, prior included.
// Sums of half wins are exact integers, so the inputs of the fit are exact.
func (f *fitter) load(half []int64) {
	k := f.m.k
	for i := range k {
		var w int64
		for j := range k {
			w += half[i*k+j]
			f.w[i*k+j] = float64(half[i*k+j]) / 2
			f.games[i*k+j] = float64(half[i*k+j]+half[j*k+i]) / 2
		}
		f.wins[i] = float64(w) / 2
	}
}

// fit moves theta (centred per component; all zeros is a fine start) to the
// maximum of the likelihood.
func (f *fitter) fit(theta []float64) {
	for range fitMaxIter {
		change, ok := f.newtonStep(theta)
		if !ok {
			change = f.mmStep(theta)
		}
		if change < fitTolerance {
			return
		}
	}
}

// newtonStep takes one Newton step on the log-likelihood, halving it until
// the likelihood does not fall, and returns the largest change of θ. It
// reports false, leaving theta alone, when it finds no such step.
func (f *fitter) newtonStep(theta []float64) (float64, bool) {
	k := f.m.k
	f.setProb(theta)
	before := f.logLik()
	clear(f.step)
	for _, members := range f.m.comps {
		if !f.solveComponent(members) {
			return 0, false
		}
	}
	// Rounding makes the log-likelihood of two nearly equal points noisy:
	// allow it to fall by much less than any step that matters would raise it.
	slack := float64(1e-12 * (1 + math.Abs(before)))
	for t := 1.0; t > 1e-6; t /= 2 {
		for i := range k {
			f.next[i] = theta[i] + float64(t*f.step[i])
		}
		f.setProb(f.next)
		if f.logLik() >= before-slack {
			return f.accept(theta), true
		}
	}
	return 0, false
}

// solveComponent puts the Newton direction of one component in f.step. The
// Hessian of the log-likelihood is minus a weighted graph Laplacian L, and
// the gradient g sums to zero; with the last member pinned, L·step = g has
// a positive definite matrix, solved by Cholesky. It reports false when
// rounding made a pivot non-positive.
func (f *fitter) solveComponent(members []int) bool {
	k, n := f.m.k, len(members)-1
	a := f.chol[:n*n]
	for r, i := range members[:n] {
		grad, diag := f.wins[i], 0.0
		for j := range k {
			if g := f.games[i*k+j]; g > 0 {
				p := f.prob[i*k+j]
				grad -= float64(g * p)
				diag += float64(g * float64(p*(1-p)))
			}
		}
		f.step[i] = grad
		for c, j := range members[:n] {
			if c == r {
				a[r*n+c] = diag
			} else {
				p := f.prob[i*k+j]
				a[r*n+c] = -float64(f.games[i*k+j] * float64(p*(1-p)))
			}
		}
	}
	// Cholesky factorisation a = U'U, U stored in the upper triangle.
	for r := range n {
		for c := r; c < n; c++ {
			sum := a[r*n+c]
			for q := range r {
				sum -= float64(a[q*n+r] * a[q*n+c])
			}
			if c == r {
				if !(sum > 0) {
					return false
				}
				a[r*n+r] = math.Sqrt(sum)
			} else {
				a[r*n+c] = sum / a[r*n+r]
			}
		}
	}
	// Forward then back substitution, in place in f.step.
	for r, i := range members[:n] {
		sum := f.step[i]
		for q := range r {
			sum -= float64(a[q*n+r] * f.step[members[q]])
		}
		f.step[i] = sum / a[r*n+r]
	}
	for r := n - 1; r >= 0; r-- {
		i := members[r]
		sum := f.step[i]
		for q := r + 1; q < n; q++ {
			sum -= float64(a[r*n+q] * f.step[members[q]])
		}
		f.step[i] = sum / a[r*n+r]
	}
	return true
}

// mmStep takes one MM step (Hunter 2004, eq. 3): γi ← Wi / Σj Nij/(γi+γj),
// all entrants from the same old strengths, and returns the largest change
// of θ. It always raises the likelihood.
func (f *fitter) mmStep(theta []float64) float64 {
	k := f.m.k
	for i := range k {
		f.step[i] = sim.Exp(theta[i]) // the old strengths γ
	}
	for _, members := range f.m.comps {
		for _, i := range members {
			den := 0.0
			for j := range k {
				if g := f.games[i*k+j]; g > 0 {
					den += g / (f.step[i] + f.step[j])
				}
			}
			f.next[i] = sim.Log(f.wins[i] / den)
		}
	}
	return f.accept(theta)
}

// accept centres f.next per component, copies it to theta, and returns the
// largest change.
func (f *fitter) accept(theta []float64) float64 {
	change := 0.0
	for _, members := range f.m.comps {
		mean := 0.0
		for _, i := range members {
			mean += f.next[i]
		}
		mean /= float64(len(members))
		for _, i := range members {
			v := f.next[i] - mean
			change = max(change, math.Abs(v-theta[i]))
			theta[i] = v
		}
	}
	return change
}

// setProb fills f.prob with P(i beats j) = γi/(γi+γj) for pairs that met.
func (f *fitter) setProb(theta []float64) {
	k := f.m.k
	for _, members := range f.m.comps {
		for _, i := range members {
			for j := range k {
				if f.games[i*k+j] > 0 {
					f.prob[i*k+j] = 1 / (1 + sim.Exp(theta[j]-theta[i]))
				}
			}
		}
	}
}

// logLik returns the log-likelihood Σ wij·ln P(i beats j) at the θ of the
// last setProb.
func (f *fitter) logLik() float64 {
	k := f.m.k
	ll := 0.0
	for _, members := range f.m.comps {
		for _, i := range members {
			for j := range k {
				if w := f.w[i*k+j]; w > 0 {
					ll += float64(w * sim.Log(f.prob[i*k+j]))
				}
			}
		}
	}
	return ll
}

// elo converts θ to anchored Elo in dst: θ is centred per component, so
// the mean of every component is 0 already; with an anchor (an entrant
// index, or -1), its component is shifted to put the anchor at 0. Entrants
// that met nobody get 0.
func (f *fitter) elo(theta []float64, anchor int, dst []float64) {
	clear(dst)
	shift := 0.0
	if anchor >= 0 && f.m.comp[anchor] >= 0 {
		shift = float64(eloPerNat * theta[anchor])
	}
	for c, members := range f.m.comps {
		for _, i := range members {
			dst[i] = float64(eloPerNat * theta[i])
			if anchor >= 0 && f.m.comp[anchor] == c {
				dst[i] -= shift
			}
		}
	}
}
