package results

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDealHeatsSnake pins one deal: 18 bots at tables of 4, the two best
// seeds with byes, the other sixteen dealt 1, 2, 3, 4, 4, 3, 2, 1, ….
func TestDealHeatsSnake(t *testing.T) {
	field := make([]int, 18)
	for i := range field {
		field[i] = i + 1 // the entrant is its seed here
	}
	d := DealHeats(field, 4, 2)
	require.Equal(t, []int{1, 2}, d.Byes)
	require.Equal(t, [][]int{{3, 10, 11, 18}, {4, 9, 12, 17}, {5, 8, 13, 16}, {6, 7, 14, 15}}, d.Tables)
	require.Equal(t, 2, d.Through)
	require.False(t, d.Final)
}

// TestDealHeatsRounds plays the round rule on every field of 4 to 40 bots
// at tables of 3 to 6 seats and every advance: byes are the n − T·S best
// seeds, the tables are full and dealt in snake order, no bot is lost or
// seated twice, each field is smaller than the one before and never below
// a table, and the last is one table of exactly S: the final.
func TestDealHeatsRounds(t *testing.T) {
	for seats := 3; seats <= 6; seats++ {
		for advance := 1; advance < seats; advance++ {
			for n := seats; n <= 40; n++ {
				t.Run(fmt.Sprintf("S%d/K%d/n%d", seats, advance, n), func(t *testing.T) {
					// The field in seed order; the entrants are numbered
					// apart from their seeds, to catch one taken for the other.
					field := make([]int, n)
					for i := range field {
						field[i] = 1000 + 7*i
					}
					var sizes []int
					for guard := 0; ; guard++ {
						require.Less(t, guard, 100, "the heats never end")
						sizes = append(sizes, len(field))
						d := DealHeats(field, seats, advance)
						if len(field) == seats {
							require.True(t, d.Final)
							require.Equal(t, [][]int{field}, d.Tables)
							require.Empty(t, d.Byes)
							break
						}
						require.False(t, d.Final)
						tables := len(field) / seats
						byes := len(field) - tables*seats
						require.Equal(t, field[:byes], d.Byes, "the byes are the best seeds")
						require.Len(t, d.Tables, tables)
						rest := field[byes:]
						var seated []int
						for tab, bots := range d.Tables {
							require.Len(t, bots, seats)
							for k, e := range bots {
								want := k*tables + tab
								if k%2 == 1 {
									want = k*tables + tables - 1 - tab
								}
								require.Equal(t, rest[want], e, "table %d, seat %d: the snake", tab+1, k+1)
							}
							seated = append(seated, bots...)
						}
						all := append(slices.Clone(d.Byes), seated...)
						slices.Sort(all)
						require.Equal(t, field, all, "every bot once")
						require.GreaterOrEqual(t, d.Through, advance)
						require.Less(t, d.Through, seats)
						// The next field: the byes and, of each table, its
						// last seeds (any ranking will do), by seed.
						next := slices.Clone(d.Byes)
						for _, bots := range d.Tables {
							next = append(next, bots[seats-d.Through:]...)
						}
						slices.Sort(next)
						require.Less(t, len(next), len(field))
						require.GreaterOrEqual(t, len(next), seats, "a field holds a table")
						if d.Through > advance {
							require.Less(t, byes+tables*(d.Through-1), seats, "more than --advance go through only to fill the next table")
						}
						field = next
					}
					require.Equal(t, sizes, HeatsFields(n, seats, advance))
				})
			}
		}
	}
}

// playHeats plays heats to their end, each game's places given by
// places(seating), and returns them.
func playHeats(t *testing.T, h *Heats, names []string, places func(seating []int) []int) {
	t.Helper()
	for guard := 0; !h.Finished(); guard++ {
		require.Less(t, guard, 10_000, "the heats never end")
		n, more := h.NextStage()
		if !more {
			break
		}
		for i := h.Judged(); i < n; i++ {
			g := h.Games()[i]
			require.NoError(t, h.Add(&Record{Match: i, Bots: seatedBots(names, g.Seating), Places: places(g.Seating)}))
		}
	}
	require.LessOrEqual(t, len(h.Games()), h.MaxGames())
}

// heatsSettings are the settings of heats of n bots drawn in their order.
func heatsSettings(n, seats int) KnockoutSettings {
	draw := make([]int, n)
	for i := range draw {
		draw[i] = i
	}
	return KnockoutSettings{Draw: draw, Seeded: n, Games: seats, Cap: seats * (1 + HeatsExtension), Tiebreak: TiebreakHigherSeed,
		Points: DefaultKnockoutPoints(), Advance: DefaultAdvance(seats)}
}

// TestHeatsStrongerWins: the entrant of the lower index places above at
// every game: the top seeds go through each round, the final table ranks
// them, and the eliminated follow by round, rank and seed.
func TestHeatsStrongerWins(t *testing.T) {
	names := make([]string, 10)
	for i := range names {
		names[i] = fmt.Sprint("b", i)
	}
	h, err := NewHeats(names, 4, heatsSettings(10, 4))
	require.NoError(t, err)
	playHeats(t, h, names, func(seating []int) []int {
		places := make([]int, len(seating))
		for k, e := range seating {
			for _, o := range seating {
				if o < e {
					places[k]++
				}
			}
			places[k]++
		}
		return places
	})
	rounds := h.Rounds()
	require.Len(t, rounds, 3) // 10 bots: 2 tables and 2 byes; 6: 1 table, 2 byes, 2 through; the final
	require.Equal(t, []int{0, 1}, rounds[0].Byes)
	require.Equal(t, [][]int{{2, 5, 6, 9}, {3, 4, 7, 8}}, [][]int{rounds[0].Tables[0].Bots, rounds[0].Tables[1].Bots})
	require.Equal(t, 2, rounds[1].Tables[0].Through)
	for _, tab := range rounds[0].Tables {
		require.Equal(t, 4, tab.Games)
		require.False(t, tab.ByRule)
	}
	var got []string
	var points []float64
	for _, p := range h.places() {
		got = append(got, p.Bot)
		points = append(points, p.Points)
	}
	// The final: b0..b3; round 2 left out b4, b5 (ranks 3, 4 at its table);
	// round 1 left out b6, b7 (third at their tables, seeds 7, 8), then b8, b9.
	require.Equal(t, []string{"b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"}, got)
	require.Equal(t, []float64{3, 2, 1, 1, 0, 0, 0, 0, 0, 0}, points)
}

// TestHeatsLevelLineEndsAtTheCap: every game a tie for every seat (copies
// of one deterministic bot): each table is level at its line, extended to
// the cap, and decided by seed, the rule recorded.
func TestHeatsLevelLineEndsAtTheCap(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e"}
	set := heatsSettings(5, 4)
	set.Cap = 12
	h, err := NewHeats(names, 4, set)
	require.NoError(t, err)
	playHeats(t, h, names, func(seating []int) []int { return []int{1, 1, 1, 1} })
	for _, round := range h.Rounds() {
		for _, tab := range round.Tables {
			require.Equal(t, 12, tab.Games)
			require.True(t, tab.ByRule)
			require.Equal(t, []int{0, 1, 2, 3}, tab.Rank, "the higher seeds first")
		}
	}
	require.Equal(t, "a", h.places()[0].Bot)
}

// TestHeatsSettingsRefused: the settings heats cannot play.
func TestHeatsSettingsRefused(t *testing.T) {
	for _, tc := range []struct {
		edit  func(*KnockoutSettings)
		n     int
		seats int
		want  string
	}{
		{func(s *KnockoutSettings) {}, 3, 4, "heats at tables of 4 seats need 4 to"},
		{func(s *KnockoutSettings) { s.Advance = 4 }, 8, 4, "advance: 4 is not a whole number from 1 to 3"},
		{func(s *KnockoutSettings) { s.Advance = 0 }, 8, 4, "advance: 0 is not"},
		{func(s *KnockoutSettings) { s.Games = 6 }, 8, 4, "games: 6 is not a multiple of the 4 seats"},
		{func(s *KnockoutSettings) { s.Cap = 2 }, 8, 4, "cap: 2 is not a multiple of the 4 seats from the games (4)"},
		{func(s *KnockoutSettings) { s.ThirdPlace = true }, 8, 4, "third_place: heats have no third-place table"},
		{func(s *KnockoutSettings) { s.Draws = 3 }, 8, 4, "draws: 3"},
		{func(s *KnockoutSettings) { s.Draw[1] = 0 }, 8, 4, "the draw is not an order of the 8 bots"},
	} {
		set := heatsSettings(max(tc.n, 4), tc.seats)
		set.Draw = set.Draw[:tc.n]
		set.Seeded = tc.n
		tc.edit(&set)
		err := set.CheckHeats(tc.n, tc.seats)
		require.ErrorContains(t, err, tc.want)
	}
	set := heatsSettings(4, 4)
	set.Seeded, set.Games, set.Cap = 4, 2, 10
	require.ErrorContains(t, set.Check(4), "advance: 2, but a tie of duels sends its winner alone through")
}
