package aquariom_test

import (
	"fmt"

	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/sim"
)

// Example plays a 3-turn duel on the shipped duel map: both players send
// their cell towards the centre.
func Example() {
	c, err := aquariom.LoadMap("duel")
	if err != nil {
		panic(err)
	}
	c.NbTurns = 3
	r, err := aquariom.New(c)
	if err != nil {
		panic(err)
	}
	var s aquariom.State
	rng := sim.NewRand(1, sim.EngineStream)
	r.Init(&s, rng) // plays step 0
	acts := make([]aquariom.Action, r.Seats())
	var v aquariom.View
	for !r.Done(&s) {
		for seat := range acts {
			r.Observe(&s, seat, &v)
			me := v.CellOf(seat, 0)
			acts[seat], err = r.ParseAction(fmt.Sprintf("move %d 2000 1500", me.ID))
			if err != nil {
				panic(err)
			}
		}
		r.Step(&s, acts, rng, nil)
	}
	r.Observe(&s, 0, &v)
	fmt.Printf("seat 0's cell: %+v\n", v.CellOf(0, 0))
	var out sim.Outcome
	r.Outcome(&s, &out)
	fmt.Printf("scores %.4f, places %v\n", out.Scores, out.Places)
	// Output:
	// seat 0's cell: {ID:7501 Kind:player Owner:0 X:1228 Y:1500 Mass:20.242799774719998 Isolation:0}
	// scores [100.0095 100.0095], places [1 1]
}
