package minibus

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/sim"
)

// newPlayerOf returns a constructor of the registered bot name, with its
// default arguments.
func newPlayerOf(t testing.TB, name string) func() player {
	t.Helper()
	bots := Bots()
	i := slices.IndexFunc(bots, func(b sim.Bot[minibus.View, minibus.Action]) bool { return b.Name == name })
	require.GreaterOrEqual(t, i, 0, "bot %s is not registered", name)
	eff, err := sim.Effective(nil, bots[i].Params)
	require.NoError(t, err)
	newPlayer, err := bots[i].Prepare(eff)
	require.NoError(t, err)
	return newPlayer
}

// params builds a parameter set from name, value pairs.
func params(kv ...any) sim.Params {
	p := sim.Params{}
	for i := 0; i < len(kv); i += 2 {
		p.Set(kv[i].(string), kv[i+1])
	}
	return p
}

// newRules configures Minibus from parameter overrides.
func newRules(t testing.TB, overrides sim.Params) (*minibus.Rules, sim.Params) {
	t.Helper()
	eff, err := sim.Effective(overrides, minibus.Params)
	require.NoError(t, err)
	rules, err := minibus.New(eff)
	require.NoError(t, err)
	return rules, eff
}
