package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// A patch turns one JSON value into the next, so that a replay carries
// each turn's state as what changed since the turn before: a Tron trail
// gains a cell a turn, and a long game's trace would otherwise repeat it
// whole every turn. A patch is a JSON array whose first element says what
// it does (viewer.js applies them, in place):
//
//	[0, v]                 the value becomes v
//	[1, {k: patch…}, [k…]] an object: patch the keys given, delete those listed
//	[2, n, [[i, patch]…]]  an array: its length becomes n, then patch the indices given
//	[3, i, d, [v…]]        an array: remove d elements from index i, insert the values
//
// Diff picks, at every level, the shortest of the forms that fit.
const (
	opSet = iota
	opObject
	opIndex
	opSplice
)

// decodeJSON decodes data keeping numbers as their text, so that a value
// written back has the bytes it was read with.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// Diff returns the patch that turns a into b, or nil when they are equal.
func Diff(a, b any) any {
	if reflect.DeepEqual(a, b) {
		return nil
	}
	set := []any{opSet, b}
	best, size := any(set), encodedLen(set)
	try := func(p any) {
		if n := encodedLen(p); n < size {
			best, size = p, n
		}
	}
	switch a := a.(type) {
	case map[string]any:
		if b, ok := b.(map[string]any); ok {
			try(diffObject(a, b))
		}
	case []any:
		if b, ok := b.([]any); ok {
			try(diffIndex(a, b))
			try(diffSplice(a, b))
		}
	}
	return best
}

func diffObject(a, b map[string]any) any {
	keys := make(map[string]any)
	for k, vb := range b {
		va, ok := a[k]
		if !ok {
			keys[k] = []any{opSet, vb}
		} else if p := Diff(va, vb); p != nil {
			keys[k] = p
		}
	}
	var gone []string
	for k := range a {
		if _, ok := b[k]; !ok {
			gone = append(gone, k)
		}
	}
	slices.Sort(gone)
	if gone == nil {
		return []any{opObject, keys}
	}
	return []any{opObject, keys, gone}
}

func diffIndex(a, b []any) any {
	patches := []any{}
	for i, vb := range b {
		if i >= len(a) {
			patches = append(patches, []any{i, []any{opSet, vb}})
		} else if p := Diff(a[i], vb); p != nil {
			patches = append(patches, []any{i, p})
		}
	}
	return []any{opIndex, len(b), patches}
}

func diffSplice(a, b []any) any {
	p := 0
	for p < len(a) && p < len(b) && reflect.DeepEqual(a[p], b[p]) {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && reflect.DeepEqual(a[len(a)-1-q], b[len(b)-1-q]) {
		q++
	}
	return []any{opSplice, p, len(a) - p - q, slices.Clone(b[p : len(b)-q])}
}

func encodedLen(v any) int {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // values decoded from JSON always encode
	}
	return len(data)
}

// Apply returns v patched by p (the inverse of Diff; viewer.js does the
// same in the page). It may change v in place.
func Apply(v, p any) (any, error) {
	if p == nil {
		return v, nil
	}
	op, ok := p.([]any)
	if !ok || len(op) < 2 {
		return nil, fmt.Errorf("patch %v is no patch", p)
	}
	kind, err := intOf(op[0])
	if err != nil {
		return nil, err
	}
	switch kind {
	case opSet:
		return op[1], nil
	case opObject:
		obj, ok1 := v.(map[string]any)
		keys, ok2 := op[1].(map[string]any)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("object patch on %T", v)
		}
		for k, q := range keys {
			if obj[k], err = Apply(obj[k], q); err != nil {
				return nil, err
			}
		}
		if len(op) > 2 {
			for _, k := range op[2].([]any) {
				delete(obj, k.(string))
			}
		}
		return obj, nil
	case opIndex:
		arr, ok := v.([]any)
		if !ok || len(op) != 3 {
			return nil, fmt.Errorf("index patch on %T", v)
		}
		n, err := intOf(op[1])
		if err != nil {
			return nil, err
		}
		arr = append(arr[:min(n, len(arr))], make([]any, max(0, n-len(arr)))...)
		for _, e := range op[2].([]any) {
			pair := e.([]any)
			i, err := intOf(pair[0])
			if err != nil {
				return nil, err
			}
			if arr[i], err = Apply(arr[i], pair[1]); err != nil {
				return nil, err
			}
		}
		return arr, nil
	case opSplice:
		arr, ok := v.([]any)
		if !ok || len(op) != 4 {
			return nil, fmt.Errorf("splice patch on %T", v)
		}
		i, err1 := intOf(op[1])
		d, err2 := intOf(op[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("splice patch %v", op)
		}
		return slices.Concat(arr[:i], op[3].([]any), arr[i+d:]), nil
	}
	return nil, fmt.Errorf("unknown patch kind %d", kind)
}

func intOf(v any) (int, error) {
	switch n := v.(type) {
	case int:
		return n, nil
	case json.Number:
		i, err := n.Int64()
		return int(i), err
	case float64:
		return int(n), nil
	}
	return 0, fmt.Errorf("%v is no index", v)
}
