package tune

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// maxHeaderRounds bounds a header's iterations and pairs: no run reaches
// it, and a damaged header is refused by it before a page or a resumed run
// is built on it.
const maxHeaderRounds = 1 << 40

// check checks a tune file's header on its own, as a run of one of
// methods writes it: its method, iterations (or points) and pairs, and
// each tuned parameter's name, bounds, scale and start.
func (h *Header) check(methods ...string) error {
	field := func(name, format string, args ...any) error {
		return fmt.Errorf("tune: line 1: field %q: %s", name, fmt.Sprintf(format, args...))
	}
	switch {
	case !slices.Contains(methods, h.Method):
		return field("method", "%q, where this file should hold %s", h.Method, strings.Join(methods, " or "))
	case h.Iterations < 1 || h.Iterations > maxHeaderRounds:
		return field("iterations", "%d is not a number of iterations or points (1 or more)", h.Iterations)
	case h.Pairs < 1 || h.Pairs > maxHeaderRounds:
		return field("pairs", "%d is not a number of pairs of games (1 or more)", h.Pairs)
	case h.Method == MethodSPSA && !(h.C > 0 && h.C <= 0.5):
		return field("c", "%v is not a share of each range (0 < c ≤ 0.5)", h.C)
	case h.Method == MethodSPSA && !(h.A > 0 && !math.IsInf(h.A, 0)):
		return field("a", "%v is not a positive gain", h.A)
	case len(h.Params) == 0:
		return field("params", "none")
	}
	seen := map[string]bool{}
	for _, p := range h.Params {
		name := fmt.Sprintf("params.%s", p.Name)
		switch {
		case p.Name == "":
			return field("params", "a parameter without a name")
		case seen[p.Name]:
			return field("params", "%s is there twice", p.Name)
		case p.Scale != "linear" && p.Scale != "log":
			return field(name+".scale", "%q is not linear or log", p.Scale)
		case !finite(p.Min) || !finite(p.Max) || !(p.Min < p.Max):
			return field(name, "min %v, max %v: not a range", p.Min, p.Max)
		case p.Scale == "log" && !(p.Min > 0):
			return field(name+".min", "%v on a log scale: it must be above 0", p.Min)
		case !(p.Start >= p.Min && p.Start <= p.Max):
			return field(name+".start", "%v is outside %v..%v", p.Start, p.Min, p.Max)
		}
		seen[p.Name] = true
	}
	return nil
}

// checkLine checks an SPSA iteration's line n against the header: an
// iteration the run plans, games played, scores within them, and a value
// of every parameter where the run goes next.
func (h *Header) checkLine(n int, l *Line) error {
	if l.Iteration > h.Iterations {
		return fmt.Errorf("tune: line %d: iteration %d of a run of %d iterations", n, l.Iteration, h.Iterations)
	}
	if err := checkResult(n, l.Result); err != nil {
		return err
	}
	for _, p := range h.Params {
		for _, m := range []struct {
			field string
			of    map[string]float64
		}{{"theta", l.Theta}, {"next", l.Next}, {"next_unit", l.NextUnit}} {
			v, ok := m.of[p.Name]
			switch {
			case !ok:
				return fmt.Errorf("tune: line %d: field %q has no value of %s", n, m.field, p.Name)
			case m.field == "next_unit" && !(v >= 0 && v <= 1):
				return fmt.Errorf("tune: line %d: field \"next_unit\": %s is %v, outside 0..1", n, p.Name, v)
			}
		}
	}
	return nil
}

// checkPoint checks a search's point on line n against the header: a point
// the search plans, games played, a score within them, a value of every
// parameter.
func (h *Header) checkPoint(n int, l *PointLine) error {
	if l.Index >= h.Iterations {
		return fmt.Errorf("tune: line %d: point %d of a search of %d points", n, l.Index, h.Iterations)
	}
	if err := checkResult(n, l.Result); err != nil {
		return err
	}
	for _, p := range h.Params {
		if _, ok := l.Theta[p.Name]; !ok {
			return fmt.Errorf("tune: line %d: field \"theta\" has no value of %s", n, p.Name)
		}
	}
	return nil
}

// checkResult checks what a line's games gave: at least one game, and
// each side's points between none and one a game.
func checkResult(n int, r Result) error {
	g := float64(r.Games)
	switch {
	case r.Games < 1:
		return fmt.Errorf("tune: line %d: field \"result.games\" is %d: no game played", n, r.Games)
	case !(r.PlusScore >= 0 && r.PlusScore <= g):
		return fmt.Errorf("tune: line %d: field \"result.plus_score\" is %v, outside 0..%d (its games)", n, r.PlusScore, r.Games)
	case !(r.MinusScore >= 0 && r.MinusScore <= g):
		return fmt.Errorf("tune: line %d: field \"result.minus_score\" is %v, outside 0..%d (its games)", n, r.MinusScore, r.Games)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
