package runner

import (
	"sync"

	"github.com/arenasim/arena/results"
)

// Judging is how a run's records reach its format: the workers' share (see
// ShareJudging), and Add, for the records in index order.
type Judging struct {
	Add    func(*results.Record) error // hand every record on to it, in index order
	mu     sync.Mutex
	split  Splitter
	forks  []Counter
	unkept []*results.Record
}

// ShareJudging gives the workers their share of the work on each record:
// encoding its line when there is a file to write, and counting it on a
// fork of the format's tally when the format can be split, so that the one
// goroutine that hands records on in order does little more than write.
func ShareJudging(cfg *Config, format Format, encode bool) *Judging {
	j := &Judging{Add: format.Add}
	j.split, _ = format.(Splitter)
	if j.split != nil {
		j.Add = j.split.AddOrdered
		cfg.Discard = func(r *results.Record) { j.unkept = append(j.unkept, r.Clone()) }
	}
	if j.split == nil && !encode {
		return j
	}
	cfg.NewLocal = func() Local {
		var enc *results.LineEncoder
		if encode {
			enc = results.NewLineEncoder()
		}
		var fork Counter
		if j.split != nil {
			fork = j.split.Fork()
			j.mu.Lock()
			j.forks = append(j.forks, fork)
			j.mu.Unlock()
		}
		return func(r *results.Record, line []byte) ([]byte, error) {
			if fork != nil {
				if err := fork.Count(r); err != nil {
					return line, err
				}
			}
			if enc != nil {
				return enc.AppendRecord(line, r)
			}
			return line, nil
		}
	}
	return j
}

// End merges the workers' counts into the format, less the records the run
// did not keep; call it when Run has returned.
func (j *Judging) End() error {
	if len(j.forks) == 0 {
		return nil
	}
	for _, r := range j.unkept {
		j.forks[0].Uncount(r)
	}
	for _, f := range j.forks {
		if err := j.split.Merge(f); err != nil {
			return err
		}
	}
	return nil
}
