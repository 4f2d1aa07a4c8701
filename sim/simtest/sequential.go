package simtest

import (
	"fmt"
	"math"
	"os"
	"testing"
)

// StrengthEnv is the environment variable that runs the strength
// benchmarks: make strength sets it.
const StrengthEnv = "ARENA_STRENGTH"

// Strength skips t unless the strength benchmarks are asked for (make
// strength): they measure a bot's strength on many games, minutes of them;
// make test checks the same claims with a sequential test that stops as
// soon as the games decide (see Sequential).
func Strength(t testing.TB) {
	t.Helper()
	if os.Getenv(StrengthEnv) == "" {
		t.Skip("a strength benchmark: make strength runs it")
	}
}

// Sequential is Wald's sequential probability ratio test on one bot's
// results against another, game by game: H0, its score rate is at most
// that of an Elo edge elo0, against H1, at least that of elo1 (a draw
// counts half a win and half a loss). The games come from fixed seeds, so
// a test is deterministic: its error rates say how likely a bot at the
// hypotheses' boundary would fool it, not how flaky it is.
type Sequential struct {
	Score        Score
	win, loss    float64 // the LLR of a game won, of a game lost
	lower, upper float64 // the bounds: below, H0; above, H1
	llr          float64
	h0, h1       string // the hypotheses, for String
	verdict      int    // -1 H0, +1 H1, 0 undecided
}

// NewSequential returns the test of H0 (Elo ≤ elo0) against H1 (Elo ≥
// elo1) at error rates alpha (accepting H1 under H0) and beta.
func NewSequential(elo0, elo1, alpha, beta float64) *Sequential {
	s := NewSequentialRates(RateOf(elo0), RateOf(elo1), alpha, beta)
	s.h0, s.h1 = fmt.Sprintf("Elo ≤ %+.0f", elo0), fmt.Sprintf("Elo ≥ %+.0f", elo1)
	return s
}

// NewSequentialRates is the test of a rate of success — a game won, a
// first place — at most p0 (H0) against at least p1 (H1): count a success
// as a win, a failure as a loss.
func NewSequentialRates(p0, p1, alpha, beta float64) *Sequential {
	return &Sequential{
		win: math.Log(p1 / p0), loss: math.Log((1 - p1) / (1 - p0)),
		lower: math.Log(beta / (1 - alpha)), upper: math.Log((1 - beta) / alpha),
		h0: fmt.Sprintf("rate ≤ %.2f", p0), h1: fmt.Sprintf("rate ≥ %.2f", p1),
	}
}

// RateOf returns the score rate of an Elo edge.
func RateOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Add counts games (a deal's, say) and reports whether the test has
// decided; games after a decision are not counted.
func (s *Sequential) Add(games Score) bool {
	if s.verdict != 0 {
		return true
	}
	s.Score = s.Score.Add(games)
	s.llr += float64(float64(games.Wins)*s.win) + float64(float64(games.Losses)*s.loss) + float64(float64(games.Draws)*float64(0.5*(s.win+s.loss)))
	switch {
	case s.llr >= s.upper:
		s.verdict = 1
	case s.llr <= s.lower:
		s.verdict = -1
	}
	return s.verdict != 0
}

// H1 says whether the test accepted H1: the bot is at least elo1 stronger
// (its rate at least p1).
func (s *Sequential) H1() bool { return s.verdict > 0 }

// String says where the test stands.
func (s *Sequential) String() string {
	v := "undecided"
	switch s.verdict {
	case 1:
		v = "H1 (" + s.h1 + ") accepted"
	case -1:
		v = "H0 (" + s.h0 + ") accepted"
	}
	return fmt.Sprintf("%s after %d games (W/D/L %d/%d/%d), LLR %.2f in (%.2f, %.2f)",
		v, s.Score.Games(), s.Score.Wins, s.Score.Draws, s.Score.Losses, s.llr, s.lower, s.upper)
}

// RequireStronger plays deal 0, 1, … below deals through play (one deal in
// -short mode) until the sequential test s decides, logs it, and fails t
// unless it accepted H1 — in -short mode, where one deal cannot decide,
// unless the bot won at least as many games as it lost. what names the
// pairing in the messages.
func RequireStronger(t testing.TB, s *Sequential, deals int, what string, play func(deal int) Score) {
	t.Helper()
	if testing.Short() {
		deals = 1
	}
	for d := range deals {
		if s.Add(play(d)) {
			break
		}
	}
	t.Logf("%s: %s", what, s)
	if testing.Short() {
		if s.Score.Wins < s.Score.Losses {
			t.Fatalf("%s: more losses than wins in one deal: %s", what, s)
		}
		return
	}
	if !s.H1() {
		t.Fatalf("%s: %s", what, s)
	}
}
