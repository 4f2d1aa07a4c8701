package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// notRecords says what a file is when its first line is no results header:
// another of arena's files, with the command that reads it, or none.
func notRecords(kind string) error {
	switch kind {
	case "tune":
		return errors.New("this is the file of a tuning run (arena tune --out), not a run's records: arena report draws its page, arena tune --resume continues it")
	case "golden":
		return errors.New("this is a golden trace (arena golden record), not a run's records: arena golden check replays it, arena report --traces shows it")
	case TypeMatch:
		return errors.New("the first line is a match record: the file has lost its header line")
	case "":
		return errors.New("not a results file: its first line has no \"type\" (a match trace of arena play --trace? arena report --traces reads those)")
	}
	return fmt.Errorf("not a results file: its first line's type is %q, want %q", kind, TypeHeader)
}

// JSONError says what is wrong with a line of JSON in the user's words
// (the field, what it holds, what it should), not encoding/json's Go types.
func JSONError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return fmt.Errorf("the line is %s, want %s", a(te.Value), jsonKind(te.Type))
		}
		return fmt.Errorf("field %q is %s, want %s", field, a(te.Value), jsonKind(te.Type))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	}
	return err
}

// a puts the article before a JSON value's kind: an array, a string.
func a(kind string) string {
	switch {
	case kind == "":
		return "a value"
	case strings.HasPrefix(kind, "number "):
		return "the number " + strings.TrimPrefix(kind, "number ")
	case strings.ContainsAny(kind[:1], "aeiou"):
		return "an " + kind
	}
	return "a " + kind
}

// jsonKind names what JSON a Go type reads.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "a string or a value" // raw JSON
		}
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number from 0 up"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another value"
}
