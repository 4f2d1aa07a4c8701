package external

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/arenasim/arena/sim"
)

// httpParams are the http bot's arguments.
var httpParams = []sim.ParamSpec{
	{Name: "url", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "the bot's address (required), e.g. http://127.0.0.1:8080/tron: every message is POSTed there"},
	{Name: "timeout", Kind: sim.KindText, Default: `"10s"`, Doc: "how long it has to answer each message, a duration such as 50ms or 2s; --move-timeout may shorten it"},
	{Name: "name", Kind: sim.KindText, Nullable: true, Default: "null", Doc: "its name in tables and records (default: the spec)"},
}

// HTTP returns the http bot: a bot that is a web server, as botsArena's
// Tron bots are. For every match arena POSTs an init message, then, every
// turn the seat plays, the game's JSON observation; the bot answers
// {"play": ACTION}.
func HTTP() sim.WireBot {
	return sim.WireBot{
		Name:     "http",
		Summary:  "a bot that is a web server (botsArena's protocol): arena POSTs init, then each turn's JSON; the bot answers {\"play\": ACTION}",
		Params:   httpParams,
		Prepare:  prepareHTTP,
		Label:    webName,
		Declared: declaredBy(httpParams),
	}
}

// webName names an http bot that has a name=: the name, followed by the
// values its spec gives its parameters; "" (the spec) when it has none.
func webName(args sim.Params) string {
	var name string
	_ = json.Unmarshal(args["name"], &name)
	if name = strings.TrimSpace(name); name == "" {
		return ""
	}
	return name + valuesShown(args)
}

// MaxAnswerBytes caps the body of an http bot's answer.
const MaxAnswerBytes = 64 << 10

func prepareHTTP(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
	r := sim.NewParamReader(args, httpParams)
	addr := r.Text("url")
	if err := r.Err(); err != nil {
		return nil, err
	}
	u, err := url.Parse(addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("param url: %q is not an http:// or https:// address", addr)
	}
	d, _, err := durationArg(args, "timeout")
	if err != nil {
		return nil, err
	}
	v, err := ValuesOf(args, false)
	if err != nil {
		return nil, err
	}
	return func() sim.WirePlayer {
		return &webBot{url: u.String(), shown: u.Redacted(), timeout: d, game: g.Name, values: v.JSON, client: &http.Client{Transport: &http.Transport{}, CheckRedirect: noRedirects}}
	}, nil
}

// noRedirects keeps a redirect as the answer: any status but 200 is an
// invalid answer, and the game's JSON goes to the bot's own address only.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// webBot is one seat's web server.
type webBot struct {
	url     string
	shown   string // url with its password hidden, for fault messages
	timeout time.Duration
	game    string
	values  sim.Params // its declared parameters' values, for the init message; nil: none declared
	client  *http.Client
	gameID  string
	ctx     context.Context // of the match: cancelled when it ends
	cancel  context.CancelFunc
	pending chan answer // the answer to the last message, once it comes
	asked   time.Time
	stops   sim.Stopwatch      // arena's own stops, which its deadlines do not count (nil: sim.Stops)
	stopped time.Duration      // stops.Stopped() when the last message was sent
	giveUp  context.CancelFunc // ends the last message's request
	broken  error
	buf     []byte
}

// answer is what a POST came back with.
type answer struct {
	play string
	err  error
}

// Form returns FormJSON: the bot reads the game's JSON.
func (b *webBot) Form() sim.Form { return sim.FormJSON }

// Reset POSTs the init message of the match and waits for it to be taken.
func (b *webBot) Reset(m sim.MatchInfo, rng *rand.Rand) {
	b.End()
	b.broken = nil
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.gameID = strconv.FormatUint(rng.Uint64(), 10)
	init, _ := json.Marshal(struct {
		GameID string     `json:"game-id"`
		Action string     `json:"action"`
		Game   string     `json:"game"`
		Board  string     `json:"board"`
		Player int        `json:"player-index"`
		Seats  int        `json:"players"`
		Params sim.Params `json:"bot_params,omitempty"` // only when its spec declares some
	}{b.gameID, "init", b.game, "", m.Seat, m.Seats, b.values})
	ctx, cancel := context.WithTimeout(b.ctx, b.timeout)
	defer cancel()
	if _, err := b.post(ctx, init, false); err != nil {
		b.broken = fmt.Errorf("init: %w", err)
	}
}

// post sends one message and returns the "play" of the answer, when asked
// for.
func (b *webBot) post(ctx context.Context, body []byte, play bool) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.url, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return "", fmt.Errorf("%s: %w", b.shown, sim.ErrTimeout)
		}
		return "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return "", fmt.Errorf("%s: %w", b.shown, sim.ErrTimeout)
		}
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", &sim.InvalidAnswer{Err: fmt.Errorf("%s answered %s", b.shown, resp.Status)}
	}
	if !play {
		return "", nil
	}
	if len(data) > MaxAnswerBytes {
		return "", &sim.InvalidAnswer{Err: fmt.Errorf("%s answered more than %d bytes", b.shown, MaxAnswerBytes)}
	}
	action, ok := decodePlay(data)
	if !ok {
		return "", &sim.InvalidAnswer{Err: fmt.Errorf("%s answered %.80q, not {\"play\": ACTION}", b.shown, data)}
	}
	return action, nil
}

// decodePlay reads an answer {"play": ACTION}: false for anything else,
// an object whose key is "Play" or "PLAY" too. The protocol's keys match
// exactly, and encoding/json's would in any case.
func decodePlay(data []byte) (string, bool) {
	var a struct {
		Play *string `json:"play"`
	}
	if json.Unmarshal(data, &a) != nil || a.Play == nil || hasFoldedKey(data, "play") {
		return "", false
	}
	return *a.Play, true
}

// hasFoldedKey reports whether the JSON object obj, valid, has a key that
// is key in another case (what encoding/json takes for key). It reads the
// object in place: only a key written with escapes is decoded.
func hasFoldedKey(obj []byte, key string) bool {
	i := bytes.IndexByte(obj, '{') + 1
	for {
		i = skipSpace(obj, i)
		switch obj[i] {
		case '}':
			return false
		case ',':
			i = skipSpace(obj, i+1)
		}
		end := skipString(obj, i)
		name := obj[i+1 : end-1]
		if bytes.IndexByte(name, '\\') >= 0 {
			var s string
			_ = json.Unmarshal(obj[i:end], &s)
			name = []byte(s)
		}
		if len(name) == len(key) && string(name) != key && strings.EqualFold(string(name), key) {
			return true
		}
		i = skipValue(obj, skipSpace(obj, end)+1) // past the colon
	}
}

// skipSpace returns the index of the first byte at or after i in valid
// JSON that is not white space.
func skipSpace(b []byte, i int) int {
	for b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' {
		i++
	}
	return i
}

// skipString returns the index just past the string of valid JSON that
// starts at b[i].
func skipString(b []byte, i int) int {
	for i++; b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// skipValue returns the index just past the value of valid JSON that
// starts at or after b[i]: at the comma or brace that follows it.
func skipValue(b []byte, i int) int {
	for depth := 0; ; i++ {
		switch b[i] {
		case '"':
			i = skipString(b, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
}

// Act is Ask then Answer with the bot's own deadline.
func (b *webBot) Act(obs []byte) (string, error) {
	if err := b.Ask(obs); err != nil {
		return "", err
	}
	return b.Answer(time.Time{})
}

// Ask POSTs the turn's observation, with the match's game id, in the
// background.
func (b *webBot) Ask(obs []byte) error {
	if b.broken != nil {
		return b.broken
	}
	b.buf = append(b.buf[:0], `{"game-id":`...)
	b.buf = strconv.AppendQuote(b.buf, b.gameID)
	if len(obs) > 2 {
		b.buf = append(b.buf, ',')
		b.buf = append(b.buf, obs[1:]...)
	} else {
		b.buf = append(b.buf, '}')
	}
	body := bytes.Clone(b.buf)
	b.asked, b.stopped = time.Now(), b.stopwatch().Stopped()
	// Answer ends the request at its deadline, which moves on by the time
	// arena itself is stopped: a context's deadline would not.
	ctx, cancel := context.WithCancel(b.ctx)
	done := make(chan answer, 1)
	b.pending, b.giveUp = done, cancel
	go func() {
		defer cancel()
		play, err := b.post(ctx, body, true)
		done <- answer{play, err}
	}()
	return nil
}

// Answer waits for the turn's answer until the earlier of the match's
// deadline and the bot's own, not counting the time arena itself was
// stopped since the message was sent; a late answer's request is ended.
func (b *webBot) Answer(deadline time.Time) (string, error) {
	if b.broken != nil {
		return "", b.broken
	}
	a, ok := sim.Await(b.pending, earlier(b.asked.Add(b.timeout), deadline), b.stopwatch(), b.stopped)
	if !ok {
		b.giveUp()
		return "", fmt.Errorf("%s: %w", b.shown, sim.ErrTimeout)
	}
	b.pending = nil
	return a.play, a.err
}

// stopwatch returns the clock of arena's own stops.
func (b *webBot) stopwatch() sim.Stopwatch {
	if b.stops == nil {
		return sim.Stops
	}
	return b.stops
}

// End cancels what is still pending: the match is over.
func (b *webBot) End() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
	if b.pending != nil {
		<-b.pending // the request has been cancelled: it ends at once
		b.pending = nil
	}
}

// Close drops the bot's idle connections: the table is done.
func (b *webBot) Close() error {
	b.End()
	b.client.CloseIdleConnections()
	return nil
}
