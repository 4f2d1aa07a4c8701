package results

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// FaultCounts counts a bot's faults by kind (timeout, invalid, panic…).
type FaultCounts struct {
	Bot   string         `json:"bot"`
	Kinds map[string]int `json:"kinds"`
	Total int            `json:"total"`
}

// FaultTally counts each entrant's faults by kind, and the matches it
// played, from the records of a run. Failed matches (an engine error) count
// nowhere, as in the standings.
type FaultTally struct {
	index   map[string]int
	counts  []FaultCounts
	matches []int
}

// NewFaultTally returns an empty tally of the entrants' faults.
func NewFaultTally(entrants []string) *FaultTally {
	t := &FaultTally{index: make(map[string]int, len(entrants)), matches: make([]int, len(entrants))}
	for i, bot := range entrants {
		t.index[bot] = i
		t.counts = append(t.counts, FaultCounts{Bot: bot, Kinds: map[string]int{}})
	}
	return t
}

// Add counts the faults of a record whose bots are entrants of the tally.
func (t *FaultTally) Add(r *Record) {
	if r.Error != "" {
		return
	}
	for _, bot := range r.Bots {
		if i, ok := t.index[bot]; ok {
			t.matches[i]++
		}
	}
	for _, f := range r.Faults {
		if f.Seat < 0 || f.Seat >= len(r.Bots) {
			continue
		}
		if i, ok := t.index[r.Bots[f.Seat]]; ok {
			t.counts[i].Kinds[f.Kind.String()]++
			t.counts[i].Total++
		}
	}
}

// Counts returns each entrant's faults, in the entrants' order.
func (t *FaultTally) Counts() []FaultCounts { return t.counts }

// Matches returns how many matches the entrant i played.
func (t *FaultTally) Matches(i int) int { return t.matches[i] }

// Lines returns one line for each entrant that faulted, in the entrants'
// order: "leanna: 94 faults in 100 matches — 90 timeout, 4 invalid", its
// kinds the most frequent first.
func (t *FaultTally) Lines() []string {
	var lines []string
	for i, c := range t.counts {
		if c.Total == 0 {
			continue
		}
		kinds := make([]string, 0, len(c.Kinds))
		for k := range c.Kinds {
			kinds = append(kinds, k)
		}
		slices.SortFunc(kinds, func(a, b string) int {
			return cmp.Or(cmp.Compare(c.Kinds[b], c.Kinds[a]), cmp.Compare(a, b))
		})
		parts := make([]string, len(kinds))
		for j, k := range kinds {
			parts[j] = fmt.Sprintf("%d %s", c.Kinds[k], k)
		}
		lines = append(lines, fmt.Sprintf("%s: %s in %s — %s", c.Bot, Plural(c.Total, "fault", "faults"),
			Plural(t.matches[i], "match", "matches"), strings.Join(parts, ", ")))
	}
	return lines
}

// Plural writes n and the word for it: 1 round, 2 rounds.
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
