package aquariom_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/results/golden/goldentest"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// TestGolden replays the golden traces of testdata/golden (arena golden
// record) on today's engine: the recorded actions, no bot, so only a change
// of the rules moves them (go test -update rewrites them after an intended
// one; docs/rule-changes.md).
func TestGolden(t *testing.T) { goldentest.Check(t, "testdata/golden", scenarios.Game) }

// TestStatesReadBack: every state of the golden traces, with the initial
// neutrals eaten in earlier steps that its trace tells (RebuildEaten),
// reads back to its hash and its JSON.
func TestStatesReadBack(t *testing.T) {
	simtest.Clockless(t)
	paths, err := filepath.Glob("testdata/golden/*/match-*.jsonl*")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		m, err := golden.Read(path)
		require.NoError(t, err)
		eff, err := sim.Effective(m.Header.Params, aquariom.Params)
		require.NoError(t, err)
		r, err := aquariom.NewFromParams(m.Header.Seats, eff)
		require.NoError(t, err)
		var eatenAt [][]int
		for _, l := range m.Lines {
			var line struct {
				Eaten []int `json:"eaten"`
			}
			require.NoError(t, json.Unmarshal(l.State, &line))
			eatenAt = append(eatenAt, line.Eaten)
			var respawns [][2]int
			for id, due := range aquariom.RebuildEaten(eatenAt, l.Turn, r.Config().InitialNeutralCellsRepopTime) {
				if !slices.Contains(line.Eaten, id) {
					respawns = append(respawns, [2]int{id, due})
				}
			}
			extra, err := json.Marshal(respawns)
			require.NoError(t, err)
			data := append(append([]byte(nil), l.State[:len(l.State)-1]...), `,"respawns":`...)
			data = append(append(data, extra...), '}')
			s := new(aquariom.State)
			require.NoError(t, r.ParseState(data, s), "%s: turn %d", path, l.Turn)
			require.Equal(t, l.Hash, sim.FormatHash(r.Hash(s)), "%s: turn %d", path, l.Turn)
			require.Equal(t, string(l.State), string(r.AppendState(nil, s)), "%s: turn %d", path, l.Turn)
		}
	}
}
