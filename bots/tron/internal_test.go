package tron

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim/simtest"
)

// pictureBoard reads a board drawn row by row: '.' free, 'A' and 'B' the
// heads of seats 0 and 1, anything else a trail.
func pictureBoard(t testing.TB, picture string) (b *board) {
	t.Helper()
	rows := strings.Fields(picture)
	b = &board{}
	b.resize(len(rows[0]), len(rows), 2)
	for i := range b.heads {
		b.heads[i] = -1
	}
	for y, row := range rows {
		require.Len(t, row, b.width, "row %d", y)
		for x, c := range row {
			i := b.index(x, y)
			switch c {
			case '.':
				b.cells[i] = open
			case 'A', 'B':
				b.cells[i] = uint8(c-'A') + 1
				b.heads[c-'A'] = int32(i)
			default:
				b.cells[i] = 3
			}
		}
	}
	return b
}

// fillAll lets the filler play seat 0 until it is stuck and returns how
// many moves it made.
func fillAll(b *board) int {
	var f filler
	var terr territory
	var ch chambers
	f.terr, f.ch = &terr, &ch
	f.budget = fillShare * 1000 * defaultWork
	f.resize(b)
	ch.resize(len(b.cells))
	head := b.heads[0]
	for moves := 0; ; moves++ {
		t := head + b.step[f.move(b, head)]
		if b.cells[t] != open {
			return moves
		}
		b.cells[t], head = 1, t
	}
}

// TestFillerVisitsEveryCell gives the filler regions it can visit
// completely, or nearly: corridors that wind or fork (the longer branch
// must be taken), rooms with alcoves.
func TestFillerVisitsEveryCell(t *testing.T) {
	skipUnderRace(t)
	cases := []struct {
		name    string
		picture string
		least   int // the moves it must make at least
	}{
		{"corridor", `
			A....
			####.
			.....
			.####
			.....`, 16},
		{"fork", `
			##.##
			A....
			#.###
			#.###
			#...#`, 6},
		{"room", `
			.....
			.....
			..A..
			.....
			.....`, 24},
		{"spiral", `
			A......
			######.
			.....#.
			.###.#.
			.#...#.
			.#####.
			.......`, 30},
		{"room with an alcove", `
			##..###
			.......
			.......
			...A...
			.......
			.......
			###.###`, 35}, // the longest path misses two of its 37 cells
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.GreaterOrEqual(t, fillAll(pictureBoard(t, c.picture)), c.least)
		})
	}
}

// TestFillerLargeRooms fills empty rooms from various starts: a room has a
// path through every cell from anywhere its colours allow, and the wall
// hugging filler should find it. Each move weighs a chamber search of the
// room, so a 100×100 room takes seconds (a minute under the race
// detector): -short leaves those out.
func TestFillerLargeRooms(t *testing.T) {
	simtest.Clockless(t)
	for _, c := range []struct{ w, h, x, y int }{
		{10, 10, 5, 5}, {30, 20, 3, 17}, {100, 100, 50, 50}, {100, 100, 7, 70}, {21, 21, 10, 10}, {1, 40, 0, 0},
	} {
		if testing.Short() && c.w*c.h > 2000 {
			continue
		}
		b := &board{}
		b.resize(c.w, c.h, 2)
		for y := range c.h {
			for x := range c.w {
				b.cells[b.index(x, y)] = open
			}
		}
		b.heads[0] = int32(b.index(c.x, c.y))
		b.cells[b.heads[0]] = 1
		require.Equal(t, c.w*c.h-1, fillAll(b), "%dx%d from (%d,%d)", c.w, c.h, c.x, c.y)
	}
}

// TestFillerKeepsItsRegionWhole: a 40×40 game between strong and the
// previous strong split at turn 117 with strong (A) in a region of 667
// cells, the other (B) in one of 656. Walking by the ring test alone
// (take the snuggest move that keeps the cells around it whole), the fill
// came 227 moves later to a cell where both moves cut the region (117 or
// 322 of 441 cells left) and made 540 moves in all: the game was lost.
// Weighing every move by its chamber tree, the fill sees the cut one move
// ahead and outlasts the other region.
func TestFillerKeepsItsRegionWhole(t *testing.T) {
	b := pictureBoard(t, `
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		............##############..............
		.........#######.###...#######..........
		.........##..#o#.###...#######..........
		.........##.##o#############............
		.........####.o..######.................
		.........###..o.........................
		.........###..o.........................
		.........###..o.........................
		.........###..o..........ooooooo........
		.........###..o..........o.oooooo.......
		.........###..o..........o.oo...o.oooo..
		.........###..o..........o.oo...oooooooo
		.........###..o..........ooooooooooooooo
		......A..###..o..........oo.............
		.######..###..o..........oo.............
		.#########..ooo..........oo.............
		............ooooooooooooooo.............
		.oooooooooooooooooooooooooo.............
		.oo.....................................
		.oo.....................................
		oo......................................
		B.......................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................
		........................................`)
	require.GreaterOrEqual(t, fillAll(b), 656)
}

// TestRingComponents checks the ring table on drawn neighbourhoods: the
// cell in the middle is taken, and the groups are those of its free
// orthogonal neighbours.
func TestRingComponents(t *testing.T) {
	cases := []struct {
		picture string
		groups  uint8
	}{
		{"... ... ...", 1},
		{"### #.# ###", 0},
		{"#.# ... #.#", 4},
		{"#.# #.# #.#", 2},
		{".## ..# ###", 1},
		{"..# ... ###", 2},
		{".#. ... .#.", 2},
		{"... #.. ...", 1},
	}
	for _, c := range cases {
		b := pictureBoard(t, c.picture)
		var f filler
		f.resize(b)
		require.Equal(t, c.groups, f.groups(b, int32(b.index(1, 1))), c.picture)
	}
}

// TestTerritoryMatchesDistances compares the territory search with two
// plain breadth-first searches on random boards: a cell belongs to the seat
// strictly closer to it, is contested at equal distances, and the players
// touch when some cell is reachable by both.
func TestTerritoryMatchesDistances(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		b := randomBoard(rng, 2+rng.IntN(15), 2+rng.IntN(15), 30)
		var terr territory
		terr.load(b)
		for range 3 { // the searches reuse the marks of the ones before
			terr.run([]source{{cell: b.heads[0], seat: 0}, {cell: b.heads[1], seat: 1}})
		}
		d0, d1 := distances(b, b.heads[0]), distances(b, b.heads[1])
		var want [3]int32
		touched := false
		for i := range b.cells {
			switch {
			case d0[i] < 0 && d1[i] < 0:
			case d1[i] < 0 || d0[i] >= 0 && d0[i] < d1[i]:
				want[0]++
			case d0[i] < 0 || d1[i] < d0[i]:
				want[1]++
			default:
				want[2]++
			}
			touched = touched || d0[i] >= 0 && d1[i] >= 0
		}
		got := [3]int32{terr.owned(0), terr.owned(1), terr.owned(contested)}
		require.Equal(t, want, got, "round %d", round)
		require.Equal(t, touched, terr.touched, "round %d", round)
	}
}

// randomBoard returns a board of w×h cells, wall percent of them walls,
// with the heads of two players on free cells.
func randomBoard(rng *rand.Rand, w, h, wall int) *board {
	b := &board{}
	b.resize(w, h, 2)
	for y := range h {
		for x := range w {
			if rng.IntN(100) < wall {
				b.cells[b.index(x, y)] = 3
			} else {
				b.cells[b.index(x, y)] = open
			}
		}
	}
	for seat := range 2 {
		for {
			i := int32(b.index(rng.IntN(w), rng.IntN(h)))
			if b.cells[i] == open {
				b.cells[i], b.heads[seat] = uint8(seat+1), i
				break
			}
		}
	}
	return b
}

// TestEvaluatorWindow checks the evaluation's bounds on random boards, in
// open play and sealed: given a window, it returns the true score (the
// score of an unbounded window) when the score is inside, and otherwise a
// bound on the right side of the window that the true score does not
// pass, as fail-soft alpha-beta requires.
func TestEvaluatorWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	outside, inside, bounds := 0, 0, 0
	for round := range 300 {
		b := randomBoard(rng, 3+rng.IntN(14), 3+rng.IntN(14), 10+rng.IntN(30))
		e := evaluator{terr: &territory{room: int32(rng.IntN(3))}, sealed: 4, spare: []int{0, 3, 7}[round%3], chambers: 10_000}
		e.terr.load(b)
		e.ch.resize(len(b.cells))
		e.stand(nil)
		exact, _, _ := e.duel(b.heads[0], b.heads[1], -infinity, infinity)
		for range 20 {
			alpha := exact - 30 + rng.IntN(61)
			beta := alpha + 1 + rng.IntN(3)
			v, _, _ := e.duel(b.heads[0], b.heads[1], alpha, beta)
			switch {
			case exact >= beta:
				require.True(t, beta <= v && v <= exact, "round %d: score %d, window %d..%d, got %d", round, exact, alpha, beta, v)
			case exact <= alpha:
				require.True(t, exact <= v && v <= alpha, "round %d: score %d, window %d..%d, got %d", round, exact, alpha, beta, v)
			default:
				require.Equal(t, exact, v, "round %d: window %d..%d", round, alpha, beta)
			}
			inside += count(exact > alpha && exact < beta)
			outside += count(exact <= alpha || exact >= beta)
			bounds += count(v != exact)
		}
	}
	require.Positive(t, inside)
	require.Positive(t, bounds, "every score outside its window was exact: the test checks no bound")
	t.Logf("%d windows with the score inside, %d outside, %d bounds returned", inside, outside, bounds)
}

// distances returns the breadth-first distance from cell from to every
// free cell of b, -1 where it cannot go.
func distances(b *board, from int32) []int {
	d := make([]int, len(b.cells))
	for i := range d {
		d[i] = -1
	}
	queue := []int32{from}
	d[from] = 0
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, s := range b.step {
			if n := c + s; b.cells[n] == open && d[n] < 0 {
				d[n] = d[c] + 1
				queue = append(queue, n)
			}
		}
	}
	d[from] = -1 // the head itself is nobody's
	return d
}

// TestChambers checks the chamber tree's value of drawn regions, seat 0
// alone on the board: a path cannot come back out of a pocket, so only the
// best one off each chamber counts.
func TestChambers(t *testing.T) {
	cases := []struct {
		name         string
		picture      string
		moves, worth int32
	}{
		// Down the corridor (5 cells) beats right (2 cells, and one of
		// the two branches after it).
		{"fork", `
			##.##
			A....
			#.###
			#.###
			#...#`, 6, 17},
		// A room is one chamber: as many cells of each colour, and a
		// worth of 1 plus room (1) for each free neighbour.
		{"room", `
			.....
			.....
			..A..
			.....
			.....`, 24, 24 + 2*36},
		// Two rooms joined by a door: both count, the door too, every
		// cell of them on a path.
		{"two rooms", `
			A..#...
			...#...
			.......`, 18, 0},
		// A room with a dead end on each side: only one of them counts, and
		// the room's cells by colour, one more of the colour it is entered
		// by, 13 of them.
		{"dead ends", `
			#.#######
			#.#######
			#A......#
			#.......#
			#######.#
			#######.#`, 15, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := pictureBoard(t, c.picture)
			var terr territory
			terr.load(b)
			terr.room = 1
			var ch chambers
			ch.resize(len(b.cells))
			terr.run([]source{{cell: b.heads[0], seat: 0}})
			moves, _ := ch.usable(&terr, b.heads[0], 0, byMoves)
			require.Equal(t, c.moves, moves)
			if c.worth > 0 {
				worth, _ := ch.usable(&terr, b.heads[0], 0, byWorth)
				require.Equal(t, c.worth, worth)
			}
		})
	}
}

// TestTranspositions checks that the table returns the move stored for a
// key, nothing for a key never stored, and nothing for another key of the
// same slot.
func TestTranspositions(t *testing.T) {
	var tt transpositions
	tt.reset()
	var z zobrist
	z.resize(100)
	key := z.cell(3) ^ z.head(0, 4) ^ z.head(1, 5)
	_, ok := tt.best(key)
	require.False(t, ok)
	for dir := range uint8(4) {
		tt.store(key, dir, 0, 0, 0, noScore, false)
		got, ok := tt.best(key)
		require.True(t, ok)
		require.Equal(t, dir, got)
		_, _, ok = tt.score(key, 0, -infinity, infinity, 0)
		require.False(t, ok, "a move alone has no score")
	}
	// A score settles a search no deeper than its own, within its bound.
	for _, c := range []struct {
		b                  bound
		depth, alpha, beta int
		ok                 bool
	}{
		{exact, 3, -infinity, infinity, true},
		{exact, 4, -infinity, infinity, false},
		{lower, 3, 0, 50, true},
		{lower, 3, 0, 51, false},
		{upper, 2, 50, 60, true},
		{upper, 2, 49, 60, false},
	} {
		tt.store(key, 1, 50, 3, 0, c.b, false)
		v, final, ok := tt.score(key, c.depth, c.alpha, c.beta, 0)
		require.Equal(t, c.ok, ok, "%+v", c)
		require.False(t, final)
		if ok {
			require.Equal(t, 50, v)
		}
		// A final score settles a search of any depth, within its bound.
		tt.store(key, 1, 50, 3, 0, c.b, true)
		v, final, ok = tt.score(key, c.depth+10, c.alpha, c.beta, 0)
		require.Equal(t, c.ok || c.depth > 3, ok, "%+v, final", c)
		if ok {
			require.True(t, final)
			require.Equal(t, 50, v)
		}
	}
	// A won game found at ply 6, 2 plies below a position met at ply 4,
	// is 2 plies away wherever the position is met again.
	tt.store(key, 1, winScore-6, 3, 4, exact, false)
	v, _, ok := tt.score(key, 3, -infinity, infinity, 10)
	require.True(t, ok)
	require.Equal(t, winScore-12, v)
	tt.store(key, 1, -winScore+6, 3, 4, exact, false)
	v, _, _ = tt.score(key, 3, -infinity, infinity, 1)
	require.Equal(t, -winScore+3, v)
	other := key ^ 1<<8 // the same slot, another position
	_, ok = tt.best(other)
	require.False(t, ok)
	tt.reset()
	_, ok = tt.best(key)
	require.False(t, ok)
	require.NotEqual(t, z.head(0, 4), z.head(1, 4), "the two heads on one cell hash apart")
	require.NotEqual(t, z.cell(4), z.head(0, 4))
}

// TestFillerFindsLongestPath walls seat 0 into small random regions and
// checks that the filler makes as many moves as the longest path allows,
// found by trying every path.
func TestFillerFindsLongestPath(t *testing.T) {
	simtest.Clockless(t)
	skipUnderRace(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 200 {
		const w, h = 7, 6
		b := &board{}
		b.resize(w, h, 2)
		for y := range h {
			for x := range w {
				b.cells[b.index(x, y)] = open
				if rng.IntN(100) < 30 {
					b.cells[b.index(x, y)] = 3
				}
			}
		}
		head := int32(b.index(rng.IntN(w), rng.IntN(h)))
		b.cells[head], b.heads[0] = 1, head
		want := longestByHand(b, head)
		require.Equal(t, want, fillAll(b), "board %d", game)
	}
}

// longestByHand returns the moves of the longest path from head through
// the free cells of b, trying every one.
func longestByHand(b *board, head int32) int {
	best := 0
	for _, s := range b.step {
		if t := head + s; b.cells[t] == open {
			b.cells[t] = 1
			best = max(best, 1+longestByHand(b, t))
			b.cells[t] = open
		}
	}
	return best
}

// searchOf returns a strong player's duel search set up on the position of
// b, seat 0 against seat 1, as a move of the player sets it up.
func searchOf(b *board) *Strong {
	p := NewStrong(DefaultStrongConfig())
	p.board = *b
	p.eval.ch.resize(len(p.board.cells))
	p.terr.load(&p.board)
	p.duel.reset()
	return p
}

// TestSearchStopsWhenSettled gives the duel search positions it settles
// in a few turns, at a budget that would let it deepen for many more: a
// forced move (the other one walks into a dead end), a game lost whatever
// I do, and a position whose every line ends within the search (the
// board's free cells run out). Each search stops at the iteration that
// settles it, and plays the move that settles it.
func TestSearchStopsWhenSettled(t *testing.T) {
	for _, c := range []struct {
		name, picture string
		depth         int    // the deepest iteration it may complete
		move          string // the move it must play, if one is
	}{
		{"forced", `
			.#......
			A.......
			##......
			.......B`, 1, "x+"},
		{"lost", `
			.#.....
			A#.....
			.#.....
			##....B`, 1, ""},
		{"every line ends", `
			A..B
			....`, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := searchOf(pictureBoard(t, c.picture))
			k := p.duel.best(0, 1, nil, maxDepth, 1000*maxWork)
			require.LessOrEqual(t, p.duel.depth, c.depth, "the search deepened past what settles it")
			require.Positive(t, p.duel.depth)
			if c.move != "" {
				require.Equal(t, c.move, tron.Dirs[k].String())
			}
		})
	}
}

// TestSealedLeavesAreFinal: once a line seals the players off from each
// other, the table keeps its score as final, so that a deeper search
// stops there rather than search the sealed regions' moves. Here A stands
// under the only door to B's room: stepping aside seals it.
func TestSealedLeavesAreFinal(t *testing.T) {
	b := pictureBoard(t, `
		#B....#
		###.###
		...A...
		.......`)
	p := searchOf(b)
	p.duel.best(0, 1, nil, 1, 1000*maxWork) // sets the search up, one turn deep
	s := &p.duel
	aside, beside := b.heads[0]+b.step[0], b.heads[1]+b.step[0] // x+ each
	v := s.after(aside, beside, 1, -infinity, infinity, 0)
	s.heads = [2]int32{aside, beside}
	s.taken ^= s.z.cell(aside) ^ s.z.cell(beside)
	key := s.key()
	got, final, ok := s.tt.score(key, 20, -infinity, infinity, 2)
	require.True(t, ok, "a sealed position's score is not kept")
	require.True(t, final)
	require.Equal(t, v, got)
	// A deeper search of the position is the kept score, at no cost.
	p.terr.take(aside, 0)
	p.terr.take(beside, 1)
	work, open := s.work, s.open
	require.Equal(t, v, s.choose(6, -infinity, infinity, 2))
	require.Equal(t, work, s.work, "the sealed position was searched again")
	require.Equal(t, open, s.open, "a sealed position counted as a line in open play")
}
