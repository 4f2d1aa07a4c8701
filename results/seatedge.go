package results

// A first-seat edge in the rating model (Options.SeatEdge), for two-seat
// games. Every schedule plays each seed from both seats, which cancels an
// edge η to first order but not to second: without it the model averages
// σ(Δ+η) and σ(Δ−η) into one σ(Δ′), |Δ′| < |Δ|, and the ratings are pulled
// in by about (1 − 2σ(Δ))·η²/2 whatever the number of games (with a
// 150-Elo edge and 200 games a pair the plain intervals cover about 70%:
// the seat rows of docs/statistics.md's calibration).
//
// The model splits each entrant i in two virtual entrants, (i, seat 0) and
// (i, seat 1), tied by θ(i,0) − θ(i,1) = η for every i — one edge for all —
// and rates i at θi = (θ(i,0) + θ(i,1))/2: a game of i in seat 0 against j
// in seat 1 is a game of (i,0) against (j,1), won by i with probability
// σ(θi − θj + η). The ties are fixed constraints of the profile likelihood
// (problem.constrain), as several anchors' gaps are, which join them. The
// design effect κ and its degrees of freedom are the plain model's, from
// the same bootstrap: the edge is one parameter more, fitted from every
// game, and leaves how the rounds vary as it was.

// seatModel is the likelihood with a first-seat edge of one group of
// entrants: 2k virtual entrants, 2r for (r, seat 0) and 2r+1 for (r, seat
// 1), r a row of the group.
type seatModel struct {
	p     *problem
	theta []float64 // the fit, 2k
	ll    float64
	av    []float64 // scratch: a contrast over the virtual entrants
}

// virtualTally returns the half wins of the virtual entrants, 2k×2k, from
// a group's half wins and first-seat half wins (k×k, rows of the group).
func virtualTally(half, first []int64, k int) []int64 {
	kv := 2 * k
	v := make([]int64, kv*kv)
	for i := range k {
		for j := range k {
			if i == j {
				continue
			}
			v[(2*i)*kv+2*j+1] = first[i*k+j]               // i in seat 0 over j in seat 1
			v[(2*i+1)*kv+2*j] = half[i*k+j] - first[i*k+j] // i in seat 1 over j in seat 0
		}
	}
	return v
}

// seatRows returns the ties of the virtual entrants, θ(r,0) − θ(r,1) =
// θ(0,0) − θ(0,1) for every row r > 0, and the rows over 2k entrants of
// constraints given over k (several anchors' gaps), a row's weight split
// evenly between its entrant's two seats.
func seatRows(k int, rows, values []float64) (vrows, vvalues []float64) {
	kv := 2 * k
	for r := 1; r < k; r++ {
		row := make([]float64, kv)
		row[2*r], row[2*r+1], row[0], row[1] = 1, -1, -1, 1
		vrows = append(vrows, row...)
		vvalues = append(vvalues, 0)
	}
	for c := range values {
		vrows = append(vrows, expandContrast(rows[c*k:(c+1)*k], nil)...)
		vvalues = append(vvalues, values[c])
	}
	return vrows, vvalues
}

// expandContrast puts a contrast over k entrants into dst over their 2k
// virtual entrants (allocated when nil): a'θ = Σ a_r(θ(r,0) + θ(r,1))/2.
func expandContrast(a, dst []float64) []float64 {
	if dst == nil {
		dst = make([]float64, 2*len(a))
	}
	for r, x := range a {
		dst[2*r], dst[2*r+1] = x/2, x/2
	}
	return dst
}

// newSeatModel fits the likelihood with a first-seat edge of a group
// (half wins and first-seat half wins, k×k rows of the group) under the
// given prior (virtual draws per virtual pair that met) and constraints
// over the group (several anchors' gaps; nil for none), from theta (k,
// nats; nil for zeros).
func newSeatModel(half, first []int64, k int, prior float64, rows, values, theta []float64) *seatModel {
	m := &seatModel{p: newProblem(2 * k), theta: make([]float64, 2*k), av: make([]float64, 2*k)}
	m.p.load(virtualTally(half, first, k), prior)
	m.p.constrain(seatRows(k, rows, values))
	for r := range theta {
		m.theta[2*r], m.theta[2*r+1] = theta[r], theta[r]
	}
	m.ll, _ = m.p.fit(m.theta, nil, 0, nil)
	return m
}

// ratings puts each entrant's θ = (θ(r,0) + θ(r,1))/2 in dst (k).
func (m *seatModel) ratings(dst []float64) {
	for r := range dst {
		dst[r] = (m.theta[2*r] + m.theta[2*r+1]) / 2
	}
}

// edge returns η = θ(r,0) − θ(r,1), in nats.
func (m *seatModel) edge() float64 { return m.theta[0] - m.theta[1] }
