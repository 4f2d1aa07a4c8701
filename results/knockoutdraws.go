package results

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/olekukonko/tablewriter/tw"
)

// KnockoutDraws is the report of many brackets of the same bots, each
// drawn anew: how much the draw decides. Each bot's titles, finals and
// mean points over the brackets played, the share of titles with its 95%
// interval, and its chance of a title in a bracket drawn at random as the
// ratings of every game played predict it (BracketOdds over the draws),
// with an interval from the ratings' own.
type KnockoutDraws struct {
	Brackets  int                `json:"brackets"`
	Finished  int                `json:"finished"`
	Settings  *KnockoutSettings  `json:"knockout"`
	Bots      []KnockoutDrawsBot `json:"bots"` // by titles, then mean points, then odds
	Standings *Standings         `json:"standings"`
}

// KnockoutDrawsBot is one bot's line.
type KnockoutDrawsBot struct {
	Bot        string   `json:"bot"`
	Titles     int      `json:"titles"`
	Finals     int      `json:"finals"`
	MeanPoints float64  `json:"mean_points"`
	Share      float64  `json:"title_share"` // titles ÷ finished brackets
	ShareLo    float64  `json:"title_share_lo"`
	ShareHi    float64  `json:"title_share_hi"`
	Odds       *float64 `json:"title_odds"` // from the ratings; null without them
	OddsLo     *float64 `json:"title_odds_lo"`
	OddsHi     *float64 `json:"title_odds_hi"`
}

// oddsSamples is how many draws and rating samples the odds average over.
const (
	oddsDraws   = 400
	oddsSamples = 200
)

// NewKnockoutDraws returns the report of the brackets, with the standings
// st of every game; seed seeds the odds' draws and rating samples.
func NewKnockoutDraws(brackets []*Knockout, st *Standings, seed uint64) *KnockoutDraws {
	first := brackets[0]
	n := len(first.names)
	rep := &KnockoutDraws{Brackets: len(brackets), Settings: first.Settings(), Standings: st}
	rep.Settings.Draws = len(brackets)
	titles, finals := make([]int, n), make([]int, n)
	points := make([]float64, n)
	for _, k := range brackets {
		if !k.Finished() {
			continue
		}
		rep.Finished++
		for _, t := range k.ties {
			if t.Round == k.rounds-1 && !t.Third {
				titles[t.Sides[t.Winner]]++
				finals[t.Sides[0]]++
				finals[t.Sides[1]]++
			}
		}
		index := map[string]int{}
		for i, name := range k.names {
			index[name] = i
		}
		for _, p := range k.places() {
			points[index[p.Bot]] += p.Points
		}
	}
	odds, lo, hi := first.titleOdds(st, seed)
	for e, name := range first.names {
		b := KnockoutDrawsBot{Bot: name, Titles: titles[e], Finals: finals[e]}
		if rep.Finished > 0 {
			b.MeanPoints = points[e] / float64(rep.Finished)
			b.Share = float64(titles[e]) / float64(rep.Finished)
			b.ShareLo, b.ShareHi = wilson(titles[e], rep.Finished)
		}
		if odds != nil {
			b.Odds, b.OddsLo, b.OddsHi = &odds[e], &lo[e], &hi[e]
		}
		rep.Bots = append(rep.Bots, b)
	}
	slices.SortStableFunc(rep.Bots, func(a, b KnockoutDrawsBot) int {
		switch {
		case a.Titles != b.Titles:
			return b.Titles - a.Titles
		case a.MeanPoints != b.MeanPoints:
			if a.MeanPoints > b.MeanPoints {
				return -1
			}
			return 1
		}
		return 0
	})
	return rep
}

// wilson returns the Wilson 95% interval of k successes in n.
func wilson(k, n int) (float64, float64) {
	center, reach := wilson95(float64(k)/float64(n), float64(n))
	return max(0, center-reach), min(1, center+reach)
}

// titleOdds returns each bot's chance of a title in a bracket of k's rules
// drawn at random (its seeded seeds kept), from the ratings of st, and the
// 2.5% and 97.5% points of that chance when each rating is drawn from a
// normal law of its interval's width (the ends of an open interval taken
// as the estimate's): nil without ratings.
func (k *Knockout) titleOdds(st *Standings, seed uint64) (odds, lo, hi []float64) {
	if st == nil || len(st.Ratings) != len(k.names) {
		return nil, nil, nil
	}
	n := len(k.names)
	elo, sd := make([]float64, n), make([]float64, n)
	index := map[string]int{}
	for i, name := range k.names {
		index[name] = i
	}
	for _, r := range st.Ratings {
		e := index[r.Bot]
		elo[e] = r.Elo
		width := 0.0
		if !math.IsNaN(r.EloLo) && !math.IsInf(r.EloLo, 0) && !math.IsNaN(r.EloHi) && !math.IsInf(r.EloHi, 0) {
			width = r.EloHi - r.EloLo
		}
		sd[e] = width / (2 * 1.959963984540054)
	}
	ranking := k.set.Draw[:k.set.Seeded]
	rng := rand.New(rand.NewPCG(seed, 0x6b6f)) // "ko"
	exact := factorialAtMost(n-k.set.Seeded, exactDraws)
	if exact {
		odds = DrawOdds(elo, ranking, k.set.Seeded, k.set.Games, k.set.Cap, 0, nil) // every draw
	} else {
		odds = DrawOdds(elo, ranking, k.set.Seeded, k.set.Games, k.set.Cap, oddsDraws, rng)
	}
	samples := make([][]float64, n)
	draw := make([]float64, n)
	for range oddsSamples {
		for e := range draw {
			draw[e] = elo[e] + float64(sd[e]*rng.NormFloat64()) // rounded: no fused multiply-add
		}
		for e, p := range DrawOdds(draw, ranking, k.set.Seeded, k.set.Games, k.set.Cap, oddsDraws/10, rng) {
			samples[e] = append(samples[e], p)
		}
	}
	lo, hi = make([]float64, n), make([]float64, n)
	for e := range samples {
		slices.Sort(samples[e])
		lo[e] = min(samples[e][int(0.025*float64(len(samples[e])))], odds[e])
		hi[e] = max(samples[e][int(0.975*float64(len(samples[e])-1))], odds[e])
	}
	return odds, lo, hi
}

// Write writes the report in format f.
func (rep *KnockoutDraws) Write(w io.Writer, f Format) error {
	switch f {
	case FormatJSON:
		return writeJSON(w, rep)
	case FormatCSV:
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"bot", "titles", "finals", "mean_points", "title_share", "title_share_lo", "title_share_hi", "title_odds", "title_odds_lo", "title_odds_hi"})
		for _, b := range rep.Bots {
			row := []string{b.Bot, strconv.Itoa(b.Titles), strconv.Itoa(b.Finals), num(b.MeanPoints), num(b.Share), num(b.ShareLo), num(b.ShareHi), "", "", ""}
			if b.Odds != nil {
				row[7], row[8], row[9] = num(*b.Odds), num(*b.OddsLo), num(*b.OddsHi)
			}
			_ = cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	}
	rend, gap := tableStyle(f)
	s := rep.Settings
	fmt.Fprintf(w, "%d knockouts of %d bots, each drawn anew from the run's seed (%d finished); ties of %d games, extended up to %d, then the %s\n\n",
		rep.Brackets, len(s.Draw), rep.Finished, s.Games, s.Cap, s.Tiebreak)
	table := newTable(w, rend(), tw.Alignment{tw.AlignLeft, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight, tw.AlignRight})
	table.Header([]string{"BOT", "TITLES", "FINALS", "MEAN POINTS", "TITLE SHARE", "95% CI", "TITLE ODDS, 95%"})
	pct := func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }
	for _, b := range rep.Bots {
		odds := "-"
		if b.Odds != nil {
			odds = fmt.Sprintf("%s [%s, %s]", pct(*b.Odds), pct(*b.OddsLo), pct(*b.OddsHi))
		}
		if err := table.Append([]string{b.Bot, strconv.Itoa(b.Titles), strconv.Itoa(b.Finals), strconv.FormatFloat(b.MeanPoints, 'f', 2, 64),
			pct(b.Share), "[" + pct(b.ShareLo) + ", " + pct(b.ShareHi) + "]", odds}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%sTITLE SHARE: the brackets won; TITLE ODDS: the chance of a title in a bracket drawn at random, from the ratings of every game below\n\nthe standings of every game:\n", gap)
	return rep.Standings.Write(w, f)
}
