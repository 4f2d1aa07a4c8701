package golden

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Diff compares two JSON values field by field and returns one line per
// difference, in the order of the fields (objects by key, arrays by index):
//
//	players[1].money: 212 → 210
//	players[2]: (none) → {"money":5}
//
// A field that is missing on one side shows as (none). Numbers compare by
// their text, so 1 and 1.0 differ, as they would in a hash.
func Diff(want, got []byte) ([]string, error) {
	var a, b any
	if err := decode(want, &a); err != nil {
		return nil, fmt.Errorf("the first state: %w", err)
	}
	if err := decode(got, &b); err != nil {
		return nil, fmt.Errorf("the second state: %w", err)
	}
	var lines []string
	diff("", a, b, &lines)
	return lines, nil
}

// decode reads JSON keeping numbers as their text.
func decode(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

// none marks a side that lacks the field.
type none struct{}

func diff(path string, a, b any, lines *[]string) {
	switch x := a.(type) {
	case map[string]any:
		if y, ok := b.(map[string]any); ok {
			keys := make([]string, 0, len(x)+len(y))
			for k := range x {
				keys = append(keys, k)
			}
			for k := range y {
				if _, ok := x[k]; !ok {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				diff(join(path, k), orNone(x, k), orNone(y, k), lines)
			}
			return
		}
	case []any:
		// An array that is empty on one side differs as a whole.
		if y, ok := b.([]any); ok && (len(x) > 0) == (len(y) > 0) {
			for i := range max(len(x), len(y)) {
				var va, vb any = none{}, none{}
				if i < len(x) {
					va = x[i]
				}
				if i < len(y) {
					vb = y[i]
				}
				diff(path+"["+strconv.Itoa(i)+"]", va, vb, lines)
			}
			return
		}
	}
	if ta, tb := show(a), show(b); ta != tb {
		if path == "" {
			path = "(the whole state)"
		}
		*lines = append(*lines, path+": "+ta+" → "+tb)
	}
}

// orNone returns m[k], or none when m has no k.
func orNone(m map[string]any, k string) any {
	if v, ok := m[k]; ok {
		return v
	}
	return none{}
}

// join appends a key to a path: a.b.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// show writes a value as compact JSON.
func show(v any) string {
	if _, ok := v.(none); ok {
		return "(none)"
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
