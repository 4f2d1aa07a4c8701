package external

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	trbots "github.com/arenasim/arena/bots/tron"
	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// tronWithHTTP is Tron with its bots and the http bot.
func tronWithHTTP(t *testing.T, params string, specs ...string) sim.Setup {
	t.Helper()
	g := tron.Game()
	g.Bots = trbots.Bots()
	st, err := sim.Erase(&g, HTTP()).Setup(simtest.ParamsJSON(t, params), simtest.Specs(t, specs...))
	require.NoError(t, err)
	return st
}

// TestHTTPBot: a web server plays Tron in botsArena's protocol — an init
// message per match, then a play-turn per turn with the match's game id,
// each answered {"play": …}.
func TestHTTPBot(t *testing.T) {
	var mu sync.Mutex
	var got []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		require.NoError(t, json.Unmarshal(body, &m), "%s", body)
		mu.Lock()
		got = append(got, m)
		mu.Unlock()
		if m["action"] == "init" {
			_, _ = w.Write([]byte(`{"name":"up and down"}`))
			return
		}
		_, _ = w.Write([]byte(`{"play":"y+"}`))
	}))
	defer srv.Close()
	st := tronWithHTTP(t, `{"width":5,"height":5,"starts":[[0,0],[4,0]]}`, "http:url="+srv.URL+",name=web", "straight")
	require.Equal(t, []string{"web", "straight"}, st.Entrants())
	res := play(t, st, 0)
	require.NoError(t, res.Err)
	require.Empty(t, res.Faults)
	require.Equal(t, "init", got[0]["action"])
	require.Equal(t, "tron", got[0]["game"])
	require.EqualValues(t, 0, got[0]["player-index"])
	require.EqualValues(t, 2, got[0]["players"])
	id := got[0]["game-id"]
	require.NotEmpty(t, id)
	for _, m := range got[1:] {
		require.Equal(t, "play-turn", m["action"])
		require.Equal(t, id, m["game-id"], "every message of a match has its game id")
	}
	require.Len(t, got, 1+5, "init, then four turns down the board's first column and a fifth into the wall")
}

// TestHTTPBotFaults: a server that answers late, answers garbage or is not
// there gives no answer, with the right fault; nothing hangs.
func TestHTTPBotFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline of a second")
	}
	handler := func(play string, delay time.Duration) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var m map[string]any
			_ = json.NewDecoder(r.Body).Decode(&m)
			if m["action"] == "play-turn" {
				select {
				case <-time.After(delay):
				case <-r.Context().Done():
					return
				}
			}
			_, _ = w.Write([]byte(play))
		}
	}
	slow := httptest.NewServer(handler(`{"play":"y+"}`, 5*time.Second))
	defer slow.Close()
	garbage := httptest.NewServer(handler(`{"move":"up"}`, 0))
	defer garbage.Close()
	wrongCase := httptest.NewServer(handler(`{"Play":"y+"}`, 0))
	defer wrongCase.Close()
	unknown := httptest.NewServer(handler(`{"play":"up"}`, 0))
	defer unknown.Close()
	gone := httptest.NewServer(handler("", 0))
	gone.Close()
	for _, tc := range []struct {
		name, url string
		kind      sim.FaultKind
		msg       string
	}{
		{"late", slow.URL, sim.FaultTimeout, "no answer before the deadline"},
		{"no play", garbage.URL, sim.FaultInvalid, `not {"play": ACTION}`},
		{"Play", wrongCase.URL, sim.FaultInvalid, `not {"play": ACTION}`},
		{"not a direction", unknown.URL, sim.FaultInvalid, `"up" is not a direction`},
		{"not there", gone.URL, sim.FaultNoAnswer, "init:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := tronWithHTTP(t, `{"width":5,"height":5,"starts":[[0,0],[4,0]]}`, "http:url="+tc.url+",timeout=1s", "straight")
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			require.Len(t, res.Faults, 1, "%v", res.Faults)
			require.Equal(t, tc.kind, res.Faults[0].Kind, res.Faults[0].Msg)
			require.Contains(t, res.Faults[0].Msg, tc.msg)
			require.Equal(t, []int{2, 1}, res.Places, "no answer: eliminated")
		})
	}
}

// TestHTTPBotParams: the parameters an http bot's spec declares come in
// its init message's bot_params, and its name shows the values given; a
// spec that declares none sends no bot_params.
func TestHTTPBotParams(t *testing.T) {
	var mu sync.Mutex
	var inits []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		if m["action"] == "init" {
			mu.Lock()
			inits = append(inits, m)
			mu.Unlock()
			_, _ = w.Write([]byte(`{}`))
			return
		}
		_, _ = w.Write([]byte(`{"play":"y+"}`))
	}))
	defer srv.Close()
	st := tronWithHTTP(t, `{"width":5,"height":5,"starts":[[0,0],[4,0]]}`,
		"http:url="+srv.URL+",name=web,param.aggr=3 in 1..10,param.style=calm in calm|wild,style=wild", "http:url="+srv.URL+",name=plain")
	require.Equal(t, []string{"web:style=wild", "plain"}, st.Entrants())
	require.NoError(t, play(t, st, 0).Err)
	require.Len(t, inits, 2)
	withParams := inits[0]
	if inits[0]["player-index"] != 0.0 {
		withParams = inits[1]
	}
	require.Equal(t, map[string]any{"aggr": 3.0, "style": "wild"}, withParams["bot_params"])
	for _, m := range inits {
		if m["player-index"] == 1.0 {
			require.NotContains(t, m, "bot_params")
		}
	}
}

// TestHTTPBotRedirect: a redirect (307 or 301) is not followed — the
// server it names receives nothing — and is the turn's fault, as any
// status but 200.
func TestHTTPBotRedirect(t *testing.T) {
	for _, code := range []int{http.StatusTemporaryRedirect, http.StatusMovedPermanently} {
		t.Run(http.StatusText(code), func(t *testing.T) {
			var mu sync.Mutex
			var elsewhere int
			other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				elsewhere++
				mu.Unlock()
				_, _ = w.Write([]byte(`{"play":"y+"}`))
			}))
			defer other.Close()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var m map[string]any
				_ = json.NewDecoder(r.Body).Decode(&m)
				if m["action"] == "init" {
					_, _ = w.Write([]byte(`{}`))
					return
				}
				http.Redirect(w, r, other.URL, code)
			}))
			defer srv.Close()
			st := tronWithHTTP(t, `{"width":5,"height":5,"starts":[[0,0],[4,0]]}`, "http:url="+srv.URL, "straight")
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			require.Len(t, res.Faults, 1, "%v", res.Faults)
			require.Equal(t, sim.FaultInvalid, res.Faults[0].Kind, res.Faults[0].Msg)
			require.Contains(t, res.Faults[0].Msg, strconv.Itoa(code))
			require.Equal(t, []int{2, 1}, res.Places)
			mu.Lock()
			defer mu.Unlock()
			require.Zero(t, elsewhere, "the redirect's target receives nothing")
		})
	}
}

// TestDecodePlay: an answer's key is "play" exactly — written with escapes
// or not — and a key that is "play" in another case makes it invalid, as
// encoding/json alone would take it; keys inside values do not count. It
// allocates no more than decoding the answer alone.
func TestDecodePlay(t *testing.T) {
	for _, tc := range []struct {
		answer string
		ok     bool
	}{
		{`{"play":"y+"}`, true},
		{` { "play" : "y+" } `, true},
		{`{"pl\u0061y":"y+"}`, true},
		{`{"name":{"Play":1,"x":[{"PLAY":2}]},"s":"\"Play\":","play":"y+","playing":3}`, true},
		{`{"Play":"y+"}`, false},
		{`{"PLAY":"y+"}`, false},
		{`{"\u0050lay":"y+"}`, false},
		{`{"play":"y+","pLay":"x+"}`, false},
		{`{"pLay":"x+", "play":"y+"}`, false},
		{`{"move":"y+"}`, false},
		{`["play"]`, false},
		{`null`, false},
	} {
		play, ok := decodePlay([]byte(tc.answer))
		require.Equal(t, tc.ok, ok, tc.answer)
		if ok {
			require.Equal(t, "y+", play, tc.answer)
		}
	}
	data := []byte(`{"play":"y+"}`)
	alone := testing.AllocsPerRun(100, func() {
		var a struct {
			Play *string `json:"play"`
		}
		_ = json.Unmarshal(data, &a)
	})
	require.Equal(t, alone, testing.AllocsPerRun(100, func() { _, _ = decodePlay(data) }))
}

// FuzzDecodePlay: no answer makes the decoder panic, and one it takes is
// one encoding/json takes with the same play.
func FuzzDecodePlay(f *testing.F) {
	for _, s := range []string{`{"play":"y+"}`, `{"Play":"y+"}`, `{"a":[{"b":"\"}"}],"play":"x"}`, `{"pl\u0061y":"y+"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		play, ok := decodePlay(data)
		if !ok {
			return
		}
		var a struct {
			Play *string `json:"play"`
		}
		require.NoError(t, json.Unmarshal(data, &a))
		require.Equal(t, *a.Play, play)
	})
}

// TestHTTPAnswerCap: an answer of exactly MaxAnswerBytes is read, one byte
// more is invalid.
func TestHTTPAnswerCap(t *testing.T) {
	for _, tc := range []struct {
		size   int
		faults int
	}{{MaxAnswerBytes, 0}, {MaxAnswerBytes + 1, 1}} {
		t.Run(strconv.Itoa(tc.size), func(t *testing.T) {
			ok := `{"play":"y+"}`
			answer := ok + strings.Repeat(" ", tc.size-len(ok)) // JSON allows the spaces
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = w.Write([]byte(answer))
			}))
			defer srv.Close()
			st := tronWithHTTP(t, `{"width":5,"height":5,"starts":[[0,0],[4,0]]}`, "http:url="+srv.URL, "straight")
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			require.Len(t, res.Faults, tc.faults, "%v", res.Faults)
			if tc.faults > 0 {
				require.Equal(t, sim.FaultInvalid, res.Faults[0].Kind)
				require.Contains(t, res.Faults[0].Msg, "answered more than 65536 bytes")
			}
		})
	}
}
