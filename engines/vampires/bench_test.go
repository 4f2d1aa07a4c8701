package vampires

import (
	"testing"
)

// BenchmarkStep measures one ply of random valid moves on each shipped
// map, under each rule set.
func BenchmarkStep(b *testing.B) {
	for _, ruleset := range []string{"classic", "v10"} {
		for _, name := range ShippedMaps() {
			b.Run(ruleset+"/"+name, func(b *testing.B) {
				d := newDriver(newRules(b, `{"ruleset":"`+ruleset+`","map":"`+name+`"}`), 1)
				b.ReportAllocs()
				for b.Loop() {
					d.ply()
				}
			})
		}
	}
}

func TestStepAllocatesNothing(t *testing.T) {
	for _, ruleset := range []string{"classic", "v10"} {
		d := newDriver(newRules(t, `{"ruleset":"`+ruleset+`","map":"large"}`), 1)
		for range 20000 { // grow every buffer first
			d.ply()
		}
		if n := testing.AllocsPerRun(2000, d.ply); n != 0 {
			t.Fatalf("%s: a ply allocates %v times", ruleset, n)
		}
	}
}
