package vampires

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/arenasim/arena/sim"
)

// MaxSide is the largest number of rows or columns of a grid, and MaxCount
// the largest count of a map's group: both must fit the original
// protocol's single bytes (rule sheet, "Board").
const (
	MaxSide  = 255
	MaxCount = 255
)

//go:embed maps/*.xml
var shippedMaps embed.FS

// Placement is a group of a map: Count individuals on a cell.
type Placement struct {
	Cell
	Count int
}

// Map is a starting position in the original XML format (rule sheet,
// "Board"): the grid's size, any number of human groups, and the one start
// group of each species.
type Map struct {
	Name       string // the shipped map's name, or the file's path
	Rows       int
	Columns    int
	Humans     []Placement // in the file's order
	Vampires   Placement
	Werewolves Placement
	sum        [sha256.Size]byte // of the file's bytes, for the rules hash
}

// ShippedMaps returns the names of the maps shipped with the engine,
// sorted: the values the map parameter accepts besides a file path.
func ShippedMaps() []string {
	entries, _ := fs.ReadDir(shippedMaps, "maps")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".xml"))
	}
	slices.Sort(names)
	return names
}

// LoadMap returns the shipped map called name, or else reads the XML file
// at that path, of at most sim.MaxMapBytes. A name without a slash or an
// .xml suffix that names no shipped map is refused rather than looked for
// on disk, so that a typo says which maps exist.
func LoadMap(name string) (*Map, error) {
	if slices.Contains(ShippedMaps(), name) {
		data, err := shippedMaps.ReadFile("maps/" + name + ".xml")
		if err != nil {
			return nil, err
		}
		return ParseMap(name, data)
	}
	if !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".xml") {
		return nil, fmt.Errorf("unknown map %q (shipped: %s; or give the path of an XML map file)", name, strings.Join(ShippedMaps(), ", "))
	}
	data, err := sim.ReadFile(name, sim.MaxMapBytes)
	if err != nil {
		return nil, err
	}
	return ParseMap(name, data)
}

// Fingerprint returns a hash of the map file's bytes, so that an edited
// file never passes for the old one.
func (m *Map) Fingerprint() string { return "map:" + hex.EncodeToString(m.sum[:12]) }

// ParseMap reads a map in the original XML format (rule sheet, "Board"):
//
//	<Map Rows="5" Columns="10"><Humans X="2" Y="2" Count="4"/>…
//	  <Vampires X="4" Y="3" Count="4"/><Werewolves X="4" Y="1" Count="4"/></Map>
//
// Element and attribute names are case-sensitive, as the original server's
// were. The file may start with a UTF-8 byte-order mark. name is used in
// error messages, which are one line naming the problem and, where there is
// one, its line.
func ParseMap(name string, data []byte) (*Map, error) {
	m := &Map{Name: name, sum: sha256.Sum256(data)}
	p := mapParser{m: m, dec: xml.NewDecoder(bytes.NewReader(sim.TrimBOM(data)))}
	if err := p.parse(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// mapParser walks the tokens of a map file.
type mapParser struct {
	m         *Map
	dec       *xml.Decoder
	rootDone  bool
	vampLine  int // the line of the Vampires element, 0 if none yet
	wolfLine  int
	cellLines map[Cell]int // the line of the group on each cell
}

// lineError is a problem found at a line of the file.
func (p *mapParser) lineError(format string, args ...any) error {
	line, _ := p.dec.InputPos()
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

func (p *mapParser) parse() error {
	depth := 0
	for {
		tok, err := p.dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return fmt.Errorf("line %d: malformed XML: %s", se.Line, se.Msg)
			}
			return fmt.Errorf("malformed XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := p.start(t, depth); err != nil {
				return err
			}
			depth++
		case xml.EndElement:
			depth--
			if depth == 0 {
				p.rootDone = true
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return p.lineError("unexpected text %s", sim.Quote(strings.TrimSpace(string(t))))
			}
		}
	}
	switch {
	case !p.rootDone:
		return errors.New("no <Map> element")
	case p.vampLine == 0:
		return errors.New("missing species: no <Vampires> element")
	case p.wolfLine == 0:
		return errors.New("missing species: no <Werewolves> element")
	}
	return nil
}

// start reads an element that opens at the given depth.
func (p *mapParser) start(t xml.StartElement, depth int) error {
	switch {
	case depth == 0 && p.rootDone:
		return p.lineError("a second root element <%s> after </Map>", t.Name.Local)
	case depth == 0 && t.Name.Local != "Map":
		return p.lineError("the root element is <%s>, want <Map>", t.Name.Local)
	case depth == 0:
		a, err := p.attrs(t, "Rows", "Columns")
		if err != nil {
			return err
		}
		for i, name := range []string{"Rows", "Columns"} {
			if a[i] < 1 || a[i] > MaxSide {
				return p.lineError("grid %s=%d is out of range 1..%d", name, a[i], MaxSide)
			}
		}
		p.m.Rows, p.m.Columns = a[0], a[1]
		p.cellLines = map[Cell]int{}
		return nil
	case depth > 1:
		return p.lineError("unexpected element <%s> inside a group", t.Name.Local)
	}
	line, _ := p.dec.InputPos()
	var dst *Placement
	switch t.Name.Local {
	case "Humans":
		p.m.Humans = append(p.m.Humans, Placement{})
		dst = &p.m.Humans[len(p.m.Humans)-1]
	case "Vampires", "Werewolves":
		seen := &p.vampLine
		dst = &p.m.Vampires
		if t.Name.Local == "Werewolves" {
			seen, dst = &p.wolfLine, &p.m.Werewolves
		}
		if *seen != 0 {
			return p.lineError("a second <%s> element (the first is on line %d): a species has one start group", t.Name.Local, *seen)
		}
		*seen = line
	default:
		return p.lineError("unknown element <%s> (want Humans, Vampires or Werewolves)", t.Name.Local)
	}
	a, err := p.attrs(t, "X", "Y", "Count")
	if err != nil {
		return err
	}
	c := Cell{a[0], a[1]}
	if c.X < 0 || c.X >= p.m.Columns || c.Y < 0 || c.Y >= p.m.Rows {
		return p.lineError("%s cell (%d,%d) is off the %d-column, %d-row grid", t.Name.Local, c.X, c.Y, p.m.Columns, p.m.Rows)
	}
	if a[2] < 1 || a[2] > MaxCount {
		return p.lineError("%s count %d at (%d,%d) is out of range 1..%d", t.Name.Local, a[2], c.X, c.Y, MaxCount)
	}
	if first, dup := p.cellLines[c]; dup {
		return p.lineError("two groups on cell (%d,%d) (the first is on line %d)", c.X, c.Y, first)
	}
	p.cellLines[c] = line
	*dst = Placement{Cell: c, Count: a[2]}
	return nil
}

// attrs reads the whole-number attributes of t, which must be exactly the
// names given, each once.
func (p *mapParser) attrs(t xml.StartElement, names ...string) ([]int, error) {
	vals := make([]int, len(names))
	seen := make([]bool, len(names))
	for _, a := range t.Attr {
		i := slices.Index(names, a.Name.Local)
		if i < 0 || a.Name.Space != "" {
			return nil, p.lineError("<%s> has an unknown attribute %s (want %s)", t.Name.Local, sim.Quote(a.Name.Local), strings.Join(names, ", "))
		}
		if seen[i] {
			return nil, p.lineError("<%s> has attribute %s twice", t.Name.Local, a.Name.Local)
		}
		n, err := strconv.Atoi(strings.TrimSpace(a.Value))
		if err != nil {
			return nil, p.lineError("<%s> attribute %s=%s is not a whole number", t.Name.Local, a.Name.Local, sim.Quote(a.Value))
		}
		vals[i], seen[i] = n, true
	}
	for i, ok := range seen {
		if !ok {
			return nil, p.lineError("<%s> has no %s attribute", t.Name.Local, names[i])
		}
	}
	return vals, nil
}
