package minibus

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arenasim/arena/sim"
)

func TestStrongArguments(t *testing.T) {
	bot := strongBot()
	for _, tc := range []struct {
		args sim.Params
		want string
	}{
		{sim.Params{"memory": []byte("0")}, "param memory: 0 is out of range 1..500"},
		{sim.Params{"residual": []byte("2")}, "param residual: 2 is out of range 0..1"},
		{sim.Params{"depth": []byte("2")}, "param depth: unknown parameter (known: memory, residual, wait, bus_yield, car_yield)"},
		{sim.Params{"wait": []byte("5")}, "param wait: 5 is out of range 0..4"},
	} {
		eff, err := sim.Effective(tc.args, bot.Params)
		if err == nil {
			_, err = bot.Prepare(eff)
		}
		require.EqualError(t, err, tc.want)
	}
	prepare := func(args sim.Params) StrongConfig {
		eff, err := sim.Effective(args, bot.Params)
		require.NoError(t, err)
		newPlayer, err := bot.Prepare(eff)
		require.NoError(t, err)
		return newPlayer().(*Strong).args
	}
	require.Equal(t, DefaultStrongConfig(), prepare(nil), "the defaults of the specs and of DefaultStrongConfig")
	require.Equal(t, StrongConfig{Memory: 80, Residual: 0.1, Wait: 1, BusYield: 2, CarYield: 3},
		prepare(sim.Params{"memory": []byte("80"), "residual": []byte("0.1"), "wait": []byte("1"), "bus_yield": []byte("2"), "car_yield": []byte("3")}))
}
