package tune

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/arenasim/arena/sim"
)

// The methods for small spaces: every point of a grid, or random points,
// each played on the same seeds and seats (so that their scores compare
// without the seeds' luck).
const (
	MethodSPSA   = "spsa"
	MethodGrid   = "grid"
	MethodRandom = "random"
)

// MaxPoints bounds the points of a grid or random search.
const MaxPoints = 100_000

// PointLine is one point of a grid or random search: its values and what
// its games gave.
type PointLine struct {
	Type   string             `json:"type"` // "point"
	Index  int                `json:"index"`
	Theta  map[string]float64 `json:"theta"`
	Result Result             `json:"result"` // PlusScore: the point's points
}

// PlayOne plays a point's games, on the same seeds (from seed) for every
// point.
type PlayOne func(ctx context.Context, index int, seed uint64, theta map[string]float64) (Result, error)

// Points returns the points of a search: for a grid, n values per
// parameter, evenly on its scale from Min to Max (an int's repeated values
// once), every combination, the first parameter varying slowest; for a
// random search, n points drawn uniformly on the scales from seed.
func Points(method string, n int, seed uint64, params []Param) ([]map[string]float64, error) {
	if n < 1 {
		return nil, fmt.Errorf("tune: %d points", n)
	}
	for _, p := range params {
		if !p.Spec.Tunable() {
			return nil, fmt.Errorf("tune: %s cannot be tuned: not a number with a range", p.Spec.Name)
		}
	}
	var points []map[string]float64
	switch method {
	case MethodGrid:
		axes := make([][]float64, len(params))
		total := 1
		for i, p := range params {
			for j := range n {
				u := 0.0
				if n > 1 {
					u = float64(j) / float64(n-1)
				}
				v := p.Spec.FromUnit(u)
				if len(axes[i]) == 0 || axes[i][len(axes[i])-1] != v {
					axes[i] = append(axes[i], v)
				}
			}
			total *= len(axes[i])
			if total > MaxPoints {
				return nil, fmt.Errorf("tune: a grid of more than %d points", MaxPoints)
			}
		}
		for idx := range total {
			pt := map[string]float64{}
			rest := idx
			for i := len(params) - 1; i >= 0; i-- {
				pt[params[i].Spec.Name] = axes[i][rest%len(axes[i])]
				rest /= len(axes[i])
			}
			points = append(points, pt)
		}
	case MethodRandom:
		if n > MaxPoints {
			return nil, fmt.Errorf("tune: more than %d points", MaxPoints)
		}
		rng := sim.NewRand(seed, 0x72616e64) // "rand"
		for range n {
			pt := map[string]float64{}
			for _, p := range params {
				pt[p.Spec.Name] = p.Spec.FromUnit(rng.Float64())
			}
			points = append(points, pt)
		}
	default:
		return nil, fmt.Errorf("tune: unknown method %q (want %s, %s or %s)", method, MethodSPSA, MethodGrid, MethodRandom)
	}
	return points, nil
}

// RunPoints plays every point of a grid or random search, writing a header
// (unless resuming) and one line per point; done is how many points a
// resumed file holds. Every point plays on the same seeds.
func RunPoints(ctx context.Context, method string, n int, s Settings, params []Param, about json.RawMessage, play PlayOne,
	w io.Writer, resumed *Header, done int) error {
	points, err := Points(method, n, s.Seed, params)
	if err != nil {
		return err
	}
	if s.Pairs < 1 {
		return fmt.Errorf("tune: %d pairs per point", s.Pairs)
	}
	s.Iterations = len(points)
	h := header(s, params, about)
	h.Method, h.C, h.A, h.Alpha, h.Gamma, h.Stability = method, 0, 0, 0, 0, 0
	if resumed == nil {
		if err := writeJSON(w, h); err != nil {
			return err
		}
	} else if err := sameHeader(resumed, h); err != nil {
		return err
	}
	seed := sim.Derive(s.Seed^0x706f696e, 0) // "poin": one seed for every point
	for i := done; i < len(points); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := play(ctx, i, seed, points[i])
		if err != nil {
			return err
		}
		if err := writeJSON(w, PointLine{Type: "point", Index: i, Theta: points[i], Result: res}); err != nil {
			return err
		}
	}
	return nil
}

// Best returns the point of a search's lines with the most points a game
// (the first among equals).
func Best(lines []PointLine) (PointLine, bool) {
	best, found := PointLine{}, false
	for _, l := range lines {
		if l.Result.Games == 0 {
			continue
		}
		if !found || l.Result.PlusScore/float64(l.Result.Games) > best.Result.PlusScore/float64(best.Result.Games) {
			best, found = l, true
		}
	}
	return best, found
}
