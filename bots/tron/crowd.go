package tron

// headOnShare divides the score of a move into a cell an opponent may also
// enter this turn: a collision eliminates both, so such a move is only
// worth it when every safe move leads into a much smaller space.
const headOnShare = 4

// crowd picks a move when several opponents share my region. Searching is
// out of reach with so many moves at once, so it looks one turn ahead:
// each move is scored by the territory I would own after it, all rivals
// moving at once, which the territory search models by starting them one
// step ahead of my new head.
func (p *Strong) crowd(rivals []int) uint8 {
	b := &p.board
	var cand [4]int32
	var dirs [4]uint8
	n := b.moves(b.heads[p.seat], &cand, &dirs)
	if n <= 1 {
		return dirs[0]
	}
	best, bestScore := 0, -1
	for k := range n {
		if score := p.crowdScore(cand[k], rivals); score > bestScore {
			best, bestScore = k, score
		}
	}
	return dirs[best]
}

// crowdScore scores my move to cell t against the rivals.
func (p *Strong) crowdScore(t int32, rivals []int) int {
	b := &p.board
	srcs := p.srcs[:0]
	headOn := false
	for _, seat := range rivals {
		h := b.heads[seat]
		srcs = append(srcs, source{cell: h, seat: uint8(seat)})
		headOn = headOn || b.adjacent(h, t)
	}
	srcs = append(srcs, source{cell: t, seat: uint8(p.seat), delay: 1})
	p.terr.take(t, p.seat)
	p.terr.run(srcs)
	p.terr.release(t)
	score := p.terr.score(p.seat)
	if headOn {
		score /= headOnShare
	}
	return score
}
