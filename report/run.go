package report

// Run is the data of a run's page (filled by FromRun).
type Run struct{}

// SPRT is the data of a sequential test's page.
type SPRT struct{}

// Tune is the data of a tuning run's page.
type Tune struct{}
