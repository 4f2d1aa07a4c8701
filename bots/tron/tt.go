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
// 8 bytes, 512 KiB.
const ttBits = 16

// ttEntry remembers the best move found in a position: the position's key
// above the low 3 bits, which hold the move (0-3) plus one (0: empty).
type ttEntry uint64

// transpositions is the search's memory of the best move of each position
// it searched, kept from move to move in a match: iterative deepening
// tries the best move of the last iteration first, and so does the next
// turn's search in the positions it shares with this one. It only orders
// moves, never cuts a search short, so a collision costs time, not
// correctness.
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

// best returns the move stored for key, if any.
func (t *transpositions) best(key uint64) (dir uint8, ok bool) {
	e := t.entries[key>>(64-ttBits)]
	if e == 0 || uint64(e)&^7 != key&^7 {
		return 0, false
	}
	return uint8(e&7) - 1, true
}

// store remembers dir as the best move for key.
func (t *transpositions) store(key uint64, dir uint8) {
	t.entries[key>>(64-ttBits)] = ttEntry(key&^7 | uint64(dir+1))
}
