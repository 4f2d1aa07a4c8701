package minibus

import (
	"fmt"
	"time"

	"github.com/arenasim/arena/sim"
)

// Version is the version of these rules; it is part of every rules hash, so
// bump it whenever a change of the rules can change a match.
const Version = "2"

// Limits of the parameters and the fixed numbers of the rule sheet.
const (
	MinPlayers = 1
	MaxPlayers = 4
	// MaxStations is the most stations a game can hold: the
	// origin–destination matrix has one row per station id 0..9.
	MaxStations = 10
	// MaxCapacity is the largest pinned station capacity: it keeps the
	// spawn probability (41 + 2c)/100 of an empty station below 1.
	MaxCapacity = 29
	maxGrid     = 100
	maxAmount   = 1_000_000_000
	maxCount    = 100

	// StartFare is the fare CT before any UPDATECT (rule sheet, "Grid,
	// players, money"), FareStep what each UPDATECT adds.
	StartFare = 10
	FareStep  = 2
	// CarCapacity is the number of seats of one car.
	CarCapacity = 5
	// Transfers is the most passengers one bus loads or unloads in a turn.
	Transfers = 5
)

// odWeights are the percentages an origin's row of the origin–destination
// matrix shares out among the other stations (rule sheet,
// "Origin–destination matrix").
var odWeights = [MaxStations - 1]int{40, 20, 10, 10, 5, 5, 5, 3, 2}

// Params documents the parameters of Minibus (rule sheet, "Parameters").
var Params = []sim.ParamSpec{
	sim.IntParam("players", 2, MinPlayers, MaxPlayers, "number of players"),
	sim.IntParam("grid_size", 10, 1, maxGrid, "the grid's points are (x, y) with 0 ≤ x, y < grid_size; it must hold max_stations points"),
	sim.IntParam("max_turns", 500, 1, 100_000, "the game ends after this turn"),
	sim.IntParam("start_money", 150, 0, maxAmount, "each player's money at the start"),
	sim.IntParam("goal_money", 1500, 1, maxAmount, "money that wins, checked at the end of each turn"),
	sim.IntParam("max_stations", 10, 1, MaxStations, "stations that appear in all"),
	sim.IntParam("initial_stations", 3, 1, MaxStations, "stations at the start, at most max_stations"),
	sim.IntParam("station_every", 25, 1, 100_000, "a new station appears at turns 1, 1+station_every, 1+2·station_every… until max_stations exist"),
	sim.IntParam("max_buses", 4, 0, maxCount, "buses a player may own"),
	sim.IntParam("bus_price", 100, 0, maxAmount, "price of BUS"),
	sim.IntParam("upgrade_price", 50, 0, maxAmount, "price of UPGRADE (one more car)"),
	sim.IntParam("sb_price", 100, 0, maxAmount, "price of UPDATESB (one more car allowed per bus)"),
	sim.IntParam("sb_max", 2, 0, maxCount, "times a player may UPDATESB"),
	sim.IntParam("sp_price", 200, 0, maxAmount, "price of UPDATESP (one more step per turn)"),
	sim.IntParam("sp_max", 2, 0, maxCount, "times a player may UPDATESP"),
	sim.IntParam("ct_price", 100, 0, maxAmount, "price of UPDATECT (fare +2)"),
	sim.IntParam("ct_max", 5, 0, maxCount, "times a player may UPDATECT"),
	sim.ChoiceParam("boarding", "referee", boardingNames[:], `which loading bus a boarding passenger takes: "referee" (fewest passengers on board) or "free_seats" (most free seats, the subject text); ties at random`),
	sim.ChoiceParam("failed_upgrade", "paid", failedUpgradeNames[:], `whether an UPGRADE that fails on the car limit or on a bus bought this turn is paid for: "paid" (the referee takes the price before checking) or "free"`),
	{Name: "stations", Default: "null", Doc: fmt.Sprintf("pinned stations [[x,y,capacity],…] in order of appearance (ids 0, 1…), at most max_stations, distinct points on the grid, capacity 1..%d; the stations after the list are random; null = all random", MaxCapacity)},
}

// Boarding is the rule that picks the bus a passenger boards when several
// buses load at one station.
type Boarding uint8

// The boarding rules (rule sheet, "Buses").
const (
	// FewestRiders picks the bus with the fewest passengers on board: the
	// referee's rule.
	FewestRiders Boarding = iota
	// MostFreeSeats picks the bus with the most free seats: the subject
	// text's "least full".
	MostFreeSeats
)

var boardingNames = [...]string{"referee", "free_seats"}

// String returns the rule's name as the boarding parameter spells it.
func (b Boarding) String() string { return boardingNames[b] }

// FailedUpgrade says whether an UPGRADE that fails on the car limit or on a
// bus bought this turn is paid for (rule sheet, "Commands").
type FailedUpgrade uint8

// The rules for a failed UPGRADE.
const (
	PaidUpgrade FailedUpgrade = iota // the referee takes the price before checking
	FreeUpgrade                      // the price is taken once the upgrade is sure
)

var failedUpgradeNames = [...]string{"paid", "free"}

// String returns the rule's name as the failed_upgrade parameter spells it.
func (f FailedUpgrade) String() string { return failedUpgradeNames[f] }

// StationSpec is a pinned station.
type StationSpec struct{ X, Y, Capacity int }

// Config is every number of a rule set: what a bot may want to know of the
// rules. The prices and limits are those of the commands' table.
type Config struct {
	Players         int
	GridSize        int
	MaxTurns        int
	StartMoney      int
	GoalMoney       int
	MaxStations     int
	InitialStations int
	StationEvery    int
	MaxBuses        int
	BusPrice        int
	UpgradePrice    int
	SBPrice, SBMax  int
	SPPrice, SPMax  int
	CTPrice, CTMax  int
	Boarding        Boarding
	FailedUpgrade   FailedUpgrade
}

// Rules is Minibus configured with one parameter set; it implements
// sim.Engine[State, View, Action].
type Rules struct {
	Config
	Stations []StationSpec // pinned stations, in order of appearance; nil: random
}

// New configures the rules from an effective parameter set.
func New(seats int, p sim.Params) (*Rules, error) {
	if err := sim.CheckSeats(seats, Params); err != nil {
		return nil, err
	}
	r := sim.NewParamReader(p, Params)
	c := Config{
		Players:      seats,
		GridSize:     r.Int("grid_size"),
		MaxTurns:     r.Int("max_turns"),
		StartMoney:   r.Int("start_money"),
		GoalMoney:    r.Int("goal_money"),
		MaxStations:  r.Int("max_stations"),
		StationEvery: r.Int("station_every"),
		MaxBuses:     r.Int("max_buses"),
		BusPrice:     r.Int("bus_price"),
		UpgradePrice: r.Int("upgrade_price"),
		SBPrice:      r.Int("sb_price"),
		SBMax:        r.Int("sb_max"),
		SPPrice:      r.Int("sp_price"),
		SPMax:        r.Int("sp_max"),
		CTPrice:      r.Int("ct_price"),
		CTMax:        r.Int("ct_max"),
	}
	if c.InitialStations = r.Int("initial_stations"); r.Err() == nil && c.InitialStations > c.MaxStations {
		r.Fail("initial_stations", "%d is out of range 1..%d", c.InitialStations, c.MaxStations)
	}
	if r.String("failed_upgrade") == "free" {
		c.FailedUpgrade = FreeUpgrade
	}
	switch r.String("boarding") {
	case "free_seats":
		c.Boarding = MostFreeSeats
	default:
		c.Boarding = FewestRiders
	}
	var pinned [][]int
	if raw := p["stations"]; r.Err() == nil && raw != nil && string(raw) != "null" {
		var err error
		if pinned, err = sim.ReadTuples[int](raw, "station", "x", "y", "capacity"); err != nil {
			r.Fail("stations", "%v", err)
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	rules := &Rules{Config: c}
	if c.GridSize*c.GridSize < c.MaxStations {
		r.Fail("grid_size", "a %d×%d grid has %d points, fewer than max_stations %d", c.GridSize, c.GridSize, c.GridSize*c.GridSize, c.MaxStations)
	}
	if pinned == nil {
		return rules, r.Err()
	}
	if len(pinned) > c.MaxStations {
		r.Fail("stations", "%d stations, more than max_stations %d", len(pinned), c.MaxStations)
	}
	rules.Stations = make([]StationSpec, 0, len(pinned))
	for i, st := range pinned {
		spec := StationSpec{st[0], st[1], st[2]}
		if !rules.onGrid(spec.X, spec.Y) {
			r.Fail("stations", "station %d [%d,%d] is off the %d×%d grid", i, spec.X, spec.Y, c.GridSize, c.GridSize)
		}
		if spec.Capacity < 1 || spec.Capacity > MaxCapacity {
			r.Fail("stations", "station %d has capacity %d, out of range 1..%d", i, spec.Capacity, MaxCapacity)
		}
		for j, prev := range rules.Stations {
			if prev.X == spec.X && prev.Y == spec.Y {
				r.Fail("stations", "stations %d and %d are both at [%d,%d]", j, i, spec.X, spec.Y)
			}
		}
		rules.Stations = append(rules.Stations, spec)
	}
	return rules, r.Err()
}

// Game is Minibus with no bots; the registry adds them.
func Game() sim.Game[State, View, Action] {
	return sim.Game[State, View, Action]{
		Name:    "minibus",
		Summary: "ENSIIE's bus companies: 1–4 players buy buses, carry passengers between stations for fares; first to 1500 wins",
		Version: Version,
		Params:  Params,
		New:     sim.Configure[State, View, Action](New),
		Codec: sim.Codec[View, Action]{
			JSON:  func(dst []byte, v *View) []byte { return v.AppendJSON(dst) },
			Parse: ParseLine,
			Print: func(dst []byte, a Action) []byte { return append(dst, a.Line...) },
			// The referee's stdin text: 1 s for the first answer, 50 ms after.
			Original: &sim.Original[View]{
				Start:        func(dst []byte, v *View) []byte { return v.AppendStart(dst) },
				Turn:         func(dst []byte, v *View) []byte { return v.AppendTurn(dst) },
				FirstTimeout: time.Second,
				Timeout:      50 * time.Millisecond,
			},
		},
	}
}

// Seats returns the number of players.
func (r *Rules) Seats() int { return r.Players }

func (r *Rules) onGrid(x, y int) bool { return x >= 0 && x < r.GridSize && y >= 0 && y < r.GridSize }

// ParseAction reads an output line. It accepts any text: the commands are
// read one by one when the turn is played, and an invalid one makes the
// player lose then, after the commands before it (rule sheet, "Commands").
func (r *Rules) ParseAction(text string) (Action, error) { return ParseLine(text) }

// AppendAction appends the line of a; nothing for the zero Action.
func (r *Rules) AppendAction(dst []byte, a Action) []byte { return append(dst, a.Line...) }
