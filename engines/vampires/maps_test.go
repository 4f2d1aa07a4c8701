package vampires

import (
	"errors"
	"fmt"
	"github.com/arenasim/arena/sim/simtest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// originalMaps is where the original map files are kept beside the
// repository; the tests that read them skip when it is absent.
const originalMaps = "../../../shared/data/vampires"

func TestShippedMapsLoad(t *testing.T) {
	names := ShippedMaps()
	require.Equal(t, []string{"duel", "large", "square", "trap"}, names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			m, err := LoadMap(name)
			require.NoError(t, err)
			require.Equal(t, name, m.Name)
			requireSound(t, m)
			// Every shipped map is point-symmetric: neither species has a
			// better board.
			mirror := func(c Cell) Cell { return Cell{m.Columns - 1 - c.X, m.Rows - 1 - c.Y} }
			require.Equal(t, m.Werewolves.Cell, mirror(m.Vampires.Cell))
			require.Equal(t, m.Werewolves.Count, m.Vampires.Count)
			humans := map[Cell]int{}
			for _, h := range m.Humans {
				humans[h.Cell] = h.Count
			}
			for _, h := range m.Humans {
				require.Equal(t, h.Count, humans[mirror(h.Cell)], "the village at %v has no twin", h.Cell)
			}
		})
	}
	m, err := LoadMap("large")
	require.NoError(t, err)
	require.Equal(t, 30, m.Rows)
	require.Equal(t, 30, m.Columns)
	require.GreaterOrEqual(t, len(m.Humans), 50, "the large map has many villages")
	m, err = LoadMap("square")
	require.NoError(t, err)
	require.Equal(t, 10, m.Rows)
	require.Equal(t, 10, m.Columns)
}

// requireSound checks what the loader promises: a grid within limits, every
// group on it with a count in 1..255, one group per cell.
func requireSound(t *testing.T, m *Map) {
	t.Helper()
	require.True(t, m.Rows >= 1 && m.Rows <= MaxSide && m.Columns >= 1 && m.Columns <= MaxSide)
	seen := map[Cell]bool{}
	for _, p := range append([]Placement{m.Vampires, m.Werewolves}, m.Humans...) {
		require.True(t, p.X >= 0 && p.X < m.Columns && p.Y >= 0 && p.Y < m.Rows, "%v", p)
		require.True(t, p.Count >= 1 && p.Count <= MaxCount, "%v", p)
		require.False(t, seen[p.Cell], "two groups on %v", p.Cell)
		seen[p.Cell] = true
	}
}

func TestOriginalMapsLoadUnchanged(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(originalMaps, "*.xml"))
	if len(files) == 0 {
		t.Skip("no original maps beside the repository")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := LoadMap(f)
			require.NoError(t, err)
			requireSound(t, m)
		})
	}
	m, err := LoadMap(filepath.Join(originalMaps, "thetrap.xml"))
	require.NoError(t, err)
	require.Equal(t, &Map{Name: m.Name, Rows: 5, Columns: 10,
		Humans:     []Placement{{Cell{2, 2}, 4}, {Cell{9, 0}, 2}, {Cell{9, 2}, 1}, {Cell{9, 4}, 2}},
		Vampires:   Placement{Cell{4, 3}, 4},
		Werewolves: Placement{Cell{4, 1}, 4},
		sum:        m.sum}, m)

	// And it plays: --param map=PATH.
	r := newRules(t, `{"map":"`+filepath.Join(originalMaps, "thetrap.xml")+`"}`)
	s := &State{}
	r.Init(s, nil)
	require.Empty(t, play(t, r, s, "MOV 4,3,4,3,2", nil))
}

func TestBadMapsAreRefused(t *testing.T) {
	const head = `<?xml version="1.0" encoding="utf-8" ?>` + "\n"
	for _, tc := range []struct {
		name string
		xml  string
		err  string
	}{
		{"missing vampires", `<Map Rows="3" Columns="3"><Werewolves X="0" Y="0" Count="2"/></Map>`, "bad.xml: missing species: no <Vampires> element"},
		{"missing werewolves", `<Map Rows="3" Columns="3"><Vampires X="0" Y="0" Count="2"/></Map>`, "bad.xml: missing species: no <Werewolves> element"},
		{"two vampire groups", "<Map Rows=\"3\" Columns=\"3\">\n<Vampires X=\"0\" Y=\"0\" Count=\"2\"/>\n<Vampires X=\"1\" Y=\"0\" Count=\"2\"/></Map>", "bad.xml: line 4: a second <Vampires> element (the first is on line 3)"},
		{"a cell off the grid", "<Map Rows=\"3\" Columns=\"4\">\n<Humans X=\"4\" Y=\"0\" Count=\"2\"/></Map>", "bad.xml: line 3: Humans cell (4,0) is off the 4-column, 3-row grid"},
		{"a negative coordinate", `<Map Rows="3" Columns="4"><Vampires X="1" Y="-1" Count="2"/></Map>`, "Vampires cell (1,-1) is off the 4-column, 3-row grid"},
		{"two groups on one cell", "<Map Rows=\"3\" Columns=\"3\">\n<Humans X=\"1\" Y=\"1\" Count=\"2\"/>\n<Werewolves X=\"1\" Y=\"1\" Count=\"2\"/></Map>", "bad.xml: line 4: two groups on cell (1,1) (the first is on line 3)"},
		{"a count of 0", `<Map Rows="3" Columns="3"><Humans X="1" Y="1" Count="0"/></Map>`, "Humans count 0 at (1,1) is out of range 1..255"},
		{"a count over 255", `<Map Rows="3" Columns="3"><Vampires X="1" Y="1" Count="256"/></Map>`, "Vampires count 256 at (1,1) is out of range 1..255"},
		{"a grid over 255", `<Map Rows="3" Columns="256"></Map>`, "grid Columns=256 is out of range 1..255"},
		{"a grid of 0 rows", `<Map Rows="0" Columns="5"></Map>`, "grid Rows=0 is out of range 1..255"},
		{"malformed XML", "<Map Rows=\"3\" Columns=\"3\">\n<Humans X=\"1\" Y=\"1\" Count=\"2\">\n</Map>", "bad.xml: line 4: malformed XML: element <Humans> closed by </Map>"},
		{"a file cut short", `<Map Rows="3" Columns="3"><Humans X="1" Y="1" Count="2"/>`, "malformed XML: unexpected EOF"},
		{"not XML", "Rows=3", "bad.xml: line 2: unexpected text \"Rows=3\""},
		{"an empty file", "", "bad.xml: no <Map> element"},
		{"another root", `<map Rows="3" Columns="3"></map>`, "the root element is <map>, want <Map>"},
		{"a misspelt element", `<Map Rows="3" Columns="3"><Human X="1" Y="1" Count="2"/></Map>`, "unknown element <Human> (want Humans, Vampires or Werewolves)"},
		{"a misspelt attribute", `<Map Rows="3" Columns="3"><Humans x="1" Y="1" Count="2"/></Map>`, `<Humans> has an unknown attribute "x" (want X, Y, Count)`},
		{"a missing attribute", `<Map Rows="3"></Map>`, "<Map> has no Columns attribute"},
		{"a non-numeric count", `<Map Rows="3" Columns="3"><Humans X="1" Y="1" Count="many"/></Map>`, `<Humans> attribute Count="many" is not a whole number`},
		{"a nested element", `<Map Rows="3" Columns="3"><Humans X="1" Y="1" Count="2"><Humans/></Humans></Map>`, "unexpected element <Humans> inside a group"},
		{"a second root", `<Map Rows="3" Columns="3"></Map><Map/>`, "a second root element <Map> after </Map>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMap("bad.xml", []byte(head+tc.xml))
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.err)
			require.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

func TestMapByteOrderMark(t *testing.T) {
	body := `<?xml version="1.0" encoding="utf-8" ?>` + "\r\n" + `<Map Columns="3" Rows="2"><Humans X="2" Y="1" Count="7"/><Werewolves X="0" Y="0" Count="1"/><Vampires X="1" Y="0" Count="3"/></Map>`
	plain, err := ParseMap("plain", []byte(body))
	require.NoError(t, err)
	bom, err := ParseMap("bom", append([]byte{0xef, 0xbb, 0xbf}, body...))
	require.NoError(t, err)
	plain.Name, plain.sum, bom.sum = "", [32]byte{}, [32]byte{}
	bom.Name = ""
	require.Equal(t, plain, bom)
	require.Equal(t, &Map{Rows: 2, Columns: 3, Humans: []Placement{{Cell{2, 1}, 7}},
		Vampires: Placement{Cell{1, 0}, 3}, Werewolves: Placement{Cell{0, 0}, 1}}, plain)
}

func TestMapParameter(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.xml")
	body := `<Map Rows="2" Columns="3"><Werewolves X="0" Y="0" Count="1"/><Vampires X="2" Y="1" Count="3"/></Map>`
	require.NoError(t, os.WriteFile(good, []byte(body), 0o644))
	r := newRules(t, `{"map":"`+good+`"}`)
	require.Equal(t, 3, r.Map.Columns)
	fp := r.Fingerprint()
	require.NotEqual(t, newRules(t, `{}`).Fingerprint(), fp)

	// The fingerprint follows the file's contents, not its name.
	require.NoError(t, os.WriteFile(good, []byte(strings.Replace(body, `Count="3"`, `Count="4"`, 1)), 0o644))
	require.NotEqual(t, fp, newRules(t, `{"map":"`+good+`"}`).Fingerprint())

	for _, tc := range []struct {
		value string
		err   string
	}{
		{`"dual"`, `param map: unknown map "dual" (shipped: duel, large, square, trap; or give the path of an XML map file)`},
		{`"` + filepath.Join(dir, "none.xml") + `"`, "param map: " + filepath.Join(dir, "none.xml") + ": no such file or directory"},
		{`"` + filepath.Join(dir, "bad.xml") + `"`, "param map: " + filepath.Join(dir, "bad.xml") + ": missing species: no <Werewolves> element"},
		{`"/dev/zero"`, "param map: /dev/zero: larger than 16777216 bytes"},
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.xml"), []byte(`<Map Rows="2" Columns="3"><Vampires X="2" Y="1" Count="3"/></Map>`), 0o644))
		p := sim.Params{"map": []byte(tc.value)}
		eff, err := sim.Effective(p, Params)
		if err == nil { // the spec refuses it, or else the constructor
			_, err = New(sim.Seats(eff), eff)
		}
		var pe *sim.ParamError
		require.True(t, errors.As(err, &pe), "a *sim.ParamError, for the CLI's exit 2: %v", err)
		require.Equal(t, "map", pe.Name)
		require.EqualError(t, err, tc.err)
	}
}

// TestLargestMapFitsTheCap writes the largest valid map — every cell of a
// 255×255 grid holds a group, one indented line each — and pads it to
// exactly sim.MaxMapBytes: it loads; one byte more is refused.
func TestLargestMapFitsTheCap(t *testing.T) {
	simtest.OneGoroutine(t)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8" ?>` + "\n" + `<Map Rows="255" Columns="255">` + "\n")
	for y := range MaxSide {
		for x := range MaxSide {
			kind := "Humans"
			switch {
			case x == 0 && y == 0:
				kind = "Vampires"
			case x == 1 && y == 0:
				kind = "Werewolves"
			}
			fmt.Fprintf(&b, "    <%s X=\"%d\" Y=\"%d\" Count=\"%d\"/>\n", kind, x, y, MaxCount)
		}
	}
	b.WriteString("</Map>\n")
	require.Less(t, b.Len(), sim.MaxMapBytes/4, "the cap leaves room")
	b.WriteString(strings.Repeat(" ", sim.MaxMapBytes-b.Len()))

	path := filepath.Join(t.TempDir(), "largest.xml")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	m, err := LoadMap(path)
	require.NoError(t, err)
	require.Len(t, m.Humans, MaxSide*MaxSide-2)

	require.NoError(t, os.WriteFile(path, []byte(b.String()+" "), 0o644))
	_, err = LoadMap(path)
	require.EqualError(t, err, path+": larger than 16777216 bytes")
}
