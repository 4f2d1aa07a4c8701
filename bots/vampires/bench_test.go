package vampires

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
)

// BenchmarkStrongNodes measures the strong bot's search on each shipped
// map against greedy, whole matches at a time, and reports its node rate.
func BenchmarkStrongNodes(b *testing.B) {
	for _, name := range vampires.ShippedMaps() {
		b.Run(name, func(b *testing.B) {
			rules, eff := newRules(b, params("map", name))
			m := sim.NewMatch(rules, eff)
			strong := NewStrong(DefaultStrongConfig())
			greedy := newPlayerOf(b, "greedy", sim.Params{})()
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				players := []player{strong, greedy}
				if seed%2 == 0 {
					players = []player{greedy, strong}
				}
				r := m.Play(context.Background(), seed, players)
				require.NoError(b, r.Err)
			}
			b.ReportMetric(float64(strong.Nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkRandom measures the random bot on each shipped map, whole
// matches against itself at a time.
func BenchmarkRandom(b *testing.B) {
	for _, name := range vampires.ShippedMaps() {
		b.Run(name, func(b *testing.B) {
			rules, eff := newRules(b, params("map", name))
			m := sim.NewMatch(rules, eff)
			players := []player{&Random{}, &Random{}}
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				r := m.Play(context.Background(), seed, players)
				require.NoError(b, r.Err)
			}
		})
	}
}
