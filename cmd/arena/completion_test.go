package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// arenaOnPath puts an arena on a new PATH: this test binary, standing in
// for it (TestMain), as the completion scripts call arena by name.
func arenaOnPath(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	wrapper := "#!/bin/sh\nARENA_AS_MAIN=1 exec " + os.Args[0] + " \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "arena"), []byte(wrapper), 0o755))
	return append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"))
}

// shell returns the path of a shell, or skips the test with one line.
func shell(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s here (apt-get install %s runs this test)", name, name)
	}
	return path
}

// TestCompletionInBash: bash, with arena's script, completes commands,
// scenarios, flags, bots in a comma list and after a colon, and file names
// for an output.
func TestCompletionInBash(t *testing.T) {
	bash := shell(t, "bash")
	env := arenaOnPath(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "results.jsonl"), nil, 0o644))
	complete := func(line string) []string {
		t.Helper()
		script := `source <(arena completion bash) || exit 1
COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
read -r -a COMP_WORDS <<<"$COMP_LINE"
[[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
_arena
printf '%s\n' "${COMPREPLY[@]}"`
		cmd := exec.Command(bash, "-c", script, "bash", line)
		cmd.Env, cmd.Dir = env, dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
		return strings.Fields(string(out))
	}
	require.Equal(t, []string{"rate", "report", "run"}, complete("arena r"))
	require.Equal(t, []string{"tron/duel", "tron/ffa4", "tron/small"}, complete("arena run tron/"))
	require.Equal(t, []string{"--bootstrap", "--bot", "--bots"}, complete("arena run --bo"))
	require.Equal(t, []string{"strong,straight", "strong,strong", "strong,stupid"}, complete("arena run --bots strong,st"))
	require.Equal(t, []string{"iaTICE", "iaTransdev"}, complete("arena run minibus/ffa4 --bot iaT"))
	require.Equal(t, []string{"results.jsonl"}, complete("arena run --out res"))
	require.Contains(t, complete("arena tune vampires/duel --bot strong --tune "), "cohesion")
}

// TestCompletionInFish: fish, with arena's script, completes a scenario
// and a bot.
func TestCompletionInFish(t *testing.T) {
	fish := shell(t, "fish")
	env := arenaOnPath(t)
	complete := func(line string) []string {
		t.Helper()
		cmd := exec.Command(fish, "--no-config", "-c", "arena completion fish | source; complete -C $argv[1]", line)
		cmd.Env = append(env, "HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
		var words []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if w, _, _ := strings.Cut(l, "\t"); w != "" {
				words = append(words, w)
			}
		}
		return words
	}
	require.Equal(t, []string{"tron/duel", "tron/ffa4", "tron/small"}, complete("arena run tron/"))
	require.Equal(t, []string{"straight", "strong", "stupid"}, complete("arena play --bots st"))
}

// TestCompletionInZsh: zsh reads arena's script, and its function offers
// what arena completes (compadd and its helpers stubbed: they work only in
// an interactive completion).
func TestCompletionInZsh(t *testing.T) {
	zsh := shell(t, "zsh")
	env := arenaOnPath(t)
	script := `compdef() { :; }
compadd() { while [[ $1 == -* ]]; do [[ $1 == -S ]] && shift; shift; done; print -l -- "$@"; }
compset() { :; }
_files() { print -- FILES; }
source <(arena completion zsh) || exit 1
LBUFFER=$1; PREFIX=${LBUFFER##* }
_arena`
	complete := func(line string) []string {
		t.Helper()
		cmd := exec.Command(zsh, "-f", "-c", script, "zsh", line)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
		return strings.Fields(string(out))
	}
	require.Equal(t, []string{"tron/duel", "tron/ffa4", "tron/small"}, complete("arena run tron/"))
	require.Equal(t, []string{"bots"}, complete("arena list b"))
	require.Equal(t, []string{"FILES"}, complete("arena run --out r"))
}
