package coin

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// FuzzStep plays matches whose setup and answers come from the fuzzer: the
// player count, the draw parameter and the seed from the first bytes, then
// each seat's answer as text, one per line, so garbage text meets the
// parser and odd numbers meet the rules (a number out of range is passed on
// as an invalid answer, other garbage as no answer). Nothing may panic; the
// places must follow the tie rule with scores N − place, failed seats must
// place below every valid one, every failed seat must be recorded as a
// fault, and the state must have a stable hash and a JSON form.
func FuzzStep(f *testing.F) {
	f.Add([]byte{0, 0, 1}, "100\n-100")
	f.Add([]byte{0, 200, 2}, "5\n5\n-1000\n1000\n1e3\n-0")
	f.Add([]byte{2, 0, 3}, "1\n2\nzz\n1001\n\nNaN\n 7 \n0x1p3\n-Inf\n1e-320")
	f.Add([]byte{14, 9, 4}, strings.Repeat("0\n", 40))
	f.Fuzz(func(t *testing.T, setup []byte, answers string) {
		setup = append(setup, 0, 0, 0)
		players := MinPlayers + int(setup[0])%(MaxPlayers-MinPlayers+1)
		p := sim.Params{}
		p.Set("players", players)
		if players == 2 {
			p.Set("draws", float64(setup[1])/255)
		}
		eff, err := sim.Effective(p, Params)
		require.NoError(t, err)
		r, err := New(sim.Seats(eff), eff)
		require.NoError(t, err)
		texts := strings.Split(answers, "\n")
		s := &State{}
		acts := make([]Action, players)
		var log sim.FaultLog
		for match := 0; match == 0 || (match*players < len(texts) && match < 50); match++ {
			rng := sim.NewRand(uint64(setup[2])+uint64(match), sim.EngineStream)
			r.Init(s, rng)
			require.Equal(t, players, len(r.ToAct(s, nil)))
			failed := 0
			for seat := range acts {
				acts[seat] = Declare(float64(seat))
				if k := match*players + seat; k < len(texts) {
					acts[seat] = answer(t, r, texts[k])
				}
				if !acts[seat].Valid() {
					failed++
				}
			}
			log.Reset()
			log.Begin(1)
			r.Step(s, acts, rng, &log)
			require.True(t, r.Done(s))
			require.Len(t, log.Faults(), failed)
			checkOutcome(t, r, s)
			require.Equal(t, r.Hash(s), r.Hash(s))
			state := r.AppendState(nil, s)
			require.True(t, json.Valid(state), "%s", state)
		}
	})
}

// answer reads a seat's answer from text: the parsed action, or for a
// number out of range an invalid action holding it, or no answer.
func answer(t *testing.T, r *Rules, text string) Action {
	a, err := r.ParseAction(text)
	if err == nil {
		back, err := r.ParseAction(string(r.AppendAction(nil, a)))
		require.NoError(t, err)
		require.Equal(t, math.Float64bits(a.Elo), math.Float64bits(back.Elo), "%q round trip", text)
		return a
	}
	require.Zero(t, a)
	if x, perr := strconv.ParseFloat(strings.TrimSpace(text), 64); perr == nil || math.IsInf(x, 0) {
		return Action{Elo: x, Given: true}
	}
	return Action{}
}
