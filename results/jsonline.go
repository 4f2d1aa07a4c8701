package results

import (
	"math"
	"strconv"
)

// appendPlainLine appends r's match line, newline included, written by
// hand: the bytes encoding/json writes for it (LineEncoder's), at a
// fraction of the cost, for the records nearly every run writes. It
// declines (ok false, dst unchanged) any record it cannot vouch for: one
// with faults, penalties, actions or an error, a string that needs an
// escape, a score JSON cannot hold. TestPlainLineIsEncodingJSONs compares the two on
// records of every kind.
func appendPlainLine(dst []byte, r *Record) (_ []byte, ok bool) {
	if len(r.Faults) > 0 || len(r.Penalties) > 0 || r.Actions != nil || r.Error != "" {
		return dst, false
	}
	for _, s := range [...]string{r.Game, r.Scenario, r.RulesHash, r.StateHash} {
		if !plainString(s) {
			return dst, false
		}
	}
	for _, s := range r.Bots {
		if !plainString(s) {
			return dst, false
		}
	}
	for _, f := range r.Scores {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return dst, false
		}
	}
	dst = append(dst, `{"type":"`+TypeMatch+`","format":`...)
	dst = strconv.AppendInt(dst, FormatVersion, 10)
	dst = append(dst, `,"match":`...)
	dst = strconv.AppendInt(dst, int64(r.Match), 10)
	dst = append(dst, `,"seed":`...)
	dst = strconv.AppendUint(dst, r.Seed, 10)
	dst = appendField(dst, `,"game":`, r.Game)
	dst = appendField(dst, `,"scenario":`, r.Scenario)
	dst = appendField(dst, `,"rules_hash":`, r.RulesHash)
	dst = append(dst, `,"bots":[`...)
	for i, s := range r.Bots {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, s...)
		dst = append(dst, '"')
	}
	dst = append(dst, `],"scores":[`...)
	for i, f := range r.Scores {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONFloat(dst, f)
	}
	dst = append(dst, `],"places":[`...)
	for i, p := range r.Places {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(p), 10)
	}
	dst = append(dst, `],"turns":`...)
	dst = strconv.AppendInt(dst, int64(r.Turns), 10)
	dst = append(dst, `,"faults":[]`...)
	dst = appendField(dst, `,"state_hash":`, r.StateHash)
	if r.Timed {
		dst = append(dst, `,"timed":true`...)
	}
	return append(dst, "}\n"...), true
}

// appendField appends a key and a plain string value.
func appendField(dst []byte, key, s string) []byte {
	dst = append(dst, key...)
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// plainString reports whether s is printable ASCII without a quote or a
// backslash: what JSON (encoding/json without HTML escaping) writes as is.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// appendJSONFloat appends f as encoding/json writes a float64: the
// shortest decimal that reads back as f, in exponent form below 1e-6 and
// from 1e21 on, the exponent without a leading zero.
func appendJSONFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}
