package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Format is an output format of the standings.
type Format uint8

// The output formats. FormatTable, the zero value, is the default.
const (
	FormatTable    Format = iota // a text table for the terminal
	FormatMarkdown               // a Markdown table
	FormatCSV                    // CSV with a header row, plain numbers
	FormatJSON                   // the Standings as indented JSON
)

var formatNames = [...]string{"table", "markdown", "csv", "json"}

// String returns the format's name as ParseFormat reads it.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("format(%d)", uint8(f))
}

// ParseFormat reads a format name.
func ParseFormat(name string) (Format, error) {
	for i, n := range formatNames {
		if n == name {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (choices: %s)", name, strings.Join(formatNames[:], ", "))
}

// Set reads a format name into f; with String and Type it makes *Format a
// command-line flag value (pflag.Value).
func (f *Format) Set(name string) error {
	v, err := ParseFormat(name)
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Type names the flag's value type in help texts.
func (f *Format) Type() string { return "format" }

// Write writes the standings to w in format f.
func (s *Standings) Write(w io.Writer, f Format) error {
	if s.showH2H {
		s.completePairs()
	}
	switch f {
	case FormatTable, FormatMarkdown:
		rend, gap := tableStyle(f)
		return s.writeTable(w, rend, gap)
	case FormatCSV:
		return s.writeCSV(w)
	case FormatJSON:
		return writeJSON(w, s)
	}
	return fmt.Errorf("unknown format %v", f)
}

// tableStyle returns the renderer of the table formats, a new one per table,
// and what goes between a table and the line after it (Markdown needs a
// blank line).
func tableStyle(f Format) (rend func() tw.Renderer, gap string) {
	if f == FormatMarkdown {
		return func() tw.Renderer { return renderer.NewMarkdown() }, "\n"
	}
	return func() tw.Renderer { return renderer.NewBlueprint() }, ""
}

// writeJSON writes v as indented JSON, the JSON form of every report.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeTable renders the standings with tablewriter, then the summary line;
// gap goes between the two (Markdown needs a blank line).
func (s *Standings) writeTable(w io.Writer, rend func() tw.Renderer, gap string) error {
	header := []string{"#", "BOT", "ELO", "95% CI", "GAMES", "WINS", "DRAWS", "LOSSES", "SCORE ± 95%", "FAULTS"}
	align := tw.Alignment{tw.AlignRight, tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight,
		tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight}
	penalties := s.anyPenalties()
	if penalties {
		header = append(header, "PENALTIES")
		align = append(align, tw.AlignRight)
	}
	places := s.Seats > 2 // with two seats, wins and losses already say it
	if places {
		header = append(header, "PLACES")
		align = append(align, tw.AlignRight)
	}
	table := newTable(w, rend(), align)
	table.Header(header)
	decimals := s.scoreDecimals()
	for rank, r := range s.Ratings {
		ci := formatInterval(r.EloLo, r.EloHi)
		if s.isAnchor(r.Bot) {
			ci = "anchor"
		}
		score := formatScore(r.ScoreMean, r.ScoreCI, decimals)
		row := []string{
			strconv.Itoa(rank + 1), r.Bot, signedElo(r.Elo), ci,
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			score, strconv.Itoa(r.Faults),
		}
		if penalties {
			row = append(row, strconv.Itoa(r.Penalties))
		}
		if places {
			counts := make([]string, len(r.Places))
			for p, n := range r.Places {
				counts[p] = strconv.Itoa(n)
			}
			row = append(row, strings.Join(counts, "/"))
		}
		if err := table.Append(row); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%s%s\n", gap, s.Summary()); err != nil {
		return err
	}
	if s.showH2H {
		return s.writeDetails(w, rend, gap)
	}
	return nil
}

// anyPenalties reports whether a bot has penalties: the tables show their
// column only then, so that the games without penalties keep their tables.
func (s *Standings) anyPenalties() bool {
	return slices.ContainsFunc(s.Ratings, func(r Rating) bool { return r.Penalties != 0 })
}

// formatInterval writes an Elo interval: [lo, hi], ≥ lo or ≤ hi when one
// end is open, "any" when both are, "-" when there is none.
func formatInterval(lo, hi float64) string {
	switch {
	case math.IsNaN(lo) || math.IsNaN(hi):
		return "-"
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		return "any"
	case math.IsInf(hi, 1):
		return "≥ " + signedElo(lo)
	case math.IsInf(lo, -1):
		return "≤ " + signedElo(hi)
	}
	return "[" + signedElo(lo) + ", " + signedElo(hi) + "]"
}

// formatScore writes a mean score and its 95 % half-width.
func formatScore(mean, half float64, decimals int) string {
	return strconv.FormatFloat(mean, 'f', decimals, 64) + " ± " + strconv.FormatFloat(half, 'f', decimals, 64)
}

// writeDetails writes the tables of --h2h after the standings: head to head
// (the row bot's score against the column bot, and the games), the
// likelihood that the row bot is the stronger, and each seat's results.
func (s *Standings) writeDetails(w io.Writer, rend func() tw.Renderer, gap string) error {
	n := len(s.Ratings)
	rank := make(map[string]int, n)
	for r, line := range s.Ratings {
		rank[line.Bot] = r
	}
	cols := []string{"HEAD TO HEAD"}
	align := tw.Alignment{tw.AlignLeft}
	for r := range s.Ratings {
		cols = append(cols, "#"+strconv.Itoa(r+1))
		align = append(align, tw.AlignRight)
	}
	score := make([][]string, n)
	los := make([][]string, n)
	for r, line := range s.Ratings {
		score[r] = make([]string, n+1)
		los[r] = make([]string, n+1)
		score[r][0] = "#" + strconv.Itoa(r+1) + " " + line.Bot
		los[r][0] = score[r][0]
		for c := 1; c <= n; c++ {
			score[r][c], los[r][c] = "", ""
		}
		score[r][r+1], los[r][r+1] = "-", "-"
	}
	for _, h := range s.H2H {
		a, b := rank[h.Bot], rank[h.Opponent]
		score[a][b+1] = fmt.Sprintf("%.0f%% (%d)", 100*h.Score, h.Games)
		score[b][a+1] = fmt.Sprintf("%.0f%% (%d)", 100*(1-h.Score), h.Games)
	}
	if s.LOS != nil {
		for r := range n {
			for c := range n {
				if p := s.LOS.P[r][c]; !math.IsNaN(p) {
					los[r][c+1] = fmt.Sprintf("%.1f%%", 100*p)
				}
			}
		}
	}
	for _, t := range []struct {
		title string
		rows  [][]string
		note  string
	}{
		{"HEAD TO HEAD", score, "the row bot's share of the points against the column bot (games)"},
		{"LOS", los, "likelihood that the row bot is stronger than the column bot"},
	} {
		if t.title == "LOS" && s.LOS == nil {
			continue
		}
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
		cols[0] = t.title
		table := newTable(w, rend(), align)
		table.Header(cols)
		for _, row := range t.rows {
			if err := table.Append(row); err != nil {
				return err
			}
		}
		if err := table.Render(); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s%s\n", gap, t.note); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	table := newTable(w, rend(), tw.Alignment{tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight})
	table.Header([]string{"SEAT", "GAMES", "WINS", "DRAWS", "LOSSES", "SCORE ± 95%"})
	decimals := s.scoreDecimals()
	for _, seat := range s.SeatBalance {
		if err := table.Append([]string{strconv.Itoa(seat.Seat), strconv.Itoa(seat.Games), strconv.Itoa(seat.Wins),
			strconv.Itoa(seat.Draws), strconv.Itoa(seat.Losses), formatScore(seat.ScoreMean, seat.ScoreCI, decimals)}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%show each seat fared, whoever sat in it\n", gap)
	return err
}

// newTable returns a table drawn by rend, its columns aligned as given.
func newTable(w io.Writer, rend tw.Renderer, align tw.Alignment) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithRenderer(rend),
		// Automatic header formatting would respace "95% CI" to "95 %  CI".
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	)
}

// Summary returns one line that says what the table shows: how many
// matches, how the ratings are anchored and what the intervals are.
func (s *Standings) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches, %d seats, ", s.Matches, s.Seats)
	switch {
	case s.Model == RatingBotsArena:
		b.WriteString("botsArena sequential Elo (every bot from 1500, in match order), no intervals")
	default:
		b.WriteString("Bradley–Terry Elo ")
		if len(s.Anchors) > 0 {
			pins := make([]string, len(s.Anchors))
			for i, a := range s.Anchors {
				pins[i] = a.Bot + " = " + strconv.FormatFloat(a.Elo, 'f', -1, 64)
			}
			fmt.Fprintf(&b, "(%s)", strings.Join(pins, ", "))
		} else {
			b.WriteString("(mean 0)")
		}
		if s.SeatEdge != nil {
			fmt.Fprintf(&b, " with a first-seat edge of %s Elo", signedTenth(*s.SeatEdge))
		}
		if s.Bootstrap > 0 {
			fmt.Fprintf(&b, ", 95%% profile-likelihood intervals widened for shared seeds by a bootstrap over %s", Plural(s.Rounds, "round", "rounds"))
		} else {
			b.WriteString(", no intervals (no bootstrap)")
		}
	}
	switch {
	case s.Failed == 1:
		b.WriteString("; 1 failed match left out")
	case s.Failed > 1:
		fmt.Fprintf(&b, "; %d failed matches left out", s.Failed)
	}
	return b.String()
}

// isAnchor reports whether bot is one of the anchors.
func (s *Standings) isAnchor(bot string) bool {
	for _, a := range s.Anchors {
		if a.Bot == bot {
			return true
		}
	}
	return false
}

// scoreDecimals picks one number of decimals for the score column: about
// four significant digits for the largest mean score, and at least two for
// the smallest non-zero half-width, so that a large score (1e7) does not
// hide a small margin.
func (s *Standings) scoreDecimals() int {
	top, margin := 0.0, math.Inf(1)
	for _, r := range s.Ratings {
		top = max(top, math.Abs(r.ScoreMean))
		if r.ScoreCI > 0 {
			margin = min(margin, r.ScoreCI)
		}
	}
	d := 2
	if top > 0 {
		d = min(4, max(0, 3-int(math.Floor(math.Log10(top)))))
	}
	if !math.IsInf(margin, 1) {
		d = max(d, min(6, 1-int(math.Floor(math.Log10(margin)))))
	}
	return d
}

// signedElo writes a rating as a whole number with its sign: +123, -45, 0.
func signedElo(x float64) string {
	r := math.Round(x)
	if r == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", r)
}

// csvBound writes an end of an interval, empty when it is open or absent.
func csvBound(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// writeCSV writes one row per entrant under a header row, with plain
// numbers for machines.
func (s *Standings) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"rank", "bot", "elo", "elo_lo", "elo_hi", "games", "wins", "draws", "losses", "score_mean", "score_ci", "faults"}
	penalties := s.anyPenalties()
	if penalties {
		header = append(header, "penalties")
	}
	for p := 1; p <= s.Seats; p++ {
		header = append(header, "place_"+strconv.Itoa(p))
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for rank, r := range s.Ratings {
		row := []string{
			strconv.Itoa(rank + 1), r.Bot,
			strconv.FormatFloat(r.Elo, 'f', 1, 64), csvBound(r.EloLo), csvBound(r.EloHi),
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			strconv.FormatFloat(r.ScoreMean, 'f', -1, 64), strconv.FormatFloat(r.ScoreCI, 'f', -1, 64),
			strconv.Itoa(r.Faults),
		}
		if penalties {
			row = append(row, strconv.Itoa(r.Penalties))
		}
		for _, n := range r.Places {
			row = append(row, strconv.Itoa(n))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// FormatElo writes an Elo value as the tables do: rounded, signed.
func FormatElo(x float64) string { return signedElo(x) }

// FormatInterval writes a 95 % interval as the tables do: [lo, hi], an
// open end as ≥ or ≤, "-" without one.
func FormatInterval(lo, hi float64) string { return formatInterval(lo, hi) }
