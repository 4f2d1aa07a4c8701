package cli

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/arenasim/arena/registry"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

var listCommand = &command{
	name:  "list",
	usage: "list [games|bots|scenarios|params] [GAME]",
	short: "list games, bots, scenarios or game parameters",
	long: `List shows what arena can play. Without a kind it lists the games. With
GAME, bots, scenarios and params are limited to that game; without, every
game's are listed.

  games      each game, real or synthetic, its default scenario and its summary
  bots       each bot, its arguments (NAME:key=value,…) and what it does
  scenarios  each embedded scenario: game, seats, bots, games, seed
  params     each game parameter, its default and its range`,
	options: func() options { return noOptions{} },
	run:     list,
}

func list(_ context.Context, env *env, _ options, args []string) error {
	kind := "games"
	if len(args) > 0 {
		kind = args[0]
	}
	if len(args) > 2 {
		return badInput("list: too many arguments %q (see arena help list)", args)
	}
	entries := registry.Entries()
	if len(args) == 2 {
		e, err := registry.Lookup(args[1])
		if err != nil {
			return badInput("list %s: %v", kind, err)
		}
		entries = []registry.Entry{e}
	}
	t := listTable(env.stdout)
	switch kind {
	case "games":
		if len(args) == 2 {
			return badInput("list games: takes no game")
		}
		t.Header("game", "kind", "default scenario", "summary")
		for _, e := range entries {
			info := e.Game.Info()
			t.Append(info.Name, gameKind(e), e.DefaultScenario, info.Summary)
		}
	case "bots":
		t.Header("game", "bot", "arguments", "summary")
		args := listTable(env.stdout)
		args.Header("game", "bot", "argument", "default", "meaning")
		for _, e := range entries {
			info := e.Game.Info()
			for _, b := range info.Bots {
				t.Append(info.Name, b.Name, describeArgs(b.Params), b.Summary)
				for _, p := range b.Params {
					args.Append(info.Name, b.Name, p.Name, p.Default, p.Doc)
				}
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintln(env.stdout)
		return args.Render()
	case "scenarios":
		t.Header("scenario", "game", "seats", "bots", "games", "seed", "description")
		for _, name := range scenarios.Names() {
			sc, err := scenarios.Load(name)
			if err != nil {
				return err
			}
			info, ok := gameInfo(entries, sc.Game)
			if !ok {
				continue
			}
			bots := strings.Join(sc.Bots, ",")
			if sc.League != nil {
				bots = "(--bot) vs " + strings.Join(sc.League.Opponents, ",")
			}
			t.Append(name, sc.Game, seatsOf(sc, info), bots, sc.Games, strconv.FormatUint(sc.Seed, 10), sc.Description)
		}
	case "params":
		t.Header("game", "param", "default", "meaning")
		for _, e := range entries {
			info := e.Game.Info()
			for _, p := range info.Params {
				t.Append(info.Name, p.Name, p.Default, p.Doc)
			}
		}
	default:
		return badInput("list: unknown kind %q (want games, bots, scenarios or params)", kind)
	}
	return t.Render()
}

// listTable returns a borderless table, easy to read and to grep.
func listTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleASCII),
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenColumns: tw.Off, BetweenRows: tw.Off},
				Lines:      tw.Lines{ShowHeaderLine: tw.Off},
			},
		})),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoFormat(tw.On),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
}

// gameKind tells a real game from a synthetic one, made up to test arena.
func gameKind(e registry.Entry) string {
	if e.Synthetic {
		return "synthetic"
	}
	return "real"
}

// describeArgs shows a bot's arguments with their defaults, as a spec
// would: key=value,key=value.
func describeArgs(params []sim.ParamSpec) string {
	var parts []string
	for _, p := range params {
		parts = append(parts, p.Name+"="+p.Default)
	}
	return strings.Join(parts, ",")
}

// gameInfo returns the listing of the game called name among entries.
func gameInfo(entries []registry.Entry, name string) (sim.GameInfo, bool) {
	for _, e := range entries {
		if info := e.Game.Info(); info.Name == name {
			return info, true
		}
	}
	return sim.GameInfo{}, false
}

// seatsOf returns a scenario's seat count: a league's line-up, else the
// players parameter, else the game's default.
func seatsOf(sc *scenarios.Scenario, info sim.GameInfo) string {
	if sc.League != nil {
		return strconv.Itoa(1 + len(sc.League.Opponents))
	}
	if v, ok := sc.Params["players"]; ok {
		return string(v)
	}
	for _, p := range info.Params {
		if p.Name == "players" {
			return p.Default
		}
	}
	return "?"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func joinNames(list []string) string { return strings.Join(list, ", ") }
