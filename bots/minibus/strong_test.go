package minibus_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/scenarios"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// setupScenario sets up an embedded scenario as `arena run` does: for a
// league, the candidate bot in the first seat and the opponents after it.
func setupScenario(t testing.TB, name string, candidate string) (*scenarios.Scenario, sim.Setup) {
	t.Helper()
	sc, err := scenarios.Load(name)
	require.NoError(t, err)
	e, err := scenarios.LookupGame(sc.Game)
	require.NoError(t, err)
	bots, params := sc.Bots, sc.Params.Clone()
	if params == nil {
		params = sim.Params{}
	}
	if sc.League != nil {
		bots = append([]string{candidate}, sc.League.Opponents...)
		params.Set("players", len(bots))
	}
	st, err := e.Game.Setup(params, simtest.Specs(t, bots...))
	require.NoError(t, err)
	return sc, st
}

// playLeague plays a league scenario's games for candidate from the given
// master seed and returns the verdict.
func playLeague(t testing.TB, name, candidate string, master uint64) *results.League {
	t.Helper()
	sc, st := setupScenario(t, name, candidate)
	plan, err := runner.NewLineupPlan(st.Seats(), sc.Games, master)
	require.NoError(t, err)
	league := results.NewLeague(st.Entrants()[0], sc.League.Promote)
	_, err = runner.Run(context.Background(), runner.Config{Setup: st, Plan: plan, Scenario: name, Workers: 1}, runner.Each(league.Add))
	require.NoError(t, err)
	return league
}

// strengthSeeds is the number of master seeds each league is played from.
func strengthSeeds() int {
	if testing.Short() {
		return 2
	}
	return 20
}

// TestStrongPromoted plays the three wood leagues with the strong bot from
// 20 master seeds each: it must be promoted every time, winning 10 games
// out of 10, and never fault.
func TestStrongPromoted(t *testing.T) {
	for _, name := range []string{"minibus/wood3", "minibus/wood2", "minibus/wood1"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			worst := 1e9
			for seed := range uint64(strengthSeeds()) {
				league := playLeague(t, name, "strong", 1000+seed)
				require.True(t, league.Promoted, "master seed %d: %s", 1000+seed, league.Summary())
				for _, g := range league.Games {
					others := 0.0
					for k, s := range g.Scores {
						if k != g.Seat {
							others = max(others, s)
						}
					}
					worst = min(worst, g.Scores[g.Seat]-others)
				}
			}
			t.Logf("%s: promoted from %d master seeds; the narrowest win by %.0f points", name, strengthSeeds(), worst)
		})
	}
}

// TestLeagueAIsNotPromoted checks that the leagues are not given away: the
// AI of a league does not pass the league above it. (iaSNCF passes Wood 3
// against itself: two idle players tie, and a tie counts as won.)
func TestLeagueAIsNotPromoted(t *testing.T) {
	for _, c := range []struct{ league, bot string }{
		{"minibus/wood2", "iaSNCF"},
		{"minibus/wood1", "iaRATP"},
	} {
		require.False(t, playLeague(t, c.league, c.bot, 1).Promoted, "%s in %s", c.bot, c.league)
	}
}

// TestStrongFirstInFFA4 plays the game's default scenario, the strong bot
// against the three Wood 1 AIs, and rates the bots as `arena run` does:
// the strong bot must be first, more than 200 Elo above the second, the
// whole 95 % interval of the difference included.
func TestStrongFirstInFFA4(t *testing.T) {
	sc, st := setupScenario(t, "minibus/ffa4", "")
	games := sc.Games
	if testing.Short() {
		games = 20
	}
	plan, err := runner.NewTournamentPlan(st.Seats(), len(st.Entrants()), games, sc.Seed)
	require.NoError(t, err)
	tally := results.NewTally(st.Entrants(), results.Options{Bootstrap: 200, Seed: sc.Seed})
	_, err = runner.Run(context.Background(), runner.Config{Setup: st, Plan: plan, Scenario: sc.Name, Workers: 2}, runner.Each(tally.Add))
	require.NoError(t, err)
	standings, err := tally.Standings()
	require.NoError(t, err)
	first, second := standings.Ratings[0], standings.Ratings[1]
	require.Equal(t, "strong", first.Bot)
	require.Zero(t, first.Faults)
	diff, err := standings.Diff(first.Bot, second.Bot)
	require.NoError(t, err)
	t.Logf("ffa4: %d games; strong W/D/L %d/%d/%d, %+.0f Elo over %s (95 %% [%+.0f, %+.0f])",
		first.Games, first.Wins, first.Draws, first.Losses, diff.Elo, second.Bot, diff.Lo, diff.Hi)
	require.Greater(t, diff.Lo, 200.0, fmt.Sprintf("%+v", standings.Ratings))
}
