package sim

// PlacePoints returns the points each seat of a match earns from its
// place: table[p-1] is what place p is worth, and players who tie share
// the average of the points of the places they span. Places are those of
// RankPlaces (1, 2, 2, 4 …): the two players in place 2 span places 2 and
// 3, and each gets (table[1]+table[2])/2. A place beyond the table is
// worth 0, and so is a place below 1.
//
// The share is the sum of the spanned points divided once by the number
// of players who share them, so that whole-number points whose sum the
// tie count divides give an exact result. PlacePoints reuses dst when it
// holds len(places) values and does not allocate then.
func PlacePoints(table []float64, places []int, dst []float64) []float64 {
	if cap(dst) < len(places) {
		dst = make([]float64, len(places))
	}
	dst = dst[:len(places)]
	for k, p := range places {
		tied := 0
		for _, q := range places {
			if q == p {
				tied++
			}
		}
		sum := 0.0
		for q := p; q < p+tied; q++ {
			if q >= 1 && q <= len(table) {
				sum += table[q-1]
			}
		}
		dst[k] = sum / float64(tied)
	}
	return dst
}
