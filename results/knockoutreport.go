package results

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/olekukonko/tablewriter/tw"

	"github.com/arenasim/arena/sim"
)

// KnockoutReport is a knockout's bracket, its places and the standings of
// every game.
type KnockoutReport struct {
	Settings  *KnockoutSettings `json:"knockout"`
	Bracket   int               `json:"bracket"` // slots: a power of two
	Finished  bool              `json:"finished"`
	Failed    int               `json:"failed_games,omitempty"`
	Rounds    []KnockoutRound   `json:"rounds"`
	Places    []KnockoutPlace   `json:"places"`              // once finished; by place
	Standings *Standings        `json:"standings,omitempty"` // nil where the standings are shown apart (arena report's page)
}

// KnockoutRound is one round's ties, byes included.
type KnockoutRound struct {
	Name string        `json:"name"`
	Ties []KnockoutTie `json:"ties"`
}

// KnockoutTie is a tie as the report shows it.
type KnockoutTie struct {
	Tie
	Bots    [2]string `json:"bots"` // "" for a bye
	WinnerB string    `json:"winner,omitempty"`
}

// KnockoutPlace is one bot's place and points.
type KnockoutPlace struct {
	Place  int     `json:"place"`
	Shared int     `json:"shared"` // the bots sharing the place, itself included
	Bot    string  `json:"bot"`
	Seed   int     `json:"seed"`
	Points float64 `json:"points"`
}

// roundName names round r of n: the last ones by what they decide, the
// others by the slots they start from.
func roundName(r, n, size int) string {
	switch n - 1 - r {
	case 0:
		return "final"
	case 1:
		return "semi-finals"
	case 2:
		return "quarter-finals"
	}
	return "round of " + strconv.Itoa(size>>r)
}

// Report returns the knockout's report, with the standings st of its games.
func (k *Knockout) Report(st *Standings) *KnockoutReport {
	rep := &KnockoutReport{Settings: k.Settings(), Bracket: k.size, Finished: k.finished, Failed: k.failed, Standings: st}
	for r := 0; r <= k.current; r++ {
		rep.Rounds = append(rep.Rounds, KnockoutRound{Name: roundName(r, k.rounds, k.size)})
	}
	for _, t := range k.ties {
		kt := KnockoutTie{Tie: t}
		for i, e := range t.Sides {
			if e >= 0 {
				kt.Bots[i] = k.names[e]
			}
		}
		if t.Decided() {
			kt.WinnerB = kt.Bots[t.Winner]
		}
		round := &rep.Rounds[t.Round]
		round.Ties = append(round.Ties, kt)
	}
	if k.finished {
		rep.Places = k.places()
	}
	return rep
}

// places ranks the bots once the knockout is finished: the final's winner
// and loser, the third-place tie's or the semi-finals' losers, then the
// losers of each earlier round, sharing a place.
func (k *Knockout) places() []KnockoutPlace {
	type group struct {
		place int
		bots  []int
	}
	var groups []group
	for r := k.rounds - 1; r >= 0; r-- {
		var losers []int
		var firsts []group
		for _, t := range k.ties {
			if t.Round != r || t.Bye() {
				continue
			}
			w, l := t.Sides[t.Winner], t.Sides[1-t.Winner]
			switch {
			case r == k.rounds-1 && !t.Third:
				firsts = append([]group{{1, []int{w}}, {2, []int{l}}}, firsts...)
			case t.Third:
				firsts = append(firsts, group{3, []int{w}}, group{4, []int{l}})
			case r == k.rounds-2 && k.set.ThirdPlace:
				// the third-place tie ranks them
			default:
				losers = append(losers, l)
			}
		}
		groups = append(groups, firsts...)
		if len(losers) > 0 {
			groups = append(groups, group{k.size>>(r+1) + 1, losers})
		}
	}
	var out []KnockoutPlace
	for _, g := range groups {
		places := make([]int, len(g.bots))
		for i := range places {
			places[i] = g.place
		}
		// the points of the places the group spans, shared
		table := make([]float64, g.place+len(g.bots)-1)
		copy(table, k.set.Points)
		pts := sim.PlacePoints(table, places, nil)
		for i, e := range g.bots {
			out = append(out, KnockoutPlace{Place: g.place, Shared: len(g.bots), Bot: k.names[e], Seed: k.seedOf[e], Points: pts[i]})
		}
	}
	return out
}

// Write writes the report in format f: the bracket round by round, the
// places, then the standings of every game; CSV gives the places.
func (rep *KnockoutReport) Write(w io.Writer, f Format) error {
	if data, err := writePlacesData(w, f, rep, rep.Places); data {
		return err
	}
	rend, gap := tableStyle(f)
	s := rep.Settings
	fmt.Fprintf(w, "knockout of %d bots, a bracket of %d; %s\nties of %d games (legs of one seed, seats swapped), a level tie extended up to %d, then the %s goes through\n",
		len(s.Draw), rep.Bracket, drawnText(s), s.Games, s.Cap, s.Tiebreak)
	md := f == FormatMarkdown
	for _, r := range rep.Rounds {
		if md {
			fmt.Fprintf(w, "\n**%s**\n\n", r.Name)
		} else {
			fmt.Fprintf(w, "\n%s\n", r.Name)
		}
		for _, t := range r.Ties {
			fmt.Fprintln(w, tieLine(t, md))
		}
	}
	if err := writePlaces(w, rend, rep.Places, "the final"); err != nil {
		return err
	}
	return writeStandingsAfter(w, f, gap, rep.Failed, "neither side", rep.Standings)
}

// writeStandingsAfter ends a report of rounds: its games that failed, for
// whom they scored (none), then the standings st of every game.
func writeStandingsAfter(w io.Writer, f Format, gap string, failed int, none string, st *Standings) error {
	if failed > 0 {
		fmt.Fprintf(w, "%d games failed with an engine error: they scored for %s\n", failed, none)
	}
	fmt.Fprintf(w, "%s\nthe standings of every game:\n", gap)
	return st.Write(w, f)
}

// writePlaces writes the table of places, a shared place written 3–4, or
// that they come with the last round (last) while it is played.
func writePlaces(w io.Writer, rend func() tw.Renderer, places []KnockoutPlace, last string) error {
	if len(places) == 0 {
		fmt.Fprintf(w, "\nnot finished: the places come with %s\n", last)
		return nil
	}
	fmt.Fprint(w, "\n")
	table := newTable(w, rend(), tw.Alignment{tw.AlignRight, tw.AlignLeft, tw.AlignRight, tw.AlignRight})
	table.Header([]string{"PLACE", "BOT", "SEED", "POINTS"})
	for _, p := range places {
		place := strconv.Itoa(p.Place)
		if p.Shared > 1 {
			place += "–" + strconv.Itoa(p.Place+p.Shared-1)
		}
		if err := table.Append([]string{place, p.Bot, strconv.Itoa(p.Seed), num(p.Points)}); err != nil {
			return err
		}
	}
	return table.Render()
}

// writePlacesData writes a report of places in a format of data: JSON,
// all of it, or CSV, its places. It says false for the formats of text.
func writePlacesData(w io.Writer, f Format, rep any, places []KnockoutPlace) (bool, error) {
	switch f {
	case FormatJSON:
		return true, writeJSON(w, rep)
	case FormatCSV:
		return true, writePlacesCSV(w, places)
	}
	return false, nil
}

// writePlacesCSV writes the places as CSV.
func writePlacesCSV(w io.Writer, places []KnockoutPlace) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"place", "shared", "bot", "seed", "points"})
	for _, p := range places {
		_ = cw.Write([]string{strconv.Itoa(p.Place), strconv.Itoa(p.Shared), p.Bot, strconv.Itoa(p.Seed), num(p.Points)})
	}
	cw.Flush()
	return cw.Error()
}

// tieLine is one tie of the bracket: the seeds, the bots, the points and
// how it was decided.
func tieLine(t KnockoutTie, md bool) string {
	prefix := "  "
	if md {
		prefix = "- "
	}
	side := func(i int) string { return fmt.Sprintf("(%d) %s", t.Seeds[i], t.Bots[i]) }
	label := ""
	if t.Third {
		label = "third place: "
	}
	if t.Bye() {
		return prefix + side(0) + ": a bye"
	}
	line := fmt.Sprintf("%s%s%s %s–%s %s, %s", prefix, label, side(0), halves(t.Points[0]), halves(t.Points[1]), side(1),
		Plural(t.Games, "game", "games"))
	switch {
	case t.ByRule:
		line += fmt.Sprintf(", level at the cap: %s goes through as the higher seed", t.WinnerB)
	case t.Decided():
		line += ", " + t.WinnerB + " goes through"
	default:
		line += ", being played"
	}
	return line
}

// halves writes a score of halves: 1½, ½, 2.
func halves(x float64) string {
	whole := int(x)
	s := strconv.Itoa(whole)
	if x-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		s += "½"
	}
	return s
}
