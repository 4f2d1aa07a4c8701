package sopra

import "math/rand/v2"

// dropLogo drops the logo a player carries, if any (rule sheet, "Dropped
// logos"): uniformly at random on a cell at distance 1..drop_radius of the
// carrier by the drop's metric, on the board and free of players, logos and
// caddies; when there is none, on the nearest free cell, breadth-first from
// the carrier (the nearest by Manhattan distance, ties by lowest y, then
// lowest x). New checked that the board always has a free cell.
func (r *Rules) dropLogo(s *State, seat int, rng *rand.Rand) {
	p := &s.players[seat]
	if p.Carrying == noOne {
		return
	}
	k := p.Carrying
	p.Carrying = noOne
	c := p.Pos
	s.cands = s.cands[:0]
	for y := max(0, c.Y-r.DropRadius); y <= min(s.height-1, c.Y+r.DropRadius); y++ {
		for x := max(0, c.X-r.DropRadius); x <= min(s.width-1, c.X+r.DropRadius); x++ {
			d := r.distance(x-c.X, y-c.Y)
			if i := y*s.width + x; d >= 1 && d <= r.DropRadius && s.free(i) {
				s.cands = append(s.cands, i)
			}
		}
	}
	var i int
	if len(s.cands) > 0 {
		i = s.cands[rng.IntN(len(s.cands))]
	} else {
		i = s.nearestFree(c)
	}
	s.logos[k] = Logo{Pos: s.cell(i), Carrier: noOne}
	s.logoAt[i] = int16(k + 1)
}

// nearestFree returns the free cell nearest to c by Manhattan distance,
// ties by lowest y then lowest x: the first free cell a breadth-first
// search from c meets when it visits each ring in that order.
func (s *State) nearestFree(c Cell) int {
	for d := 1; d < s.width+s.height; d++ {
		for y := c.Y - d; y <= c.Y+d; y++ {
			dx := d - abs(y-c.Y)
			for _, x := range [2]int{c.X - dx, c.X + dx} {
				if s.onBoard(Cell{x, y}) && s.free(y*s.width+x) {
					return y*s.width + x
				}
				if dx == 0 {
					break
				}
			}
		}
	}
	panic("sopra: no free cell for a dropped logo") // New makes room for every logo
}

// manhattan is the distance of drop_metric=manhattan: |dx| + |dy|.
func manhattan(dx, dy int) int { return abs(dx) + abs(dy) }

// chebyshev is the distance of drop_metric=chebyshev: max(|dx|, |dy|).
func chebyshev(dx, dy int) int { return max(abs(dx), abs(dy)) }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
