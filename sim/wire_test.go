package sim_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// wireLog records what the test wire players see and do, in order.
type wireLog struct {
	mu     sync.Mutex
	events []string
	closed int
}

func (l *wireLog) add(format string, args ...any) {
	l.mu.Lock()
	l.events = append(l.events, fmt.Sprintf(format, args...))
	l.mu.Unlock()
}

// echo is a test wire player: it answers its text every turn, and logs
// the observations it reads.
type echo struct {
	log  *wireLog
	name string
	text string
}

func (e *echo) Form() sim.Form                  { return sim.FormJSON }
func (e *echo) Reset(sim.MatchInfo, *rand.Rand) {}

func (e *echo) Close() error {
	e.log.mu.Lock()
	defer e.log.mu.Unlock()
	e.log.closed++
	return nil
}

func (e *echo) Act(obs []byte) (string, error) {
	e.log.add("%s act %s", e.name, obs)
	return e.text, nil
}

// asking is an echo asked in two steps (a sim.WireAsker); its Answer fails
// with fail when set.
type asking struct {
	*echo
	fail error
}

func (a asking) Ask(obs []byte) error {
	a.log.add("%s ask %s", a.name, obs)
	return nil
}

func (a asking) Answer(d time.Time) (string, error) {
	a.log.add("%s answer %v", a.name, !d.IsZero())
	return a.text, a.fail
}

// wireBot returns a wire bot "echo" (answers text=…, in one step) or
// "ask" (in two), logging into log.
func wireBot(log *wireLog, name string, twoSteps bool, fail error) sim.WireBot {
	params := []sim.ParamSpec{{Name: "text", Kind: sim.KindText, Default: `"1"`, Doc: "the answer"}}
	return sim.WireBot{
		Name:   name,
		Params: params,
		Prepare: func(args sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
			text := sim.NewParamReader(args, params).Text("text")
			return func() sim.WirePlayer {
				e := &echo{log: log, name: name + text, text: text}
				if twoSteps {
					return asking{e, fail}
				}
				return e
			}, nil
		},
	}
}

// TestWireBotPlaysThroughTheCodec: a wire bot reads the game's JSON and its
// text answers are parsed by the game's codec; text that is no action is an
// invalid fault, played as no answer.
func TestWireBotPlaysThroughTheCodec(t *testing.T) {
	log := &wireLog{}
	g := simtest.Game(wireBot(log, "echo", false, nil))
	st, err := g.Setup(sim.Params{"turns": []byte("2")}, simtest.Specs(t, "echo:text=3", "echo:text=x"))
	require.NoError(t, err)
	table := st.NewTable()
	res := table.Play(context.Background(), 1, []int{0, 1})
	require.NoError(t, res.Err)
	h := headStart(simtest.Race{Players: 2}, 1)
	require.Equal(t, []string{
		fmt.Sprintf(`echo3 act {"total":%v}`, h[0]), fmt.Sprintf(`echox act {"total":%v}`, h[1]),
		fmt.Sprintf(`echo3 act {"total":%v}`, h[0]+3), fmt.Sprintf(`echox act {"total":%v}`, h[1]),
	}, log.events)
	require.Equal(t, []float64{6, 0}, gained(simtest.Race{Players: len(h)}, res))
	require.Len(t, res.Faults, 2)
	for turn, f := range res.Faults {
		require.Equal(t, sim.Fault{Seat: 1, Turn: turn + 1, Kind: sim.FaultInvalid, Msg: `strconv.Atoi: parsing "x": invalid syntax`}, f)
	}
	require.NoError(t, table.Close())
	require.Equal(t, 2, log.closed, "each player closed with its table")
	require.NoError(t, table.Close())
	require.Equal(t, 2, log.closed, "and only once")

	_, err = g.Setup(sim.Params{}, simtest.Specs(t, "step", "nope"))
	require.EqualError(t, err, `unknown bot "nope" for game race (known: step, dice, panic, mute, unlucky, echo)`)
}

// TestAskersThinkAtOnce: the players asked in two steps get every
// observation of the turn before any of them is asked for its answer; the
// others act in seat order meanwhile, as always.
func TestAskersThinkAtOnce(t *testing.T) {
	log := &wireLog{}
	g := simtest.Game(wireBot(log, "ask", true, nil), wireBot(log, "echo", false, nil))
	st, err := g.Setup(sim.Params{"turns": []byte("1"), "players": []byte("3")}, simtest.Specs(t, "ask:text=2", "echo", "ask:text=5"))
	require.NoError(t, err)
	res := st.NewTable().Play(context.Background(), 1, []int{0, 1, 2})
	require.NoError(t, res.Err)
	h := headStart(simtest.Race{Players: 3}, 1)
	require.Equal(t, []string{
		fmt.Sprintf(`ask2 ask {"total":%v}`, h[0]), fmt.Sprintf(`ask5 ask {"total":%v}`, h[2]),
		`ask2 answer false`, fmt.Sprintf(`echo1 act {"total":%v}`, h[1]), `ask5 answer false`,
	}, log.events, "no deadline without a move timeout")
	require.Equal(t, []float64{2, 1, 5}, gained(simtest.Race{Players: len(h)}, res))
}

// TestMoveTimeout: with a move timeout the answers have a deadline, and a
// late answer (ErrTimeout) is a timeout fault, played as no answer.
func TestMoveTimeout(t *testing.T) {
	log := &wireLog{}
	late := fmt.Errorf("seat thought too long: %w", sim.ErrTimeout)
	g := simtest.Game(wireBot(log, "ask", true, nil), wireBot(log, "late", true, late))
	st, err := g.Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "ask:text=2", "late:text=4"))
	require.NoError(t, err)
	table := st.NewTable()
	table.SetMoveTimeout(time.Second)
	res := table.Play(context.Background(), 1, []int{0, 1})
	h := headStart(simtest.Race{Players: 2}, 1)
	require.Equal(t, []string{
		fmt.Sprintf(`ask2 ask {"total":%v}`, h[0]), fmt.Sprintf(`late4 ask {"total":%v}`, h[1]), `ask2 answer true`, `late4 answer true`,
	}, log.events)
	require.Equal(t, []float64{2, 0}, gained(simtest.Race{Players: len(h)}, res))
	require.Equal(t, []sim.Fault{{Seat: 1, Turn: 1, Kind: sim.FaultTimeout, Msg: "seat thought too long: no answer before the deadline"}}, res.Faults)
	require.True(t, errors.Is(late, sim.ErrTimeout))
	require.True(t, res.Timed)
	two := "2"
	require.Equal(t, [][]*string{{&two, nil}}, res.Actions, "the record keeps no action for no answer")

	// Text that is no action is kept as it came.
	st, err = g.Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "ask:text=2", "ask:text=up"))
	require.NoError(t, err)
	res = st.NewTable().Play(context.Background(), 1, []int{0, 1})
	up := "up"
	require.Equal(t, [][]*string{{&two, &up}}, res.Actions)
	require.Equal(t, sim.FaultInvalid, res.Faults[0].Kind)
}

// original is a wire player of the original protocol that logs what it
// reads.
type original struct{ *echo }

func (o original) Form() sim.Form { return sim.FormOriginal }

func (o original) Finish(obs []byte) { o.log.add("%s finish %s", o.name, obs) }

// TestOriginalProtocolStartsEveryMatch: a player of the original protocol
// reads the protocol's start before its first turn of every match, then
// one turn text a turn, which may tell what changed since the seat's last
// turn: its memory starts empty at every match; a match played out ends
// with the protocol's end, from the final state.
func TestOriginalProtocolStartsEveryMatch(t *testing.T) {
	log := &wireLog{}
	bot := sim.WireBot{Name: "orig", Prepare: func(_ sim.Params, g sim.WireGame) (func() sim.WirePlayer, error) {
		require.Equal(t, &sim.OriginalInfo{Transport: sim.Stdio, First: time.Second, Turn: time.Second}, g.Original)
		return func() sim.WirePlayer { return original{&echo{log: log, name: "orig", text: "2"}} }, nil
	}}
	st, err := simtest.Game(bot).Setup(sim.Params{"turns": []byte("2")}, simtest.Specs(t, "orig", "step"))
	require.NoError(t, err)
	table := st.NewTable()
	for seed := range uint64(2) {
		res := table.Play(context.Background(), seed, []int{0, 1})
		require.NoError(t, res.Err)
		h := headStart(simtest.Race{Players: 2}, seed)
		require.Equal(t, []string{
			fmt.Sprintf("orig act RACE\nTOTAL %v +%v\n", h[0], h[0]),
			fmt.Sprintf("orig act TOTAL %v +2\n", h[0]+2),
			fmt.Sprintf("orig finish FINAL %v\n", h[0]+4),
		}, log.events[3*seed:], "match %d", seed)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := table.Play(ctx, 2, []int{0, 1})
	require.ErrorIs(t, res.Err, sim.ErrInterrupted)
	require.Len(t, log.events, 6, "an interrupted match has no end to tell: %q", log.events[6:])
}

// infoLog is a wire player that notes the MatchInfo of each match.
type infoLog struct {
	echo
	infos *[]sim.MatchInfo
}

func (p *infoLog) Reset(m sim.MatchInfo, _ *rand.Rand) { *p.infos = append(*p.infos, m) }

// TestSetLog: the players learn the logs' folder and the match's index
// from the table, none by default.
func TestSetLog(t *testing.T) {
	var infos []sim.MatchInfo
	bot := sim.WireBot{Name: "info", Prepare: func(sim.Params, sim.WireGame) (func() sim.WirePlayer, error) {
		return func() sim.WirePlayer { return &infoLog{echo{log: &wireLog{}, text: "1"}, &infos} }, nil
	}}
	st, err := simtest.Game(bot).Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "step", "info"))
	require.NoError(t, err)
	table := st.NewTable()
	table.Play(context.Background(), 1, []int{0, 1})
	table.SetLog("/tmp/r.logs", 41)
	table.Play(context.Background(), 2, []int{0, 1})
	require.Len(t, infos, 2)
	require.Equal(t, 1, infos[0].Seat)
	require.Empty(t, infos[0].LogDir)
	require.Equal(t, "/tmp/r.logs", infos[1].LogDir)
	require.Equal(t, 41, infos[1].Match)
}

// TestBadAnswersAreBounded: what a record keeps of a bad answer — a
// fault's message, the text of an answer that is no action — is bounded,
// cut between two characters and marked with its length; what is within
// the bound is kept as it is.
func TestBadAnswersAreBounded(t *testing.T) {
	short := strings.Repeat("é", sim.MaxAnswerText/2)
	require.Equal(t, short, sim.Bounded(short, sim.MaxAnswerText))
	long := "x" + strings.Repeat("é", 64<<10)
	got := sim.Bounded(long, sim.MaxAnswerText)
	require.True(t, utf8.ValidString(got), got)
	require.Equal(t, long[:sim.MaxAnswerText-1]+"…[arena: 131073 bytes in all]", got)

	var log sim.FaultLog
	log.Begin(1)
	log.Add(0, sim.FaultInvalid, fmt.Sprintf("tron: %q is not a direction", strings.Repeat("\x01", 64<<10)))
	log.Penalise(1, strings.Repeat("p", 64<<10))
	require.Less(t, len(log.Faults()[0].Msg), sim.MaxFaultMsg+40)
	require.Contains(t, log.Faults()[0].Msg, "bytes in all]")
	require.Less(t, len(log.Penalties()[0].Msg), sim.MaxFaultMsg+40)

	// In a match's record: the answer that is no action, and its fault.
	g := simtest.Game(wireBot(&wireLog{}, "ask", true, nil))
	junk := strings.Repeat("u", 60<<10)
	st, err := g.Setup(sim.Params{"turns": []byte("1")}, simtest.Specs(t, "ask:text=2", "ask:text="+junk))
	require.NoError(t, err)
	table := st.NewTable()
	table.SetMoveTimeout(time.Minute)
	res := table.Play(context.Background(), 1, []int{0, 1})
	require.True(t, res.Timed)
	require.Equal(t, junk[:sim.MaxAnswerText]+"…[arena: 61440 bytes in all]", *res.Actions[0][1])
	require.Equal(t, sim.FaultInvalid, res.Faults[0].Kind)
	require.Less(t, len(res.Faults[0].Msg), sim.MaxFaultMsg+40)
}

// TestReadLineLimit: a line of exactly the limit is read, with either line
// end, and one byte more is ErrLongLine — through a reader's buffer smaller
// than the line, as a program's output is read.
func TestReadLineLimit(t *testing.T) {
	const limit = 64 << 10
	for _, end := range []string{"\n", "\r\n"} {
		for _, tc := range []struct {
			size int
			long bool
		}{{limit - 1, false}, {limit, false}, {limit + 1, true}, {limit + 2, true}} {
			t.Run(fmt.Sprintf("%d%q", tc.size, end), func(t *testing.T) {
				line := strings.Repeat("7", tc.size)
				r := bufio.NewReaderSize(strings.NewReader(line+end+"next\n"), 4096)
				got, err := sim.ReadLine(r, limit)
				if tc.long {
					require.ErrorIs(t, err, sim.ErrLongLine)
					return
				}
				require.NoError(t, err)
				require.Equal(t, line, got)
				next, err := sim.ReadLine(r, limit)
				require.NoError(t, err)
				require.Equal(t, "next", next)
			})
		}
	}
}
