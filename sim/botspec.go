package sim

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// BotSpec names a bot and its arguments: `NAME` or `NAME:key=value,key=value`.
type BotSpec struct {
	Name  string
	Args  Params // each value read by ParseParamValue
	text  string
	shown string // text with its URLs' passwords hidden; "": text
}

// ParseBotSpec reads a bot spec. A name may carry the suffix an entrant
// name has (stupid#2, as in records and tables): it is dropped, so that a
// record's bots can be given back to `arena play` as they are.
func ParseBotSpec(text string) (BotSpec, error) {
	text = stripEntrantSuffix(strings.TrimSpace(text))
	name, rest, hasArgs := strings.Cut(text, ":")
	spec := BotSpec{Name: strings.TrimSpace(name), Args: Params{}, text: text}
	if spec.Name == "" {
		return BotSpec{}, fmt.Errorf("bot spec %q: no bot name", text)
	}
	if !hasArgs {
		return spec, nil
	}
	var redacted map[string]string // argument as written → as shown
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return BotSpec{}, fmt.Errorf("bot spec %q: argument %q is not key=value", text, kv)
		}
		if _, dup := spec.Args[k]; dup {
			return BotSpec{}, fmt.Errorf("bot spec %q: argument %q given twice", text, k)
		}
		val, err := ParseParamValue(strings.TrimSpace(v))
		if err != nil {
			return BotSpec{}, fmt.Errorf("bot spec %q: argument %s: %w", text, k, err)
		}
		spec.Args[k] = val
		if u, ok := urlWithPassword(val); ok {
			if redacted == nil {
				redacted = map[string]string{}
			}
			redacted[kv] = k + "=" + u.Redacted()
		}
	}
	if len(redacted) > 0 {
		var b strings.Builder
		b.WriteString(text[:len(text)-len(rest)])
		for i, kv := range strings.Split(rest, ",") {
			if i > 0 {
				b.WriteByte(',')
			}
			if r, ok := redacted[kv]; ok {
				kv = r
			}
			b.WriteString(kv)
		}
		spec.shown = b.String()
	}
	return spec, nil
}

// urlWithPassword returns an argument's value read as a URL, when it is
// one that holds a password.
func urlWithPassword(val json.RawMessage) (*url.URL, bool) {
	var text string
	if json.Unmarshal(val, &text) != nil || !strings.Contains(text, "@") {
		return nil, false
	}
	u, err := url.Parse(strings.TrimSpace(text))
	if err != nil || u.User == nil {
		return nil, false
	}
	_, ok := u.User.Password()
	return u, ok
}

// String returns the spec as it was written, without surrounding spaces.
func (s BotSpec) String() string {
	if s.text == "" {
		return s.Name
	}
	return s.text
}

// Shown returns the spec as it is shown in tables, records and pages: as
// written, but that the password of a URL among its arguments is hidden
// (http:url=http://user:xxxxx@host/…, as net/url's Redacted writes it).
// The bot itself is given the URL whole.
func (s BotSpec) Shown() string {
	if s.shown == "" {
		return s.String()
	}
	return s.shown
}

// stripEntrantSuffix drops a trailing #N (N digits) from a spec.
func stripEntrantSuffix(text string) string {
	i := strings.LastIndexByte(text, '#')
	if i <= 0 || i == len(text)-1 {
		return text
	}
	for _, c := range text[i+1:] {
		if c < '0' || c > '9' {
			return text
		}
	}
	return text[:i]
}

// EntrantNames names the entrants of a run from their specs: each spec as
// shown (Shown: a URL's password hidden), or its name= argument when it
// has one (an external program: exec:cmd=./bot,name=mine is "mine"), and
// a repeated name as NAME#2, NAME#3… in order of appearance.
func EntrantNames(specs []BotSpec) []string { return entrantNames(specs, nil) }

// MaxEntrants bounds the bots of a run: every rating keeps a count for
// each pair of entrants (1,024² pairs are a few megabytes; 20,000 bots
// made a plan of 12 GB before the first match).
const MaxEntrants = 1 << 10

// entrantNames is EntrantNames where label, when it gives a name, names a
// spec (a wire bot's Label, which reads its name= itself).
func entrantNames(specs []BotSpec, label func(BotSpec) string) []string {
	names := make([]string, len(specs))
	used := map[string]bool{}
	next := map[string]int{} // per base, the number to try first: every one below it is taken
	for i, s := range specs {
		base := s.Shown()
		var labelled string
		if label != nil {
			labelled = strings.TrimSpace(label(s))
		}
		var given string
		switch {
		case labelled != "":
			base = labelled // it reads name= itself
		case s.Args["name"] != nil && json.Unmarshal(s.Args["name"], &given) == nil && strings.TrimSpace(given) != "":
			base = strings.TrimSpace(given)
		}
		name := base
		if used[name] {
			n := max(next[base], 2)
			for name = fmt.Sprintf("%s#%d", base, n); used[name]; name = fmt.Sprintf("%s#%d", base, n) {
				n++
			}
			next[base] = n + 1
		}
		used[name] = true
		names[i] = name
	}
	return names
}
