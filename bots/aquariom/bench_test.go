package aquariom

import (
	"fmt"
	"testing"

	"github.com/arenasim/arena/sim"
)

// BenchmarkAct times one turn of each bot (all its cells) against a
// splitter on the duel map, at a few points of a match; ns/cell is the
// cost per cell of the bot.
func BenchmarkAct(b *testing.B) {
	for _, name := range []string{"nearest", "splitter", "strong"} {
		for _, turn := range []int{50, 300, 800} {
			b.Run(fmt.Sprintf("%s/turn%d", name, turn), func(b *testing.B) {
				me := newPlayerOf(b, name, sim.Params{})()
				tb := newTable(b, newRules(b, "duel", 2), 1, me, newPlayerOf(b, "splitter", sim.Params{})())
				tb.stepTo(b, turn)
				v := tb.view(0)
				cells := v.NumCells(0)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := me.Act(v); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(max(cells, 1)), "ns/cell")
			})
		}
	}
}
