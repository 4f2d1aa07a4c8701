// games/aquariom.js: the Aquar.iom map (map_width × map_height, scaled to
// fit 760 px) with every cell to scale (radius = radius_factor × mass):
// player cells as discs in their owner's colour, biggest first so that
// small cells stay visible, isolated ones ringed with a dashed white line,
// their mass written inside when there is room; player cells gone this
// turn as faint rings where they were; viruses as pale spiky discs (a
// thicker outline the turn they are created); neutral cells as grey dots.
//
// The initial neutrals sit on a fixed grid (rule sheet, "Map and
// parameters") and are not in the state: each state lists only those eaten
// in its own step ("eaten"), and one eaten in the step of turn e is away
// for the turns e … e + repop_time − 1. setup() runs through the match once
// and records every eating (id, e); draw() marks those of the last
// repop_time turns and draws the grid without them.
"use strict";
(function () {
  const SIZE = 760;                 // the longer side of the board, in px
  const BACKGROUND = "#0f141b";
  const GRID_LINE = "#1a2230";
  const INITIAL_NEUTRAL = "#56627a";
  const NEUTRAL = "#aab4c5";
  // Viruses are uncoloured stars: every colour is some seat's (seat 1 is green).
  const VIRUS_FILL = "rgba(226, 232, 240, 0.18)";
  const VIRUS_LINE = "#e2e8f0";
  const SPIKES = 18;                // points of a virus's star

  // param reads a rule parameter, with the map2p value when it is missing.
  function param(replay, key, fallback) {
    const v = replay.params ? replay.params[key] : undefined;
    return typeof v === "number" && isFinite(v) ? v : fallback;
  }

  // neutralGrid returns the board positions of the initial neutrals, by id
  // (row-major: id = j × mw + i).
  function neutralGrid(mw, mh, W, H, scale) {
    const n = mw * mh, xs = new Float32Array(n), ys = new Float32Array(n);
    for (let j = 0; j < mh; j++) {
      for (let i = 0; i < mw; i++) {
        xs[j * mw + i] = ((i + 0.5) * W / mw) * scale;
        ys[j * mw + i] = ((j + 0.5) * H / mh) * scale;
      }
    }
    return {xs, ys};
  }

  // eatings runs through the match and returns every eating of an initial
  // neutral: ids[k] eaten in the step of turn from[k], so away in turns
  // from[k] ≤ T < from[k] + repop, sorted by from; and
  // in before, [id, turn it is back in], those eaten before turn 0, which a
  // state can carry in "respawns" (ParseState reads them; a replay from
  // Init has none). It follows only the state's "turn" and "eaten", and
  // patches a copy of the list each turn: the replay's data stays as it is.
  function eatings(first, replay, nInit, repop) {
    const valid = (id) => Number.isInteger(id) && id >= 0 && id < nInit;
    const before = (first.respawns || []).filter((e) => Array.isArray(e) && valid(e[0]) && e[1] > 0);
    const turns = [], lists = [];  // each state's turn and "eaten", never modified
    let turn = first.turn, eaten = first.eaten || [], total = 0;
    const frames = replay.frames;
    for (let t = 0; t < frames.length; t++) {
      const p = t > 0 ? frames[t].d : null;
      if (p && p[0] === 0) {
        turn = p[1].turn;
        eaten = p[1].eaten || [];
      } else if (p && p[0] === 1) {
        if (p[1].turn) turn = Arena.applyPatch(turn, p[1].turn);
        if (p[1].eaten) eaten = Arena.applyPatch(eaten.slice(), p[1].eaten) || [];
      }
      turns.push(typeof turn === "number" ? turn : t);
      lists.push(eaten);
      total += eaten.length;
    }
    const ids = new Int32Array(total), from = new Int32Array(total);
    let n = 0;
    lists.forEach((list, k) => {
      for (const id of list) if (valid(id)) { ids[n] = id; from[n] = turns[k]; n++; }
    });
    return {ids: ids.subarray(0, n), from: from.subarray(0, n), repop, before};
  }

  // markAway stamps the initial neutrals away at turn T in board.away and
  // returns how many there are.
  function markAway(board, T) {
    const ev = board.eatings, stamp = ++board.stamp, away = board.away;
    let n = 0;
    const mark = (id) => { if (away[id] !== stamp) { away[id] = stamp; n++; } };
    for (const [id, due] of ev.before) if (due > T) mark(id);
    // Every absence lasts repop turns: the first that can cover T starts
    // after T − repop.
    let lo = 0, hi = ev.from.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (ev.from[m] <= T - ev.repop) lo = m + 1; else hi = m;
    }
    for (let k = lo; k < ev.from.length && ev.from[k] <= T; k++) mark(ev.ids[k]);
    board.awayTurn = T;
    board.awayCount = n;
    return n;
  }

  function drawBackground(ctx, board) {
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, board.width, board.height);
    // A faint line every 500 map units, when they stay apart.
    const step = 500 * board.scale;
    if (step < 24) return;
    ctx.strokeStyle = GRID_LINE;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = step; x < board.width; x += step) { ctx.moveTo(Math.round(x) + 0.5, 0); ctx.lineTo(Math.round(x) + 0.5, board.height); }
    for (let y = step; y < board.height; y += step) { ctx.moveTo(0, Math.round(y) + 0.5); ctx.lineTo(board.width, Math.round(y) + 0.5); }
    ctx.stroke();
  }

  // drawInitialNeutrals draws, in one path, the grid's neutrals not away.
  function drawInitialNeutrals(ctx, board, T) {
    markAway(board, T);
    const {xs, ys} = board.grid, away = board.away, stamp = board.stamp;
    const r = board.neutralRadius;
    ctx.fillStyle = INITIAL_NEUTRAL;
    ctx.beginPath();
    if (r <= 1.5) {
      for (let i = 0; i < xs.length; i++) if (away[i] !== stamp) ctx.rect(xs[i] - 1, ys[i] - 1, 2, 2);
    } else {
      for (let i = 0; i < xs.length; i++) {
        if (away[i] !== stamp) { ctx.moveTo(xs[i] + r, ys[i]); ctx.arc(xs[i], ys[i], r, 0, 2 * Math.PI); }
      }
    }
    ctx.fill();
  }

  // drawNeutrals draws the other neutrals ([id, x, y, mass]: surrendered
  // cells), to scale but at least a dot.
  function drawNeutrals(ctx, state, board) {
    const list = state.neutrals || [];
    if (!list.length) return;
    ctx.fillStyle = NEUTRAL;
    ctx.beginPath();
    for (const [, x, y, m] of list) {
      const r = Math.max(1.5, board.radius(m));
      ctx.moveTo(x * board.scale + r, y * board.scale);
      ctx.arc(x * board.scale, y * board.scale, r, 0, 2 * Math.PI);
    }
    ctx.fill();
  }

  // drawViruses draws each virus ([id, x, y]) as a star of its radius; one
  // created this turn (id ≥ the last state's next_id) with a thicker line.
  function drawViruses(ctx, state, frame, board) {
    const fresh = frame.prev && typeof frame.prev.next_id === "number" ? frame.prev.next_id : Infinity;
    const R = Math.max(3, board.radius(board.virusMass));
    ctx.fillStyle = VIRUS_FILL;
    ctx.strokeStyle = VIRUS_LINE;
    for (const [id, x, y] of state.viruses || []) {
      const cx = x * board.scale, cy = y * board.scale;
      ctx.beginPath();
      for (let k = 0; k < 2 * SPIKES; k++) {
        const a = (k * Math.PI) / SPIKES, r = k % 2 ? R * 0.84 : R;
        if (k) ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a)); else ctx.moveTo(cx + r, cy);
      }
      ctx.closePath();
      ctx.fill();
      ctx.lineWidth = id >= fresh ? 3 : 1.2;
      ctx.stroke();
    }
  }

  // playerCells returns every player cell as {seat, id, x, y, mass, iso}.
  function playerCells(state) {
    const out = [];
    (state.players || []).forEach((cells, seat) => {
      for (const c of cells || []) out.push({seat, id: c[0], x: c[1], y: c[2], mass: c[3], iso: c[4] || 0});
    });
    return out;
  }

  // drawGhosts rings, faintly, the player cells of the turn before that are
  // no more (eaten, fused, or turned neutral by a surrender).
  function drawGhosts(ctx, state, frame, board) {
    if (!frame.prev) return;
    const now = new Set();
    for (const c of playerCells(state)) now.add(c.id);
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = 1;
    for (const c of playerCells(frame.prev)) {
      if (now.has(c.id)) continue;
      ctx.strokeStyle = Arena.seatColor(c.seat);
      ctx.beginPath();
      ctx.arc(c.x * board.scale, c.y * board.scale, Math.max(2, board.radius(c.mass)), 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  // drawPlayers draws the player cells, biggest first.
  function drawPlayers(ctx, state, board) {
    const cells = playerCells(state).sort((a, b) => b.mass - a.mass || a.id - b.id);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = "11px system-ui, sans-serif";
    for (const c of cells) {
      const x = c.x * board.scale, y = c.y * board.scale, r = Math.max(2, board.radius(c.mass));
      const color = Arena.seatColor(c.seat);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.globalAlpha = 0.7;
      ctx.fillStyle = color;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = color;
      ctx.stroke();
      if (c.iso > 0) {
        ctx.beginPath();
        ctx.arc(x, y, r + 2, 0, 2 * Math.PI);
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = 1.2;
        ctx.strokeStyle = "#ffffff";
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (r >= 14) {
        const label = String(Math.round(c.mass));
        ctx.lineWidth = 3;
        ctx.strokeStyle = "rgba(0, 0, 0, 0.55)";
        ctx.strokeText(label, x, y);
        ctx.fillStyle = "#ffffff";
        ctx.fillText(label, x, y);
      }
    }
  }

  // askedOf counts the commands of an action text by kind.
  function askedOf(text) {
    const n = {move: 0, divide: 0, virus: 0, surrender: 0};
    if (typeof text !== "string") return n;
    for (const cmd of text.split(";")) {
      const w = cmd.trim().split(/\s+/)[0];
      if (w in n) n[w]++;
    }
    return n;
  }

  // eaterOf guesses which current cell took the vanished cell b: the
  // nearest, measured from its edge, heavier than b and within reach of
  // where b was (b moved at most base_cell_speed, the eater as much).
  function eaterOf(b, cells, board) {
    let best = null, bestGap = Infinity;
    for (const c of cells) {
      if (!(c.mass >= b.mass)) continue;
      const gap = Math.hypot(c.x - b.x, c.y - b.y) - board.radius(c.mass) / board.scale;
      if (gap < bestGap && gap < 2 * board.speed + board.radius(b.mass) / board.scale) { best = c; bestGap = gap; }
    }
    return best;
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

  // lossNotes says where the player cells that vanished this turn went.
  function lossNotes(state, frame, board) {
    const cells = playerCells(state), now = new Set(cells.map((c) => c.id));
    const neutral = new Set((state.neutrals || []).map((n) => n[0]));
    const counts = new Map();  // what happened → how many cells
    for (const b of playerCells(frame.prev)) {
      if (now.has(b.id)) continue;
      let what;
      if (neutral.has(b.id)) what = "seat " + b.seat + ": {} turned neutral (surrender)";
      else {
        const e = eaterOf(b, cells, board);
        what = !e ? "seat " + b.seat + " lost {}"
          : e.seat === b.seat ? "seat " + b.seat + ": {} fused"
          : "seat " + b.seat + " lost {} to seat " + e.seat;
      }
      counts.set(what, (counts.get(what) || 0) + 1);
    }
    return [...counts].map(([what, n]) => what.replace("{}", plural(n, "cell")));
  }

  Arena.games.aquariom = {
    setup(state, replay) {
      const W = param(replay, "map_width", 4000), H = param(replay, "map_height", 3000);
      const scale = SIZE / Math.max(W, H, 1e-9);
      const rf = param(replay, "radius_factor", 1);
      const mw = Math.max(0, param(replay, "initial_neutral_cells_matrix_width", 0));
      const mh = Math.max(0, param(replay, "initial_neutral_cells_matrix_height", 0));
      const repop = param(replay, "initial_neutral_cells_repop_time", 30);
      const board = {
        width: Math.max(1, Math.round(W * scale)), height: Math.max(1, Math.round(H * scale)), scale,
        radius: (m) => rf * m * scale,   // a cell's radius on the board
        virusMass: param(replay, "virus_mass", 100),
        isolation: param(replay, "virus_isolation_duration", 30),
        speed: param(replay, "base_cell_speed", 80),
        nInit: mw * mh,
        grid: neutralGrid(mw, mh, W, H, scale),
        away: new Int32Array(mw * mh),   // stamp of the last draw that found it away
        stamp: 0, awayTurn: -1, awayCount: 0,
      };
      board.neutralRadius = board.radius(param(replay, "initial_neutral_cells_mass", 0.5));
      board.eatings = eatings(state, replay, board.nInit, repop);
      return board;
    },

    draw(ctx, state, frame, replay, board) {
      const T = typeof state.turn === "number" ? state.turn : frame.t;
      drawBackground(ctx, board);
      drawInitialNeutrals(ctx, board, T);
      drawNeutrals(ctx, state, board);
      drawGhosts(ctx, state, frame, board);
      drawViruses(ctx, state, frame, board);
      drawPlayers(ctx, state, board);
    },

    notes(state, frame, replay, board) {
      const out = [];
      const T = typeof state.turn === "number" ? state.turn : frame.t;
      const prev = frame.prev, fresh = prev && typeof prev.next_id === "number" ? prev.next_id : Infinity;
      const empty = [];
      (state.players || []).forEach((cells, seat) => {
        cells = cells || [];
        const asked = askedOf(frame.a ? frame.a[seat] : null);
        if (!cells.length && !asked.surrender) { empty.push(seat); return; }
        const mass = cells.reduce((a, c) => a + c[3], 0);
        const isolated = cells.filter((c) => c[4] > 0).length;
        const born = cells.filter((c) => c[0] >= fresh);
        const satellites = board.isolation > 0 ? born.filter((c) => c[4] === board.isolation).length : 0;
        const burst = board.isolation > 0 ? cells.filter((c) => c[0] < fresh && c[4] === board.isolation).length : 0;
        let line = "seat " + seat + ": " + plural(cells.length, "cell") + ", mass " + Arena.num(mass);
        if (isolated) line += ", " + isolated + " isolated";
        const did = [];
        if (asked.divide) did.push(plural(asked.divide, "division") + " asked");
        if (asked.virus) did.push(plural(asked.virus, "virus", "viruses") + " asked");
        if (asked.surrender) did.push("surrenders");
        if (born.length > satellites) did.push(plural(born.length - satellites, "new cell"));
        if (burst) did.push(plural(burst, "cell") + " burst on a virus");
        if (satellites) did.push(plural(satellites, "satellite"));
        if (did.length) line += " — " + did.join(", ");
        out.push(line);
      });
      if (empty.length) out.push((empty.length === 1 ? "seat " : "seats ") + empty.join(", ") + ": no cells");
      if (prev) {
        out.push(...lossNotes(state, frame, board));
        const viruses = state.viruses || [];
        const now = new Set(viruses.map((v) => v[0]));
        const made = viruses.filter((v) => v[0] >= fresh).length;
        const gone = (prev.viruses || []).filter((v) => !now.has(v[0])).length;
        if (made || gone) out.push("viruses: " + made + " created, " + gone + " gone, " + viruses.length + " on the map");
        const left = new Set((state.neutrals || []).map((n) => n[0]));
        const ate = (prev.neutrals || []).filter((n) => !left.has(n[0])).length;
        const initial = (state.eaten || []).length;
        if (initial || ate) out.push("neutrals eaten: " + initial + " of the grid" + (ate ? ", " + ate + " others" : ""));
      }
      if (board.awayTurn !== T) markAway(board, T);
      out.push("grid neutrals away: " + board.awayCount + " of " + board.nInit);
      out.push("dashed ring: isolated · faint ring: gone this turn · star: virus");
      return out;
    },
  };
})();
