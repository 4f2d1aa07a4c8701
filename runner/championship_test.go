package runner

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/sim"
)

// teamNames returns the names of n ≤ 26 teams: a, b, c, ….
func teamNames(n int) []string { return strings.Split("abcdefghijklmnopqrstuvwxyz", "")[:n] }

// newChampionship returns a championship of n teams, failing the test on
// error.
func newChampionship(t *testing.T, seats, n, days int, master uint64) *Championship {
	t.Helper()
	c, err := NewChampionship(seats, teamNames(n), days, nil, master, results.Options{Bootstrap: -1})
	require.NoError(t, err)
	return c
}

func TestChampionshipDaysSeatEveryTeamOnceADay(t *testing.T) {
	for _, tc := range []struct{ seats, teams, days int }{{6, 12, 7}, {2, 8, 3}, {4, 4, 2}, {3, 15, 60}} {
		c := newChampionship(t, tc.seats, tc.teams, tc.days, 7)
		p := c.Plan().(*ChampionshipPlan)
		tables := tc.teams / tc.seats
		require.Equal(t, (tc.days+1)*tables, p.Len())
		require.Equal(t, tc.days*tables, p.FromSeed(), "the days are planned from the seed")
		require.Equal(t, tables, p.RoundSize())
		seatsOf := make([]map[int]bool, tc.teams)
		for e := range seatsOf {
			seatsOf[e] = map[int]bool{}
		}
		var orders [][]int
		for d := range tc.days {
			var order []int
			for j := range tables {
				m := p.Match(d*tables+j, nil)
				require.Equal(t, d*tables+j, m.Index)
				require.Equal(t, d, m.Deal)
				require.Equal(t, sim.Derive(7, uint64(d)), m.Seed, "every table of a day plays the day's seed")
				require.Len(t, m.Seating, tc.seats)
				for k, e := range m.Seating {
					seatsOf[e][k] = true
				}
				order = append(order, m.Seating...)
			}
			sorted := slices.Sorted(slices.Values(order))
			for e, got := range sorted {
				require.Equal(t, e, got, "%v: every team plays exactly once on day %d", tc, d)
			}
			orders = append(orders, order)
		}
		if tc.days > 1 && tc.seats > 1 {
			require.NotEqual(t, orders[0], orders[1], "each day draws its own tables")
		}
		if tc.days == 60 {
			for e, seats := range seatsOf {
				require.Len(t, seats, tc.seats, "over many days team %d sits in every seat", e)
			}
		}
	}
}

func TestChampionshipDaysArePlannedFromTheSeedAlone(t *testing.T) {
	days := func(master uint64) (matches []Pairing, seatings [][]int) {
		p := newChampionship(t, 6, 18, 4, master).Plan().(*ChampionshipPlan)
		for i := range p.FromSeed() {
			m := p.Match(i, nil)
			matches, seatings = append(matches, m), append(seatings, m.Seating)
		}
		return matches, seatings
	}
	a, seatsA := days(3)
	b, _ := days(3)
	_, seatsC := days(4)
	require.Equal(t, a, b)
	require.NotEqual(t, seatsA, seatsC, "another master seed draws other tables")
	p := newChampionship(t, 6, 18, 4, 3).Plan()
	require.Equal(t, a[7], p.Match(7, nil), "a match computed alone is the same match")
	// The draw's stream is its own: day 0's order is not the rotations'.
	require.NotEqual(t, circle(3, 0, 18), seededOrder(3, 0, 18, drawStream))
}

// judgeDay plays day matches of a championship's plan without a game:
// within each table, the team with the higher index places better, and
// scores its index.
func judgeDay(t *testing.T, c *Championship, names []string, i int) *results.Record {
	t.Helper()
	m := c.Plan().Match(i, nil)
	r := &results.Record{Type: results.TypeMatch, Format: results.FormatVersion, Match: i, Seed: m.Seed,
		Places: make([]int, len(m.Seating)), Scores: make([]float64, len(m.Seating))}
	for k, e := range m.Seating {
		r.Bots = append(r.Bots, names[e])
		r.Scores[k] = float64(e)
	}
	sim.RankPlaces(r.Scores, r.Places)
	require.NoError(t, c.Add(r))
	return r
}

// TestChampionshipFinalsAreDrawnFromTheDaysRecords feeds a championship the
// records of its days and checks that Ready holds the finals back until the
// last day record is judged, then seats each final with its group of the
// standing — a standing computed here from the records alone.
func TestChampionshipFinalsAreDrawnFromTheDaysRecords(t *testing.T) {
	const seats, n, days, master = 3, 9, 2, 5
	names := teamNames(n)
	c := newChampionship(t, seats, n, days, master)
	p := c.Plan().(*ChampionshipPlan)
	dayMatches := days * n / seats
	require.Equal(t, dayMatches, p.Ready(0), "nothing judged: the days only")
	require.Panics(t, func() { p.Match(dayMatches, nil) }, "no final before the draw")
	points := make([]float64, n)
	score := make([]float64, n)
	for i := range dayMatches {
		r := judgeDay(t, c, names, i)
		for k, pts := range sim.PlacePoints([]float64{2, 1, 0}, r.Places, nil) {
			e := slices.Index(names, r.Bots[k])
			points[e] += pts
			score[e] += r.Scores[k]
		}
		if i < dayMatches-1 {
			require.Equal(t, dayMatches, p.Ready(i+1), "match %d judged: the finals wait for every day", i)
			require.Nil(t, p.finals)
		}
	}
	require.Equal(t, p.Len(), p.Ready(dayMatches), "every day judged: the finals are planned")
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	slices.SortStableFunc(want, func(a, b int) int {
		if points[a] != points[b] {
			return cmp.Compare(points[b], points[a])
		}
		return cmp.Compare(score[b], score[a])
	})
	for g := range n / seats {
		m := p.Match(dayMatches+g, nil)
		require.Equal(t, days, m.Deal)
		require.Equal(t, sim.Derive(master, days), m.Seed)
		require.ElementsMatch(t, want[g*seats:(g+1)*seats], m.Seating, "final %d holds the teams ranked %d to %d", g+1, g*seats+1, (g+1)*seats)
	}
	require.Equal(t, p.Len(), p.Ready(0), "once drawn, the finals stay")
}

// TestChampionshipFinalsDependOnTheRecords checks that the finals are
// drawn from the records, not the seed: the same records give the same
// finals, and other records (reversed places) other finals.
func TestChampionshipFinalsDependOnTheRecords(t *testing.T) {
	finals := func(reverse bool) []int {
		names := teamNames(12)
		c := newChampionship(t, 6, 12, 3, 9)
		if reverse {
			slices.Reverse(names) // the team with the lower index now places better
		}
		for i := range 6 {
			judgeDay(t, c, names, i)
		}
		p := c.Plan().(*ChampionshipPlan)
		require.Equal(t, p.Len(), p.Ready(6))
		return append(p.Match(6, nil).Seating, p.Match(7, nil).Seating...)
	}
	a, b := finals(false), finals(false)
	require.Equal(t, a, b)
	require.NotEqual(t, a, finals(true))
}

func TestNewChampionshipRefusals(t *testing.T) {
	for _, tc := range []struct {
		seats, teams, days int
		want               string
	}{
		{6, 20, 7, "championship: 20 teams do not split into tables of 6; give a multiple of 6"},
		{6, 4, 7, "championship: 4 teams do not split into tables of 6; give a multiple of 6"},
		{2, 4, 0, "championship: days: 0 is not a whole number from 1 to 1000"},
		{2, 4, MaxDays + 1, "championship: days: 1001 is not a whole number from 1 to 1000"},
	} {
		_, err := NewChampionship(tc.seats, teamNames(tc.teams), tc.days, nil, 1, results.Options{})
		require.EqualError(t, err, tc.want)
	}
}

// playChampionship plays a championship of the toy game as the CLI plays
// a format, its judging shared by the workers, owning the given spans (nil:
// all) after the records given to the format first (a resumed run); it
// returns the records' JSON lines and the report.
func playChampionship(t *testing.T, st sim.Setup, workers int, owned []Span, earlier []*results.Record) ([]string, string) {
	t.Helper()
	f, err := NewChampionship(st.Seats(), st.Entrants(), 3, nil, 21, results.Options{Bootstrap: 50, Seed: 21})
	require.NoError(t, err)
	for _, r := range earlier {
		require.NoError(t, f.Add(r))
	}
	cfg := Config{Setup: st, Plan: f.Plan(), Owned: owned, Workers: workers}
	j := ShareJudging(&cfg, f, false)
	var lines []string
	_, err = Run(context.Background(), cfg, func(r *results.Record, _ []byte) (bool, error) {
		b, err := json.Marshal(r)
		require.NoError(t, err)
		lines = append(lines, string(b))
		return false, j.Add(r)
	})
	require.NoError(t, err)
	require.NoError(t, j.End())
	var rep strings.Builder
	require.NoError(t, f.Report(&rep, results.FormatJSON))
	return lines, rep.String()
}

// records reads JSON lines back.
func records(t *testing.T, lines []string) []*results.Record {
	t.Helper()
	var out []*results.Record
	for _, l := range lines {
		var r results.Record
		require.NoError(t, json.Unmarshal([]byte(l), &r))
		out = append(out, &r)
	}
	return out
}

// TestChampionshipRunIsTheSameWhateverTheWorkers plays a whole
// championship on 1, 2 and 4 workers, then as two shards of its days
// whose records, given to a new championship as a resumed run's file
// would be, let it play the finals: the same records and report each time.
func TestChampionshipRunIsTheSameWhateverTheWorkers(t *testing.T) {
	st := setup(t, `{"turns":20,"players":3,"divisor":7}`, "dice", "dice", "step", "step:by=2", "step:by=3", "dice")
	whole, report := playChampionship(t, st, 1, nil, nil)
	require.Len(t, whole, 4*2, "3 days and the finals, 2 tables each")
	require.Contains(t, report, `"finals_played": 2`)
	for _, w := range []int{2, 4} {
		lines, rep := playChampionship(t, st, w, nil, nil)
		require.Equal(t, whole, lines, "%d workers", w)
		require.Equal(t, report, rep, "%d workers", w)
	}

	f, err := NewChampionship(st.Seats(), st.Entrants(), 3, nil, 21, results.Options{})
	require.NoError(t, err)
	var days []string
	for k := 1; k <= 2; k++ {
		spans, err := ShardSpans(f.Plan(), k, 2)
		require.NoError(t, err)
		require.LessOrEqual(t, spans[0].End, 6, "a shard holds days only")
		lines, _ := playChampionship(t, st, 2, spans, nil)
		days = append(days, lines...)
	}
	require.Equal(t, whole[:6], days, "the shards share out the days")
	_, err = ShardSpans(f.Plan(), 4, 4)
	require.EqualError(t, err, "shard 4/4: the run has only 3 rounds to share", "the finals are no shard's")
	finals, rep := playChampionship(t, st, 3, Skip([]Span{{0, 8}}, 6), records(t, days))
	require.Equal(t, whole[6:], finals, "the resumed run plays the finals")
	require.Equal(t, report, rep)

	// Resumed in the middle of a day.
	rest, rep := playChampionship(t, st, 2, Skip([]Span{{0, 8}}, 3), records(t, whole[:3]))
	require.Equal(t, whole[3:], rest)
	require.Equal(t, report, rep)
}

// TestChampionshipWithoutItsDaysPlansNoFinals runs only the finals of a
// championship whose days were never judged: the runner refuses, rather
// than draw finals from nothing.
func TestChampionshipWithoutItsDaysPlansNoFinals(t *testing.T) {
	st := setup(t, `{"turns":5,"players":2}`, "dice", "step", "dice", "step:by=2")
	f, err := NewChampionship(st.Seats(), st.Entrants(), 2, nil, 1, results.Options{})
	require.NoError(t, err)
	_, err = Run(context.Background(), Config{Setup: st, Plan: f.Plan(), Owned: []Span{{4, 6}}}, Each(f.Add))
	require.EqualError(t, err, "runner: the staged plan planned nothing past match 4")
}
