package results

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
)

// Moments accumulates exactly the count, the sum and the sum of squares of
// float64 values, so that the mean and the variance it reports are the
// correctly rounded values of the exact ones, whatever the order in which
// the values were added or merged. Plain float64 sums stop being exact
// once Σx² passes 2⁵³: 1000 scores alternating 10⁷ and 10⁷+1 have a
// variance of 0.25025, which (Σx² − Σx·mean)/(n−1) in float64 puts at
// −0.208.
//
// The sums are kept as fixed-point integers wide enough for every finite
// float64 and its square (a "superaccumulator"): Σx in units of 2⁻¹⁰⁷⁴, the
// smallest subnormal, and Σx² in units of 2⁻²¹⁴⁸, its square. Each is an
// array of 32-bit digits held in int64 limbs, so that a value is added
// digit by digit with no carry; the carries are propagated only when the
// count of unpropagated additions says a limb could come near overflow.
// A Moments is about 1.6 KB, all inline: copying one copies the sums.
//
// The zero value is empty and ready to use. A Moments is not safe for
// concurrent use; its methods that only read it (N, Mean, Variance) do not
// change it.
type Moments struct {
	n int
	// pending counts the additions of at most digitMask per limb since the
	// carries were last propagated: every limb but the top one is within
	// ±(pending+1)·digitMask, and pending never passes maxPending.
	pending int
	sum     [sumLimbs]int64 // Σx / 2⁻¹⁰⁷⁴, limb i weighing 2^(32i)
	sq      [sqLimbs]int64  // Σx² / 2⁻²¹⁴⁸, limb i weighing 2^(32i)
}

const (
	digitBits = 32
	digitMask = 1<<digitBits - 1

	// A finite float64 is mant·2^(exp−1075) with mant < 2⁵³ and exp the
	// biased exponent field, read as 1 for subnormals: mant·2^(exp−1) units
	// of 2⁻¹⁰⁷⁴. Its square is mant²·2^(2exp−2) units of 2⁻²¹⁴⁸, mant² < 2¹⁰⁶.
	sumScale = 1074
	sqScale  = 2 * sumScale

	// sumLimbs: the largest float64 lands in limbs 63..65 (off = 2045 =
	// 63·32 + 29, and 29+54 bits with the sign), and the top limb 66
	// takes the carries. It weighs 2^(32·66−1074) = 2¹⁰³⁸, so it stays
	// within ±2⁴⁹ for any sum of fewer than 2⁶³ values below 2¹⁰²⁴.
	sumLimbs = 67
	// sqLimbs: the largest square lands in limbs 127..131 (2·2045 =
	// 127·32 + 26, and 26+106 bits); the top limb 132 weighs 2^(32·132−2148) = 2²⁰⁷⁶ and
	// stays within ±2³⁵ for fewer than 2⁶³ squares below 2²⁰⁴⁸.
	sqLimbs = 133

	// maxPending bounds the unpropagated additions: a limb then stays within
	// (maxPending+1)·digitMask < 2⁶³, with room for the carry that
	// propagate adds to it.
	maxPending = 1 << 30
)

// The limb bound above must fit an int64: this constant is negative, and
// fails to compile, if it does not.
const _ uint64 = math.MaxInt64 - (maxPending+2)*digitMask

// Add adds x, which must be finite: callers check (a NaN or an infinity
// leaves the sums meaningless, though it does not panic). It does not
// allocate.
func (m *Moments) Add(x float64) { m.add(x, 1) }

// Remove takes back an x added before, exactly: the sums are then those of
// the values without it.
func (m *Moments) Remove(x float64) { m.add(x, -1) }

// add adds x (sign 1) or takes it back (sign −1).
func (m *Moments) add(x float64, sign int64) {
	if m.pending >= maxPending {
		m.propagate()
	}
	m.pending++
	m.n += int(sign)

	b := math.Float64bits(x)
	exp := b >> 52 & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0 {
		exp = 1 // subnormal: no implicit bit, same scale as exp = 1
	} else {
		mant |= 1 << 52
	}
	// x = mant·2^off units of 2⁻¹⁰⁷⁴, off ≤ 2046. The mask changes nothing
	// but lets the compiler drop the bounds checks of the limbs below.
	off := (exp - 1) & 2047

	// Σx: the signed mantissa (v^neg − neg is −v when neg is −1), shifted
	// into a 128-bit two's complement pair (hi, lo), added as two unsigned
	// digits and a signed one, hi: the arithmetic shift carries the sign.
	// The right shifts by 64 − sh are split as 1 and 63 − sh, shifts below
	// 64 that need no test for the case of 64 (sh = 0, where they leave
	// just the sign, or 0).
	neg := int64(b) >> 63
	sm := (int64(mant) ^ neg) - neg
	sh := off % digitBits
	lo := uint64(sm) << sh
	hi := sm >> 1 >> (63 - sh)
	s := (*[3]int64)(m.sum[off/digitBits:])
	s[0] += sign * int64(lo&digitMask)
	s[1] += sign * int64(lo>>digitBits)
	s[2] += sign * hi

	// Σx²: mant² exactly as 128 bits, shifted into three words, five digits.
	ph, pl := bits.Mul64(mant, mant)
	off2 := 2 * off
	sh2 := off2 % digitBits
	w0 := pl << sh2
	w1 := ph<<sh2 | pl>>1>>(63-sh2)
	w2 := ph >> 1 >> (63 - sh2)
	q := (*[5]int64)(m.sq[off2/digitBits:])
	q[0] += sign * int64(w0&digitMask)
	q[1] += sign * int64(w0>>digitBits)
	q[2] += sign * int64(w1&digitMask)
	q[3] += sign * int64(w1>>digitBits)
	q[4] += sign * int64(w2)
}

// Merge adds everything o holds to m, exactly: merging the moments of two
// halves of some values gives the same sums as adding all the values to one
// Moments. o is not changed (it may be m itself). It does not allocate.
func (m *Moments) Merge(o *Moments) {
	m.propagate()
	m.n += o.n
	for i := range m.sum {
		m.sum[i] += o.sum[i]
	}
	for i := range m.sq {
		m.sq[i] += o.sq[i]
	}
	// m's limbs were digits, o's within ±(o.pending+1)·digitMask.
	m.pending = o.pending + 1
	if m.pending > maxPending {
		m.propagate()
	}
}

// N returns the number of values added.
func (m *Moments) N() int { return m.n }

// Mean returns the exact mean rounded to the nearest float64, or 0 when no
// value was added. It never returns −0.
func (m *Moments) Mean() float64 {
	if m.n == 0 {
		return 0
	}
	s, _ := m.exact()
	den := new(big.Int).Lsh(big.NewInt(int64(m.n)), sumScale)
	f, _ := new(big.Rat).SetFrac(s, den).Float64()
	if f == 0 {
		return 0 // a tiny negative mean rounds to −0
	}
	return f
}

// Variance returns the sample variance, with an n−1 denominator: the exact
// rational (n·Σx² − (Σx)²) / (n(n−1)) of the exact sums, rounded once to
// the nearest float64. It is 0 when fewer than two values were added, and
// +Inf when the exact variance is beyond the float64 range, which values
// above about 10¹⁵⁴ in magnitude can reach.
func (m *Moments) Variance() float64 {
	if m.n < 2 {
		return 0
	}
	s, q := m.exact()
	n := big.NewInt(int64(m.n))
	// With Σx = s·2⁻¹⁰⁷⁴ and Σx² = q·2⁻²¹⁴⁸, both terms of the numerator
	// are in units of 2⁻²¹⁴⁸.
	num := new(big.Int).Mul(n, q)
	num.Sub(num, s.Mul(s, s))
	den := new(big.Int).Mul(n, big.NewInt(int64(m.n-1)))
	den.Lsh(den, sqScale)
	f, _ := new(big.Rat).SetFrac(num, den).Float64()
	return f
}

// exact returns the sums as integers: Σx = s·2⁻¹⁰⁷⁴ and Σx² = q·2⁻²¹⁴⁸.
// It works on copies, leaving m as it was.
func (m *Moments) exact() (s, q *big.Int) {
	sum, sq := m.sum, m.sq
	return limbsInt(sum[:]), limbsInt(sq[:])
}

// propagate carries every limb but the top one into the next, leaving
// digits in [0, digitMask] and the sign in the top limb.
func (m *Moments) propagate() {
	carryLimbs(m.sum[:])
	carryLimbs(m.sq[:])
	m.pending = 0
}

// carryLimbs is propagate for one array of limbs.
func carryLimbs(limbs []int64) {
	var carry int64
	last := len(limbs) - 1
	for i, v := range limbs[:last] {
		v += carry
		limbs[i] = v & digitMask
		carry = v >> digitBits // arithmetic: floor division
	}
	limbs[last] += carry
}

// limbsInt returns the integer the limbs hold; it overwrites them.
func limbsInt(limbs []int64) *big.Int {
	carryLimbs(limbs)
	last := len(limbs) - 1
	neg := limbs[last] < 0
	if neg {
		for i := range limbs {
			limbs[i] = -limbs[i]
		}
		carryLimbs(limbs) // digits again, and a positive top limb
	}
	buf := binary.BigEndian.AppendUint64(make([]byte, 0, 8+4*last), uint64(limbs[last]))
	for i := last - 1; i >= 0; i-- {
		buf = binary.BigEndian.AppendUint32(buf, uint32(limbs[i]))
	}
	x := new(big.Int).SetBytes(buf)
	if neg {
		x.Neg(x)
	}
	return x
}
