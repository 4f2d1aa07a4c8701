package results

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// teams returns n team names t0, t1, ….
func teams(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("t%d", i)
	}
	return out
}

// newChampionship returns a championship, failing the test on error.
func newChampionship(t testing.TB, names []string, seats, days int) *Championship {
	t.Helper()
	c, err := NewChampionship(names, seats, days, nil)
	require.NoError(t, err)
	return c
}

// scored returns r with the given scores.
func scored(r Record, scores ...float64) Record {
	r.Scores = scores
	return r
}

// add judges r, failing the test on error.
func add(t testing.TB, c *Championship, r Record) {
	t.Helper()
	require.NoError(t, c.Add(&r))
}

// standingOf returns the team names in the standing after the days so far.
func standingOf(c *Championship) []string {
	var out []string
	for _, t := range c.standing() {
		out = append(out, c.teams[t])
	}
	return out
}

func TestDefaultChampionshipPoints(t *testing.T) {
	require.Equal(t, []float64{8, 5, 3, 2, 1, 0}, DefaultChampionshipPoints(6), "the event's")
	require.Equal(t, []float64{3, 2, 1, 0}, DefaultChampionshipPoints(4))
	require.Equal(t, []float64{1, 0}, DefaultChampionshipPoints(2))
	require.Equal(t, []float64{0}, DefaultChampionshipPoints(1))
}

func TestNewChampionshipRefusals(t *testing.T) {
	for _, tc := range []struct {
		teams, seats, days int
		points             []float64
		want               string
	}{
		{20, 6, 7, nil, "championship: 20 teams do not split into tables of 6; give a multiple of 6"},
		{4, 6, 7, nil, "championship: 4 teams do not split into tables of 6; give a multiple of 6"},
		{0, 2, 7, nil, "championship: 0 teams do not split into tables of 2; give a multiple of 2"},
		{6, 0, 7, nil, "championship: 0 seats is not a positive number"},
		{6, 6, 0, nil, "championship: days: 0 is not a positive number"},
		{6, 6, 7, []float64{8, 5, 3, 2, 1}, "championship: points: 5 values for 6 seats; give one per place"},
		{4, 2, 7, []float64{2.5, 0}, "championship: points: 2.5 is not a whole number from -1000000 to 1000000"},
		{4, 2, 7, []float64{1e7, 0}, "championship: points: 1e+07 is not a whole number from -1000000 to 1000000"},
		{40, 40, 1000, DefaultChampionshipPoints(40), "championship: 40 seats over 1000 days share points too finely to add them up exactly; give fewer days or smaller points"},
	} {
		_, err := NewChampionship(teams(tc.teams), tc.seats, tc.days, tc.points)
		require.EqualError(t, err, tc.want)
	}
	_, err := NewChampionship([]string{"a", "b", "a", "c"}, 2, 1, nil)
	require.EqualError(t, err, `championship: team "a" listed twice`)
}

// TestChampionshipTiesAreExact gives two teams the same points, 8 + 8 +
// 10/3 and 8 + 10/3 + 8, shares that float64 sums would make differ (in
// that order, 19.333333333333332 and 19.333333333333336): the points are
// tied, and the tie-breaks decide.
func TestChampionshipTiesAreExact(t *testing.T) {
	names := teams(12)
	a, b := names[:6], names[6:] // t0 and t6 are the two teams
	alone := []int{1, 2, 3, 4, 5, 6}
	shared := []int{2, 2, 2, 1, 5, 6} // the first seat shares place 2 with two others: 10/3
	days := [][2][]int{{alone, alone}, {alone, shared}, {shared, alone}}
	for _, tc := range []struct {
		name          string
		scoreA        float64
		scoreB        float64
		firstOfTheTwo string
	}{
		{"the game score breaks the tie", 1, 0, "t0"},
		{"the game score breaks the tie the other way", 0, 1, "t6"},
		{"then the order given", 0, 0, "t0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newChampionship(t, names, 6, 3)
			for d, places := range days {
				r := rec(2*d, a, places[0]...)
				add(t, c, scored(r, tc.scoreA, 0, 0, 0, 0, 0))
				r = rec(2*d+1, b, places[1]...)
				add(t, c, scored(r, tc.scoreB, 0, 0, 0, 0, 0))
			}
			require.Equal(t, c.total[0], c.total[6], "the points are exactly the same")
			rep := c.Report(&Standings{})
			require.Equal(t, 58.0/3, rep.Teams[slices.IndexFunc(rep.Teams, func(l ChampionshipTeam) bool { return l.Team == "t0" })].Points)
			order := standingOf(c)
			first := "t6"
			if slices.Index(order, "t0") < slices.Index(order, "t6") {
				first = "t0"
			}
			require.Equal(t, tc.firstOfTheTwo, first, "standing %v", order)
		})
	}
}

// TestChampionshipStandingTieBreaks checks the standing after the days:
// points, then game score, then the order the teams were given.
func TestChampionshipStandingTieBreaks(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	c := newChampionship(t, names, 2, 2)                      // points 1, 0
	add(t, c, scored(rec(0, []string{"d", "c"}, 1, 2), 9, 1)) // d 1 point
	add(t, c, scored(rec(1, []string{"b", "a"}, 1, 1), 3, 3)) // a and b ½ each
	require.Equal(t, []string{"d", "a", "b", "c"}, standingOf(c), "a and b tie on points and score: the order given")
	require.Nil(t, c.Qualified(), "not every day is judged")
	add(t, c, scored(rec(2, []string{"c", "b"}, 1, 2), 1, 2)) // c 1 point
	add(t, c, scored(rec(3, []string{"a", "d"}, 1, 2), 1, 0)) // a 1 point
	// a 1.5, d 1 (score 9), c 1 (score 2), b 0.5.
	require.Equal(t, []string{"a", "d", "c", "b"}, standingOf(c), "c and d tie on points: d's game score is higher")
	require.Equal(t, []int{0, 3, 2, 1}, c.Qualified())
	team, points := c.Leader()
	require.Equal(t, "a", team)
	require.Equal(t, 1.5, points)
}

// TestChampionshipFinalRanking checks the final ranking: by final, then
// place in it, ties in a final broken by the standing after the days; a
// failed final ranks its teams by that standing.
func TestChampionshipFinalRanking(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f"}
	c := newChampionship(t, names, 3, 1) // points 2, 1, 0
	add(t, c, rec(0, []string{"a", "b", "c"}, 1, 2, 3))
	add(t, c, rec(1, []string{"d", "e", "f"}, 1, 2, 3))
	// a and d 2 points, b and e 1, c and f 0; a's score equals d's: a first.
	require.Equal(t, []string{"a", "d", "b", "e", "c", "f"}, standingOf(c))
	add(t, c, rec(2, []string{"b", "d", "a"}, 2, 2, 1))
	fail := rec(3, []string{"f", "c", "e"})
	fail.Error = "engine panic"
	require.NoError(t, c.Add(&fail))
	rep := c.Report(&Standings{})
	var got []string
	for _, l := range rep.Teams {
		got = append(got, fmt.Sprintf("%d %s final %d place %d qualified %d", l.Rank, l.Team, l.Final, l.FinalPlace, l.QualifyingRank))
	}
	require.Equal(t, []string{
		"1 a final 1 place 1 qualified 1",
		"2 d final 1 place 2 qualified 2", // tied with b in place 2: d stood better
		"3 b final 1 place 2 qualified 3",
		"4 e final 2 place 0 qualified 4", // a failed final: the standing decides
		"5 c final 2 place 0 qualified 5",
		"6 f final 2 place 0 qualified 6",
	}, got)
	require.Equal(t, 2, rep.FinalsPlayed)
	require.Equal(t, 1, rep.FinalsFailed)
}

func TestChampionshipRefusesRecordsThatDoNotFit(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	c := newChampionship(t, names, 2, 1)
	for _, tc := range []struct {
		r    Record
		want string
	}{
		{rec(2, []string{"a", "b"}, 1, 2), "match 2: final 1 before every day is judged (0 of 2 day matches)"},
		{rec(0, []string{"a", "b", "c"}, 1, 2, 3), "match 0: 3 teams at a table of 2"},
		{rec(0, []string{"a", "a"}, 1, 2), "match 0: team a sits twice at one table"},
		{rec(0, []string{"a", "x"}, 1, 2), `match 0: unknown bot "x"`},
		{rec(9, []string{"a", "b"}, 1, 2), "match 9: the championship has 4 matches"},
	} {
		require.EqualError(t, c.Add(&tc.r), tc.want)
	}
	add(t, c, scored(rec(0, []string{"a", "b"}, 1, 2), 0, 0))
	r := rec(1, []string{"c", "a"}, 1, 2)
	require.EqualError(t, c.Add(&r), "match 1: team a plays twice on day 1")
	r = rec(1, []string{"c", "d"}, 1, 2)
	require.NoError(t, c.Add(&r))
	// a 1, c 1 (score 9), b 0, d 0: c and a play the first final.
	r = rec(2, []string{"a", "b"}, 1, 2)
	require.EqualError(t, c.Add(&r), "match 2: team b plays final 1, which the standing after the days gives to the teams ranked 1 to 2")
	r = rec(2, []string{"a", "c"}, 1, 2)
	require.NoError(t, c.Add(&r))
	require.EqualError(t, c.Add(&r), "match 2: final 1 judged twice")
}

// TestChampionshipReportOfAPartialRun checks what the report says before
// the finals: the days so far, matches not judged yet left blank, and no
// final ranking.
func TestChampionshipReportOfAPartialRun(t *testing.T) {
	names := teams(4)
	c := newChampionship(t, names, 2, 3)
	add(t, c, rec(0, []string{"t0", "t1"}, 1, 2))
	add(t, c, rec(1, []string{"t2", "t3"}, 2, 1))
	add(t, c, rec(2, []string{"t1", "t3"}, 1, 1))
	st := standings(t, newTally(t, Options{Bootstrap: -1}, names))
	rep := c.Report(st)
	var text strings.Builder
	require.NoError(t, rep.Write(&text, FormatTable))
	for _, want := range []string{"DAY 3", "1 of 3 days played", "finals: not drawn yet, 1 of 3 days played", "0.5 (1.5)", "BOT"} {
		require.Contains(t, text.String(), want)
	}
	require.NotContains(t, text.String(), "FINAL ")

	var doc struct {
		DaysPlayed int `json:"days_played"`
		Teams      []struct {
			Team      string     `json:"team"`
			Final     int        `json:"final"`
			DayPoints []*float64 `json:"day_points"`
		} `json:"teams"`
	}
	var js strings.Builder
	require.NoError(t, rep.Write(&js, FormatJSON))
	require.NoError(t, json.Unmarshal([]byte(js.String()), &doc))
	require.Equal(t, 1, doc.DaysPlayed)
	require.Equal(t, "t3", doc.Teams[0].Team, "1 + ½ points")
	require.Len(t, doc.Teams[0].DayPoints, 2, "the days begun")
	for _, l := range doc.Teams {
		require.Zero(t, l.Final, "no final is drawn")
		if l.Team == "t0" || l.Team == "t2" {
			require.Nil(t, l.DayPoints[1], "%s has not played day 2 yet", l.Team)
		}
	}

	var csv strings.Builder
	require.NoError(t, rep.Write(&csv, FormatCSV))
	require.True(t, strings.HasPrefix(csv.String(), "rank,team,final,final_place,qualifying_rank,points,score,day_1,day_2,day_3,elo,elo_lo,elo_hi\n"), csv.String())
	require.Contains(t, csv.String(), "\n1,t3,0,0,1,1.5,18,1,0.5,,")
}
