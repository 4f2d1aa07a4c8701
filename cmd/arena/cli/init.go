package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/cmd/arena/cli/templates"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var initCommand = &command{
	name:  "init",
	usage: "init GAME [DIR] [flags]",
	short: "write a new bot for a game from a template, and print how to build and play it",
	long: `Init writes a small bot for GAME (a game of arena list games, or a scenario,
meaning its game) into the folder DIR, GAME-bot by default: its source in
--lang, speaking arena's generic protocol (JSON lines, docs/bots.md), with a
simple policy that plays legal moves from the start, and a README.md. Then it
prints the commands that build the bot, play one match with it (arena play,
to debug) and a first tournament (arena run), each taking seconds.

  python  DIR/bot.py (Python 3, standard library only)
  c       DIR/bot.c and DIR/json.h, its JSON reader (C99, standard library only)
  go      DIR/main.go and DIR/go.mod (module bot, standard library only)

DIR must be empty or new: --force writes into a folder that holds files,
replacing those of the template's names.`,
	options: func() options { return &initOptions{} },
	run:     runInit,
}

type initOptions struct {
	lang  string
	force bool
}

func (o *initOptions) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.lang, "lang", templates.Languages[0].Name, "the `language` of the bot: "+strings.Join(templates.LanguageNames(), ", "))
	fs.BoolVar(&o.force, "force", false, "write into DIR even if it holds files")
}

// A botTrial is what init's printed commands play with a new bot of a
// game: the scenario, the bots of arena play's match (debug) and of arena
// run's tournament (play), chosen so that each takes seconds.
type botTrial struct {
	scenario    string
	debug, play []string
}

// botTrials are the trials of every game that has templates.
var botTrials = map[string]botTrial{
	"tron":     {"tron/duel", []string{"--bot", "straight"}, []string{"--bots", "straight,stupid", "--games", "10"}},
	"minibus":  {"minibus/ffa4", []string{"--bots", "iaTICE,iaKeolis,iaTransdev"}, []string{"--bots", "iaTICE,iaKeolis,iaTransdev", "--games", "20"}},
	"vampires": {"vampires/duel", []string{"--bot", "greedy"}, []string{"--bots", "greedy,random", "--games", "20"}},
	"aquariom": {"aquariom/duel", []string{"--bot", "nearest"}, []string{"--bots", "nearest,idle", "--games", "10"}},
	"sopra":    {"sopra/match", []string{"--bots", "collector,brawler"}, []string{"--bots", "collector,brawler", "--games", "30"}},
	"coin":     {"coin/duel", []string{"--bot", "coin"}, []string{"--bots", "coin,coin:elo=200", "--games", "20"}},
}

func runInit(_ context.Context, env *env, opts options, args []string) error {
	o := opts.(*initOptions)
	if len(args) == 0 || len(args) > 2 {
		return badInput("init: name a game, then the bot's folder if not GAME-bot (see arena help init)")
	}
	game, err := initGame(args[0])
	if err != nil {
		return err
	}
	lang, err := templates.LookupLanguage(o.lang)
	if err != nil {
		return badInput("init: --lang: %v", err)
	}
	trial, ok := botTrials[game]
	if !ok || !lang.Has(game) {
		return badInput("init: no %s template for game %q yet", lang.Name, game)
	}
	dir := game + "-bot"
	if len(args) == 2 {
		dir = args[1]
	}
	// An exec spec separates its arguments by commas and args= by spaces.
	if strings.ContainsAny(dir, ", \t\n") {
		return badInput("init: folder %q: an exec spec cannot name a path with a comma or a space", dir)
	}
	if err := checkBotDir(dir, o.force); err != nil {
		return err
	}
	spec := lang.Spec(dir)
	debug := append([]string{"arena", "play", trial.scenario, "--bot", spec}, trial.debug...)
	play := append([]string{"arena", "run", trial.scenario, "--bot", spec}, trial.play...)
	readme := templates.Readme{Game: game, Build: shellLine(lang.Build(dir)), Debug: shellLine(debug), Play: shellLine(play)}
	files, err := lang.Files(game, readme)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if err := sim.WriteFile(path, f.Data, f.Mode); err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "wrote %s\n", path)
	}
	_, err = fmt.Fprintf(env.stdout, "build:  %s\ndebug:  %s\nplay:   %s\n", readme.Build, readme.Debug, readme.Play)
	return err
}

// initGame returns the game named by name, a game or a scenario.
func initGame(name string) (string, error) {
	if _, err := scenarios.LookupGame(name); err == nil {
		return name, nil
	}
	if sc, err := scenarios.Load(name); err == nil {
		return sc.Game, nil
	}
	return "", badInput("init: unknown game %q (games: %s)", name, strings.Join(gameNames(), ", "))
}

// checkBotDir refuses a folder that holds files, unless force, and a path
// that is not a folder.
func checkBotDir(dir string, force bool) error {
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.IsDir():
		return badInput("init: %s is a file, not a folder", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) > 0 && !force {
		return badInput("init: %s is not empty (--force writes the bot into it)", dir)
	}
	return nil
}

// shellLine joins a command's arguments into a line for a POSIX shell,
// quoting those that need it.
func shellLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.IndexFunc(a, needsQuote) >= 0 {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}

func needsQuote(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-+=:,./@%", r))
}
