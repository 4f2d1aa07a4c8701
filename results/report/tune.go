package report

import (
	"encoding/json"
	"strconv"

	"github.com/arenasim/arena/results/tune"
)

// Tune is the data of a tuning run's page. For SPSA: θ over the
// iterations, per parameter, and the recent score difference of θ+ over
// θ− (what the gradient is made of); for a grid or random search: the
// points with the share of the points each scored.
type Tune struct {
	Method     string           `json:"method"` // "spsa", "grid" or "random"
	Context    json.RawMessage  `json:"context"`
	Params     []tune.ParamLine `json:"params"`
	Iterations int              `json:"iterations"` // planned (iterations, or points of a search)
	Done       int              `json:"done"`       // in the file
	Pairs      int              `json:"pairs"`
	Seed       string           `json:"seed"`
	// SPSA, at each iteration kept (at most a thousand, evenly):
	Iteration []int                `json:"iteration,omitempty"`
	Theta     map[string][]float64 `json:"theta,omitempty"` // where the iteration stood
	Gain      []float64            `json:"gain,omitempty"`  // θ+'s score share minus θ−'s, averaged over the last tenth of the iterations
	Final     map[string]float64   `json:"final,omitempty"` // where the last iteration went
	// A search's points (at most a thousand, evenly) and the best one.
	Points []TunePoint `json:"points,omitempty"`
	Best   *TunePoint  `json:"best,omitempty"`
}

// TunePoint is a point of a search and the share of the points it scored.
type TunePoint struct {
	Index int                `json:"index"`
	Theta map[string]float64 `json:"theta"`
	Share float64            `json:"share"`
}

// TuneOf returns the page's data of an SPSA tuning file's header and lines.
func TuneOf(h *tune.Header, lines []tune.Line) *Tune {
	t := newTune(h, len(lines))
	t.Theta = map[string][]float64{}
	window := max(1, h.Iterations/10)
	var diffs []float64
	var gain []float64
	sum := 0.0
	for i, l := range lines {
		d := 0.0
		if g := l.Result.Games; g > 0 {
			d = (l.Result.PlusScore - l.Result.MinusScore) / float64(g)
		}
		diffs = append(diffs, d)
		sum += d
		if i >= window {
			sum -= diffs[i-window]
		}
		gain = append(gain, sum/float64(min(i+1, window)))
	}
	idx := make([]int, len(lines))
	for i := range idx {
		idx[i] = i
	}
	for _, i := range thin(idx) {
		t.Iteration = append(t.Iteration, lines[i].Iteration)
		t.Gain = append(t.Gain, round(gain[i], 4))
		for _, p := range h.Params {
			t.Theta[p.Name] = append(t.Theta[p.Name], round(lines[i].Theta[p.Name], 6))
		}
	}
	if len(lines) > 0 {
		t.Final = lines[len(lines)-1].Next
	}
	return t
}

// TunePointsOf returns the page's data of a grid or random search.
func TunePointsOf(h *tune.Header, lines []tune.PointLine) *Tune {
	t := newTune(h, len(lines))
	var pts []TunePoint
	for _, l := range lines {
		share := 0.0
		if l.Result.Games > 0 {
			share = round(l.Result.PlusScore/float64(l.Result.Games), 4)
		}
		pts = append(pts, TunePoint{Index: l.Index, Theta: l.Theta, Share: share})
	}
	t.Points = thin(pts)
	if best, ok := tune.Best(lines); ok {
		for i := range pts {
			if pts[i].Index == best.Index {
				t.Best = &pts[i]
			}
		}
	}
	return t
}

func newTune(h *tune.Header, done int) *Tune {
	return &Tune{Method: h.Method, Context: h.Context, Params: h.Params, Iterations: h.Iterations, Done: done, Pairs: h.Pairs,
		Seed: strconv.FormatUint(h.Seed, 10)}
}
