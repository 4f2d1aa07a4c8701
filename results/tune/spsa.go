// Package tune tunes a bot's numeric arguments by SPSA (simultaneous
// perturbation stochastic approximation), as the chess testing frameworks
// do: each iteration perturbs every parameter at once by ±c_k (in units of
// its range, on its scale), plays θ+ and θ− on the same seeds and seats
// (common random numbers, so that the luck of the seeds cancels out of
// their difference), estimates the gradient from the difference of their
// scores, and steps θ by a_k times it. Every draw comes from the run's
// seed, so a run is a pure function of its settings: killed and resumed,
// it writes the same bytes.
package tune

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/arenasim/arena/results"
	"github.com/arenasim/arena/results/golden"
	"github.com/arenasim/arena/sim"
)

// Format is the version of the tune files written.
const Format = 1

// The usual SPSA constants (Spall): the decay exponents of the step and of
// the perturbation, and the stability constant as a share of the
// iterations.
const (
	DefaultAlpha    = 0.602
	DefaultGamma    = 0.101
	stabilityShare  = 0.1
	DefaultC        = 0.1  // the first perturbation: a tenth of each range
	DefaultFirstMov = 0.05 // the first step, at the largest gradient estimate: a twentieth of each range
)

// Param is a tuned parameter: its spec (bounds and scale) and its value at
// the start.
type Param struct {
	Spec  sim.ParamSpec
	Start float64
}

// Settings configure a run.
type Settings struct {
	Iterations int
	Pairs      int    // pairs of games per iteration: θ+ and θ− each play one game of a pair on the same seed and seat
	Seed       uint64 // the run's seed
	// C is the first perturbation and A the first step's gain, in units of
	// each parameter's range; 0 takes the defaults (DefaultC, and the A that
	// moves DefaultFirstMov at the largest gradient estimate).
	C, A         float64
	Alpha, Gamma float64 // 0 takes the defaults
}

// withDefaults fills the settings left zero.
func (s Settings) withDefaults() Settings {
	if s.Alpha == 0 {
		s.Alpha = DefaultAlpha
	}
	if s.Gamma == 0 {
		s.Gamma = DefaultGamma
	}
	if s.C == 0 {
		s.C = DefaultC
	}
	if s.A == 0 {
		// The largest gradient estimate is 1/(2c): the first step moves
		// DefaultFirstMov there.
		s.A = float64(DefaultFirstMov*2*s.C) * pow(s.stability()+1, s.Alpha)
	}
	return s
}

// stability is SPSA's A: a tenth of the iterations.
func (s Settings) stability() float64 { return math.Floor(stabilityShare * float64(s.Iterations)) }

// gains returns iteration k's step and perturbation (k from 1).
func (s Settings) gains(k int) (a, c float64) {
	a = s.A / pow(s.stability()+float64(k), s.Alpha)
	c = s.C / pow(float64(k), s.Gamma)
	return a, c
}

// pow returns x^y for x > 0 with sim.Exp and sim.Log, the same on every
// machine (math.Pow may use fused multiply-adds).
func pow(x, y float64) float64 { return sim.Exp(float64(y * sim.Log(x))) }

// Result is what one iteration's games gave, from θ+'s side.
type Result struct {
	Games      int     `json:"games"`       // games of each side
	PlusScore  float64 `json:"plus_score"`  // θ+'s points: 1 a win, ½ a draw, 0 a loss, summed
	MinusScore float64 `json:"minus_score"` // θ−'s
}

// Header is the first line of a tune file.
type Header struct {
	Type       string          `json:"type"` // "tune"
	Format     int             `json:"format"`
	Method     string          `json:"method"` // "spsa"
	Context    json.RawMessage `json:"context"`
	Params     []ParamLine     `json:"params"`
	Iterations int             `json:"iterations"`
	Pairs      int             `json:"pairs"`
	Seed       uint64          `json:"seed"`
	C          float64         `json:"c"`
	A          float64         `json:"a"`
	Alpha      float64         `json:"alpha"`
	Gamma      float64         `json:"gamma"`
	Stability  float64         `json:"stability"`
}

// ParamLine describes a tuned parameter in the header.
type ParamLine struct {
	Name  string  `json:"name"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	Scale string  `json:"scale"`
	Int   bool    `json:"int"`
	Start float64 `json:"start"`
}

// Line is one iteration: where it stood, what it tried, what the games
// gave, the gradient estimate (in units of range per point of score
// difference a game) and where it goes next.
type Line struct {
	Type      string             `json:"type"` // "iteration"
	Iteration int                `json:"iteration"`
	Theta     map[string]float64 `json:"theta"`
	Delta     map[string]int     `json:"delta"`
	C         float64            `json:"c"`
	A         float64            `json:"a"`
	Plus      map[string]float64 `json:"plus"`
	Minus     map[string]float64 `json:"minus"`
	Result    Result             `json:"result"`
	Gradient  map[string]float64 `json:"gradient"`
	Next      map[string]float64 `json:"next"`
	NextUnit  map[string]float64 `json:"next_unit"` // where it goes, in units of range: what a resumed run starts from
	GamesSeed uint64             `json:"games_seed"`
}

// Play plays an iteration's games: θ+ and θ− (parameter values by name)
// each on the same pairs of seeds and seats, derived from seed.
type Play func(ctx context.Context, iteration int, seed uint64, plus, minus map[string]float64) (Result, error)

// Run runs SPSA, writing the header (unless resuming) and one line per
// iteration to w; about (any JSON: the game, the bot, the opponents) goes
// into the header. done holds the lines of a file being resumed: the run
// starts after the last, and writes only what follows. The trajectory is a
// function of the settings alone.
func Run(ctx context.Context, s Settings, params []Param, about json.RawMessage, play Play, w io.Writer, resumed *Header, done []Line) error {
	s = s.withDefaults()
	if err := check(s, params); err != nil {
		return err
	}
	h := header(s, params, about)
	if resumed == nil {
		if err := writeJSON(w, h); err != nil {
			return err
		}
	} else if err := sameHeader(resumed, h); err != nil {
		return err
	}
	u := make([]float64, len(params)) // θ in units of range
	for i, p := range params {
		u[i] = p.Spec.ToUnit(p.Start)
	}
	if n := len(done); n > 0 {
		for i, p := range params {
			v, ok := done[n-1].NextUnit[p.Spec.Name]
			if !ok {
				return fmt.Errorf("tune: iteration %d: no next_unit for %s", done[n-1].Iteration, p.Spec.Name)
			}
			u[i] = v
		}
	}
	for k := len(done) + 1; k <= s.Iterations; k++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, next, err := iterate(ctx, s, params, u, k, play)
		if err != nil {
			return err
		}
		if err := writeJSON(w, line); err != nil {
			return err
		}
		u = next
	}
	return nil
}

// iterate plays iteration k from u and returns its line and the next u.
func iterate(ctx context.Context, s Settings, params []Param, u []float64, k int, play Play) (Line, []float64, error) {
	a, c := s.gains(k)
	rng := sim.NewRand(s.Seed, uint64(k))
	line := Line{Type: "iteration", Iteration: k, C: c, A: a,
		Theta: map[string]float64{}, Delta: map[string]int{}, Plus: map[string]float64{}, Minus: map[string]float64{},
		Gradient: map[string]float64{}, Next: map[string]float64{}, NextUnit: map[string]float64{},
		GamesSeed: sim.Derive(s.Seed^0x74756e65, uint64(k))} // "tune"
	delta := make([]float64, len(params))
	for i, p := range params {
		name := p.Spec.Name
		delta[i] = 1
		if rng.IntN(2) == 0 {
			delta[i] = -1
		}
		line.Theta[name] = p.Spec.FromUnit(u[i])
		line.Delta[name] = int(delta[i])
		line.Plus[name] = p.Spec.FromUnit(u[i] + float64(c*delta[i]))
		line.Minus[name] = p.Spec.FromUnit(u[i] - float64(c*delta[i]))
	}
	res, err := play(ctx, k, line.GamesSeed, line.Plus, line.Minus)
	if err != nil {
		return Line{}, nil, err
	}
	if res.Games < 1 {
		return Line{}, nil, fmt.Errorf("tune: iteration %d: no game played", k)
	}
	line.Result = res
	// The score difference per game, from -1 to 1.
	diff := (res.PlusScore - res.MinusScore) / float64(res.Games)
	next := make([]float64, len(u))
	for i, p := range params {
		name := p.Spec.Name
		g := diff / float64(2*c*delta[i])
		line.Gradient[name] = g
		next[i] = min(max(u[i]+float64(a*g), 0), 1)
		line.NextUnit[name] = next[i]
		line.Next[name] = p.Spec.FromUnit(next[i])
	}
	return line, next, nil
}

// Check refuses settings and parameters an SPSA run cannot use, before
// anything is written (Run checks them again).
func Check(s Settings, params []Param) error { return check(s.withDefaults(), params) }

// check refuses settings and parameters a run cannot use.
func check(s Settings, params []Param) error {
	switch {
	case s.Iterations < 1:
		return fmt.Errorf("tune: %d iterations", s.Iterations)
	case s.Pairs < 1:
		return fmt.Errorf("tune: %d pairs per iteration", s.Pairs)
	case len(params) == 0:
		return errors.New("tune: no parameter to tune")
	case !(s.C > 0 && s.C <= 0.5):
		return fmt.Errorf("tune: perturbation c %v, want 0 < c ≤ 0.5 (of each range)", s.C)
	case !(s.A > 0):
		return fmt.Errorf("tune: step a %v, want > 0", s.A)
	}
	seen := map[string]bool{}
	for _, p := range params {
		if !p.Spec.Tunable() {
			return fmt.Errorf("tune: %s cannot be tuned: not a number with a range", p.Spec.Name)
		}
		if seen[p.Spec.Name] {
			return fmt.Errorf("tune: %s given twice", p.Spec.Name)
		}
		seen[p.Spec.Name] = true
	}
	return nil
}

// header returns the header of a run.
func header(s Settings, params []Param, about json.RawMessage) Header {
	if about == nil {
		about = json.RawMessage("null")
	}
	h := Header{Type: "tune", Format: Format, Method: "spsa", Context: about, Iterations: s.Iterations, Pairs: s.Pairs,
		Seed: s.Seed, C: s.C, A: s.A, Alpha: s.Alpha, Gamma: s.Gamma, Stability: s.stability()}
	for _, p := range params {
		h.Params = append(h.Params, ParamLine{Name: p.Spec.Name, Min: p.Spec.Min, Max: p.Spec.Max, Scale: p.Spec.Scale.String(),
			Int: p.Spec.Kind == sim.KindInt, Start: p.Start})
	}
	return h
}

// sameHeader refuses to resume a file of other settings.
func sameHeader(file *Header, want Header) error {
	a, _ := json.Marshal(file)
	b, _ := json.Marshal(want)
	if bytes.Equal(a, b) {
		return nil
	}
	diff, _ := golden.Diff(a, b)
	first := "its bytes"
	if len(diff) > 0 {
		first = diff[0]
		if r := []rune(first); len(r) > 120 {
			first = string(r[:119]) + "…"
		}
	}
	return fmt.Errorf("tune: the file's header is another run's: %s (the file's → now; resume with the file's settings, or give a new --out)", first)
}

// writeJSON writes v as one line.
func writeJSON(w io.Writer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadFile reads an SPSA tune file: its header and its complete iteration
// lines, in order, and the length of what it read (a torn last line, from a
// killed run, is left out and should be cut off before appending).
func ReadFile(r io.Reader) (*Header, []Line, int64, error) {
	var lines []Line
	h, good, err := readLines(r, []string{MethodSPSA}, func(h *Header, n int, data []byte) error {
		var l Line
		jerr := json.Unmarshal(data, &l)
		if l.Type != "iteration" || l.Iteration != n-1 {
			return fmt.Errorf("tune: line %d: not iteration %d", n, n-1)
		}
		if jerr != nil {
			return fmt.Errorf("tune: line %d: %v", n, results.JSONError(jerr))
		}
		if err := h.checkLine(n, &l); err != nil {
			return err
		}
		lines = append(lines, l)
		return nil
	})
	return h, lines, good, err
}

// ReadPoints reads the file of a grid or random search, as ReadFile.
func ReadPoints(r io.Reader) (*Header, []PointLine, int64, error) {
	var lines []PointLine
	h, good, err := readLines(r, []string{MethodGrid, MethodRandom}, func(h *Header, n int, data []byte) error {
		var l PointLine
		jerr := json.Unmarshal(data, &l)
		if l.Type != "point" || l.Index != n-2 {
			return fmt.Errorf("tune: line %d: not point %d", n, n-2)
		}
		if jerr != nil {
			return fmt.Errorf("tune: line %d: %v", n, results.JSONError(jerr))
		}
		if err := h.checkPoint(n, &l); err != nil {
			return err
		}
		lines = append(lines, l)
		return nil
	})
	return h, lines, good, err
}

// Bounds of a tune file: a line is an iteration's or a point's, a few
// kilobytes; a file of a million iterations is well within MaxFileBytes.
const (
	MaxLineBytes = 1 << 20
	MaxFileBytes = 4 << 30
)

// readLines reads a tune file's header, which must be a run of one of
// methods, then hands each complete line after it to line; it returns the
// length of the complete lines read.
func readLines(r io.Reader, methods []string, line func(h *Header, n int, data []byte) error) (*Header, int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var h *Header
	var good int64
	for n := 1; ; n++ {
		data, err := readLine(br)
		if errors.Is(err, errLongLine) {
			return nil, 0, fmt.Errorf("tune: line %d: longer than %d bytes: not a tune file", n, MaxLineBytes)
		}
		if len(data) == 0 || data[len(data)-1] != '\n' {
			return h, good, nil // the end, or a torn line
		}
		if n == 1 {
			h = &Header{}
			first := sim.TrimBOM(data) // an editor's byte-order mark, read past
			jerr := json.Unmarshal(first, h)
			if h.Type != "tune" {
				return nil, 0, notTune(first)
			}
			if jerr != nil { // a tune header with a field of the wrong kind
				return nil, 0, fmt.Errorf("tune: line 1: %v", results.JSONError(jerr))
			}
			if h.Format != Format {
				return nil, 0, fmt.Errorf("tune: line 1: format %d, want %d", h.Format, Format)
			}
			if herr := h.check(methods...); herr != nil {
				return nil, 0, herr
			}
		} else if lerr := line(h, n, data); lerr != nil {
			return nil, 0, lerr
		}
		good += int64(len(data))
		if err != nil {
			return h, good, nil
		}
	}
}

// notTune says what a file whose first line is no tune header is, with the
// command that reads it.
func notTune(first []byte) error {
	var kind struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(first, &kind)
	switch kind.Type {
	case "header":
		return errors.New("tune: line 1: this is a run's records (arena run or arena sprt --out), not a tuning run's file: arena rate and arena report read it")
	case "golden":
		return errors.New("tune: line 1: this is a golden trace (arena golden record), not a tuning run's file")
	}
	return errors.New("tune: line 1: not the header of a tuning run's file (arena tune --out)")
}

var errLongLine = errors.New("line too long")

// readLine reads a line and its newline, at most MaxLineBytes of it.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > MaxLineBytes {
			return nil, errLongLine
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}
