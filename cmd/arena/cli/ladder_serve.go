package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/arenasim/arena/results"
)

var ladderServeCommand = &command{
	name:  "ladder serve",
	usage: "ladder serve DIR [--addr HOST:PORT]",
	long: `Serve shows the ladder on a live page, on loopback by default: the
standings with their intervals, the last matches (each a link to its
replay viewer, played again from the ledger, and the command that replays
it), and the batch planned next with why each table was chosen. The page
asks for the state every 2 s, as records arrive; it loads nothing from
the network. Ctrl-C ends it.`,
	options: func() options { return &ladderServeOptions{} },
	run:     ladderServe,
}

type ladderServeOptions struct{ addr string }

func (o *ladderServeOptions) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8049", "where to listen, `HOST:PORT`; loopback unless you say otherwise")
}

func ladderServe(ctx context.Context, env *env, opts options, args []string) error {
	o := opts.(*ladderServeOptions)
	dir, err := ladderDir("ladder serve", args, 1, "DIR")
	if err != nil {
		return err
	}
	if _, err := openLadder(dir, nil); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return badInput("--addr %s: %v", o.addr, err)
	}
	srv := &http.Server{Handler: ladderHandler(dir), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(env.stderr, "arena: ladder %s on http://%s/ (Ctrl-C ends it)\n", dir, ln.Addr())
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return &exitError{ExitInternal, err}
	}
	return &exitError{code: ExitInterrupted}
}

// ladderState is what the page shows.
type ladderState struct {
	Batches int           `json:"batches"`
	Pending string        `json:"pending"`
	Bots    []ladderRow   `json:"bots"`
	Recent  []recentMatch `json:"recent"`
	Next    []nextTable   `json:"next"`
}

type recentMatch struct {
	Batch  int      `json:"batch"`
	Match  int      `json:"match"`
	Bots   []string `json:"bots"`
	Places []int    `json:"places"`
	Replay string   `json:"replay"`
	Viewer string   `json:"viewer"` // the page's link to its replay viewer
}

type nextTable struct {
	Bots []string `json:"bots"`
	Why  string   `json:"why"`
}

// ladderHandler serves the page and its state, read from the folder at
// each request.
func ladderHandler(dir string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, ladderPage)
	})
	mux.HandleFunc("/state.json", func(w http.ResponseWriter, r *http.Request) {
		st, err := readLadderState(dir)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(st)
	})
	mux.HandleFunc("/replay", func(w http.ResponseWriter, r *http.Request) {
		page, err := ladderReplay(r.Context(), dir, r.URL.Query().Get("batch"), r.URL.Query().Get("match"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(page)
	})
	return mux
}

// ladderReplay returns the replay viewer of a match of a complete batch:
// the page of arena play --from BATCH --match N --html, the match played
// again from its record (its state hash checked).
func ladderReplay(ctx context.Context, dir, batch, match string) ([]byte, error) {
	b, err1 := strconv.Atoi(batch)
	m, err2 := strconv.Atoi(match)
	if err1 != nil || err2 != nil || b < 0 || m < 0 {
		return nil, fmt.Errorf("replay: batch %q, match %q: want two whole numbers", batch, match)
	}
	path := batchPath(dir, b, 0, 0)
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("replay: batch %d is not in the ledger", b)
	}
	tmp, err := os.MkdirTemp("", "arena-replay-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	html := filepath.Join(tmp, "replay.html")
	var stderr bytes.Buffer
	if err := playCommand.call(ctx, &env{stdout: io.Discard, stderr: &stderr}, []string{"--from", path, "--match", strconv.Itoa(m), "--html", html}); err != nil {
		return nil, fmt.Errorf("replay: %s", bytes.TrimSpace(stderr.Bytes()))
	}
	return os.ReadFile(html)
}

// readLadderState reads the ladder for the page.
func readLadderState(dir string) (*ladderState, error) {
	s, err := openLadder(dir, &results.Options{Bootstrap: 200})
	if err != nil {
		return nil, err
	}
	standings, err := s.show.Standings()
	if err != nil {
		return nil, err
	}
	st := &ladderState{Batches: s.batches, Pending: s.describePending(), Bots: s.rows(standings), Recent: []recentMatch{}, Next: []nextTable{}}
	for i := len(s.recent) - 1; i >= 0; i-- {
		r := s.recent[i]
		b := s.recentBatch[i]
		st.Recent = append(st.Recent, recentMatch{Batch: b, Match: r.Match, Bots: r.Bots, Places: r.Places,
			Replay: fmt.Sprintf("arena play --from %s --match %d", batchPath(dir, b, 0, 0), r.Match),
			Viewer: fmt.Sprintf("replay?batch=%d&match=%d", b, r.Match)})
	}
	if batch, active, err := s.next(); err == nil {
		h := s.header(batch, active)
		for _, t := range h.Ladder.Tables {
			var bots []string
			for _, b := range t.Bots {
				bots = append(bots, h.Bots[b])
			}
			st.Next = append(st.Next, nextTable{bots, t.Why})
		}
	}
	return st, nil
}

// ladderPage is the live page: no asset from the network.
const ladderPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>arena ladder</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin-bottom:2em}
td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:right}
td:nth-child(2),th:nth-child(2){text-align:left}
code{font-size:12px}
</style></head><body>
<h1>Ladder</h1><p id="summary">reading…</p><div id="errors"></div>
<h2>Standings</h2><table id="standings"><thead><tr><th>#</th><th>bot</th><th>Elo</th><th>95% CI</th><th>games</th>
<th>last batch</th><th>parent</th><th>vs parent</th><th>status</th></tr></thead><tbody></tbody></table>
<h2>Next batch</h2><table id="next"><thead><tr><th>table</th><th>bots</th><th>why</th></tr></thead><tbody></tbody></table>
<h2>Last matches</h2><table id="recent"><thead><tr><th>batch</th><th>bots (places)</th><th>replay</th></tr></thead><tbody></tbody></table>
<script>
function cell(tr, text){const td=document.createElement('td');td.textContent=text;tr.appendChild(td)}
function fmt(x){return x===null||x===undefined?'-':(x>0?'+':'')+Math.round(x)}
function iv(x, lo, hi){if(x===null||x===undefined)return '-';const l=lo===null||lo===undefined,h=hi===null||hi===undefined;
 return l&&h?'any':l?'≤ '+fmt(hi):h?'≥ '+fmt(lo):'['+fmt(lo)+', '+fmt(hi)+']'}
function fill(id, rows, f){const tb=document.querySelector('#'+id+' tbody');tb.replaceChildren();
 rows.forEach((r,i)=>{const tr=document.createElement('tr');f(tr,r,i);tb.appendChild(tr)})}
async function refresh(){
 try{const s=await (await fetch('state.json')).json();
  document.getElementById('summary').textContent=s.batches+' batches'+(s.pending?'; '+s.pending:'');
  fill('standings',s.bots,(tr,b,i)=>{[i+1,b.bot,fmt(b.elo),iv(b.elo,b.elo_lo,b.elo_hi),b.games,
   b.last_batch===null?'-':b.last_batch,b.parent||'-',b.vs_parent===undefined?'-':fmt(b.vs_parent)+' '+iv(b.vs_parent,b.vs_parent_lo,b.vs_parent_hi),
   b.active?'plays':'retired'].forEach(t=>cell(tr,t))});
  fill('next',s.next,(tr,t,i)=>{[i+1,t.bots.join(' vs '),t.why].forEach(x=>cell(tr,x))});
  fill('recent',s.recent,(tr,m)=>{cell(tr,m.batch);cell(tr,m.bots.map((b,k)=>b+' ('+m.places[k]+')').join(', '));
   const td=document.createElement('td');const a=document.createElement('a');a.href=m.viewer;a.textContent='replay';td.appendChild(a);
   td.appendChild(document.createTextNode(' '));const c=document.createElement('code');c.textContent=m.replay;td.appendChild(c);tr.appendChild(td)});
 }catch(e){document.getElementById('errors').textContent='cannot read the ladder: '+e}
 document.body.dataset.ready='1';
}
refresh();setInterval(refresh,2000);
</script></body></html>
`
