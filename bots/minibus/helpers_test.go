package minibus

import (
	"testing"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// newPlayerOf returns a constructor of the registered bot name, with its
// default arguments.
func newPlayerOf(t testing.TB, name string) func() player {
	t.Helper()
	return simtest.PlayerOf(t, Bots(), name, nil)
}

// params builds a parameter set from name, value pairs.
var params = simtest.Params

// newRules configures Minibus from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*minibus.Rules, sim.Params) {
	t.Helper()
	return simtest.Rules(t, minibus.Params, minibus.New, overrides)
}
