package runner

import (
	"fmt"
	"slices"

	"github.com/arenasim/arena/sim"
)

// Plan is the list of matches of a tournament format: how many there are,
// and for any index its seed and seating. Every match can be computed on its
// own, without the ones before it, so that a shard or a resumed run plays
// exactly the matches it owns. Match must be safe for concurrent use.
type Plan interface {
	// Seats returns the number of seats of every match.
	Seats() int
	// Len returns the number of matches; a format that may stop early (a
	// sequential test) gives its cap.
	Len() int
	// Match returns match i, 0 ≤ i < Len(). seating is reused when large
	// enough.
	Match(i int, seating []int) Pairing
}

// Staged is a plan whose later matches depend on the records of earlier
// ones: a championship whose finals are drawn from the standings of its
// qualifying days. The runner asks Ready after every record it hands on and
// plays no match at or beyond the index it returns. The plan's judge sees
// those records first, so Ready(next) may read what the judge has learnt; it
// is called from the goroutine that hands the records on. Once Ready has
// returned n, Match(i) for i < n must not change and must be safe to call
// from any goroutine.
type Staged interface {
	Plan
	// Ready returns how many matches, from index 0, are planned now that
	// every owned match below next has been judged.
	Ready(next int) int
}

// Pairing is one scheduled match.
type Pairing struct {
	Index   int    // position in the plan, from 0
	Deal    int    // the round it belongs to; every match of a round has the same seed
	Seed    uint64 // sim.Derive(master, Deal)
	Seating []int  // Seating[k] is the entrant in seat k
}

// MaxMatches is the most matches a plan may hold: far more than any run
// needs, and small enough that no count overflows.
const MaxMatches = 1 << 40

// rounds is what every plan of this package shares: a run of rounds of
// perRound matches each, round r played on the seed Derive(master, r).
type rounds struct {
	master   uint64
	count    int      // rounds
	perRound int      // matches per round
	length   int      // matches; count*perRound unless the last round is cut short
	seeds    []uint64 // when set, round r is played on seeds[r] (see WithSeeds)
}

// newRounds checks the sizes and returns count rounds of perRound matches;
// games names what the user asked for in errors.
func newRounds(master uint64, count, perRound, games int) (rounds, error) {
	if count > MaxMatches/perRound {
		return rounds{}, fmt.Errorf("games: %d games make more than %d matches", games, MaxMatches)
	}
	return rounds{master: master, count: count, perRound: perRound, length: count * perRound}, nil
}

// Len returns the number of matches.
func (r rounds) Len() int { return r.length }

// pairing starts match i: its round, its position j in the round, and the
// seating slice sized to seats.
func (r rounds) pairing(i, seats int, seating []int) (p Pairing, j int) {
	round := i / r.perRound
	seed := sim.Derive(r.master, uint64(round))
	if r.seeds != nil {
		seed = r.seeds[round]
	}
	return Pairing{Index: i, Deal: round, Seed: seed, Seating: grow(seating, seats)}, i % r.perRound
}

// useSeeds makes the rounds those of the seeds, one round per seed.
func (r *rounds) useSeeds(seeds []uint64) {
	r.seeds = slices.Clone(seeds)
	r.count = len(seeds)
	r.length = r.count * r.perRound
}

// Seeds returns the seeds the rounds play when they were given (WithSeeds),
// nil when they derive from the master seed.
func (r rounds) Seeds() []uint64 { return slices.Clone(r.seeds) }

// MaxSeeds bounds a list of seeds.
const MaxSeeds = 1 << 24

// WithSeeds makes a format's plan play exactly the given seeds, as a chess
// runner plays an openings file: round r on seeds[r] instead of a seed
// derived from the master seed, one round per seed (every pair on each seed
// in both seat orders; in N-seat games, each rotation of the seats). The
// seatings stay the plan's. Formats whose judge depends on the number of
// games (a league, a sequential test) refuse.
func WithSeeds(f Format, seeds []uint64) error {
	switch f.(type) {
	case *Tournament, *Gauntlet:
	default:
		return fmt.Errorf("this format plays its own games; only tournaments and gauntlets take a list of seeds")
	}
	if len(seeds) == 0 || len(seeds) > MaxSeeds {
		return fmt.Errorf("want from 1 to %d seeds, got %d", MaxSeeds, len(seeds))
	}
	p, ok := f.Plan().(interface{ useSeeds([]uint64) })
	if !ok {
		return fmt.Errorf("this plan cannot take a list of seeds")
	}
	p.useSeeds(seeds)
	return nil
}

// checkGames refuses a game count below 1.
func checkGames(games int) error {
	if games < 1 {
		return fmt.Errorf("games: %d is not a positive number", games)
	}
	return nil
}

// ceilDiv returns a/b rounded up, for positive a and b, without overflow.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// circle returns the seeded order of n entrants in one block of rounds: the
// way rotations with more entrants than seats spread who meets whom.
func circle(master uint64, block, n int) []int { return seededOrder(master, block, n, blockStream) }

// seededOrder returns a random order of n entrants drawn from the given
// stream of the seed Derive(master, i).
func seededOrder(master uint64, i, n int, stream uint64) []int {
	order := make([]int, n)
	for k := range order {
		order[k] = k
	}
	rng := sim.NewRand(sim.Derive(master, uint64(i)), stream)
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	return order
}

// blockStream is the random stream the seating of blocks draws from; it is
// distinct from the engine's and the seats' streams.
const blockStream = 1 << 32

// RoundSize returns the matches per round: the matches that share a seed,
// which a shard keeps together.
func (r rounds) RoundSize() int { return r.perRound }

// MaxShards bounds the N of --shard K/N.
const MaxShards = 1 << 20

// SeedPlanned is a staged plan that knows how many of its matches, from
// index 0, follow from the master seed alone, whatever the records: a
// championship's days, but not its finals.
type SeedPlanned interface {
	Staged
	// FromSeed returns the number of matches planned from the seed alone.
	FromSeed() int
}

// ShardSpans returns the matches of shard k of n (1 ≤ k ≤ n) of the plan:
// the rounds from ⌊(k−1)·R/n⌋ to ⌊k·R/n⌋ of its R rounds, so that every
// match is in exactly one shard and the matches of a round (a seed's paired
// or rotated games) stay in the same one. Of a SeedPlanned plan the shards
// share only the matches planned from the seed alone: the rest needs the
// records of every shard, and is played by resuming the merged file.
func ShardSpans(plan Plan, k, n int) ([]Span, error) {
	rp, ok := plan.(interface{ RoundSize() int })
	if !ok {
		return nil, fmt.Errorf("this format cannot be sharded")
	}
	if n < 1 || n > MaxShards || k < 1 || k > n {
		return nil, fmt.Errorf("shard %d/%d: want K from 1 to N, N from 1 to %d", k, n, MaxShards)
	}
	per, length := rp.RoundSize(), plan.Len()
	if s, ok := plan.(SeedPlanned); ok {
		length = s.FromSeed()
	}
	count := ceilDiv(length, per)
	if n > count {
		return nil, fmt.Errorf("shard %d/%d: the run has only %d rounds to share", k, n, count)
	}
	from, to := (k-1)*count/n, k*count/n // count ≤ 2⁴⁰ and n ≤ 2²⁰: no overflow
	return []Span{{from * per, min(to*per, length)}}, nil
}

// Skip returns the spans without their first n matches: what a resumed run
// still owns once n records are in its file.
func Skip(spans []Span, n int) []Span {
	var out []Span
	for _, s := range spans {
		if size := s.End - s.Start; n >= size {
			n -= size
			continue
		}
		out = append(out, Span{s.Start + n, s.End})
		n = 0
	}
	if out == nil {
		out = []Span{}
	}
	return out
}

// StageSharded is a staged plan whose stages can each be shared out among
// shards: a knockout's (its stages are legs of every undecided tie) and a
// Swiss's (its rounds). A stage is planned from the records of the stages
// before it, so shard k of a stage starts from their merged file.
type StageSharded interface {
	Staged
	// Stages returns the stages planned so far and the first match of the
	// last of them.
	Stages() (count, start int)
	// StageUnit returns the matches a shard keeps together: a leg of a tie
	// (one seed, the seats swapped) or a table's rotation of its seats.
	StageUnit() int
}

// StageShard returns shard k of n (1 ≤ k ≤ n) of the stage the plan has
// planned last, the matches from start to end: its units, of StageUnit
// matches each, from ⌊(k−1)·U/n⌋ to ⌊k·U/n⌋ of the stage's U. A shard of a
// stage of fewer than n units may own none.
func StageShard(p StageSharded, k, n, end int) (Span, error) {
	if n < 1 || n > MaxShards || k < 1 || k > n {
		return Span{}, fmt.Errorf("shard %d/%d: want K from 1 to N, N from 1 to %d", k, n, MaxShards)
	}
	_, start := p.Stages()
	unit := p.StageUnit()
	count := (end - start) / unit
	from, to := (k-1)*count/n, k*count/n // count ≤ 2⁴⁰ and n ≤ 2²⁰: no overflow
	return Span{Start: start + from*unit, End: start + to*unit}, nil
}
