package sim

// Hasher is a 64-bit FNV-1a hash over integers, for state hashes. It is
// defined here, rather than taken from hash/fnv, so that feeding an integer
// neither allocates nor goes through an interface.
type Hasher struct{ h uint64 }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// NewHasher returns an empty hasher.
func NewHasher() Hasher { return Hasher{fnvOffset} }

// Byte adds one byte.
func (h *Hasher) Byte(b byte) { h.h = (h.h ^ uint64(b)) * fnvPrime }

// Uint64 adds v as eight little-endian bytes.
func (h *Hasher) Uint64(v uint64) {
	for range 8 {
		h.Byte(byte(v))
		v >>= 8
	}
}

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
