package vampires

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// played starts a match on a map file's text, plays the given plies and
// returns what the seat to play then sees.
func played(t *testing.T, overrides sim.Params, xml string, plies ...string) *vampires.View {
	t.Helper()
	rules, _ := newRules(t, overrides)
	m, err := vampires.ParseMap("test", []byte(xml))
	require.NoError(t, err)
	rules.Map = m
	var s vampires.State
	rules.Init(&s, nil)
	for _, text := range plies {
		p, err := vampires.ParsePly(text)
		require.NoError(t, err)
		acts := make([]vampires.Ply, 2)
		acts[rules.Turn(&s)%2] = p
		var log sim.FaultLog
		rules.Step(&s, acts, nil, &log)
		require.Empty(t, log.Faults(), text)
	}
	var v vampires.View
	rules.Observe(&s, rules.Turn(&s)%2, &v)
	return &v
}

// validPlies lists, by brute force, every valid ply of the set the random
// bot draws from: ATK on each cell, and each list of 1 to k moves of an own
// group's cell, a count up to its size and any of the 8 neighbours, as
// the engine's Checker judges them.
func validPlies(v *vampires.View, k int) []string {
	var alphabet []vampires.Move
	for _, g := range v.AppendGroups(nil) {
		if g.Kind != v.Me {
			continue
		}
		for n := 1; n <= g.Count; n++ {
			for _, d := range neighbours {
				alphabet = append(alphabet, vampires.Move{From: g.Cell, Count: n, To: add(g.Cell, d)})
			}
		}
	}
	var checker vampires.Checker
	var valid []string
	for y := range v.Rows {
		for x := range v.Columns {
			if p := vampires.Atk(vampires.Cell{X: x, Y: y}); checker.Valid(v, p) {
				valid = append(valid, p.String())
			}
		}
	}
	var extend func(moves []vampires.Move)
	extend = func(moves []vampires.Move) {
		if len(moves) > 0 {
			if p := vampires.Mov(moves...); checker.Valid(v, p) {
				valid = append(valid, p.String())
			}
		}
		if len(moves) == k {
			return
		}
		for _, m := range alphabet {
			extend(append(moves[:len(moves):len(moves)], m))
		}
	}
	extend(nil)
	return valid
}

// TestRandomIsUniform draws many plies on positions small enough to list
// every valid ply: each draw must be one of them, every one must come up,
// and the counts must pass Pearson's χ² test against the uniform
// distribution. The position has two adjacent own groups, so that some
// proposals break the rule that no cell is both a source and a target.
func TestRandomIsUniform(t *testing.T) {
	const xml = `<Map Rows="2" Columns="3">
		<Vampires X="0" Y="0" Count="3"/><Humans X="2" Y="0" Count="1"/><Werewolves X="2" Y="1" Count="1"/></Map>`
	for _, tc := range []struct {
		name   string
		params sim.Params
		k      int // the most moves of a ply
		plies  int // how many valid plies there are
	}{
		// A = (0,0) holds 2 with 3 steps, B = (1,0) holds 1 with 5 steps.
		// One move: 2·3 + 5 = 11. Two: A twice 1·3·3 = 9, A and B in
		// either order 2·(2·2·4) = 32 (A not onto B, B not onto A). Three:
		// A, A and B, 3 orders of 1·2·2·4 = 48. ATK: the humans and the
		// werewolves, next to B.
		{"classic", params("ruleset", "classic"), 3, 11 + 41 + 48 + 2},
		{"v10, no limit: 3 moves", params("ruleset", "v10"), 3, 11 + 41 + 48},
		{"max_moves 2", params("ruleset", "classic", "max_moves", 2), 2, 11 + 41 + 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Vampires (0,0):2 and (1,0):1 to play, werewolves at (1,1).
			v := played(t, tc.params, xml, "MOV 0,0,1,1,0", "MOV 2,1,1,1,1")
			valid := validPlies(v, tc.k)
			require.Len(t, valid, tc.plies)
			index := map[string]int{}
			for i, p := range valid {
				index[p] = i
			}
			require.Len(t, index, len(valid), "each ply listed once")
			draws := 400 * len(valid)
			seen := make([]int, len(valid))
			p := &Random{}
			p.Reset(sim.MatchInfo{Seat: 0, Seats: 2}, sim.NewRand(5, 0))
			for range draws {
				ply, err := p.Act(v)
				require.NoError(t, err)
				i, ok := index[ply.String()]
				require.True(t, ok, "%s is not a valid ply", ply)
				seen[i]++
			}
			want := float64(draws) / float64(len(valid))
			chi2 := 0.0
			for i, n := range seen {
				require.NotZero(t, n, "%s never drawn", valid[i])
				d := float64(n) - want
				chi2 += d * d / want
			}
			df := float64(len(valid) - 1)
			// The χ² quantile of 1 − 10⁻⁵ (Wilson–Hilferty: z = 4.265).
			limit := df * math.Pow(1-2/(9*df)+4.265*math.Sqrt(2/(9*df)), 3)
			t.Logf("%d valid plies, %d draws, χ² = %.1f (df %.0f, limit %.1f)", len(valid), draws, chi2, df, limit)
			require.Less(t, chi2, limit)
		})
	}
}

func TestRandomAllocatesNothing(t *testing.T) {
	for _, ruleset := range []string{"classic", "v10"} {
		rules, eff := newRules(t, params("map", "large", "ruleset", ruleset))
		m := sim.NewMatch(rules, eff)
		random := &Random{}
		// Grow the buffers on a whole match, then measure on a position.
		m.Play(t.Context(), 1, []player{random, &Random{}})
		v := played(t, params("ruleset", ruleset), `<Map Rows="6" Columns="6">
			<Vampires X="1" Y="1" Count="9"/><Humans X="2" Y="2" Count="3"/><Werewolves X="4" Y="4" Count="9"/></Map>`,
			"MOV 1,1,3,2,1;1,1,3,1,2", "MOV 4,4,4,3,3")
		random.Reset(sim.MatchInfo{Seat: 0, Seats: 2}, sim.NewRand(1, 0))
		for range 100 {
			_, err := random.Act(v)
			require.NoError(t, err)
		}
		if n := testing.AllocsPerRun(1000, func() { random.Act(v) }); n != 0 {
			t.Fatalf("%s: a ply allocates %v times", ruleset, n)
		}
	}
}

// TestRandomKeepsToLongLists checks a max_moves above 3: lists of up to
// max_moves moves come up, all valid.
func TestRandomKeepsToLongLists(t *testing.T) {
	v := played(t, params("max_moves", 6), `<Map Rows="5" Columns="5">
		<Vampires X="2" Y="2" Count="20"/><Werewolves X="0" Y="0" Count="2"/></Map>`)
	p := &Random{}
	p.Reset(sim.MatchInfo{}, sim.NewRand(3, 0))
	var checker vampires.Checker
	longest := 0
	for range 2000 {
		ply, err := p.Act(v)
		require.NoError(t, err)
		require.True(t, checker.Valid(v, ply), ply.String())
		longest = max(longest, len(ply.Moves))
	}
	require.Equal(t, 6, longest)
}
