package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// The objects of arena list --format json, one array per kind.
type (
	gameItem struct {
		Name            string `json:"name"`
		Kind            string `json:"kind"` // real or synthetic
		DefaultScenario string `json:"default_scenario"`
		Summary         string `json:"summary"`
	}
	botItem struct {
		Game    string      `json:"game"`
		Name    string      `json:"name"`
		Summary string      `json:"summary"`
		Args    []paramItem `json:"args"`
	}
	paramItem struct {
		Game    string `json:"game,omitempty"`
		Name    string `json:"name"`
		Kind    string `json:"kind"`
		Range   string `json:"range"`
		Default any    `json:"default"` // as JSON
		Tunable bool   `json:"tunable"`
		Scale   string `json:"scale,omitempty"` // of a tunable number
		Doc     string `json:"doc"`
	}
	scenarioItem struct {
		Name      string   `json:"name"`
		Game      string   `json:"game"`
		Seats     int      `json:"seats"`
		Bots      []string `json:"bots"`                // a league: none, the player's --bot
		Opponents []string `json:"opponents,omitempty"` // a league's line-up against --bot
		Games     int      `json:"games"`
		Seed      uint64   `json:"seed"`
		Desc      string   `json:"description"`
	}
)

// listJSON prints the listing of kind as one JSON array.
func listJSON(env *env, kind string, entries []scenarios.Entry) error {
	var items any
	switch kind {
	case "games":
		var games []gameItem
		for _, e := range entries {
			info := e.Game.Info()
			games = append(games, gameItem{info.Name, gameKind(e), e.DefaultScenario, info.Summary})
		}
		items = games
	case "bots":
		var bots []botItem
		for _, e := range entries {
			info := e.Game.Info()
			for _, b := range info.Bots {
				bots = append(bots, botItem{Game: info.Name, Name: b.Name, Summary: b.Summary, Args: paramItems("", b.Params)})
			}
		}
		items = bots
	case "scenarios":
		list, err := scenarioList(entries)
		if err != nil {
			return err
		}
		items = list
	case "params":
		var params []paramItem
		for _, e := range entries {
			info := e.Game.Info()
			params = append(params, paramItems(info.Name, info.Params)...)
			if info.Map != nil {
				params = append(params, paramItem{Game: info.Name, Name: info.Map.Param, Kind: "file", Range: "map name or file",
					Doc: "a shipped map or the path of a map file, which gives every map key at once"})
			}
		}
		items = params
	default:
		return badInput("list: unknown kind %q (want games, bots, scenarios or params)", kind)
	}
	data, err := json.MarshalIndent(items, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(env.stdout, "%s\n", data)
	return err
}

// paramItems lists parameters or a bot's arguments.
func paramItems(game string, specs []sim.ParamSpec) []paramItem {
	items := []paramItem{}
	for _, p := range specs {
		var def any
		if err := json.Unmarshal([]byte(p.Default), &def); err != nil {
			def = p.Default
		}
		it := paramItem{Game: game, Name: p.Name, Kind: p.Kind.String(), Range: p.Range(), Default: def, Tunable: p.Tunable(), Doc: p.Doc}
		if p.Tunable() {
			it.Scale = p.Scale.String()
		}
		items = append(items, it)
	}
	return items
}

// scenarioList returns the embedded scenarios of the games of entries.
func scenarioList(entries []scenarios.Entry) ([]scenarioItem, error) {
	var list []scenarioItem
	for _, name := range scenarios.Names() {
		sc, err := scenarios.Load(name)
		if err != nil {
			return nil, err
		}
		info, ok := gameInfo(entries, sc.Game)
		if !ok {
			continue
		}
		seats, _ := strconv.Atoi(seatsOf(sc, info))
		it := scenarioItem{Name: name, Game: sc.Game, Seats: seats, Bots: sc.Bots, Games: sc.Games, Seed: sc.Seed, Desc: sc.Description}
		if sc.League != nil {
			it.Bots, it.Opponents = []string{}, sc.League.Opponents
		}
		list = append(list, it)
	}
	return list, nil
}

// renderScenarios writes the scenarios in listWidth columns: a line of
// short columns (scenario, game, seats, games, seed) and the bots, then the
// description under them, wrapped, so that neither is squeezed into a
// narrow column.
func renderScenarios(w io.Writer, list []scenarioItem) error {
	header := []string{"SCENARIO", "GAME", "SEATS", "GAMES", "SEED", "BOTS"}
	rows := make([][]string, len(list))
	widths := make([]int, len(header))
	for i, h := range header {
		widths[i] = twwidth.Width(h)
	}
	for i, sc := range list {
		bots := strings.Join(sc.Bots, ", ")
		if sc.Opponents != nil {
			bots = "(--bot) vs " + strings.Join(sc.Opponents, ", ")
		}
		rows[i] = []string{sc.Name, sc.Game, strconv.Itoa(sc.Seats), strconv.Itoa(sc.Games), strconv.FormatUint(sc.Seed, 10), bots}
		for j, c := range rows[i][:len(header)-1] {
			widths[j] = max(widths[j], twwidth.Width(c))
		}
	}
	// The bots take what the short columns leave, each column padded as
	// the other listings are: a space on either side.
	used := 0
	for _, wd := range widths[:len(header)-1] {
		used += wd + 2
	}
	botsWidth := max(listWidth-used-1, 16)
	indent := strings.Repeat(" ", widths[0]+2+1) // under the game
	var b strings.Builder
	line := func(cells []string) {
		var l strings.Builder
		for j, c := range cells {
			if j < len(cells)-1 {
				fmt.Fprintf(&l, " %s%s ", c, strings.Repeat(" ", widths[j]-twwidth.Width(c)))
			} else {
				fmt.Fprintf(&l, " %s", c)
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	line(header)
	for i, row := range rows {
		bots := wrapCell(row[len(row)-1], botsWidth)
		line(append(row[:len(row)-1:len(row)-1], bots[0]))
		pad := strings.Repeat(" ", used+1)
		for _, more := range bots[1:] {
			b.WriteString(pad + more + "\n")
		}
		for _, d := range wrapCell(list[i].Desc, listWidth-len(indent)) {
			b.WriteString(strings.TrimRight(indent+d, " ") + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
