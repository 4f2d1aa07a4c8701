package sim

import (
	"fmt"
	"strings"
)

// BotSpec names a bot and its arguments: `NAME` or `NAME:key=value,key=value`.
type BotSpec struct {
	Name string
	Args Params // each value read as JSON when it parses, else as a string
	text string
}

// ParseBotSpec reads a bot spec.
func ParseBotSpec(text string) (BotSpec, error) {
	name, rest, hasArgs := strings.Cut(strings.TrimSpace(text), ":")
	spec := BotSpec{Name: strings.TrimSpace(name), Args: Params{}, text: strings.TrimSpace(text)}
	if spec.Name == "" {
		return BotSpec{}, fmt.Errorf("bot spec %q: no bot name", text)
	}
	if !hasArgs {
		return spec, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return BotSpec{}, fmt.Errorf("bot spec %q: argument %q is not key=value", text, kv)
		}
		if _, dup := spec.Args[k]; dup {
			return BotSpec{}, fmt.Errorf("bot spec %q: argument %q given twice", text, k)
		}
		spec.Args[k] = ParseParamValue(strings.TrimSpace(v))
	}
	return spec, nil
}

// String returns the spec as it was written, without surrounding spaces.
func (s BotSpec) String() string {
	if s.text == "" {
		return s.Name
	}
	return s.text
}

// EntrantNames names the entrants of a run from their specs: each spec as
// written, and a repeated spec as NAME#2, NAME#3… in order of appearance.
func EntrantNames(specs []BotSpec) []string {
	names := make([]string, len(specs))
	seen := map[string]int{}
	for i, s := range specs {
		base := s.String()
		seen[base]++
		names[i] = base
		if n := seen[base]; n > 1 {
			names[i] = fmt.Sprintf("%s#%d", base, n)
		}
	}
	return names
}
