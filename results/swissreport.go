package results

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/tw"
)

// SwissReport is a Swiss tournament's table, after the rounds judged, and
// the standings of every game.
type SwissReport struct {
	Settings  *SwissSettings `json:"swiss"`
	Seats     int            `json:"seats"`
	Finished  bool           `json:"finished"`
	Failed    int            `json:"failed_games,omitempty"`
	Table     []SwissLine    `json:"table"` // by rank
	Standings *Standings     `json:"standings"`
}

// SwissLine is one bot's line of the Swiss table.
type SwissLine struct {
	Rank            int           `json:"rank"`
	Bot             string        `json:"bot"`
	Number          int           `json:"number"` // its pairing number
	Score           float64       `json:"score"`
	Buchholz        float64       `json:"buchholz"`
	SonnebornBerger float64       `json:"sonneborn_berger"`
	HeadToHead      float64       `json:"head_to_head"` // points from the bots it is tied with; 0 when not tied
	Games           int           `json:"games"`
	Rounds          []SwissResult `json:"rounds"` // the rounds begun
}

// SwissResult is a bot's round: its opponents (none for a bye) and its
// points.
type SwissResult struct {
	Round     int      `json:"round"` // from 1
	Table     int      `json:"table,omitempty"`
	Opponents []string `json:"opponents"` // empty for a bye
	Points    float64  `json:"points"`
	Against   float64  `json:"against"` // the opponents' points at the table
	Games     int      `json:"games"`
}

// tiebreaks are a bot's numbers for the ranking, in exact units: halves
// for the score and head to head, halves times the seats less one for
// Buchholz, quarters times the games and the seats less one for
// Sonneborn–Berger.
type tiebreaks struct {
	score, buchholz, sb, h2h int
}

// table ranks the entrants by score, Buchholz, Sonneborn–Berger, head to
// head and pairing number, and returns them with their tie-breaks.
func (s *Swiss) table() ([]int, []tiebreaks) {
	n := len(s.names)
	tb := make([]tiebreaks, n)
	for e := range tb {
		tb[e].score = s.score[e]
	}
	for _, round := range s.rounds {
		for _, tab := range round.Tables {
			for p, a := range tab.Bots {
				for q, b := range tab.Bots {
					if p != q {
						tb[a].buchholz += s.score[b]
						tb[a].sb += s.score[b] * tab.Took[p][q]
					}
				}
			}
		}
	}
	order := slices.Clone(s.set.Draw)
	key := func(a, b int) int {
		return cmp.Or(cmp.Compare(tb[b].score, tb[a].score), cmp.Compare(tb[b].buchholz, tb[a].buchholz), cmp.Compare(tb[b].sb, tb[a].sb))
	}
	slices.SortStableFunc(order, key)
	for from := 0; from < n; {
		to := from + 1
		for to < n && key(order[from], order[to]) == 0 {
			to++
		}
		if to-from > 1 {
			tied := order[from:to]
			for _, round := range s.rounds {
				for _, tab := range round.Tables {
					for p, a := range tab.Bots {
						for q, b := range tab.Bots {
							if p != q && slices.Contains(tied, a) && slices.Contains(tied, b) {
								tb[a].h2h += tab.Took[p][q]
							}
						}
					}
				}
			}
			slices.SortStableFunc(tied, func(a, b int) int { return cmp.Compare(tb[b].h2h, tb[a].h2h) })
		}
		from = to
	}
	return order, tb
}

// Report returns the Swiss report, with the standings st of its games.
func (s *Swiss) Report(st *Standings) *SwissReport {
	rep := &SwissReport{Settings: s.Settings(), Seats: s.seats, Finished: s.Finished(), Failed: s.failed, Standings: st}
	order, tb := s.table()
	unit := float64(2 * (s.seats - 1))
	lines := make([]SwissLine, len(s.names))
	for e := range lines {
		lines[e] = SwissLine{Bot: s.names[e], Number: s.number[e], Score: float64(tb[e].score) / 2,
			Buchholz: float64(tb[e].buchholz) / unit, SonnebornBerger: float64(tb[e].sb) / (2 * unit * float64(s.set.Games)),
			HeadToHead: float64(tb[e].h2h) / 2}
	}
	for r, round := range s.rounds {
		for _, e := range round.Byes {
			lines[e].Rounds = append(lines[e].Rounds, SwissResult{Round: r + 1, Opponents: []string{}, Points: float64(s.byeHalves()) / 2})
		}
		for t, tab := range round.Tables {
			for p, a := range tab.Bots {
				res := SwissResult{Round: r + 1, Table: t + 1, Points: float64(tab.points(p)) / 2, Games: tab.Games}
				for q, b := range tab.Bots {
					if q != p {
						res.Opponents = append(res.Opponents, s.names[b])
						res.Against += float64(float64(tab.points(q)) / 2) // rounded: no fused multiply-add
					}
				}
				lines[a].Games += tab.Games
				lines[a].Rounds = append(lines[a].Rounds, res)
			}
		}
	}
	for rank, e := range order {
		lines[e].Rank = rank + 1
		rep.Table = append(rep.Table, lines[e])
	}
	return rep
}

// Write writes the report in format f: the rule, the Swiss table, then the
// standings of every game; CSV gives the Swiss table.
func (rep *SwissReport) Write(w io.Writer, f Format) error {
	switch f {
	case FormatJSON:
		return writeJSON(w, rep)
	case FormatCSV:
		return rep.writeCSV(w)
	}
	rend, gap := tableStyle(f)
	s := rep.Settings
	games := fmt.Sprintf("tables of %d seats, %d games a round (the seats rotated over one seed), points by place %d to 0", rep.Seats, s.Games, rep.Seats-1)
	if rep.Seats == 2 {
		games = fmt.Sprintf("pairings of %d games a round (one seed a pair of games, seats swapped), a win 1, a draw ½", s.Games)
	}
	fmt.Fprintf(w, "swiss of %d bots, %d rounds, %s pairing (docs/cli.md); %s; a bye scores the best place in every game\n"+
		"ties broken by Buchholz, Sonneborn–Berger, head to head, then the draw\n", len(s.Draw), s.Rounds, s.Pairing, games)
	if !rep.Finished {
		fmt.Fprintln(w, "not finished: the table of the games judged so far")
	}
	fmt.Fprint(w, gap)
	header := []string{"RANK", "BOT", "SCORE", "BUCHHOLZ", "S-B", "GAMES"}
	align := tw.Alignment{tw.AlignRight, tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight}
	for r := range s.Rounds {
		header = append(header, "R"+strconv.Itoa(r+1))
		align = append(align, tw.AlignLeft)
	}
	table := newTable(w, rend(), align)
	table.Header(header)
	for _, l := range rep.Table {
		row := []string{strconv.Itoa(l.Rank), l.Bot, halves(l.Score), shortNum(l.Buchholz), shortNum(l.SonnebornBerger), strconv.Itoa(l.Games)}
		for r := range s.Rounds {
			cell := ""
			if r < len(l.Rounds) {
				cell = resultCell(l.Rounds[r], rep.Seats)
			}
			row = append(row, cell)
		}
		if err := table.Append(row); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	return writeStandingsAfter(w, f, gap, rep.Failed, "no seat", rep.Standings)
}

// resultCell is a bot's round in the table: "+straight 2–0" in a duel
// (+ ahead, = level, − behind), "t2 7½–10½" at a larger table (the table,
// its points and its opponents'), "bye 2" for a bye.
func resultCell(r SwissResult, seats int) string {
	if len(r.Opponents) == 0 {
		return "bye " + halves(r.Points)
	}
	score := halves(r.Points) + "–" + halves(r.Against)
	if seats > 2 {
		return "t" + strconv.Itoa(r.Table) + " " + score
	}
	sign := "="
	switch {
	case r.Points > r.Against:
		sign = "+"
	case r.Points < r.Against:
		sign = "−"
	}
	return sign + r.Opponents[0] + " " + score
}

// writeCSV writes the Swiss table, a column per round.
func (rep *SwissReport) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"rank", "bot", "number", "score", "buchholz", "sonneborn_berger", "head_to_head", "games"}
	for r := range rep.Settings.Rounds {
		header = append(header, "r"+strconv.Itoa(r+1))
	}
	_ = cw.Write(header)
	for _, l := range rep.Table {
		row := []string{strconv.Itoa(l.Rank), l.Bot, strconv.Itoa(l.Number), num(l.Score), num(l.Buchholz), num(l.SonnebornBerger), num(l.HeadToHead), strconv.Itoa(l.Games)}
		for r := range rep.Settings.Rounds {
			cell := ""
			if r < len(l.Rounds) {
				res := l.Rounds[r]
				cell = "bye " + num(res.Points)
				if len(res.Opponents) > 0 {
					cell = strings.Join(res.Opponents, " ") + " " + num(res.Points) + "-" + num(res.Against)
				}
			}
			row = append(row, cell)
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}
