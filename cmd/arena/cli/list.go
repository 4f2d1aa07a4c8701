package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

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
  scenarios  each embedded scenario: game, seats, games, seed, bots, and
             what it is under them
  params     each game parameter, its default and its range, then the
             arguments of its bots that a tuner can move

The tables fit 80 columns. --format json prints one JSON array of objects
instead, for scripts (jq) and shell completion.`,
	options: func() options { return &listOptions{} },
	run:     list,
}

type listOptions struct {
	format string
}

func (o *listOptions) register(fs *pflag.FlagSet) {
	fs.StringVarP(&o.format, "format", "f", "table", "table, or json: one array of objects")
}

func list(_ context.Context, env *env, opts options, args []string) error {
	o := opts.(*listOptions)
	kind := "games"
	if len(args) > 0 {
		kind = args[0]
	}
	if len(args) > 2 {
		return badInput("list: too many arguments %q (see arena help list)", args)
	}
	if o.format != "table" && o.format != "json" {
		return badInput("--format: %q is not table or json", o.format)
	}
	entries := scenarios.Entries()
	if len(args) == 2 {
		e, err := scenarios.LookupGame(args[1])
		if err != nil {
			return badInput("list %s: %v", kind, err)
		}
		entries = []scenarios.Entry{e}
	}
	if kind == "games" && len(args) == 2 {
		return badInput("list games: takes no game")
	}
	if o.format == "json" {
		return listJSON(env, kind, entries)
	}
	var t *listing
	switch kind {
	case "games":
		t = newListing(env.stdout, "game", "kind", "default scenario", "summary")
		for _, e := range entries {
			info := e.Game.Info()
			t.Append(info.Name, gameKind(e), e.DefaultScenario, info.Summary)
		}
	case "bots":
		t = newListing(env.stdout, "game", "bot", "arguments", "summary")
		args := newListing(env.stdout, "game", "bot", "argument", "range", "default", "meaning")
		for _, e := range entries {
			info := e.Game.Info()
			for _, b := range info.Bots {
				t.Append(info.Name, b.Name, describeArgs(b.Params), b.Summary)
				for _, p := range b.Params {
					args.Append(info.Name, b.Name, p.Name, p.Range(), p.Default, p.Doc)
				}
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintln(env.stdout)
		return args.Render()
	case "scenarios":
		list, err := scenarioList(entries)
		if err != nil {
			return err
		}
		return renderScenarios(env.stdout, list)
	case "params":
		// One table per game: a game's long names (Aquar.iom's) then do
		// not narrow the others' columns.
		for i, e := range entries {
			info := e.Game.Info()
			t = newListing(env.stdout, "game", "param", "range", "default", "meaning")
			for _, p := range info.Params {
				t.Append(info.Name, p.Name, p.Range(), shortDefault(p.Default), p.Doc)
			}
			if info.Map != nil {
				t.Append(info.Name, info.Map.Param, "map name or file", "", "a shipped map or the path of a map file, which gives every map key at once; single --param keys then override it")
			}
			// Then the bots' arguments a tuner can move.
			if tunable := tunableArgs(env.stdout, info); tunable != nil {
				if err := t.Render(); err != nil {
					return err
				}
				fmt.Fprintln(env.stdout)
				t = tunable
			}
			if i < len(entries)-1 {
				if err := t.Render(); err != nil {
					return err
				}
				fmt.Fprintln(env.stdout)
			}
		}
	default:
		return badInput("list: unknown kind %q (want games, bots, scenarios or params)", kind)
	}
	return t.Render()
}

// tunableArgs returns the table of a game's bots' arguments that a tuner
// can move (numbers with bounds), or nil when there is none.
func tunableArgs(w io.Writer, info sim.GameInfo) *listing {
	var t *listing
	for _, b := range info.Bots {
		for _, p := range b.Params {
			if !p.Tunable() {
				continue
			}
			if t == nil {
				t = newListing(w, "game", "bot", "tunable", "range", "scale", "default", "meaning")
			}
			t.Append(info.Name, b.Name, p.Name, p.Range(), p.Scale, shortDefault(p.Default), p.Doc)
		}
	}
	return t
}

// listWidth is the terminal width every listing fits in.
const listWidth = 80

// listing is a borderless table, easy to read and to grep, that fits in
// listWidth columns: the widest columns are wrapped (between words, or
// after the commas of a bot's arguments) until the table fits, and no line
// ends with a space.
type listing struct {
	w      io.Writer
	header []string
	rows   [][]string
}

// shortDefault abbreviates a long default (a list of points) so that the
// listing fits a terminal; docs/games has the full values.
func shortDefault(d string) string {
	if r := []rune(d); len(r) > 16 {
		return string(r[:15]) + "…"
	}
	return d
}

func newListing(w io.Writer, header ...string) *listing {
	return &listing{w: w, header: header}
}

// Append adds a row, each cell in its default text form.
func (l *listing) Append(cells ...any) {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = fmt.Sprint(c)
	}
	l.rows = append(l.rows, row)
}

// Render writes the table.
func (l *listing) Render() error {
	widths := l.widths()
	var buf bytes.Buffer
	t := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleASCII),
			Settings: tw.Settings{
				Separators: tw.Separators{BetweenColumns: tw.Off, BetweenRows: tw.Off},
				Lines:      tw.Lines{ShowHeaderLine: tw.Off},
			},
		})),
		tablewriter.WithPadding(tw.Padding{Left: " ", Right: " ", Overwrite: true}),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithHeaderAutoFormat(tw.On),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone), // wrapped here, see wrapCell
	)
	t.Header(l.header)
	for _, row := range l.rows {
		cells := make([]string, len(row))
		for i, c := range row {
			cells[i] = strings.Join(wrapCell(c, widths[i]), "\n")
		}
		if err := t.Append(cells); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	// The last column is padded to its width: trim what pads it.
	var out strings.Builder
	for line := range strings.Lines(buf.String()) {
		out.WriteString(strings.TrimRight(line, " \n"))
		out.WriteByte('\n')
	}
	_, err := io.WriteString(l.w, out.String())
	return err
}

// widths returns the width of every column: the widest line of its cells,
// narrowed, the widest column first, until the table fits in listWidth. A
// column narrows below its header or its longest word only when nothing
// else can.
func (l *listing) widths() []int {
	n := len(l.header)
	widths := make([]int, n)
	floors := make([]int, n)
	for i, h := range l.header {
		widths[i] = twwidth.Width(h)
		floors[i] = widths[i]
	}
	for _, row := range l.rows {
		for i, c := range row {
			for _, line := range strings.Split(c, "\n") {
				widths[i] = max(widths[i], twwidth.Width(line))
			}
			for _, word := range wrapWords(c) {
				floors[i] = max(floors[i], twwidth.Width(strings.TrimSpace(word)))
			}
		}
	}
	// Every column is padded with a space on either side; the last one's
	// right padding is trimmed.
	budget := listWidth - (2*n - 1)
	for floorsOK := true; ; {
		sum, widest := 0, -1
		for i, w := range widths {
			sum += w
			if (!floorsOK || w > floors[i]) && (widest < 0 || w > widths[widest]) {
				widest = i
			}
		}
		switch {
		case sum <= budget:
			return widths
		case widest >= 0 && widths[widest] > 1:
			widths[widest]--
		case floorsOK:
			floorsOK = false
		default:
			return widths // one column per character does not fit: give up
		}
	}
}

// wrapWords splits text after each space and each comma, the places a cell
// may wrap: between words, or between the arguments of a bot spec.
func wrapWords(text string) []string {
	var ws []string
	start := 0
	for i, r := range text {
		if r == ' ' || r == ',' || r == '\n' {
			ws = append(ws, text[start:i+1])
			start = i + 1
		}
	}
	if start < len(text) {
		ws = append(ws, text[start:])
	}
	return ws
}

// wrapCell breaks text into lines of at most width columns, at the places
// wrapWords finds, a word longer than a line anywhere.
func wrapCell(text string, width int) []string {
	var lines []string
	var line strings.Builder
	lineWidth := 0
	flush := func() {
		lines = append(lines, strings.TrimRight(line.String(), " "))
		line.Reset()
		lineWidth = 0
	}
	for _, word := range wrapWords(text) {
		newline := strings.HasSuffix(word, "\n")
		word = strings.TrimSuffix(word, "\n")
		// A trailing space may hang past the width: it is trimmed.
		w := twwidth.Width(strings.TrimRight(word, " "))
		if lineWidth > 0 && lineWidth+w > width {
			flush()
		}
		for _, r := range word {
			rw := twwidth.Width(string(r))
			if lineWidth > 0 && lineWidth+rw > width && r != ' ' {
				flush()
			}
			if r == ' ' && lineWidth == 0 && len(lines) > 0 {
				continue // no line starts with the space it was broken at
			}
			line.WriteRune(r)
			lineWidth += rw
		}
		if newline {
			flush()
		}
	}
	if line.Len() > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// gameKind tells a real game from a synthetic one, made up to test arena.
func gameKind(e scenarios.Entry) string {
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
func gameInfo(entries []scenarios.Entry, name string) (sim.GameInfo, bool) {
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
