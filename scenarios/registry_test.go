package scenarios

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	trbots "github.com/arenasim/arena/bots/tron"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

func TestLookupGame(t *testing.T) {
	e, err := LookupGame("tron")
	require.NoError(t, err)
	require.Equal(t, "tron", e.Game.Info().Name)
	_, err = LookupGame("chess")
	require.ErrorContains(t, err, `unknown game "chess" (known: tron`)
}

// TestEveryScenarioSetsUp checks that each embedded scenario names a known
// game, valid parameters and valid bots, and that each game's default
// scenario exists.
func TestEveryScenarioSetsUp(t *testing.T) {
	for _, name := range Names() {
		sc, err := Load(name)
		require.NoError(t, err, name)
		e, err := LookupGame(sc.Game)
		require.NoError(t, err, name)
		bots, params := sc.Bots, sc.Params.Clone()
		if sc.League != nil {
			// A league's candidate comes from the command line; stand one
			// of its opponents in for it.
			bots = append([]string{sc.League.Opponents[0]}, sc.League.Opponents...)
			params.Set("players", len(bots))
		}
		specs := simtest.Specs(t, bots...)
		layers, err := sim.LayerParams(sc.Name, params, e.Game.Info().Map, nil)
		require.NoError(t, err, name)
		st, err := e.Game.Setup(layers.Params(), specs)
		require.NoError(t, err, name)
		switch {
		case sc.League != nil:
			_, err = runner.NewLineupPlan(st.Seats(), sc.Games, sc.Seed)
		case sc.Championship != nil:
			_, err = runner.NewChampionship(st.Seats(), st.Entrants(), sc.Championship.Days, sc.Championship.Points, sc.Seed, results.Options{})
		default:
			_, err = runner.NewTournamentPlan(st.Seats(), len(specs), sc.Games, sc.Seed)
		}
		require.NoError(t, err, name)
	}
	for _, e := range Entries() {
		require.True(t, Embedded(e.DefaultScenario), e.DefaultScenario)
	}
	require.True(t, Embedded(DefaultScenario))
}

// panicker is a Tron bot that panics every turn.
type panicker struct{}

func (panicker) Reset(sim.MatchInfo, *rand.Rand)   {}
func (panicker) Act(*tron.View) (tron.Dir, error)  { panic("index out of range [7] with length 3") }
func newPanicker() sim.Player[tron.View, tron.Dir] { return panicker{} }
func preparePanicker(sim.Params) (func() sim.Player[tron.View, tron.Dir], error) {
	return newPanicker, nil
}

func TestPanickingBotIsRecordedAndTheRunCompletes(t *testing.T) {
	g := tron.Game()
	g.Bots = append(trbots.Bots(), sim.Bot[tron.View, tron.Dir]{Name: "panicker", Prepare: preparePanicker})
	st, err := sim.Erase(&g).Setup(sim.Params{}, []sim.BotSpec{{Name: "panicker"}, {Name: "straight"}})
	require.NoError(t, err)
	plan, err := runner.NewRoundRobinPlan(2, 20, 1)
	require.NoError(t, err)
	tally := results.NewTally(st.Entrants(), results.Options{Bootstrap: 10})
	sum, err := runner.Run(context.Background(), runner.Config{Setup: st, Plan: plan, Workers: 2}, runner.Each(func(r *results.Record) error {
		require.Len(t, r.Faults, 1, "the panic eliminates it in turn 1")
		require.Equal(t, sim.FaultPanic, r.Faults[0].Kind)
		require.Equal(t, 1, r.Faults[0].Turn)
		require.Equal(t, "index out of range [7] with length 3", r.Faults[0].Msg)
		require.Equal(t, 1, r.Turns)
		return tally.Add(r)
	}))
	require.NoError(t, err)
	require.Equal(t, runner.Summary{Played: 20, Workers: 2}, sum)
	s, err := tally.Standings()
	require.NoError(t, err)
	require.Equal(t, "straight", s.Ratings[0].Bot)
	require.Equal(t, 20, s.Ratings[1].Faults)
}

// probe is a wire player that keeps the JSON observations it reads and
// gives no answer.
type probe struct{ seen *[][]byte }

func (p probe) Form() sim.Form                  { return sim.FormJSON }
func (p probe) Reset(sim.MatchInfo, *rand.Rand) {}
func (p probe) Act(obs []byte) (string, error) {
	*p.seen = append(*p.seen, bytes.Clone(obs))
	return "", errors.New("probe: no answer")
}

// TestEveryGameHasWireForms plays a match of every game with wire players
// in both seats: each observation they are given is one JSON object.
func TestEveryGameHasWireForms(t *testing.T) {
	var seen [][]byte
	bot := sim.WireBot{Name: "probe", Prepare: func(sim.Params, sim.WireGame) (func() sim.WirePlayer, error) {
		return func() sim.WirePlayer { return probe{&seen} }, nil
	}}
	for _, e := range entries([]sim.WireBot{bot}) {
		g, name := e.Game, e.Game.Info().Name
		seen = nil
		st, err := g.SetupSeats(2, sim.Params{}, simtest.Specs(t, "probe", "probe"))
		require.NoError(t, err, name)
		res := st.NewTable().Play(context.Background(), 1, []int{0, 1})
		require.NoError(t, res.Err, name)
		require.NotEmpty(t, seen, name)
		for _, obs := range seen {
			var v map[string]any
			require.NoError(t, json.Unmarshal(obs, &v), "%s: %s", name, obs)
		}
	}
}

// TestBotArgumentScales: every bot argument on a log scale can be tuned
// (its range starts above 0), and every tunable argument's default maps to
// the unit interval and back to itself.
func TestBotArgumentScales(t *testing.T) {
	for _, e := range Entries() {
		info := e.Game.Info()
		for _, b := range info.Bots {
			for _, p := range b.Params {
				if p.Scale == sim.ScaleLog {
					require.True(t, p.Tunable(), "%s %s: %s is on a log scale but cannot be tuned", info.Name, b.Name, p.Name)
				}
				if !p.Tunable() {
					continue
				}
				var def float64
				require.NoError(t, json.Unmarshal([]byte(p.Default), &def), "%s %s %s", info.Name, b.Name, p.Name)
				u := p.ToUnit(def)
				require.True(t, u >= 0 && u <= 1, "%s %s %s", info.Name, b.Name, p.Name)
				require.InDelta(t, def, p.FromUnit(u), 1e-9*max(1, def), "%s %s %s", info.Name, b.Name, p.Name)
			}
		}
	}
}
