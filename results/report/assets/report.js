// report.js: a run's standings and charts, a sequential test's course and
// a tuning run's course, drawn as HTML tables and inline SVG.
"use strict";
(function () {
  const el = Arena.el, svg = Arena.svg;

  // scale maps [d0, d1] onto [r0, r1].
  function scale(d0, d1, r0, r1) {
    if (d1 === d0) return () => (r0 + r1) / 2;
    return (v) => r0 + ((v - d0) * (r1 - r0)) / (d1 - d0);
  }

  // ticks returns about n round values covering [lo, hi].
  function ticks(lo, hi, n) {
    if (!(hi > lo)) return [lo];
    const raw = (hi - lo) / n, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
    return out;
  }

  // lineChart draws series of points {xs, ys, color, label} over x, with
  // horizontal reference lines {y, label, color}.
  function lineChart(o) {
    const W = o.width || 560, H = o.height || 240, L = 56, R = 22, T = 14, B = 32;
    let ylo = o.ylo, yhi = o.yhi;
    const all = o.series.flatMap((s) => s.ys).concat((o.hlines || []).map((h) => h.y));
    if (ylo === undefined) ylo = Math.min(...all);
    if (yhi === undefined) yhi = Math.max(...all);
    if (ylo === yhi) { ylo -= 1; yhi += 1; }
    const xs = o.series[0] ? o.series[0].xs : [0];
    const xlo = Math.min(...xs), xhi = Math.max(...xs);
    const x = scale(xlo, xhi === xlo ? xlo + 1 : xhi, L, W - R), y = scale(ylo, yhi, H - B, T);
    const g = svg("svg", {width: W, height: H, class: "chart", role: "img", "aria-label": o.label || ""});
    for (const v of ticks(ylo, yhi, 5)) {
      g.append(svg("line", {class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v)}),
        svg("text", {x: L - 6, y: y(v) + 4, "text-anchor": "end"}, Arena.num(v)));
    }
    for (const v of ticks(xlo, xhi, 6)) {
      g.append(svg("text", {x: x(v), y: H - B + 16, "text-anchor": "middle"}, Arena.num(v)));
    }
    g.append(svg("line", {class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B}), svg("line", {class: "axis", x1: L, x2: L, y1: T, y2: H - B}));
    for (const h of o.hlines || []) {
      g.append(svg("line", {x1: L, x2: W - R, y1: y(h.y), y2: y(h.y), stroke: h.color, "stroke-dasharray": "5 4", "stroke-width": 1.5}),
        svg("text", {x: W - R - 4, y: y(h.y) - 4, "text-anchor": "end", fill: h.color}, h.label));
    }
    for (const s of o.series) {
      const d = s.xs.map((v, i) => (i ? "L" : "M") + x(v).toFixed(1) + " " + y(s.ys[i]).toFixed(1)).join("");
      g.append(svg("path", {d, fill: "none", stroke: s.color, "stroke-width": 2}, svg("title", {}, s.label || "")));
    }
    if (o.xlabel) g.append(svg("text", {x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle"}, o.xlabel));
    return el("figure", {class: "chart"}, g, o.caption ? el("figcaption", {}, o.caption) : null);
  }

  // histogram draws a Histogram {lo, hi, counts}.
  function histogram(h, color, caption) {
    const W = 260, H = 120, L = 8, R = 8, T = 8, B = 22;
    const n = h.counts.length, top = Math.max(1, ...h.counts);
    const g = svg("svg", {width: W, height: H, class: "chart"});
    const bw = (W - L - R) / n;
    h.counts.forEach((c, i) => {
      const bh = ((H - T - B) * c) / top;
      const from = h.lo + ((h.hi - h.lo) * i) / n, to = h.lo + ((h.hi - h.lo) * (i + 1)) / n;
      g.append(svg("rect", {x: L + i * bw + 0.5, y: H - B - bh, width: Math.max(1, bw - 1), height: bh, fill: color},
        svg("title", {}, c + " between " + Arena.num(from) + " and " + Arena.num(to))));
    });
    g.append(svg("line", {class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B}),
      svg("text", {x: L, y: H - 6}, Arena.num(h.lo)), svg("text", {x: W - R, y: H - 6, "text-anchor": "end"}, Arena.num(h.hi)));
    return el("figure", {class: "chart small"}, g, el("figcaption", {}, caption));
  }

  function section(page, title, ...children) {
    page.append(el("section", {class: "part"}, el("h2", {}, title), ...children));
  }

  function meta(run) {
    const s = run.standings;
    const rows = [["game", run.game], ["scenario", run.scenario], ["schedule", run.schedule], ["master seed", run.seed],
      ["matches", s.matches + (s.failed ? " (" + s.failed + " failed)" : "") + (run.planned ? " of " + run.planned + " planned: the run is incomplete" : "")], ["rounds", s.rounds], ["seats", run.seats],
      ["mean length", Arena.num(s.turns_mean) + " turns"], ["rules hash", run.rules_hash],
      ["played by", "arena " + run.version + (run.revision && run.revision !== "devel" ? " (" + run.revision + ")" : "")], ["ratings", run.elo]];
    return [el("dl", {class: "meta"}, rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, String(v))])),
      el("details", {}, el("summary", {}, "rule parameters"), el("pre", {class: "params"}, JSON.stringify(run.params, null, 1)))];
  }

  // standings: the table, each Elo's interval drawn as a bar on one axis.
  function standings(run) {
    const rs = run.standings.ratings;
    const ends = rs.flatMap((r) => [r.elo, r.elo_lo, r.elo_hi]).filter((v) => v !== null);
    const lo = Math.min(...ends), hi = Math.max(...ends), pad = Math.max(10, (hi - lo) * 0.05);
    const W = 240, x = scale(lo - pad, hi + pad, 6, W - 6);
    const bar = (r) => {
      const g = svg("svg", {width: W, height: 18, class: "elo-bar"});
      const a = r.elo_lo === null ? 0 : x(r.elo_lo), b = r.elo_hi === null ? W : x(r.elo_hi);
      g.append(svg("line", {x1: x(0), x2: x(0), y1: 0, y2: 18, stroke: "#98a2b3", "stroke-dasharray": "2 2"}),
        svg("rect", {x: a, y: 6, width: Math.max(1, b - a), height: 6, rx: 3, fill: "#9db7ea"}),
        svg("circle", {cx: x(r.elo), cy: 9, r: 4, fill: "#2f6fde"}));
      return g;
    };
    const interval = (r) => run.standings.bootstrap ? "[" + (r.elo_lo === null ? "−∞" : Arena.signed(r.elo_lo)) + ", " + (r.elo_hi === null ? "+∞" : Arena.signed(r.elo_hi)) + "]" : "";
    // Penalties (moves the game's rules punish: no faults) get their
    // column only when a bot has some.
    const penalties = rs.some((r) => r.penalties);
    const head = ["#", "bot", "Elo", "95% interval", "", "games", "W", "D", "L", "score", "faults"].concat(penalties ? ["penalties"] : []);
    return el("table", {class: "standings"},
      el("thead", {}, el("tr", {}, head.map((h, i) => el("th", {class: i >= 2 && i !== 4 ? "num" : null}, h)))),
      el("tbody", {}, rs.map((r, i) => el("tr", {"data-bot": r.bot},
        el("td", {class: "num"}, i + 1), el("td", {class: "bot"}, r.bot), el("td", {class: "num"}, Arena.signed(r.elo)),
        el("td", {class: "num"}, interval(r)), el("td", {}, bar(r)), el("td", {class: "num"}, r.games),
        el("td", {class: "num"}, r.wins), el("td", {class: "num"}, r.draws), el("td", {class: "num"}, r.losses),
        el("td", {class: "num"}, Arena.num(r.score_mean) + " ± " + Arena.num(r.score_ci)), el("td", {class: "num"}, r.faults),
        penalties ? el("td", {class: "num"}, r.penalties || 0) : null))));
  }

  // heatColor goes from red (0) through white (½) to green (1).
  function heatColor(p) {
    const t = Math.abs(p - 0.5) * 2, c = (a, b) => Math.round(a + (b - a) * t);
    return p >= 0.5 ? `rgb(${c(255, 60)},${c(255, 170)},${c(255, 90)})` : `rgb(${c(255, 220)},${c(255, 70)},${c(255, 70)})`;
  }

  // heatMap: the row bot's score against the column bot, every pair.
  function heatMap(run) {
    const bots = run.standings.ratings.map((r) => r.bot);
    const cell = {};
    for (const h of run.standings.h2h) {
      cell[h.bot + "\u0000" + h.opponent] = {score: h.score, games: h.games, w: h.wins, d: h.draws, l: h.losses};
      cell[h.opponent + "\u0000" + h.bot] = {score: 1 - h.score, games: h.games, w: h.losses, d: h.draws, l: h.wins};
    }
    return el("table", {class: "heat"},
      el("thead", {}, el("tr", {}, el("th", {}, ""), bots.map((b) => el("th", {class: "col"}, b)))),
      el("tbody", {}, bots.map((row) => el("tr", {}, el("th", {}, row), bots.map((col) => {
        if (row === col) return el("td", {class: "diag"});
        const c = cell[row + "\u0000" + col];
        if (!c) return el("td", {class: "h2h-cell none", title: row + " never met " + col}, "–");
        const title = `${row} against ${col}: ${(100 * c.score).toFixed(1)}% over ${c.games} games (${c.w} W, ${c.d} D, ${c.l} L)`;
        return el("td", {class: "h2h-cell", title, "data-games": c.games, style: "background:" + heatColor(c.score)}, (100 * c.score).toFixed(0) + "%");
      })))));
  }

  // places: each bot's placement distribution as a stacked bar.
  function places(run) {
    const seats = run.standings.seats, W = 320;
    const shade = (p) => `hsl(${Math.round(130 - (130 * (p - 1)) / Math.max(1, seats - 1))}, 55%, 55%)`;
    return el("table", {class: "places"},
      el("thead", {}, el("tr", {}, el("th", {}, "bot"), el("th", {}, "places, 1st on the left"), Array.from({length: seats}, (_, p) => el("th", {class: "num"}, ordinal(p + 1))))),
      el("tbody", {}, run.standings.ratings.map((r) => {
        const total = r.places.reduce((a, b) => a + b, 0) || 1;
        const g = svg("svg", {width: W, height: 16});
        let x0 = 0;
        r.places.forEach((c, p) => {
          const w = (W * c) / total;
          g.append(svg("rect", {x: x0, y: 2, width: w, height: 12, fill: shade(p + 1)}, svg("title", {}, ordinal(p + 1) + ": " + c)));
          x0 += w;
        });
        return el("tr", {}, el("td", {class: "bot"}, r.bot), el("td", {}, g),
          Array.from({length: seats}, (_, p) => el("td", {class: "num"}, r.places[p] || 0)));
      })));
  }

  function ordinal(n) { return n + (n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"); }

  function faults(run) {
    const kinds = [...new Set(run.faults.flatMap((f) => Object.keys(f.kinds)))].sort();
    const penalised = run.standings.ratings.filter((r) => r.penalties);
    const note = penalised.length ? el("p", {class: "muted"}, "Penalties are not faults: the game's rules punished a move the bot answered (" +
      penalised.map((r) => r.bot + " " + r.penalties).join(", ") + ").") : null;
    if (!kinds.length) return [el("p", {class: "muted"}, "No bot faulted: no timeout, no invalid action, no crash."), note];
    return [el("table", {class: "faults"},
      el("thead", {}, el("tr", {}, el("th", {}, "bot"), kinds.map((k) => el("th", {class: "num"}, k)), el("th", {class: "num"}, "total"))),
      el("tbody", {}, run.faults.map((f) => el("tr", {}, el("td", {class: "bot"}, f.bot),
        kinds.map((k) => el("td", {class: "num"}, f.kinds[k] || 0)), el("td", {class: "num"}, f.total))))), note];
  }

  function seatBalance(run) {
    return el("table", {class: "seat-balance"},
      el("thead", {}, el("tr", {}, ["seat", "games", "W", "D", "L", "score"].map((h, i) => el("th", {class: i ? "num" : null}, h)))),
      el("tbody", {}, run.standings.seat_balance.map((s) => el("tr", {}, el("td", {}, s.seat), el("td", {class: "num"}, s.games),
        el("td", {class: "num"}, s.wins), el("td", {class: "num"}, s.draws), el("td", {class: "num"}, s.losses),
        el("td", {class: "num"}, Arena.num(s.score_mean) + " ± " + Arena.num(s.score_ci))))));
  }

  Arena.renderRun = function (page, run) {
    section(page, "Run", ...meta(run));
    section(page, "Standings", standings(run));
    section(page, "Head to head", el("p", {class: "muted"}, "The row bot's score against the column bot (wins and half the draws, by place, over every pair of seats they held in one match); hover a cell for its games."), heatMap(run));
    const order = run.standings.ratings.map((r) => r.bot);
    section(page, "Scores", el("div", {class: "charts"}, order.map((bot) => {
      const i = run.bots.indexOf(bot);
      return histogram(run.scores[i], Arena.seatColor(i), bot);
    })));
    section(page, "Places", places(run));
    section(page, "Faults", faults(run));
    section(page, "Match lengths", el("div", {class: "charts"}, histogram(run.turns, "#667085", "turns of a match")));
    section(page, "Seats", el("p", {class: "muted"}, "How each seat fared, whoever sat in it."), seatBalance(run));
  };

  Arena.renderSPRT = function (page, s) {
    const st = s.settings;
    const ends = (lo, hi) => "[" + (lo === null ? "−∞" : Arena.signed(lo)) + ", " + (hi === null ? "+∞" : Arena.signed(hi)) + "]";
    const signedOr = (x) => x === null ? "±∞" : Arena.signed(x);
    section(page, "Sequential test",
      el("dl", {class: "meta"},
        [["candidate", st.candidate], ["baseline", st.baseline], ["hypotheses", `H0: ${st.elo0} Elo, H1: ${st.elo1} Elo (${st.model})`],
          ["errors", `α ${st.alpha}, β ${st.beta}`], ["units", st.kind], ["verdict", s.verdict], ["status", s.status],
          ["Elo", signedOr(s.elo) + " " + (s.no_interval ? "(" + s.no_interval + ")" : ends(s.elo_lo, s.elo_hi) + " (fastchess's: as if the games had been fixed in advance)")],
          ["corrected", signedOr(s.elo_corrected) + " " + (s.no_interval ? "(" + s.no_interval + ")" : ends(s.elo_corrected_lo, s.elo_corrected_hi) + " (for where the test stopped: median-unbiased)")]].flatMap(([k, v]) => [el("dt", {}, k), el("dd", {class: k === "verdict" ? "verdict" : null}, v)])),
      (s.games || []).length === 0 ? el("p", {class: "muted"}, "No game played yet.") :
        lineChart({label: "LLR over games", xlabel: "games", caption: "The log-likelihood ratio after each unit; the test stops when it leaves the band.",
          series: [{xs: s.games, ys: s.llr, color: "#2f6fde", label: "LLR"}],
          hlines: [{y: s.upper, label: "H1 " + Arena.num(s.upper), color: "#16a34a"}, {y: s.lower, label: "H0 " + Arena.num(s.lower), color: "#dc2626"}]}));
  };

  // tunedSpec writes θ as a bot spec, the tuned bot's fixed arguments kept:
  // strong:work=200 and θ {reach: 22} → strong:work=200,reach=22.
  function tunedSpec(t, theta) {
    const args = t.params.map((p) => p.name + "=" + String(theta[p.name])).join(",");
    const bot = t.context && t.context.bot ? t.context.bot + (t.context.bot.includes(":") ? "," : ":") : "";
    return bot + args;
  }

  Arena.renderTune = function (page, t) {
    const ctx = t.context ? JSON.stringify(t.context) : "";
    section(page, "Tuning", el("dl", {class: "meta"},
      [["method", t.method], ["done", t.done + " of " + t.iterations + (t.method === "spsa" ? " iterations" : " points")],
        ["pairs of games", t.pairs], ["seed", t.seed], ["context", ctx]].flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, String(v))])));
    if (t.done === 0) {
      page.append(el("p", {class: "muted"}, t.method === "spsa" ? "No iteration played yet." : "No point played yet."));
    } else if (t.method === "spsa") {
      if (t.final) {
        page.append(el("p", {}, "Where the last iteration went, as a bot spec: ", el("code", {class: "final"}, tunedSpec(t, t.final))));
      }
      page.append(el("div", {class: "charts"}, t.params.map((p) => lineChart({width: 420, height: 200, ylo: p.min, yhi: p.max,
        label: p.name, xlabel: "iteration", caption: `${p.name} (${p.scale}, ${p.min}..${p.max}, from ${p.start})`,
        series: [{xs: t.iteration, ys: t.theta[p.name], color: "#2f6fde", label: p.name}]})),
      lineChart({width: 420, height: 200, label: "gain", xlabel: "iteration", caption: "θ+'s score share minus θ−'s, averaged over the last tenth of the iterations",
        series: [{xs: t.iteration, ys: t.gain, color: "#16a34a", label: "gain"}], hlines: [{y: 0, label: "0", color: "#98a2b3"}]})));
    } else {
      const pts = [...t.points].sort((a, b) => b.share - a.share).slice(0, 20);
      page.append(el("p", {}, "Best point, as a bot spec: ", el("code", {class: "final"}, t.best ? tunedSpec(t, t.best.theta) : "none")),
        el("table", {class: "points"}, el("thead", {}, el("tr", {}, el("th", {}, "point"), t.params.map((p) => el("th", {class: "num"}, p.name)), el("th", {class: "num"}, "share"))),
          el("tbody", {}, pts.map((q) => el("tr", {}, el("td", {}, q.index), t.params.map((p) => el("td", {class: "num"}, Arena.num(q.theta[p.name]))),
            el("td", {class: "num"}, (100 * q.share).toFixed(1) + "%"))))));
    }
  };
})();
