package results

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/tw"

	"github.com/arenasim/arena/sim"
)

// MaxPlacePoints bounds the points of a place, either way.
const MaxPlacePoints = 1_000_000

// DefaultChampionshipPoints returns the points of places 1 to seats when a
// championship does not give them: the Sopra Steria event's 8, 5, 3, 2, 1,
// 0 for six seats, and seats−1, seats−2, …, 0 for any other count.
func DefaultChampionshipPoints(seats int) []float64 {
	if seats == 6 {
		return []float64{8, 5, 3, 2, 1, 0}
	}
	points := make([]float64, max(seats, 0))
	for k := range points {
		points[k] = float64(seats - 1 - k)
	}
	return points
}

// Championship judges a championship from its records. Its teams play
// qualifying days, every team once a day at one of the tables of the day,
// then finals of a table each; the records of day d are matches
// d·tables … (d+1)·tables−1, and the finals follow them, best final first.
//
// Every day match gives each seat the points of its place (sim.PlacePoints:
// ties share the points of the places they span); a match that failed with
// an engine error gives none. After the days the teams stand by points,
// then by their game score over the days, then in the order they were
// given; final g (from 0) is played by the teams standing g·seats+1 to
// (g+1)·seats. The final ranking is by final, then by place in it, then by
// that standing.
//
// Points are counted exactly, in units of 1/lcm(1, …, seats): every share
// of whole-number points is then a whole number of units, so that two teams
// with the same points are tied whatever the shares that made them.
type Championship struct {
	teams  []string
	index  map[string]int
	seats  int
	days   int
	tables int
	points []float64 // per place, as given
	unit   float64   // units per point
	scaled []float64 // points × unit

	units       []int64   // units[t*days+d]: team t's points on day d
	judgedDay   []bool    // judgedDay[t*days+d]: team t's match of day d is judged
	total       []int64   // points over the days judged
	score       []float64 // game score over the days judged, added in match order
	judged      int       // day matches judged
	qualified   []int     // the standing after the days, once every day match is judged
	finalPlace  []int     // each team's place in its final; 0 until judged, or when it failed
	finalJudged []bool    // per final
	finals      int       // finals judged
	failed      int       // finals that failed
	buf         []float64
}

// NewChampionship returns an empty championship of the teams, at tables of
// seats, over days days, with points per place (nil for the default).
func NewChampionship(teams []string, seats, days int, points []float64) (*Championship, error) {
	m := len(teams)
	switch {
	case seats < 1:
		return nil, fmt.Errorf("championship: %d seats is not a positive number", seats)
	case m == 0 || m%seats != 0:
		return nil, fmt.Errorf("championship: %d teams do not split into tables of %d; give a multiple of %d", m, seats, seats)
	case days < 1:
		return nil, fmt.Errorf("championship: days: %d is not a positive number", days)
	}
	if points == nil {
		points = DefaultChampionshipPoints(seats)
	}
	unit, err := shareUnit(seats, days, points)
	if err != nil {
		return nil, err
	}
	c := &Championship{
		teams: slices.Clone(teams), index: make(map[string]int, m), seats: seats, days: days, tables: m / seats,
		points: slices.Clone(points), unit: unit, scaled: make([]float64, seats),
		units: make([]int64, m*days), judgedDay: make([]bool, m*days), total: make([]int64, m), score: make([]float64, m),
		finalPlace: make([]int, m), finalJudged: make([]bool, m/seats),
	}
	for k, p := range points {
		c.scaled[k] = p * unit
	}
	for i, name := range teams {
		if _, dup := c.index[name]; dup {
			return nil, fmt.Errorf("championship: team %q listed twice", name)
		}
		c.index[name] = i
	}
	return c, nil
}

// shareUnit checks the points (one whole number per seat) and returns the
// units per point: lcm(1, …, seats), which every tie divides, refused when
// the sums of a team's points in units could pass 2⁵³ and stop being exact.
func shareUnit(seats, days int, points []float64) (float64, error) {
	if len(points) != seats {
		return 0, fmt.Errorf("championship: points: %d values for %d seats; give one per place", len(points), seats)
	}
	most := 0.0
	for _, p := range points {
		if p != math.Trunc(p) || math.Abs(p) > MaxPlacePoints {
			return 0, fmt.Errorf("championship: points: %v is not a whole number from %d to %d", p, -MaxPlacePoints, MaxPlacePoints)
		}
		most = max(most, math.Abs(p))
	}
	unit := 1.0
	for n := 2.0; n <= float64(seats) && unit <= 1<<53; n++ {
		unit = unit / gcd(unit, n) * n
	}
	if most*unit*float64(days+seats) > 1<<53 {
		return 0, fmt.Errorf("championship: %d seats over %d days share points too finely to add them up exactly; give fewer days or smaller points", seats, days)
	}
	return unit, nil
}

// gcd returns the greatest common divisor of two whole numbers held in
// float64s, below 2⁵³.
func gcd(a, b float64) float64 {
	for b != 0 {
		a, b = b, math.Mod(a, b)
	}
	return a
}

// Settings returns the championship's settings for the results header.
func (c *Championship) Settings() *ChampionshipSettings {
	return &ChampionshipSettings{Days: c.days, Points: slices.Clone(c.points)}
}

// Tables returns the tables of a day, which is also the number of finals.
func (c *Championship) Tables() int { return c.tables }

// DaysJudged returns how many day matches are judged.
func (c *Championship) DaysJudged() int { return c.judged }

// FinalsJudged returns how many finals are judged.
func (c *Championship) FinalsJudged() int { return c.finals }

// Qualified returns the teams' indices in their standing after the days,
// best first, once every day match is judged, and nil before: the draw of
// the finals.
func (c *Championship) Qualified() []int { return slices.Clone(c.qualified) }

// Leader returns the team standing first after the days judged so far, and
// its points.
func (c *Championship) Leader() (team string, points float64) {
	best := c.standing()[0]
	return c.teams[best], float64(c.total[best]) / c.unit
}

// Add judges one record. Records come in match order (a shard's records
// may leave out other shards' days).
func (c *Championship) Add(r *Record) error {
	if err := c.add(r); err != nil {
		return fmt.Errorf("match %d: %w", r.Match, err)
	}
	return nil
}

func (c *Championship) add(r *Record) error {
	finished, err := checkSeats(r, c.index)
	if err != nil {
		return err
	}
	if len(r.Bots) != c.seats {
		return fmt.Errorf("%d teams at a table of %d", len(r.Bots), c.seats)
	}
	if finished {
		if err := checkScores(r); err != nil {
			return err
		}
	}
	for k, name := range r.Bots {
		if slices.Contains(r.Bots[:k], name) {
			return fmt.Errorf("team %s sits twice at one table", name)
		}
	}
	dayMatches := c.days * c.tables
	switch {
	case r.Match < 0 || r.Match >= dayMatches+c.tables:
		return fmt.Errorf("the championship has %d matches", dayMatches+c.tables)
	case r.Match < dayMatches:
		return c.addDay(r, r.Match/c.tables, finished)
	}
	return c.addFinal(r, r.Match-dayMatches, finished)
}

// addDay judges a match of day d.
func (c *Championship) addDay(r *Record, d int, finished bool) error {
	for _, name := range r.Bots {
		if c.judgedDay[c.index[name]*c.days+d] {
			return fmt.Errorf("team %s plays twice on day %d", name, d+1)
		}
	}
	if finished {
		c.buf = sim.PlacePoints(c.scaled, r.Places, c.buf)
	}
	for k, name := range r.Bots {
		t := c.index[name]
		c.judgedDay[t*c.days+d] = true
		if finished {
			u := int64(c.buf[k]) // a whole number of units (see shareUnit)
			c.units[t*c.days+d] = u
			c.total[t] += u
			c.score[t] += r.Scores[k]
		}
	}
	if c.judged++; c.judged == c.days*c.tables {
		c.qualified = c.standing()
	}
	return nil
}

// addFinal judges final g.
func (c *Championship) addFinal(r *Record, g int, finished bool) error {
	if c.qualified == nil {
		return fmt.Errorf("final %d before every day is judged (%d of %d day matches)", g+1, c.judged, c.days*c.tables)
	}
	if c.finalJudged[g] {
		return fmt.Errorf("final %d judged twice", g+1)
	}
	group := c.qualified[g*c.seats : (g+1)*c.seats]
	for _, name := range r.Bots {
		if !slices.Contains(group, c.index[name]) {
			return fmt.Errorf("team %s plays final %d, which the standing after the days gives to the teams ranked %d to %d", name, g+1, g*c.seats+1, (g+1)*c.seats)
		}
	}
	for k, name := range r.Bots {
		if finished {
			c.finalPlace[c.index[name]] = r.Places[k]
		}
	}
	if !finished {
		c.failed++
	}
	c.finalJudged[g] = true
	c.finals++
	return nil
}

// standing returns the teams by points, then game score, then the order
// they were given.
func (c *Championship) standing() []int {
	order := make([]int, len(c.teams))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if v := cmp.Compare(c.total[b], c.total[a]); v != 0 {
			return v
		}
		if v := cmp.Compare(c.score[b], c.score[a]); v != 0 {
			return v
		}
		return cmp.Compare(a, b)
	})
	return order
}

// ChampionshipReport is the report of a championship: the teams with their
// days and their final, and the Bradley–Terry standings of every match.
type ChampionshipReport struct {
	Seats        int       `json:"seats"`
	Tables       int       `json:"tables"`        // tables a day, and finals
	Days         int       `json:"days"`          // days planned
	DaysPlayed   int       `json:"days_played"`   // days whose every match is judged
	Points       []float64 `json:"points"`        // per place
	FinalsPlayed int       `json:"finals_played"` // finals judged, failed ones included
	FinalsFailed int       `json:"finals_failed"` // finals that failed with an engine error
	// Teams are in their final ranking once the finals are drawn (every
	// day judged), before that in their standing after the days so far.
	Teams     []ChampionshipTeam `json:"teams"`
	Standings *Standings         `json:"standings"` // every match, days and finals
}

// ChampionshipTeam is one team's line of a championship's report.
type ChampionshipTeam struct {
	Rank           int     `json:"rank"` // in Teams' order, from 1
	Team           string  `json:"team"`
	Final          int     `json:"final"`           // its final, from 1 (the best teams'); 0 before the draw
	FinalPlace     int     `json:"final_place"`     // its place in its final; 0 until played, or when the final failed
	QualifyingRank int     `json:"qualifying_rank"` // its standing after the days (so far)
	Points         float64 `json:"points"`          // its points over the days
	Score          float64 `json:"score"`           // its game score over the days, the first tie-break
	// DayPoints are its points of each day begun, null where its match of
	// the day is not judged yet.
	DayPoints []*float64 `json:"day_points"`
}

// Report returns the report of the records judged so far, with st, the
// standings of the same records.
func (c *Championship) Report(st *Standings) *ChampionshipReport {
	rep := &ChampionshipReport{Seats: c.seats, Tables: c.tables, Days: c.days, DaysPlayed: c.judged / c.tables,
		Points: slices.Clone(c.points), FinalsPlayed: c.finals, FinalsFailed: c.failed, Standings: st}
	stand := c.standing()
	qrank := make([]int, len(c.teams))
	for r, t := range stand {
		qrank[t] = r
	}
	// The final ranking once the finals are drawn, else the standing: the
	// comparison is total, whatever order the teams start in.
	order := make([]int, len(c.teams))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c.qualified != nil {
			if v := cmp.Compare(qrank[a]/c.seats, qrank[b]/c.seats); v != 0 {
				return v // the better final first
			}
			if v := cmp.Compare(c.finalPlace[a], c.finalPlace[b]); v != 0 {
				return v
			}
		}
		return cmp.Compare(qrank[a], qrank[b])
	})
	begun := (c.judged + c.tables - 1) / c.tables
	for r, t := range order {
		line := ChampionshipTeam{Rank: r + 1, Team: c.teams[t], FinalPlace: c.finalPlace[t], QualifyingRank: qrank[t] + 1,
			Points: float64(c.total[t]) / c.unit, Score: c.score[t], DayPoints: make([]*float64, begun)}
		if c.qualified != nil {
			line.Final = qrank[t]/c.seats + 1
		}
		for d := range begun {
			if c.judgedDay[t*c.days+d] {
				p := float64(c.units[t*c.days+d]) / c.unit
				line.DayPoints[d] = &p
			}
		}
		rep.Teams = append(rep.Teams, line)
	}
	return rep
}

// Write writes the report in format f: for the table formats, the days,
// the finals, then the standings of every match; for CSV one row per team
// with its rating; for JSON the report.
func (rep *ChampionshipReport) Write(w io.Writer, f Format) error {
	switch f {
	case FormatJSON:
		return writeJSON(w, rep)
	case FormatCSV:
		return rep.writeCSV(w)
	}
	rend, gap := tableStyle(f)
	if err := rep.writeDays(w, rend(), gap); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	if err := rep.writeFinals(w, rend(), gap); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return rep.Standings.Write(w, f)
}

// writeDays writes the teams' days in their standing after the days.
func (rep *ChampionshipReport) writeDays(w io.Writer, rend tw.Renderer, gap string) error {
	header := []string{"#", "TEAM"}
	align := tw.Alignment{tw.AlignRight, tw.AlignLeft}
	for d := range rep.Days {
		header = append(header, "DAY "+strconv.Itoa(d+1))
		align = append(align, tw.AlignRight)
	}
	header = append(header, "POINTS", "SCORE")
	align = append(align, tw.AlignRight, tw.AlignRight)
	table := newTable(w, rend, align)
	table.Header(header)
	lines := slices.Clone(rep.Teams)
	slices.SortFunc(lines, func(a, b ChampionshipTeam) int { return cmp.Compare(a.QualifyingRank, b.QualifyingRank) })
	for _, t := range lines {
		row := []string{strconv.Itoa(t.QualifyingRank), t.Team}
		sum := 0.0
		for d := range rep.Days {
			cell := "-"
			if d < len(t.DayPoints) && t.DayPoints[d] != nil {
				sum += *t.DayPoints[d]
				cell = shortNum(*t.DayPoints[d]) + " (" + shortNum(sum) + ")"
			}
			row = append(row, cell)
		}
		row = append(row, shortNum(t.Points), shortNum(t.Score))
		if err := table.Append(row); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	points := make([]string, len(rep.Points))
	for k, p := range rep.Points {
		points[k] = shortNum(p)
	}
	_, err := fmt.Fprintf(w, "%s%d teams, %d tables of %d a day, %d of %d days played; each day: its points (the total so far); "+
		"places worth %s points, tied teams sharing those of the places they span; ranked by points, then game score, then the order given\n",
		gap, len(rep.Teams), rep.Tables, rep.Seats, rep.DaysPlayed, rep.Days, strings.Join(points, "/"))
	return err
}

// writeFinals writes the final ranking, or says that the finals are not
// drawn yet.
func (rep *ChampionshipReport) writeFinals(w io.Writer, rend tw.Renderer, gap string) error {
	if rep.DaysPlayed < rep.Days {
		_, err := fmt.Fprintf(w, "finals: not drawn yet, %d of %d days played\n", rep.DaysPlayed, rep.Days)
		return err
	}
	table := newTable(w, rend, tw.Alignment{tw.AlignRight, tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight})
	table.Header([]string{"#", "TEAM", "FINAL", "PLACE", "POINTS", "QUALIFIED"})
	for _, t := range rep.Teams {
		place := "-"
		if t.FinalPlace > 0 {
			place = strconv.Itoa(t.FinalPlace)
		}
		if err := table.Append([]string{strconv.Itoa(t.Rank), t.Team, strconv.Itoa(t.Final), place, shortNum(t.Points), strconv.Itoa(t.QualifyingRank)}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	played := fmt.Sprintf("%d of %d finals played", rep.FinalsPlayed, rep.Tables)
	switch {
	case rep.FinalsPlayed == 0:
		played = "finals not played yet"
	case rep.FinalsPlayed < rep.Tables:
		played += ", the others not played yet"
	}
	if rep.FinalsFailed > 0 {
		played += fmt.Sprintf(", %d failed", rep.FinalsFailed)
	}
	_, err := fmt.Fprintf(w, "%s%s; ranked by final, then place in it, then the standing after the days\n", gap, played)
	return err
}

// writeCSV writes one row per team in the order of the report, with its
// rating from the standings.
func (rep *ChampionshipReport) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"rank", "team", "final", "final_place", "qualifying_rank", "points", "score"}
	for d := range rep.Days {
		header = append(header, "day_"+strconv.Itoa(d+1))
	}
	header = append(header, "elo", "elo_lo", "elo_hi")
	if err := cw.Write(header); err != nil {
		return err
	}
	ratings := map[string]Rating{}
	for _, r := range rep.Standings.Ratings {
		ratings[r.Bot] = r
	}
	for _, t := range rep.Teams {
		row := []string{strconv.Itoa(t.Rank), t.Team, strconv.Itoa(t.Final), strconv.Itoa(t.FinalPlace), strconv.Itoa(t.QualifyingRank),
			num(t.Points), num(t.Score)}
		for d := range rep.Days {
			cell := ""
			if d < len(t.DayPoints) && t.DayPoints[d] != nil {
				cell = num(*t.DayPoints[d])
			}
			row = append(row, cell)
		}
		r := ratings[t.Team]
		row = append(row, strconv.FormatFloat(r.Elo, 'f', 1, 64), csvBound(r.EloLo), csvBound(r.EloHi))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// shortNum writes a number with at most two decimals, trailing zeros
// dropped: 8, 6.5, 5.33.
func shortNum(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}
