package tron

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newRules configures Tron from a JSON object of parameter overrides.
func newRules(t testing.TB, overrides string) *Rules {
	t.Helper()
	r, _ := simtest.Rules(t, Params, New, simtest.ParamsJSON(t, overrides))
	return r
}

// newGame starts a match of r with no randomness needed (pinned starts).
func newGame(t testing.TB, r *Rules) *State {
	t.Helper()
	s := &State{}
	r.Init(s, sim.NewRand(1, sim.EngineStream))
	return s
}

// turn plays one turn; moves holds one direction per seat separated by
// spaces, "-" for no answer.
func turn(t testing.TB, r *Rules, s *State, moves string) []sim.Fault {
	t.Helper()
	fields := strings.Fields(moves)
	require.Len(t, fields, r.Players)
	acts := make([]Dir, r.Players)
	for i, f := range fields {
		if f == "-" {
			continue
		}
		d, err := ParseDir(f)
		require.NoError(t, err)
		acts[i] = d
	}
	var log sim.FaultLog
	log.Begin(s.turn + 1)
	r.Step(s, acts, nil, &log)
	checkInvariants(t, s)
	return log.Faults()
}

// checkInvariants verifies that the grid is exactly the union of the
// trails, that trails never overlap, and that eliminated players have none.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	for i, v := range s.grid {
		x, y := s.cell(int32(i))
		onBoard := x >= 0 && x < s.width && y >= 0 && y < s.height
		require.Equal(t, !onBoard, v == wall, "cell (%d,%d) is a wall if and only if it is off the board", x, y)
	}
	owned := 0
	for seat, trail := range s.trails {
		if s.eliminated[seat] != 0 {
			require.Empty(t, trail, "seat %d is eliminated but has a trail", seat)
		}
		for _, c := range trail {
			require.Equal(t, uint8(seat+1), s.grid[c], "cell %d of seat %d's trail", c, seat)
		}
		owned += len(trail)
	}
	used := 0
	for _, v := range s.grid {
		if v != free && v != wall {
			used++
		}
	}
	require.Equal(t, owned, used, "grid cells in use vs trail cells: a trail overlaps another or the grid has stray cells")
}

func head(s *State, seat int) Cell {
	var v View
	(&Rules{}).Observe(s, seat, &v)
	x, y, _ := v.Head(seat)
	return Cell{x, y}
}

func outcome(r *Rules, s *State) sim.Outcome {
	var out sim.Outcome
	r.Outcome(s, &out)
	return out
}

func TestMovesAreSimultaneousAndExtendTrails(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[1,1],[3,3]]}`)
	s := newGame(t, r)
	turn(t, r, s, "x+ y-")
	require.Equal(t, Cell{2, 1}, head(s, 0))
	require.Equal(t, Cell{3, 2}, head(s, 1))
	require.Len(t, s.trails[0], 2)
	require.Equal(t, 1, r.Turn(s))
	require.False(t, r.Done(s))
}

func TestEdgesAreWalls(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start string
		move  string
	}{
		{"x- off the left edge", "[0,2]", "x-"},
		{"x+ off the right edge", "[4,2]", "x+"},
		{"y- off the top edge", "[2,0]", "y-"},
		{"y+ off the bottom edge", "[2,4]", "y+"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, `{"width":5,"height":5,"starts":[`+tc.start+`,[1,1]]}`)
			s := newGame(t, r)
			faults := turn(t, r, s, tc.move+" y+")
			require.Empty(t, faults, "a move into a wall is a legal, losing move")
			require.Equal(t, 1, s.eliminated[0])
			require.Equal(t, 0, s.eliminated[1])
			require.True(t, r.Done(s))
		})
	}
}

func TestMovingIntoATrailEliminates(t *testing.T) {
	r := newRules(t, `{"width":6,"height":6,"starts":[[1,1],[3,1]]}`)
	s := newGame(t, r)
	turn(t, r, s, "y+ y+") // 0: (1,2); 1: (3,2)
	turn(t, r, s, "x+ y+") // 0: (2,2); 1: (3,3)
	turn(t, r, s, "y- y-") // 0 to (2,1): free; 1 to (3,2): its own trail
	require.Equal(t, 0, s.eliminated[0])
	require.Equal(t, 3, s.eliminated[1], "moving into its own trail eliminates")

	r = newRules(t, `{"width":6,"height":6,"starts":[[1,1],[3,1]]}`)
	s = newGame(t, r)
	turn(t, r, s, "x+ y+") // 0: (2,1); 1: (3,2)
	turn(t, r, s, "y+ x-") // 0: (2,2); 1 to (2,2) as well: both die
	require.Equal(t, []int{2, 2}, s.eliminated)
	r = newRules(t, `{"width":6,"height":6,"starts":[[1,1],[3,1]]}`)
	s = newGame(t, r)
	turn(t, r, s, "x+ y+") // 0: (2,1); 1: (3,2)
	turn(t, r, s, "y+ y+") // 0: (2,2); 1: (3,3)
	turn(t, r, s, "x+ y-") // 0 to (3,2): 1's trail
	require.Equal(t, 3, s.eliminated[0], "moving into another player's trail eliminates")
	require.Equal(t, 3, s.eliminated[1], "and 1 moved into its own trail")
}

func TestSnapshotKeepsCellsFreedThisTurnDeadly(t *testing.T) {
	// Seat 0 leaves the board in turn 2; in the same turn seat 1 moves
	// into seat 0's trail, which is still in the snapshot.
	r := newRules(t, `{"width":5,"height":5,"starts":[[2,1],[3,2],[4,4]],"players":3}`)
	s := newGame(t, r)
	turn(t, r, s, "y- x- x-") // 0: (2,0); 1: (2,2); 2: (3,4)
	// Turn 2: 0 leaves the board and dies; 1 moves to (2,1), 0's trail,
	// which is still deadly this turn; 2 keeps moving.
	turn(t, r, s, "y- y- x-")
	require.Equal(t, []int{2, 2, 0}, s.eliminated, "a cell freed this turn is still deadly this turn")
	require.Equal(t, uint8(free), s.grid[s.index(2, 1)], "the trail is erased at the end of the turn")
}

func TestTrailsOfEliminatedPlayersAreErasedForNextTurn(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[2,1],[1,3],[4,4]],"players":3}`)
	s := newGame(t, r)
	turn(t, r, s, "y- x+ x-") // 0: (2,0); 1: (2,3); 2: (3,4)
	turn(t, r, s, "y- y- y-") // 0 dies, trail (2,1),(2,0) erased; 1: (2,2); 2: (3,3)
	require.Equal(t, 2, s.eliminated[0])
	require.Empty(t, s.trails[0])
	turn(t, r, s, "- y- y-") // 1 enters (2,1), 0's old trail: now free
	require.Equal(t, 0, s.eliminated[1], "a freed cell can be entered from the next turn on")
	require.Equal(t, Cell{2, 1}, head(s, 1))
}

func TestSameTargetEliminatesTheWholeGroup(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[1,2],[3,2],[2,4]],"players":3}`)
	s := newGame(t, r)
	turn(t, r, s, "x+ x- y-") // 0 and 1 target (2,2); 2 moves to (2,3)
	require.Equal(t, []int{1, 1, 0}, s.eliminated)
	r = newRules(t, `{"width":5,"height":5,"starts":[[1,2],[3,2],[2,3]],"players":3}`)
	s = newGame(t, r)
	turn(t, r, s, "x+ x- y-") // all three target (2,2)
	require.Equal(t, []int{1, 1, 1}, s.eliminated)
	out := outcome(r, s)
	require.Equal(t, []int{1, 1, 1}, out.Places, "players eliminated in the same turn tie")
	require.Equal(t, []float64{0, 0, 0}, out.Scores)
}

func TestHeadOnSwapEliminatesBoth(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[1,1],[2,1]]}`)
	s := newGame(t, r)
	turn(t, r, s, "x+ x-")
	require.Equal(t, []int{1, 1}, s.eliminated, "two heads swapping cells both die")
	require.True(t, r.Done(s))
	require.Equal(t, []int{1, 1}, outcome(r, s).Places, "a draw")
}

func TestPlacementsByEliminationTurnWithTies(t *testing.T) {
	r := newRules(t, `{"width":9,"height":3,"starts":[[1,1],[3,1],[5,1],[7,1]],"players":4}`)
	s := newGame(t, r)
	turn(t, r, s, "y- y+ x+ x-") // 0: (1,0); 1: (3,2); 2 and 3 both target (6,1)
	require.Equal(t, []int{0, 0, 1, 1}, s.eliminated)
	require.False(t, r.Done(s))
	turn(t, r, s, "y- x+ - -") // 0 leaves the board; 1 is the last one moving
	require.Equal(t, []int{2, 0, 1, 1}, s.eliminated)
	require.True(t, r.Done(s))
	out := outcome(r, s)
	require.Equal(t, []int{2, 1, 3, 3}, out.Places, "later elimination is better; same turn ties; the next place skips")
	require.Equal(t, []float64{1, 2, 0, 0}, out.Scores, "score = turns moved: t-1 when eliminated in turn t")
}

func TestMaxTurnsEndsWithSurvivorsSharingFirstPlace(t *testing.T) {
	r := newRules(t, `{"width":9,"height":9,"starts":[[1,1],[5,1],[1,7]],"players":3,"max_turns":3}`)
	s := newGame(t, r)
	turn(t, r, s, "y+ y+ y-")
	turn(t, r, s, "y+ y+ x-") // 2: (1,6), then (0,6)
	require.False(t, r.Done(s))
	turn(t, r, s, "y+ y+ x-") // 2 leaves the board in turn 3
	require.True(t, r.Done(s))
	out := outcome(r, s)
	require.Equal(t, []int{1, 1, 3}, out.Places)
	require.Equal(t, []float64{3, 3, 2}, out.Scores)
}

func TestGameEndsWhenFewerThanTwoRemain(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[0,0],[4,4]]}`)
	s := newGame(t, r)
	turn(t, r, s, "x- y-")
	require.True(t, r.Done(s), "one player left: the game ends")
	require.Equal(t, []int{2, 1}, outcome(r, s).Places)

	r = newRules(t, `{"width":5,"height":5,"starts":[[0,0],[4,4]]}`)
	s = newGame(t, r)
	turn(t, r, s, "x- x+")
	require.True(t, r.Done(s), "nobody left: the game ends in a draw")
	require.Equal(t, []int{1, 1}, outcome(r, s).Places)
}

func TestNoAnswerAndInvalidDirectionEliminateWithAFault(t *testing.T) {
	r := newRules(t, `{"width":5,"height":5,"starts":[[1,1],[3,3]]}`)
	s := newGame(t, r)
	faults := turn(t, r, s, "- y+")
	require.Equal(t, []int{1, 0}, s.eliminated)
	require.Equal(t, []sim.Fault{{Seat: 0, Turn: 1, Kind: sim.FaultNoAnswer, Msg: "no direction"}}, faults)

	s = newGame(t, r)
	var log sim.FaultLog
	log.Begin(1)
	r.Step(s, []Dir{XPlus, Dir(9)}, nil, &log)
	require.Equal(t, []int{0, 1}, s.eliminated)
	require.Len(t, log.Faults(), 1)
	require.Equal(t, sim.FaultInvalid, log.Faults()[0].Kind)
}

func TestRandomStartsAreDistinctAndAvoidRowAndColumnZero(t *testing.T) {
	r := newRules(t, `{"width":4,"height":3,"players":6}`) // exactly 3×2 = 6 start cells
	s := &State{}
	for seed := range uint64(200) {
		r.Init(s, sim.NewRand(seed, sim.EngineStream))
		seen := map[Cell]bool{}
		for seat := range r.Players {
			c := head(s, seat)
			require.True(t, c.X >= 1 && c.X <= r.Width-1 && c.Y >= 1 && c.Y <= r.Height-1, "start %v", c)
			require.False(t, seen[c], "two players start on %v", c)
			seen[c] = true
		}
		checkInvariants(t, s)
	}
}

func TestRandomStartsAreUniform(t *testing.T) {
	r := newRules(t, `{"width":4,"height":4,"players":2}`) // 9 start cells
	s := &State{}
	counts := map[Cell]int{}
	const n = 9000
	for seed := range uint64(n) {
		r.Init(s, sim.NewRand(seed, sim.EngineStream))
		counts[head(s, 1)]++ // the second draw depends on the first: check it
	}
	require.Len(t, counts, 9)
	for c, k := range counts {
		require.InDelta(t, n/9, k, 150, "cell %v drawn %d times of %d", c, k, n) // ±5 sd
	}
}

// TestFairStartsAreImagesOfTheFirst: with starts "fair", the first start
// is drawn as a random one is, but never the centre, every cell of that
// range as often; the second is its image through the centre, and with 4
// players on a square board the others are its quarter turns. The first
// draw is the random starts' own, on a board without a centre cell.
func TestFairStartsAreImagesOfTheFirst(t *testing.T) {
	t.Run("duel", func(t *testing.T) {
		r := newRules(t, `{"width":5,"height":5,"starts":"fair"}`) // 16 cells, the centre (2,2) among them
		s := &State{}
		counts := map[Cell]int{}
		const n = 15000
		for seed := range uint64(n) {
			r.Init(s, sim.NewRand(seed, sim.EngineStream))
			a, b := head(s, 0), head(s, 1)
			require.True(t, a.X >= 1 && a.X <= 4 && a.Y >= 1 && a.Y <= 4, "start %v", a)
			require.Equal(t, Cell{4 - a.X, 4 - a.Y}, b, "seed %d", seed)
			counts[a]++
			checkInvariants(t, s)
		}
		require.Len(t, counts, 15)
		require.Zero(t, counts[Cell{2, 2}], "the centre is its own image")
		for c, k := range counts {
			require.InDelta(t, n/15, k, 150, "cell %v drawn %d times of %d", c, k, n) // ±5 sd
		}
	})
	t.Run("four players", func(t *testing.T) {
		r := newRules(t, `{"width":6,"height":6,"players":4,"starts":"fair"}`)
		s := &State{}
		for seed := range uint64(200) {
			r.Init(s, sim.NewRand(seed, sim.EngineStream))
			c := head(s, 0)
			for seat := 1; seat < 4; seat++ {
				c = Cell{5 - c.Y, c.X}
				require.Equal(t, c, head(s, seat), "seed %d seat %d", seed, seat)
			}
			checkInvariants(t, s)
		}
	})
	t.Run("the first draw is the random one", func(t *testing.T) {
		fair, random := newRules(t, `{"width":8,"height":6,"starts":"fair"}`), newRules(t, `{"width":8,"height":6}`)
		var s, u State
		for seed := range uint64(100) {
			fair.Init(&s, sim.NewRand(seed, sim.EngineStream))
			random.Init(&u, sim.NewRand(seed, sim.EngineStream))
			require.Equal(t, head(&u, 0), head(&s, 0))
		}
	})
}

func TestBadParameters(t *testing.T) {
	for _, tc := range []struct {
		params string
		want   string
	}{
		{`{"width":2,"height":2}`, "param width: 2 players need 2 random start cells, but a 2×2 board has 1"},
		{`{"width":1,"height":100}`, "a 1×100 board has 0"},
		{`{"players":13}`, "param players: 13 is out of range 2..12"},
		{`{"players":1}`, "param players: 1 is out of range 2..12"},
		{`{"width":0}`, "param width: 0 is out of range 1..4096"},
		{`{"width":"wide"}`, `param width: "wide" is not a whole number`},
		{`{"starts":[[1,1]]}`, "param starts: 1 cells for 2 players"},
		{`{"starts":[[1,1],[1,1]]}`, "param starts: cells 0 and 1 are both [1,1]"},
		{`{"width":5,"starts":[[1,1],[5,1]]}`, "param starts: cell 1 [5,1] is off the 5×100 board"},
		{`{"starts":[[1,1],[2]]}`, "param starts: point 1 is [2], want [x, y]"},
		{`{"starts":"corner"}`, `param starts: "corner" is neither a list of points [[x,y],…] nor fair`},
		{`{"starts":"fair","players":3}`, "param starts: fair starts are for 2 players, or 4 on a square board, not 3"},
		{`{"starts":"fair","players":4,"width":40,"height":30}`, "param starts: fair starts for 4 players turn the board by quarter turns, which a 40×30 board is not square for"},
		{`{"starts":"fair","width":1}`, "param starts: a 1×100 board has no start cell for fair starts"},
		{`{"max_turns":-1}`, "param max_turns: -1 is out of range"},
		{`{"speed":3}`, "param speed: unknown parameter (known: width, height, players, starts, max_turns)"},
	} {
		t.Run(tc.params, func(t *testing.T) {
			var p sim.Params
			require.NoError(t, json.Unmarshal([]byte(tc.params), &p))
			eff, err := sim.Effective(p, Params)
			if err == nil {
				_, err = New(sim.Seats(eff), eff)
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.want)
			var pe *sim.ParamError
			require.ErrorAs(t, err, &pe)
		})
	}
}

func TestPinnedStartsOnTinyBoards(t *testing.T) {
	// Pinned starts may use row and column 0, so a 2×1 board holds a duel.
	r := newRules(t, `{"width":2,"height":1,"starts":[[0,0],[1,0]]}`)
	s := newGame(t, r)
	require.Equal(t, Cell{0, 0}, head(s, 0))
	turn(t, r, s, "y+ y+")
	require.Equal(t, []int{1, 1}, s.eliminated)
}

func TestTwelvePlayers(t *testing.T) {
	r := newRules(t, `{"players":12}`)
	s := newGame(t, r)
	require.Len(t, s.trails, 12)
	require.Equal(t, 12, r.Seats())
	acts := make([]Dir, 12)
	var log sim.FaultLog
	for i := range acts {
		acts[i] = YPlus
	}
	for !r.Done(s) {
		r.Step(s, acts, nil, &log)
		checkInvariants(t, s)
	}
}

func TestDirText(t *testing.T) {
	for _, d := range Dirs {
		got, err := ParseDir(d.String())
		require.NoError(t, err)
		require.Equal(t, d, got)
		require.Equal(t, d, d.Opposite().Opposite())
	}
	got, err := ParseDir(" y-\n")
	require.NoError(t, err)
	require.Equal(t, YMinus, got)
	for _, bad := range []string{"", "x", "X+", "up", "x+y+", "+x"} {
		_, err := ParseDir(bad)
		require.ErrorContains(t, err, "is not a direction (want x+, x-, y+ or y-)", bad)
	}
	require.Equal(t, "", NoDir.String())
}

func TestStateJSONAndHash(t *testing.T) {
	r := newRules(t, `{"width":4,"height":3,"starts":[[0,1],[2,2]]}`)
	s := newGame(t, r)
	h0 := r.Hash(s)
	turn(t, r, s, "x- y-")
	require.NotEqual(t, h0, r.Hash(s))
	got := string(r.AppendState(nil, s))
	require.Equal(t, `{"turn":1,"width":4,"height":3,"over":true,"players":[{"eliminated":1,"trail":[]},{"eliminated":0,"trail":[[2,1],[2,2]]}]}`, got)
	require.True(t, json.Valid([]byte(got)))

	var v View
	r.Observe(s, 1, &v)
	require.Equal(t, `{"action":"play-turn","game":"tron","board":[[],[[2,1],[2,2]]],"player-index":1,"players":2}`, string(v.AppendJSON(nil)))
}
