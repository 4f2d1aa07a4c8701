package report_test

import (
	"testing"

	"github.com/arenasim/arena/report"
)

func BenchmarkNewReplayTron(b *testing.B) {
	t := &testing.T{}
	m := tracedMatch(t, "tron", 0)
	b.ResetTimer()
	for range b.N {
		if _, err := report.NewReplay("tron", m, lookup); err != nil {
			b.Fatal(err)
		}
	}
}
