package sim

import (
	"fmt"
	"math"
)

// Scale is how a parameter's values spread over its bounds, for a tuner.
type Scale uint8

// The scales.
const (
	ScaleLinear Scale = iota // evenly between Min and Max
	ScaleLog                 // evenly between log Min and log Max
)

// String returns "linear" or "log".
func (s Scale) String() string {
	if s == ScaleLog {
		return "log"
	}
	return "linear"
}

// Log returns s on a log scale.
func (s ParamSpec) Log() ParamSpec {
	s.Scale = ScaleLog
	return s
}

// Tunable reports whether a tuner can move the parameter: an int or a
// float with finite bounds, Min < Max, not nullable; on a log scale,
// Min > 0.
func (s ParamSpec) Tunable() bool {
	return s.checkTunable() == nil
}

// checkTunable says why the parameter cannot be tuned.
func (s ParamSpec) checkTunable() error {
	switch {
	case s.Kind != KindInt && s.Kind != KindFloat:
		return fmt.Errorf("%s is not a number", s.Name)
	case s.Nullable:
		return fmt.Errorf("%s may be null", s.Name)
	case math.IsInf(s.Min, 0) || math.IsInf(s.Max, 0) || math.IsNaN(s.Min) || math.IsNaN(s.Max) || !(s.Min < s.Max):
		return fmt.Errorf("%s has no finite range (%v..%v)", s.Name, s.Min, s.Max)
	case s.Scale == ScaleLog && !(s.Min > 0):
		return fmt.Errorf("%s is on a log scale from %v: it must start above 0", s.Name, s.Min)
	}
	return nil
}

// ToUnit maps a value of a tunable parameter to [0, 1] on its scale,
// clamped to the bounds. The log scale uses sim.Log, so the result is the
// same on every machine.
func (s ParamSpec) ToUnit(v float64) float64 {
	v = min(max(v, s.Min), s.Max)
	if s.Scale == ScaleLog {
		return float64(Log(v)-Log(s.Min)) / float64(Log(s.Max)-Log(s.Min))
	}
	return (v - s.Min) / (s.Max - s.Min)
}

// FromUnit maps u in [0, 1] (clamped) back to a value of the parameter on
// its scale: rounded to the nearest whole number for an int, and always
// within the bounds; 0 and 1 are Min and Max exactly.
func (s ParamSpec) FromUnit(u float64) float64 {
	u = min(max(u, 0), 1)
	switch u {
	case 0:
		return s.Min
	case 1:
		return s.Max
	}
	var v float64
	if s.Scale == ScaleLog {
		v = Exp(float64(Log(s.Min)) + float64(u*float64(Log(s.Max)-Log(s.Min))))
	} else {
		v = s.Min + float64(u*(s.Max-s.Min))
	}
	if s.Kind == KindInt {
		v = math.Round(v)
	}
	return min(max(v, s.Min), s.Max)
}
