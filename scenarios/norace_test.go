//go:build !race

package scenarios

// raceDetector is set when the tests run under the race detector.
const raceDetector = false
