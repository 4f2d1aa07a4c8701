package sopra

import "github.com/arenasim/arena/sim"

// EventTable is what the event awarded for places 1 to 6 of a match (rule
// sheet, "Score and outcome"; seed, "Déroulement de la battle").
var EventTable = []float64{8, 5, 3, 2, 1, 0}

// EventPoints appends to dst[:0] the event points of a match's places: the
// EventTable's, tied players sharing the average of the places they span
// (1st and 2nd tied get 6.5 each). A match's record keeps the game points as
// its scores; these follow from its places.
func EventPoints(places []int, dst []float64) []float64 {
	return sim.PlacePoints(EventTable, places, dst)
}
