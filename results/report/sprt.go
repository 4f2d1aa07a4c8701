package report

import (
	"github.com/arenasim/arena/results"
)

// maxPoints bounds the points of a course drawn on a page (an SPRT's LLR,
// a tuning run's θ): a longer course is thinned evenly, its last point
// kept, so that a page does not grow with the games played.
const maxPoints = 1000

// SPRT is the data of a sequential test's page: the test, its verdict and
// Elo estimate, and the LLR after each unit of games, between its bounds.
type SPRT struct {
	Settings results.SPRTSettings `json:"settings"`
	Lower    float64              `json:"lower"` // the LLR's bounds: H0 below, H1 above
	Upper    float64              `json:"upper"`
	Status   string               `json:"status"`
	Verdict  string               `json:"verdict"`
	Elo      *float64             `json:"elo"`    // null when infinite (every game won, or lost)
	EloLo    *float64             `json:"elo_lo"` // null when open
	EloHi    *float64             `json:"elo_hi"`
	// The Elo corrected for where the test stopped, and its interval
	// (results.SPRTReport.Stopped); the figures above are fastchess's.
	EloCorrected   *float64 `json:"elo_corrected"`
	EloCorrectedLo *float64 `json:"elo_corrected_lo"`
	EloCorrectedHi *float64 `json:"elo_corrected_hi"`
	// NoInterval says why both intervals are left out (null), when every
	// unit so far scored alike (results.SPRTReport.NoInterval).
	NoInterval string    `json:"no_interval,omitempty"`
	Games      []int     `json:"games"` // the games played at each point of the course (none before the first unit)
	LLR        []float64 `json:"llr"`   // the LLR there
}

// SPRTBuilder follows a test's LLR as its records are counted.
type SPRTBuilder struct {
	rep   *results.SPRTReport
	games []int
	llr   []float64
	last  int
}

// NewSPRTBuilder follows the test whose report rep is; call Step after
// each record is counted in it.
func NewSPRTBuilder(rep *results.SPRTReport) *SPRTBuilder { return &SPRTBuilder{rep: rep, last: -1} }

// Step notes the LLR if the games counted changed.
func (b *SPRTBuilder) Step() {
	if g := b.rep.Games(); g != b.last {
		b.last = g
		b.games = append(b.games, g)
		b.llr = append(b.llr, round(b.rep.LLR(), 4))
	}
}

// SPRT returns the page's data.
func (b *SPRTBuilder) SPRT() (*SPRT, error) {
	s := b.rep.Settings()
	t, err := s.Test()
	if err != nil {
		return nil, err
	}
	lo, hi := t.Bounds()
	e, c := b.rep.Reported()
	games, llr := thin(b.games), thin(b.llr)
	if games == nil { // no unit yet: an empty course, not null
		games, llr = []int{}, []float64{}
	}
	return &SPRT{Settings: *s, Lower: round(lo, 4), Upper: round(hi, 4), Status: b.rep.Status(), Verdict: b.rep.Verdict().String(),
		Elo: finite(round(e.Elo, 1)), EloLo: finite(round(e.Lo, 1)), EloHi: finite(round(e.Hi, 1)),
		EloCorrected: finite(round(c.Elo, 1)), EloCorrectedLo: finite(round(c.Lo, 1)), EloCorrectedHi: finite(round(c.Hi, 1)),
		NoInterval: b.rep.NoInterval(), Games: games, LLR: llr}, nil
}
