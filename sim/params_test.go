package sim_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

var specs = []sim.ParamSpec{
	{Name: "width", Default: "100"},
	{Name: "mode", Default: `"fast"`},
	{Name: "starts", Default: "null"},
}

func TestParseParamValue(t *testing.T) {
	for in, want := range map[string]string{
		"5":               "5",
		"[[1, 2], [3,2]]": "[[1,2],[3,2]]",
		" [1] ":           "[1]",
		"true":            "true",
		"classic":         `"classic"`,
		" spaced ":        `" spaced "`,
		`"quoted"`:        `"quoted"`,
		`""`:              `""`,
		"maps/x.xml":      `"maps/x.xml"`,
		"12x":             `"12x"`,
		`{"a":{"b":1}}`:   `{"a":{"b":1}}`,
		"1e400":           "1e400", // too large for a float64: the parameter's check says so
	} {
		got, err := sim.ParseParamValue(in)
		require.NoError(t, err, in)
		require.Equal(t, want, string(got), in)
	}
}

func TestParseParamValueRefusesMalformedJSONAndEmptyValues(t *testing.T) {
	for in, want := range map[string]string{
		"[[1,2]":                  "[[1,2] is malformed JSON: unexpected end of JSON input",
		"{oops":                   "{oops is malformed JSON: invalid character 'o' looking for beginning of object key string",
		` "unterminated`:          `"unterminated is malformed JSON: unexpected end of JSON input`,
		"[1,2]x":                  "[1,2]x is malformed JSON: invalid character 'x' after top-level value",
		"":                        `empty value (write "" for an empty string)`,
		"  ":                      `empty value (write "" for an empty string)`,
		`{"a":1,"a":2}`:           `{"a":1,"a":2}: duplicate key "a"`,
		`[{"x":1},{"x":1,"x":2}]`: `[{"x":1},{"x":1,"x":2}]: duplicate key "x" in [1]`,
	} {
		_, err := sim.ParseParamValue(in)
		require.EqualError(t, err, want, in)
	}
}

func TestEffectiveFillsDefaultsAndRefusesUnknownNames(t *testing.T) {
	eff, err := sim.Effective(sim.Params{"width": json.RawMessage(" 7 ")}, specs)
	require.NoError(t, err)
	require.Equal(t, `{"mode":"fast","starts":null,"width":7}`, string(eff.Canonical()))

	_, err = sim.Effective(sim.Params{"height": json.RawMessage("7")}, specs)
	require.EqualError(t, err, "param height: unknown parameter (known: width, mode, starts)")
	var pe *sim.ParamError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "height", pe.Name)
}

func TestRulesHashDependsOnEverything(t *testing.T) {
	a, _ := sim.Effective(sim.Params{}, specs)
	b, _ := sim.Effective(sim.Params{"width": json.RawMessage("100")}, specs)
	c, _ := sim.Effective(sim.Params{"width": json.RawMessage("99")}, specs)
	require.Equal(t, sim.RulesHash("g", "1", a, ""), sim.RulesHash("g", "1", b, ""), "a default given explicitly is the same rules")
	require.NotEqual(t, sim.RulesHash("g", "1", a, ""), sim.RulesHash("g", "1", c, ""))
	require.NotEqual(t, sim.RulesHash("g", "1", a, ""), sim.RulesHash("g", "2", a, ""))
	require.NotEqual(t, sim.RulesHash("g", "1", a, ""), sim.RulesHash("h", "1", a, ""))
	require.NotEqual(t, sim.RulesHash("g", "1", a, ""), sim.RulesHash("g", "1", a, "map-v2"), "the engine's fingerprint counts")
	require.Len(t, sim.RulesHash("g", "1", a, ""), 16)
}

func TestParamReader(t *testing.T) {
	p := sim.Params{
		"n": json.RawMessage("5"), "big": json.RawMessage("5000"), "frac": json.RawMessage("2.5"),
		"word": json.RawMessage(`"slow"`), "num": json.RawMessage("123"), "pts": json.RawMessage("[[1,2],[3,4]]"), "half": json.RawMessage("2.5"),
	}
	specs := []sim.ParamSpec{
		sim.IntParam("n", 1, 1, 10, ""), sim.IntParam("big", 1, 1, 10, ""), sim.FloatParam("frac", "0", 0, 1, ""),
		sim.ChoiceParam("word", "fast", []string{"fast", "faster"}, ""), sim.IntParam("int", 1, 1, 10, ""),
		{Name: "pts", Kind: sim.KindPoints},
	}
	r := sim.NewParamReader(p, nil) // no specs: decoding only
	require.Equal(t, 5, r.Int("n"))
	require.Equal(t, "slow", r.String("word"))
	require.Equal(t, "123", r.Text("num"))
	require.Equal(t, 2.5, r.Float("frac"))
	require.Equal(t, 5.0, r.Float("n"))
	require.Equal(t, [][2]int{{1, 2}, {3, 4}}, r.Points("pts"))
	require.NoError(t, r.Err())

	for _, tc := range []struct {
		read func(r *sim.ParamReader)
		want string
	}{
		{func(r *sim.ParamReader) { r.Int("big") }, "param big: 5000 is out of range 1..10"},
		{func(r *sim.ParamReader) { r.Int("half") }, "param half: 2.5 is not a whole number"},
		{func(r *sim.ParamReader) { r.Int("pts") }, "param pts: [[1,2],[3,4]] is not a whole number"},
		{func(r *sim.ParamReader) { r.String("word") }, `param word: "slow" is not one of fast, faster`},
		{func(r *sim.ParamReader) { r.String("n") }, "param n: 5: want string, got a JSON number"},
		{func(r *sim.ParamReader) { r.Int("absent") }, "param absent: missing"},
		{func(r *sim.ParamReader) { r.Float("frac") }, "param frac: 2.5 is out of range 0..1"},
		{func(r *sim.ParamReader) { r.Float("pts") }, "param pts: [[1,2],[3,4]] is not a number"},
		{func(r *sim.ParamReader) { r.Text("absent") }, "param absent: required, none given"},
		{func(r *sim.ParamReader) { r.Points("num") }, "param num: 123 is not a list of [x, y] points"},
	} {
		r := sim.NewParamReader(p, specs)
		tc.read(r)
		require.EqualError(t, r.Err(), tc.want)
	}
	r = sim.NewParamReader(p, specs)
	r.Int("big")
	r.Int("frac")
	require.EqualError(t, r.Err(), "param big: 5000 is out of range 1..10", "the first error is kept")
}

// TestParamSpecs checks the typed specs: Effective refuses a value out of
// its spec, Range describes it for listings.
func TestParamSpecs(t *testing.T) {
	specs := []sim.ParamSpec{
		sim.IntParam("width", 100, 1, 4096, "board width"),
		sim.FloatParam("ratio", "1.5", 1, 100, "a ratio"),
		sim.ChoiceParam("mode", "fast", []string{"fast", "slow"}, "the mode"),
		{Name: "starts", Kind: sim.KindPoints, Nullable: true, Default: "null", Doc: "start cells"},
	}
	eff, err := sim.Effective(sim.Params{"width": json.RawMessage("30")}, specs)
	require.NoError(t, err)
	require.Equal(t, `{"mode":"fast","ratio":1.5,"starts":null,"width":30}`, string(eff.Canonical()))
	for params, want := range map[string]string{
		`{"width":0}`:                    "param width: 0 is out of range 1..4096",
		`{"width":1.5}`:                  "param width: 1.5 is not a whole number",
		`{"ratio":100.5}`:                "param ratio: 100.5 is out of range 1..100",
		`{"mode":"medium"}`:              `param mode: "medium" is not one of fast, slow`,
		`{"starts":[[1,2],[3]]}`:         "param starts: point 1 is [3], want [x, y]",
		`{"starts":"somewhere"}`:         `param starts: "somewhere" is not a list of [x, y] points`,
		`{"width":null}`:                 "param width: null is not a whole number",
		`{"ratio":null}`:                 "param ratio: null is not a number",
		`{"mode":null}`:                  "param mode: null is not one of the choices",
		`{"width":1e400}`:                "param width: 1e400 is not a whole number",
		`{"width":1e18}`:                 "param width: 1e18 is out of range 1..4096",
		`{"width":99999999999999999999}`: "param width: 99999999999999999999 is out of range 1..4096",
		`{"width":1e3}`:                  "param width: 1e3 is not a whole number written in digits",
	} {
		var p sim.Params
		require.NoError(t, json.Unmarshal([]byte(params), &p))
		_, err := sim.Effective(p, specs)
		require.EqualError(t, err, want, params)
	}
	_, err = sim.Effective(sim.Params{"x": json.RawMessage("1")}, nil)
	require.EqualError(t, err, "param x: unknown parameter: this takes none")
	var ranges []string
	for _, s := range specs {
		ranges = append(ranges, s.Range())
	}
	require.Equal(t, []string{"1..4096", "1..100", "fast | slow", "[[x, y],…] | null"}, ranges)
	require.Equal(t, "int", specs[0].Kind.String())

	// A list of points may take a word instead, where its spec allows one.
	worded := sim.ParamSpec{Name: "starts", Kind: sim.KindPoints, Choices: []string{"fair"}, Nullable: true, Default: "null"}
	require.Equal(t, "[[x, y],…] | fair | null", worded.Range())
	require.NoError(t, worded.Check(json.RawMessage(`"fair"`)))
	require.NoError(t, worded.Check(json.RawMessage(`[[1,2]]`)))
	require.EqualError(t, worded.Check(json.RawMessage(`"fare"`)), `"fare" is neither a list of points [[x,y],…] nor fair`)
	for raw, want := range map[string]struct {
		pts  [][2]int
		word string
	}{`"fair"`: {nil, "fair"}, `[[1,2]]`: {[][2]int{{1, 2}}, ""}, `null`: {nil, ""}} {
		r := sim.NewParamReader(sim.Params{"starts": json.RawMessage(raw)}, []sim.ParamSpec{worded})
		pts, word := r.PointsOrWord("starts")
		require.NoError(t, r.Err())
		require.Equal(t, want.pts, pts, raw)
		require.Equal(t, want.word, word, raw)
	}
	r := sim.NewParamReader(sim.Params{"starts": json.RawMessage(`"fair"`)}, specs)
	r.PointsOrWord("starts")
	require.EqualError(t, r.Err(), `param starts: "fair" is not a list of [x, y] points`, "a word where the spec allows none")

	open := sim.ParamSpec{Name: "share", Kind: sim.KindFloat, Min: 0, Max: 1, MinOpen: true, Default: "0.5"}
	require.Equal(t, "(0..1]", open.Range())
	require.EqualError(t, open.Check(json.RawMessage("0")), "0 is out of range (0..1]")
	require.NoError(t, open.Check(json.RawMessage("1")))
	open.MinOpen, open.MaxOpen = false, true
	require.EqualError(t, open.Check(json.RawMessage("1")), "1 is out of range [0..1)")
	require.NoError(t, open.Check(json.RawMessage("0")))
}

func TestParseBotSpec(t *testing.T) {
	s, err := sim.ParseBotSpec(" strong:depth=3, nodes = 2000 ,mode=fast")
	require.NoError(t, err)
	require.Equal(t, "strong", s.Name)
	require.Equal(t, `{"depth":3,"mode":"fast","nodes":2000}`, string(s.Args.Canonical()))
	require.Equal(t, "strong:depth=3, nodes = 2000 ,mode=fast", s.String())

	s, err = sim.ParseBotSpec("script:file=moves/a.txt")
	require.NoError(t, err)
	require.Equal(t, `{"file":"moves/a.txt"}`, string(s.Args.Canonical()))

	for spec, want := range map[string]string{
		"":               `bot spec "": no bot name`,
		":depth=3":       `bot spec ":depth=3": no bot name`,
		"strong:depth":   `bot spec "strong:depth": argument "depth" is not key=value`,
		"strong:=3":      `bot spec "strong:=3": argument "=3" is not key=value`,
		"strong:a=1,a=2": `bot spec "strong:a=1,a=2": argument "a" given twice`,
	} {
		_, err := sim.ParseBotSpec(spec)
		require.EqualError(t, err, want)
	}
}

func TestEntrantNames(t *testing.T) {
	var specs []sim.BotSpec
	for _, s := range []string{"stupid", "strong", "stupid", "stupid", "strong:depth=2"} {
		spec, err := sim.ParseBotSpec(s)
		require.NoError(t, err)
		specs = append(specs, spec)
	}
	require.Equal(t, []string{"stupid", "strong", "stupid#2", "stupid#3", "strong:depth=2"}, sim.EntrantNames(specs))

	// A spec may itself look like a repeat's name; names never collide.
	a := sim.BotSpec{Name: "script"}
	b := sim.BotSpec{Name: "script#2"} // built directly: ParseBotSpec would drop the suffix
	require.Equal(t, []string{"script", "script#2", "script#3"}, sim.EntrantNames([]sim.BotSpec{a, b, a}))
	c := sim.BotSpec{Name: "script#3"}
	require.Equal(t, []string{"script", "script#2", "script#3", "script#4", "script#5"}, sim.EntrantNames([]sim.BotSpec{a, a, c, a, a}))

	// Many repeats: the n-th is NAME#n (each found at once, not by trying
	// 2, 3, … again: 20,000 entries took minutes).
	many := make([]sim.BotSpec, 20000)
	for i := range many {
		many[i] = sim.BotSpec{Name: "coin"}
	}
	names := sim.EntrantNames(many)
	require.Equal(t, "coin#20000", names[19999])
	require.Len(t, names, 20000)

	// A name= argument names the entrant.
	specs = nil
	for _, s := range []string{"exec:cmd=./bot,name=mine", "exec:cmd=./other,name=mine", "exec:cmd=./bot", "stupid"} {
		spec, err := sim.ParseBotSpec(s)
		require.NoError(t, err)
		specs = append(specs, spec)
	}
	require.Equal(t, []string{"mine", "mine#2", "exec:cmd=./bot", "stupid"}, sim.EntrantNames(specs))
}

func TestParseBotSpecDropsAnEntrantSuffix(t *testing.T) {
	for in, want := range map[string]string{"stupid#2": "stupid", "strong:depth=3#12": "strong:depth=3", "odd#name": "odd#name", "x#": "x#"} {
		s, err := sim.ParseBotSpec(in)
		require.NoError(t, err)
		require.Equal(t, want, s.String(), in)
	}
}

func TestFaultLogKeepsTheFirstFaultOfASeatPerTurn(t *testing.T) {
	var l sim.FaultLog
	l.Begin(1)
	l.Add(0, sim.FaultPanic, "boom")
	l.Add(0, sim.FaultNoAnswer, "no direction")
	l.Add(1, sim.FaultInvalid, "bad")
	l.Begin(2)
	_, ok := l.Of(0)
	require.False(t, ok, "the faults of turn 1 are not turn 2's")
	l.Add(0, sim.FaultNoAnswer, "again")
	kind, ok := l.Of(0)
	require.True(t, ok)
	require.Equal(t, sim.FaultNoAnswer, kind)
	_, ok = l.Of(1)
	require.False(t, ok)
	require.Equal(t, []sim.Fault{
		{Seat: 0, Turn: 1, Kind: sim.FaultPanic, Msg: "boom"},
		{Seat: 1, Turn: 1, Kind: sim.FaultInvalid, Msg: "bad"},
		{Seat: 0, Turn: 2, Kind: sim.FaultNoAnswer, Msg: "again"},
	}, l.Faults())
	l.Reset()
	require.Empty(t, l.Faults())
}

// TestReadTuples checks the shared reader of point and tuple lists.
func TestReadTuples(t *testing.T) {
	f, err := sim.ReadTuples[float64](json.RawMessage(`[[1.5,2],[3,4e3]]`), "point", "x", "y")
	require.NoError(t, err)
	require.Equal(t, [][]float64{{1.5, 2}, {3, 4000}}, f)
	st, err := sim.ReadTuples[int](json.RawMessage(`[[1,2,3]]`), "station", "x", "y", "capacity")
	require.NoError(t, err)
	require.Equal(t, [][]int{{1, 2, 3}}, st)
	for raw, want := range map[string]string{
		`[[1,2]]`:     "station 0 is [1,2], want [x, y, capacity]",
		`[[1,2,"a"]]`: `station 0: "a" is not a number`,
		`[[1,2,2.5]]`: "station 0: 2.5 is not a whole number",
		`{"x":1}`:     `{"x":1} is not a list of [x, y, capacity] stations`,
		`null`:        "null is not a list of [x, y, capacity] stations",
	} {
		_, err := sim.ReadTuples[int](json.RawMessage(raw), "station", "x", "y", "capacity")
		require.EqualError(t, err, want, raw)
	}
}

func TestChoiceNamedByANumberTakesTheNumber(t *testing.T) {
	specs := []sim.ParamSpec{sim.ChoiceParam("adjacency", "4", []string{"4", "8"}, "cells")}
	for _, given := range []string{`8`, `"8"`} {
		eff, err := sim.Effective(sim.Params{"adjacency": json.RawMessage(given)}, specs)
		require.NoError(t, err, given)
		require.Equal(t, `"8"`, string(eff["adjacency"]), "%s is the choice \"8\"", given)
	}
	_, err := sim.Effective(sim.Params{"adjacency": json.RawMessage(`6`)}, specs)
	require.EqualError(t, err, `param adjacency: 6 is not one of 4, 8`)
}

// TestBotSpecShownHidesPasswords: a spec whose argument is a URL with a
// password is shown with it hidden, as net/url's Redacted writes it, and
// its arguments keep it whole; a spec without one is shown as written.
func TestBotSpecShownHidesPasswords(t *testing.T) {
	for text, shown := range map[string]string{
		"http:url=http://user:s3cret@host:8/tron,timeout=2s": "http:url=http://user:xxxxx@host:8/tron,timeout=2s",
		`http:timeout=2s, url = "https://u:p%40ss@h/x"`:      "http:timeout=2s,url=https://u:xxxxx@h/x",
		"http:url=http://user@host/tron":                     "http:url=http://user@host/tron",
		"exec:cmd=./bot,args=a@b:c":                          "exec:cmd=./bot,args=a@b:c",
		"straight":                                           "straight",
	} {
		spec, err := sim.ParseBotSpec(text)
		require.NoError(t, err, text)
		require.Equal(t, shown, spec.Shown(), text)
		require.Equal(t, strings.TrimSpace(text), spec.String(), "the spec as written")
		require.Equal(t, []string{shown}, sim.EntrantNames([]sim.BotSpec{spec}))
	}
	spec, err := sim.ParseBotSpec("http:url=http://user:s3cret@host/tron")
	require.NoError(t, err)
	require.JSONEq(t, `"http://user:s3cret@host/tron"`, string(spec.Args["url"]), "the bot is given the URL whole")
}
