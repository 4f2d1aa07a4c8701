package sopra_test

import (
	"fmt"

	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/sim"
)

// Example sets up a three-player match with pinned cells, plays a round and
// prints what the second player would receive in the original protocol,
// then reads an answer in that protocol.
func Example() {
	p := sim.Params{}
	p.Set("players", 3)
	p.Set("starts", [][2]int{{3, 2}, {4, 5}, {10, 10}})
	p.Set("caddies", [][2]int{{2, 2}, {2, 4}, {2, 6}})
	p.Set("logos", [][2]int{{4, 4}, {12, 7}})
	p.Set("logo_count", 2)
	eff, _ := sim.Effective(p, sopra.Params)
	r, _ := sopra.New(sim.Seats(eff), eff)
	var s sopra.State
	r.Init(&s, sim.NewRand(1, sim.EngineStream))
	var faults sim.FaultLog
	// Round 1, seat 0 first: seat 0 steps onto (4,2); seat 1 steps North
	// onto the logo at (4,4), next to nobody; seat 2 gives no answer.
	r.Step(&s, []sopra.Action{sopra.East, sopra.North, sopra.NoAction}, nil, &faults)
	var v sopra.View
	r.Observe(&s, 1, &v)
	fmt.Println(string(v.AppendWorldState(nil, []string{"7", "8", "9"})))
	line, _ := sopra.ParseActionLine("s3cr3t%%action::8;42;2;JO\n")
	fmt.Println(line.Team, line.Round, line.Action)
	// Output:
	// worldstate::2;7,4,2,0,playing:8,4,4,1,playing:9,10,10,0,stunned;4,4:12,7;7,2,2:8,2,4:9,2,6;
	// 8 2 JO
}
