package sim

import (
	"encoding/json"
	"fmt"
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

// ParamValue is one value given on the command line (--param key=value).
type ParamValue struct {
	Key   string
	Value json.RawMessage
}

// LayerParams stacks a scenario's parameters (source names it in errors)
// and the command line's, in order of precedence: a map file the scenario
// names, the scenario's keys, a map file given on the command line (which
// replaces every map key of the scenario), then the other command-line
// keys. Without map files (m nil), "map" is an ordinary key.
func LayerParams(source string, own Params, m *MapLayer, flags []ParamValue) (*Layers, error) {
	layers := NewLayers()
	own = own.Clone()
	type mapFile struct {
		path   string
		values Params
	}
	var fromFlags []mapFile
	if m != nil {
		if raw, ok := own[m.Param]; ok {
			delete(own, m.Param)
			path, values, err := loadMap(m, raw)
			if err != nil {
				return nil, fmt.Errorf("%s: key params: %s: %w", source, m.Param, err)
			}
			layers.Set(path, values)
		}
		for _, f := range flags {
			if f.Key == m.Param {
				path, values, err := loadMap(m, f.Value)
				if err != nil {
					return nil, fmt.Errorf("--param %s: %w", m.Param, err)
				}
				fromFlags = append(fromFlags, mapFile{path, values})
			}
		}
	}
	layers.Set(source, own)
	for _, mf := range fromFlags {
		layers.Replace(mf.path, m.Keys, mf.values)
	}
	for _, f := range flags {
		if m == nil || f.Key != m.Param {
			layers.Set("--param "+f.Key, Params{f.Key: f.Value})
		}
	}
	return layers, nil
}

// loadMap reads the map file a map parameter's value names.
func loadMap(m *MapLayer, raw json.RawMessage) (string, Params, error) {
	var path string
	if err := json.Unmarshal(raw, &path); err != nil || path == "" {
		return "", nil, fmt.Errorf("%s is not the path of a map file", raw)
	}
	values, err := m.Load(path)
	return path, values, err
}
