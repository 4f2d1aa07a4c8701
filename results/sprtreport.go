package results

import (
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The kinds of outcome a sequential test counts.
const (
	// KindPentanomial counts pairs of two-seat games by the candidate's
	// total: 0, ½, 1, 1½ or 2.
	KindPentanomial = "pentanomial"
	// KindBlocks counts blocks of two N-seat games by whether the candidate
	// placed worse than, equal to or better than the baseline.
	KindBlocks = "blocks"
)

// SPRTSettings are a sequential test's settings as a results header records
// them: with the records, they are all it takes to recompute the verdict.
type SPRTSettings struct {
	Elo0      float64  `json:"elo0"`
	Elo1      float64  `json:"elo1"`
	Alpha     float64  `json:"alpha"`
	Beta      float64  `json:"beta"`
	Model     string   `json:"model"`
	Kind      string   `json:"kind"`
	Candidate string   `json:"candidate"`
	Baseline  string   `json:"baseline"`
	Opponents []string `json:"opponents,omitempty"`
}

// Test returns the settings as a test.
func (s *SPRTSettings) Test() (SPRT, error) {
	model, err := ParseEloModel(s.Model)
	if err != nil {
		return SPRT{}, err
	}
	t := SPRT{Elo0: s.Elo0, Elo1: s.Elo1, Alpha: s.Alpha, Beta: s.Beta, Model: model}
	return t, t.Check()
}

// SPRTReport is the state of a sequential test as its units come in: the
// counts of each outcome, the log-likelihood ratio and the verdict. Once a
// bound is crossed the verdict stays.
type SPRTReport struct {
	settings SPRTSettings
	test     SPRT
	scores   []float64
	counts   []int
	failed   int        // units with an engine error in one of their matches
	pool     *PoolScale // a test against a pool: the scale of its pairs; nil otherwise
	llr      float64
	verdict  Verdict
}

// NewSPRTReport starts the report of a test of candidate against baseline,
// counting outcomes of the given kind.
func NewSPRTReport(test SPRT, kind, candidate, baseline string, opponents []string) *SPRTReport {
	r := &SPRTReport{
		settings: SPRTSettings{Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta, Model: test.Model.String(),
			Kind: kind, Candidate: candidate, Baseline: baseline, Opponents: slices.Clone(opponents)},
		test: test,
	}
	if kind == KindBlocks {
		r.scores = BlockScores[:]
	} else {
		r.scores = PentanomialScores[:]
	}
	r.counts = make([]int, len(r.scores))
	if kind == KindPentanomial && len(opponents) > 0 {
		r.pool = NewPoolScale(len(opponents))
	}
	return r
}

// Settings returns the test's settings for the results header.
func (r *SPRTReport) Settings() *SPRTSettings {
	s := r.settings
	s.Opponents = slices.Clone(s.Opponents)
	return &s
}

// Add counts one unit with the given outcome (an index into the scores:
// the candidate's total in half points for a pentanomial, 0/1/2 for worse,
// equal, better for blocks) and updates the verdict.
func (r *SPRTReport) Add(outcome int) {
	r.counts[outcome]++
	r.llr = r.test.llr(r.counts, r.scores, r.pool)
	if r.verdict == Undecided {
		r.verdict = r.test.Decide(r.llr)
	}
}

// AddVersus counts one pair of a test against a pool: the candidate's and
// the baseline's results against opponent o (its index among the
// opponents), in the same seat on the same seed, in half points (0, 1 or
// 2). The baseline's results set the scale of the pairs (see PoolScale).
// It panics when the test is not against a pool.
func (r *SPRTReport) AddVersus(candidate, baseline, o int) {
	if r.pool == nil {
		panic("results: SPRTReport.AddVersus: not a test against a pool")
	}
	r.pool.Add(o, baseline)
	r.Add(candidate + 2 - baseline)
}

// AddFailed counts a unit that could not be scored: one of its matches
// failed with an engine error.
func (r *SPRTReport) AddFailed() { r.failed++ }

// Verdict returns the verdict so far.
func (r *SPRTReport) Verdict() Verdict { return r.verdict }

// Counts returns the count of each outcome.
func (r *SPRTReport) Counts() []int { return slices.Clone(r.counts) }

// LLR returns the log-likelihood ratio so far.
func (r *SPRTReport) LLR() float64 { return r.llr }

// Games returns the games of the units counted (failed ones left out).
func (r *SPRTReport) Games() int {
	n := 0
	for _, c := range r.counts {
		n += c
	}
	return 2 * n
}

// Estimate returns the Elo difference with its 95% interval and LOS.
func (r *SPRTReport) Estimate() EloEstimate {
	return estimateElo(r.counts, r.scores, r.test.Model, r.pool)
}

// Stopped returns the Elo difference corrected for where the test stopped
// (median unbiased, see sprtstop.go), with its 95% interval, and the
// probability at a true difference of 0 of an outcome worse for the
// candidate than the one observed (its LOS).
func (r *SPRTReport) Stopped() EloEstimate {
	return r.test.stoppedEstimate(r.counts, r.scores, r.verdict, r.pool)
}

// Status returns one line for a live display: LLR within its bounds, games,
// Elo.
func (r *SPRTReport) Status() string {
	lo, hi := r.test.Bounds()
	e := r.Estimate()
	interval := fmt.Sprintf("[%s, %s]", signedTenth(e.Lo), signedTenth(e.Hi))
	if r.NoInterval() != "" {
		interval = "(no interval: every unit alike)"
	}
	return fmt.Sprintf("LLR %.2f (%.2f, %.2f)  %d games  Elo %s %s", r.llr, lo, hi, r.Games(), signedTenth(e.Elo), interval)
}

// sprtJSON is the JSON form of a report.
type sprtJSON struct {
	Verdict string   `json:"verdict"`
	LLR     float64  `json:"llr"`
	Lower   float64  `json:"lower"`
	Upper   float64  `json:"upper"`
	Games   int      `json:"games"`
	Failed  int      `json:"failed"`
	Elo     *float64 `json:"elo"`
	EloLo   *float64 `json:"elo_lo"`
	EloHi   *float64 `json:"elo_hi"`
	LOS     float64  `json:"los"`
	// The Elo corrected for where the test stopped (Stopped): the figures
	// above are fastchess's, as if the games had been fixed in advance.
	EloCorrected   *float64 `json:"elo_corrected"`
	EloCorrectedLo *float64 `json:"elo_corrected_lo"`
	EloCorrectedHi *float64 `json:"elo_corrected_hi"`
	// NoInterval says why the intervals are null when every unit scored
	// alike (see SPRTReport.NoInterval).
	NoInterval  string `json:"no_interval,omitempty"`
	Pentanomial []int  `json:"pentanomial,omitempty"`
	Blocks      []int  `json:"blocks,omitempty"`
	SPRTSettings
}

func (r *SPRTReport) json() sprtJSON {
	lo, hi := r.test.Bounds()
	e, c := r.Reported()
	j := sprtJSON{
		Verdict: r.verdict.String(), LLR: round4(r.llr), Lower: round4(lo), Upper: round4(hi),
		Games: r.Games(), Failed: r.failed,
		Elo: finite(roundElo(e.Elo)), EloLo: finite(roundElo(e.Lo)), EloHi: finite(roundElo(e.Hi)), LOS: round4(e.LOS),
		EloCorrected: finite(roundElo(c.Elo)), EloCorrectedLo: finite(roundElo(c.Lo)), EloCorrectedHi: finite(roundElo(c.Hi)),
		NoInterval: r.NoInterval(), SPRTSettings: *r.Settings(),
	}
	if r.settings.Kind == KindBlocks {
		j.Blocks = r.Counts()
	} else {
		j.Pentanomial = r.Counts()
	}
	return j
}

// Write writes the report: a few labelled lines ending with the verdict
// (table), the same as a Markdown table, one CSV row under a header, or one
// JSON object.
func (r *SPRTReport) Write(w io.Writer, f Format) error {
	j := r.json()
	switch f {
	case FormatJSON:
		return writeJSON(w, j)
	case FormatCSV:
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"verdict", "llr", "lower", "upper", "games", "failed", "elo", "elo_lo", "elo_hi", "los",
			"elo_corrected", "elo_corrected_lo", "elo_corrected_hi", j.Kind, "elo0", "elo1", "alpha", "beta", "model", "candidate", "baseline"})
		_ = cw.Write([]string{j.Verdict, num(j.LLR), num(j.Lower), num(j.Upper), strconv.Itoa(j.Games), strconv.Itoa(j.Failed),
			optNum(j.Elo), optNum(j.EloLo), optNum(j.EloHi), num(j.LOS),
			optNum(j.EloCorrected), optNum(j.EloCorrectedLo), optNum(j.EloCorrectedHi), joinInts(r.counts, " "),
			num(j.Elo0), num(j.Elo1), num(j.Alpha), num(j.Beta), j.Model, j.Candidate, j.Baseline})
		cw.Flush()
		return cw.Error()
	}
	rows := r.rows()
	var b strings.Builder
	if f == FormatMarkdown {
		b.WriteString("| | |\n|---|---|\n")
		for _, row := range rows {
			fmt.Fprintf(&b, "| %s | %s |\n", row[0], strings.ReplaceAll(row[1], "|", `\|`))
		}
		fmt.Fprintf(&b, "\n%s\n", r.Conclusion())
	} else {
		for _, row := range rows {
			fmt.Fprintf(&b, "%-11s %s\n", row[0], row[1])
		}
		fmt.Fprintln(&b, r.Conclusion())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rows returns the labelled lines of the table form.
func (r *SPRTReport) rows() [][2]string {
	s := r.settings
	lo, hi := r.test.Bounds()
	e, c := r.Estimate(), r.Stopped()
	against := "baseline " + s.Baseline
	if len(s.Opponents) > 0 {
		against = fmt.Sprintf("baseline %s, against %s", s.Baseline, strings.Join(s.Opponents, ", "))
	}
	units, outcomes, scale := "pairs", "0 ½ 1 1½ 2", ""
	switch {
	case s.Kind == KindBlocks:
		units, outcomes, scale = "blocks", "worse equal better", "block, on a scale set by the opponents: "
	case r.pool != nil:
		scale = "candidate − baseline, "
	}
	elo := fmt.Sprintf("%s [%s, %s] (95%%, fastchess's: as if the games had been fixed in advance)", signedTenth(e.Elo), signedTenth(e.Lo), signedTenth(e.Hi))
	corrected := fmt.Sprintf("%s [%s, %s] (95%%, for where the test stopped: median-unbiased)", signedTenth(c.Elo), signedTenth(c.Lo), signedTenth(c.Hi))
	if none := r.NoInterval(); none != "" {
		elo = fmt.Sprintf("%s (%s)", signedTenth(e.Elo), none)
		corrected = fmt.Sprintf("%s (%s)", signedTenth(c.Elo), none)
	}
	rows := [][2]string{
		{"test", fmt.Sprintf("candidate %s, %s", s.Candidate, against)},
		{"hypotheses", fmt.Sprintf("H0: Elo ≤ %s, H1: Elo ≥ %s (%s%s Elo), α = %s, β = %s", num(s.Elo0), num(s.Elo1), scale, s.Model, num(s.Alpha), num(s.Beta))},
		{"LLR", fmt.Sprintf("%.2f, bounds %.2f and %.2f", r.llr, lo, hi)},
		{"games", fmt.Sprintf("%d (%d %s)", r.Games(), r.Games()/2, units)},
		{s.Kind, fmt.Sprintf("%s  (%s, the candidate's side)", joinInts(r.counts, " "), outcomes)},
		{"Elo", elo},
		{"corrected", corrected},
		{"LOS", fmt.Sprintf("%.1f%%", 100*e.LOS)},
	}
	if r.failed > 0 {
		rows = append(rows, [2]string{"failed", fmt.Sprintf("%d %s left out: an engine error in one of their games", r.failed, units)})
	}
	return rows
}

// Reported returns Estimate and Stopped as the report gives them: their
// interval ends NaN (null in JSON) when it gives none (see NoInterval).
func (r *SPRTReport) Reported() (plain, corrected EloEstimate) {
	plain, corrected = r.Estimate(), r.Stopped()
	if r.NoInterval() != "" {
		nan := math.NaN()
		plain.Lo, plain.Hi, corrected.Lo, corrected.Hi = nan, nan, nan, nan
	}
	return plain, corrected
}

// NoInterval says why the report gives no Elo interval, or is "" when it
// gives them: when every outcome so far scored the same, fastchess's
// intervals are points, which no sample proves.
func (r *SPRTReport) NoInterval() string {
	if n, _, variance := scoreMoments(r.counts, r.scores); n == 0 || variance > 0 {
		return ""
	}
	units := "pairs"
	if r.settings.Kind == KindBlocks {
		units = "blocks"
	}
	return fmt.Sprintf("no interval: all %d %s scored alike, with no spread to give one from", r.Games()/2, units)
}

// Conclusion returns the verdict as a sentence.
func (r *SPRTReport) Conclusion() string {
	switch r.verdict {
	case AcceptH1:
		return "H1 accepted: the candidate is stronger"
	case AcceptH0:
		return "H0 accepted: the candidate is not stronger"
	}
	return "undecided: the game cap was reached before either bound"
}

// junit is the JUnit XML of one test case.
type junitSuite struct {
	XMLName  xml.Name   `xml:"testsuite"`
	Name     string     `xml:"name,attr"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Case     junitCase  `xml:"testcase"`
	Props    []junitKey `xml:"properties>property"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
}

type junitKey struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// WriteJUnit writes the test as a JUnit XML report with one test case named
// name: passed when H1 is accepted, failed when H0 is, skipped when
// undecided, so that CI systems show the verdict.
func (r *SPRTReport) WriteJUnit(w io.Writer, name string) error {
	j := r.json()
	suite := junitSuite{Name: "arena sprt", Tests: 1, Case: junitCase{Name: name, ClassName: "arena.sprt"}}
	switch r.verdict {
	case AcceptH0:
		suite.Failures = 1
		suite.Case.Failure = &junitMessage{Message: r.Conclusion()}
	case Undecided:
		suite.Skipped = 1
		suite.Case.Skipped = &junitMessage{Message: r.Conclusion()}
	}
	var out strings.Builder
	for _, row := range r.rows() {
		fmt.Fprintf(&out, "%s: %s\n", row[0], row[1])
	}
	out.WriteString(r.Conclusion())
	suite.Case.SystemOut = out.String()
	for _, kv := range [][2]string{{"verdict", j.Verdict}, {"llr", num(j.LLR)}, {"games", strconv.Itoa(j.Games)},
		{"elo", optNum(j.Elo)}, {"elo_lo", optNum(j.EloLo)}, {"elo_hi", optNum(j.EloHi)}, {"los", num(j.LOS)},
		{"elo_corrected", optNum(j.EloCorrected)}, {"elo_corrected_lo", optNum(j.EloCorrectedLo)}, {"elo_corrected_hi", optNum(j.EloCorrectedHi)}} {
		suite.Props = append(suite.Props, junitKey{kv[0], kv[1]})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(suite); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// finite returns a pointer to x, or nil (JSON null) when x is infinite.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// round4 rounds to four decimals, without a negative zero.
func round4(x float64) float64 {
	r := math.Round(x*1e4) / 1e4
	if r == 0 {
		return 0
	}
	return r
}

// signedTenth writes an Elo value to 0.1 with its sign, or ±inf.
func signedTenth(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	r := roundElo(x)
	if r == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", r)
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func optNum(x *float64) string {
	if x == nil {
		return ""
	}
	return num(*x)
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}
