package scenarios

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	aqbots "github.com/arenasim/arena/bots/aquariom"
	mbbots "github.com/arenasim/arena/bots/minibus"
	sobots "github.com/arenasim/arena/bots/sopra"
	trbots "github.com/arenasim/arena/bots/tron"
	vwbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/engines/minibus"
	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/runner"
	"github.com/arenasim/arena/sim"
)

// moveCostCases are the matches BenchmarkStrongMove times: each game's
// default scenario with its own bots, and Tron's duels on the boards
// docs/bots.md quotes, strong against itself.
var moveCostCases = []struct {
	name, scenario string
	params         sim.Params // overrides of the scenario's
	bots           []string   // nil: the scenario's
	games          int        // per pair of bots (2 seats), or in all
	// long marks a case that -short leaves out: its code is another
	// case's, on a larger board.
	long bool
}{
	{"tron/duel", "tron/duel", nil, nil, 4, true},
	{"tron/duel/40x40", "tron/duel", sim.Params{"width": []byte("40"), "height": []byte("40")}, []string{"strong", "strong"}, 4, true},
	{"tron/duel/20x20", "tron/duel", sim.Params{"width": []byte("20"), "height": []byte("20")}, []string{"strong", "strong"}, 8, false},
	{"tron/small", "tron/small", nil, []string{"strong", "strong"}, 20, false},
	{"tron/ffa4", "tron/ffa4", nil, nil, 4, true},
	{"minibus/ffa4", "minibus/ffa4", nil, nil, 4, false},
	{"vampires/duel", "vampires/duel", nil, nil, 4, false},
	{"aquariom/duel", "aquariom/duel", nil, nil, 2, false},
	{"sopra/match", "sopra/match", nil, nil, 6, false},
}

// BenchmarkStrongMove times the moves of each game's strong bot at its
// defaults, in the matches of moveCostCases, played on one worker: the
// median, mean and 90th percentile of a move's wall time over every move
// it made (ms/move; on a machine doing nothing else, its CPU time). That is
// what docs/bots.md gives as each strong bot's cost a move:
//
//	go test -run '^$' -bench StrongMove -benchtime 1x ./scenarios
//
// (about 20 s on 2 cores; -short plays one match of each short case).
func BenchmarkStrongMove(b *testing.B) {
	for _, c := range moveCostCases {
		b.Run(c.name, func(b *testing.B) {
			if c.long && testing.Short() {
				b.Skip("the code of a shorter case")
			}
			sc, err := Load(c.scenario)
			require.NoError(b, err)
			var spent []time.Duration
			game := timedGame(sc.Game, &spent)
			var flags []sim.ParamValue
			for k, v := range c.params {
				flags = append(flags, sim.ParamValue{Key: k, Value: v})
			}
			layers, err := sim.LayerParams(sc.Name, sc.Params, game.Info().Map, flags)
			require.NoError(b, err)
			params := layers.Params()
			texts := c.bots
			if texts == nil {
				texts = sc.Bots
			}
			specs := make([]sim.BotSpec, len(texts))
			for i, text := range texts {
				specs[i], err = sim.ParseBotSpec(text)
				require.NoError(b, err)
			}
			st, err := game.Setup(params, specs)
			require.NoError(b, err)
			games := c.games
			if testing.Short() {
				games = 1 // make bench-check: that it runs
			}
			for b.Loop() {
				plan, err := runner.NewTournamentPlan(st.Seats(), len(specs), games, sc.Seed)
				require.NoError(b, err)
				_, err = runner.Run(context.Background(), runner.Config{Setup: st, Plan: plan, Workers: 1}, func(*results.Record, []byte) (bool, error) { return false, nil })
				require.NoError(b, err)
			}
			require.NotEmpty(b, spent, "the strong bot never moved")
			slices.Sort(spent)
			var sum time.Duration
			for _, d := range spent {
				sum += d
			}
			ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
			b.ReportMetric(ms(spent[len(spent)/2]), "median-ms/move")
			b.ReportMetric(ms(sum)/float64(len(spent)), "mean-ms/move")
			b.ReportMetric(ms(spent[len(spent)*9/10]), "p90-ms/move")
			b.ReportMetric(float64(len(spent))/float64(b.N), "moves/op")
		})
	}
}

// timedGame returns the game called name with its bots, the strong bot's
// players timing each move into spent.
func timedGame(name string, spent *[]time.Duration) sim.AnyGame {
	switch name {
	case "tron":
		return withBots(tron.Game(), timed(trbots.Bots(), spent), nil)
	case "minibus":
		return withBots(minibus.Game(), timed(mbbots.Bots(), spent), nil)
	case "vampires":
		return withBots(vampires.Game(), timed(vwbots.Bots(), spent), nil)
	case "aquariom":
		return withBots(aquariom.Game(), timed(aqbots.Bots(), spent), nil)
	case "sopra":
		return withBots(sopra.Game(), timed(sobots.Bots(), spent), nil)
	}
	panic("no strong bot to time in " + name)
}

// timed returns bots with the strong one's players timing each move into
// spent.
func timed[O, A any](bots []sim.Bot[O, A], spent *[]time.Duration) []sim.Bot[O, A] {
	bots = slices.Clone(bots)
	for i, bot := range bots {
		if bot.Name != "strong" {
			continue
		}
		prepare := bot.Prepare
		bots[i].Prepare = func(args sim.Params) (func() sim.Player[O, A], error) {
			newPlayer, err := prepare(args)
			if err != nil {
				return nil, err
			}
			return func() sim.Player[O, A] { return &timedPlayer[O, A]{inner: newPlayer(), spent: spent} }, nil
		}
	}
	return bots
}

// timedPlayer times its inner player's moves.
type timedPlayer[O, A any] struct {
	inner sim.Player[O, A]
	spent *[]time.Duration
}

func (p *timedPlayer[O, A]) Reset(m sim.MatchInfo, rng *rand.Rand) { p.inner.Reset(m, rng) }

func (p *timedPlayer[O, A]) Act(o *O) (A, error) {
	start := time.Now()
	a, err := p.inner.Act(o)
	*p.spent = append(*p.spent, time.Since(start))
	return a, err
}
