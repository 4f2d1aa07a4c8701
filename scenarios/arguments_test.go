package scenarios_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
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
var budgets = map[string]string{
	// The default, about 80 ms a move, makes a 100×100 match minutes
	// long; at work=200 the search never gets past one turn there, so
	// that depth would change nothing.
	"tron": "work=1000",
}

// TestStrongArgumentsChangePlay: every tunable argument of every game's
// strong bot changes its play on the game's default scenario — at one end
// of its range or the other, some of four matches against the scenario's
// other bots, or of two against the strong bot at its defaults (what
// arena tune --self plays), end elsewhere — so that a tuner never moves an
// argument that does nothing; at the budget budgets gives, if any. (Aquar.iom's virus_ratio matters only there:
// no other bot grows cells heavy enough to be worth a virus.)
func TestStrongArgumentsChangePlay(t *testing.T) {
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
			base := playStrong(t, e.Game, sc, budget, budget, nil)
			for _, p := range info.Bots[i].Params {
				if !p.Tunable() {
					continue
				}
				var def float64
				require.NoError(t, json.Unmarshal([]byte(p.Default), &def))
				changed := false
				for _, v := range []float64{p.Min, p.Max} {
					if v == def || changed {
						continue
					}
					args := p.Name + "=" + strconv.FormatFloat(v, 'f', -1, 64)
					if budget != "" && !strings.HasPrefix(budget, p.Name+"=") {
						args = budget + "," + args
					}
					changed = !slices.Equal(base, playStrong(t, e.Game, sc, args, budget, base))
				}
				if why, ok := inert[info.Name+"/"+p.Name]; ok {
					require.False(t, changed, "%s strong: %s now changes play: take it off the inert list (%s)", info.Name, p.Name, why)
					continue
				}
				require.True(t, changed, "%s strong: %s at %v or %v plays as at its default %v", info.Name, p.Name, p.Min, p.Max, def)
			}
		})
	}
}

// playStrong plays four matches of the scenario, the strong bot (with
// args) in each seat in turn against the scenario's other bots, then two
// against the strong bot at its defaults (but for budget's arguments) in
// every other seat, and returns
// their state hashes — up to the first that differs from base's, when base
// is given: one difference is enough.
func playStrong(t *testing.T, g sim.AnyGame, sc *scenarios.Scenario, args, budget string, base []string) []string {
	t.Helper()
	spec, defaults := "strong", "strong"
	if args != "" {
		spec += ":" + args
	}
	if budget != "" {
		defaults += ":" + budget
	}
	specs := []string{spec}
	for _, b := range sc.Bots {
		if b != "strong" {
			specs = append(specs, b)
		}
	}
	var against, self []string
	if base != nil {
		against, self = base[:4], base[4:]
	}
	hashes := playSeated(t, g, sc, specs, 4, against, func(m, k, seats int) int { return (k + m) % seats % len(specs) })
	if base != nil && !slices.Equal(hashes, against) {
		return hashes
	}
	return append(hashes, playSeated(t, g, sc, []string{spec, defaults}, 2, self, func(m, k, seats int) int {
		if k == m%seats {
			return 0
		}
		return 1
	})...)
}

// playSeated plays n matches of the scenario, seat k of match m held by
// specs[seat(m, k, seats)], and returns their state hashes, up to the
// first that differs from base's when base is given.
func playSeated(t *testing.T, g sim.AnyGame, sc *scenarios.Scenario, specs []string, n int, base []string, seat func(m, k, seats int) int) []string {
	t.Helper()
	layers, err := sim.LayerParams(sc.Name, sc.Params, g.Info().Map, nil)
	require.NoError(t, err)
	st, err := g.Setup(layers.Params(), botSpecs(t, specs))
	require.NoError(t, err)
	seats := st.Seats()
	table := st.NewTable()
	defer table.Close()
	var hashes []string
	for m := range n {
		seating := make([]int, seats)
		for k := range seating {
			seating[k] = seat(m, k, seats)
		}
		res := table.Play(context.Background(), sim.Derive(sc.Seed, uint64(m)), seating)
		require.NoError(t, res.Err)
		hashes = append(hashes, fmt.Sprint(res.StateHash))
		if base != nil && hashes[m] != base[m] {
			break
		}
	}
	return hashes
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
