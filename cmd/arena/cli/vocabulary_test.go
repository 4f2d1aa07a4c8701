package cli

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestHelpFitsAScreen: every command's help says what it does in at most a
// screen before its flags, and no line of it is wider than helpColumns.
func TestHelpFitsAScreen(t *testing.T) {
	const screen = 24
	for _, c := range append(commands, ladderCommands...) {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			c.printHelp(&b)
			lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
			before := len(lines)
			for i, l := range lines {
				if l == "Flags:" {
					before = i
					break
				}
			}
			require.LessOrEqual(t, before, screen, "lines before the flags")
			for _, l := range lines {
				require.LessOrEqual(t, utf8.RuneCountInString(l), helpColumns, "%q", l)
			}
		})
	}
}

// TestOneVocabulary: a flag that several commands take reads the same in
// each one's help, whatever the command.
func TestOneVocabulary(t *testing.T) {
	usage := map[string]map[string]string{} // flag → its help line → the commands
	for _, c := range append(commands, ladderCommands...) {
		fs := c.flagSet(c.options())
		for _, name := range []string{"progress", "quiet", "sandbox", "move-timeout", "force", "out", "format", "seed"} {
			f := fs.Lookup(name)
			if f == nil || f.Hidden {
				continue
			}
			if usage[name] == nil {
				usage[name] = map[string]string{}
			}
			usage[name][f.Usage] += " " + c.name
		}
		if f := fs.Lookup("jobs"); f != nil {
			require.Equal(t, "j", f.Shorthand, c.name)
			require.Equal(t, "0", f.DefValue, "%s: -j's default is one per core", c.name)
			require.True(t, strings.HasPrefix(f.Usage, "matches played at once (default: one per core; at most 4 per core)"), "%s: %s", c.name, f.Usage)
		}
	}
	for _, name := range []string{"progress", "quiet", "sandbox", "move-timeout"} {
		require.Len(t, usage[name], 1, "--%s reads differently: %v", name, usage[name])
	}
	for text, cmds := range usage["seed"] {
		require.Contains(t, text, "seed", cmds)
	}
	// The commands that play many matches take the same output flags.
	for _, name := range []string{"run", "sprt", "diff-rules", "tune"} {
		fs := findCommand(name).flagSet(findCommand(name).options())
		for _, flag := range []string{"out", "force", "progress", "quiet", "sandbox", "move-timeout", "jobs", "seed"} {
			require.NotNil(t, fs.Lookup(flag), "%s --%s", name, flag)
		}
	}
}

// TestJobsZeroIsOnePerCore: -j 0 is the default, one worker per core.
func TestJobsZeroIsOnePerCore(t *testing.T) {
	code, out, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "4", "-j", "0", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, errOut)
	code, same, errOut := arena(t, "run", "tron/small", "--bots", "straight,stupid", "--games", "4", "-j", "1", "--bootstrap", "0")
	require.Equal(t, ExitOK, code, errOut)
	require.Equal(t, same, out)
}
