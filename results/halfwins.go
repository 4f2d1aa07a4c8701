package results

// halfWin is one pairwise result of a match: i beat j (2 half wins) or drew
// with j (1 half win, recorded once for each side).
type halfWin struct {
	i, j int32
	n    int64
}

// appendHalfWins appends the pairwise results of a match, given as its seats
// (entrant and place), to dst: two half wins to the better place, one each
// way for equal places. Two seats of the same entrant compare nothing. It is
// the one place where places become pairwise results.
func appendHalfWins(dst []halfWin, seats []seatPlace) []halfWin {
	for a, sa := range seats {
		for _, sb := range seats[a+1:] {
			i, j := int32(sa.entrant), int32(sb.entrant)
			switch {
			case i == j:
			case sa.place < sb.place:
				dst = append(dst, halfWin{i, j, 2})
			case sa.place > sb.place:
				dst = append(dst, halfWin{j, i, 2})
			default:
				dst = append(dst, halfWin{i, j, 1}, halfWin{j, i, 1})
			}
		}
	}
	return dst
}
