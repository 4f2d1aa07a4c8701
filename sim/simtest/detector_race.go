//go:build race

package simtest

// RaceDetector is set when the code is built with the race detector (make
// race), whose instrumentation allocates and runs play about twenty times
// slower: allocation counts mean nothing there, and tests whose work is a
// bot's single-goroutine play can do less of it.
const RaceDetector = true
