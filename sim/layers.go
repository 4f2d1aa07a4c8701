package sim

import (
	"maps"
	"slices"
)

// Layers builds a parameter set from sources in order of precedence, each
// value remembering where it came from, so that an error names the file or
// the flag at fault: "map2p.json: max_cells_per_player: …" or
// "--param nb_turns: …".
type Layers struct {
	params Params
	origin map[string]string
}

// NewLayers returns an empty set.
func NewLayers() *Layers { return &Layers{params: Params{}, origin: map[string]string{}} }

// Set gives each key of values, overriding what earlier layers gave.
func (l *Layers) Set(origin string, values Params) {
	for _, k := range slices.Sorted(maps.Keys(values)) {
		l.params[k] = slices.Clone(values[k])
		l.origin[k] = origin
	}
}

// Replace drops every key of group that earlier layers gave, then sets
// values: a map file replaces the whole map.
func (l *Layers) Replace(origin string, group []string, values Params) {
	for _, k := range group {
		delete(l.params, k)
		delete(l.origin, k)
	}
	l.Set(origin, values)
}

// Params returns the values given so far (the defaults are Effective's).
func (l *Layers) Params() Params { return l.params }

// Origin returns where parameter name's value came from, if a layer gave it.
func (l *Layers) Origin(name string) (string, bool) {
	o, ok := l.origin[name]
	return o, ok
}

// Origins returns every given parameter's origin.
func (l *Layers) Origins() map[string]string { return maps.Clone(l.origin) }
