package sopra

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// two is a two-player setup for rule tests: seat 0 starts at s0 with its
// caddie in the bottom-left corner, seat 1 starts on its caddie at s1 (safe
// at home); logos pins the logos and sets logo_count to match.
func two(t *testing.T, s0, s1 string, logos string, extra string) (*Rules, *State) {
	t.Helper()
	n := 0
	if logos != "" {
		n = len(mustPoints(t, logos))
	} else {
		logos = "null"
	}
	r := newRules(t, fmt.Sprintf(`{"players":2,"order":"fixed","starts":[%s,%s],"caddies":[[0,12],%s],"logos":%s,"logo_count":%d%s}`,
		s0, s1, s1, logos, n, extra))
	return r, newGame(t, r)
}

func mustPoints(t *testing.T, text string) [][2]int {
	t.Helper()
	pts, err := sim.ReadPoints([]byte(text))
	require.NoError(t, err)
	return pts
}

// TestForbiddenActions checks each kind of forbidden action: −5, stunned
// next round (and only then), the logo dropped within distance 2, no move;
// a jump is spent even when it fails.
func TestForbiddenActions(t *testing.T) {
	for _, tc := range []struct {
		name       string
		s0, s1     string // starts
		logo       string // on seat 0's first step
		first, bad string // seat 0's first step (onto the logo) and its forbidden action
		extra      string
		flaw       string
		jumpsLeft  int
	}{
		{"step off the board", "[1,5]", "[10,10]", "[0,5]", "O", "O", "", "target off the board", 3},
		{"jump off the board", "[2,5]", "[10,10]", "[1,5]", "O", "JO", "", "target off the board", 2},
		{"step onto a player", "[5,5]", "[6,6]", "[5,6]", "S", "E", "", "target holds a player", 3},
		{"jump onto a player", "[5,5]", "[7,6]", "[5,6]", "S", "JE", "", "target holds a player", 2},
		{"jump with none left", "[5,5]", "[10,10]", "[5,6]", "S", "JS", `,"jumps":0`, "no jump left", 0},
		{"the last jump spent", "[5,5]", "[10,10]", "[5,6]", "S", "JS", `,"jumps":1,"height":7,"caddies":[[0,0],[10,6]],"starts":[[5,5],[10,6]]`, "target off the board", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, s := two(t, tc.s0, tc.s1, "["+tc.logo+"]", tc.extra)
			requireClean(t, round(t, r, s, tc.first+" -"), 0)
			require.Equal(t, 1, s.players[0].Score, "picked up")
			require.Equal(t, 0, s.players[0].Carrying)
			pos := s.players[0].Pos

			log := round(t, r, s, tc.bad+" -")
			require.Empty(t, log.Faults(), "a penalty of the rules, not a fault")
			require.Equal(t, []sim.Penalty{{Seat: 0, Turn: 2, Msg: tc.bad + ": " + tc.flaw + "; penalty, stunned next round"}}, log.Penalties())
			p := s.players[0]
			require.Equal(t, 1-5, p.Score)
			require.Equal(t, pos, p.Pos, "no move")
			require.Equal(t, noOne, p.Carrying, "logo dropped")
			l := s.logos[0]
			require.Equal(t, noOne, l.Carrier)
			require.Contains(t, []int{1, 2}, manhattan(l.Pos.X-pos.X, l.Pos.Y-pos.Y), "dropped within distance 2 of %v: %v", pos, l.Pos)
			require.Equal(t, tc.jumpsLeft, p.Jumps)
			require.True(t, p.Stunned)

			require.NotContains(t, r.ToAct(s, nil), 0, "stunned in round 3: not asked")
			requireClean(t, round(t, r, s, "- -"), 0, "stunned: not a fault")
			require.Equal(t, pos, s.players[0].Pos)
			require.Contains(t, r.ToAct(s, nil), 0, "the stun lasted one round")
		})
	}
}

func TestStunLastsExactlyTheNextRound(t *testing.T) {
	r, s := two(t, "[5,5]", "[10,10]", "", "")
	round(t, r, s, "O -") // seat 1 gives no answer in round 1
	require.True(t, s.players[1].Stunned)
	require.Equal(t, []int{0}, r.ToAct(s, nil), "round 2: seat 1 is stunned")
	round(t, r, s, "E -")
	require.False(t, s.players[1].Stunned)
	require.Equal(t, []int{0, 1}, r.ToAct(s, nil), "round 3: seat 1 plays again")
	require.Equal(t, 0, s.players[1].Score, "no penalty for no answer")
}

func TestNoAnswerKeepsTheLogo(t *testing.T) {
	r, s := two(t, "[5,5]", "[10,10]", "[[5,6]]", "")
	round(t, r, s, "S E")
	log := round(t, r, s, "- O")
	require.Equal(t, []sim.Fault{{Seat: 0, Turn: 2, Kind: sim.FaultNoAnswer, Msg: "no answer: stunned next round"}}, log.Faults())
	require.Empty(t, log.Penalties(), "no penalty for no answer")
	p := s.players[0]
	require.Equal(t, 0, p.Carrying, "keeps its logo")
	require.Equal(t, 1, p.Score, "no penalty")
	require.True(t, p.Stunned)
	require.Equal(t, 1, p.NoAnswers)
}

func TestJumpPassesOverPlayersAndLogos(t *testing.T) {
	r, s := two(t, "[5,5]", "[6,5]", "[[6,4]]", "")
	requireClean(t, round(t, r, s, "JE -"), 0)
	require.Equal(t, Cell{7, 5}, s.players[0].Pos, "over seat 1")
	require.Equal(t, 2, s.players[0].Jumps)
	round(t, r, s, "N -") // to (7,4), next to the logo
	requireClean(t, round(t, r, s, "JO -"), 0)
	require.Equal(t, Cell{5, 4}, s.players[0].Pos, "over the logo")
	require.Equal(t, noOne, s.players[0].Carrying, "a logo jumped over is not picked up")
	require.Equal(t, Cell{6, 4}, s.logos[0].Pos)
	require.Equal(t, 1, s.players[0].Jumps)
}

func TestJumpCharges(t *testing.T) {
	r, s := two(t, "[5,5]", "[10,10]", "", "")
	for k, a := range []string{"JE", "JO", "JE"} {
		requireClean(t, round(t, r, s, a+" E"), 0)
		require.Equal(t, 2-k, s.players[0].Jumps)
		round(t, r, s, "N O")
	}
	log := round(t, r, s, "JE E")
	require.Empty(t, log.Faults())
	require.Equal(t, "JE: no jump left; penalty, stunned next round", log.Penalties()[0].Msg)
	require.Equal(t, -5, s.players[0].Score)
}

// TestSlap checks a slap: +2 to the mover, the victim stunned next round
// and its logo dropped, the victim protected from the mover.
func TestSlap(t *testing.T) {
	r := newRules(t, `{"players":2,"order":"fixed","starts":[[5,5],[7,6]],"caddies":[[0,12],[15,0]],"logos":[[7,5]],"logo_count":1}`)
	s := newGame(t, r)
	round(t, r, s, "E N") // seat 0 to (6,5); seat 1 to (7,5), on the logo, slaps seat 0 on arrival
	require.Equal(t, 1+2, s.players[1].Score, "seat 1: a pick-up and a slap")
	require.True(t, s.players[0].Stunned)
	require.Equal(t, 0, s.players[1].Protected)

	r = newRules(t, `{"players":2,"order":"fixed","starts":[[5,5],[7,5]],"caddies":[[0,12],[15,0]],"logos":[[9,9]],"logo_count":1}`)
	s = newGame(t, r)
	carry(s, 1, 0)
	round(t, r, s, "E -") // seat 0 to (6,5), next to seat 1
	require.Equal(t, 2, s.players[0].Score)
	require.Equal(t, 1, s.players[0].Slaps)
	require.Equal(t, 1, s.players[0].Protected)
	require.True(t, s.players[1].Stunned)
	require.Equal(t, noOne, s.players[1].Carrying, "the victim drops its logo")
	require.Equal(t, noOne, s.logos[0].Carrier)
}

func TestSafeAtHome(t *testing.T) {
	r, s := two(t, "[5,5]", "[7,5]", "", "") // seat 1 on its caddie
	round(t, r, s, "E -")
	require.Equal(t, 0, s.players[0].Score, "no slap of a player at home")
	require.Equal(t, noOne, s.players[0].Protected)
	require.Zero(t, s.players[0].Slaps)
}

// TestProtectionAfterASingleSlap: the lone victim of a slap is protected
// from the mover until the mover slaps someone else alone.
func TestProtectionAfterASingleSlap(t *testing.T) {
	r := newRules(t, `{"players":3,"order":"fixed","starts":[[5,5],[7,5],[5,9]],"caddies":[[0,12],[15,0],[15,12]],"logo_count":0}`)
	s := newGame(t, r)
	round(t, r, s, "E - -") // seat 0 to (6,5): slaps seat 1
	require.Equal(t, 2, s.players[0].Score)
	require.Equal(t, 1, s.players[0].Protected)
	round(t, r, s, "O - -") // away; seats 1 and 2 are stunned
	round(t, r, s, "E - -") // back next to seat 1: protected
	require.Equal(t, 2, s.players[0].Score, "no second slap of the protected player")
	require.Equal(t, 1, s.players[0].Protected)
	// Slapping seat 2 alone moves the protection to it.
	round(t, r, s, "S - -") // (6,6)
	round(t, r, s, "S - -") // (6,7)
	round(t, r, s, "O - -") // (5,7)
	round(t, r, s, "S - -") // (5,8), next to seat 2 at (5,9)
	require.Equal(t, 4, s.players[0].Score)
	require.Equal(t, 2, s.players[0].Protected)
}

// TestSingleSlapBesideTheProtectedOne: a lone slap counts as single even
// when the protected neighbour was skipped.
func TestSingleSlapBesideTheProtectedOne(t *testing.T) {
	r := newRules(t, `{"players":3,"order":"fixed","starts":[[5,5],[7,5],[6,7]],"caddies":[[0,12],[15,0],[15,12]],"logo_count":0}`)
	s := newGame(t, r)
	s.players[0].Protected = 1
	round(t, r, s, "E - -") // (6,5): next to seat 1 (protected) and not seat 2 (two rows down)
	require.Equal(t, 0, s.players[0].Score)
	round(t, r, s, "S - -") // (6,6): next to seat 2 at (6,7); seat 1 at (7,5) is diagonal
	require.Equal(t, 2, s.players[0].Score)
	require.Equal(t, 2, s.players[0].Protected)
}

// TestNoProtectionAfterACombo: after slapping two players at once the mover
// protects no one (not even the one it protected before), and slaps them
// both again.
func TestNoProtectionAfterACombo(t *testing.T) {
	r := newRules(t, `{"players":4,"order":"fixed","starts":[[5,5],[7,5],[6,6],[12,12]],"caddies":[[0,12],[15,0],[15,12],[0,0]],"logo_count":0}`)
	s := newGame(t, r)
	s.players[0].Protected = 3
	round(t, r, s, "E - - -") // (6,5): seats 1 (east) and 2 (south)
	require.Equal(t, 4, s.players[0].Score)
	require.Equal(t, 2, s.players[0].Slaps)
	require.Equal(t, noOne, s.players[0].Protected)
	round(t, r, s, "N - - -")
	round(t, r, s, "S - - -") // back: both again
	require.Equal(t, 8, s.players[0].Score)
	require.Equal(t, noOne, s.players[0].Protected)
}

func TestStunnedPlayerCanBeSlapped(t *testing.T) {
	r := newRules(t, `{"players":2,"order":"fixed","starts":[[4,5],[7,5]],"caddies":[[0,12],[15,0]],"logo_count":0}`)
	s := newGame(t, r)
	round(t, r, s, "E -") // seat 1 gives no answer: stunned in round 2
	require.True(t, s.players[1].Stunned)
	round(t, r, s, "E -") // seat 0 to (6,5), next to the stunned seat 1
	require.Equal(t, 2, s.players[0].Score)
	require.True(t, s.players[1].Stunned, "stunned again, for round 3")
	require.Equal(t, 1, s.players[1].NoAnswers)
}

// TestSlappedPlayerStillMoves: a player slapped earlier in the round makes
// the move it sent; the stun is for the next round.
func TestSlappedPlayerStillMoves(t *testing.T) {
	r := newRules(t, `{"players":2,"order":"fixed","starts":[[4,5],[6,5]],"caddies":[[0,12],[15,0]],"logo_count":0}`)
	s := newGame(t, r)
	round(t, r, s, "E S") // seat 0 to (5,5) slaps seat 1, which still goes to (6,6)
	require.Equal(t, Cell{6, 6}, s.players[1].Pos)
	require.Equal(t, 0, s.players[1].Score, "(6,6) is diagonal to seat 0: no slap back")
	require.True(t, s.players[1].Stunned)
}

func TestEightAdjacency(t *testing.T) {
	for adj, want := range map[string]int{"4": 0, "8": 2} {
		r := newRules(t, `{"players":2,"starts":[[4,5],[6,6]],"caddies":[[0,12],[15,0]],"logo_count":0,"slap_adjacency":`+adj+`}`)
		s := newGame(t, r)
		var v View
		r.Observe(s, 0, &v)
		require.Equal(t, want > 0, v.Reaches(Cell{5, 5}, Cell{6, 6}), "slap_adjacency=%s", adj)
		require.True(t, v.Reaches(Cell{5, 5}, Cell{5, 6}))
		require.False(t, v.Reaches(Cell{5, 5}, Cell{5, 7}))
		round(t, r, s, "E -") // (5,5): seat 1 is diagonal
		require.Equal(t, want, s.players[0].Score, "slap_adjacency=%s", adj)
	}
}

func TestPickUpAndRePickUp(t *testing.T) {
	r, s := two(t, "[5,5]", "[10,10]", "[[5,6],[5,7]]", "")
	round(t, r, s, "S -")
	require.Equal(t, 1, s.players[0].Score)
	require.Equal(t, 0, s.players[0].Carrying)
	round(t, r, s, "S -") // onto the second logo while carrying the first
	require.Equal(t, 1, s.players[0].Score, "a carrier picks up nothing")
	require.Equal(t, 0, s.players[0].Carrying)
	require.Equal(t, int16(2), s.logoAt[s.index(Cell{5, 7})], "the second logo stays")
	// Dropping the logo and picking it up again scores again.
	round(t, r, s, "JO -") // to (3,7)
	round(t, r, s, "JO -") // to (1,7)
	round(t, r, s, "JO -") // to (-1,7): forbidden, the logo drops
	require.Equal(t, 1-5, s.players[0].Score)
	dropped := s.logos[0].Pos
	require.Equal(t, noOne, s.logos[0].Carrier)
	round(t, r, s, "- -") // stunned
	for s.players[0].Pos != dropped {
		p := s.players[0].Pos
		a := "S"
		switch {
		case dropped.X > p.X:
			a = "E"
		case dropped.X < p.X:
			a = "O"
		case dropped.Y < p.Y:
			a = "N"
		}
		round(t, r, s, a+" -")
	}
	require.Equal(t, 1-5+1, s.players[0].Score, "a re-pick-up scores again")
	require.Equal(t, 2, s.players[0].Pickups)
}

func TestDelivery(t *testing.T) {
	r := newRules(t, `{"players":2,"starts":[[5,5],[10,10]],"caddies":[[5,8],[5,7]],"logos":[[5,6]],"logo_count":1}`)
	s := newGame(t, r)
	round(t, r, s, "S -") // pick up
	round(t, r, s, "S -") // seat 1's caddie: an ordinary cell
	require.Equal(t, 0, s.players[0].Carrying)
	require.Equal(t, 1, s.players[0].Score)
	round(t, r, s, "S -") // home
	require.Equal(t, 31, s.players[0].Score)
	require.Equal(t, noOne, s.players[0].Carrying)
	require.True(t, s.logos[0].Delivered)
	require.Equal(t, 1, s.players[0].Deliveries)
	var v View
	r.Observe(s, 0, &v)
	require.Equal(t, 0, v.LogosLeft())
}

// TestDropsLandOnFreeCells drops a logo many times in a crowded corner, for
// both metrics: always within distance 1..2, never on a player, a logo or a
// caddie, and every such cell is reached.
func TestDropsLandOnFreeCells(t *testing.T) {
	for _, metric := range []string{MetricManhattan, MetricChebyshev} {
		r := newRules(t, `{"players":3,"starts":[[1,1],[2,1],[1,2]],"caddies":[[0,0],[3,1],[0,2]],"logos":[[2,2],[1,0]],"logo_count":2,"drop_metric":"`+metric+`"}`)
		seen := map[Cell]int{}
		for seed := range uint64(400) {
			s := newGame(t, r)
			i := s.index(Cell{2, 2})
			s.logoAt[i] = 0
			s.logos[0].Carrier, s.players[0].Carrying = 0, 0
			s.logos[0].Pos = Cell{1, 1}
			r.dropLogo(s, 0, sim.NewRand(seed, sim.EngineStream))
			checkInvariants(t, r, s)
			c := s.logos[0].Pos
			d := r.distance(c.X-1, c.Y-1)
			require.True(t, d >= 1 && d <= 2, "%s: %v at distance %d", metric, c, d)
			seen[c]++
		}
		// Every cell of the board within distance 2 of (1,1), less the
		// players, the other logo and the caddies.
		want := 0
		for y := range 4 {
			for x := range 4 {
				c := Cell{x, y}
				if d := r.distance(x-1, y-1); d >= 1 && d <= 2 && c != (Cell{2, 1}) && c != (Cell{1, 2}) && c != (Cell{1, 0}) &&
					c != (Cell{0, 0}) && c != (Cell{3, 1}) && c != (Cell{0, 2}) {
					want++
					require.Contains(t, seen, c, "%s: never dropped on %v", metric, c)
				}
			}
		}
		require.Len(t, seen, want, metric)
	}
}

// TestDropWhenBoxedIn: with no free cell within the radius the logo goes to
// the nearest free cell, ties by lowest y then x.
func TestDropWhenBoxedIn(t *testing.T) {
	// Seat 0 in the corner; (1,0) holds seat 1, (0,1) seat 1's caddie, so
	// nothing is free at distance 1; at distance 2, (2,0) holds a logo,
	// and (1,1) comes before (0,2).
	r := newRules(t, `{"players":2,"drop_radius":1,"starts":[[0,0],[1,0]],"caddies":[[15,12],[0,1]],"logos":[[2,0],[5,5]],"logo_count":2}`)
	s := newGame(t, r)
	s.logoAt[s.index(Cell{5, 5})] = 0
	s.logos[1] = Logo{Pos: Cell{0, 0}, Carrier: 0}
	s.players[0].Carrying = 1
	r.dropLogo(s, 0, sim.NewRand(1, sim.EngineStream))
	checkInvariants(t, r, s)
	require.Equal(t, Cell{1, 1}, s.logos[1].Pos)
}

// TestVictimsDropInSeatOrder: in a combo each victim's drop sees the logos
// dropped before it. On a 3×3 board both victims are boxed in, and the
// nearest free cell of both is (0,1), which seat 1's logo takes first.
func TestVictimsDropInSeatOrder(t *testing.T) {
	// Seat 0 moves from (0,1) to (1,1), next to seats 1 (1,0) and 2 (1,2);
	// the corners but (2,2) are caddies, (2,2) holds a free logo.
	r := newRules(t, `{"width":3,"height":3,"players":3,"drop_radius":1,"starts":[[0,1],[1,0],[1,2]],"caddies":[[0,0],[2,0],[0,2]],"logos":[[2,2],[2,1],[1,1]],"logo_count":3}`)
	s := newGame(t, r)
	carry(s, 1, 1)
	carry(s, 2, 2)
	round(t, r, s, "E - -")
	require.Equal(t, 4, s.players[0].Score)
	require.Equal(t, Cell{0, 1}, s.logos[1].Pos, "seat 1 drops first, on the nearest free cell")
	require.Equal(t, Cell{2, 1}, s.logos[2].Pos, "seat 2 then finds (0,1) taken")
}

// TestResolutionOrder checks who moves first in each round: the two seats
// make for the same cell, the first to be resolved takes it and the other's
// move is forbidden.
func TestResolutionOrder(t *testing.T) {
	for _, tc := range []struct {
		order  string
		rounds []int // the first seat of rounds 1, 2, 3
	}{{OrderRotate, []int{0, 1, 2}}, {OrderFixed, []int{0, 0, 0}}} {
		r := newRules(t, `{"players":3,"logo_count":0,"order":"`+tc.order+`"}`)
		for k, first := range tc.rounds {
			s := newGame(t, r)
			s.round = k // round k+1 is next
			r.Step(s, []Action{East, East, East}, nil, &sim.FaultLog{})
			require.Equal(t, first, s.order[0], "%s: round %d", tc.order, k+1)
			for j := range s.order {
				require.Equal(t, (first+j)%3, s.order[j])
			}
		}
	}
	// The order decides a race for a cell: seat 1 moves out of (6,5) and
	// seat 0 into it; resolved first, seat 0 finds it taken.
	r := newRules(t, `{"players":2,"starts":[[5,5],[6,5]],"caddies":[[0,12],[15,0]],"logo_count":0}`)
	s := newGame(t, r)
	log := round(t, r, s, "E E") // round 1: seat 0 first
	require.Empty(t, log.Faults())
	require.Equal(t, "E: target holds a player; penalty, stunned next round", log.Penalties()[0].Msg)
	require.Equal(t, Cell{5, 5}, s.players[0].Pos)
	s = newGame(t, r)
	s.round = 1
	log = round(t, r, s, "E E")
	requireClean(t, log, 0, "round 2: seat 1 first")
	requireClean(t, log, 1, "round 2: seat 1 first")
	require.Equal(t, Cell{6, 5}, s.players[0].Pos)
	require.Equal(t, 2, s.players[0].Score, "seat 0 arrives next to seat 1 at (7,5)")
}

func TestEventPoints(t *testing.T) {
	for _, tc := range []struct {
		places []int
		want   []float64
	}{
		{[]int{1, 2, 3, 4, 5, 6}, []float64{8, 5, 3, 2, 1, 0}},
		{[]int{1, 1, 3, 4, 5, 6}, []float64{6.5, 6.5, 3, 2, 1, 0}},
		{[]int{2, 1, 2, 2, 5, 5}, []float64{10.0 / 3, 8, 10.0 / 3, 10.0 / 3, 0.5, 0.5}},
		{[]int{1, 1, 1, 1, 1, 1}, []float64{19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6, 19.0 / 6}},
		{[]int{2, 1}, []float64{5, 8}},
	} {
		require.InDeltaSlice(t, tc.want, EventPoints(tc.places, nil), 1e-12, "%v", tc.places)
	}
}

func TestOutcomePlacesByScoreNegativeIncluded(t *testing.T) {
	r := newRules(t, `{"players":3,"logo_count":0}`)
	s := newGame(t, r)
	s.players[0].Score, s.players[1].Score, s.players[2].Score = -5, 3, -5
	var out sim.Outcome
	r.Outcome(s, &out)
	require.Equal(t, []float64{-5, 3, -5}, out.Scores)
	require.Equal(t, []int{2, 1, 2}, out.Places)
}

func TestViewTellsTheOrder(t *testing.T) {
	for _, order := range []string{OrderRotate, OrderFixed} {
		r := newRules(t, `{"players":3,"logo_count":0,"order":"`+order+`"}`)
		s := newGame(t, r)
		for range 4 {
			var v View
			r.Observe(s, 0, &v)
			r.Step(s, []Action{South, South, South}, nil, &sim.FaultLog{})
			require.Equal(t, s.order[0], v.First(), "%s, round %d", order, v.Round)
			require.True(t, v.Before(s.order[0], s.order[1]))
			require.True(t, v.Before(s.order[1], s.order[2]))
			require.False(t, v.Before(s.order[2], s.order[0]))
			r.Step(s, []Action{North, North, North}, nil, &sim.FaultLog{})
		}
	}
}
