package golden

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDiffNamesEachFieldThatDiffers(t *testing.T) {
	lines, err := Diff(
		[]byte(`{"turn":3,"players":[{"money":212,"buses":[1,2]},{"money":5}],"over":false}`),
		[]byte(`{"turn":3,"players":[{"money":210,"buses":[1]},{"money":5},{"money":9}],"over":false,"winner":null}`))
	require.NoError(t, err)
	require.Equal(t, []string{
		"players[0].buses[1]: 2 → (none)",
		"players[0].money: 212 → 210",
		`players[2]: (none) → {"money":9}`,
		"winner: (none) → null",
	}, lines)

	lines, err = Diff([]byte(`{"a":[1,{"b":"x"}]}`), []byte(`{"a":[1,{"b":"x"}]}`))
	require.NoError(t, err)
	require.Empty(t, lines, "the same state")

	lines, err = Diff([]byte(`{"trail":[]}`), []byte(`{"trail":[[1,2],[1,3]]}`))
	require.NoError(t, err)
	require.Equal(t, []string{"trail: [] → [[1,2],[1,3]]"}, lines, "an array empty on one side is one line")

	lines, err = Diff([]byte(`{"x":1}`), []byte(`{"x":1.0}`))
	require.NoError(t, err)
	require.Equal(t, []string{"x: 1 → 1.0"}, lines, "numbers compare as written")

	lines, err = Diff([]byte(`[1]`), []byte(`{"x":[1]}`))
	require.NoError(t, err)
	require.Equal(t, []string{`(the whole state): [1] → {"x":[1]}`}, lines)

	_, err = Diff([]byte(`{`), []byte(`{}`))
	require.EqualError(t, err, "the first state: unexpected EOF")
}
