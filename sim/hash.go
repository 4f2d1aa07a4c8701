package sim

// Hasher hashes a sequence of integers into 64 bits, for state hashes: each
// word is mixed into the running hash with the SplitMix64 finalizer, a
// bijection with full avalanche. It is defined here, rather than taken from
// hash/*, so that feeding a word costs a few instructions, allocates nothing
// and goes through no interface. The algorithm is part of every pinned
// hash: changing it changes them all.
type Hasher struct{ h uint64 }

// NewHasher returns an empty hasher.
func NewHasher() Hasher { return Hasher{golden} }

// Uint64 adds one word.
func (h *Hasher) Uint64(v uint64) { h.h = Mix(h.h^v) + golden }

// Byte adds one byte, as a word.
func (h *Hasher) Byte(b byte) { h.Uint64(uint64(b)) }

// Int adds v as a 64-bit integer.
func (h *Hasher) Int(v int) { h.Uint64(uint64(v)) }

// Bool adds v as one byte.
func (h *Hasher) Bool(v bool) {
	if v {
		h.Byte(1)
	} else {
		h.Byte(0)
	}
}

// String adds the length of s and its bytes.
func (h *Hasher) String(s string) {
	h.Int(len(s))
	for i := 0; i < len(s); i++ {
		h.Byte(s[i])
	}
}

// Sum returns the hash of everything added.
func (h *Hasher) Sum() uint64 { return h.h }
