package sim

import "math/rand/v2"

// golden is the SplitMix64 increment, 2^64 divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// SeedMask keeps derived seeds below 2^53, so that every seed survives a trip
// through JSON tools that read numbers as doubles (jq, JavaScript).
const SeedMask = 1<<53 - 1

// Mix is the SplitMix64 finalizer: a bijection on uint64 whose output bits
// each depend on every input bit.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Derive returns the seed of deal i of a run with the given master seed: the
// (i+1)-th output of a SplitMix64 generator started at master, cut to 53 bits.
func Derive(master, i uint64) uint64 {
	return Mix(master+(i+1)*golden) & SeedMask
}

// EngineStream is the stream number of the engine's random generator; seat k
// draws from stream k.
const EngineStream = ^uint64(0)

// Streams holds one seeded generator per random stream of a match: the
// engine's and one per seat. It is reused from match to match without
// allocating.
type Streams struct {
	engineSrc rand.PCG
	engine    *rand.Rand
	seatSrc   []rand.PCG
	seats     []*rand.Rand
}

// NewStreams returns streams for a match with the given number of seats.
func NewStreams(seats int) *Streams {
	st := &Streams{seatSrc: make([]rand.PCG, seats), seats: make([]*rand.Rand, seats)}
	st.engine = rand.New(&st.engineSrc)
	for k := range st.seatSrc {
		st.seats[k] = rand.New(&st.seatSrc[k])
	}
	return st
}

// Seed resets every stream for the match with the given seed.
func (st *Streams) Seed(seed uint64) {
	st.engineSrc.Seed(streamSeed(seed, EngineStream))
	for k := range st.seatSrc {
		st.seatSrc[k].Seed(streamSeed(seed, uint64(k)))
	}
}

// Engine returns the engine's generator.
func (st *Streams) Engine() *rand.Rand { return st.engine }

// Seat returns seat k's generator.
func (st *Streams) Seat(k int) *rand.Rand { return st.seats[k] }

// streamSeed returns the two PCG seed words of one stream of a match.
func streamSeed(seed, stream uint64) (uint64, uint64) {
	s := Mix(stream + golden)
	return Mix(seed ^ s), Mix(seed + s + golden)
}

// NewRand returns a generator for one stream of a match, for tests and tools
// that need a single stream outside a [Match].
func NewRand(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(streamSeed(seed, stream)))
}
