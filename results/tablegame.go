package results

import (
	"fmt"
	"slices"
)

// TableGame is one match of a format of tables planned round by round (a
// Swiss, heats): its round and table, its deal, whose seed it is played on
// (Derive(master, Deal): one rotation of a table's seats), and its seating.
type TableGame struct {
	Round, Table int
	Deal         int
	Seating      []int
}

// tableGames are the games a format of tables planned, and how many of
// them are judged.
type tableGames struct {
	games  []TableGame
	judged int
}

// next returns the game of record r, which must be the next of the games
// planned and seat the bots they seat: format names the format, seats
// what seats the game in the error. A record just past the games planned,
// every one judged, is of a file read back: plan (the format's NextStage)
// plans its stage first, as the run did.
func (t *tableGames) next(format, seats string, r *Record, names []string, plan func() (int, bool)) (TableGame, error) {
	if r.Match == len(t.games) && t.judged == len(t.games) {
		plan()
	}
	if r.Match != t.judged || r.Match >= len(t.games) {
		return TableGame{}, fmt.Errorf("%s: record of match %d, but match %d is next of %d planned", format, r.Match, t.judged, len(t.games))
	}
	g := t.games[r.Match]
	if !slices.EqualFunc(r.Bots, g.Seating, func(name string, e int) bool { return name == names[e] }) {
		return TableGame{}, fmt.Errorf("%s: match %d seats %v, but %s %v there", format, r.Match, r.Bots, seats, seatedBots(names, g.Seating))
	}
	return g, nil
}
