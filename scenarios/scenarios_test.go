package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestEmbeddedScenariosLoad(t *testing.T) {
	names := Names()
	require.Subset(t, names, []string{"tron/duel", "tron/ffa4", "tron/small"})
	for _, name := range names {
		sc, err := Load(name)
		require.NoError(t, err, name)
		require.Equal(t, name, sc.Name)
		require.NotEmpty(t, sc.Game)
		require.NotEmpty(t, sc.Description, "%s: every shipped scenario says what it is", name)
		require.True(t, Embedded(name))
	}
	_, err := Load("tron/nope")
	require.EqualError(t, err, `unknown scenario "tron/nope" (see arena list scenarios)`)
	require.False(t, Embedded("tron/nope"))
}

func TestParseDefaults(t *testing.T) {
	sc, err := Parse("min.json", []byte(`{"game":"tron"}`))
	require.NoError(t, err)
	require.Equal(t, &Scenario{Name: "min.json", Game: "tron", Params: sc.Params, Games: DefaultGames}, sc)
	require.Empty(t, sc.Params)
	require.NotNil(t, sc.Params)

	sc, err = Parse("full.json", []byte(`{"description":"d","game":"tron","params":{"width":5},"bots":["a","b:x=1"],"games":7,"seed":18446744073709551615}`))
	require.NoError(t, err)
	require.Equal(t, "d", sc.Description)
	require.Equal(t, `5`, string(sc.Params["width"]))
	require.Equal(t, []string{"a", "b:x=1"}, sc.Bots)
	require.Equal(t, 7, sc.Games)
	require.Equal(t, uint64(18446744073709551615), sc.Seed)
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`{"game":"tron","seeds":1}`, `f.json: unknown key "seeds" (known: description, game, params, bots, games, seed, league, championship, knockout)`},
		{`{"game":"tron","games":"ten"}`, `f.json: key games: "ten" is not a whole number`},
		{`{"game":"tron","games":"2"}`, `f.json: key games: "2" is a string, not a whole number`},
		{`{"game":"tron","seed":"7"}`, `f.json: key seed: "7" is a string, not a whole number`},
		{`{"game":"tron","games":0}`, `f.json: key games: 0 is not a whole number from 1 to 2147483648`},
		{`{"game":"tron","games":2.5}`, `f.json: key games: 2.5 is not a whole number from 1 to 2147483648`},
		{`{"game":"tron","seed":-1}`, `f.json: key seed: -1 is not a whole number from 0 to 18446744073709551615`},
		{`{"game":"tron","params":[1]}`, `f.json: key params: [1] is not an object`},
		{`{"game":"tron","bots":"stupid"}`, `f.json: key bots: "stupid" is not a list of bot specs (strings)`},
		{`{"game":"tron","bots":["a:x"]}`, `f.json: key bots: entry 0: bot spec "a:x": argument "x" is not key=value`},
		{`{"game":"tron","league":[]}`, `f.json: key league: [] is not an object`},
		{`{"game":"tron","league":{}}`, `f.json: key league: opponents: missing (the list of opponents' bot specs)`},
		{`{"game":"tron","league":{"opponents":[]}}`, `f.json: key league: opponents: [] is not a non-empty list of bot specs`},
		{`{"game":"tron","league":{"opponents":["a::"]}}`, `f.json: key league: opponents: entry 0: bot spec "a::": argument ":" is not key=value`},
		{`{"game":"tron","games":10,"league":{"opponents":["a"],"promote":11}}`, `f.json: key league: promote: 11 is not a whole number from 1 to the 10 games`},
		{`{"game":"tron","league":{"opponents":["a"],"rounds":3}}`, `f.json: key league: unknown key "rounds" (known: opponents, promote)`},
		{`{"game":"tron","bots":["a","b"],"league":{"opponents":["c"]}}`, `f.json: key bots: a league tests one bot at a time, got 2`},
		{`{"game":"tron","championship":7}`, `f.json: key championship: 7 is not an object`},
		{`{"game":"tron","championship":{"days":0}}`, `f.json: key championship: days: 0 is not a positive whole number`},
		{`{"game":"tron","championship":{"days":2.5}}`, `f.json: key championship: days: 2.5 is not a positive whole number`},
		{`{"game":"tron","championship":{"days":"7"}}`, `f.json: key championship: days: "7" is not a positive whole number`},
		{`{"game":"tron","championship":{"points":[]}}`, `f.json: key championship: points: [] is not a non-empty list of numbers, one per place`},
		{`{"game":"tron","championship":{"points":["8"]}}`, `f.json: key championship: points: ["8"] is not a non-empty list of numbers, one per place`},
		{`{"game":"tron","championship":{"finals":2}}`, `f.json: key championship: unknown key "finals" (known: days, points)`},
		{`{"game":"tron","championship":{"days":3,"days":4}}`, `f.json: line 1: duplicate key "days" in championship`},
		{`{"game":"tron","games":10,"championship":{}}`, `f.json: key games: a championship plays its days and its finals, not a number of games`},
		{`{"game":"tron","league":{"opponents":["a"]},"championship":{}}`, `f.json: key championship: a scenario is a league or a championship, not both`},
		{`{"game":"tron","knockout":{"games":3}}`, `f.json: key knockout: games: 3 is not an even whole number from 2 (whole legs: one seed, seats swapped)`},
		{`{"game":"tron","knockout":{"cap":0}}`, `f.json: key knockout: cap: 0 is not an even whole number from 2 (whole legs: one seed, seats swapped)`},
		{`{"game":"tron","knockout":{"advance":0}}`, `f.json: key knockout: advance: 0 is not a whole number from 1 (how many of a table go through, fewer than its seats)`},
		{`{"game":"tron","knockout":{"third_place":1}}`, `f.json: key knockout: third_place: 1 is not true or false`},
		{`{"game":"tron","knockout":{"seeding":"elo"}}`, `f.json: key knockout: seeding: "elo" is not "order" (the bots' order ranks the seeds) or "draw"`},
		{`{"game":"tron","knockout":{"rounds":3}}`, `f.json: key knockout: unknown key "rounds" (known: games, cap, third_place, points, seeding, advance)`},
		{`{"game":"tron","games":4,"knockout":{}}`, `f.json: key games: a knockout's ties say their games (knockout.games)`},
		{`{"game":"tron","championship":{},"knockout":{}}`, `f.json: key knockout: a scenario is one of a league, a championship or a knockout`},
		{`{"game":3}`, `f.json: key game: 3 is not a string`},
		{`{"params":{}}`, `f.json: key game: missing (the engine name, e.g. "tron")`},
		{`[1,2]`, `f.json: want a JSON object, got a JSON array`},
		{`null`, `f.json: want a JSON object, got null`},
		{`{"game":"tron","bots":[null,"stupid"]}`, `f.json: key bots: [null,"stupid"] is not a list of bot specs (strings)`},
		{`{"game":"tron","bots":null}`, `f.json: key bots: null is not a list of bot specs (strings)`},
		{`{"game":null}`, `f.json: key game: null is not a string`},
		{`{"game":"tron","games":null}`, `f.json: key games: null is not a whole number`},
		{`{"game":"tron","params":null}`, `f.json: key params: null is not an object`},
		{`{"game":"tron","league":{"opponents":["a",null]}}`, `f.json: key league: opponents: ["a",null] is not a non-empty list of bot specs`},
		{`{"game":"tron","league":{"opponents":["a"],"promote":null}}`, `f.json: key league: promote: null is not a whole number from 1 to the 100 games`},
		{`{"game":"tron","championship":{"days":null}}`, `f.json: key championship: days: null is not a positive whole number`},
		{`{"game":"tron","championship":{"points":[10,null]}}`, `f.json: key championship: points: [10,null] is not a non-empty list of numbers, one per place`},
		{"{\n  \"game\": \"tron\",\n}", `f.json: line 3, column 1: invalid character '}' looking for beginning of object key string`},
		{``, `f.json: line 1, column 1: unexpected end of JSON input`},
		{`{"game":"tron","game":"minibus"}`, `f.json: line 1: duplicate key "game"`},
		{"{\n \"game\": \"tron\",\n \"params\": {\"width\": 5,\n  \"width\": 6}}", `f.json: line 4: duplicate key "width" in params`},
		{`{"game":"tron","league":{"opponents":["a"],"opponents":["b"]}}`, `f.json: line 1: duplicate key "opponents" in league`},
		{"\xef\xbb\xbf{\n,}", `f.json: line 2, column 1: invalid character ',' looking for beginning of object key string`},
	} {
		_, err := Parse("f.json", []byte(tc.body))
		require.EqualError(t, err, tc.want, tc.body)
	}
}

func TestParseSkipsAByteOrderMark(t *testing.T) {
	sc, err := Parse("bom.json", []byte("\xef\xbb\xbf{\"game\":\"tron\",\"games\":3}"))
	require.NoError(t, err)
	require.Equal(t, "tron", sc.Game)
	require.Equal(t, 3, sc.Games)
}

func TestParseLeague(t *testing.T) {
	sc, err := Parse("l.json", []byte(`{"game":"tron","games":10,"bots":["strong"],"league":{"opponents":["stupid","straight"],"promote":9}}`))
	require.NoError(t, err)
	require.Equal(t, &League{Opponents: []string{"stupid", "straight"}, Promote: 9}, sc.League)
	sc, err = Parse("l.json", []byte(`{"game":"tron","games":7,"league":{"opponents":["stupid"]}}`))
	require.NoError(t, err)
	require.Equal(t, 7, sc.League.Promote, "by default every game must be won")
}

func TestParseChampionship(t *testing.T) {
	sc, err := Parse("c.json", []byte(`{"game":"tron","params":{"players":6},"championship":{"days":3,"points":[10,6,4,3,2,1]}}`))
	require.NoError(t, err)
	require.Equal(t, &Championship{Days: 3, Points: []float64{10, 6, 4, 3, 2, 1}}, sc.Championship)
	require.Nil(t, sc.League)
	sc, err = Parse("c.json", []byte(`{"game":"tron","championship":{}}`))
	require.NoError(t, err)
	require.Equal(t, &Championship{Days: DefaultDays}, sc.Championship, "7 days and the seat count's points by default")
	sc, err = Parse("c.json", []byte(`{"game":"tron"}`))
	require.NoError(t, err)
	require.Nil(t, sc.Championship)
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"game":"tron","games":3}`), 0o644))
	sc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, path, sc.Name)
	require.Equal(t, 3, sc.Games)

	_, err = LoadFile(filepath.Join(dir, "none.json"))
	require.EqualError(t, err, filepath.Join(dir, "none.json")+": no such file or directory")
}

func TestLoadFileRefusesAFileTooLarge(t *testing.T) {
	// The largest scenario read: one of sim.MaxScenarioBytes, padded with spaces.
	dir := t.TempDir()
	body := `{"game":"tron","games":3}`
	path := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(path, []byte(body+strings.Repeat(" ", sim.MaxScenarioBytes-len(body))), 0o644))
	sc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, 3, sc.Games)

	require.NoError(t, os.WriteFile(path, []byte(body+strings.Repeat(" ", sim.MaxScenarioBytes-len(body)+1)), 0o644))
	_, err = LoadFile(path)
	require.EqualError(t, err, path+": larger than 1048576 bytes")
}

// TestParseBotObjects: a bot entry may be an object, the form of a spec
// with many arguments, read as its one-line spec in its keys' order.
func TestParseBotObjects(t *testing.T) {
	sc, err := Parse("o.json", []byte(`{"game":"tron","bots":[{"bot":"exec","cmd":"python3","args":"w.py --r {room}","chain":true,
		"param.room":"1.0 in -4..4","room":2.5},"straight",{"bot":"strong"}]}`))
	require.NoError(t, err)
	require.Equal(t, []string{"exec:cmd=python3,args=w.py --r {room},chain=true,param.room=1.0 in -4..4,room=2.5", "straight", "strong"}, sc.Bots)
	for _, tc := range []struct{ body, want string }{
		{`{"game":"tron","bots":[{"cmd":"x"}]}`, `o.json: key bots: entry 0: no "bot": the bot's name, e.g. "exec"`},
		{`{"game":"tron","bots":["a",{"bot":"exec","args":"a,b"}]}`, `o.json: key bots: entry 1: key args: "a,b" holds a comma, which would end the argument (write a wrapper script)`},
		{`{"game":"tron","bots":[{"bot":"exec","args":[1]}]}`, `o.json: key bots: entry 0: key args: [1] is not a string, a number or true/false`},
	} {
		_, err := Parse("o.json", []byte(tc.body))
		require.EqualError(t, err, tc.want, tc.body)
	}
}
