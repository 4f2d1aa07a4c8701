package vampires

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// validity is the position of the validity tests: vampires (seat 0, to
// play) on column 1 in the seed's example cells, and at the bottom right
// corner; werewolves and humans elsewhere.
var validity = []string{
	".  .  .  .  .",
	".  .  .  W5 .",
	".  V2 .  .  .",
	".  V2 V2 .  .",
	".  V2 .  .  .",
	"H3 .  .  .  V1",
}

func TestValidPliesAreAccepted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules string
		ply   string
		after []string
	}{
		{"the seed's valid example: two moves into one cell", `{}`, "MOV 1,2,2,2,2;1,3,2,2,3;1,4,2,2,3", []string{
			".  .  .  .  .",
			".  .  .  W5 .",
			".  .  V2 .  .",
			".  .  V6 .  .",
			".  .  .  .  .",
			"H3 .  .  .  V1",
		}},
		{"a split of a group between two targets", `{}`, "MOV 1,2,1,0,1;1,2,1,2,1", []string{
			".  .  .  .  .",
			"V1 .  V1 W5 .",
			".  .  .  .  .",
			".  V2 V2 .  .",
			".  V2 .  .  .",
			"H3 .  .  .  V1",
		}},
		{"moving part of a group leaves the rest", `{}`, "MOV 1,3,1,0,3", []string{
			".  .  .  .  .",
			".  .  .  W5 .",
			".  V2 .  .  .",
			"V1 V1 V2 .  .",
			".  V2 .  .  .",
			"H3 .  .  .  V1",
		}},
		{"the same move twice adds up", `{}`, "MOV 1,4,1,1,5;1,4,1,1,5", []string{
			".  .  .  .  .",
			".  .  .  W5 .",
			".  V2 .  .  .",
			".  V2 V2 .  .",
			".  .  .  .  .",
			"H3 V2 .  .  V1",
		}},
		{"v10 takes more than 3 moves", `{"ruleset":"v10"}`, "MOV 1,2,2,0,1;1,3,2,0,2;2,3,2,3,4;1,4,2,0,4", []string{
			".  .  .  .  .",
			"V2 .  .  W5 .",
			"V2 .  .  .  .",
			".  .  .  .  .",
			"V2 .  .  V2 .",
			"H3 .  .  .  V1",
		}},
		{"max_moves raises the classic limit", `{"max_moves":4}`, "MOV 1,2,2,0,1;1,3,2,0,2;2,3,2,3,4;1,4,2,0,4", []string{
			".  .  .  .  .",
			"V2 .  .  W5 .",
			"V2 .  .  .  .",
			".  .  .  .  .",
			"V2 .  .  V2 .",
			"H3 .  .  .  V1",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.rules)
			s := sketch(t, r, validity...)
			require.True(t, valid(r, s, mov(t, tc.ply)), "the Checker agrees")
			require.Empty(t, play(t, r, s, tc.ply, nil))
			requireGrid(t, s, tc.after)
			require.False(t, r.Done(s))
			require.Equal(t, 1, r.Turn(s))
			require.Equal(t, []int{1}, r.ToAct(s, nil), "plies alternate")
		})
	}
}

func TestInvalidPliesForfeit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules string
		ply   Ply
		why   string
	}{
		{"the seed's invalid example: a cell both target and source", `{}`, mov(t, "MOV 1,2,1,2,2;1,3,1,2,3;2,3,1,1,4"), "(2,3) is both a source and a target"},
		{"the same, the source listed first", `{}`, mov(t, "MOV 2,3,1,1,4;1,2,1,2,2;1,3,1,2,3"), "(2,3) is both a source and a target"},
		{"a source that is an earlier move's target", `{}`, mov(t, "MOV 1,3,1,1,2;1,2,1,0,2"), "(1,2) is both a source and a target"},
		{"a source holding enemies", `{}`, mov(t, "MOV 3,1,1,3,2"), "the source holds no vampires"},
		{"a source holding humans", `{}`, mov(t, "MOV 0,5,1,0,4"), "the source holds no vampires"},
		{"an empty source", `{}`, mov(t, "MOV 0,0,1,1,1"), "the source holds no vampires"},
		{"a target two columns away", `{}`, mov(t, "MOV 1,2,1,3,2"), "not one of the source's 8 neighbours"},
		{"a target two rows away", `{}`, mov(t, "MOV 1,2,1,1,0"), "not one of the source's 8 neighbours"},
		{"the source as target: standing still", `{}`, mov(t, "MOV 1,2,1,1,2"), "not one of the source's 8 neighbours"},
		{"a target off the grid", `{}`, mov(t, "MOV 4,5,1,5,5"), "the target is off the grid"},
		{"a target off the bottom", `{}`, mov(t, "MOV 4,5,1,4,6"), "the target is off the grid"},
		{"a source off the grid", `{}`, mov(t, "MOV 5,5,1,4,4"), "the source is off the grid"},
		{"a count of 0", `{}`, mov(t, "MOV 1,2,0,2,2"), "the count must be at least 1"},
		{"more than the source holds", `{}`, mov(t, "MOV 1,2,3,2,2"), "3 vampires leave a cell that had 2"},
		{"a split totalling more than the source held", `{}`, mov(t, "MOV 1,2,1,2,2;1,2,2,2,1"), "3 vampires leave a cell that had 2"},
		{"4 moves in classic", `{}`, mov(t, "MOV 1,2,1,0,1;1,3,1,0,2;2,3,1,3,4;1,4,1,0,4"), "4 moves, at most 3 allowed"},
		{"no move: standing still", `{"ruleset":"v10"}`, Ply{Kind: MovePly}, "standing still is not allowed"},
		{"ATK in v10", `{"ruleset":"v10"}`, Atk(Cell{0, 5}), "ATK is not part of the v10 rules"},
		{"ATK on an empty cell", `{}`, Atk(Cell{0, 3}), "ATK target (0,3) holds no humans and no werewolves"},
		{"ATK on an own group", `{}`, Atk(Cell{1, 3}), "ATK target (1,3) holds no humans and no werewolves"},
		{"ATK with no own group next to the target", `{}`, Atk(Cell{3, 1}), "ATK target (3,1) has no vampires next to it"},
		{"ATK off the grid", `{}`, Atk(Cell{9, 0}), "ATK target (9,0) is off the grid"},
		{"an unknown kind of ply", `{}`, Ply{Kind: 7}, "unknown kind of ply 7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.rules)
			s := sketch(t, r, validity...)
			require.False(t, valid(r, s, tc.ply), "the Checker agrees")
			faults := step(t, r, s, tc.ply)
			require.Len(t, faults, 1)
			require.Equal(t, sim.FaultInvalid, faults[0].Kind)
			require.Equal(t, 0, faults[0].Seat)
			require.Contains(t, faults[0].Msg, "invalid ply, forfeit: ")
			require.Contains(t, faults[0].Msg, tc.why)
			requireGrid(t, s, validity, "an invalid ply changes nothing on the grid")
			require.True(t, r.Done(s), "cheating ends the game")
			require.Equal(t, []int{2, 1}, outcome(r, s).Places, "the cheater loses")
		})
	}
}

func TestInvalidPlySkipped(t *testing.T) {
	r := newRules(t, `{"invalid_ply":"skip"}`)
	s := sketch(t, r, validity...)
	faults := play(t, r, s, "MOV 1,2,3,2,2", nil)
	require.Len(t, faults, 1)
	require.Equal(t, sim.FaultInvalid, faults[0].Kind)
	require.Contains(t, faults[0].Msg, "invalid ply, skipped: ")
	require.False(t, r.Done(s))
	require.Equal(t, 1, r.Turn(s), "a skipped ply counts")
	require.Equal(t, []int{1}, r.ToAct(s, nil), "the other seat plays next")
	requireGrid(t, s, validity)
}

func TestNoAnswerIsAVoidPly(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, validity...)
	faults := play(t, r, s, "-", nil)
	require.Len(t, faults, 1)
	require.Equal(t, sim.FaultNoAnswer, faults[0].Kind)
	require.False(t, r.Done(s), "no answer is not cheating")
	require.Equal(t, 1, r.Turn(s))
	require.Equal(t, []int{1}, r.ToAct(s, nil))
	requireGrid(t, s, validity)
}

// TestTextThatIsNoPlyIsInvalid: an answer that was text but no ply (an
// external program's garbage, recorded as an invalid fault before the
// step) is an invalid ply, a forfeit, or void with invalid_ply=skip; the
// fault recorded is the one that tells the text.
func TestTextThatIsNoPlyIsInvalid(t *testing.T) {
	for _, tc := range []struct {
		params string
		over   bool
	}{{`{}`, true}, {`{"invalid_ply":"skip"}`, false}} {
		r := newRules(t, tc.params)
		s := sketch(t, r, validity...)
		var log sim.FaultLog
		log.Begin(1)
		log.Add(0, sim.FaultInvalid, `vampires: ply "garbage": unknown keyword "garbage" (want MOV or ATK)`)
		r.Step(s, make([]Ply, 2), nil, &log)
		require.Equal(t, tc.over, r.Done(s), tc.params)
		require.Equal(t, []sim.Fault{{Seat: 0, Turn: 1, Kind: sim.FaultInvalid, Msg: `vampires: ply "garbage": unknown keyword "garbage" (want MOV or ATK)`}}, log.Faults())
		if tc.over {
			var out sim.Outcome
			r.Outcome(s, &out)
			require.Equal(t, []int{2, 1}, out.Places, "seat 0 forfeits")
		}
		requireGrid(t, s, validity)
	}
}

func TestMerging(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r,
		"V3 V4 .",
		".  V2 W9")
	require.Empty(t, play(t, r, s, "MOV 0,0,3,1,0;1,1,1,1,0", nil))
	requireGrid(t, s, []string{
		".  V8 .",
		".  V1 W9"})
}

func TestConversionAtEqualNumbers(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, "V4 H4 W1")
	play(t, r, s, "MOV 0,0,4,1,0", fixedRand(true))
	requireGrid(t, s, []string{".  V8 W1"}, "A = H converts every human: A + H attackers")

	// One fewer is a random battle, which the humans (the larger side)
	// win; with every attrition draw low, they all die.
	s = sketch(t, r, "V3 H4 W1")
	play(t, r, s, "MOV 0,0,3,1,0", fixedRand(true))
	requireGrid(t, s, []string{".  .  W1"})
	s = sketch(t, r, "V3 H4 W1")
	play(t, r, s, "MOV 0,0,3,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  H4 W1"}, "humans that win stay humans")
}

func TestKillAtKillRatio(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, "V3 W2 W1")
	play(t, r, s, "MOV 0,0,3,1,0", nil)
	requireGrid(t, s, []string{".  V3 W1"}, "A = 1.5·E kills every enemy; the attackers keep the cell")

	// Just under 1.5·E (5 < 6) and E < 1.5·A: a random battle, which the
	// attackers win as the larger side; every winner survives a high draw.
	s = sketch(t, r, "V5 W4 W1")
	play(t, r, s, "MOV 0,0,5,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  V5 W1"})

	r = newRules(t, `{"kill_ratio":2}`)
	s = sketch(t, r, "V5 W3 W1")
	play(t, r, s, "MOV 0,0,5,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  V5 W1"}, "kill_ratio 2: 5 < 6 is a battle, won by the larger side")
	s = sketch(t, r, "V6 W3 W1")
	play(t, r, s, "MOV 0,0,6,1,0", nil)
	requireGrid(t, s, []string{".  V6 W1"})
}

// TestKillRatioIsExact checks thresholds where the float64 product of the
// ratio and a count is just above the whole number it should be: 1.1·50 is
// 55.00000000000001 and 1.35·180 is 243.00000000000003.
func TestKillRatioIsExact(t *testing.T) {
	for _, tc := range []struct {
		name, rules, before, ply, after string
	}{
		{"A = 1.1·E kills", `{"kill_ratio":1.1}`, "V55 W50 W1", "MOV 0,0,55,1,0", ".  V55 W1"},
		{"E = 1.1·A defends outright", `{"kill_ratio":1.1}`, "V50 W55 W1", "MOV 0,0,50,1,0", ".  W105 W1"},
		{"E = 1.1·A defends outright, v10", `{"kill_ratio":1.1,"ruleset":"v10"}`, "V50 W55 W1", "MOV 0,0,50,1,0", ".  W55 W1"},
		{"A = 1.35·E kills", `{"kill_ratio":1.35}`, "V243 W180 W1", "MOV 0,0,243,1,0", ".  V243 W1"},
		{"E = 1.35·A defends outright", `{"kill_ratio":1.35}`, "V180 W243 W1", "MOV 0,0,180,1,0", ".  W423 W1"},
		{"trailing zeros do not count", `{"kill_ratio":1.10000}`, "V55 W50 W1", "MOV 0,0,55,1,0", ".  V55 W1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.rules)
			s := sketch(t, r, tc.before)
			require.Empty(t, play(t, r, s, tc.ply, nil), "no random battle: it would need a stream")
			requireGrid(t, s, []string{tc.after})
		})
	}
	// One fewer is a random battle, which the larger side wins: with no
	// attrition, every winner survives.
	r := newRules(t, `{"kill_ratio":1.35,"classic_attrition":0}`)
	s := sketch(t, r, "V242 W180 W1")
	play(t, r, s, "MOV 0,0,242,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  V242 W1"})
	s = sketch(t, r, "V180 W242 W1")
	play(t, r, s, "MOV 0,0,180,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  W242 W1"})
}

func TestRatio(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Ratio
	}{
		{"1.5", Ratio{3, 2}}, {"2", Ratio{2, 1}}, {"1.1", Ratio{11, 10}}, {"1.35", Ratio{27, 20}},
		{"1.0001", Ratio{10001, 10000}}, {"100", Ratio{100, 1}}, {"1.50", Ratio{3, 2}},
	} {
		r, err := parseRatio(tc.text)
		require.NoError(t, err, tc.text)
		require.Equal(t, tc.want, r, tc.text)
	}
	r := Ratio{11, 10}
	require.True(t, r.AtLeast(55, 50))
	require.False(t, r.AtLeast(54, 50))
	require.True(t, r.AtLeastFloat(55, 50), "whole numbers as floats: exact too")
	require.False(t, r.AtLeastFloat(54.999, 50))
	require.InDelta(t, 1.1, r.Float64(), 1e-15)
}

func TestOutrightDefence(t *testing.T) {
	for _, tc := range []struct {
		rules string
		after string
	}{
		{`{}`, ".  W5 V1"},                       // classic: the attackers are converted
		{`{"ruleset":"v10"}`, ".  W3 V1"},        // v10: they are killed
		{`{"defender_wins":"kill"}`, ".  W3 V1"}, // classic with kill
		{`{"ruleset":"v10","defender_wins":"convert"}`, ".  W5 V1"},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			r := newRules(t, tc.rules)
			s := sketch(t, r, "V2 W3 V1")
			play(t, r, s, "MOV 0,0,2,1,0", nil)
			requireGrid(t, s, []string{tc.after}, "E = 1.5·A: the defenders win outright")
		})
	}
	// Just under: 3 against 4 (4 < 1.5·3) is a random battle, which the
	// larger side, the defenders, wins.
	r := newRules(t, `{}`)
	s := sketch(t, r, "V3 W4 V1")
	play(t, r, s, "MOV 0,0,3,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  W4 V1"})
}

func TestClassicBattleWinners(t *testing.T) {
	r := newRules(t, `{"classic_attrition":0}`)
	for _, tc := range []struct {
		name   string
		before string
		ply    string
		after  string
	}{
		{"a tie goes to the attackers", "V4 W4 V1", "MOV 0,0,4,1,0", ".  V4 V1"},
		{"more defenders win", "V4 W5 V1", "MOV 0,0,4,1,0", ".  W5 V1"},
		{"more attackers win", "V5 W4 V1", "MOV 0,0,5,1,0", ".  V5 V1"},
		{"humans win against fewer attackers", "V4 H5 W1", "MOV 0,0,4,1,0", ".  H5 W1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := sketch(t, r, tc.before)
			play(t, r, s, tc.ply, sim.NewRand(1, sim.EngineStream))
			requireGrid(t, s, []string{tc.after})
		})
	}
}

func TestV10BattleWinner(t *testing.T) {
	r := newRules(t, `{"ruleset":"v10"}`)
	// 4 against 5: P = 0.4. A low first draw is a win for the attackers,
	// and then every low draw keeps an attacker.
	s := sketch(t, r, "V4 W5 V1")
	play(t, r, s, "MOV 0,0,4,1,0", fixedRand(true))
	requireGrid(t, s, []string{".  V4 V1"})
	// A high first draw is a loss, and every high draw kills a defender.
	s = sketch(t, r, "V4 W5 V1")
	play(t, r, s, "MOV 0,0,4,1,0", fixedRand(false))
	requireGrid(t, s, []string{".  .  V1"})
	// Won against humans, every low draw converts a human.
	s = sketch(t, r, "V3 H5 W1")
	play(t, r, s, "MOV 0,0,3,1,0", fixedRand(true))
	requireGrid(t, s, []string{".  V8 W1"})
}

func TestWinChance(t *testing.T) {
	for _, tc := range []struct {
		a, d int
		p    float64
	}{
		{5, 5, 0.5}, {4, 5, 0.4}, {1, 4, 0.125}, {5, 4, 0.75}, {6, 4, 1}, {10, 4, 1},
	} {
		require.InDelta(t, tc.p, WinChance(float64(tc.a), float64(tc.d)), 1e-12, "%d against %d", tc.a, tc.d)
	}
}

func TestAttackSumsEveryNeighbour(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r,
		"V1 .  V2 V7",
		".  W2 .  .",
		".  V1 .  .",
		"V9 .  .  .")
	// (0,0), (2,0) and (1,2) surround the werewolves: 4 attackers against
	// 2 kill them, where each alone would not; the groups at (3,0) and
	// (0,3) are not neighbours and stay.
	require.Empty(t, play(t, r, s, "ATK 1,1", nil))
	requireGrid(t, s, []string{
		".  .  .  V7",
		".  V4 .  .",
		".  .  .  .",
		"V9 .  .  ."}, "1+2+1 = 4 attackers ≥ 1.5·2 kill the werewolves")
	require.True(t, r.Done(s), "the werewolves are extinct")

	// ATK on humans converts with the combined count.
	s = sketch(t, r,
		"V2 H5 V3",
		".  .  W1")
	require.Empty(t, play(t, r, s, "ATK 1,0", nil))
	requireGrid(t, s, []string{
		".  V10 .",
		".  .  W1"})
}

func TestTargetsResolveInRowMajorOrder(t *testing.T) {
	// Two battles, drawn from one stream: the order decides which draws
	// each gets. Row-major order resolves (2,0) before (0,1), whatever the
	// order of the moves.
	r := newRules(t, `{}`)
	a := sketch(t, r,
		".  V5 W4",
		"W4 V5 .")
	b := sketch(t, r,
		".  V5 W4",
		"W4 V5 .")
	play(t, r, a, "MOV 1,0,5,2,0;1,1,5,0,1", sim.NewRand(3, sim.EngineStream))
	play(t, r, b, "MOV 1,1,5,0,1;1,0,5,2,0", sim.NewRand(3, sim.EngineStream))
	require.Equal(t, draw(a), draw(b))
}

func TestExtinctionWins(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, "V3 W2 H1")
	play(t, r, s, "MOV 0,0,3,1,0", nil)
	require.True(t, r.Done(s))
	require.Equal(t, sim.Outcome{Scores: []float64{3, 0}, Places: []int{1, 2}}, outcome(r, s))
}

func TestDoubleExtinctionIsADraw(t *testing.T) {
	// One against one: the tie goes to the attacker, who then dies of
	// attrition with a low draw. Neither species is left.
	r := newRules(t, `{}`)
	s := sketch(t, r, "V1 W1 H1")
	play(t, r, s, "MOV 0,0,1,1,0", fixedRand(true))
	requireGrid(t, s, []string{".  .  H1"})
	require.True(t, r.Done(s))
	require.Equal(t, sim.Outcome{Scores: []float64{0, 0}, Places: []int{1, 1}}, outcome(r, s))
}

func TestDaybreak(t *testing.T) {
	r := newRules(t, `{"max_plies":3}`)
	s := sketch(t, r, "V3 . . . W2")
	play(t, r, s, "MOV 0,0,3,1,0", nil)
	play(t, r, s, "MOV 4,0,2,3,0", nil)
	require.False(t, r.Done(s))
	play(t, r, s, "-", nil) // a void ply counts
	require.True(t, r.Done(s), "daybreak after ply max_plies")
	require.Equal(t, sim.Outcome{Scores: []float64{3, 2}, Places: []int{1, 2}}, outcome(r, s), "the larger species wins")

	r = newRules(t, `{"max_plies":2}`)
	s = sketch(t, r, "V3 . . . W3")
	play(t, r, s, "MOV 0,0,3,1,0", nil)
	play(t, r, s, "MOV 4,0,3,3,0", nil)
	require.True(t, r.Done(s))
	require.Equal(t, sim.Outcome{Scores: []float64{3, 3}, Places: []int{1, 1}}, outcome(r, s), "equal totals: a draw")
}

func TestSeat0Species(t *testing.T) {
	r := newRules(t, `{"seat0_species":"werewolves"}`)
	s := sketch(t, r, "V3 . . . W2")
	require.Empty(t, play(t, r, s, "MOV 4,0,2,3,0", nil), "seat 0 plays the werewolves, first")
	require.Len(t, play(t, r, s, "MOV 3,0,2,2,0", nil), 1, "seat 1 may not move werewolves")
	require.Equal(t, []int{1, 2}, outcome(r, s).Places, "seat 1 cheated")
	require.Equal(t, []float64{2, 3}, outcome(r, s).Scores, "scores are the seats' own species")
}

func TestInitLoadsTheMap(t *testing.T) {
	r := newRules(t, `{"map":"duel"}`)
	s := &State{}
	r.Init(s, nil)
	checkInvariants(t, s)
	m := r.Map
	require.Equal(t, m.Rows, s.rows)
	require.Equal(t, m.Columns, s.columns)
	require.Equal(t, Group{Vampires, m.Vampires.Count}, s.cells[s.index(m.Vampires.Cell)])
	require.Equal(t, Group{Werewolves, m.Werewolves.Count}, s.cells[s.index(m.Werewolves.Cell)])
	humans := 0
	for _, h := range m.Humans {
		require.Equal(t, Group{Humans, h.Count}, s.cells[s.index(h.Cell)])
		humans += h.Count
	}
	require.Equal(t, humans, s.Population(Humans))

	// A state reused from a larger map starts clean.
	big := newRules(t, `{"map":"large"}`)
	big.Init(s, nil)
	play(t, big, s, "MOV 4,4,12,5,5", nil)
	r.Init(s, nil)
	checkInvariants(t, s)
	require.Equal(t, 0, s.ply)
	require.Equal(t, humans, s.Population(Humans))
}

func TestAppendState(t *testing.T) {
	r := newRules(t, `{}`)
	s := sketch(t, r, "V3 . H2", ". W1 .")
	require.Equal(t, `{"ply":0,"rows":2,"columns":3,"to_act":0,"over":false,"forfeit":null,"species":["vampires","werewolves"],"population":[2,3,1],"cells":[[0,0,0,3,0],[2,0,2,0,0],[1,1,0,0,1]]}`,
		string(r.AppendState(nil, s)))
	play(t, r, s, "MOV 0,0,9,1,0", nil)
	require.Contains(t, string(r.AppendState(nil, s)), `"ply":1,"rows":2,"columns":3,"to_act":1,"over":true,"forfeit":0,`)
}

func TestObserve(t *testing.T) {
	r := newRules(t, `{"max_plies":10}`)
	s := sketch(t, r, "V3 . H2", ". W1 .")
	play(t, r, s, "MOV 0,0,3,1,0", nil)
	var v View
	r.Observe(s, 1, &v)
	require.Equal(t, Werewolves, v.Me)
	require.Equal(t, Vampires, v.Enemy())
	require.Equal(t, 2, v.Ply)
	require.Equal(t, 9, v.Remaining)
	require.Equal(t, Group{Vampires, 3}, v.At(Cell{1, 0}))
	require.True(t, v.OnGrid(Cell{2, 1}))
	require.False(t, v.OnGrid(Cell{3, 0}))
	require.Equal(t, 3, v.Population(Vampires))
	require.Equal(t, []Located{{Cell{1, 0}, Group{Vampires, 3}}, {Cell{2, 0}, Group{Humans, 2}}, {Cell{1, 1}, Group{Werewolves, 1}}}, v.AppendGroups(nil))
	require.Equal(t, `{"seat":1,"species":"werewolves","ply":2,"remaining":9,"rows":2,"columns":3,"cells":[[1,0,0,3,0],[2,0,2,0,0],[1,1,0,0,1]]}`, string(v.AppendJSON(nil)))
	require.Equal(t, 3, v.Config.MaxMoves)
}

func TestHashChangesWithTheState(t *testing.T) {
	r := newRules(t, `{}`)
	a, b := sketch(t, r, "V3 . W1"), sketch(t, r, "V3 . W1")
	require.Equal(t, r.Hash(a), r.Hash(b))
	play(t, r, a, "MOV 0,0,3,1,0", nil)
	require.NotEqual(t, r.Hash(a), r.Hash(b))
	play(t, r, b, "MOV 0,0,2,1,0", nil)
	require.NotEqual(t, r.Hash(a), r.Hash(b), "same cells, other counts")
}

// valid asks a Checker whether p is valid for the seat to play in s; the
// Checker must leave s as it found it.
func valid(r *Rules, s *State, p Ply) bool {
	var v View
	r.Observe(s, s.toAct(), &v)
	before := draw(s)
	var c Checker
	ok := c.Valid(&v, p)
	if !slices.Equal(before, draw(s)) {
		panic("the Checker changed the state")
	}
	return ok
}

// mov parses a ply for a table.
func mov(t testing.TB, text string) Ply {
	t.Helper()
	p, err := ParsePly(text)
	require.NoError(t, err)
	return p
}

// step plays a ply given as a value.
func step(t testing.TB, r *Rules, s *State, p Ply) []sim.Fault {
	t.Helper()
	acts := make([]Ply, 2)
	acts[s.toAct()] = p
	var log sim.FaultLog
	log.Begin(s.ply + 1)
	r.Step(s, acts, nil, &log)
	checkInvariants(t, s)
	return log.Faults()
}

// requireGrid checks the position against rows in sketch's notation,
// which may align their columns with extra spaces.
func requireGrid(t testing.TB, s *State, rows []string, msgAndArgs ...any) {
	t.Helper()
	want := make([]string, len(rows))
	for i, r := range rows {
		want[i] = strings.Join(strings.Fields(r), " ")
	}
	require.Equal(t, want, draw(s), msgAndArgs...)
}
