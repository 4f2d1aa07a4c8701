package results

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSequentialEloHandComputed(t *testing.T) {
	// Every rating is below 2000, so K = 50 throughout.
	//
	// Match 0, a beats b, 1500 vs 1500: E = 1/(1+10⁰) = ½ for both;
	//   a = 1500 + 50·(1 − ½) = 1525, b = 1500 + 50·(0 − ½) = 1475.
	// Match 1, b (1475) beats c (1500), c seated first:
	//   10^(25/400) = 1.1547819846894582, E_b = 1/2.1547819846894582 = 0.46408407305489772,
	//   E_c = 1 − E_b = 0.53591592694510228;
	//   b = 1475 + 50·(1 − 0.46408407305489772) = 1501.7957963472551,
	//   c = 1500 + 50·(0 − 0.53591592694510228) = 1473.2042036527449.
	// Match 2, a (1525) draws c (1473.2042036527449): the gap is 51.795796347255114,
	//   10^(−51.795796347255114/400) = 0.74218215697187144,
	//   E_a = 1/1.74218215697187144 = 0.57399279174005775, E_c = 0.42600720825994225;
	//   a = 1525 + 50·(½ − 0.57399279174005775) = 1521.3003604129971,
	//   c = 1473.2042036527449 + 50·(½ − 0.42600720825994225) = 1476.9038432397478.
	// The total stays 4500: every game moves as much up as down.
	entrants := []string{"a", "b", "c"}
	games := []struct {
		record Record
		want   []float64
	}{
		{rec(0, []string{"a", "b"}, 1, 2), []float64{1525, 1475, 1500}},
		{rec(1, []string{"c", "b"}, 2, 1), []float64{1525, 1501.7957963472551, 1473.2042036527449}},
		{rec(2, []string{"a", "c"}, 1, 1), []float64{1521.3003604129971, 1501.7957963472551, 1476.9038432397478}},
	}
	s := NewSequentialElo(entrants)
	require.Equal(t, []float64{1500, 1500, 1500}, s.Ratings())
	for _, g := range games {
		require.NoError(t, s.Add(&g.record))
		require.InDeltaSlice(t, g.want, s.Ratings(), 1e-9, "after match %d", g.record.Match)
	}
}

func TestSequentialEloKFactor(t *testing.T) {
	tests := []struct {
		rating, k float64
	}{
		{-50, 80},
		{999.9, 80},
		{1000, 50},
		{1500, 50},
		{1999.9, 50},
		{2000, 30},
		{2400, 30},
		{2400.1, 20},
		{3000, 20},
	}
	for _, tt := range tests {
		require.Equal(t, tt.k, kFactor(tt.rating), "rating %v", tt.rating)
	}

	// Each bot's K comes from its own rating before the game: here 80 for
	// the winner, 20 for the loser.
	s := NewSequentialElo([]string{"low", "high"})
	s.ratings = []float64{999.9, 2400.1}
	r := rec(0, []string{"high", "low"}, 2, 1)
	require.NoError(t, s.Add(&r))
	got := s.Ratings()
	require.InDelta(t, 999.9+80*(1-expectedScore(999.9, 2400.1)), got[0], 1e-9)
	require.InDelta(t, 2400.1+20*(0-expectedScore(2400.1, 999.9)), got[1], 1e-9)
}

func TestSequentialEloManySeats(t *testing.T) {
	tests := []struct {
		name   string
		record Record
		want   map[string]float64
	}{
		{
			// At equal ratings every E is ½ and K is 50, so each game is
			// worth ±25: a wins 3, b and c win 1, draw 1 and lose 1, d loses 3.
			name:   "four seats, shared second place",
			record: rec(0, []string{"c", "a", "d", "b"}, 2, 1, 4, 2),
			want:   map[string]float64{"a": 1575, "b": 1500, "c": 1500, "d": 1425},
		},
		{
			// a's two seats make no game between them; each beats b.
			name:   "one entrant in two seats",
			record: rec(0, []string{"a", "a", "b"}, 1, 2, 3),
			want:   map[string]float64{"a": 1550, "b": 1450, "c": 1500, "d": 1500},
		},
		{
			name:   "all drawn",
			record: rec(0, []string{"a", "b", "c", "d"}, 1, 1, 1, 1),
			want:   map[string]float64{"a": 1500, "b": 1500, "c": 1500, "d": 1500},
		},
	}
	entrants := []string{"a", "b", "c", "d"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSequentialElo(entrants)
			require.NoError(t, s.Add(&tt.record))
			got := s.Ratings()
			for i, name := range entrants {
				require.Equal(t, tt.want[name], got[i], "bot %s", name)
			}
		})
	}

	// All pairs are computed from the ratings before the match: a, who
	// beats b first in seat order, gets no higher E against c for it.
	s := NewSequentialElo([]string{"a", "b", "c"})
	s.ratings = []float64{1600, 1400, 1500}
	r := rec(0, []string{"a", "b", "c"}, 1, 2, 3)
	require.NoError(t, s.Add(&r))
	want := 1600 + 50*(1-expectedScore(1600, 1400)) + 50*(1-expectedScore(1600, 1500))
	require.InDelta(t, want, s.Ratings()[0], 1e-9)
}

func TestSequentialEloRefuses(t *testing.T) {
	ab := []string{"a", "b"}
	failed := func(match int, bots []string) Record {
		return Record{Type: TypeMatch, Format: FormatVersion, Match: match, Bots: bots, Error: "engine exploded"}
	}
	short := rec(1, ab, 1, 2)
	short.Places = short.Places[:1]
	tests := []struct {
		name     string
		entrants []string
		record   Record
		wantErr  string
	}{
		{"unknown bot", ab, rec(1, []string{"a", "zed"}, 1, 2), `match 1: unknown bot "zed"`},
		{"unknown bot in a failed match", ab, failed(1, []string{"zed", "a"}), `match 1: unknown bot "zed"`},
		{"no bots", ab, rec(1, nil), "match 1: no bots"},
		{"places missing", ab, short, "match 1: 2 bots, 1 places"},
		{"place out of range", ab, rec(1, ab, 1, 3), "match 1: seat 1: place 3 is out of range 1..2"},
		{"same match again", ab, rec(0, ab, 1, 2), "match 0: not after match 0: records must come in increasing match order"},
		{"earlier match", ab, failed(-1, ab), "match -1: not after match 0: records must come in increasing match order"},
		{"entrant listed twice", []string{"a", "b", "a"}, rec(1, ab, 1, 2), `entrant "a" listed twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewSequentialElo(tt.entrants)
			if tt.name != "entrant listed twice" {
				first := rec(0, ab, 1, 2)
				require.NoError(t, s.Add(&first))
			}
			before := s.Ratings()
			require.EqualError(t, s.Add(&tt.record), tt.wantErr)
			require.Equal(t, before, s.Ratings(), "a refused record changes nothing")
		})
	}
}

func TestSequentialEloSkipsFailedMatches(t *testing.T) {
	s := NewSequentialElo([]string{"a", "b"})
	failed := Record{Type: TypeMatch, Format: FormatVersion, Match: 0, Bots: []string{"a", "b"}, Error: "engine exploded"}
	require.NoError(t, s.Add(&failed))
	require.Equal(t, []float64{1500, 1500}, s.Ratings())
	next := rec(1, []string{"b", "a"}, 1, 2)
	require.NoError(t, s.Add(&next))
	require.Equal(t, []float64{1475, 1525}, s.Ratings())
}
