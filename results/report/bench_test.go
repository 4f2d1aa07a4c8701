package report_test

import (
	"testing"

	"github.com/arenasim/arena/results/report"
	"github.com/arenasim/arena/scenarios"
)

// BenchmarkNewReplayTron measures the replay of a 538-turn Tron duel on
// 100×100: the engine replays it and each state is diffed with the last.
func BenchmarkNewReplayTron(b *testing.B) {
	m := tracedMatch(b, "tron", 0)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := report.NewReplay("tron", m, scenarios.Game); err != nil {
			b.Fatal(err)
		}
	}
}
