package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
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
	var tries []any
	switch a := a.(type) {
	case map[string]any:
		if b, ok := b.(map[string]any); ok {
			tries = append(tries, diffObject(a, b))
		}
	case []any:
		if b, ok := b.([]any); ok {
			tries = diffArray(a, b)
		}
	}
	set := []any{opSet, b}
	if len(tries) == 0 {
		return set
	}
	best, size := any(set), encodedLen(set)
	for _, p := range tries {
		if n := encodedLen(p); n < size {
			best, size = p, n
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

// diffArray returns the patches worth trying between two arrays: the
// splice of what lies between their common head and tail, and, when both
// sides changed there, the patch of each index that differs.
func diffArray(a, b []any) []any {
	p := 0
	for p < len(a) && p < len(b) && reflect.DeepEqual(a[p], b[p]) {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && reflect.DeepEqual(a[len(a)-1-q], b[len(b)-1-q]) {
		q++
	}
	splice := []any{opSplice, p, len(a) - p - q, slices.Clone(b[p : len(b)-q])}
	if len(a)-p-q == 0 || len(b)-p-q == 0 {
		return []any{splice} // only added or only removed: nothing is shorter
	}
	// Indices before p are equal; so are those after the common tail when
	// the lengths are equal (otherwise the tail moved).
	end := len(b)
	if len(a) == len(b) {
		end = len(b) - q
	}
	patches := []any{}
	for i := p; i < end; i++ {
		if i >= len(a) {
			patches = append(patches, []any{i, []any{opSet, b[i]}})
		} else if d := Diff(a[i], b[i]); d != nil {
			patches = append(patches, []any{i, d})
		}
	}
	return []any{splice, []any{opIndex, len(b), patches}}
}

// encodedLen returns the length of v's JSON, strings counted without
// their escapes: what Diff compares patches by.
func encodedLen(v any) int {
	switch v := v.(type) {
	case nil:
		return 4
	case bool:
		if v {
			return 4
		}
		return 5
	case json.Number:
		return len(v)
	case string:
		return len(v) + 2
	case int:
		return len(strconv.Itoa(v))
	case float64:
		return len(strconv.FormatFloat(v, 'g', -1, 64))
	case []any:
		n := 1 + len(v)
		for _, x := range v {
			n += encodedLen(x)
		}
		return max(n, 2)
	case []string:
		n := 1 + len(v)
		for _, x := range v {
			n += len(x) + 2
		}
		return max(n, 2)
	case map[string]any:
		n := 1 + len(v)
		for k, x := range v {
			n += len(k) + 3 + encodedLen(x)
		}
		return max(n, 2)
	}
	panic(fmt.Sprintf("report: %T in a JSON value", v)) // values decoded from JSON, and patches, are only these
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
