package aquariom

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arenasim/arena/sim"
)

// keyDocs holds what each map key means; its range is the bounds table's
// (config.go), which Config.Check applies, plus the bounds that depend on
// other keys, which the docs say.
var keyDocs = map[string]string{
	"map_width":                           "the map is [0,W] × [0,H]; cells never leave it",
	"map_height":                          "see the previous key",
	"min_nb_players":                      "the fewest players the map is made for",
	"max_nb_players":                      "the most players the map is made for, at least min_nb_players",
	"nb_starting_cells_per_player":        "cells each player starts with",
	"players_starting_positions":          "start positions, [x, y] pairs of real numbers on the map, as many per player as it has starting cells",
	"max_cells_per_player":                "the most cells a player may own, at least the starting cells",
	"mass_absorption":                     "share of an eaten foreign or neutral cell's mass gained",
	"minimum_mass_ratio_to_absorb":        "mass ratio needed to eat another player's cell",
	"radius_factor":                       "radius = radius_factor × mass",
	"player_cells_starting_mass":          "mass of a new player cell",
	"mass_loss_per_frame":                 "each turn a player cell loses this share of its mass",
	"base_cell_speed":                     "a cell's max speed is max(0, base − factor × mass), factor being the next key",
	"speed_loss_factor":                   "see the previous key",
	"minimum_player_cell_mass":            "player-cell masses are clamped to [minimum, maximum] after any change",
	"maximum_player_cell_mass":            "see the previous key; at least the minimum",
	"initial_neutral_cells_matrix_width":  "initial neutral cells sit on a grid this wide",
	"initial_neutral_cells_matrix_height": "and this high",
	"initial_neutral_cells_mass":          "mass of an initial neutral cell",
	"initial_neutral_cells_repop_time":    "turns before an eaten initial neutral cell reappears",
	"max_viruses":                         "the most viruses at once; a new one evicts the oldest",
	"virus_mass":                          "mass of a virus",
	"virus_creation_mass_loss":            "a cell creating a virus loses the virus's mass plus this share of its own",
	"virus_isolation_duration":            "turns of isolation after a virus explosion",
	"virus_max_split":                     "the most satellites of an explosion",
	"viruses_starting_positions":          "virus positions at the start, [x, y] pairs of real numbers on the map",
	"nb_turns":                            "turns the players act (the game has one step more)",
}

// Params are Aquar.iom's parameters: every key of a map file (defaults:
// the shipped duel map, the rule sheet's 2-player values), satellite_mass
// and players. A map file given with map=PATH (or a shipped map's name)
// gives every map key at once (see MapLayer).
var Params = params()

func params() []sim.ParamSpec {
	def, err := LoadMap("duel")
	if err != nil {
		panic(fmt.Sprintf("aquariom: the shipped duel map: %v", err)) // a build defect: the map is embedded
	}
	values := def.Values()
	var specs []sim.ParamSpec
	for _, k := range mapKeys {
		b := bounds[k.name]
		s := sim.ParamSpec{Name: k.name, Default: string(values[k.name]), Doc: keyDocs[k.name],
			Min: b.lo, Max: b.hi, MinOpen: b.loOpen, MaxOpen: b.hiOpen}
		switch {
		case k.i != nil:
			s.Kind = sim.KindInt
		case k.f != nil:
			s.Kind = sim.KindFloat
		default:
			s.Kind = sim.KindJSON
		}
		specs = append(specs, s)
	}
	return append(specs,
		sim.ChoiceParam("satellite_mass", "seed", satelliteNames[:], "mass of each satellite of an explosion: seed m/(2·max split), as the presentation says, or reference m/n, as the original server did"),
		sim.IntParam("players", 2, MinPlayers, MaxPlayers, "number of players, within the map's range of players"),
	)
}

// Values returns the map keys of c as parameter values.
func (c *Config) Values() sim.Params {
	p := sim.Params{}
	for _, k := range mapKeys {
		switch {
		case k.f != nil:
			p.Set(k.name, *k.f(c))
		case k.i != nil:
			p.Set(k.name, *k.i(c))
		default:
			pts := make([][2]float64, len(*k.p(c)))
			for i, q := range *k.p(c) {
				pts[i] = [2]float64{q.X, q.Y}
			}
			p.Set(k.name, pts)
		}
	}
	return p
}

// MapLayer reads map files for the parameter layers: map=PATH (or a
// shipped map's name) gives every map key.
var MapLayer = &sim.MapLayer{
	Param: "map",
	Keys:  MapKeys(),
	Load: func(path string) (sim.Params, error) {
		c, err := LoadMap(path)
		if err != nil {
			return nil, err
		}
		return c.Values(), nil
	},
}

// NewFromParams configures the rules for seats players from an effective
// parameter set. Its errors are *sim.ParamError naming the key at fault.
func NewFromParams(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	r := sim.NewParamReader(p, Params)
	var c Config
	for _, k := range mapKeys {
		raw, ok := p[k.name]
		if !ok {
			return nil, &sim.ParamError{Name: k.name, Err: errors.New("missing")}
		}
		if err := c.SetKey(k.name, raw); err != nil {
			return nil, keyError(err)
		}
	}
	sm, err := ParseSatelliteMass(r.String("satellite_mass"))
	if rerr := r.Err(); rerr != nil {
		return nil, rerr
	}
	if err != nil {
		return nil, &sim.ParamError{Name: "satellite_mass", Err: err}
	}
	c.SatelliteMass, c.Players = sm, seats
	rules, err := New(c)
	if err != nil {
		return nil, keyError(err)
	}
	return rules, nil
}

// keyError turns "key: message" into a *sim.ParamError naming the key.
func keyError(err error) error {
	key, msg, ok := strings.Cut(err.Error(), ": ")
	if !ok {
		return err
	}
	return &sim.ParamError{Name: key, Err: errors.New(msg)}
}

// Game is Aquar.iom with no bots; the registry adds them.
func Game() sim.Game[State, View, Action] {
	return sim.Game[State, View, Action]{
		Name:    "aquariom",
		Summary: "Aquar.iom: agar.io on the original JSON maps — cells eat smaller ones, split, feed viruses; the most mass over the game wins",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Action](NewFromParams),
		Codec: sim.Codec[View, Action]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParseAction,
			Print: func(dst []byte, a Action) []byte { return AppendAction(dst, a) },
			// A turn may pass without action (rule sheet, "Actions"): the
			// original server's recordings write a blank line for it.
			BlankIsIdle: true,
			// The kit's binary TCP protocol. Its server never waited: a
			// turn every 100 ms, and a late acknowledgement missed it.
			Original: &sim.Original[View]{
				Transport:    sim.TCP,
				Start:        func(dst []byte, v *View) []byte { return v.AppendOriginalStart(dst) },
				Turn:         func(dst []byte, v *View) []byte { return v.AppendOriginalTurn(dst) },
				End:          func(dst []byte, v *View) []byte { return v.AppendOriginalEnd(dst) },
				FirstTimeout: 10 * time.Second,
				Timeout:      100 * time.Millisecond,
				Protocol:     Protocol,
			},
		},
		Map: MapLayer,
	}
}
