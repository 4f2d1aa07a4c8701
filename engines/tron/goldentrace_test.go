package tron_test

import (
	"testing"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/results/golden/goldentest"
	"github.com/arenasim/arena/scenarios"
)

// TestGolden replays the golden traces of testdata/golden (arena golden
// record) on today's engine: the recorded actions, no bot, so only a change
// of the rules moves them (go test -update rewrites them after an intended
// one; docs/rule-changes.md).
func TestGolden(t *testing.T) { goldentest.Check(t, "testdata/golden", scenarios.Game) }

// TestStatesReadBack: every state of the golden traces reads back to its
// hash and its JSON.
func TestStatesReadBack(t *testing.T) {
	goldentest.CheckStates(t, "testdata/golden", tron.New)
}
