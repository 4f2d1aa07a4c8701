//go:build !unix

package cli

// watchStops does nothing: no signal stops arena here.
func watchStops() (stop func()) { return func() {} }
