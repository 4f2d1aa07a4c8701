package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/arenasim/arena/sim"
)

// maxLine bounds one line of a results file; a record with many long fault
// messages can pass bufio.Scanner's 64 KiB default.
const maxLine = 64 << 20

// Writer writes a results file: a header line, then one line per match.
// Every line goes to the underlying writer in a single Write call, so a run
// killed between two calls leaves only whole lines; wrap a file in a
// bufio.Writer for speed and flush it.
type Writer struct {
	enc *json.Encoder
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // fault messages stay readable: "<nil>", not "\u003cnil\u003e"
	return &Writer{enc: enc}
}

// WriteHeader writes the header line, filling in its Type and Format.
func (w *Writer) WriteHeader(h *Header) error {
	c := *h
	c.Type, c.Format = TypeHeader, FormatVersion
	if c.Bots == nil {
		c.Bots = []string{}
	}
	return w.enc.Encode(&c)
}

// WriteRecord writes one match line, filling in its Type and Format. Empty
// lists are written as [] rather than null, for readers in other languages.
func (w *Writer) WriteRecord(r *Record) error {
	c := matchLine(r)
	return w.enc.Encode(&c)
}

// matchLine returns the record as its line holds it.
func matchLine(r *Record) Record {
	c := *r
	c.Type, c.Format = TypeMatch, FormatVersion
	if c.Bots == nil {
		c.Bots = []string{}
	}
	if c.Scores == nil {
		c.Scores = []float64{}
	}
	if c.Places == nil {
		c.Places = []int{}
	}
	if c.Faults == nil {
		c.Faults = []sim.Fault{}
	}
	return c
}

// LineEncoder encodes match records into lines, the same bytes as
// Writer.WriteRecord writes, for a worker to encode its own records. It is
// not safe for concurrent use: one per goroutine.
type LineEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
	rec Record // the line being encoded: here, not on the heap each time
}

// NewLineEncoder returns an encoder.
func NewLineEncoder() *LineEncoder {
	e := &LineEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}

// AppendRecord appends r's line, newline included, to dst.
func (e *LineEncoder) AppendRecord(dst []byte, r *Record) ([]byte, error) {
	if out, ok := appendPlainLine(dst, r); ok {
		return out, nil
	}
	e.buf.Reset()
	e.rec = matchLine(r)
	err := e.enc.Encode(&e.rec)
	e.rec = Record{} // keeps nothing of r
	if err != nil {
		return dst, err
	}
	return append(dst, e.buf.Bytes()...), nil
}

// LineError is an error in one line of a results file.
type LineError struct {
	Name string // the file name, or what the reader was called
	Line int    // from 1
	Err  error
}

// Error returns "name:line: err", the form editors and compilers use.
func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *LineError) Unwrap() error { return e.Err }

// Reader reads a results file line by line; blank lines are skipped.
type Reader struct {
	sc     *bufio.Scanner
	name   string
	line   int
	header Header
}

// NewReader reads and checks the header line of r; name is used in error
// messages (usually the file's path).
func NewReader(r io.Reader, name string) (*Reader, error) {
	rd := &Reader{sc: bufio.NewScanner(r), name: name}
	rd.sc.Buffer(nil, maxLine)
	line, err := rd.next()
	if err == io.EOF {
		return nil, &LineError{name, 1, errors.New("empty file: no header line")}
	}
	if err != nil {
		return nil, err
	}
	// A byte-order mark, as some editors write one, is read past, as in
	// every other file arena reads.
	line = sim.TrimBOM(line)
	var kind struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &kind); err != nil {
		return nil, rd.fail(JSONError(err))
	}
	if kind.Type != TypeHeader {
		return nil, rd.fail(notRecords(kind.Type))
	}
	if err := json.Unmarshal(line, &rd.header); err != nil {
		return nil, rd.fail(JSONError(err))
	}
	if err := rd.header.Check(); err != nil {
		return nil, rd.fail(err)
	}
	if err := checkFormat(rd.header.Format); err != nil {
		return nil, rd.fail(err)
	}
	return rd, nil
}

// Header returns the header line.
func (r *Reader) Header() Header { return r.header }

// Read reads the next match line into rec, reusing its slices, the
// penalties of a file written before they had their own field upgraded
// (upgradePenalties). It returns io.EOF after the last line.
func (r *Reader) Read(rec *Record) error {
	line, err := r.next()
	if err != nil {
		return err
	}
	*rec = Record{Bots: rec.Bots[:0], Scores: rec.Scores[:0], Places: rec.Places[:0], Faults: rec.Faults[:0], Penalties: rec.Penalties[:0]}
	if err := json.Unmarshal(line, rec); err != nil {
		return r.fail(JSONError(err))
	}
	if rec.Type != TypeMatch {
		return r.fail(fmt.Errorf("type %q, want %q", rec.Type, TypeMatch))
	}
	if err := checkFormat(rec.Format); err != nil {
		return r.fail(err)
	}
	upgradePenalties(rec)
	return nil
}

// next returns the next non-blank line, valid until the next call.
func (r *Reader) next() ([]byte, error) {
	for r.sc.Scan() {
		r.line++
		if line := r.sc.Bytes(); len(bytes.TrimSpace(line)) > 0 {
			return line, nil
		}
	}
	if err := r.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than %d bytes: not a results file", maxLine)
		}
		return nil, &LineError{r.name, r.line + 1, err}
	}
	return nil, io.EOF
}

func (r *Reader) fail(err error) error { return &LineError{r.name, r.line, err} }

// Fail returns err as the error of the line last read.
func (r *Reader) Fail(err error) error { return r.fail(err) }

func checkFormat(v int) error {
	if v < 1 || v > FormatVersion {
		return fmt.Errorf("format %d is not one this arena reads (1..%d)", v, FormatVersion)
	}
	return nil
}

// ReadFile reads the results file at path: it returns the header and calls
// each for every match record in file order. The record is reused from call
// to call, so memory stays flat; each must copy what it keeps. An error from
// each stops the reading and is returned as a *LineError naming the line.
func ReadFile(path string, each func(*Record) error) (Header, error) {
	f, err := sim.Open(path)
	if err != nil {
		return Header{}, err
	}
	defer f.Close()
	r, err := NewReader(f, path)
	if err != nil {
		return Header{}, err
	}
	var rec Record
	for {
		switch err := r.Read(&rec); {
		case err == io.EOF:
			return r.header, nil
		case err != nil:
			return r.header, err
		}
		if err := each(&rec); err != nil {
			return r.header, r.fail(err)
		}
	}
}
