package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/cmd/arena/cli/templates"
	"github.com/arenasim/arena/scenarios"
)

// initCuts shorten the test's match of a game whose default is long.
var initCuts = map[string][]string{
	"aquariom": {"--param", "nb_turns=200"},
}

// TestInitBotsPlayWithoutFaults: for every game and language, arena init
// writes a bot, its printed build line builds it, and its printed debug
// line — arena play against the game's bots — plays a whole match in
// which the new bot has no fault.
func TestInitBotsPlayWithoutFaults(t *testing.T) {
	for _, e := range scenarios.Entries() {
		game := e.Game.Info().Name
		for _, lang := range templates.Languages {
			t.Run(game+"/"+lang.Name, func(t *testing.T) {
				t.Parallel() // each builds and plays its own copy: no shared state
				if _, err := exec.LookPath(lang.Tool); err != nil {
					t.Skipf("%s is not on PATH: the %s templates are not played", lang.Tool, lang.Name)
				}
				dir := filepath.Join(t.TempDir(), "bot")
				code, stdout, stderr := arena(t, "init", game, dir, "--lang", lang.Name)
				require.Equal(t, 0, code, stderr)
				build := printedCommand(t, stdout, "build:")
				cmd := exec.Command(build[0], build[1:]...)
				cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
				out, err := cmd.CombinedOutput()
				require.NoError(t, err, "%s\n%s", strings.Join(build, " "), out)

				debug := printedCommand(t, stdout, "debug:")
				require.Equal(t, []string{"arena", "play"}, debug[:2])
				records := filepath.Join(t.TempDir(), "match.jsonl")
				args := append(slices.Clone(debug[1:]), "--out", records)
				code, _, stderr = arena(t, append(args, initCuts[game]...)...)
				require.Equal(t, 0, code, stderr)
				_, recs := readRecords(t, records)
				require.Len(t, recs, 1)
				rec := recs[0]
				require.Positive(t, rec.Turns)
				seat := slices.IndexFunc(rec.Bots, func(b string) bool { return strings.HasPrefix(b, "bot") })
				require.GreaterOrEqual(t, seat, 0, "the new bot is not among %v", rec.Bots)
				for _, f := range rec.Faults {
					require.NotEqual(t, seat, f.Seat, "the new bot's fault: %+v", f)
				}
			})
		}
	}
}

// printedCommand returns the arguments of the command init printed after
// label.
func printedCommand(t *testing.T, stdout, label string) []string {
	t.Helper()
	for line := range strings.Lines(stdout) {
		if rest, ok := strings.CutPrefix(line, label); ok {
			return strings.Fields(rest)
		}
	}
	require.Failf(t, "no command printed", "no %q line in:\n%s", label, stdout)
	return nil
}

// TestInitPrints: init writes GAME-bot in the working folder unless told,
// takes a scenario for its game, and prints what it wrote and the three
// commands, ready to paste.
func TestInitPrints(t *testing.T) {
	t.Chdir(t.TempDir())
	code, stdout, stderr := arena(t, "init", "tron/small")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, `wrote tron-bot/bot.py
wrote tron-bot/README.md
build:  python3 -m py_compile tron-bot/bot.py
debug:  arena play tron/duel --bot exec:cmd=python3,args=tron-bot/bot.py --bot straight
play:   arena run tron/duel --bot exec:cmd=python3,args=tron-bot/bot.py --bots straight,stupid --games 10
`, stdout)
	readme, err := os.ReadFile("tron-bot/README.md")
	require.NoError(t, err)
	require.Contains(t, string(readme), "\narena play tron/duel --bot exec:cmd=python3,args=tron-bot/bot.py --bot straight\n")

	// A folder of one word is still a path in the spec, not a name for
	// the PATH; a quote is quoted for the shell.
	code, stdout, stderr = arena(t, "init", "coin", ".", "--force")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "debug:  arena play coin/duel --bot exec:cmd=python3,args=bot.py --bot coin\n")
	code, stdout, stderr = arena(t, "init", "coin", "it's")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `debug:  arena play coin/duel --bot 'exec:cmd=python3,args=it'\''s/bot.py' --bot coin`+"\n")
}

// TestInitRefuses: a usage error is one line on stderr, exit code 2, and
// nothing written.
func TestInitRefuses(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.Mkdir("mine", 0o755))
	require.NoError(t, os.WriteFile("mine/notes.txt", []byte("keep"), 0o644))
	require.NoError(t, os.WriteFile("file", nil, 0o644))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"init", "tron", "mine"}, "init: mine is not empty (--force writes the bot into it)"},
		{[]string{"init", "chess"}, `init: unknown game "chess" (games: tron, minibus, vampires, aquariom, sopra, coin)`},
		{[]string{"init", "tron/nowhere"}, `init: unknown game "tron/nowhere" (games: tron, minibus, vampires, aquariom, sopra, coin)`},
		{[]string{"init", "tron", "--lang", "rust"}, `init: --lang: unknown language "rust" (languages: ` + strings.Join(templates.LanguageNames(), ", ") + ")"},
		{[]string{"init"}, "init: name a game, then the bot's folder if not GAME-bot (see arena help init)"},
		{[]string{"init", "tron", "a", "b"}, "init: name a game, then the bot's folder if not GAME-bot (see arena help init)"},
		{[]string{"init", "tron", "file"}, "init: file is a file, not a folder"},
		{[]string{"init", "tron", "my bot"}, `init: folder "my bot": an exec spec cannot name a path with a comma or a space`},
	} {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			code, stdout, stderr := arena(t, tc.args...)
			require.Equal(t, ExitBadInput, code)
			require.Empty(t, stdout)
			require.Equal(t, "arena: "+tc.want+"\n", stderr)
			entries, err := os.ReadDir(".")
			require.NoError(t, err)
			require.Len(t, entries, 2, "init wrote a folder")
			notes, err := os.ReadFile("mine/notes.txt")
			require.NoError(t, err)
			require.Equal(t, "keep", string(notes))
		})
	}

	// --force writes into the folder, and leaves its other files alone.
	code, _, stderr := arena(t, "init", "tron", "mine", "--force")
	require.Equal(t, 0, code, stderr)
	require.FileExists(t, "mine/bot.py")
	require.FileExists(t, "mine/notes.txt")
}
