package results

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// HeatsReport is the report of heats: their rounds, tables and byes, the
// places, and the standings of every game.
type HeatsReport struct {
	Settings  *KnockoutSettings `json:"knockout"`
	Seats     int               `json:"seats"`
	Finished  bool              `json:"finished"`
	Failed    int               `json:"failed_games,omitempty"`
	Rounds    []HeatsRoundLine  `json:"rounds"`
	Places    []KnockoutPlace   `json:"places"`              // once finished; by place
	Standings *Standings        `json:"standings,omitempty"` // nil where the standings are shown apart (arena report's page)
}

// HeatsRoundLine is one round as the report shows it.
type HeatsRoundLine struct {
	Name   string           `json:"name"`
	Field  int              `json:"field"`
	Byes   []HeatsSeat      `json:"byes"`
	Tables []HeatsTableLine `json:"tables"`
}

// HeatsTableLine is one table as the report shows it: its bots by rank
// once decided, by seed before.
type HeatsTableLine struct {
	Table   int         `json:"table"` // from 1
	Through int         `json:"through"`
	Games   int         `json:"games"`
	Decided bool        `json:"decided"`
	ByRule  bool        `json:"by_rule"` // level at the line at the cap: the higher seed went through
	Bots    []HeatsSeat `json:"bots"`
	Matches []int       `json:"matches"` // the records' match indexes, in order
}

// HeatsSeat is one bot of a table or a bye.
type HeatsSeat struct {
	Bot     string  `json:"bot"`
	Seed    int     `json:"seed"`
	Points  float64 `json:"points"` // at the table: its places' points, N−1 for the first
	Through bool    `json:"through"`
}

// Report returns the report of the heats, with the standings st of their
// games.
func (h *Heats) Report(st *Standings) *HeatsReport {
	rep := &HeatsReport{Settings: h.Settings(), Seats: h.seats, Finished: h.finished, Failed: h.failed, Standings: st}
	for r, round := range h.rounds {
		line := HeatsRoundLine{Name: "round " + strconv.Itoa(r+1), Field: round.Field, Byes: []HeatsSeat{}}
		if round.Final {
			line.Name = "final table"
		}
		for _, e := range round.Byes {
			line.Byes = append(line.Byes, HeatsSeat{Bot: h.names[e], Seed: h.seedOf[e], Through: true})
		}
		for t := range round.Tables {
			tab := &round.Tables[t]
			tl := HeatsTableLine{Table: t + 1, Through: tab.Through, Games: tab.Games, Decided: tab.Decided(), ByRule: tab.ByRule,
				Matches: append([]int{}, tab.Matches...)}
			order := tab.Rank
			if order == nil {
				order = h.rank(tab)
			}
			for i, p := range order {
				e := tab.Bots[p]
				tl.Bots = append(tl.Bots, HeatsSeat{Bot: h.names[e], Seed: h.seedOf[e], Points: float64(tab.points(p)) / 2,
					Through: tab.Decided() && !round.Final && i < tab.Through})
			}
			line.Tables = append(line.Tables, tl)
		}
		rep.Rounds = append(rep.Rounds, line)
	}
	if h.finished {
		rep.Places = h.places()
	}
	return rep
}

// Write writes the report in format f: the rounds table by table, the
// places, then the standings of every game; CSV gives the places.
func (rep *HeatsReport) Write(w io.Writer, f Format) error {
	if data, err := writePlacesData(w, f, rep, rep.Places); data {
		return err
	}
	rend, gap := tableStyle(f)
	s := rep.Settings
	fmt.Fprintf(w, "knockout of %d bots in heats: tables of %d seats, the top %d of each table go through; %s\n"+
		"tables of %d games (rotations of the seats, each on one seed), places scoring %d to 0; level at the line, a table is extended by rotations up to %d games, then the %s goes through\n",
		len(s.Draw), rep.Seats, s.Advance, drawnText(s), s.Games, rep.Seats-1, s.Cap, s.Tiebreak)
	md := f == FormatMarkdown
	prefix := "  "
	if md {
		prefix = "- "
	}
	for _, r := range rep.Rounds {
		title := fmt.Sprintf("%s: %s", r.Name, Plural(r.Field, "bot", "bots"))
		if len(r.Byes) > 0 {
			title += ", " + Plural(len(r.Byes), "bye", "byes")
		}
		if md {
			fmt.Fprintf(w, "\n**%s**\n\n", title)
		} else {
			fmt.Fprintf(w, "\n%s\n", title)
		}
		if len(r.Byes) > 0 {
			var byes []string
			for _, b := range r.Byes {
				byes = append(byes, fmt.Sprintf("(%d) %s", b.Seed, b.Bot))
			}
			fmt.Fprintf(w, "%sbyes: %s\n", prefix, strings.Join(byes, ", "))
		}
		final := r.Name == "final table"
		for _, t := range r.Tables {
			fmt.Fprintln(w, prefix+heatsTableLine(t, final))
		}
	}
	if err := writePlaces(w, rend, rep.Places, "the final table"); err != nil {
		return err
	}
	return writeStandingsAfter(w, f, gap, rep.Failed, "no seat", rep.Standings)
}

// heatsTableLine is one table: its bots with their seeds and points, by
// rank, and who went through.
func heatsTableLine(t HeatsTableLine, final bool) string {
	var bots, through []string
	for _, b := range t.Bots {
		bots = append(bots, fmt.Sprintf("(%d) %s %s", b.Seed, b.Bot, halves(b.Points)))
		if b.Through {
			through = append(through, b.Bot)
		}
	}
	name := "table " + strconv.Itoa(t.Table)
	if final {
		name = "final"
	}
	line := fmt.Sprintf("%s, %s: %s", name, Plural(t.Games, "game", "games"), strings.Join(bots, ", "))
	switch {
	case !t.Decided:
		return line + "; being played"
	case t.ByRule && final:
		return line + "; level for the title at the cap: " + t.Bots[0].Bot + " wins it as the higher seed"
	case final:
		return line
	case t.ByRule:
		return line + "; level at the line at the cap, the higher seed first: " + goThrough(through)
	}
	return line + "; " + goThrough(through)
}

// goThrough says who went through: "a goes through", "a, b go through".
func goThrough(bots []string) string {
	if len(bots) == 1 {
		return bots[0] + " goes through"
	}
	return strings.Join(bots, ", ") + " go through"
}

// drawnText says how the seeds were placed.
func drawnText(s *KnockoutSettings) string {
	switch {
	case s.Seeded == len(s.Draw):
		return "every seed placed by the ranking given"
	case s.Seeded > 0:
		return fmt.Sprintf("seeds 1 to %d placed by the ranking given, the rest drawn from the run's seed", s.Seeded)
	}
	return "every seed drawn from the run's seed"
}
