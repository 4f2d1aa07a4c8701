package external

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/arenasim/arena/sim"
)

// An external program's parameters are declared in its spec, one key a
// parameter: param.NAME=DEFAULT in MIN..MAX (a number: a whole number
// unless one of the three is written with a decimal point or an
// exponent), or param.NAME=DEFAULT in A|B|C (a list of words), with log
// after a range whose values span orders of magnitude. NAME=VALUE then
// gives the parameter a value, as an argument of arena's own bots does:
// the tuner moves it, and the bot's name shows it (mybot.py:aggr=3).
//
// A value reaches the program in the JSON protocol's start line
// ("bot_params"), and wherever {NAME} is written in args= or env=: the
// original protocols, which have no start line, take the last two only.

// declarePrefix begins the key of a parameter's declaration.
const declarePrefix = "param."

// identifier is what a parameter's name, and a template's, is made of.
var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// template is a parameter's place in args= or env=: {NAME}.
var template = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// envName is the name of an environment variable of env=.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// declaredBy returns the Declared of a wire bot whose own arguments are
// own: the parameters its spec declares, each after the argument that
// declares it.
func declaredBy(own []sim.ParamSpec) func(args sim.Params) ([]sim.ParamSpec, error) {
	return func(args sim.Params) ([]sim.ParamSpec, error) {
		var specs []sim.ParamSpec
		for _, key := range slices.Sorted(maps.Keys(args)) {
			name, ok := strings.CutPrefix(key, declarePrefix)
			if !ok {
				continue
			}
			text := textOf(args[key])
			if !identifier.MatchString(name) {
				return nil, fmt.Errorf("param %s: %q is no parameter's name (letters, digits and _, not first a digit)", key, name)
			}
			if slices.ContainsFunc(own, func(s sim.ParamSpec) bool { return s.Name == name }) {
				return nil, fmt.Errorf("param %s: %s is an argument of the bot itself: give the parameter another name", key, name)
			}
			spec, err := parseDeclaration(name, text)
			if err != nil {
				return nil, fmt.Errorf("param %s: %q: %v", key, text, err)
			}
			decl := sim.ParamSpec{Name: key, Kind: sim.KindText, Default: string(args[key]), Doc: "the declaration of " + name}
			specs = append(specs, decl, spec)
		}
		return specs, nil
	}
}

// parseDeclaration reads a parameter's declaration: DEFAULT in MIN..MAX
// [log], or DEFAULT in A|B|C.
func parseDeclaration(name, text string) (sim.ParamSpec, error) {
	f := strings.Fields(text)
	if len(f) < 3 || len(f) > 4 || f[1] != "in" || (len(f) == 4 && f[3] != "log") {
		return sim.ParamSpec{}, errors.New("not DEFAULT in MIN..MAX, DEFAULT in MIN..MAX log or DEFAULT in A|B|C")
	}
	def, rng, logScale := f[0], f[2], len(f) == 4
	doc := "a parameter of the program, declared in its spec"
	if lo, hi, ok := strings.Cut(rng, ".."); ok {
		spec := sim.ParamSpec{Name: name, Kind: sim.KindInt, Default: def, Doc: doc}
		if strings.ContainsAny(def+lo+hi, ".eE") {
			spec.Kind = sim.KindFloat
		}
		var err error
		if spec.Min, err = number(lo, spec.Kind); err != nil {
			return sim.ParamSpec{}, err
		}
		if spec.Max, err = number(hi, spec.Kind); err != nil {
			return sim.ParamSpec{}, err
		}
		v, err := number(def, spec.Kind)
		if err != nil {
			return sim.ParamSpec{}, err
		}
		switch {
		case spec.Min >= spec.Max:
			return sim.ParamSpec{}, fmt.Errorf("the range %s..%s is empty: its first end must be below its second", lo, hi)
		case v < spec.Min || v > spec.Max:
			return sim.ParamSpec{}, fmt.Errorf("the default %s is out of the range %s..%s", def, lo, hi)
		case logScale && spec.Min <= 0:
			return sim.ParamSpec{}, fmt.Errorf("a log scale starts above 0, not at %s", lo)
		}
		if logScale {
			spec.Scale = sim.ScaleLog
		}
		spec.Default = strconv.FormatFloat(v, 'g', -1, 64)
		return spec, nil
	}
	if logScale {
		return sim.ParamSpec{}, errors.New("log is for a range of numbers, not a list")
	}
	choices := strings.Split(rng, "|")
	for i, c := range choices {
		switch {
		case c == "":
			return sim.ParamSpec{}, fmt.Errorf("the list %s has an empty value", rng)
		case slices.Contains(choices[:i], c):
			return sim.ParamSpec{}, fmt.Errorf("the list %s has %s twice", rng, c)
		}
	}
	if len(choices) < 2 {
		return sim.ParamSpec{}, fmt.Errorf("%s is neither a range MIN..MAX nor a list A|B of two values or more", rng)
	}
	if !slices.Contains(choices, def) {
		return sim.ParamSpec{}, fmt.Errorf("the default %s is not in the list %s", def, rng)
	}
	return sim.ChoiceParam(name, def, choices, doc), nil
}

// number reads an end or a default of a range of the kind.
func number(text string, kind sim.ParamKind) (float64, error) {
	if kind == sim.KindInt {
		n, err := strconv.ParseInt(text, 10, 54)
		if err != nil {
			return 0, fmt.Errorf("%s is not a whole number", text)
		}
		return float64(n), nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s is not a number", text)
	}
	return v, nil
}

// textOf returns an argument's value as text: a string's characters, any
// other value as written.
func textOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// declaredNames returns the names of the parameters args declares, sorted.
func declaredNames(args sim.Params) []string {
	var names []string
	for _, key := range slices.Sorted(maps.Keys(args)) {
		if name, ok := strings.CutPrefix(key, declarePrefix); ok {
			names = append(names, name)
		}
	}
	return names
}

// valuesShown returns the values a spec gives its parameters, as the
// bot's name shows them after its own: ":aggr=3,space=0.5"; "" when it
// gives none.
func valuesShown(args sim.Params) string {
	var given []string
	for _, name := range declaredNames(args) {
		if raw, ok := args[name]; ok {
			given = append(given, name+"="+textOf(raw))
		}
	}
	if len(given) == 0 {
		return ""
	}
	return ":" + strings.Join(given, ",")
}

// Values are an external program's parameters with their values (every
// one, its default when the spec gives none), in the forms that take
// them.
type Values struct {
	// JSON is the start line's "bot_params"; nil when none is declared.
	JSON sim.Params
	// Args and Env are the program's arguments and the variables added
	// to its environment, each {NAME} replaced by its value.
	Args, Env []string
	// Templated says whether args= or env= name a parameter.
	Templated struct{ Args, Env bool }
}

// ValuesOf returns the values of the parameters of an external program's
// effective arguments args (every argument present, defaults filled in),
// and its arguments and environment with them. It refuses a template
// that names no declared parameter, and an env= entry that is not
// NAME=VALUE; with text, the original protocols, which have no start
// line, a parameter named by no template.
func ValuesOf(args sim.Params, text bool) (Values, error) {
	var v Values
	names := declaredNames(args)
	if len(names) > 0 {
		v.JSON = sim.Params{}
		for _, name := range names {
			v.JSON[name] = args[name]
		}
	}
	named := map[string]bool{}
	fill := func(arg, field string) (string, bool, error) {
		var missing string
		filled := template.ReplaceAllStringFunc(field, func(m string) string {
			name := m[1 : len(m)-1]
			raw, ok := v.JSON[name]
			if !ok {
				missing = name
				return m
			}
			named[name] = true
			return textOf(raw)
		})
		if missing != "" {
			known := "it declares none: param." + missing + "=DEFAULT in MIN..MAX declares one"
			if len(names) > 0 {
				known = "declared: " + strings.Join(names, ", ")
			}
			return "", false, fmt.Errorf("param %s: {%s} names no declared parameter (%s)", arg, missing, known)
		}
		return filled, filled != field, nil
	}
	for _, field := range strings.Fields(textOf(args["args"])) {
		filled, templated, err := fill("args", field)
		if err != nil {
			return Values{}, err
		}
		v.Args = append(v.Args, filled)
		v.Templated.Args = v.Templated.Args || templated
	}
	if raw, ok := args["env"]; ok && string(raw) != "null" {
		for _, field := range strings.Fields(textOf(raw)) {
			k, _, ok := strings.Cut(field, "=")
			if !ok || !envName.MatchString(k) {
				return Values{}, fmt.Errorf("param env: %q is not NAME=VALUE (variables are separated by spaces)", field)
			}
			filled, templated, err := fill("env", field)
			if err != nil {
				return Values{}, err
			}
			v.Env = append(v.Env, filled)
			v.Templated.Env = v.Templated.Env || templated
		}
	}
	if text {
		for _, name := range names {
			if !named[name] {
				return Values{}, fmt.Errorf("param param.%s: the original protocol has no start line to carry it: write {%s} in args= or env=", name, name)
			}
		}
	}
	return v, nil
}
