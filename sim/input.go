package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// Size caps of the files a user names. Each is far above any file of its
// kind that makes sense and far below what exhausts memory, so that
// `arena run /dev/zero` is one line of error rather than a crash.
const (
	// MaxScenarioBytes caps a scenario file. The shipped scenarios are
	// under 1 KiB; the largest parameter a scenario may carry (a list of
	// start cells, one per seat) is a few hundred bytes.
	MaxScenarioBytes = 1 << 20

	// MaxMapBytes caps a map file. The largest valid Vampires map, every
	// cell of a 255×255 grid holding a group, is about 2.6 MB written one
	// group per line; the cap leaves room for indentation and comments.
	MaxMapBytes = 16 << 20

	// MaxScriptBytes caps a script of actions, one per turn: millions of
	// Tron turns, or 100,000 Minibus turns (the game's own cap) of lines
	// of over 150 bytes each.
	MaxScriptBytes = 16 << 20

	// MaxSeedsBytes caps a file of seeds (arena run --seeds): a million
	// seeds of up to 20 digits.
	MaxSeedsBytes = 32 << 20
)

// ReadFile reads the user's file at path, refusing one of more than limit
// bytes (see MaxScenarioBytes and its siblings). It opens it with Open, so
// that a named pipe is refused rather than waited for, and reads through an
// io.LimitReader, so that a device or pipe that never ends (/dev/zero)
// costs at most limit bytes. Every error is one line that starts with the
// path and drops Go's operation name: "PATH: no such file or directory",
// "PATH: is a directory", "PATH: is a named pipe; name a file", "PATH:
// larger than N bytes".
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, bareError(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, bareError(err))
	case int64(len(data)) > limit:
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}

// bareError drops the operation and path of a *fs.PathError, which the
// caller names in its own words.
func bareError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// utf8BOM is the byte-order mark some editors (and some of the original
// Vampires maps) start a UTF-8 file with.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// TrimBOM returns data without a leading UTF-8 byte-order mark, which every
// reader of a user's text file accepts and ignores.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, utf8BOM) }

// DuplicateKeyError is a JSON object that has the same key twice, which
// encoding/json would silently read as the last of its values.
type DuplicateKeyError struct {
	Key    string // the repeated key
	In     string // the path of the object holding it, e.g. "params.starts[1]"; empty at the top level
	Offset int64  // the offset in the input just past the second occurrence
}

func (e *DuplicateKeyError) Error() string {
	if e.In == "" {
		return fmt.Sprintf("duplicate key %q", e.Key)
	}
	return fmt.Sprintf("duplicate key %q in %s", e.Key, e.In)
}

// CheckDuplicateKeys returns a *DuplicateKeyError for the first object key
// of data, at any depth, that its object already has. data should be
// valid JSON; a syntax error is returned as encoding/json reports it. The
// walk is a loop over json.Decoder.Token with a stack of its own, so deep
// nesting costs memory, not Go stack, and time in proportion to its length.
func CheckDuplicateKeys(data []byte) error {
	type level struct {
		keys    map[string]bool // nil for an array
		key     string          // the key of the value being read (objects)
		wantKey bool            // the next token is a key or '}' (objects)
		index   int             // of the value being read (arrays)
	}
	var stack []*level
	// done moves the innermost object or array past a value just read.
	done := func() {
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.keys != nil {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	// path spells where the innermost level is: "params.starts[1]".
	path := func() string {
		var b strings.Builder
		for i, l := range stack[:len(stack)-1] {
			switch {
			case l.keys == nil:
				b.WriteString("[" + strconv.Itoa(l.index) + "]")
			case i > 0:
				b.WriteString("." + l.key)
			default:
				b.WriteString(l.key)
			}
		}
		return b.String()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number too large for a float64 is the reader's to refuse, not a key's fault
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n := len(stack); n > 0 && stack[n-1].wantKey {
			top := stack[n-1]
			if key, ok := tok.(string); ok {
				if top.keys[key] {
					return &DuplicateKeyError{Key: key, In: path(), Offset: dec.InputOffset()}
				}
				top.keys[key], top.key, top.wantKey = true, key, false
				continue
			}
			// Not a key: the '}' that closes the object, handled below.
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &level{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
}

// MaxQuote is how much of a file's content an error message quotes: enough
// to find the place, never the file (a map given by mistake may be
// anybody's file).
const MaxQuote = 60

// Quote quotes text from a file for an error message: at most MaxQuote
// characters of it, with … after the quote when it is cut.
func Quote(text string) string {
	if r := []rune(text); len(r) > MaxQuote {
		return strconv.Quote(string(r[:MaxQuote])) + "…"
	}
	return strconv.Quote(text)
}
