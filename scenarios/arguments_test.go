package scenarios_test

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// inert lists the strong bots' arguments known to change nothing on their
// game's default scenario, and why; the test checks that they still do
// nothing, so that the list shrinks as soon as one starts to matter.
var inert = map[string]string{
	"aquariom/virus_ratio": "at its tuned default, 3.85, strong creates no virus in these matches, as at 0 (never) and 10; at 1.5 to 3 it does (8 duels against itself)",
}

// budgets gives the strong bots that play here at another budget than
// their default, and why: the arguments every match gives them, which an
// argument under test replaces.
var budgets = map[string]string{}

// probes gives the strong bots' arguments tried at values of their own
// rather than at the ends of their range, and why: an argument that
// changes play somewhere in its range is one a tuner can move.
var probes = map[string][]float64{
	// At its maximum, 10,000, the swindle waits to be 2,000 cells behind,
	// which only the match against the strong bot at its defaults comes
	// to, near its end: all six matches were played in full, 16 s of the
	// test's 34 on an idle machine. At 1 it answers the predicted move as
	// soon as it is behind at all (3.5 s).
	"tron/swindle": {1},
	// At its maximum, 32, reduce waits for a search 32 turns deep, which
	// no match here reaches; 3 is the value docs/bots.md measures.
	"tron/reduce": {3},
}

// TestStrongArgumentsChangePlay: every tunable argument of every game's
// strong bot changes its play on the game's default scenario — at one end
// of its range or the other, or at a value probes gives, some of four matches against the scenario's
// other bots, or of two against the strong bot at its defaults (what
// arena tune --self plays), end elsewhere — so that a tuner never moves an
// argument that does nothing; at the budget budgets gives, if any. (Aquar.iom's virus_ratio matters only there:
// no other bot grows cells heavy enough to be worth a virus.)
func TestStrongArgumentsChangePlay(t *testing.T) {
	simtest.Clockless(t)
	if testing.Short() {
		t.Skip("plays the strong bots")
	}
	for _, e := range scenarios.Entries() {
		info := e.Game.Info()
		i := slices.IndexFunc(info.Bots, func(b sim.BotInfo) bool { return b.Name == "strong" })
		if i < 0 {
			continue
		}
		sc, err := scenarios.Load(e.DefaultScenario)
		require.NoError(t, err)
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			budget := budgets[info.Name]
			base := &strongMatches{game: e.Game, sc: sc, args: budget, budget: budget}
			for _, p := range info.Bots[i].Params {
				if !p.Tunable() {
					continue
				}
				var def float64
				require.NoError(t, json.Unmarshal([]byte(p.Default), &def))
				var ends []*strongMatches
				values, probed := probes[info.Name+"/"+p.Name]
				if !probed {
					values = []float64{p.Min, p.Max}
				}
				for _, v := range values {
					if v == def {
						continue
					}
					args := p.Name + "=" + strconv.FormatFloat(v, 'f', -1, 64)
					if budget != "" && !strings.HasPrefix(budget, p.Name+"=") {
						args = budget + "," + args
					}
					ends = append(ends, &strongMatches{game: e.Game, sc: sc, args: args, budget: budget})
				}
				changed := base.differ(t, ends...)
				if why, ok := inert[info.Name+"/"+p.Name]; ok {
					require.False(t, changed, "%s strong: %s now changes play: take it off the inert list (%s)", info.Name, p.Name, why)
					continue
				}
				require.True(t, changed, "%s strong: %s at %v plays as at its default %v", info.Name, p.Name, values, def)
			}
		})
	}
}

// strongMatches are six matches of a scenario played by the strong bot
// with args: four with it in each seat in turn against the scenario's
// other bots, then two against the strong bot at its defaults (but for
// budget's arguments) in every other seat. Each is played when first
// asked for and its state hash kept, so that the defaults' matches are
// played only as far as an argument's first difference needs them: on
// Tron's 100×100 board a match takes seconds, and most arguments change
// the first.
type strongMatches struct {
	game         sim.AnyGame
	sc           *scenarios.Scenario
	args, budget string
	hashes       [strongMatchCount]uint64
	played       [strongMatchCount]bool
}

// strongMatchCount is the number of matches strongMatches compares.
const strongMatchCount = 6

// compareOrder is the order differ compares the matches in: the first
// against the scenario's other bots, where most arguments show, then the
// first against the defaults, where an argument that acts only behind
// shows (Tron's swindle: no other bot puts strong behind), then the rest.
// On Tron's 100×100 board a match against the defaults takes seconds, and
// in the order 0 to 5 the swindle at its maximum played five of them on
// each side (the Tron test took 64 s on an idle machine, 38 s in this
// order, 22.5 s with the swindle probed at 1).
var compareOrder = [strongMatchCount]int{0, 4, 1, 2, 3, 5}

// differ reports whether any of the six matches of any of others ends in
// another state than the same match of s, playing them in compareOrder up
// to the first that does.
func (s *strongMatches) differ(t *testing.T, others ...*strongMatches) bool {
	t.Helper()
	for _, o := range others {
		for _, m := range compareOrder {
			if o.hash(t, m) != s.hash(t, m) {
				return true
			}
		}
	}
	return false
}

// hash returns the state hash of match m, playing it the first time.
func (s *strongMatches) hash(t *testing.T, m int) uint64 {
	t.Helper()
	if !s.played[m] {
		s.hashes[m], s.played[m] = s.play(t, m), true
	}
	return s.hashes[m]
}

// play plays match m and returns its state hash.
func (s *strongMatches) play(t *testing.T, m int) uint64 {
	t.Helper()
	spec, defaults := "strong", "strong"
	if s.args != "" {
		spec += ":" + s.args
	}
	if s.budget != "" {
		defaults += ":" + s.budget
	}
	specs := []string{spec}
	for _, b := range s.sc.Bots {
		if b != "strong" {
			specs = append(specs, b)
		}
	}
	seat, seed := func(k, seats int) int { return (k + m) % seats % len(specs) }, m
	if m >= 4 {
		specs, seed = []string{spec, defaults}, m-4
		seat = func(k, seats int) int {
			if k == seed%seats {
				return 0
			}
			return 1
		}
	}
	layers, err := sim.LayerParams(s.sc.Name, s.sc.Params, s.game.Info().Map, nil)
	require.NoError(t, err)
	st, err := s.game.Setup(layers.Params(), botSpecs(t, specs))
	require.NoError(t, err)
	table := st.NewTable()
	defer table.Close()
	seating := make([]int, st.Seats())
	for k := range seating {
		seating[k] = seat(k, len(seating))
	}
	res := table.Play(context.Background(), sim.Derive(s.sc.Seed, uint64(seed)), seating)
	require.NoError(t, res.Err)
	return res.StateHash
}

func botSpecs(t *testing.T, texts []string) []sim.BotSpec {
	t.Helper()
	var specs []sim.BotSpec
	for _, text := range texts {
		s, err := sim.ParseBotSpec(text)
		require.NoError(t, err)
		specs = append(specs, s)
	}
	return specs
}
