package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
)

// lookupGame finds a game by name; tests replace it to play toy games.
var lookupGame = scenarios.LookupGame

// selection holds the flags run and play share: what to play.
type selection struct {
	game   string
	bots   []string // --bots: each flag's text, plain names separated by commas
	bot    []string // --bot: one spec each, repeatable
	params []string // --param key=value, repeatable
	seed   uint64
	fs     *pflag.FlagSet
	// seedFlag is the name of the seed's flag: "seed", the master seed, but
	// for play, whose seed is the match's own ("match-seed").
	seedFlag string
}

func (s *selection) register(fs *pflag.FlagSet, seedDoc string) { s.registerFlags(fs, seedDoc, true) }

// registerScenario registers the selection flags but --bots and --bot, for
// commands that name their bots otherwise.
func (s *selection) registerScenario(fs *pflag.FlagSet, seedDoc string) {
	s.registerFlags(fs, seedDoc, false)
}

func (s *selection) registerFlags(fs *pflag.FlagSet, seedDoc string, bots bool) {
	s.fs = fs
	fs.StringVar(&s.game, "game", "", "play this game's default scenario (see arena list games)")
	if bots {
		fs.StringArrayVar(&s.bots, "bots", nil, "bots by name, comma-separated: `a,b,c`; replaces the scenario's")
		fs.StringArrayVar(&s.bot, "bot", nil, "one bot `SPEC` (NAME or NAME:key=value,…); repeat it, after --bots")
	}
	fs.StringArrayVar(&s.params, "param", nil, "override a game parameter: `key=value`, value read as JSON when it parses, else as a string (one that starts with [, { or \" must be JSON); repeatable")
	if s.seedFlag == "" {
		s.seedFlag = "seed"
	}
	fs.Var((*seedValue)(&s.seed), s.seedFlag, seedDoc)
}

// seedValue is the --seed flag: a uint64 (decimal, or 0x… hexadecimal) whose
// error says what a seed is, rather than quoting strconv.
type seedValue uint64

func (v *seedValue) String() string { return strconv.FormatUint(uint64(*v), 10) }
func (v *seedValue) Type() string   { return "uint" }

func (v *seedValue) Set(text string) error {
	n, err := parseSeed(strings.TrimSpace(text))
	if err != nil {
		return fmt.Errorf("is not a whole number from 0 to %d (decimal, or 0x… hexadecimal)", uint64(math.MaxUint64))
	}
	*v = seedValue(n)
	return nil
}

// parseSeed reads a seed as arena writes and documents them: decimal, or
// hexadecimal after 0x. Not Go's other prefixes: a zero-padded seed (007,
// 010) is decimal, never octal, and 0b…, 0o… and 1_000 are no seeds.
func parseSeed(text string) (uint64, error) {
	if len(text) > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') {
		return strconv.ParseUint(text[2:], 16, 64)
	}
	return strconv.ParseUint(text, 10, 64)
}

// wholeValue is an int flag read in decimal, as its help and the docs
// write it: pflag's own reads Go's prefixes, so that --games 010 played 8
// games and --seed-like 0b11 was 3. Its errors are strconv's, which
// flagError says in the user's words.
type wholeValue int

func (v *wholeValue) String() string { return strconv.Itoa(int(*v)) }
func (v *wholeValue) Type() string   { return "int" }

func (v *wholeValue) Set(text string) error {
	n, err := strconv.ParseInt(text, 10, strconv.IntSize)
	if err != nil {
		return err
	}
	*v = wholeValue(n)
	return nil
}

// intVar defines a decimal int flag, as pflag's IntVarP would.
func intVar(fs *pflag.FlagSet, p *int, name, short string, value int, usage string) {
	*p = value
	fs.VarP((*wholeValue)(p), name, short, usage)
}

// refuseEmpty refuses a selection flag given an empty value, which pflag
// accepts as it would any other text: an empty --game would quietly play
// the default game, an empty --bots the scenario's bots.
func (s *selection) refuseEmpty(cmd string, args []string) error {
	if len(args) == 1 && strings.TrimSpace(args[0]) == "" {
		return badInput("%s: empty scenario argument (want a scenario name or a file)", cmd)
	}
	if s.fs.Changed("game") && strings.TrimSpace(s.game) == "" {
		return badInput("--game: empty value (want a game name, see arena list games)")
	}
	for _, text := range s.bots {
		if strings.TrimSpace(text) == "" {
			return badInput("--bots: empty value (want bot names, comma-separated)")
		}
		for i, name := range strings.Split(text, ",") {
			if strings.TrimSpace(name) == "" {
				return badInput("--bots %s: name %d is empty (want bot names, comma-separated)", text, i+1)
			}
		}
	}
	for _, text := range s.bot {
		if strings.TrimSpace(text) == "" {
			return badInput("--bot: empty value (want a bot SPEC: NAME or NAME:key=value,…)")
		}
	}
	for _, kv := range s.params {
		if strings.TrimSpace(kv) == "" {
			return badInput("--param: empty value (want key=value)")
		}
	}
	return nil
}

// chosen is a resolved selection.
type chosen struct {
	scenario *scenarios.Scenario
	entry    scenarios.Entry
	params   sim.Params
	origin   map[string]string // parameter → where its value came from
	specs    []sim.BotSpec
	specFrom []string // where each spec came from, for error messages
	botsFrom string   // where the bots came from, for error messages
	flagBots bool     // the bots came from --bots/--bot
}

// resolve finds the scenario (positional argument, --game's default, or
// the default scenario), applies --param and picks the bots.
func (s *selection) resolve(cmd string, args []string) (*chosen, error) {
	// on and off are no scenario: the value of --sandbox given apart.
	hint := ""
	if slices.Contains(args, "on") || slices.Contains(args, "off") {
		hint = " (a flag whose value is optional takes it with =: --sandbox=off)"
	}
	if len(args) > 1 {
		return nil, badInput("%s: takes at most one scenario, got %s%s", cmd, strings.Join(args, " "), hint)
	}
	if err := s.refuseEmpty(cmd, args); err != nil {
		return nil, err
	}
	sc, err := s.scenario(args)
	if err != nil {
		if hint != "" {
			return nil, badInput("%v%s", err, hint)
		}
		return nil, asBadInput(err)
	}
	if s.game != "" && sc.Game != s.game {
		return nil, badInput("%s: scenario %s is a %s scenario, but --game is %s", cmd, sc.Name, sc.Game, s.game)
	}
	entry, err := lookupGame(sc.Game)
	if err != nil {
		return nil, badInput("%s: key game: %v", sc.Name, err)
	}
	flags, err := parseParamFlags("--param", s.params)
	if err != nil {
		return nil, err
	}
	layers, err := layerParams(sc, entry.Game.Info().Map, flags)
	if err != nil {
		return nil, err
	}
	c := &chosen{scenario: sc, entry: entry, params: layers.Params(), origin: layers.Origins()}
	if err := c.pickBots(s); err != nil {
		return nil, err
	}
	return c, nil
}

// seatPerBot gives a tournament's matches one seat per bot when fewer bots
// are given with --bots/--bot than the game's default number of players
// and neither the scenario nor --param sets it: sopra/match, six seats by
// default, then plays three players when given three bots. A number of
// bots the game does not take is left for the game to refuse.
func (c *chosen) seatPerBot() {
	if _, set := c.origin["players"]; set || !c.flagBots {
		return
	}
	for _, p := range c.entry.Game.Info().Params {
		if p.Name != "players" || p.Kind != sim.KindInt {
			continue
		}
		var def int
		if n := len(c.specs); json.Unmarshal([]byte(p.Default), &def) == nil && n < def && float64(n) >= p.Min {
			c.params.Set("players", n)
			c.origin["players"] = c.botsFrom + " (one seat per bot)"
		}
	}
}

// parseParamFlags reads the key=value texts of a parameter flag.
func parseParamFlags(flag string, texts []string) ([]paramFlag, error) {
	var flags []paramFlag
	for _, kv := range texts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, badInput("%s %q: want key=value", flag, kv)
		}
		k = strings.TrimSpace(k)
		val, err := sim.ParseParamValue(v)
		if err != nil {
			return nil, badInput("%s %s: %v", flag, k, err)
		}
		// Given twice, one value would quietly be dropped, as a bot's
		// argument given twice is refused.
		if slices.ContainsFunc(flags, func(f paramFlag) bool { return f.Key == k }) {
			return nil, badInput("%s %s: given twice", flag, k)
		}
		flags = append(flags, paramFlag{Key: k, Value: val})
	}
	return flags, nil
}

// paramFlag is one --param key=value.
type paramFlag = sim.ParamValue

// layerParams stacks the parameter values (see sim.LayerParams), wording
// its errors as bad input.
func layerParams(sc *scenarios.Scenario, m *sim.MapLayer, flags []paramFlag) (*sim.Layers, error) {
	l, err := sim.LayerParams(sc.Name, sc.Params, m, flags)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return l, nil
}

// scenario loads the scenario named by args, by --game, or the default.
func (s *selection) scenario(args []string) (*scenarios.Scenario, error) {
	switch {
	case len(args) == 1 && scenarios.Embedded(args[0]):
		return scenarios.Load(args[0])
	case len(args) == 1:
		sc, err := scenarios.LoadFile(args[0])
		if err != nil && !strings.ContainsAny(args[0], `.\`) && strings.Count(args[0], "/") == 1 {
			return nil, fmt.Errorf("unknown scenario %q: not an embedded scenario (see arena list scenarios) nor a file", args[0])
		}
		return sc, err
	case s.game != "":
		entry, err := lookupGame(s.game)
		if err != nil {
			return nil, fmt.Errorf("--game: %w", err)
		}
		return scenarios.Load(entry.DefaultScenario)
	}
	return scenarios.Load(scenarios.DefaultScenario)
}

// pickBots takes --bots then --bot, or the scenario's bots, or every bot of
// the game that needs no argument.
func (c *chosen) pickBots(s *selection) error {
	var texts []string
	for _, list := range s.bots {
		texts = append(texts, strings.Split(list, ",")...)
	}
	for range texts {
		c.specFrom = append(c.specFrom, "--bots")
	}
	texts = append(texts, s.bot...)
	c.flagBots = len(texts) > 0
	switch {
	case c.flagBots:
		c.botsFrom = "--bots"
		if len(s.bots) == 0 {
			c.botsFrom = "--bot"
		}
		for range s.bot {
			c.specFrom = append(c.specFrom, "--bot")
		}
	case len(c.scenario.Bots) > 0:
		texts, c.botsFrom = c.scenario.Bots, c.scenario.Name+": key bots"
	default:
		c.botsFrom = c.scenario.Name + ": every bot of " + c.scenario.Game
		for _, b := range c.entry.Game.Info().Bots {
			if !needsArgs(b) {
				texts = append(texts, b.Name)
			}
		}
	}
	for i, t := range texts {
		spec, err := sim.ParseBotSpec(t)
		if err != nil {
			return badInput("%s: %v", c.specOrigin(i), err)
		}
		c.specs = append(c.specs, spec)
	}
	return nil
}

// specOrigin says where spec i came from.
func (c *chosen) specOrigin(i int) string {
	if i < len(c.specFrom) {
		return c.specFrom[i]
	}
	return c.botsFrom
}

// lineUp makes a league scenario's line-up: the one bot under test, then
// the league's opponents, and a players parameter to match.
func (c *chosen) lineUp() error {
	sc := c.scenario
	if len(c.specs) != 1 {
		if len(c.specs) == 0 || !c.flagBots {
			return badInput("%s is a league: give the bot to test with --bot SPEC", sc.Name)
		}
		return badInput("%s: a league tests one bot at a time, got %d", c.botsFrom, len(c.specs))
	}
	for _, text := range sc.League.Opponents {
		spec, err := sim.ParseBotSpec(text)
		if err != nil {
			return badInput("%s: key league: %v", sc.Name, err)
		}
		c.specs = append(c.specs, spec)
		c.specFrom = append(c.specFrom, sc.Name+": key league")
	}
	players := len(c.specs)
	if from, ok := c.origin["players"]; ok && string(c.params["players"]) != strconv.Itoa(players) {
		return badInput("%s: %s is a league of %d players (the bot under test and %d opponents), not %s",
			from, sc.Name, players, players-1, c.params["players"])
	}
	c.params.Set("players", players)
	c.origin["players"] = sc.Name + ": key league"
	return nil
}

// blame words a parameter error after the most specific source of the
// values involved: a --param flag first, then the scenario; a value left at
// its default is the scenario's.
func (c *chosen) blame(pe *sim.ParamError) string {
	names := append([]string{pe.Name}, pe.Also...)
	for _, n := range names {
		if from := c.origin[n]; strings.HasPrefix(from, "--param") {
			return fmt.Sprintf("--param %s: %v", n, pe.Err)
		}
	}
	for _, n := range names {
		if from, ok := c.origin[n]; ok {
			return fmt.Sprintf("%s: %v", from, pe)
		}
	}
	return fmt.Sprintf("%s: %v", c.scenario.Name, pe)
}

// needsArgs reports whether a bot has a required argument (default null).
func needsArgs(b sim.BotInfo) bool {
	for _, p := range b.Params {
		if p.Default == "null" {
			return true
		}
	}
	return false
}

// setup configures the game with the chosen parameters and bots, naming
// the source of any bad value.
func (c *chosen) setup() (sim.Setup, error) {
	if n := len(c.specs); n > sim.MaxEntrants {
		from := c.botsFrom
		if from == "" {
			from = c.scenario.Name + ": key bots"
		}
		return nil, badInput("%s: %d bots, at most %d", from, n, sim.MaxEntrants)
	}
	st, err := c.entry.Game.Setup(c.params, c.specs)
	if err == nil {
		return st, nil
	}
	var be *sim.BotError
	var pe *sim.ParamError
	if errors.As(err, &be) {
		from := c.botsFrom
		for i, spec := range c.specs {
			if spec.String() == be.Spec {
				from = c.specOrigin(i)
				break
			}
		}
		return nil, badInput("%s: %v", from, err)
	}
	if errors.As(err, &pe) {
		return nil, badInput("%s", c.blame(pe))
	}
	return nil, badInput("%s: %v", c.scenario.Name, err)
}
