package results

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

// oldHeader heads the results files of these tests.
const oldHeader = `{"type":"header","format":1,"game":"sopra","scenario":"sopra/match","rules_hash":"aff7e814725f231f","bots":["a","b"],"seats":2,"games":1,"matches":1,"seed":1}` + "\n"

// TestOldSopraFaultsAreReadAsPenalties: a record written before penalties
// had their own field, whose Sopra forbidden actions were faults of kind
// "invalid", reads as the record today's arena writes for the same match,
// to the byte once encoded again; Sopra's true faults, and another game's
// fault in the same words, stay faults.
func TestOldSopraFaultsAreReadAsPenalties(t *testing.T) {
	const head = `{"type":"match","format":1,"match":0,"seed":5,"game":"sopra","scenario":"sopra/match","rules_hash":"aff7e814725f231f","bots":["a","b"],"scores":[-5,-10],"places":[1,2],"turns":50,`
	const tail = `,"state_hash":"f08efe3b9301aae7"}` + "\n"
	unparsable := `{"seat":0,"turn":1,"kind":"invalid","msg":"sopra: \"Q; penalty, stunned next round\" is not an action (want N, S, E, O, W, JN, JS, JE or JO)"}`
	noAnswer := `{"seat":0,"turn":2,"kind":"no-answer","msg":"no answer: stunned next round"}`
	old := head + `"faults":[` + unparsable + `,{"seat":1,"turn":3,"kind":"invalid","msg":"E: target holds a player; penalty, stunned next round"},` + noAnswer +
		`,{"seat":0,"turn":4,"kind":"invalid","msg":"JO: target off the board; penalty, stunned next round"},{"seat":1,"turn":9,"kind":"invalid","msg":"JS: no jump left; penalty, stunned next round"}]` + tail
	today := head + `"faults":[` + unparsable + `,` + noAnswer + `],"penalties":[{"seat":1,"turn":3,"msg":"E: target holds a player; penalty, stunned next round"},` +
		`{"seat":0,"turn":4,"msg":"JO: target off the board; penalty, stunned next round"},{"seat":1,"turn":9,"msg":"JS: no jump left; penalty, stunned next round"}]` + tail

	for _, line := range []string{old, today} {
		rec := readOne(t, oldHeader+line)
		require.Equal(t, []sim.FaultKind{sim.FaultInvalid, sim.FaultNoAnswer}, []sim.FaultKind{rec.Faults[0].Kind, rec.Faults[1].Kind})
		require.Len(t, rec.Faults, 2, "the true faults stay faults")
		require.Len(t, rec.Penalties, 3)
		again, err := NewLineEncoder().AppendRecord(nil, &rec)
		require.NoError(t, err)
		require.Equal(t, today, string(again), "an old record reads as today's")
	}

	tron := strings.ReplaceAll(old, "sopra", "tron")
	rec := readOne(t, strings.ReplaceAll(oldHeader, "sopra", "tron")+tron)
	require.Len(t, rec.Faults, 5, "another game's faults are never upgraded")
	require.Empty(t, rec.Penalties)
}

// readOne reads the one record of a results file.
func readOne(t *testing.T, text string) Record {
	t.Helper()
	r, err := NewReader(strings.NewReader(text), "results.jsonl")
	require.NoError(t, err)
	var rec Record
	require.NoError(t, r.Read(&rec))
	require.Equal(t, io.EOF, r.Read(&Record{}))
	return rec
}
