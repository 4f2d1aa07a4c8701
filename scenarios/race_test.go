//go:build race

package scenarios

// raceDetector is set when the tests run under the race detector, whose
// instrumentation allocates: allocation counts mean nothing there.
const raceDetector = true
