package simtest

import (
	"os"
	"testing"
)

// LoadEnv is the environment variable the load test sets (.ci/test-load,
// make test-load): the test suite again while busy processes share the
// machine's cores.
const LoadEnv = "ARENA_TEST_LOAD"

// Clockless marks a long test that reads no clock: it plays seeded matches
// in process, or computes, and checks what comes out, never how fast, so
// that a busy machine can change its duration only. The load test, which
// is there to find the tests that depend on how fast the machine is,
// skips it: under load it would only take its minutes again. make test
// runs it as always.
func Clockless(t testing.TB) {
	t.Helper()
	if os.Getenv(LoadEnv) != "" {
		t.Skip("reads no clock: nothing for the load test to find (make test runs it)")
	}
}

// OneGoroutine marks a long test that starts no goroutine: it computes, or
// plays matches one after another on its own goroutine, so the race
// detector can find nothing in it. The race pass (make race, which runs
// the tests with -short) skips it; make test runs it as always.
func OneGoroutine(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts no goroutine: nothing for the race detector to find (make test runs it)")
	}
}
