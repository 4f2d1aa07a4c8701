package vampires

import (
	"encoding/json"
	"testing"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newPlayerOf returns a constructor of the registered bot name, prepared
// with args (the defaults filling in the rest).
func newPlayerOf(t testing.TB, name string, args sim.Params) func() player {
	t.Helper()
	return simtest.PlayerOf(t, Bots(), name, args)
}

// params builds a parameter set from name, value pairs.
var params = simtest.Params

// newRules configures the game from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*vampires.Rules, sim.Params) {
	t.Helper()
	return simtest.Rules(t, vampires.Params, vampires.New, overrides)
}

// duelStats is what playDuels saw besides the results.
type duelStats struct {
	plies  int
	faults int
}

// playDuels plays the deals first..end-1 under the given rules, each twice
// with the seats (and so the species and the first move) swapped, and
// counts the results of the player from newA against the one from newB.
func playDuels(t testing.TB, overrides sim.Params, first, end int, newA, newB func() player) (simtest.Score, duelStats) {
	t.Helper()
	rules, eff := newRules(t, overrides)
	var st duelStats
	res, plies := simtest.Duels(t, rules, eff, 11, first, end, newA(), newB(), func(r sim.Result) { st.faults += len(r.Faults) })
	st.plies = plies
	return res, st
}

func jsonUnmarshal(text string, dst any) error { return json.Unmarshal([]byte(text), dst) }
