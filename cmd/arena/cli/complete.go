package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/cmd/arena/cli/templates"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var completionCommand = &command{
	name:  "completion",
	usage: "completion bash|zsh|fish",
	short: "print a shell's completion script for arena",
	long: `Completion prints the script that lets a shell complete arena's commands,
flags, scenarios, games, bots, bot arguments and parameters. The script
asks arena itself (arena __complete LINE), so it knows every game and bot
of the arena on the PATH. Install it once:

  bash   arena completion bash > ~/.local/share/bash-completion/completions/arena
         (or: source <(arena completion bash) in ~/.bashrc)
  zsh    arena completion zsh > "${fpath[1]}/_arena"   (then: compinit)
         (or: source <(arena completion zsh) in ~/.zshrc, after compinit)
  fish   arena completion fish > ~/.config/fish/completions/arena.fish`,
	options: func() options { return noOptions{} },
	run: func(_ context.Context, env *env, _ options, args []string) error {
		if len(args) != 1 {
			return badInput("completion: name one shell: bash, zsh or fish")
		}
		script, ok := completionScripts[args[0]]
		if !ok {
			return badInput("completion: %q is not bash, zsh or fish", args[0])
		}
		_, err := fmt.Fprint(env.stdout, script)
		return err
	},
}

// completeCommand is what the completion scripts call: given the command
// line up to the cursor, it prints the words that may come next, one a
// line, or filesMarker when the shell should complete a file name.
var completeCommand = &command{
	name:    "__complete",
	usage:   "__complete LINE",
	short:   "", // hidden from the overview
	long:    "Prints the completions of a command line up to the cursor (for the completion scripts).",
	options: func() options { return noOptions{} },
	run: func(_ context.Context, env *env, _ options, args []string) error {
		for _, c := range completions(strings.Join(args, " ")) {
			fmt.Fprintln(env.stdout, c)
		}
		return nil
	},
}

// filesMarker asks the shell for its own completion of file names.
const filesMarker = ":files"

// The completion scripts: each hands the line up to the cursor to arena
// __complete and offers what it prints.
var completionScripts = map[string]string{
	"bash": `# arena's completion for bash: source <(arena completion bash)
_arena() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	local line=${COMP_LINE:0:COMP_POINT}
	local IFS=$'\n'
	local out
	out=($(arena __complete "$line" 2>/dev/null))
	if [[ ${out[0]} == ` + filesMarker + ` ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
		return
	fi
	# arena completes whole words; bash's word may be their end only,
	# after a ':' or '=' it breaks words at.
	local word=${line##*[[:space:]]}
	local head=${word%"$cur"}
	COMPREPLY=()
	local c
	for c in "${out[@]}"; do
		[[ $c == "$word"* ]] && COMPREPLY+=("${c#"$head"}")
	done
}
complete -o nospace -o filenames -F _arena arena
`,
	"zsh": `#compdef arena
# arena's completion for zsh: source <(arena completion zsh), after compinit
_arena() {
	local -a out
	out=("${(@f)$(arena __complete "$LBUFFER" 2>/dev/null)}")
	if [[ ${out[1]} == ` + filesMarker + ` ]]; then
		_files
		return
	fi
	local word=${LBUFFER##*[[:space:]]}
	compset -P '*[=,]'
	local head=${word%$PREFIX}
	local -a rest
	local c
	for c in $out; do
		[[ $c == ${word}* ]] && rest+=("${c#$head}")
	done
	compadd -S '' -- $rest
}
compdef _arena arena
`,
	"fish": `# arena's completion for fish: arena completion fish > ~/.config/fish/completions/arena.fish
function __arena_complete
	set -l out (arena __complete (commandline -cp) 2>/dev/null)
	if test "$out[1]" = "` + filesMarker + `"
		__fish_complete_path (commandline -ct)
	else
		printf '%s\n' $out
	end
end
complete -c arena -f -a '(__arena_complete)'
`,
}

// completions returns the words that may end the command line line (the
// line up to the cursor, the program's name first): whole words, starting
// with what is typed of the last one.
func completions(line string) []string {
	words := strings.Fields(line)
	if len(words) > 0 {
		words = words[1:] // the program
	}
	cur := ""
	if len(words) > 0 && !strings.HasSuffix(line, " ") && !strings.HasSuffix(line, "\t") {
		cur, words = words[len(words)-1], words[:len(words)-1]
	}
	var cands []string
	if len(words) == 0 {
		for _, c := range commands {
			if c.short != "" {
				cands = append(cands, c.name)
			}
		}
		return withPrefix(cands, cur)
	}
	cmd := findCommand(words[0])
	if cmd == nil {
		return nil
	}
	fs := cmd.flagSet(cmd.options())
	ctx := completionContext(fs, words[1:])
	// A flag's value: after the flag, or after its =.
	if name, value, ok := strings.Cut(cur, "="); ok && strings.HasPrefix(name, "--") {
		if f := fs.Lookup(strings.TrimPrefix(name, "--")); f != nil {
			return prefixed(name+"=", flagValues(cmd.name, f, ctx, value))
		}
	}
	if len(words) > 1 {
		if f := flagNamed(fs, words[len(words)-1]); f != nil && takesValue(f) {
			return flagValues(cmd.name, f, ctx, cur)
		}
	}
	if strings.HasPrefix(cur, "-") {
		fs.VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" {
				cands = append(cands, "--"+f.Name)
			}
		})
		return withPrefix(cands, cur)
	}
	return positional(cmd.name, ctx, cur)
}

// completion is what the line says so far: its positional words and the
// game it plays.
type completion struct {
	args []string
	game sim.GameInfo
	bot  string // --bot's name, whose arguments tune moves
}

// completionContext reads the words after the command: the positional
// ones, and the game of the scenario or --game given (the default
// scenario's otherwise).
func completionContext(fs *pflag.FlagSet, words []string) completion {
	var c completion
	game := ""
	for i := 0; i < len(words); i++ {
		w := words[i]
		if f := flagNamed(fs, w); f != nil {
			if takesValue(f) && !strings.Contains(w, "=") && i+1 < len(words) {
				i++
				switch f.Name {
				case "game":
					game = words[i]
				case "bot":
					c.bot, _, _ = strings.Cut(words[i], ":")
				}
			}
			continue
		}
		if strings.HasPrefix(w, "--game=") {
			game = strings.TrimPrefix(w, "--game=")
			continue
		}
		if !strings.HasPrefix(w, "-") {
			c.args = append(c.args, w)
			if sc, err := scenarios.Load(w); err == nil && game == "" {
				game = sc.Game
			}
		}
	}
	if game == "" {
		game, _, _ = strings.Cut(scenarios.DefaultScenario, "/")
	}
	if e, err := scenarios.LookupGame(game); err == nil {
		c.game = e.Game.Info()
	}
	return c
}

// flagNamed returns the flag a word names (--name, --name=value, -n), or nil.
func flagNamed(fs *pflag.FlagSet, w string) *pflag.Flag {
	switch {
	case strings.HasPrefix(w, "--"):
		name, _, _ := strings.Cut(strings.TrimPrefix(w, "--"), "=")
		return fs.Lookup(name)
	case strings.HasPrefix(w, "-") && len(w) == 2:
		return fs.ShorthandLookup(w[1:])
	}
	return nil
}

// takesValue says whether a flag is followed by its value.
func takesValue(f *pflag.Flag) bool { return f.NoOptDefVal == "" }

// flagValues returns the values a flag may take, that start with cur.
func flagValues(cmd string, f *pflag.Flag, c completion, cur string) []string {
	switch f.Name {
	case "out", "trace", "html", "junit", "seeds", "b-scenario", "traces":
		return []string{filesMarker}
	case "game":
		return withPrefix(gameNames(), cur)
	case "bots", "opponents":
		return listValues(botNames(c.game), cur)
	case "bot", "candidate", "baseline", "anchor":
		return withPrefix(botNames(c.game), cur)
	case "tune":
		return listValues(tunableNames(c.game, c.bot), cur)
	case "param", "b-param":
		var keys []string
		for _, p := range c.game.Params {
			keys = append(keys, p.Name+"=")
		}
		if c.game.Map != nil {
			keys = append(keys, c.game.Map.Param+"=")
		}
		return withPrefix(keys, cur)
	case "format":
		if cmd == "list" {
			return withPrefix([]string{"table", "json"}, cur)
		}
		return withPrefix([]string{"table", "markdown", "csv", "json"}, cur)
	case "schedule":
		return withPrefix([]string{"round-robin", "gauntlet", "championship", "knockout", "swiss"}, cur)
	case "rating":
		return withPrefix([]string{"bradley-terry", "botsarena"}, cur)
	case "model":
		return withPrefix([]string{"logistic", "normalized"}, cur)
	case "method":
		return withPrefix([]string{"spsa", "grid", "random"}, cur)
	case "lang":
		return withPrefix(templates.LanguageNames(), cur)
	}
	return nil
}

// positional returns the command's positional words that may come next.
func positional(cmd string, c completion, cur string) []string {
	switch cmd {
	case "run", "play", "sprt", "tune", "bench", "diff-rules":
		if len(c.args) == 0 {
			return withPrefix(scenarios.Names(), cur)
		}
	case "golden":
		switch {
		case len(c.args) == 0:
			return withPrefix([]string{"record", "check"}, cur)
		case len(c.args) == 1 && c.args[0] == "record":
			return withPrefix(scenarios.Names(), cur)
		case c.args[0] == "check":
			return []string{filesMarker}
		}
	case "list":
		switch len(c.args) {
		case 0:
			return withPrefix([]string{"games", "bots", "scenarios", "params"}, cur)
		case 1:
			if c.args[0] != "games" {
				return withPrefix(gameNames(), cur)
			}
		}
	case "help":
		if len(c.args) == 0 {
			var names []string
			for _, cm := range commands {
				if cm.short != "" {
					names = append(names, cm.name)
				}
			}
			return withPrefix(names, cur)
		}
	case "completion":
		if len(c.args) == 0 {
			return withPrefix([]string{"bash", "fish", "zsh"}, cur)
		}
	case "init":
		switch len(c.args) {
		case 0:
			return withPrefix(gameNames(), cur)
		case 1:
			return []string{filesMarker}
		}
	case "rate", "merge", "report":
		return []string{filesMarker}
	}
	return nil
}

func gameNames() []string {
	var names []string
	for _, e := range scenarios.Entries() {
		names = append(names, e.Game.Info().Name)
	}
	return names
}

func botNames(g sim.GameInfo) []string {
	var names []string
	for _, b := range g.Bots {
		names = append(names, b.Name)
	}
	return names
}

// tunableNames returns the arguments of the game's bot named bot (strong
// when none is given yet) that a tuner can move.
func tunableNames(g sim.GameInfo, bot string) []string {
	if bot == "" {
		bot = "strong"
	}
	for _, b := range g.Bots {
		if b.Name == bot {
			return tunable(b.Params)
		}
	}
	return nil
}

// listValues completes the last item of a comma-separated list.
func listValues(items []string, cur string) []string {
	i := strings.LastIndexByte(cur, ',')
	done := cur[:i+1]
	return prefixed(done, withPrefix(items, cur[i+1:]))
}

// withPrefix returns the words that start with prefix, sorted.
func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// prefixed puts head before each word, but the files marker.
func prefixed(head string, words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != filesMarker {
			w = head + w
		}
		out[i] = w
	}
	return out
}
