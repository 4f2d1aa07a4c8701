package aquariom

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestInitialIDsAndPlaces(t *testing.T) {
	c, err := LoadMap("duel")
	require.NoError(t, err)
	g := newGame(t, c)
	s := g.s
	require.Equal(t, 7500, s.nInit)
	var v View
	g.r.Observe(s, 0, &v)
	n0, _ := v.InitialNeutral(0)
	n1, _ := v.InitialNeutral(1)
	n100, _ := v.InitialNeutral(100)
	last, _ := v.InitialNeutral(7499)
	// Row-major: id j·100 + i at ((i + 0.5)·4000/100, (j + 0.5)·3000/75).
	require.Equal(t, Cell{ID: 0, Kind: KindInitialNeutral, Owner: -1, X: 20, Y: 20, Mass: 0.5}, n0)
	require.Equal(t, Cell{ID: 1, Kind: KindInitialNeutral, Owner: -1, X: 60, Y: 20, Mass: 0.5}, n1)
	require.Equal(t, Cell{ID: 100, Kind: KindInitialNeutral, Owner: -1, X: 20, Y: 60, Mass: 0.5}, n100)
	require.Equal(t, Cell{ID: 7499, Kind: KindInitialNeutral, Owner: -1, X: 3980, Y: 2980, Mass: 0.5}, last)
	// Then the viruses, then the players' cells in seat order.
	require.Equal(t, Cell{ID: 7500, Kind: KindVirus, Owner: -1, X: 2000, Y: 1500, Mass: 100}, v.Virus(0))
	g.requireCell(7501, 1000, 1500, 20*0.988)
	g.requireCell(7502, 3000, 1500, 20*0.988)
	require.Equal(t, []int{7501}, g.ids(0))
	require.Equal(t, []int{7502}, g.ids(1))
	require.Equal(t, 7503, s.nextID)
	require.Equal(t, 0, g.r.Turn(s))
	require.Equal(t, 1, v.Turn)
	require.Equal(t, 999, v.TurnsLeft())
	// Init counted the initial state and step 0.
	require.InDelta(t, 20+20*0.988, v.Score(0), eps)

	// The next cell takes the next id never used, even after others die.
	g.step("divide 7501 0 1500 5", "")
	require.Equal(t, []int{7501, 7503}, g.ids(0))
	g.r.kill(s, g.slot(7503))
	g.step("divide 7501 0 1500 5", "")
	require.Equal(t, []int{7501, 7504}, g.ids(0))
}

func TestScoreOfIdlePlayers(t *testing.T) {
	// The sheet's worked example: two idle players of mass 20, 3 turns:
	// 20·(1 + .988 + .988² + .988³ + .988⁴) = 97.6286…
	g := newGame(t, tinyConfig(t, `{"nb_turns":3,"mass_loss_per_frame":0.012}`))
	for !g.r.Done(g.s) {
		g.step("", "")
	}
	require.Equal(t, 3, g.r.Turn(g.s))
	var out sim.Outcome
	g.r.Outcome(g.s, &out)
	want := 20 * (1 + 0.988 + 0.988*0.988 + math.Pow(0.988, 3) + math.Pow(0.988, 4))
	require.InDelta(t, 97.62862762, want, 1e-8)
	require.InDelta(t, want, out.Scores[0], eps)
	require.InDelta(t, want, out.Scores[1], eps)
	require.Equal(t, out.Scores[0], out.Scores[1])
	require.Equal(t, []int{1, 1}, out.Places, "exactly equal scores tie")

	// A step after the last does nothing.
	h := g.r.Hash(g.s)
	g.step("surrender", "")
	require.Equal(t, h, g.r.Hash(g.s))
}

func TestRankingByScore(t *testing.T) {
	g := newGame(t, tinyConfig(t, `{"nb_turns":2,"players":3}`)) // 20 + 20 each
	g.r.kill(g.s, g.s.owned[1][0])                               // seat 1 loses its cell before turn 1
	g.step("", "", "")
	g.r.kill(g.s, g.s.owned[2][0]) // seat 2 before turn 2
	g.step("", "", "")
	var out sim.Outcome
	g.r.Outcome(g.s, &out)
	require.Equal(t, []float64{80, 40, 60}, out.Scores)
	require.Equal(t, []int{1, 3, 2}, out.Places)
}

func TestMove(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20) // max speed 80 − 0.15·20 = 77
	b := g.put(1, 700, 300, 20)
	g.step(fmt.Sprintf("move %d 600 300", a), fmt.Sprintf("move %d 730 340", b))
	g.requireCell(a, 377, 300, 20) // 77 along the line
	g.requireCell(b, 730, 340, 20) // 50 away: it gets there

	g.step(fmt.Sprintf("move %d %v %v", a, 377+300, 300+400), "") // direction (3, 4)/5
	g.requireCell(a, 377+0.6*77, 300+0.8*77, 20)

	// One action per cell, the first one; cells of others are ignored.
	g.step(fmt.Sprintf("move %d %v 350;move %d 300 300;move %d 0 0", a, 377+0.6*77, a, b), "")
	g.requireCell(a, 377+0.6*77, 350, 20)
	g.requireCell(b, 730, 340, 20)

	// The centre is clamped to the map after the move.
	c := g.put(0, 10, 500, 20)
	d := g.put(0, 990, 995, 20)
	g.step(fmt.Sprintf("move %d -1000 500;move %d 1010 1020", c, d), "")
	g.requireCell(c, 0, 500, 20)
	g.requireCell(d, 1000, 1000, 20)
}

func TestMoveSpeedLimits(t *testing.T) {
	g := tiny(t, `{}`)
	e := g.put(1, 900, 100, 400) // 80 − 60 = 20
	g.step("", fmt.Sprintf("move %d 900 1000", e))
	g.requireCell(e, 900, 120, 400)

	// Never below 0: 80 − 0.3·400 < 0.
	g = tiny(t, `{"speed_loss_factor":0.3}`)
	e = g.put(1, 900, 100, 400)
	g.step("", fmt.Sprintf("move %d 900 1000", e))
	g.requireCell(e, 900, 100, 400)

	// A target at the centre, or a non-finite one, does nothing; a
	// command that is ignored still uses up the cell's action.
	g = tiny(t, `{}`)
	f := g.put(1, 300, 800, 50)
	g.step("", fmt.Sprintf("move %d 300 800", f))
	g.requireCell(f, 300, 800, 50)
	var act Action
	act.Add(Move(f, math.NaN(), 500))
	act.Add(Move(f, 300, 700))
	g.r.Step(g.s, []Action{{}, act}, g.rng, nil)
	g.requireCell(f, 300, 800, 50)
	g.step("", fmt.Sprintf("move %d 300 700", f))
	g.requireCell(f, 300, 800-72.5, 50) // 80 − 0.15·50 = 72.5
}

func TestMaxSpeedUsesTheMassBeforeTheLoss(t *testing.T) {
	g := tiny(t, `{"mass_loss_per_frame":0.5}`)
	a := g.put(0, 300, 300, 100) // speed 80 − 15 = 65 in phase 3, then mass 50 in phase 5
	g.step(fmt.Sprintf("move %d 1000 300", a), "")
	g.requireCell(a, 365, 300, 50)
}

func TestDivide(t *testing.T) {
	g := tiny(t, `{}`)
	m := g.put(0, 300, 300, 40)
	g.isolate(m, 5)
	g.step(fmt.Sprintf("divide %d 400 300 10", m), "")
	require.Equal(t, []int{m, m + 1}, g.ids(0), "the child takes the next id")
	g.requireCell(m, 300, 300, 30)
	g.requireCell(m+1, 340, 300, 10) // tangent to the shrunk mother: 30 + 10 away
	require.Equal(t, 4, g.cell(m).Isolation, "the mother keeps its isolation (one turn less)")
	require.Equal(t, 0, g.cell(m+1).Isolation, "the child is not isolated")

	// Straight up (−y) when the target is the mother's centre.
	g.step(fmt.Sprintf("divide %d 300 300 15", m), "")
	g.requireCell(m, 300, 300, 15)
	g.requireCell(m+2, 300, 300-30, 15)

	// Exactly half the mother is allowed.
	k := g.put(1, 700, 700, 40)
	g.step("", fmt.Sprintf("divide %d 700 800 20", k))
	g.requireCell(k, 700, 700, 20)
	g.requireCell(k+1, 700, 740, 20)
}

func TestDivideConditions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mass   float64 // of the mother
		action string  // %d is the mother
		cells  int     // the seat's cells before
	}{
		{"a child above half the mother", 40, "divide %d 400 300 20.000001", 1},
		{"a child below the minimum mass", 40, "divide %d 400 300 0.999", 1},
		// A child of at least the minimum and at most half the mother makes
		// the mother at least twice the minimum: the third condition is
		// implied by the first two.
		{"a mother below twice the minimum mass", 1.9, "divide %d 400 300 0.95", 1},
		{"the player at max_cells_per_player", 40, "divide %d 400 300 10", 3},
		{"a NaN mass (decision)", 40, "divide %d 400 300 NaN", 1},
		{"an infinite mass", 40, "divide %d 400 300 -Inf", 1},
		{"a non-finite target", 40, "divide %d Inf 300 10", 1},
		{"a cell that already acted", 40, "move %[1]d 300 300;divide %[1]d 400 300 10", 1},
		{"a cell of another player", 40, "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tiny(t, `{"max_cells_per_player":3}`)
			m := g.put(0, 300, 300, tc.mass)
			for i := range tc.cells - 1 {
				g.put(0, 800+float64(20*i), 100, 5)
			}
			other := g.put(1, 700, 700, 40)
			action := tc.action
			if action == "" {
				action = fmt.Sprintf("divide %d 700 800 10", other)
			} else {
				action = fmt.Sprintf(action, m)
			}
			next := g.s.nextID
			g.step(action, "")
			require.Equal(t, next, g.s.nextID, "no cell is created")
			g.requireCell(m, 300, 300, tc.mass)
			g.requireCell(other, 700, 700, 40)
		})
	}
}

func TestDivideOffTheMap(t *testing.T) {
	g := tiny(t, `{}`)
	m := g.put(0, 20, 500, 40)
	g.step(fmt.Sprintf("divide %d 0 500 10", m), "")
	require.Equal(t, []int{m}, g.ids(0), "the child's centre (−20, 500) is off the map: not created")
	g.requireCell(m, 20, 500, 30) // and its mass is lost
	require.Equal(t, m+1, g.s.nextID, "a cell not created takes no id")

	// Decision: the edge is on the map.
	e := g.put(0, 40, 700, 40)
	g.step(fmt.Sprintf("divide %d 0 700 10", e), "")
	g.requireCell(e+1, 0, 700, 10)
}

func TestCreateVirus(t *testing.T) {
	g := tiny(t, `{}`)
	m := g.put(0, 300, 300, 200)
	g.step(fmt.Sprintf("virus %d 400 400", m), "")
	// The mother loses 100 + 0.2·200 = 140; the virus (radius 100) is
	// tangent to the shrunk mother (radius 60): 160/√2 = 113.137… along
	// the diagonal, truncated to whole numbers.
	g.requireCell(m, 300, 300, 60)
	require.Equal(t, []int{m + 1}, virusIDs(g))
	g.requireCell(m+1, 413, 413, 100)
	require.Equal(t, KindVirus, g.cell(m+1).Kind)

	// Clamped into the map, then truncated.
	c := g.put(1, 50.5, 700.7, 200)
	g.step("", fmt.Sprintf("virus %d -100 700.7", c))
	g.requireCell(c+1, 0, 700, 100)
	g.requireCell(c, 50.5, 700.7, 60)

	for _, tc := range []struct {
		mass, left float64 // left < 0: ignored
	}{
		{124, -1},        // 124 − (100 + 24.8) < 0
		{125, -1},        // exactly 0 left: ignored
		{125.5, 1},       // 0.4 left, raised to the minimum mass
		{400, 400 - 180}, // the largest mass
	} {
		g := tiny(t, `{}`)
		m := g.put(0, 200, 400, tc.mass)
		g.step(fmt.Sprintf("virus %d 200 0", m), "")
		if tc.left < 0 {
			require.Empty(t, virusIDs(g), "mass %v", tc.mass)
			g.requireCell(m, 200, 400, tc.mass)
		} else {
			require.Len(t, virusIDs(g), 1, "mass %v", tc.mass)
			g.requireCell(m, 200, 400, tc.left)
			g.requireCell(m+1, 200, math.Trunc(400-tc.left-100), 100)
		}
	}

	// No virus when max_viruses is 0 (decision: the original's).
	g = tiny(t, `{"max_viruses":0}`)
	m = g.put(0, 300, 300, 200)
	g.step(fmt.Sprintf("virus %d 400 300", m), "")
	require.Empty(t, virusIDs(g))
	g.requireCell(m, 300, 300, 200)
}

func TestVirusNearAnOpponent(t *testing.T) {
	// The virus lands on (460, 300): an opponent cell of radius 10 blocks it
	// when d² − 10² < (3·100)², i.e. d < 300.1666…
	for _, tc := range []struct {
		name    string
		seat    int
		x       float64
		created bool
	}{
		{"an opponent at 300", 1, 760, false},
		{"an opponent at 300.16", 1, 760.16, false},
		{"an opponent at 300.17", 1, 760.17, true},
		{"an own cell at 300", 0, 760, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tiny(t, `{}`)
			m := g.put(0, 300, 300, 200)
			o := g.put(tc.seat, tc.x, 300, 10)
			// The opponent's move comes after the virus creations.
			g.step(fmt.Sprintf("virus %d 1000 300", m), fmt.Sprintf("move %d 460 900", o))
			if tc.created {
				require.Len(t, virusIDs(g), 1)
				g.requireCell(m, 300, 300, 60)
			} else {
				require.Empty(t, virusIDs(g))
				g.requireCell(m, 300, 300, 200)
			}
		})
	}
}

func TestVirusEvictsTheOldest(t *testing.T) {
	g := tiny(t, `{"max_viruses":2}`)
	v1 := g.virus(100, 900)
	v2 := g.virus(900, 100)
	m := g.put(0, 300, 300, 200)
	g.step(fmt.Sprintf("virus %d 400 300", m), "")
	require.False(t, g.has(v1), "the oldest virus is removed first")
	require.Equal(t, []int{v2, m + 1}, virusIDs(g))
	m2 := g.put(1, 700, 700, 200)
	g.step("", fmt.Sprintf("virus %d 700 1000", m2))
	require.Equal(t, []int{m + 1, m2 + 1}, virusIDs(g))
}

func virusIDs(g *game) []int {
	var ids []int
	for _, slot := range g.s.viruses {
		ids = append(ids, g.s.cells[slot].id)
	}
	return ids
}

func TestEatNeedsTheCentreStrictlyInside(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	b := g.put(1, 320, 300, 10) // d = 20 = r_A: not inside
	g.step("", "")
	require.True(t, g.has(b))
	g.step("", fmt.Sprintf("move %d 319.5 300", b))
	require.False(t, g.has(b))
	// A gains 0.8·10 and moves to the barycentre 300 + 19.5·10/30 = 306.5,
	// truncated.
	g.requireCell(a, 306, 300, 28)
}

func TestEatForeignCellsAtTheMassRatio(t *testing.T) {
	for _, tc := range []struct {
		ma    float64
		eaten bool
	}{
		{25, false}, // 25 = 1.25 × 20: not above
		{25.000001, true},
	} {
		g := tiny(t, `{}`)
		a := g.put(0, 300, 300, tc.ma)
		b := g.put(1, 310, 300, 20)
		g.step("", "")
		require.Equal(t, !tc.eaten, g.has(b), "mass %v", tc.ma)
		require.True(t, g.has(a))
		if tc.eaten {
			g.requireCell(a, 304, 300, tc.ma+16) // 300 + 10·20/45.0… = 304.44…
		}
	}
}

func TestNeutralsAreAlwaysEaten(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 1)
	n := g.neutral(300.5, 300, 50) // fifty times heavier, its centre inside A
	g.step("", "")
	require.False(t, g.has(n))
	g.requireCell(a, 300, 300, 41) // 300 + 0.5·50/51 = 300.49…, truncated
}

func TestFusion(t *testing.T) {
	for _, tc := range []struct {
		name   string
		isoA   int
		isoB   int
		fusion bool
	}{
		{"neither isolated", 0, 0, true},
		{"the eater isolated", 2, 0, false},
		{"the eaten isolated", 0, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tiny(t, `{}`)
			a := g.put(0, 300.7, 300.2, 30)
			b := g.put(0, 310, 310, 10)
			g.isolate(a, tc.isoA)
			g.isolate(b, tc.isoB)
			g.step("", "")
			require.Equal(t, !tc.fusion, g.has(b))
			if tc.fusion {
				g.requireCell(a, 300.7, 300.2, 40) // the whole mass; A stays in place
			}
		})
	}

	// The bigger cell eats whatever the ids: B (higher id) eats A.
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 10)
	b := g.put(0, 305, 300, 30)
	g.step("", "")
	require.False(t, g.has(a))
	g.requireCell(b, 305, 300, 40)

	// On equal masses the lower id eats, whichever is listed first.
	g = tiny(t, `{}`)
	a = g.put(0, 305, 300, 20)
	b = g.put(0, 300, 300, 20)
	g.step("", "")
	require.False(t, g.has(b))
	g.requireCell(a, 305, 300, 40)
}

// TestFusionTieGoesToTheLowerID sets up equal masses where the higher id
// is tried first: B (lower id) is too light when it tries A, then eats a
// neutral and weighs exactly A's 20. A may not eat B (the lower id eats on
// a tie); in the next pass B eats A.
func TestFusionTieGoesToTheLowerID(t *testing.T) {
	g := tiny(t, `{}`)
	b := g.put(0, 300, 300, 19.5)
	a := g.put(0, 305, 300, 20)
	n := g.neutral(300, 310, 0.625) // 0.8 × 0.625 = 0.5: B weighs 20 exactly
	g.step("", "")
	require.False(t, g.has(n))
	require.False(t, g.has(a))
	g.requireCell(b, 300, 300, 40) // 310·0.625/20.125 moves B by 0.31, truncated away
}

func TestBarycentreTruncatesBothCoordinates(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 100, 200, 30)
	g.step(fmt.Sprintf("move %d 100.9 200.7", a), "")
	n := g.neutral(110.9, 180.7, 10)
	g.step("", "")
	require.False(t, g.has(n))
	// t = 10/40: (100.9 + 2.5, 200.7 − 5) = (103.4, 195.7), truncated.
	g.requireCell(a, 103, 195, 38)
}

func TestTargetsInAscendingIDWithTheNewRadius(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	c := g.put(1, 300, 338, 10)   // n2 is inside C
	n1 := g.neutral(315, 300, 30) // inside A
	n2 := g.neutral(300, 330, 1)  // outside A until A has eaten n1
	g.step("", "")
	require.False(t, g.has(n1))
	require.False(t, g.has(n2))
	require.False(t, g.has(c))
	// A eats n1: mass 44 at (300 + 15·30/50, 300) = (309, 300); then, in
	// the same sweep, n2 (d = 31.3 < 44): 44.8 at (308.8, 300.67),
	// truncated; C, tried after A, finds n2 gone. In the next pass A eats
	// C: 52.8 at (308 − 8·10/54.8, 300 + 38·10/54.8), truncated.
	g.requireCell(a, 306, 306, 52.8)
}

func TestCollisionPassesRepeat(t *testing.T) {
	// C tries A first (player cells first) and is too light; it eats the
	// neutral n, which makes it heavy enough, and eats A in the next pass.
	g := tiny(t, `{}`)
	c := g.put(1, 300, 300, 24)
	a := g.put(0, 310, 300, 20) // 24 < 25: safe at first
	n := g.neutral(295, 300, 10)
	g.step("", "")
	require.False(t, g.has(n))
	require.False(t, g.has(a), "eaten in a later pass")
	// n: 24 + 8 = 32 at (300 − 5·10/34, 300) → (298, 300); then A
	// (32 > 25, d = 12): 32 + 16 = 48 at 298 + 12·20/52 = 302.6 → 302.
	g.requireCell(c, 302, 300, 48)
}

func TestVirusExplosion(t *testing.T) {
	for _, tc := range []struct {
		name      string
		params    string
		satellite float64
	}{
		{"seed satellite mass", `{"max_cells_per_player":5}`, 150.0 / 16},
		{"reference satellite mass", `{"max_cells_per_player":5,"satellite_mass":"reference"}`, 150.0 / 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tiny(t, tc.params)
			a := g.put(0, 300, 40, 250)
			v := g.virus(300, 45)
			g.step("", "")
			require.False(t, g.has(v), "the virus disappears")
			// m = 250 − 100 = 150: A keeps 75; n = min(8, 5 − 1) = 4
			// satellites at k·90°, 75 + satellite radius away; the one at
			// 270° (y < 0) is off the map.
			d := 75 + tc.satellite
			require.Equal(t, []int{a, v + 1, v + 2, v + 3}, g.ids(0))
			g.requireCell(a, 300, 40, 75)
			g.requireCell(v+1, 300+d, 40, tc.satellite)
			g.requireCell(v+2, 300, 40+d, tc.satellite)
			g.requireCell(v+3, 300-d, 40, tc.satellite)
			require.Equal(t, v+4, g.s.nextID, "ids are taken in order; the satellite not created takes none")
			for _, id := range g.ids(0) {
				require.Equal(t, 30, g.cell(id).Isolation, "cell %d", id)
			}
		})
	}

	// Decision: a satellite exactly on the edge is created; satellites are
	// raised to the minimum mass; the eaten cell keeps at least half of it.
	g := tiny(t, `{"minimum_player_cell_mass":3,"virus_max_split":4}`)
	a := g.put(0, 994, 500, 105) // m = max(3, 5): 2.5 → 3; satellites 5/8 → 3
	g.virus(996, 500)
	g.step("", "")
	g.requireCell(a, 994, 500, 3)
	require.Len(t, g.ids(0), 5)
	g.requireCell(g.ids(0)[1], 1000, 500, 3) // 994 + 3 + 3: on the edge

	// No room for satellites: A alone, halved.
	g = tiny(t, `{"max_cells_per_player":1}`)
	a = g.put(0, 150, 150, 300)
	g.virus(160, 150)
	g.step("", "")
	require.Equal(t, []int{a}, g.ids(0))
	g.requireCell(a, 150, 150, 100)

	// A cell of exactly the virus mass does not eat it.
	g = tiny(t, `{}`)
	a = g.put(0, 300, 300, 100)
	v := g.virus(310, 300)
	g.step("", "")
	require.True(t, g.has(v))
	g.requireCell(a, 300, 300, 100)
}

func TestSatelliteDirections(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 64} {
		for k := range n {
			c, s := unitAt(k, n)
			th := 2 * math.Pi * float64(k) / float64(n)
			require.InDelta(t, math.Cos(th), c, 1e-15, "cos %d/%d", k, n)
			require.InDelta(t, math.Sin(th), s, 1e-15, "sin %d/%d", k, n)
			if 4*k%n == 0 { // on an axis: exact
				require.Equal(t, math.Round(math.Cos(th)), c)
				require.Equal(t, math.Round(math.Sin(th)), s)
			}
		}
	}
}

func TestMassClampAt400(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 150, 150, 390)
	b := g.put(1, 170, 150, 100) // 390 + 80 = 470 → 400
	g.step("", "")
	require.False(t, g.has(b))
	g.requireCell(a, 154, 150, 400) // 150 + 20·100/490 = 154.08…

	g = tiny(t, `{}`)
	a = g.put(0, 150, 150, 300)
	g.put(0, 170, 150, 200) // fusion: 500 → 400
	g.step("", "")
	g.requireCell(a, 150, 150, 400)
}

func TestMassLoss(t *testing.T) {
	g := tiny(t, `{"mass_loss_per_frame":0.012}`)
	a := g.put(0, 300, 300, 20)
	b := g.put(0, 700, 300, 1.005) // 1.005 − 0.01206 < 1: clamped to the minimum
	g.step("", "")
	g.requireCell(a, 300, 300, 20-20*0.012)
	g.requireCell(b, 700, 300, 1)
	g.step("", "")
	g.requireCell(a, 300, 300, 19.76-19.76*0.012)
	g.requireCell(b, 700, 300, 1)
}

func TestIsolationCountsDown(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	g.isolate(a, 2)
	g.step("", "")
	require.Equal(t, 1, g.cell(a).Isolation)
	g.step("", "")
	require.Equal(t, 0, g.cell(a).Isolation)
	g.step("", "")
	require.Equal(t, 0, g.cell(a).Isolation)
}

func TestInitialNeutralsRespawnExactlyRepopTimeLater(t *testing.T) {
	g := tiny(t, `{}`) // repop 3; the initial neutral 0 at (500, 500)
	a := g.put(0, 450, 500, 20)
	g.step(fmt.Sprintf("move %d 495 500", a), "") // turn 1: eaten
	require.Equal(t, 1, g.r.Turn(g.s))
	var v View
	for turn, left := range []int{3, 2, 1, 0} {
		if turn > 0 {
			g.step(fmt.Sprintf("move %d 100 500", a), "") // away
		}
		g.r.Observe(g.s, 0, &v)
		n, respawnIn := v.InitialNeutral(0)
		require.Equal(t, left, respawnIn, "after turn %d", 1+turn)
		require.Equal(t, left == 0, g.has(0), "after turn %d", 1+turn)
		require.Equal(t, Cell{ID: 0, Kind: KindInitialNeutral, Owner: -1, X: 500, Y: 500, Mass: 0.5}, n)
	}
	// Eaten again the turn it reappears, while reappearing.
	b := g.put(1, 500, 510, 20)
	g.step("", "")
	require.False(t, g.has(0))
	g.r.Observe(g.s, 0, &v)
	_, respawnIn := v.InitialNeutral(0)
	require.Equal(t, 3, respawnIn)
	require.True(t, g.has(b))
}

func TestNeutralsDueAfterTheLastTurnStayEaten(t *testing.T) {
	g := tiny(t, `{"nb_turns":4}`)
	g.put(0, 500, 500, 20)
	g.step("", "") // eaten in turn 1, due in turn 4
	g.step("", "")
	g.step("", "")
	g.step("", "")
	require.True(t, g.r.Done(g.s))
	require.False(t, g.has(0), "eaten again in turn 4")

	g = tiny(t, `{"nb_turns":3}`)
	g.put(0, 500, 500, 20)
	g.step("", "") // due in turn 4: never
	require.Equal(t, []int32{noSlot, noSlot, noSlot}, g.s.respawn)
}

func TestSurrender(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 30)
	b := g.put(0, 700, 300, 15)
	g.isolate(b, 4)
	o := g.put(1, 300, 350, 40)
	next := g.s.nextID
	g.step("surrender", "")
	// The cells stay where they were as non-initial neutrals.
	for _, id := range []int{a, b} {
		c := g.cell(id)
		require.Equal(t, KindNeutral, c.Kind)
		require.Equal(t, -1, c.Owner)
		require.Equal(t, 0, c.Isolation)
	}
	g.requireCell(a, 300, 300, 30)
	g.requireCell(b, 700, 300, 15)
	// One new cell of the starting mass, away from the opponent.
	require.Equal(t, []int{next}, g.ids(0))
	c := g.cell(next)
	require.Equal(t, 20.0, c.Mass)
	require.Equal(t, 0, c.Isolation)
	require.GreaterOrEqual(t, math.Hypot(c.X-300, c.Y-350), 40+2*20.0)

	// The same seed draws the same place.
	h := tiny(t, `{}`)
	h.put(0, 300, 300, 30)
	h.put(0, 700, 300, 15)
	h.put(1, 300, 350, 40)
	h.step("surrender", "")
	require.Equal(t, c, h.cell(next))

	// Surrendered cells are eaten like neutrals and never come back.
	g.step("", fmt.Sprintf("move %d 300 320", o))
	require.False(t, g.has(a))
	g.requireCell(o, 300, 311, 64) // 320 − 20·30/70 = 311.4…, truncated
	for range 5 {
		g.step("", fmt.Sprintf("move %d 300 500", o))
	}
	require.False(t, g.has(a), "a surrendered cell never reappears")

	// A player with no cell left surrenders to come back.
	g = tiny(t, `{}`)
	g.put(1, 500, 800, 20)
	require.Empty(t, g.ids(0))
	g.step("", "")
	require.Empty(t, g.ids(0), "no automatic respawn")
	g.step("surrender", "")
	require.Len(t, g.ids(0), 1)
}

func TestSurrenderGivesUpAfter100Draws(t *testing.T) {
	// The opponent covers the whole map: no place is far enough.
	const small = `{"map_width":100,"map_height":100,"players_starting_positions":[[10,10],[90,90]]}`
	g := tiny(t, small)
	g.put(1, 50, 50, 400)
	g.step("surrender", "")
	require.Empty(t, g.ids(0))
	// Exactly 100 draws of two coordinates were made.
	ref := sim.NewRand(1, sim.EngineStream)
	for range 200 {
		ref.Float64()
	}
	require.Equal(t, ref.Uint64(), g.rng.Uint64())
}

func TestIgnoredCommandsAreNotFaults(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	var log sim.FaultLog
	var act Action
	act.Add(Move(a+100, 0, 0))
	act.Add(Divide(a, math.Inf(1), 0, 5))
	g.r.Step(g.s, []Action{act, {}}, g.rng, &log)
	require.Empty(t, log.Faults())
	g.requireCell(a, 300, 300, 20)
}

func TestViewNear(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	b := g.put(1, 340, 300, 20)
	v := g.virus(300, 260)
	n := g.neutral(300, 341, 2)
	var view View
	g.r.Observe(g.s, 0, &view)
	ids := func(cells []Cell) []int {
		var out []int
		for _, c := range cells {
			out = append(out, c.ID)
		}
		return out
	}
	require.ElementsMatch(t, []int{a, b, v}, ids(view.Near(300, 300, 40, NearAll, nil)))
	require.ElementsMatch(t, []int{a, b}, ids(view.Near(300, 300, 40, NearPlayers, nil)))
	require.ElementsMatch(t, []int{0, n}, ids(view.Near(400, 400, 142, NearNeutrals, nil)))
	require.Equal(t, 2, view.NumPlayerCells())
	require.Equal(t, a, view.PlayerCell(0).ID)
	require.Equal(t, 1, view.NumCells(0))
	require.Equal(t, b, view.CellOf(1, 0).ID)
	require.Equal(t, 20.0, view.Mass(1))
	require.Equal(t, 1, view.NumNeutrals())
	require.Equal(t, n, view.Neutral(0).ID)
	require.Equal(t, 1, view.NumInitialNeutrals())
	require.Equal(t, 77.0, view.MaxSpeed(20))
	require.Equal(t, 20.0, view.Radius(20))
	require.Equal(t, 2, view.Players())
	require.Equal(t, 100, view.Config().NbTurns)
	require.Empty(t, view.Near(300, 300, -1, NearAll, nil))
	require.Empty(t, view.Near(300, 300, math.NaN(), NearAll, nil))
	require.Len(t, view.Near(0, 0, math.Inf(1), NearAll, nil), 5, "everything alive")
	buf := make([]Cell, 0, 8)
	require.Zero(t, testing.AllocsPerRun(100, func() { buf = view.Near(300, 300, 50, NearAll, buf[:0]) }))
}

func TestStateJSONAndHash(t *testing.T) {
	g := tiny(t, `{}`)
	a := g.put(0, 300, 300, 20)
	g.put(1, 700.5, 300, 10)
	g.virus(100, 900)
	g.neutral(900, 100, 2.5)
	h0 := g.r.Hash(g.s)
	g.step(fmt.Sprintf("move %d 300 400", a), "")
	require.NotEqual(t, h0, g.r.Hash(g.s))
	got := g.r.AppendState(nil, g.s)
	// Init scored 20 + 20 per seat for the starting cells, which tiny
	// removed; turn 1 added 20 and 10.
	require.Equal(t, `{"turn":1,"next_id":7,"scores":[60,50],"players":[[[3,300,377,20,0]],[[4,700.5,300,10,0]]],`+
		`"viruses":[[5,100,900]],"neutrals":[[6,900,100,2.5]],"eaten":[]}`, string(got))
	require.True(t, json.Valid(got))

	g.put(1, 495, 500, 20)
	g.step("", "") // it eats the initial neutral, due in 3 turns
	require.Contains(t, string(g.r.AppendState(nil, g.s)), `"eaten":[0]`)
	g.step("", "")
	require.Contains(t, string(g.r.AppendState(nil, g.s)), `"eaten":[]`, "only what this step ate")
}
