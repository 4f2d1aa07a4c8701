package tron

import "math/bits"

// zobrist gives each cell of a board a fixed random key, so that a
// position — the cells taken and the two heads — hashes to the XOR of its
// cells' keys, updated by one XOR a move. The keys come from a fixed
// sequence, not from the match's random numbers: the same board always
// hashes the same way.
type zobrist struct {
	keys []uint64
}

// resize sizes z to a board of n cells.
func (z *zobrist) resize(n int) {
	if len(z.keys) == n {
		return
	}
	z.keys = grow(z.keys, n)
	x := uint64(0x9e3779b97f4a7c15)
	for i := range z.keys {
		// SplitMix64.
		x += 0x9e3779b97f4a7c15
		k := x
		k = (k ^ k>>30) * 0xbf58476d1ce4e5b9
		k = (k ^ k>>27) * 0x94d049bb133111eb
		z.keys[i] = k ^ k>>31
	}
}

// cell is the key of a taken cell.
func (z *zobrist) cell(i int32) uint64 { return z.keys[i] }

// head is the key of side's head (0 the searching player, 1 its opponent)
// at cell i: the cell's key turned, so that it differs from the cell's
// and the other side's.
func (z *zobrist) head(side int, i int32) uint64 {
	return bits.RotateLeft64(z.keys[i], 21+22*side)
}

// pending is the key of a move to cell i made but not yet answered: the
// position the opponent replies in.
func (z *zobrist) pending(i int32) uint64 { return bits.RotateLeft64(z.keys[i], 7) }

// ttBits sets the size of the transposition table: 1<<ttBits entries of
// 16 bytes, 1 MiB.
const ttBits = 16

// bound says what a stored score tells of a position's value: the value
// itself, or a bound the value is at least (lower) or at most (upper),
// when the search that found it was cut short by its window.
type bound uint8

const (
	noScore bound = iota // only the best move is known
	exact
	lower
	upper
)

// ttEntry remembers what the search found in a position: the position's
// key above the low 3 bits, which hold the best move (0-3) plus one (0:
// empty), and the score of a search depth turns deep, with its bound, and
// whether that score is final: no line of the search that found it ended
// in open play at its horizon (each was won, lost, drawn or sealed off
// before), so that searching deeper cannot change it.
type ttEntry struct {
	key   uint64
	score int32
	depth uint8
	bound bound
	final bool
}

// transpositions is the search's memory of the positions it searched,
// kept from move to move in a match: iterative deepening tries the best
// move of the last iteration first, and so does the next turn's search in
// the positions it shares with this one; a score searched at least as deep
// as asked, within the window, spares the search of the position again (a
// re-search of principal variation search, the next iteration's first
// turns, the last turn's search one turn on). A score depends on the
// position only — the evaluation reads nothing else — so it stays true
// from move to move. A collision of keys is checked against the whole key
// but for its 3 low bits: one in 2^61.
type transpositions struct {
	entries []ttEntry
}

// reset empties the table, allocating it the first time.
func (t *transpositions) reset() {
	if t.entries == nil {
		t.entries = make([]ttEntry, 1<<ttBits)
	}
	clear(t.entries)
}

// entry returns the slot of key and whether it holds key's position.
func (t *transpositions) entry(key uint64) (*ttEntry, bool) {
	e := &t.entries[key>>(64-ttBits)]
	return e, e.key != 0 && e.key&^7 == key&^7
}

// best returns the move stored for key, if any.
func (t *transpositions) best(key uint64) (dir uint8, ok bool) {
	e, ok := t.entry(key)
	if !ok {
		return 0, false
	}
	return uint8(e.key&7) - 1, true
}

// score returns the stored score of key's position at ply when it was
// searched at least depth turns deep and settles the window alpha..beta:
// an exact score, a lower bound at or above beta, an upper bound at or
// below alpha; and whether the score is final (see ttEntry).
func (t *transpositions) score(key uint64, depth, alpha, beta, ply int) (v int, final, ok bool) {
	e, ok := t.entry(key)
	if !ok || e.bound == noScore || int(e.depth) < depth && !e.final {
		return 0, false, false
	}
	v = fromStored(int(e.score), ply)
	switch {
	case e.bound == exact, e.bound == lower && v >= beta, e.bound == upper && v <= alpha:
		return v, e.final, true
	}
	return 0, false, false
}

// store remembers dir as the best move for key, and score, found at ply
// by a search depth turns deep, with its bound (noScore: none) and
// whether it is final.
func (t *transpositions) store(key uint64, dir uint8, score, depth, ply int, b bound, final bool) {
	t.entries[key>>(64-ttBits)] = ttEntry{key: key&^7 | uint64(dir+1), score: int32(toStored(score, ply)), depth: uint8(depth), bound: b, final: final}
}

// toStored turns a score found at ply into one that counts a won or lost
// game's plies from the position rather than from the root, so that it
// holds wherever the search meets the position again; fromStored turns it
// back at the ply it is met.
func toStored(score, ply int) int {
	switch {
	case score >= decided:
		return score + ply
	case score <= -decided:
		return score - ply
	}
	return score
}

func fromStored(score, ply int) int { return toStored(score, -ply) }
