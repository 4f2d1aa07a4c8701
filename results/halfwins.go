package results

// halfWin is one pairwise result of a match category: i beat j (2 half wins)
// or drew with j (1 half win, recorded once for each side).
type halfWin struct {
	i, j int32
	n    int64
}

// categoryHalfWins lists the pairwise results of one match of category c.
// Two seats of the same entrant compare nothing.
func categoryHalfWins(c category) []halfWin {
	var hw []halfWin
	for a, sa := range c.seats {
		for _, sb := range c.seats[a+1:] {
			i, j := int32(sa.entrant), int32(sb.entrant)
			switch {
			case i == j:
			case sa.place < sb.place:
				hw = append(hw, halfWin{i, j, 2})
			case sa.place > sb.place:
				hw = append(hw, halfWin{j, i, 2})
			default:
				hw = append(hw, halfWin{i, j, 1}, halfWin{j, i, 1})
			}
		}
	}
	return hw
}

// addHalfWins adds n matches of each category (n[c] of category c) to half.
func addHalfWins(half []int64, k int, hw [][]halfWin, n []int) {
	for c, count := range n {
		if count == 0 {
			continue
		}
		for _, h := range hw[c] {
			half[int(h.i)*k+int(h.j)] += int64(count) * h.n
		}
	}
}
