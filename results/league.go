package results

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter/tw"
)

// League judges a league from its records: one candidate plays every game
// against the same opponents and is promoted when it wins at least Needed
// of them. A game is won when the candidate's score is at least every other
// player's; a match that failed with an engine error is not won.
type League struct {
	Candidate string       `json:"candidate"`
	Needed    int          `json:"needed"`
	Won       int          `json:"won"`
	Promoted  bool         `json:"promoted"`
	Games     []LeagueGame `json:"games"`
}

// LeagueGame is one game of a league.
type LeagueGame struct {
	Match  int       `json:"match"`
	Seed   uint64    `json:"seed"`
	Seat   int       `json:"seat"` // the candidate's seat
	Bots   []string  `json:"bots"`
	Scores []float64 `json:"scores"`
	Won    bool      `json:"won"`
	Error  string    `json:"error,omitempty"`
}

// NewLeague returns an empty league for candidate, promoted at needed wins.
func NewLeague(candidate string, needed int) *League {
	return &League{Candidate: candidate, Needed: needed, Games: []LeagueGame{}}
}

// Add counts one game.
func (l *League) Add(r *Record) error {
	seat := slices.Index(r.Bots, l.Candidate)
	if seat < 0 {
		return fmt.Errorf("match %d: the candidate %s does not play in it (bots %v)", r.Match, l.Candidate, r.Bots)
	}
	if r.Error == "" && len(r.Scores) != len(r.Bots) {
		return fmt.Errorf("match %d: %d scores for %d bots", r.Match, len(r.Scores), len(r.Bots))
	}
	g := LeagueGame{Match: r.Match, Seed: r.Seed, Seat: seat, Bots: slices.Clone(r.Bots), Scores: slices.Clone(r.Scores), Error: r.Error}
	if g.Scores == nil {
		g.Scores = []float64{}
	}
	g.Won = r.Error == "" && slices.Max(r.Scores) <= r.Scores[seat]
	if g.Won {
		l.Won++
	}
	l.Games = append(l.Games, g)
	l.Promoted = l.Won >= l.Needed
	return nil
}

// Verdict returns the last line of a league's report: "promoted" or
// "not promoted".
func (l *League) Verdict() string {
	if l.Promoted {
		return "promoted"
	}
	return "not promoted"
}

// Summary returns one line on the games won.
func (l *League) Summary() string {
	return fmt.Sprintf("%s won %d of %d games, %d needed", l.Candidate, l.Won, len(l.Games), l.Needed)
}

// Write writes the league's games, then, for the table and Markdown
// formats, the summary and the verdict as the last line.
func (l *League) Write(w io.Writer, f Format) error {
	header := []string{"GAME", "SEED", "SEAT", "SCORE", "OPPONENTS", "RESULT"}
	switch f {
	case FormatJSON:
		return writeJSON(w, l)
	case FormatCSV:
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"game", "match", "seed", "seat", "score", "opponents", "won"})
		for i, g := range l.Games {
			_ = cw.Write([]string{strconv.Itoa(i + 1), strconv.Itoa(g.Match), strconv.FormatUint(g.Seed, 10), strconv.Itoa(g.Seat),
				l.score(g), l.opponents(g), strconv.FormatBool(g.Won)})
		}
		cw.Flush()
		return cw.Error()
	}
	rend, gap := tableStyle(f)
	table := newTable(w, rend(), tw.Alignment{tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignLeft, tw.AlignLeft})
	table.Header(header)
	for i, g := range l.Games {
		result := "lost"
		switch {
		case g.Error != "":
			result = "failed"
		case g.Won:
			result = "won"
		}
		if err := table.Append([]string{strconv.Itoa(i + 1), strconv.FormatUint(g.Seed, 10), strconv.Itoa(g.Seat), l.score(g), l.opponents(g), result}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s%s\n%s\n", gap, l.Summary(), l.Verdict())
	return err
}

// score returns the candidate's score in game g.
func (l *League) score(g LeagueGame) string {
	if g.Seat >= len(g.Scores) {
		return "-"
	}
	return strconv.FormatFloat(g.Scores[g.Seat], 'f', -1, 64)
}

// opponents returns the other players of game g with their scores.
func (l *League) opponents(g LeagueGame) string {
	var parts []string
	for k, b := range g.Bots {
		if k == g.Seat {
			continue
		}
		if k < len(g.Scores) {
			b += " " + strconv.FormatFloat(g.Scores[k], 'f', -1, 64)
		}
		parts = append(parts, b)
	}
	return strings.Join(parts, ", ")
}
