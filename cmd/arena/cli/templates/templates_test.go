package templates

import (
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// games are those arena init knows; the cli's test plays every game of the
// registry, so a game without templates fails there.
var games = []string{"tron", "minibus", "vampires", "aquariom", "sopra", "coin"}

// TestTemplatesAreClean: every game has a template in every language, its
// README names its commands, the Go templates are gofmt'd, and the C ones
// compile without a warning.
func TestTemplatesAreClean(t *testing.T) {
	for _, lang := range Languages {
		for _, game := range games {
			t.Run(lang.Name+"/"+game, func(t *testing.T) {
				files, err := lang.Files(game, Readme{Game: game, Build: "BUILD", Debug: "DEBUG", Play: "PLAY"})
				require.NoError(t, err)
				readme := string(files[len(files)-1].Data)
				for _, want := range []string{"# A " + game + " bot", "\nBUILD\n", "\nDEBUG\n", "\nPLAY\n", "`" + files[0].Name + "`"} {
					require.Contains(t, readme, want)
				}
				require.Contains(t, string(files[0].Data), "docs/bots.md", "the bot says where its protocol is written")
				switch lang.Name {
				case "go":
					formatted, err := format.Source(files[0].Data)
					require.NoError(t, err)
					require.Equal(t, string(formatted), string(files[0].Data), "the Go template is not gofmt'd")
				case "c":
					if _, err := exec.LookPath("cc"); err != nil {
						t.Skip("cc is not on PATH: the C templates are not compiled")
					}
					dir := t.TempDir()
					for _, f := range files {
						require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644))
					}
					cmd := exec.Command("cc", "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", filepath.Join(dir, "bot.c"))
					out, err := cmd.CombinedOutput()
					require.NoError(t, err, "%s", out)
				}
			})
		}
	}
	_, err := Languages[0].Files("chess", Readme{})
	require.EqualError(t, err, `no python template for game "chess"`)
}

// TestProgramIsAPath: the program of a bot in "." keeps a folder, so that
// exec does not look it up on the PATH.
func TestProgramIsAPath(t *testing.T) {
	require.Equal(t, "."+string(filepath.Separator)+"bot", program("."))
	require.Equal(t, filepath.Join("tron-bot", "bot"), program("tron-bot"))
	l, err := LookupLanguage("go")
	require.NoError(t, err)
	require.Equal(t, "go build -C tron-bot -o bot .", strings.Join(l.Build("tron-bot"), " "))
	_, err = LookupLanguage("rust")
	require.EqualError(t, err, `unknown language "rust" (languages: python, c, go)`)
}
