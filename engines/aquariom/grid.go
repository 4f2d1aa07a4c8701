package aquariom

// grid is a uniform grid of square buckets over the map, holding the slots
// of the cells of one kind by the bucket their centre is in: a query around
// a point looks at the buckets a box overlaps, so it costs what the cells
// nearby cost, not what all cells cost. The order of the slots in a bucket
// follows the history of insertions and removals: it is deterministic, but
// the rules never depend on it (they sort what they find by id).
type grid struct {
	side    float64 // of a bucket
	nx, ny  int
	buckets [][]int32
}

// maxBuckets caps the buckets of a grid, whatever the map and cell sizes.
const maxBuckets = 1 << 16

// reset sizes g for a w×h map with buckets of about the given side (larger
// if the cap on buckets requires it) and empties it, keeping the buckets'
// memory.
func (g *grid) reset(w, h, side float64) {
	side = max(side, w/256, h/256, 1e-3)
	g.side = side
	g.nx = max(1, int(w/side)+1)
	g.ny = max(1, int(h/side)+1)
	for g.nx*g.ny > maxBuckets { // only for maps far wider than high
		g.side *= 2
		g.nx, g.ny = max(1, int(w/g.side)+1), max(1, int(h/g.side)+1)
	}
	n := g.nx * g.ny
	if old := cap(g.buckets); old < n {
		// New buckets get room for a few cells from one block, so that a
		// cell moving into a bucket nobody used yet allocates nothing.
		room := make([]int32, (n-old)*bucketRoom)
		g.buckets = g.buckets[:old]
		for i := range n - old {
			g.buckets = append(g.buckets, room[i*bucketRoom:i*bucketRoom:(i+1)*bucketRoom])
		}
	}
	g.buckets = g.buckets[:n]
	for i := range g.buckets {
		g.buckets[i] = g.buckets[i][:0]
	}
}

// bucketRoom is the number of cells a new bucket has room for.
const bucketRoom = 4

// coord returns the bucket column (or row) of coordinate v, among n.
// Coordinates off the map fall into the first or last bucket, so that the
// buckets of a box are always those of its clamped ends.
func (g *grid) coord(v float64, n int) int {
	f := v / g.side
	switch {
	case !(f > 0): // also NaN
		return 0
	case f >= float64(n-1):
		return n - 1
	}
	return int(f)
}

// bucket returns the bucket of the point (x, y).
func (g *grid) bucket(x, y float64) int32 {
	return int32(g.coord(y, g.ny)*g.nx + g.coord(x, g.nx))
}

// span returns the columns i0..i1 and rows j0..j1 of the buckets that the
// box [x−r, x+r] × [y−r, y+r] overlaps.
func (g *grid) span(x, y, r float64) (i0, i1, j0, j1 int) {
	return g.coord(x-r, g.nx), g.coord(x+r, g.nx), g.coord(y-r, g.ny), g.coord(y+r, g.ny)
}

// insert adds the cell in slot to the grid, at its position.
func (s *State) insert(g *grid, slot int32) {
	c := &s.cells[slot]
	b := g.bucket(c.x, c.y)
	c.bucket, c.bpos = b, int32(len(g.buckets[b]))
	g.buckets[b] = append(g.buckets[b], slot)
}

// remove takes the cell in slot out of the grid: the last slot of its
// bucket takes its place.
func (s *State) remove(g *grid, slot int32) {
	c := &s.cells[slot]
	bk := g.buckets[c.bucket]
	last := bk[len(bk)-1]
	bk[c.bpos] = last
	s.cells[last].bpos = c.bpos
	g.buckets[c.bucket] = bk[:len(bk)-1]
}

// relocate moves the cell in slot to (x, y), and to its new bucket if it
// changes.
func (s *State) relocate(g *grid, slot int32, x, y float64) {
	c := &s.cells[slot]
	c.x, c.y = x, y
	if g.bucket(x, y) != c.bucket {
		s.remove(g, slot)
		s.insert(g, slot)
	}
}
