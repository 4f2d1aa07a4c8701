package cli

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// TestParameterLayers checks the order of precedence of parameter values —
// the scenario's map file < the scenario's keys < a map file on the command
// line (replacing every map key) < single --param keys — and that each
// value keeps its origin.
func TestParameterLayers(t *testing.T) {
	files := map[string]sim.Params{
		"m1.json": {"a": json.RawMessage("1"), "b": json.RawMessage("1"), "c": json.RawMessage("1")},
		"m2.json": {"a": json.RawMessage("5"), "b": json.RawMessage("5"), "c": json.RawMessage("5")},
	}
	m := &sim.MapLayer{Param: "map", Keys: []string{"a", "b", "c"}, Load: func(path string) (sim.Params, error) {
		if v, ok := files[path]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("%s: no such file", path)
	}}
	sc := &scenarios.Scenario{Name: "my.json", Params: sim.Params{
		"map": json.RawMessage(`"m1.json"`), "b": json.RawMessage("2"), "d": json.RawMessage("1"),
	}}
	flag := func(k, v string) paramFlag { return paramFlag{Key: k, Value: json.RawMessage(v)} }
	type want struct{ value, origin string }
	check := func(l *sim.Layers, w map[string]want) {
		t.Helper()
		require.Len(t, l.Params(), len(w))
		for k, x := range w {
			require.Equal(t, x.value, string(l.Params()[k]), k)
			o, _ := l.Origin(k)
			require.Equal(t, x.origin, o, k)
		}
	}
	l, err := layerParams(sc, m, nil)
	require.NoError(t, err)
	check(l, map[string]want{"a": {"1", "m1.json"}, "b": {"2", "my.json"}, "c": {"1", "m1.json"}, "d": {"1", "my.json"}})

	l, err = layerParams(sc, m, []paramFlag{flag("map", `"m2.json"`)})
	require.NoError(t, err)
	check(l, map[string]want{"a": {"5", "m2.json"}, "b": {"5", "m2.json"}, "c": {"5", "m2.json"}, "d": {"1", "my.json"}})

	l, err = layerParams(sc, m, []paramFlag{flag("b", "9"), flag("map", `"m2.json"`)})
	require.NoError(t, err)
	check(l, map[string]want{"a": {"5", "m2.json"}, "b": {"9", "--param b"}, "c": {"5", "m2.json"}, "d": {"1", "my.json"}})

	_, err = layerParams(sc, m, []paramFlag{flag("map", `"nowhere.json"`)})
	require.EqualError(t, err, "--param map: nowhere.json: no such file")
	_, err = layerParams(sc, m, []paramFlag{flag("map", `3`)})
	require.EqualError(t, err, "--param map: 3 is not the path of a map file")
	sc.Params["map"] = json.RawMessage(`"lost.json"`)
	_, err = layerParams(sc, m, nil)
	require.EqualError(t, err, "my.json: key params: map: lost.json: no such file")

	// A game without map files: map is an ordinary parameter.
	l, err = layerParams(sc, nil, []paramFlag{flag("map", `"x"`)})
	require.NoError(t, err)
	require.Equal(t, `"x"`, string(l.Params()["map"]))
}
