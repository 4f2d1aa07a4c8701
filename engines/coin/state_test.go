package coin

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestMatchIsOneTurnForEverySeat(t *testing.T) {
	r := newRules(t, `{"players":3}`)
	s := &State{}
	r.Init(s, nil)
	require.False(t, r.Done(s))
	require.Equal(t, 0, r.Turn(s))
	require.Equal(t, []int{0, 1, 2}, r.ToAct(s, nil))
	var v View
	r.Observe(s, 2, &v)
	require.Equal(t, View{Seat: 2, Players: 3}, v)
	var log sim.FaultLog
	r.Step(s, []Action{Declare(1), Declare(2), Declare(3)}, sim.NewRand(1, sim.EngineStream), &log)
	require.True(t, r.Done(s))
	require.Equal(t, 1, r.Turn(s))
	require.Empty(t, r.ToAct(s, nil))
	require.Empty(t, log.Faults())
	checkOutcome(t, r, s)

	// Init clears what the previous match left.
	r.Init(s, nil)
	require.Equal(t, 0, r.Turn(s))
	require.Equal(t, []int{0, 0, 0}, s.places)
	require.Equal(t, []bool{false, false, false}, s.answered)
}

func TestStateJSONAndHash(t *testing.T) {
	r := newRules(t, `{}`)
	s := &State{}
	r.Init(s, nil)
	require.JSONEq(t, `{"turn":0,"over":false,"players":[{"elo":null,"place":0},{"elo":null,"place":0}]}`, string(r.AppendState(nil, s)))
	h0 := r.Hash(s)
	var log sim.FaultLog
	r.Step(s, []Action{Declare(-12.5), {}}, sim.NewRand(1, sim.EngineStream), &log)
	got := string(r.AppendState(nil, s))
	require.True(t, json.Valid([]byte(got)), got)
	require.Equal(t, `{"turn":1,"over":true,"players":[{"elo":-12.5,"place":1},{"elo":null,"place":2}]}`, got)

	h := r.Hash(s)
	require.NotEqual(t, h0, h)
	for name, change := range map[string]func(*State){
		"turn":     func(s *State) { s.turn = 2 },
		"answered": func(s *State) { s.answered[1] = true },
		"elo":      func(s *State) { s.elos[0] = -12.25 },
		"-0":       func(s *State) { s.elos[1] = -s.elos[1] },
		"place":    func(s *State) { s.places[0] = 2 },
	} {
		c := &State{turn: s.turn}
		c.answered = append([]bool(nil), s.answered...)
		c.elos = append([]float64(nil), s.elos...)
		c.places = append([]int(nil), s.places...)
		require.Equal(t, h, r.Hash(c), "a copy hashes the same")
		change(c)
		require.NotEqual(t, h, r.Hash(c), "%s is hashed", name)
	}
}
