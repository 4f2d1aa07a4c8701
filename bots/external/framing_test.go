package external

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	abots "github.com/arenasim/arena/bots/aquariom"
	sobots "github.com/arenasim/arena/bots/sopra"
	vbots "github.com/arenasim/arena/bots/vampires"
	"github.com/arenasim/arena/engines/aquariom"
	"github.com/arenasim/arena/engines/sopra"
	"github.com/arenasim/arena/engines/vampires"
	"github.com/arenasim/arena/sim"
	"github.com/arenasim/arena/sim/simtest"
)

// halfLate runs a client of examples/ with its socket's sends wrapped: its
// second answer (the third send: the greeting is the first) goes out half,
// and the rest only with its next answer — once it has read the next
// turn's message, which arena sends after the late turn's deadline. No
// clock decides which turn is late.
const halfLate = `exec python3 -c "
import runpy, socket, sys
sent = {'n': 0, 'rest': None}
def wrap(orig):
    def send(self, data, *a):
        data = bytes(data)
        sent['n'] += 1
        full = len(data)
        if sent['rest'] is not None:
            data, sent['rest'] = sent['rest'] + data, None
        elif sent['n'] == 3:
            data, sent['rest'] = data[:len(data) // 2], data[len(data) // 2:]
        socket.socket.sendall_orig(self, data)
        return full
    return send
socket.socket.sendall_orig = socket.socket.sendall
socket.socket.sendall = wrap(socket.socket.sendall)
socket.socket.send = wrap(socket.socket.send)
script = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(script, run_name='__main__')
" `

// TestHalfAnswerPastTheDeadline: in each original binary or TCP protocol,
// an answer of which half came before its deadline and the rest after
// costs its turn only — a timeout — and every later answer is read whole:
// the next turn does not read from the middle of a message.
func TestHalfAnswerPastTheDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a deadline")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	ag, vg, sg := aquariom.Game(), vampires.Game(), sopra.Game()
	ag.Bots, vg.Bots, sg.Bots = abots.Bots(), vbots.Bots(), sobots.Bots()
	for _, tc := range []struct {
		name, example, params, other string
		game                         sim.AnyGame
	}{
		{"aquariom", "aquariom_original.py", `{"nb_turns":6}`, "nearest", sim.Erase(&ag, Exec())},
		{"vampires", "vampires_original.py", `{"max_plies":12}`, "greedy", sim.Erase(&vg, Exec())},
		{"sopra", "sopra_original.py", `{"players":2,"rounds":6}`, "collector", sim.Erase(&sg, Exec())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each waits for one deadline
			example, err := filepath.Abs(filepath.Join("..", "..", "examples", tc.example))
			require.NoError(t, err)
			bot := script(t, halfLate+example+` "$@"`+"\n")
			// A generous deadline: only the late turn waits for it.
			st, err := tc.game.Setup(simtest.ParamsJSON(t, tc.params), simtest.Specs(t, "exec:cmd="+bot+",proto=original,timeout=5s", tc.other))
			require.NoError(t, err)
			res := play(t, st, 0)
			require.NoError(t, res.Err)
			mine := faultsOf(res, 0)
			require.Len(t, mine, 1, "%v", mine)
			require.Equal(t, sim.FaultTimeout, mine[0].Kind, mine[0].Msg)
			require.Greater(t, res.Turns, mine[0].Turn, "turns were played after the late one")
		})
	}
}
