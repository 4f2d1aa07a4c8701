package results

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
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
	switch f {
	case FormatTable:
		return s.writeTable(w, renderer.NewBlueprint(), "")
	case FormatMarkdown:
		return s.writeTable(w, renderer.NewMarkdown(), "\n")
	case FormatCSV:
		return s.writeCSV(w)
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	return fmt.Errorf("unknown format %v", f)
}

// writeTable renders the standings with tablewriter, then the summary line;
// gap goes between the two (Markdown needs a blank line).
func (s *Standings) writeTable(w io.Writer, rend tw.Renderer, gap string) error {
	header := []string{"#", "BOT", "ELO", "95% CI", "GAMES", "WINS", "DRAWS", "LOSSES", "SCORE", "FAULTS"}
	align := tw.Alignment{tw.AlignRight, tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight,
		tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight}
	places := s.Seats > 2 // with two seats, wins and losses already say it
	if places {
		header = append(header, "PLACES")
		align = append(align, tw.AlignRight)
	}
	table := newTable(w, rend, align)
	table.Header(header)
	decimals := s.scoreDecimals()
	for rank, r := range s.Ratings {
		ci := "-"
		if s.Bootstrap > 0 {
			ci = "[" + signedElo(r.EloLo) + ", " + signedElo(r.EloHi) + "]"
		}
		score := strconv.FormatFloat(r.ScoreMean, 'f', decimals, 64) + " ± " + strconv.FormatFloat(r.ScoreCI, 'f', decimals, 64)
		row := []string{
			strconv.Itoa(rank + 1), r.Bot, signedElo(r.Elo), ci,
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			score, strconv.Itoa(r.Faults),
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
	_, err := fmt.Fprintf(w, "%s%s\n", gap, s.Summary())
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
	fmt.Fprintf(&b, "%d matches, %d seats, Bradley–Terry Elo ", s.Matches, s.Seats)
	if s.Anchor != "" {
		fmt.Fprintf(&b, "(%s = 0)", s.Anchor)
	} else {
		b.WriteString("(mean 0)")
	}
	if s.Bootstrap > 0 {
		fmt.Fprintf(&b, ", 95%% bootstrap CI over %d resamples", s.Bootstrap)
	} else {
		b.WriteString(", no bootstrap CI")
	}
	switch {
	case s.Failed == 1:
		b.WriteString("; 1 failed match left out")
	case s.Failed > 1:
		fmt.Fprintf(&b, "; %d failed matches left out", s.Failed)
	}
	return b.String()
}

// scoreDecimals picks one number of decimals for the score column: about
// four significant digits for the largest mean score.
func (s *Standings) scoreDecimals() int {
	top := 0.0
	for _, r := range s.Ratings {
		top = max(top, math.Abs(r.ScoreMean))
	}
	if top == 0 {
		return 2
	}
	return min(4, max(0, 3-int(math.Floor(math.Log10(top)))))
}

// signedElo writes a rating as a whole number with its sign: +123, -45, 0.
func signedElo(x float64) string {
	r := math.Round(x)
	if r == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", r)
}

// writeCSV writes one row per entrant under a header row, with plain
// numbers for machines.
func (s *Standings) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"rank", "bot", "elo", "elo_lo", "elo_hi", "games", "wins", "draws", "losses", "score_mean", "score_ci", "faults"}
	for p := 1; p <= s.Seats; p++ {
		header = append(header, "place_"+strconv.Itoa(p))
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for rank, r := range s.Ratings {
		row := []string{
			strconv.Itoa(rank + 1), r.Bot,
			strconv.FormatFloat(r.Elo, 'f', 1, 64), strconv.FormatFloat(r.EloLo, 'f', 1, 64), strconv.FormatFloat(r.EloHi, 'f', 1, 64),
			strconv.Itoa(r.Games), strconv.Itoa(r.Wins), strconv.Itoa(r.Draws), strconv.Itoa(r.Losses),
			strconv.FormatFloat(r.ScoreMean, 'f', -1, 64), strconv.FormatFloat(r.ScoreCI, 'f', -1, 64),
			strconv.Itoa(r.Faults),
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
