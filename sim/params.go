package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Params is a game's parameter set as it appears in a scenario file: a JSON
// object, each value kept as raw JSON until the game decodes it.
type Params map[string]json.RawMessage

// ParamSpec is one parameter of a game or a bot: its kind, its bounds or
// choices, its default and its doc, the one source of truth for
// validation (Check), listings (Range), the docs and the tuner.
type ParamSpec struct {
	Name    string    // as written in scenarios and on the command line
	Kind    ParamKind // what values it takes
	Default string    // the default as JSON text, e.g. "100" or "null"
	// Min and Max bound an int or a float, both ends included unless
	// MinOpen or MaxOpen excludes them.
	Min, Max         float64
	MinOpen, MaxOpen bool
	// Choices lists the values of a choice, or the words a list of
	// points may be replaced by (Tron's starts: "fair").
	Choices []string
	// Nullable accepts null besides the kind's values (Doc says what null
	// means).
	Nullable bool
	Doc      string // one sentence: what it does (the range is Range's)
	// Scale is how a tuner moves an int or a float through its bounds:
	// evenly (ScaleLinear, the zero value) or by ratios (ScaleLog, for a
	// budget or a weight that spans orders of magnitude; Min > 0).
	Scale Scale
}

// ParamKind is the kind of a parameter's values.
type ParamKind uint8

// The kinds of parameters.
const (
	KindJSON   ParamKind = iota // any JSON the game decodes itself (a structured value)
	KindInt                     // a whole number in [Min, Max]
	KindFloat                   // a number in [Min, Max]
	KindBool                    // true or false
	KindText                    // any string
	KindChoice                  // one of Choices
	KindPoints                  // a list of points [[x,y],…]
	KindFile                    // the path of a file
)

var kindNames = [...]string{"json", "int", "float", "bool", "text", "choice", "points", "file"}

// String names the kind.
func (k ParamKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// IntParam is a whole-number parameter in [lo, hi].
func IntParam(name string, def, lo, hi int, doc string) ParamSpec {
	return ParamSpec{Name: name, Kind: KindInt, Default: fmt.Sprint(def), Min: float64(lo), Max: float64(hi), Doc: doc}
}

// FloatParam is a number parameter in [lo, hi]; def is written as JSON.
func FloatParam(name, def string, lo, hi float64, doc string) ParamSpec {
	return ParamSpec{Name: name, Kind: KindFloat, Default: def, Min: lo, Max: hi, Doc: doc}
}

// ChoiceParam is a parameter that takes one of choices.
func ChoiceParam(name, def string, choices []string, doc string) ParamSpec {
	b, _ := json.Marshal(def)
	return ParamSpec{Name: name, Kind: KindChoice, Default: string(b), Choices: choices, Doc: doc}
}

// Range describes the values a parameter takes, for listings: "1..4096",
// "classic | v10", "[[x,y],…]".
func (s ParamSpec) Range() string {
	var r string
	switch s.Kind {
	case KindInt, KindFloat:
		r = s.bounds()
	case KindChoice:
		r = strings.Join(s.Choices, " | ")
	case KindBool:
		r = "true | false"
	case KindPoints:
		r = strings.Join(append([]string{"[[x, y],…]"}, s.Choices...), " | ")
	case KindText:
		r = "text"
	case KindFile:
		r = "file path"
	default:
		r = "JSON"
	}
	if s.Nullable {
		r += " | null"
	}
	return r
}

// bounds writes Min..Max as plain numbers: 1..100000000, 0..0.5, and an
// excluded end with a parenthesis: (0..1000000], [0..1).
func (s ParamSpec) bounds() string {
	b := strconv.FormatFloat(s.Min, 'f', -1, 64) + ".." + strconv.FormatFloat(s.Max, 'f', -1, 64)
	if !s.MinOpen && !s.MaxOpen {
		return b
	}
	lo, hi := "[", "]"
	if s.MinOpen {
		lo = "("
	}
	if s.MaxOpen {
		hi = ")"
	}
	return lo + b + hi
}

// inBounds reports whether v is within the spec's bounds.
func (s ParamSpec) inBounds(v float64) bool {
	lo := v > s.Min || (!s.MinOpen && v == s.Min)
	hi := v < s.Max || (!s.MaxOpen && v == s.Max)
	return lo && hi
}

// Check reports whether raw is a value of the parameter, with an error
// that says what is wrong with it (the caller names the parameter).
// spelled returns a choice written as a bare number (slap_adjacency=4 on
// the command line) as the choice's string, "4", so that both spellings
// are the same value, with the same rules hash; any other value as it is.
func (s ParamSpec) spelled(raw json.RawMessage) json.RawMessage {
	if s.Kind != KindChoice || len(raw) == 0 || raw[0] == '"' || !slices.Contains(s.Choices, string(raw)) {
		return raw
	}
	b, _ := json.Marshal(string(raw))
	return b
}

func (s ParamSpec) Check(raw json.RawMessage) error {
	if string(raw) == "null" {
		if s.Nullable {
			return nil
		}
		// json.Unmarshal leaves a value alone for null: a number would be
		// checked as its zero, and said to be 0.
		if what, ok := nullRefused[s.Kind]; ok {
			return fmt.Errorf("null is not %s", what)
		}
	}
	switch s.Kind {
	case KindInt:
		var n int64
		if json.Unmarshal(raw, &n) != nil {
			// A whole number all the same (1e18, twenty digits) is said to
			// be out of range, or to want its digits, not to be no number.
			var v float64
			if json.Unmarshal(raw, &v) == nil && v == math.Trunc(v) {
				if !s.inBounds(v) {
					return fmt.Errorf("%s is out of range %s", raw, s.bounds())
				}
				return fmt.Errorf("%s is not a whole number written in digits", raw)
			}
			return fmt.Errorf("%s is not a whole number", raw)
		}
		if !s.inBounds(float64(n)) {
			return fmt.Errorf("%d is out of range %s", n, s.bounds())
		}
	case KindFloat:
		var v float64
		if json.Unmarshal(raw, &v) != nil {
			return fmt.Errorf("%s is not a number", raw)
		}
		if !s.inBounds(v) {
			return fmt.Errorf("%v is out of range %s", v, s.bounds())
		}
	case KindBool:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return fmt.Errorf("%s is not true or false", raw)
		}
	case KindChoice:
		var v string
		var n float64
		if json.Unmarshal(raw, &n) == nil {
			return fmt.Errorf("%s is not one of %s", raw, strings.Join(s.Choices, ", "))
		}
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("%s: %v", raw, plainJSONError(err))
		}
		if !slices.Contains(s.Choices, v) {
			return fmt.Errorf("%q is not one of %s", v, strings.Join(s.Choices, ", "))
		}
	case KindPoints:
		var word string
		if len(s.Choices) > 0 && json.Unmarshal(raw, &word) == nil {
			if !slices.Contains(s.Choices, word) {
				return fmt.Errorf("%q is neither a list of points [[x,y],…] nor %s", word, strings.Join(s.Choices, ", "))
			}
			return nil
		}
		if _, err := ReadPoints(raw); err != nil {
			return err
		}
	}
	return nil
}

// nullRefused says what a value of each kind that cannot be null is.
var nullRefused = map[ParamKind]string{
	KindInt: "a whole number", KindFloat: "a number", KindBool: "true or false",
	KindChoice: "one of the choices", KindPoints: "a list of points [[x,y],…]",
}

// ReadPoints reads a list of points [[x,y],…] of whole numbers.
func ReadPoints(raw json.RawMessage) ([][2]int, error) {
	t, err := ReadTuples[int](raw, "point", "x", "y")
	if err != nil {
		return nil, err
	}
	out := make([][2]int, len(t))
	for i, p := range t {
		out[i] = [2]int{p[0], p[1]}
	}
	return out, nil
}

// ReadTuples reads a list of tuples of numbers — points [[x,y],…], stations
// [[x,y,capacity],…] — the one reader of such lists for every game. noun
// names one tuple in errors, fields its numbers: "point 1 is [3], want
// [x, y]", "station 0: \"a\" is not a whole number". T is int (whole numbers
// only) or float64.
func ReadTuples[T int | float64](raw json.RawMessage, noun string, fields ...string) ([][]T, error) {
	want := "[" + strings.Join(fields, ", ") + "]"
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil || list == nil {
		return nil, fmt.Errorf("%s is not a list of %s %ss", excerpt(raw), want, noun)
	}
	out := make([][]T, len(list))
	for i, item := range list {
		var xs []json.RawMessage
		if err := json.Unmarshal(item, &xs); err != nil || len(xs) != len(fields) {
			return nil, fmt.Errorf("%s %d is %s, want %s", noun, i, excerpt(item), want)
		}
		out[i] = make([]T, len(fields))
		for k, x := range xs {
			var v float64
			if err := json.Unmarshal(x, &v); err != nil {
				return nil, fmt.Errorf("%s %d: %s is not a number", noun, i, excerpt(x))
			}
			if _, whole := any(out[i][k]).(int); whole && (v != math.Trunc(v) || math.Abs(v) > 1<<53) {
				return nil, fmt.Errorf("%s %d: %s is not a whole number", noun, i, excerpt(x))
			}
			out[i][k] = T(v)
		}
	}
	return out, nil
}

// excerpt returns a JSON value for an error message, cut when long.
func excerpt(raw json.RawMessage) string {
	if r := []rune(string(raw)); len(r) > 40 {
		return string(r[:37]) + "…"
	}
	return string(raw)
}

// ParamError is a parameter that is unknown or has a value the game refuses.
// The CLI uses Name, and Also when several parameters are at fault
// together, to say where the values came from.
type ParamError struct {
	Name string
	Err  error
	Also []string // other parameters whose values make the error
}

func (e *ParamError) Error() string { return fmt.Sprintf("param %s: %v", e.Name, e.Err) }
func (e *ParamError) Unwrap() error { return e.Err }

// Clone returns a copy of p that can be changed without changing p.
func (p Params) Clone() Params {
	c := make(Params, len(p))
	for k, v := range p {
		c[k] = slices.Clone(v)
	}
	return c
}

// Set stores value under name, encoded as JSON.
func (p Params) Set(name string, value any) {
	b, err := json.Marshal(value)
	if err != nil {
		panic(fmt.Sprintf("sim: param %s: %v", name, err)) // only called with plain values
	}
	p[name] = b
}

// ParseParamValue reads the value of a --param key=value flag or a bot
// argument: as JSON when it parses as JSON, otherwise as a string. A value
// that starts like a JSON list, object or string ([, { or ") must be valid
// JSON, so that a typo in a list is reported as such rather than read as a
// string the parameter then refuses for its type. An empty value and an
// object with a duplicate key are refused too; an empty string is written
// "".
func ParseParamValue(text string) (json.RawMessage, error) {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return nil, errors.New(`empty value (write "" for an empty string)`)
	}
	if !json.Valid([]byte(trimmed)) {
		if !strings.ContainsAny(trimmed[:1], `[{"`) {
			b, _ := json.Marshal(text)
			return b, nil
		}
		var v json.RawMessage
		err := json.Unmarshal([]byte(trimmed), &v)
		return nil, fmt.Errorf("%s is malformed JSON: %s", trimmed, strings.TrimPrefix(err.Error(), "json: "))
	}
	if err := CheckDuplicateKeys([]byte(trimmed)); err != nil {
		return nil, fmt.Errorf("%s: %w", trimmed, err)
	}
	var buf bytes.Buffer
	_ = json.Compact(&buf, []byte(trimmed)) // cannot fail: trimmed is valid JSON
	return buf.Bytes(), nil
}

// Effective checks that p names only parameters in specs and returns the full
// parameter set: every spec's value from p, or its default.
func Effective(p Params, specs []ParamSpec) (Params, error) {
	for _, name := range slices.Sorted(maps.Keys(p)) {
		if !slices.ContainsFunc(specs, func(s ParamSpec) bool { return s.Name == name }) {
			if len(specs) == 0 {
				return nil, &ParamError{Name: name, Err: errors.New("unknown parameter: this takes none")}
			}
			return nil, &ParamError{Name: name, Err: fmt.Errorf("unknown parameter (known: %s)", specNames(specs))}
		}
	}
	eff := make(Params, len(specs))
	for _, s := range specs {
		v, ok := p[s.Name]
		if !ok {
			v = json.RawMessage(s.Default)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, v); err != nil {
			return nil, &ParamError{Name: s.Name, Err: fmt.Errorf("not JSON: %q", v)}
		}
		raw := s.spelled(buf.Bytes())
		if err := s.Check(raw); err != nil {
			return nil, &ParamError{Name: s.Name, Err: err}
		}
		eff[s.Name] = raw
	}
	return eff, nil
}

// Canonical returns p as compact JSON with sorted keys: the same parameters
// always give the same bytes.
func (p Params) Canonical() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range slices.Sorted(maps.Keys(p)) {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		if err := json.Compact(&b, p[k]); err != nil {
			b.WriteString("null")
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

// MarshalJSON writes p in canonical form, so records and headers are byte
// for byte reproducible.
func (p Params) MarshalJSON() ([]byte, error) { return p.Canonical(), nil }

// RulesHash identifies a rule set: the game, its rules version, its
// effective parameters and the engine's fingerprint, if any (see
// Fingerprinter). Two matches with the same rules hash and seed are the same
// match.
func RulesHash(game, version string, eff Params, fingerprint string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", game, version)
	h.Write(eff.Canonical())
	if fingerprint != "" {
		fmt.Fprintf(h, "\x00%s", fingerprint)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// Fingerprinter is an engine whose rules depend on more than the text of
// its parameters — the contents of a map file a parameter names, say. Its
// fingerprint (a hash of those contents) joins the rules hash, so that an
// edited map file never passes for the old one.
type Fingerprinter interface {
	Fingerprint() string
}

// ParamReader decodes parameters into typed values and keeps the first error,
// so a game's configuration reads as a list of fields. Each value read is
// checked against its spec (kind, bounds, choices), so that a constructor
// called with parameters that did not go through Effective refuses them
// just the same.
type ParamReader struct {
	p     Params
	specs []ParamSpec
	err   error
}

// NewParamReader returns a reader over p, which should be an effective
// parameter set (every parameter present), checked against specs.
func NewParamReader(p Params, specs []ParamSpec) *ParamReader {
	return &ParamReader{p: p, specs: specs}
}

// check checks parameter name's value against its spec, if it has one.
func (r *ParamReader) check(name string) {
	if r.err != nil {
		return
	}
	raw, ok := r.p[name]
	if !ok {
		r.Fail(name, "missing")
		return
	}
	for _, s := range r.specs {
		if s.Name == name {
			if err := s.Check(raw); err != nil {
				r.err = &ParamError{Name: name, Err: err}
			}
			return
		}
	}
}

// Err returns the first error met, a *ParamError.
func (r *ParamReader) Err() error { return r.err }

// Fail records an error about parameter name unless one is already recorded.
func (r *ParamReader) Fail(name string, format string, args ...any) {
	if r.err == nil {
		r.err = &ParamError{Name: name, Err: fmt.Errorf(format, args...)}
	}
}

// FailTogether records an error made by the values of several parameters
// together, unless one is already recorded.
func (r *ParamReader) FailTogether(names []string, format string, args ...any) {
	if r.err == nil {
		r.err = &ParamError{Name: names[0], Also: names[1:], Err: fmt.Errorf(format, args...)}
	}
}

// Decode decodes parameter name into dst with encoding/json, refusing
// unknown fields, once its spec accepts it.
func (r *ParamReader) Decode(name string, dst any) {
	r.check(name)
	if r.err != nil {
		return
	}
	raw, ok := r.p[name]
	if !ok {
		r.Fail(name, "missing")
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		r.Fail(name, "%s: %v", raw, plainJSONError(err))
	}
}

// Int decodes parameter name as a whole number. Its spec's bounds were
// checked when the parameters were made effective (Effective).
func (r *ParamReader) Int(name string) int {
	r.check(name)
	n, _ := decodeNumber[int64](r, name, "a whole number")
	return int(n)
}

// Float decodes parameter name as a number; see Int.
func (r *ParamReader) Float(name string) float64 {
	r.check(name)
	v, _ := decodeNumber[float64](r, name, "a number")
	return v
}

// Points decodes parameter name as a list of points [[x,y],…], or nil for
// null.
func (r *ParamReader) Points(name string) [][2]int {
	pts, _ := r.PointsOrWord(name)
	return pts
}

// PointsOrWord decodes parameter name as a list of points [[x,y],…], or as
// one of the words its spec's Choices allow instead (the word, and nil
// points), or neither for null.
func (r *ParamReader) PointsOrWord(name string) (pts [][2]int, word string) {
	r.check(name)
	if r.err != nil {
		return nil, ""
	}
	raw, ok := r.p[name]
	if !ok {
		r.Fail(name, "missing")
		return nil, ""
	}
	if string(raw) == "null" {
		return nil, ""
	}
	if json.Unmarshal(raw, &word) == nil {
		return nil, word // checked against the choices by r.check
	}
	pts, err := ReadPoints(raw)
	if err != nil {
		r.Fail(name, "%v", err)
	}
	return pts, ""
}

// decodeNumber decodes parameter name as a T; what names the kind of
// number in the error.
func decodeNumber[T int64 | float64](r *ParamReader, name, what string) (v T, ok bool) {
	if r.err != nil {
		return v, false
	}
	raw, present := r.p[name]
	if !present {
		r.Fail(name, "missing")
		return v, false
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		r.Fail(name, "%s is not %s", raw, what)
		return v, false
	}
	return v, true
}

// String decodes parameter name as one of the allowed strings, or any string
// when allowed is empty.
func (r *ParamReader) String(name string, allowed ...string) string {
	r.check(name)
	var v string
	r.Decode(name, &v)
	if r.err == nil && len(allowed) > 0 && !slices.Contains(allowed, v) {
		r.Fail(name, "%q is not one of %s", v, strings.Join(allowed, ", "))
	}
	return v
}

// Text returns parameter name as text: the string itself when the value is a
// JSON string, else the value as written (so file=123 reads as "123").
func (r *ParamReader) Text(name string) string {
	if r.err != nil {
		return ""
	}
	raw, ok := r.p[name]
	if !ok || string(raw) == "null" {
		r.Fail(name, "required, none given")
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// plainJSONError turns encoding/json's type errors into a short phrase.
func plainJSONError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("want %s, got a JSON %s", te.Type, te.Value)
	}
	return err
}

func specNames(specs []ParamSpec) string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
