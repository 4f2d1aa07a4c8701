//go:build !race

package simtest

// RaceDetector is set when the code is built with the race detector (see
// detector_race.go).
const RaceDetector = false
