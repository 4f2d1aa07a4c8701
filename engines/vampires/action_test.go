package vampires

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestParsePly(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Ply
	}{
		{"MOV 1,2,3,2,2", Mov(Move{Cell{1, 2}, 3, Cell{2, 2}})},
		{"MOV 1,2,3,2,2;1,3,1,2,3", Mov(Move{Cell{1, 2}, 3, Cell{2, 2}}, Move{Cell{1, 3}, 1, Cell{2, 3}})},
		{"  MOV  1, 2 ,3,2,2 ; 1,3,1,2,3 \n", Mov(Move{Cell{1, 2}, 3, Cell{2, 2}}, Move{Cell{1, 3}, 1, Cell{2, 3}})},
		{"MOV\t0,0,0,0,0", Mov(Move{Cell{0, 0}, 0, Cell{0, 0}})}, // parses; the rules refuse it
		{"ATK 4,7", Atk(Cell{4, 7})},
		{"ATK  4 , 7 ", Atk(Cell{4, 7})},
	} {
		got, err := ParsePly(tc.text)
		require.NoError(t, err, tc.text)
		require.Equal(t, tc.want, got, tc.text)
	}
}

func TestParsePlyRefusesAnythingElse(t *testing.T) {
	for _, tc := range []struct {
		text, err string
	}{
		{"", "empty ply"},
		{"   ", "empty ply"},
		{"MOV", "MOV needs at least one move x,y,n,x2,y2"},
		{"MOV ", "MOV needs at least one move"},
		{"mov 1,2,3,2,2", `unknown keyword "mov" (want MOV or ATK)`},
		{"MOVE 1,2,3,2,2", `unknown keyword "MOVE"`},
		{"MOV1,2,3,2,2", `unknown keyword "MOV1,2,3,2,2"`},
		{"MOV 1,2,3,2", `move 1: "1,2,3,2" has 4 numbers, want 5 separated by commas`},
		{"MOV 1,2,3,2,2,", "move 1: \"1,2,3,2,2,\" has 6 numbers"},
		{"MOV 1,2,3,2,2;", `move 2: "" has 1 numbers, want 5`},
		{"MOV 1,2,3,2,2;;1,2,3,2,2", "move 2:"},
		{"MOV 1,2,-3,2,2", `move 1: "-3" is not an unsigned whole number`},
		{"MOV 1,2,+3,2,2", `"+3" is not an unsigned whole number`},
		{"MOV 1,2,3e2,2,2", `"3e2" is not an unsigned whole number`},
		{"MOV 1,2,,2,2", `"" is not an unsigned whole number`},
		{"MOV 1 2 3 2 2", "has 1 numbers, want 5"},
		{"MOV 1,2,9999999999,2,2", "9999999999 is too large (at most 1000000000)"},
		{"ATK", "ATK needs a target x,y"},
		{"ATK 4", `"4" has 1 numbers, want 2`},
		{"ATK 4,5,6", "has 3 numbers, want 2"},
		{"ATK 4,5;1,1", `"4,5;1,1" has 3 numbers, want 2`},
		{"MOV 1,2,3,2,2 ATK 4,5", "has 6 numbers, want 5"},
	} {
		_, err := ParsePly(tc.text)
		require.Error(t, err, tc.text)
		require.Contains(t, err.Error(), tc.err, tc.text)
		require.Contains(t, err.Error(), "vampires: ply ", tc.text)
	}
}

func TestAppendPlyRoundTrips(t *testing.T) {
	for _, text := range []string{"MOV 1,2,3,2,2", "MOV 1,2,3,2,2;1,3,1,2,3;0,0,255,1,1", "ATK 4,7"} {
		p, err := ParsePly(text)
		require.NoError(t, err)
		require.Equal(t, text, string(AppendPly(nil, p)))
		require.Equal(t, text, p.String())
	}
	require.Empty(t, Ply{}.String(), "no answer has no text")
}

func TestParams(t *testing.T) {
	r := newRules(t, `{}`)
	require.Equal(t, Config{Ruleset: Classic, Seat0: Vampires, MaxPlies: 200, InvalidPly: Forfeit, MaxMoves: 3,
		KillRatio: Ratio{3, 2}, Attrition: 0.3, DefenderWins: Convert}, r.Config)
	require.Equal(t, "duel", r.Map.Name)
	require.Equal(t, 2, r.Seats())
	r = newRules(t, `{"ruleset":"v10"}`)
	require.Equal(t, Config{Ruleset: V10, Seat0: Vampires, MaxPlies: 200, InvalidPly: Forfeit, MaxMoves: 0,
		KillRatio: Ratio{3, 2}, Attrition: 0.3, DefenderWins: Kill}, r.Config)
	r = newRules(t, `{"ruleset":"v10","seat0_species":"werewolves","max_plies":50,"invalid_ply":"skip","max_moves":2,"kill_ratio":2,"classic_attrition":0,"defender_wins":"convert"}`)
	require.Equal(t, Config{Ruleset: V10, Seat0: Werewolves, MaxPlies: 50, InvalidPly: Skip, MaxMoves: 2,
		KillRatio: Ratio{2, 1}, Attrition: 0, DefenderWins: Convert}, r.Config)

	for _, tc := range []struct {
		params, err string
	}{
		{`{"ruleset":"v9"}`, `param ruleset: "v9" is not one of classic, v10`},
		{`{"seat0_species":"humans"}`, `param seat0_species: "humans" is not one of vampires, werewolves`},
		{`{"max_plies":0}`, "param max_plies: 0 is out of range 1..1000000"},
		{`{"invalid_ply":"ignore"}`, `param invalid_ply: "ignore" is not one of forfeit, skip`},
		{`{"max_moves":-1}`, "param max_moves: -1 is out of range 0..65535"},
		{`{"max_moves":"many"}`, "param max_moves: "},
		{`{"kill_ratio":0.5}`, "param kill_ratio: 0.5 is out of range 1..100"},
		{`{"kill_ratio":"1.5"}`, `param kill_ratio: "1.5" is not a number`},
		{`{"kill_ratio":1.23456}`, "param kill_ratio: 1.23456 has 5 decimal places, at most 4 are allowed"},
		{`{"kill_ratio":15e-1}`, "param kill_ratio: 15e-1: write it as a plain decimal such as 1.5"},
		{`{"classic_attrition":1.5}`, "param classic_attrition: 1.5 is out of range 0..1"},
		{`{"defender_wins":"eat"}`, `param defender_wins: "eat" is not one of convert, kill`},
		{`{"players":3}`, "param players: 3 is out of range 2..2"},
		{`{"map":7}`, "param map: "},
	} {
		var p sim.Params
		require.NoError(t, json.Unmarshal([]byte(tc.params), &p))
		eff, err := sim.Effective(p, Params)
		if err == nil { // the spec refuses it, or else the constructor
			_, err = New(sim.Seats(eff), eff)
		}
		var pe *sim.ParamError
		require.True(t, errors.As(err, &pe), "%s: %v", tc.params, err)
		require.ErrorContains(t, err, tc.err)
	}
}

func TestKinds(t *testing.T) {
	require.Equal(t, Werewolves, Vampires.Enemy())
	require.Equal(t, Vampires, Werewolves.Enemy())
	require.True(t, Vampires.Species())
	require.False(t, Humans.Species())
	require.Equal(t, "werewolves", Werewolves.String())
	require.Equal(t, "Kind(9)", Kind(9).String())
	require.Equal(t, "v10", V10.String())
	require.Equal(t, "classic", Classic.String())
}
