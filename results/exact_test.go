package results

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// reference holds what Moments should report for some values, computed
// independently with math/big: the sums as integers in Moments' units, and
// the variance from the deviations to the exact mean rather than from the
// sums.
type reference struct {
	n              int
	sum, sq        *big.Int // Σx·2¹⁰⁷⁴ and Σx²·2²¹⁴⁸
	mean, variance float64
}

func newReference(xs []float64) reference {
	n := len(xs)
	ints := make([]*big.Int, n)
	ref := reference{n: n, sum: new(big.Int), sq: new(big.Int)}
	for i, x := range xs {
		f := new(big.Float).SetFloat64(x)
		ints[i], _ = f.SetMantExp(f, sumScale).Int(nil) // exact: x is a multiple of 2⁻¹⁰⁷⁴
		ref.sum.Add(ref.sum, ints[i])
		ref.sq.Add(ref.sq, new(big.Int).Mul(ints[i], ints[i]))
	}
	if n > 0 {
		ref.mean, _ = new(big.Rat).SetFrac(ref.sum, new(big.Int).Lsh(big.NewInt(int64(n)), sumScale)).Float64()
		ref.mean += 0 // no −0
	}
	if n > 1 {
		// Σ(x − Σx/n)² / (n−1) = Σ(n·X − S)² / (n²(n−1)) · 2⁻²¹⁴⁸.
		dev := new(big.Int)
		sq := new(big.Int)
		nn := big.NewInt(int64(n))
		for _, x := range ints {
			d := new(big.Int).Mul(nn, x)
			d.Sub(d, ref.sum)
			sq.Add(sq, dev.Mul(d, d))
		}
		den := new(big.Int).Mul(nn, nn)
		den.Mul(den, big.NewInt(int64(n-1)))
		ref.variance, _ = new(big.Rat).SetFrac(sq, den.Lsh(den, sqScale)).Float64()
	}
	return ref
}

// requireMoments checks m against the reference: the exact sums, and the
// mean and the variance to the bit (so −0 differs from 0).
func requireMoments(t testing.TB, ref reference, m *Moments) {
	t.Helper()
	s, q := m.exact()
	require.Equal(t, ref.n, m.N(), "count")
	require.Zero(t, ref.sum.Cmp(s), "Σx·2¹⁰⁷⁴: got %v, want %v", s, ref.sum)
	require.Zero(t, ref.sq.Cmp(q), "Σx²·2²¹⁴⁸: got %v, want %v", q, ref.sq)
	require.Equal(t, math.Float64bits(ref.mean), math.Float64bits(m.Mean()), "mean: got %v, want %v", m.Mean(), ref.mean)
	require.Equal(t, math.Float64bits(ref.variance), math.Float64bits(m.Variance()), "variance: got %v, want %v", m.Variance(), ref.variance)
}

// requireLimbs checks the bound that keeps the limbs from overflowing:
// pending at most maxPending, every limb but the top ones within
// ±(pending+1)·digitMask.
func requireLimbs(t testing.TB, m *Moments) {
	t.Helper()
	if m.pending < 0 || m.pending > maxPending {
		t.Fatalf("pending %d outside 0..%d", m.pending, maxPending)
	}
	bound := int64(m.pending+1) * digitMask
	for _, limbs := range [][]int64{m.sum[:sumLimbs-1], m.sq[:sqLimbs-1]} {
		for i, l := range limbs {
			if l < -bound || l > bound {
				t.Fatalf("limb %d = %d beyond ±%d", i, l, bound)
			}
		}
	}
}

func addAll(xs []float64) *Moments {
	m := new(Moments)
	for _, x := range xs {
		m.Add(x)
	}
	return m
}

// wildValues returns n values of every magnitude and sign: random bit
// patterns, subnormals, the extremes, 1e±300, small integer scores and
// normal deviates scaled by 10^±20.
func wildValues(n int, seed uint64) []float64 {
	rng := rand.New(newPCG(seed))
	specials := []float64{
		0, math.Copysign(0, -1), 1e300, -1e300, 1e-300, -1e-300,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
		0x1p-1022, -0x1p-1022, 1e7, 1e7 + 1,
	}
	xs := make([]float64, n)
	for i := range xs {
		switch rng.IntN(6) {
		case 0: // any finite bit pattern
			for xs[i] = math.Inf(1); math.IsInf(xs[i], 0) || math.IsNaN(xs[i]); {
				xs[i] = math.Float64frombits(rng.Uint64())
			}
		case 1: // subnormal
			xs[i] = math.Float64frombits(rng.Uint64() & (1<<63 | 1<<52 - 1))
		case 2:
			xs[i] = specials[rng.IntN(len(specials))]
		case 3:
			xs[i] = float64(rng.IntN(21) - 10)
		default:
			xs[i] = float64(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(41)-20)))
		}
	}
	return xs
}

func TestMomentsTextbookVariance(t *testing.T) {
	// Scores 10⁷ and 10⁷+1, alternating: Σx² ≈ 10¹⁷ > 2⁵³, where float64
	// sums of squares lose the variance entirely. The deviations are all ±½,
	// so the variance is 1000·¼/999 = 250/999 = 0.250250…
	xs := make([]float64, 1000)
	for i := range xs {
		xs[i] = 1e7 + float64(i%2)
	}
	m := addAll(xs)
	want, _ := big.NewRat(250, 999).Float64()
	require.Equal(t, 1e7+0.5, m.Mean())
	require.Equal(t, want, m.Variance())
	requireMoments(t, newReference(xs), m)
}

func TestMomentsMatchesReference(t *testing.T) {
	negZero := math.Copysign(0, -1)
	tests := []struct {
		name string
		xs   []float64
		// mean and variance, when the case has a value known by hand;
		// NaN when only the reference says.
		mean, variance float64
	}{
		{"empty", nil, 0, 0},
		{"one value", []float64{-3.5}, -3.5, 0},
		{"zero", []float64{0}, 0, 0},
		{"negative zero", []float64{negZero}, 0, 0},
		{"negative zeros", []float64{negZero, negZero, negZero}, 0, 0},
		{"two values", []float64{1, 4}, 2.5, 4.5},
		{"scores", []float64{3, 0, 10, 7, 7, 1}, 14.0 / 3, math.NaN()},
		{"cancelling to zero", []float64{1e300, 1, -1e300, -1}, 0, math.NaN()},
		{"sum beyond float64", []float64{math.MaxFloat64, math.MaxFloat64, math.MaxFloat64}, math.MaxFloat64, 0},
		// ±2⁵¹¹ have a variance of 2·(2⁵¹¹)² = 2¹⁰²³; ±2⁵¹² of 2¹⁰²⁵, beyond float64.
		{"variance just inside float64", []float64{0x1p511, -0x1p511}, 0, 0x1p1023},
		{"variance beyond float64", []float64{0x1p512, -0x1p512}, 0, math.Inf(1)},
		{"variance far beyond float64", []float64{1e300, -1e300, 5}, 5.0 / 3, math.Inf(1)},
		{"subnormals", []float64{math.SmallestNonzeroFloat64, 3 * math.SmallestNonzeroFloat64}, 2 * math.SmallestNonzeroFloat64, 0},
		// The mean 2⁻¹⁰⁷⁵ is halfway between 0 and 2⁻¹⁰⁷⁴: it rounds to even,
		// 0; the variance, 2⁻²¹⁴⁹, is far below the smallest float64.
		{"subnormal half", []float64{math.SmallestNonzeroFloat64, 0}, 0, 0},
		// The exact mean −2⁻¹⁰⁷⁴/3 rounds to −0, reported as 0.
		{"tiny negative mean", []float64{-math.SmallestNonzeroFloat64, 0, 0}, 0, 0},
		{"normal and subnormal", []float64{0x1p-1022, 0x1p-1074, -0x1.8p-1050}, math.NaN(), math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := addAll(tt.xs)
			ref := newReference(tt.xs)
			if !math.IsNaN(tt.mean) {
				require.Equal(t, math.Float64bits(tt.mean), math.Float64bits(ref.mean), "the reference's mean")
			}
			if !math.IsNaN(tt.variance) {
				require.Equal(t, tt.variance, ref.variance, "the reference's variance")
			}
			requireMoments(t, ref, m)
		})
	}
}

func TestMomentsOrderIndependent(t *testing.T) {
	for _, tc := range []struct {
		name string
		xs   []float64
	}{
		{"wild", wildValues(10_000, 1)},
		// Without the extremes the variance stays finite, so that its bits,
		// not just +Inf, are compared.
		{"moderate", func() []float64 {
			xs := wildValues(20_000, 2)
			out := xs[:0]
			for _, x := range xs {
				if math.Abs(x) < 1e100 {
					out = append(out, x)
				}
			}
			return out[:10_000]
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref := newReference(tc.xs)
			if tc.name == "moderate" {
				require.False(t, math.IsInf(ref.variance, 0), "a finite variance to compare")
			}
			rng := rand.New(newPCG(3))
			xs := append([]float64(nil), tc.xs...)
			for range 4 {
				m := new(Moments)
				for _, x := range xs {
					m.Add(x)
					requireLimbs(t, m)
				}
				requireMoments(t, ref, m)
				rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			}
		})
	}
}

func TestMomentsMergeEqualsAdd(t *testing.T) {
	xs := wildValues(2000, 4)
	ref := newReference(xs)
	t.Run("two halves", func(t *testing.T) {
		for _, cut := range []int{0, 1, 999, 1000, 1999, 2000} {
			a, b := addAll(xs[:cut]), addAll(xs[cut:])
			a.Merge(b)
			requireLimbs(t, a)
			requireMoments(t, ref, a)
			requireMoments(t, newReference(xs[cut:]), b) // b is left as it was
		}
	})
	t.Run("many shards in any order", func(t *testing.T) {
		rng := rand.New(newPCG(5))
		shards := make([]*Moments, 0, 17)
		for lo := 0; lo < len(xs); lo += 123 {
			shards = append(shards, addAll(xs[lo:min(lo+123, len(xs))]))
		}
		rng.Shuffle(len(shards), func(i, j int) { shards[i], shards[j] = shards[j], shards[i] })
		var m Moments
		for _, s := range shards {
			m.Merge(s)
			requireLimbs(t, &m)
		}
		requireMoments(t, ref, &m)
	})
	t.Run("with itself", func(t *testing.T) {
		m := addAll(xs)
		m.Merge(m)
		requireMoments(t, newReference(append(append([]float64(nil), xs...), xs...)), m)
	})
}

// limbValue is the integer Σ limbs[i]·2^(32i), computed limb by limb.
func limbValue(limbs []int64) *big.Int {
	v := new(big.Int)
	for i, l := range limbs {
		v.Add(v, new(big.Int).Lsh(big.NewInt(l), uint(digitBits*i)))
	}
	return v
}

func TestMomentsCarriesAtTheLimit(t *testing.T) {
	// A Moments as full as its invariant allows: maxPending additions
	// pending, every limb at the bound, which is above 2⁶² so that two such
	// limbs overflow an int64 when added without propagating first.
	full := func() *Moments {
		m := &Moments{n: 7, pending: maxPending}
		bound := int64(maxPending+1) * digitMask
		for i := range m.sum {
			m.sum[i] = bound
		}
		for i := range m.sq {
			m.sq[i] = bound
		}
		m.sum[sumLimbs-1], m.sq[sqLimbs-1] = -5, 3 // the top limbs take any sign
		return m
	}
	x := -math.MaxFloat64
	xRef := newReference([]float64{x})
	value := func(m *Moments) (s, q *big.Int) { return limbValue(m.sum[:]), limbValue(m.sq[:]) }

	t.Run("add", func(t *testing.T) {
		m := full()
		s0, q0 := value(m)
		m.Add(x)
		requireLimbs(t, m)
		s, q := m.exact()
		require.Zero(t, s.Cmp(s0.Add(s0, xRef.sum)))
		require.Zero(t, q.Cmp(q0.Add(q0, xRef.sq)))
	})
	t.Run("merge", func(t *testing.T) {
		m, o := full(), full()
		s0, q0 := value(m)
		m.Merge(o)
		requireLimbs(t, m)
		s, q := m.exact()
		require.Zero(t, s.Cmp(s0.Lsh(s0, 1)))
		require.Zero(t, q.Cmp(q0.Lsh(q0, 1)))
		require.Equal(t, 14, m.N())
	})
}

func TestMomentsDoNotAllocate(t *testing.T) {
	m, o := new(Moments), addAll([]float64{1, -2, 3e200})
	x := 0.0
	require.Zero(t, testing.AllocsPerRun(100, func() { x += 1.25; m.Add(x) }), "Add")
	require.Zero(t, testing.AllocsPerRun(100, func() { m.Merge(o) }), "Merge")
}

func ExampleMoments() {
	var m Moments
	for i := range 1000 {
		m.Add(1e7 + float64(i%2))
	}
	fmt.Println(m.N(), m.Mean(), m.Variance())
	// Output: 1000 1.00000005e+07 0.2502502502502503
}

// BenchmarkMomentsAdd adds small integer scores, then values of every
// magnitude.
func BenchmarkMomentsAdd(b *testing.B) {
	scores := make([]float64, 1024)
	rng := rand.New(newPCG(6))
	for i := range scores {
		scores[i] = float64(rng.IntN(101))
	}
	for _, bc := range []struct {
		name string
		xs   []float64
	}{{"scores", scores}, {"wild", wildValues(1024, 7)}} {
		b.Run(bc.name, func(b *testing.B) {
			var m Moments
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				m.Add(bc.xs[i&1023])
				i++
			}
		})
	}
}

// BenchmarkMomentsVariance is the once-per-bot cost of Mean and Variance.
func BenchmarkMomentsVariance(b *testing.B) {
	m := addAll(wildValues(1000, 8))
	b.ReportAllocs()
	for b.Loop() {
		m.Mean()
		m.Variance()
	}
}
