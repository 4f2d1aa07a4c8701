package results

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// jsonLine is a match line as encoding/json writes it: LineEncoder's bytes
// before the hand-written path.
func jsonLine(t testing.TB, r *Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	c := matchLine(r)
	require.NoError(t, enc.Encode(&c))
	return buf.Bytes()
}

// randomRecord returns a record with fields drawn to reach every branch
// of appendPlainLine: strings that need escapes or not, floats of every
// magnitude and both zeros, faults, actions, errors, timed or not.
func randomRecord(rng *rand.Rand) Record {
	pieces := []string{"strong", "b#2", "tron/duel", "a b", "<&>", "~", "é", "\"", "\\", "\n", "\t", "\x01", "\x7f", "\u2028", "\xff", ""}
	odd := rng.IntN(3) == 0 // a record whose strings may need escapes
	str := func() string {
		s := ""
		for range rng.IntN(3) {
			if odd {
				s += pieces[rng.IntN(len(pieces))]
			} else {
				s += pieces[rng.IntN(6)]
			}
		}
		return s
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e-6, 9.99e-7, 1e-7, 1e21, 9.99e20, 1e22, -1e-9, 123456789.125,
		math.SmallestNonzeroFloat64, math.MaxFloat64, 1.0 / 3, 55, 2e-300}
	num := func() float64 {
		switch rng.IntN(8) {
		case 0, 1, 2:
			return floats[rng.IntN(len(floats))]
		case 3, 4, 5:
			return float64(rng.IntN(200) - 100)
		case 6:
			return rng.NormFloat64() * 1e3
		default:
			return math.Float64frombits(rng.Uint64()) // NaN and ±Inf too, now and then
		}
	}
	n := rng.IntN(5)
	r := Record{Match: rng.IntN(1 << 20), Seed: rng.Uint64(), Game: str(), Scenario: str(), RulesHash: str(), StateHash: str(), Turns: rng.IntN(5000)}
	if rng.IntN(4) > 0 {
		r.Bots, r.Scores, r.Places = make([]string, n), make([]float64, n), make([]int, n)
		for i := range n {
			r.Bots[i], r.Scores[i], r.Places[i] = str(), num(), rng.IntN(5)+1
		}
	}
	r.Timed = rng.IntN(4) == 0
	if rng.IntN(8) == 0 {
		r.Error = str() + "x"
	}
	if rng.IntN(8) == 0 {
		r.Faults = []sim.Fault{{Seat: 0, Turn: 3, Kind: sim.FaultTimeout, Msg: str()}}
	}
	if rng.IntN(8) == 0 {
		r.Penalties = []sim.Penalty{{Seat: 0, Turn: 2, Msg: str()}}
	}
	if rng.IntN(8) == 0 {
		s := "up"
		r.Actions = [][]*string{{&s, nil}}
	}
	return r
}

// TestPlainLineIsEncodingJSONs: the hand-written match line is the bytes
// encoding/json writes, for every record it accepts; it declines only what
// it cannot vouch for, and it accepts the records runs write.
func TestPlainLineIsEncodingJSONs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for range 20000 {
		r := randomRecord(rng)
		got, ok := appendPlainLine([]byte("prefix"), &r)
		if !ok {
			require.Equal(t, "prefix", string(got), "a declined record leaves dst as it was")
			continue
		}
		accepted++
		require.Equal(t, string(jsonLine(t, &r)), string(got[len("prefix"):]), "record %+v", r)
	}
	require.Greater(t, accepted, 2000, "most plain records take the hand-written path")

	plain := Record{Match: 7, Seed: math.MaxUint64, Game: "tron", Scenario: "tron/duel", RulesHash: "c11da4b6fb36a157",
		Bots: []string{"stupid", "stupid#2"}, Scores: []float64{55, 56}, Places: []int{2, 1}, Turns: 57, StateHash: "0123abcd"}
	_, ok := appendPlainLine(nil, &plain)
	require.True(t, ok, "a run's usual record is plain")
	line, err := NewLineEncoder().AppendRecord(nil, &plain)
	require.NoError(t, err)
	require.Equal(t, string(jsonLine(t, &plain)), string(line))
}

// FuzzPlainLine: whatever the fields, the hand-written line is either
// declined or encoding/json's bytes.
func FuzzPlainLine(f *testing.F) {
	f.Add("stupid", "tron/duel", 55.0, -0.0, uint64(3), true)
	f.Add("a\"b", "é", 1e-7, 1e21, uint64(math.MaxUint64), false)
	f.Fuzz(func(t *testing.T, bot, scenario string, s0, s1 float64, seed uint64, timed bool) {
		r := Record{Seed: seed, Game: "g", Scenario: scenario, Bots: []string{bot, "x"}, Scores: []float64{s0, s1}, Places: []int{1, 2}, Timed: timed}
		if got, ok := appendPlainLine(nil, &r); ok {
			require.Equal(t, string(jsonLine(t, &r)), string(got))
		}
	})
}
