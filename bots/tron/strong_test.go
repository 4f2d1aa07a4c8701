package tron

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/arenasim/arena/engines/tron"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
	"github.com/stretchr/testify/require"
)

// newStrong returns a strong player with the default arguments, made
// through the registry as the CLI makes it.
func newStrong(t testing.TB) func() player { return newPlayerOf(t, "strong", sim.Params{}) }

// strengthSeeds is how many deals (each played twice, seats swapped) the
// strength benchmark plays against each simple bot: 20 games, enough for
// the lower end of the 95 % interval to clear 200 Elo when the bot wins
// them all but one. The sequential test of make test stops before, as soon
// as it decides.
const strengthSeeds = 10

// strengthBoard is the board of the strength benchmark: botsArena's
// default 100×100, the standard scenario's. The sequential test plays on
// sequentialBoard, 40×40, where games are shorter but as many of the bot's
// moves search.
var (
	strengthBoard   = sim.Params{}
	sequentialBoard = params("width", 40, "height", 40)
)

// sequentialStronger checks, deal by deal on sequentialBoard, that the
// strong bot at its defaults is at least 200 Elo stronger than the named
// bot rather than no stronger at all (a sequential test at 5 % error
// rates: four deals decide when it wins every game). In short mode one
// deal, which it must not lose.
func sequentialStronger(t *testing.T, opponent string) {
	simtest.Clockless(t)
	t.Parallel()
	strong, other := newStrong(t), newPlayerOf(t, opponent, sim.Params{})
	simtest.RequireStronger(t, simtest.NewSequential(0, 200, 0.05, 0.05), strengthSeeds, "strong vs "+opponent, func(d int) simtest.Score {
		res, _ := playDuels(t, sequentialBoard, d, d+1, strong, other)
		return res
	})
}

func TestStrongBeatsStraight(t *testing.T) { sequentialStronger(t, "straight") }

func TestStrongBeatsStupid(t *testing.T) { sequentialStronger(t, "stupid") }

func TestStrongBeatsRandom(t *testing.T) { sequentialStronger(t, "random") }

// requireStronger measures (make strength) the strong bot against the named
// bot on strengthSeeds deals: more than 200 Elo, the whole 95 % Wilson
// interval of its score rate above 76 %. The deals are played in two halves
// at once, one per core.
func requireStronger(t *testing.T, opponent string) {
	simtest.Strength(t)
	t.Parallel()
	var halves [2]simtest.Score
	var turns [2]int
	t.Run("deals", func(t *testing.T) {
		for h := range halves {
			t.Run(fmt.Sprint(h), func(t *testing.T) {
				t.Parallel()
				halves[h], turns[h] = playDuels(t, strengthBoard, h*strengthSeeds/2, (h+1)*strengthSeeds/2, newStrong(t), newPlayerOf(t, opponent, sim.Params{}))
			})
		}
	})
	res := halves[0].Add(halves[1])
	t.Logf("strong vs %s: %d games, W/D/L %d/%d/%d, score %.3f (95 %% low %.3f), Elo %+.0f, %d turns a game",
		opponent, res.Games(), res.Wins, res.Draws, res.Losses, res.Rate(), res.WilsonLow(), simtest.Elo(res.Rate()), (turns[0]+turns[1])/res.Games())
	require.Greater(t, res.WilsonLow(), simtest.Rate200)
}

func TestStrengthAgainstStraight(t *testing.T) { requireStronger(t, "straight") }

func TestStrengthAgainstStupid(t *testing.T) { requireStronger(t, "stupid") }

func TestStrengthAgainstRandom(t *testing.T) { requireStronger(t, "random") }

// TestStrongAvoidsDeadEnd sets the bot's head next to a corner cell it has
// walled in itself: stepping there is death next turn, while the rest of
// the board is open.
func TestStrongAvoidsDeadEnd(t *testing.T) {
	// (0,1) → (1,1) → (1,0): the corner (0,0) is now a dead end.
	me := &prefixed{script: dirs(t, "x+", "y-"), bot: newStrong(t)()}
	opp := simtest.NewScript[tron.View](dirs(t, "x-", "x-", "x-", "x-", "x-"))
	tb := newTable(t, params("width", 8, "height", 4, "starts", [][]int{{0, 1}, {7, 3}}), 1, me, opp)
	for tb.step() {
	}
	require.Equal(t, dirs(t, "x+"), me.moves[:1])
	var out sim.Outcome
	tb.rules.Outcome(&tb.state, &out)
	require.Equal(t, []int{1, 2}, out.Places)
}

// TestStrongAvoidsLosingHeadOn gives the bot a cell it can share with the
// opponent's next move: entering it is a draw (both are eliminated), while
// staying out keeps the larger side of the board, and the game.
func TestStrongAvoidsLosingHeadOn(t *testing.T) {
	me := newStrong(t)()
	// The opponent starts in a corner, next to the contested cell (1,0),
	// enters it, then runs down column 1 until its script ends.
	opp := simtest.NewScript[tron.View](dirs(t, "x+", "y+", "y+", "y+", "y+"))
	rules, eff := newRules(t, params("width", 9, "height", 5, "starts", [][]int{{2, 0}, {0, 0}}))
	r := sim.NewMatch(rules, eff).Play(context.Background(), 1, []player{me, opp})
	require.NoError(t, r.Err)
	require.Equal(t, []int{1, 2}, r.Places, "the bot must outlive the opponent, not collide with it")
}

// TestStrongFillsRoom walls the bot into a 3×5 room (the opponent draws the
// wall, then lives on in its own room) and checks that it visits every one
// of the room's cells before it runs out of moves.
func TestStrongFillsRoom(t *testing.T) {
	// The bot starts at (0,0) and goes down column 0: the room left is
	// x = 1..3, 15 cells, entered from (0,4).
	me := &prefixed{script: dirs(t, "y+", "y+", "y+", "y+"), bot: newStrong(t)()}
	// The opponent draws the wall x = 4, then snakes through x = 5..8.
	wall := dirs(t, "y+", "y+", "y+", "y+")
	snake := dirs(t, "x+", "x+", "x+", "x+", "y-", "x-", "x-", "x-", "y-", "x+", "x+", "x+", "y-", "x-", "x-", "x-", "y-", "x+", "x+", "x+")
	opp := simtest.NewScript[tron.View](append(wall, snake...))
	rules, eff := newRules(t, params("width", 9, "height", 5, "starts", [][]int{{0, 0}, {4, 0}}))
	r := sim.NewMatch(rules, eff).Play(context.Background(), 1, []player{me, opp})
	require.NoError(t, r.Err)
	require.Equal(t, 4.0+15, r.Scores[0], "turns the bot moved in: the script's 4, then the room's 15 cells")
}

// TestStrongSmoke plays boards and player counts of every size, the bot in
// several seats among the simple bots, and checks that it never fails to
// answer.
func TestStrongSmoke(t *testing.T) {
	simtest.Clockless(t)
	cases := []struct {
		width, height, players int
		starts                 [][]int
		games                  int
	}{
		{width: 100, height: 100, players: 4, games: 1},
		{width: 100, height: 100, players: 12, games: 1},
		{width: 11, height: 11, players: 2, games: 2},
		{width: 11, height: 11, players: 4, games: 4},
		{width: 11, height: 11, players: 12, games: 4},
		{width: 3, height: 3, players: 2, games: 8},
		{width: 2, height: 2, players: 2, starts: [][]int{{0, 0}, {1, 1}}, games: 2},
		{width: 1, height: 2, players: 2, starts: [][]int{{0, 0}, {0, 1}}, games: 1},
	}
	others := []string{"stupid", "straight", "random"}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%dx%d/%d", c.width, c.height, c.players), func(t *testing.T) {
			if simtest.RaceDetector && c.width*c.height > 1000 {
				t.Skip("the race detector checks the small boards' concurrent games; a 100×100 game takes it minutes")
			}
			t.Parallel()
			overrides := params("width", c.width, "height", c.height, "players", c.players)
			if c.starts != nil {
				overrides.Set("starts", c.starts)
			}
			rules, eff := newRules(t, overrides)
			m := sim.NewMatch(rules, eff)
			players := make([]player, c.players)
			strong := map[int]bool{}
			for k := range players {
				if k%3 == 0 || c.players == 2 {
					players[k], strong[k] = newStrong(t)(), true
				} else {
					players[k] = newPlayerOf(t, others[k%len(others)], sim.Params{})()
				}
			}
			for i := range c.games {
				r := m.Play(context.Background(), sim.Derive(11, uint64(i)), players)
				require.NoError(t, r.Err)
				for _, f := range r.Faults {
					require.False(t, strong[f.Seat], "the strong bot in seat %d faulted: %+v", f.Seat, f)
				}
			}
		})
	}
}

// TestStrongDeterministic replays a match and expects the same one, and
// pins it: a change of the hash means the bot plays other moves, which
// only a change meant to alter its play may do (then update the pin). Three
// players on 20×20, so that the bot searches a crowd, a duel once one is
// out, and fills; at its defaults.
func TestStrongDeterministic(t *testing.T) {
	skipUnderRace(t)
	rules, eff := newRules(t, params("players", 3, "width", 20, "height", 20))
	strong := newStrong(t)
	play := func() sim.Result {
		m := sim.NewMatch(rules, eff)
		return m.Play(context.Background(), 99, []player{strong(), strong(), newPlayerOf(t, "stupid", sim.Params{})()})
	}
	first, second := play(), play()
	require.Equal(t, first.StateHash, second.StateHash)
	require.Equal(t, first.Turns, second.Turns)
	require.Equal(t, pinnedGame, fmt.Sprintf("%d turns, places %v, hash %x", first.Turns, first.Places, first.StateHash))
}

// pinnedGame is TestStrongDeterministic's match.
const pinnedGame = "119 turns, places [2 1 3], hash 2d7c55d5ad3fd649"

// TestStrongSwindle plays a 20×20 duel in which strong falls behind, with
// and without the swindle argument: the predicted answers change the
// game, the same way each time (pinned), and swindle=0 plays exactly as
// the default. A player that played a match before plays it again as a
// new one does: it ended that match behind, and forgets it.
func TestStrongSwindle(t *testing.T) {
	skipUnderRace(t)
	rules, eff := newRules(t, params("width", 20, "height", 20))
	playWith := func(p player) string {
		m := sim.NewMatch(rules, eff)
		r := m.Play(context.Background(), 1, []player{newPlayerOf(t, "strong", params("work", 100))(), p})
		return fmt.Sprintf("%d turns, places %v, hash %x", r.Turns, r.Places, r.StateHash)
	}
	play := func(args sim.Params) string { return playWith(newPlayerOf(t, "strong", args)()) }
	plain := play(params("work", 300))
	require.Equal(t, plain, play(params("work", 300, "swindle", 0)))
	swindled := play(params("work", 300, "swindle", 200))
	require.NotEqual(t, plain, swindled, "the swindle never changed a move")
	require.Equal(t, "76 turns, places [1 2], hash 98c6898ffd5b0f93", swindled)
	again := newPlayerOf(t, "strong", params("work", 300, "swindle", 200))()
	require.Equal(t, swindled, playWith(again))
	require.True(t, again.(*Strong).duel.behind, "the first match no longer ends behind: the test no longer tests")
	again.Reset(sim.MatchInfo{Seat: 1, Seats: 2, Params: eff}, sim.NewRand(1, 1))
	require.False(t, again.(*Strong).duel.behind, "a new match starts as if the last search was behind")
	require.Equal(t, swindled, playWith(again))
}

// TestStrongSwindleBudget checks what a move far behind costs: once the
// last search ended swindle or more behind, the prediction comes out of
// the move's budget (the iterative deepening keeps a quarter of it), and
// the first such move takes at most a quarter more. Such a move allocates
// nothing.
func TestStrongSwindleBudget(t *testing.T) {
	const work, size = 300, 20
	me := newPlayerOf(t, "strong", params("work", work, "swindle", 200))().(*Strong)
	tb := newTable(t, params("width", size, "height", size), 1, newPlayerOf(t, "strong", params("work", 100))(), me)
	// An evaluation started within the budget may end past it: at most
	// the board's cells, in the territory search and two chamber trees.
	const slack = size * size * (1 + 2*chamberCost)
	reserved, allocsChecked := 0, simtest.RaceDetector // its instrumentation allocates
	for {
		behind, searches := me.duel.behind, me.modes[modeSearch]
		if behind && !allocsChecked && !tb.rules.Done(&tb.state) {
			v := tb.view(1)
			require.Zero(t, testing.AllocsPerRun(5, func() {
				_, err := me.Act(v)
				require.NoError(t, err)
			}), "a move far behind allocates")
			allocsChecked = true
		}
		if !tb.step() {
			break
		}
		if me.modes[modeSearch] == searches {
			continue
		}
		limit := 1000*work + 1000*work/4
		if behind {
			limit = 1000 * work
			reserved++
		}
		require.LessOrEqual(t, me.duel.work, limit+slack, "turn %d, behind before: %v", tb.rules.Turn(&tb.state), behind)
	}
	require.Positive(t, reserved, "never behind: the test no longer tests")
}

// TestBestAnswer checks the choice of an answer to the opponent's
// predicted move, my moves by row, the opponent's by column. The outcomes
// fail hard (a value outside the window is the window's end), the least a
// fail-soft search promises, so that the choice may rest on nothing more.
func TestBestAnswer(t *testing.T) {
	for _, c := range []struct {
		name    string
		outcome [4][4]int
		n, m    int
		value   int
		answer  int
		ok      bool
	}{
		// The search plays row 0 (its worst, -300, beats row 1's -500).
		// The opponent's column 1 leaves my best answer the least (-100
		// against column 0's +50), so it is predicted, and row 1 answers
		// it.
		{"answers the cautious move", [4][4]int{{50, -300}, {-500, -100}}, 2, 2, -300, 1, true},
		// Column 0 is predicted (my best answer there is -200, against
		// -100 in column 1), and row 0 answers it, at -200: better than
		// -300, the search's own row.
		{"the search's own move", [4][4]int{{-200, -300}, {-400, -100}}, 2, 2, -300, 0, true},
		{"no better than the search", [4][4]int{{-300, -300}, {-500, -300}}, 2, 2, -300, 0, false},
		{"another move of theirs wins", [4][4]int{{50, -300, 0}, {-500, -100, -decided}}, 2, 3, -300, 0, false},
		// Equals: the first column whose best answer is least, the
		// first row of the best answers.
		{"the first of equals", [4][4]int{{-100, -200, -200}, {-300, -200, -100}, {0, -400, -200}}, 3, 3, -350, 0, true},
		{"the first of equal columns", [4][4]int{{-100, -200, -100}, {-150, -300, -300}, {-400, -250, -500}}, 3, 3, -350, 0, true},
		// Three answers to column 2, the last the best.
		{"the best of later answers", [4][4]int{{90, 80, -300}, {70, 60, -250}, {50, 40, -120}}, 3, 3, -400, 2, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			calls := 0
			outcome := func(i, j, alpha, beta int) (int, bool) {
				require.Less(t, i, c.n)
				require.Less(t, j, c.m)
				require.Less(t, alpha, beta)
				calls++
				return min(max(c.outcome[i][j], alpha), beta), true
			}
			answer, ok := bestAnswer(c.n, c.m, c.value, outcome)
			require.Equal(t, c.ok, ok)
			if ok {
				require.Equal(t, c.answer, answer)
			}
			require.Positive(t, calls)
		})
	}
	t.Run("a column dropped at its first answer above the least", func(t *testing.T) {
		// Column 0's best answer is -200; row 0 answers columns 1 and 2
		// with more, so neither needs another answer searched.
		outcome := [4][4]int{{-200, 100, 100}, {-300, -900, -900}, {-400, -900, -900}}
		var searched [4][4]int
		answer, ok := bestAnswer(3, 3, -500, func(i, j, alpha, beta int) (int, bool) {
			searched[i][j]++
			return min(max(outcome[i][j], alpha), beta), true
		})
		require.True(t, ok)
		require.Equal(t, 0, answer)
		require.Equal(t, [4][4]int{{1, 2, 2}, {1, 0, 0}, {1, 0, 0}}, searched,
			"row 0 searched twice against columns 1 and 2: dropping them, then with the null window at -decided")
	})
	t.Run("out of budget", func(t *testing.T) {
		// Column 0 takes 2 searches, column 1 three (row 1 proved better,
		// then valued), and row 1 against column 0 one more.
		for stop := range 7 {
			calls := 0
			_, ok := bestAnswer(2, 2, -1000, func(i, j, alpha, beta int) (int, bool) {
				calls++
				return [2][2]int{{50, -300}, {-500, -100}}[i][j], calls <= stop
			})
			require.Equal(t, stop >= 6, ok, "budget for %d searches", stop)
		}
	})
}

// TestStrongParams checks the bot's arguments and their ranges.
func TestStrongParams(t *testing.T) {
	bots := Bots()
	var bot sim.Bot[tron.View, tron.Dir]
	for _, b := range bots {
		if b.Name == "strong" {
			bot = b
		}
	}
	require.Equal(t, "strong", bot.Name)
	require.NotEmpty(t, bot.Summary)
	for _, c := range []struct {
		args string
		ok   bool
	}{
		{"strong", true},
		{"strong:depth=1,work=1", true},
		{"strong:depth=32,work=1000000", true},
		{"strong:depth=0", false},
		{"strong:depth=33", false},
		{"strong:work=0", false},
		{"strong:work=fast", false},
		{"strong:nodes=5", false},
		{"strong:swindle=200", true},
		{"strong:swindle=-1", false},
		{"strong:swindle=10001", false},
	} {
		spec, err := sim.ParseBotSpec(c.args)
		require.NoError(t, err)
		eff, err := sim.Effective(spec.Args, bot.Params)
		if err == nil {
			_, err = bot.Prepare(eff)
		}
		require.Equal(t, c.ok, err == nil, "%s: %v", c.args, err)
	}
}

// untilMode steps the table until the strong player in seat 0 would play
// its next move in mode m (it probes by asking for the move: a player may be
// asked twice in a turn), and returns its view then.
func untilMode(t testing.TB, tb *table, me *Strong, m mode) *tron.View {
	t.Helper()
	for {
		v := tb.view(0)
		require.True(t, v.Alive(0), "the bot died before playing in mode %d", m)
		before := me.modes[m]
		_, err := me.Act(v)
		require.NoError(t, err)
		if me.modes[m] > before {
			return v
		}
		require.True(t, tb.step())
	}
}

// roomTable sets up TestStrongFillsRoom's position, walled off in its
// room, for a player that starts right away.
func roomTable(t testing.TB, me player) *table {
	wall := dirs(t, "y+", "y+", "y+", "y+", "x+", "x+", "x+", "x+", "y-", "x-", "x-", "x-", "y-")
	return newTable(t, params("width", 9, "height", 5, "starts", [][]int{{0, 0}, {4, 0}}), 1, me, simtest.NewScript[tron.View](wall))
}

// TestStrongAllocs checks that a move allocates nothing once the player's
// buffers are sized, in each of its ways of playing.
func TestStrongAllocs(t *testing.T) {
	if simtest.RaceDetector {
		t.Skip("the race detector's instrumentation allocates, and a move at the default budget takes seconds")
	}
	cases := []struct {
		name  string
		mode  mode
		table func(me *Strong) *table
	}{
		{"apart", modeApart, func(me *Strong) *table {
			return newTable(t, sim.Params{}, 5, me, newPlayerOf(t, "straight", sim.Params{})())
		}},
		{"search", modeSearch, func(me *Strong) *table {
			return newTable(t, sim.Params{}, 5, me, newPlayerOf(t, "straight", sim.Params{})())
		}},
		{"crowd", modeCrowd, func(me *Strong) *table {
			straight := newPlayerOf(t, "straight", sim.Params{})
			return newTable(t, params("players", 4, "width", 40, "height", 40), 5, me, straight(), straight(), straight())
		}},
		{"fill", modeFill, func(me *Strong) *table { return roomTable(t, me) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			me := newStrong(t)().(*Strong)
			v := untilMode(t, c.table(me), me, c.mode)
			before := me.modes[c.mode]
			allocs := testing.AllocsPerRun(20, func() {
				d, err := me.Act(v)
				require.NoError(t, err)
				require.True(t, d.Valid())
			})
			require.Zero(t, allocs)
			require.Greater(t, me.modes[c.mode], before)
		})
	}
}

// BenchmarkStrongAct times one move of the strong bot against straight on
// boards of 20×20, 40×40 and the default 100×100, in each of its ways of
// playing a duel: the first move in the search mode met (heads near each
// other), the first move apart (one evaluation of each move), and a move
// once walled off. The first search move of a game, on an empty board, is
// one that spends its whole budget: its time is what docs/bots.md gives
// for the default and the benchmark setting (work=12000), as CPU time
// (cpu-ms/op), which the other jobs of a shared machine leave alone.
func BenchmarkStrongAct(b *testing.B) {
	for _, size := range []int{20, 40, 100} {
		for _, c := range []struct {
			name string
			mode mode
			work int
		}{
			{"search", modeSearch, defaultWork}, {"apart", modeApart, defaultWork}, {"fill", modeFill, defaultWork},
			{"search/work=12000", modeSearch, benchmarkWork},
		} {
			if c.mode == modeApart && size <= defaultReach {
				// At the default reach the search goes deep from the first
				// move on such a board: there is no move apart to time.
				continue
			}
			b.Run(fmt.Sprintf("%dx%d/%s", size, size, c.name), func(b *testing.B) {
				// Reaching a walled-off position plays a game of search
				// moves: two minutes at the default budget for the three
				// boards. With -short (make bench-check, CI's run of every
				// benchmark once) the cheap budget reaches the way of
				// playing, in another game, and a player of the case's
				// budget is timed there.
				setup := c.work
				if testing.Short() {
					setup = defaultWork
				}
				me := newPlayerOf(b, "strong", params("work", setup))().(*Strong)
				tb := newTable(b, params("width", size, "height", size), 5, me, newPlayerOf(b, "straight", sim.Params{})())
				v := untilMode(b, tb, me, c.mode)
				if setup != c.work {
					me = newPlayerOf(b, "strong", params("work", c.work))().(*Strong)
					me.Reset(sim.MatchInfo{Seat: 0, Seats: 2}, nil)
					if _, err := me.Act(v); err != nil || me.modes[c.mode] != 1 {
						b.Fatalf("a fresh player plays this position in modes %v, not mode %d (error %v)", me.modes, c.mode, err)
					}
				}
				b.ReportAllocs()
				start := cpuTime()
				for b.Loop() {
					if _, err := me.Act(v); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-start)/1e6/float64(b.N), "cpu-ms/op")
				if c.mode == modeSearch {
					// Only a search spends its budget; in the other ways the
					// count is the last search's.
					b.ReportMetric(float64(me.duel.work), "work/op")
				}
			})
		}
	}
}

// BenchmarkStrongGame plays strong at its defaults against itself on
// 20×20 and 40×40, each seed from both seats, and times seat 0's moves:
// the median and 90th percentile of its search moves (heads near, the
// budget's moves), and the median and mean of all its moves (fills and
// moves apart are cheap). docs/bots.md gives these figures:
//
//	go test -run '^$' -bench StrongGame -benchtime 1x ./bots/tron
//
// One iteration plays 4 seeds, 8 games (in -short 2 games, on 20×20 at
// the defaults only).
func BenchmarkStrongGame(b *testing.B) {
	for _, size := range []int{20, 40} {
		b.Run(fmt.Sprintf("%dx%d", size, size), func(b *testing.B) {
			benchmarkStrongGame(b, size, sim.Params{})
		})
	}
}

// BenchmarkStrongCurve plays strong:work=N against itself on 20×20 and
// 40×40, as BenchmarkStrongGame does, for the cost columns of docs/bots.md's
// curve of strength against budget (one size at a time: 40×40 takes about
// ten minutes):
//
//	go test -run '^$' -bench 'StrongCurve/20x20' -benchtime 1x ./bots/tron
//	go test -run '^$' -bench 'StrongCurve/40x40' -benchtime 1x ./bots/tron
func BenchmarkStrongCurve(b *testing.B) {
	for _, size := range []int{20, 40} {
		for _, work := range curveWorks {
			b.Run(fmt.Sprintf("%dx%d/work=%d", size, size, work), func(b *testing.B) {
				if testing.Short() {
					b.Skip("a budget of the curve, not the default's")
				}
				benchmarkStrongGame(b, size, params("work", work))
			})
		}
	}
}

// curveWorks are the budgets of docs/bots.md's curve of strength against
// budget, other than the default.
var curveWorks = []int{250, 1000, 2000, 4000, benchmarkWork}

// benchmarkStrongGame plays strong with args against itself on a size×size
// board, 4 deals (1 in -short) each from both seats, and reports the times
// of seat 0's moves (see BenchmarkStrongGame).
func benchmarkStrongGame(b *testing.B, size int, args sim.Params) {
	seeds := 4
	if testing.Short() {
		if size > 20 {
			b.Skip("the code of 20×20, on a larger board")
		}
		seeds = 1
	}
	strong := newPlayerOf(b, "strong", args)
	var search, all []time.Duration
	for b.Loop() {
		for s := range seeds {
			for seat := range 2 {
				me := &timedStrong{Strong: strong().(*Strong), search: &search, all: &all}
				players := []player{strong(), strong()}
				players[seat] = me
				tb := newTable(b, params("width", size, "height", size), sim.Derive(7, uint64(s)), players...)
				for tb.step() {
				}
			}
		}
	}
	ms := func(ds []time.Duration, q float64) float64 {
		if len(ds) == 0 {
			return 0
		}
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return float64(ds[int(q*float64(len(ds)-1))]) / 1e6
	}
	var sum time.Duration
	for _, d := range all {
		sum += d
	}
	b.ReportMetric(ms(search, 0.5), "search-median-ms")
	b.ReportMetric(ms(search, 0.9), "search-p90-ms")
	b.ReportMetric(ms(all, 0.5), "median-ms/move")
	b.ReportMetric(float64(sum)/1e6/float64(max(1, len(all))), "mean-ms/move")
}

// timedStrong times a strong player's moves: each into all, and the
// searches into search too.
type timedStrong struct {
	*Strong
	search, all *[]time.Duration
}

func (p *timedStrong) Act(v *tron.View) (tron.Dir, error) {
	searches := p.modes[modeSearch]
	start := time.Now()
	d, err := p.Strong.Act(v)
	spent := time.Since(start)
	*p.all = append(*p.all, spent)
	if p.modes[modeSearch] > searches {
		*p.search = append(*p.search, spent)
	}
	return d, err
}

// TestStrongReduce plays a 20×20 duel with and without the reduce
// argument: reduce=0 plays exactly as the default, and the reductions
// change the game, the same way each time (pinned); reduce=1 reduces as
// 2 does.
func TestStrongReduce(t *testing.T) {
	skipUnderRace(t)
	rules, eff := newRules(t, params("width", 20, "height", 20))
	play := func(args sim.Params) string {
		m := sim.NewMatch(rules, eff)
		r := m.Play(context.Background(), 1, []player{newPlayerOf(t, "strong", params("work", 100))(), newPlayerOf(t, "strong", args)()})
		return fmt.Sprintf("%d turns, places %v, hash %x", r.Turns, r.Places, r.StateHash)
	}
	plain := play(params("work", 300))
	require.Equal(t, plain, play(params("work", 300, "reduce", 0)))
	reduced := play(params("work", 300, "reduce", 3))
	require.NotEqual(t, plain, reduced, "the reductions never changed a move")
	require.Equal(t, "136 turns, places [2 1], hash 38e45e21eeeed90c", reduced)
	require.Equal(t, reduced, play(params("work", 300, "reduce", 3)))
	// A node one turn from the horizon has no shallower search to try.
	require.Equal(t, play(params("work", 300, "reduce", 2)), play(params("work", 300, "reduce", 1)))
}
