package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRunSeatsOnePerBotWhenFewerThanTheDefault: sopra/match sets no
// players value, so three bots on the command line play three seats; a
// players value, from the scenario or --param, stays what it says.
func TestRunSeatsOnePerBotWhenFewerThanTheDefault(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, stderr := arena(t, "run", "sopra/match", "--bots", "strong,collector,random", "--games", "3", "--out", out)
	require.Equal(t, 0, code, stderr)
	h, recs := readRecords(t, out)
	require.Equal(t, 3, h.Seats)
	require.Len(t, recs, 3)
	require.JSONEq(t, "3", string(h.Params["players"]))

	code, _, stderr = arena(t, "run", "sopra/match", "--bots", "strong,collector,random", "--param", "players=4", "--games", "3")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "a 4-seat game needs at least 4 bots, got 3")

	code, _, stderr = arena(t, "run", "tron/ffa4", "--bots", "strong,random", "--games", "4")
	require.Equal(t, 2, code, "tron/ffa4 sets players: 4")
	require.Contains(t, stderr, "a 4-seat game needs at least 4 bots, got 2")
}
