package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/olekukonko/tablewriter/tw"
)

// Versus returns bot's record against every entrant it met, from bot's
// side, best rated opponent first: the lines of a gauntlet's report.
func (s *Standings) Versus(bot string) ([]HeadToHead, error) {
	if !slices.Contains(s.entrants, bot) {
		return nil, fmt.Errorf("bot %q is not an entrant", bot)
	}
	lines := []HeadToHead{}
	s.completePairs()
	for _, h := range s.H2H {
		switch bot {
		case h.Bot:
			lines = append(lines, h)
		case h.Opponent:
			lines = append(lines, HeadToHead{Bot: bot, Opponent: h.Bot, Games: h.Games, Wins: h.Losses, Draws: h.Draws,
				Losses: h.Wins, Score: round4(1 - h.Score), Elo: roundElo(-h.Elo), EloLo: -h.EloHi, EloHi: -h.EloLo, LOS: round4(1 - h.LOS)})
		}
	}
	return lines, nil
}

// AgainstField returns Elo(bot) minus the mean Elo of the other entrants
// of its group (those linked to it by games), with the 95 % interval of
// that contrast: a candidate's strength against its pool as one number.
func (s *Standings) AgainstField(bot string) (Interval, error) {
	i := slices.Index(s.entrants, bot)
	if i < 0 {
		return Interval{}, fmt.Errorf("bot %q is not an entrant", bot)
	}
	g := s.group[i]
	if g < 0 {
		return Interval{s.fieldEstimate(i), math.NaN(), math.NaN()}, nil
	}
	an := s.groups[g]
	a := make([]float64, an.k)
	for r := range a {
		a[r] = -1 / float64(an.k-1)
	}
	a[s.row[i]] = 1
	lo, hi := an.interval(a)
	return Interval{s.fieldEstimate(i), lo, hi}, nil
}

// fieldEstimate returns Elo(i) minus the mean of the others of its group
// (all other entrants when it has no group).
func (s *Standings) fieldEstimate(i int) float64 {
	sum, n := 0.0, 0
	for j := range s.entrants {
		if j != i && (s.group[i] < 0 || s.group[j] == s.group[i]) {
			sum += s.elo[j]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return s.elo[i] - sum/float64(n)
}

// GauntletReport is the report of a gauntlet: one candidate's record
// against each bot of its pool, and its strength against the pool's mean.
type GauntletReport struct {
	Candidate string       `json:"candidate"`
	Field     Interval     `json:"-"`
	Opponents []HeadToHead `json:"opponents"`
	Standings *Standings   `json:"standings"`
}

// NewGauntletReport builds the report of candidate from the standings of
// the gauntlet's records.
func NewGauntletReport(s *Standings, candidate string) (*GauntletReport, error) {
	lines, err := s.Versus(candidate)
	if err != nil {
		return nil, err
	}
	field, err := s.AgainstField(candidate)
	if err != nil {
		return nil, err
	}
	return &GauntletReport{Candidate: candidate, Field: field, Opponents: lines, Standings: s}, nil
}

// MarshalJSON adds the field contrast with null for open or absent ends.
func (g *GauntletReport) MarshalJSON() ([]byte, error) {
	type plain GauntletReport
	return json.Marshal(struct {
		Candidate string   `json:"candidate"`
		Elo       float64  `json:"elo_vs_pool"`
		EloLo     *float64 `json:"elo_vs_pool_lo"`
		EloHi     *float64 `json:"elo_vs_pool_hi"`
		*plain
	}{g.Candidate, roundElo(g.Field.Elo), finite(roundElo(g.Field.Lo)), finite(roundElo(g.Field.Hi)), (*plain)(g)})
}

// Write writes the report: one line per opponent, then the candidate's
// strength against the pool.
func (g *GauntletReport) Write(w io.Writer, f Format) error {
	switch f {
	case FormatJSON:
		return writeJSON(w, g)
	case FormatCSV:
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"candidate", "opponent", "games", "wins", "draws", "losses", "score", "elo", "elo_lo", "elo_hi", "los"})
		for _, h := range g.Opponents {
			_ = cw.Write([]string{g.Candidate, h.Opponent, strconv.Itoa(h.Games), strconv.Itoa(h.Wins), strconv.Itoa(h.Draws),
				strconv.Itoa(h.Losses), num(h.Score), strconv.FormatFloat(h.Elo, 'f', 1, 64), csvBound(h.EloLo), csvBound(h.EloHi), csvNum(h.LOS)})
		}
		cw.Flush()
		return cw.Error()
	}
	rend, gap := tableStyle(f)
	table := newTable(w, rend(), tw.Alignment{tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight,
		tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight})
	table.Header([]string{"OPPONENT", "GAMES", "WINS", "DRAWS", "LOSSES", "SCORE", "ELO DIFF", "95% CI", "LOS"})
	for _, h := range g.Opponents {
		los := "-"
		if !math.IsNaN(h.LOS) {
			los = fmt.Sprintf("%.1f%%", 100*h.LOS)
		}
		if err := table.Append([]string{h.Opponent, strconv.Itoa(h.Games), strconv.Itoa(h.Wins), strconv.Itoa(h.Draws),
			strconv.Itoa(h.Losses), fmt.Sprintf("%.1f%%", 100*h.Score), signedElo(h.Elo), formatInterval(h.EloLo, h.EloHi), los}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s%s against the pool's mean: %s Elo, 95%% %s; %s\n", gap, g.Candidate, signedElo(g.Field.Elo),
		formatInterval(g.Field.Lo, g.Field.Hi), g.Standings.Summary())
	return err
}

// csvNum writes a number, empty when it is not one.
func csvNum(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return num(x)
}
