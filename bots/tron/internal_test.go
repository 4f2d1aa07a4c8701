package tron

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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
	f.resize(b)
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
// hugging filler should find it.
func TestFillerLargeRooms(t *testing.T) {
	for _, c := range []struct{ w, h, x, y int }{
		{10, 10, 5, 5}, {30, 20, 3, 17}, {100, 100, 50, 50}, {100, 100, 7, 70}, {21, 21, 10, 10}, {1, 40, 0, 0},
	} {
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
		w, h := 2+rng.IntN(15), 2+rng.IntN(15)
		b := &board{}
		b.resize(w, h, 2)
		for y := range h {
			for x := range w {
				if rng.IntN(100) < 30 {
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
