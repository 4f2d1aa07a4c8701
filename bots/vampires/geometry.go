package vampires

import "github.com/arenasim/arena/engines/vampires"

// dist returns the number of moves between two cells: moves go to any of
// the 8 neighbours, so it is the Chebyshev distance.
func dist(a, b vampires.Cell) int { return max(vampires.Abs(a.X-b.X), vampires.Abs(a.Y-b.Y)) }

// neighbours lists the 8 changes of a move, in a fixed order.
var neighbours = [8]vampires.Cell{
	{X: -1, Y: -1}, {X: 0, Y: -1}, {X: 1, Y: -1},
	{X: -1, Y: 0}, {X: 1, Y: 0},
	{X: -1, Y: 1}, {X: 0, Y: 1}, {X: 1, Y: 1},
}

// add returns the cell c moved by d.
func add(c, d vampires.Cell) vampires.Cell { return vampires.Cell{X: c.X + d.X, Y: c.Y + d.Y} }

// stepsToward appends the neighbours of from that bring it one move
// closer to to, straightest first (the smaller sum of the two axes' gaps);
// there are one to three, none when from is to.
func stepsToward(dst []vampires.Cell, from, to vampires.Cell) []vampires.Cell {
	start, d := len(dst), dist(from, to)
	for _, n := range neighbours {
		if c := add(from, n); dist(c, to) < d {
			dst = append(dst, c)
		}
	}
	steps := dst[start:]
	for i := 1; i < len(steps); i++ {
		for j := i; j > 0 && manhattan(steps[j], to) < manhattan(steps[j-1], to); j-- {
			steps[j], steps[j-1] = steps[j-1], steps[j]
		}
	}
	return dst
}

func manhattan(a, b vampires.Cell) int { return vampires.Abs(a.X-b.X) + vampires.Abs(a.Y-b.Y) }
