package results

import "testing"

// BenchmarkStandings rates 100 000 four-player matches of four bots with
// 1000 bootstrap replicates.
func BenchmarkStandings(b *testing.B) {
	entrants := []string{"a", "b", "c", "d"}
	tally := newTally(b, Options{Bootstrap: 1000, Seed: 1}, entrants, freeForAll(100_000, entrants, []float64{0.6, 0.3, 0, 0}, 13)...)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tally.Standings(); err != nil {
			b.Fatal(err)
		}
	}
}
