package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompletions: what arena __complete offers for a line up to the
// cursor, and that the completion scripts are printed for each shell.
func TestCompletions(t *testing.T) {
	for line, want := range map[string][]string{
		"arena ve":                             {"version"},
		"arena he":                             {"help"},
		"arena help tu":                        {"tune"},
		"arena run coin/":                      {"coin/duel", "coin/ffa4"},
		"arena run --game m":                   {"minibus"},
		"arena run --game=m":                   {"--game=minibus"},
		"arena run --game minibus --bots iaS":  {"iaSNCF"},
		"arena run --bots=stupid,ra":           {"--bots=stupid,random"},
		"arena sprt --candidate str":           {"straight", "strong"},
		"arena run --param hei":                {"height="},
		"arena run --game aquariom --param ma": {"map=", "map_height=", "map_width=", "mass_absorption=", "mass_loss_per_frame=", "max_cells_per_player=", "max_nb_players=", "max_viruses=", "maximum_player_cell_mass="},
		"arena run --schedule g":               {"gauntlet"},
		"arena list -f ":                       {"json", "table"},
		"arena run -f m":                       {"markdown"},
		"arena golden check ":                  {filesMarker},
		"arena rate ":                          {filesMarker},
		"arena play --trace ":                  {filesMarker},
		"arena tune --bot strong --tune re":    {"reach", "reduce"},
		"arena run tron/small ":                nil,
		"arena nosuch ":                        nil,
		"arena run --sh":                       {"--shard", "--shard-count", "--shard-from-env"},
	} {
		require.Equal(t, want, completions(line), line)
	}
	require.NotContains(t, completions("arena "), "__complete", "hidden from the user")

	for _, sh := range []string{"bash", "zsh", "fish"} {
		code, out, errOut := arena(t, "completion", sh)
		require.Equal(t, 0, code, errOut)
		require.Contains(t, out, "arena __complete")
	}
	code, _, errOut := arena(t, "completion", "tcsh")
	require.Equal(t, 2, code)
	require.Equal(t, "arena: completion: \"tcsh\" is not bash, zsh or fish\n", errOut)
	code, out, _ := arena(t, "__complete", "arena li")
	require.Equal(t, 0, code)
	require.Equal(t, "list\n", out)
	_, overview, _ := arena(t, "help")
	require.False(t, strings.Contains(overview, "__complete"))
}
