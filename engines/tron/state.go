package tron

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/arenasim/arena/sim"
)

// The values of a grid cell: free, a wall around the board, or 1 + the
// seat whose trail holds the cell.
const (
	free = 0
	wall = 0xff
)

// State is a Tron match in progress. Its zero value is ready for Init.
//
// The grid has a border of walls around the board, so that the cell beyond
// any edge is a wall: a move needs no bounds check, only a look at its
// target. Cell (x, y) is at index (y+1)*stride + x+1, stride = width+2.
type State struct {
	width, height int
	stride        int
	step          [8]int32 // the change of grid index of each Dir, by its low three bits
	turn          int
	grid          []uint8   // (width+2)×(height+2) cells, row-major: free, wall or 1+seat
	trails        [][]int32 // per seat, grid indices from the start (tail) to the head
	eliminated    []int     // per seat, the turn it was eliminated in; 0 while alive
	alive         int       // seats still playing
	over          bool

	// Scratch space of Step, kept to avoid allocating.
	target []int32 // per seat, the grid index it moves to this turn
	dying  []bool  // per seat, eliminated this turn
}

// Init starts a match: an empty board and one trail of one cell per player,
// at the pinned starts or at random ones (rule sheet, "Board and players"),
// or at fair ones.
func (r *Rules) Init(s *State, rng *rand.Rand) {
	r.emptyBoard(s)
	var first Cell
	for seat := range r.Players {
		var c Cell
		switch {
		case !r.Fair:
			c = r.start(s, seat, rng)
		case seat == 0:
			first = r.fairStart(rng)
			c = first
		default:
			c = r.image(first, seat)
		}
		i := s.index(c.X, c.Y)
		s.trails[seat] = append(s.trails[seat][:0], int32(i))
		s.grid[i] = uint8(seat + 1)
	}
}

// emptyBoard sets s up for the rules: turn 0, an empty board, every player
// alive with an empty trail.
func (r *Rules) emptyBoard(s *State) {
	s.width, s.height, s.stride, s.turn, s.over = r.Width, r.Height, r.Width+2, 0, false
	for _, d := range Dirs {
		dx, dy := d.Delta()
		s.step[d] = int32(dy*s.stride + dx)
	}
	s.resetGrid()
	s.eliminated = grow(s.eliminated, r.Players)
	clear(s.eliminated)
	s.target = grow(s.target, r.Players)
	s.dying = grow(s.dying, r.Players)
	if cap(s.trails) < r.Players {
		s.trails = make([][]int32, r.Players)
	}
	s.trails = s.trails[:r.Players]
	for seat := range s.trails {
		s.trails[seat] = s.trails[seat][:0]
	}
	s.alive = r.Players
}

// resetGrid empties the board and walls its border.
func (s *State) resetGrid() {
	s.grid = grow(s.grid, s.stride*(s.height+2))
	clear(s.grid)
	last := len(s.grid) - s.stride
	for x := range s.stride {
		s.grid[x], s.grid[last+x] = wall, wall
	}
	for row := s.stride; row < last; row += s.stride {
		s.grid[row], s.grid[row+s.stride-1] = wall, wall
	}
}

// start returns seat's start cell: the pinned one, or a random cell with
// 1 ≤ x ≤ width-1 and 1 ≤ y ≤ height-1 not taken by an earlier seat, each
// such cell equally likely.
func (r *Rules) start(s *State, seat int, rng *rand.Rand) Cell {
	if r.Starts != nil {
		return r.Starts[seat]
	}
	// Candidate k is (1 + k%cols, 1 + k/cols). Draw among the candidates
	// left, then step over the taken ones below the draw, in order.
	cols := r.Width - 1
	var taken [MaxPlayers]int
	for i := range seat {
		x, y := s.cell(s.trails[i][0])
		taken[i] = (y-1)*cols + (x - 1)
	}
	slices.Sort(taken[:seat])
	k := rng.IntN(r.startCells() - seat)
	for _, t := range taken[:seat] {
		if t <= k {
			k++
		}
	}
	return Cell{1 + k%cols, 1 + k/cols}
}

// fairStart draws the first player's start of fair starts: uniformly among
// the cells random starts draw from, but the centre, which is its own
// image.
func (r *Rules) fairStart(rng *rand.Rand) Cell {
	cols := r.Width - 1
	k := rng.IntN(r.fairCells())
	if c, ok := r.centre(); ok && k >= (c.Y-1)*cols+(c.X-1) {
		k++ // step over the centre
	}
	return Cell{1 + k%cols, 1 + k/cols}
}

// image returns seat's start of fair starts, first being the first
// player's: its image through the centre for 2 players, turned by seat
// quarter turns for 4 (a square board).
func (r *Rules) image(first Cell, seat int) Cell {
	if r.Players == 2 {
		return Cell{r.Width - 1 - first.X, r.Height - 1 - first.Y}
	}
	c := first
	for range seat {
		c = Cell{r.Width - 1 - c.Y, c.X} // a quarter turn about the centre
	}
	return c
}

// index returns the grid index of (x, y), for -1 ≤ x ≤ width, -1 ≤ y ≤ height.
func (s *State) index(x, y int) int { return (y+1)*s.stride + x + 1 }

// cell returns the coordinates of a grid index.
func (s *State) cell(i int32) (x, y int) { return int(i)%s.stride - 1, int(i)/s.stride - 1 }

// Turn returns the number of turns played.
func (r *Rules) Turn(s *State) int { return s.turn }

// Done reports whether the match is over.
func (r *Rules) Done(s *State) bool { return s.over }

// ToAct appends every seat still alive: all of them move at once.
func (r *Rules) ToAct(s *State, dst []int) []int {
	for seat, t := range s.eliminated {
		if t == 0 {
			dst = append(dst, seat)
		}
	}
	return dst
}

// Outcome scores each seat by the turns it moved in and places seats by the
// turn they were eliminated in, later being better; survivors share first
// place (rule sheet, "End and outcome").
func (r *Rules) Outcome(s *State, out *sim.Outcome) {
	out.Reset(len(s.eliminated))
	var merit [MaxPlayers]int
	for seat, t := range s.eliminated {
		if t == 0 {
			out.Scores[seat] = float64(s.turn)
			merit[seat] = s.turn + 1
		} else {
			out.Scores[seat] = float64(t - 1)
			merit[seat] = t
		}
	}
	sim.RankPlaces(merit[:len(s.eliminated)], out.Places)
}

// Hash hashes the turn, the board size and every trail in order, each cell
// as y*width + x (not as a grid index, so that the hash does not depend on
// how the grid is laid out).
func (r *Rules) Hash(s *State) uint64 {
	h := sim.NewHasher()
	h.Int(s.turn)
	h.Int(s.width)
	h.Int(s.height)
	for seat, trail := range s.trails {
		h.Int(s.eliminated[seat])
		h.Int(len(trail))
		for _, c := range trail {
			x, y := s.cell(c)
			h.Int(y*s.width + x)
		}
	}
	return h.Sum()
}

// AppendState appends s as JSON:
// {"turn":…,"width":…,"height":…,"over":…,"players":[{"eliminated":…,"trail":[[x,y],…]}…]},
// each trail head first as in the original protocol, empty once eliminated.
func (r *Rules) AppendState(dst []byte, s *State) []byte {
	dst = append(dst, `{"turn":`...)
	dst = strconv.AppendInt(dst, int64(s.turn), 10)
	dst = append(dst, `,"width":`...)
	dst = strconv.AppendInt(dst, int64(s.width), 10)
	dst = append(dst, `,"height":`...)
	dst = strconv.AppendInt(dst, int64(s.height), 10)
	dst = append(dst, `,"over":`...)
	dst = strconv.AppendBool(dst, s.over)
	dst = append(dst, `,"players":[`...)
	for seat, trail := range s.trails {
		if seat > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"eliminated":`...)
		dst = strconv.AppendInt(dst, int64(s.eliminated[seat]), 10)
		dst = append(dst, `,"trail":`...)
		dst = s.appendTrail(dst, trail)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// appendTrail appends a trail as [[x,y],…], head first.
func (s *State) appendTrail(dst []byte, trail []int32) []byte {
	dst = append(dst, '[')
	for i := len(trail) - 1; i >= 0; i-- {
		x, y := s.cell(trail[i])
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(x), 10)
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(y), 10)
		dst = append(dst, ']')
		if i > 0 {
			dst = append(dst, ',')
		}
	}
	return append(dst, ']')
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
