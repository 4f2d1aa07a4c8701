// games/vampires.js: the Vampires vs Werewolves board. The rows × columns
// grid, every non-empty cell filled (humans grey, vampires and werewolves in
// the colour of the seat that plays them, with a V/W/H mark when there is
// room) and its count written in it; the ply just played as arrows in the
// mover's colour (an ATK as arrows from every adjacent own group), a source
// the ply left empty outlined dashed, and every battle (arrivals on humans or
// enemies) ringed in orange. An invalid ply's arrows are drawn faded;
// a strip above the grid gives the populations and the status;
// notes() tells each battle's outcome (inferred from the states before and
// after the ply).
"use strict";
(function () {
  const KINDS = ["humans", "vampires", "werewolves"];
  const LETTERS = ["H", "V", "W"];
  const HUMANS = "#8b939e";
  const BG = "#11151c";
  const LINE = "#262d3a";
  const RING = "#ff8c1a";
  const STRIP = 30; // height of the legend strip above the grid
  const MAX_BATTLE_NOTES = 3;

  // group reads a cell [x, y, humans, vampires, werewolves] as
  // {x, y, kind, count}: kind 0 humans, 1 vampires, 2 werewolves, -1 empty.
  function group(c) {
    for (let k = 0; k < 3; k++) if (c[2 + k] > 0) return {x: c[0], y: c[1], kind: k, count: c[2 + k]};
    return {x: c[0], y: c[1], kind: -1, count: 0};
  }

  // groups returns the non-empty cells of a state by index y*columns + x.
  function groups(state, columns) {
    const m = new Map();
    for (const c of (state && state.cells) || []) {
      const g = group(c);
      if (g.kind >= 0) m.set(g.y * columns + g.x, g);
    }
    return m;
  }

  // numbers reads exactly n unsigned decimals separated by commas, or null.
  function numbers(text, n) {
    const f = text.split(",").map((s) => s.trim());
    if (f.length !== n || f.some((s) => !/^[0-9]+$/.test(s))) return null;
    return f.map(Number);
  }

  // parsePly reads the action text as the engine does ("MOV x,y,n,x2,y2;…"
  // or "ATK x,y"): {atk: [x, y]} or {moves: [[x, y, n, x2, y2], …]}, or
  // null when it does not parse.
  function parsePly(text) {
    if (typeof text !== "string") return null;
    const t = text.trim();
    const m = /^(\S+)(\s[\s\S]*)?$/.exec(t);
    if (!m) return null;
    const rest = m[2] || "";
    if (m[1] === "ATK") {
      const n = numbers(rest, 2);
      return n && {atk: n};
    }
    if (m[1] !== "MOV" || rest.trim() === "") return null;
    const moves = [];
    for (const part of rest.split(";")) {
      const n = numbers(part, 5);
      if (!n) return null;
      moves.push(n);
    }
    return {moves};
  }

  // sameCells reports whether two states hold the same cells.
  function sameCells(a, b) {
    const p = a.cells || [], q = b.cells || [];
    if (p.length !== q.length) return false;
    for (let i = 0; i < p.length; i++) {
      for (let j = 0; j < 5; j++) if (p[i][j] !== q[i][j]) return false;
    }
    return true;
  }

  // arrows turns a parsed ply into arrows {fx, fy, tx, ty, n} on the grid,
  // merging moves between the same two cells; an ATK comes from every own
  // group next to its target in the state before.
  function arrows(ply, before, kind, rows, columns) {
    const on = (x, y) => x >= 0 && y >= 0 && x < columns && y < rows;
    const list = [];
    if (ply.atk) {
      const [x, y] = ply.atk;
      if (!on(x, y)) return list;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const g = (dx || dy) && on(x + dx, y + dy) ? before.get((y + dy) * columns + x + dx) : undefined;
          if (g && g.kind === kind) list.push({fx: x + dx, fy: y + dy, tx: x, ty: y, n: g.count});
        }
      }
      return list;
    }
    const byPair = new Map();
    for (const [fx, fy, n, tx, ty] of ply.moves) {
      if (!on(fx, fy) || !on(tx, ty) || (fx === tx && fy === ty)) continue;
      const key = (fy * columns + fx) * rows * columns + ty * columns + tx;
      const a = byPair.get(key);
      if (a) a.n += n;
      else byPair.set(key, {fx, fy, tx, ty, n});
    }
    return [...byPair.values()];
  }

  // battles lists the targets where the arrivals met humans or enemies:
  // {x, y, a, kind, def, after}: a attackers of the mover's kind, the
  // defenders before and the cell after.
  function battles(list, before, after, kind, columns) {
    const arrivals = new Map();
    for (const a of list) {
      const i = a.ty * columns + a.tx;
      arrivals.set(i, (arrivals.get(i) || 0) + a.n);
    }
    const out = [];
    for (const [i, n] of [...arrivals].sort((p, q) => p[0] - q[0])) {
      const def = before.get(i);
      if (!def || def.kind === kind) continue;
      const x = i % columns, y = Math.floor(i / columns);
      out.push({x, y, a: n, kind, def, after: after.get(i) || {x, y, kind: -1, count: 0}});
    }
    return out;
  }

  // analyse says what the ply that led to state did: the mover, how its
  // answer fared (status), its arrows, the sources it emptied, its battles.
  // The result is kept for the turn, as draw and notes both need it.
  function analyse(state, frame, board) {
    if (board.cache && board.cache.t === frame.t) return board.cache.info;
    const info = {mover: -1, status: "start", arrows: [], vacated: [], battles: [], forfeited: false};
    const prev = frame.prev;
    if (prev && frame.t > 0) {
      const {rows, columns} = board;
      const mover = prev.to_act === 1 ? 1 : 0;
      const kind = KINDS.indexOf((state.species || [])[mover]);
      const text = frame.a ? frame.a[mover] : null;
      const before = groups(prev, columns), after = groups(state, columns);
      info.mover = mover;
      info.forfeited = state.forfeit !== null && state.forfeit !== undefined && (prev.forfeit === null || prev.forfeit === undefined);
      const ply = parsePly(text);
      if (text === null || text === undefined) info.status = "no answer";
      else if (!ply) info.status = "unparsed";
      else if (info.forfeited || sameCells(prev, state)) info.status = "invalid";
      else info.status = "played";
      if (ply) info.arrows = arrows(ply, before, kind, rows, columns);
      if (info.status === "played") {
        info.battles = battles(info.arrows, before, after, kind, columns);
        const sources = new Set(info.arrows.map((a) => a.fy * columns + a.fx));
        for (const i of sources) if (!after.has(i) && before.has(i)) info.vacated.push(before.get(i));
      }
    }
    board.cache = {t: frame.t, info};
    return info;
  }

  // colorOf returns the colour of a kind: grey humans, else the colour of
  // the seat that plays the species.
  function colorOf(kind, state) {
    if (kind <= 0) return HUMANS;
    const seat = (state.species || []).indexOf(KINDS[kind]);
    return seat >= 0 ? Arena.seatColor(seat) : "#cccccc";
  }

  const SINGULAR = ["human", "vampire", "werewolf"];

  // some says "n humans", "1 human"…
  function some(n, kind) {
    return n + " " + (n === 1 ? SINGULAR[kind] : KINDS[kind]);
  }

  function describe(g) {
    return g.kind < 0 || g.count <= 0 ? "nobody" : some(g.count, g.kind);
  }

  function seatName(state, k) {
    return "seat " + k + " (" + ((state.species || [])[k] || "?") + ")";
  }

  // winner returns the winning seat of a finished match, or -1 for a draw.
  function winner(state) {
    if (state.forfeit === 0 || state.forfeit === 1) return 1 - state.forfeit;
    const pop = state.population || [];
    const p = (state.species || []).map((s) => pop[KINDS.indexOf(s)] || 0);
    return p[0] > p[1] ? 0 : p[1] > p[0] ? 1 : -1;
  }

  // status says how the match ended ("" while it goes on): short for the
  // strip, long for the notes.
  function status(state, replay, long) {
    if (!state.over) return "";
    const w = winner(state);
    const result = w < 0 ? "a draw" : (long ? seatName(state, w) : "seat " + w) + " wins";
    if (state.forfeit === 0 || state.forfeit === 1) return "seat " + state.forfeit + " forfeits: " + result;
    const pop = state.population || [];
    const p = (state.species || []).map((s) => pop[KINDS.indexOf(s)] || 0);
    const score = long ? ", " + Math.max(p[0], p[1]) + " to " + Math.min(p[0], p[1]) : "";
    const max = replay.params && replay.params.max_plies;
    if (p[0] > 0 && p[1] > 0 && max && state.ply >= max) return "daybreak: " + result + score;
    const gone = (state.species || []).filter((s, k) => p[k] === 0);
    return (gone.length ? gone.join(" and ") + " wiped out: " : "over: ") + result + score;
  }

  function drawGrid(ctx, board) {
    const {ox, oy, cell: c, rows, columns} = board;
    ctx.fillStyle = BG;
    ctx.fillRect(ox, oy, columns * c, rows * c);
    if (c < 5) return;
    ctx.strokeStyle = LINE;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= columns; x++) { ctx.moveTo(ox + x * c + 0.5, oy); ctx.lineTo(ox + x * c + 0.5, oy + rows * c); }
    for (let y = 0; y <= rows; y++) { ctx.moveTo(ox, oy + y * c + 0.5); ctx.lineTo(ox + columns * c, oy + y * c + 0.5); }
    ctx.stroke();
  }

  // label writes text centred at (x, y), outlined dark to stay readable.
  function label(ctx, text, x, y, size) {
    ctx.font = "bold " + size + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = Math.max(2, size / 5);
    ctx.strokeStyle = "rgba(0,0,0,0.7)";
    ctx.strokeText(text, x, y);
    ctx.fillStyle = "#ffffff";
    ctx.fillText(text, x, y);
  }

  function drawCells(ctx, state, board) {
    const {ox, oy, cell: c, rows, columns} = board;
    const pad = c >= 12 ? Math.max(1, Math.round(c * 0.06)) : 0;
    for (const cell of state.cells || []) {
      const g = group(cell);
      if (g.kind < 0 || g.x < 0 || g.y < 0 || g.x >= columns || g.y >= rows) continue;
      const x = ox + g.x * c, y = oy + g.y * c;
      ctx.fillStyle = colorOf(g.kind, state);
      ctx.fillRect(x + pad, y + pad, c - 2 * pad, c - 2 * pad);
      if (c >= 12) label(ctx, String(g.count), x + c / 2, y + c / 2, Math.round(Math.min(30, c * 0.42)));
      if (c >= 40) {
        ctx.font = Math.round(c * 0.17) + "px system-ui, sans-serif";
        ctx.textAlign = "left";
        ctx.textBaseline = "top";
        ctx.fillStyle = "rgba(255,255,255,0.8)";
        ctx.fillText(LETTERS[g.kind], x + pad + 3, y + pad + 2);
      }
    }
  }

  // drawVacated outlines, dashed, the sources the ply emptied.
  function drawVacated(ctx, state, info, board) {
    const {ox, oy, cell: c} = board;
    if (!info.vacated.length || c < 8) return;
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1.5;
    for (const g of info.vacated) {
      ctx.strokeStyle = colorOf(g.kind, state);
      ctx.strokeRect(ox + g.x * c + c * 0.15, oy + g.y * c + c * 0.15, c * 0.7, c * 0.7);
    }
    ctx.setLineDash([]);
  }

  // drawArrow draws one move from the edge of its source's centre to just
  // inside its target, with its count on it when there is room.
  function drawArrow(ctx, a, color, board) {
    const {ox, oy, cell: c} = board;
    const x0 = ox + (a.fx + 0.5) * c, y0 = oy + (a.fy + 0.5) * c;
    const x1 = ox + (a.tx + 0.5) * c, y1 = oy + (a.ty + 0.5) * c;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const gap = c * 0.3;
    const sx = x0 + ux * gap, sy = y0 + uy * gap, ex = x1 - ux * gap, ey = y1 - uy * gap;
    const w = Math.max(2, c * 0.07), head = Math.max(7, c * 0.18);
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.lineTo(ex - ux * head * 0.6, ey - uy * head * 0.6);
    };
    const tip = () => {
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6);
      ctx.lineTo(ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6);
      ctx.closePath();
    };
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    // A white outline keeps the arrow visible on any cell, its own
    // species' colour included.
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = w + 3;
    path(); ctx.stroke();
    tip(); ctx.stroke();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = w;
    path(); ctx.stroke();
    tip(); ctx.fill();
    if (c >= 28) {
      // The count sits beside the arrow, on its left as it goes.
      const r = Math.max(7, c * 0.12), off = r + w / 2 + 1;
      const mx = (sx + ex) / 2 + uy * off, my = (sy + ey) / 2 - ux * off;
      ctx.beginPath();
      ctx.arc(mx, my, r, 0, 2 * Math.PI);
      ctx.fillStyle = "#0b0e14";
      ctx.fill();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.stroke();
      ctx.font = "bold " + Math.round(r * 1.1) + "px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = "#ffffff";
      ctx.fillText(String(a.n), mx, my + 0.5);
    }
  }

  function drawArrows(ctx, info, board) {
    if (!info.arrows.length) return;
    const valid = info.status === "played";
    ctx.globalAlpha = valid ? 1 : 0.5;
    const color = Arena.seatColor(info.mover);
    for (const a of info.arrows) drawArrow(ctx, a, color, board);
    ctx.globalAlpha = 1;
  }

  // drawBattles rings each battle's cell in orange.
  function drawBattles(ctx, info, board) {
    const {ox, oy, cell: c} = board;
    const w = Math.max(2, Math.round(c * 0.09));
    for (const b of info.battles) {
      const x = ox + b.x * c, y = oy + b.y * c;
      ctx.strokeStyle = "#0b0e14";
      ctx.lineWidth = w + 2;
      ctx.strokeRect(x + w / 2, y + w / 2, c - w, c - w);
      ctx.strokeStyle = RING;
      ctx.lineWidth = w;
      ctx.strokeRect(x + w / 2, y + w / 2, c - w, c - w);
    }
  }

  // drawStrip writes the populations (with their colours) and the ply or
  // the end of the match above the grid.
  function drawStrip(ctx, state, replay, board) {
    ctx.fillStyle = "#1b212b";
    ctx.fillRect(0, 0, board.width, STRIP);
    ctx.font = "13px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    const pop = state.population || [];
    const items = [0, 1].map((k) => {
      const kind = KINDS.indexOf((state.species || [])[k]);
      return {color: Arena.seatColor(k), text: (KINDS[kind] || "?") + " " + Arena.num(pop[kind]) + " (seat " + k + ")"};
    });
    items.push({color: HUMANS, text: "humans " + Arena.num(pop[0])});
    let x = 8;
    for (const it of items) {
      ctx.fillStyle = it.color;
      ctx.fillRect(x, STRIP / 2 - 6, 12, 12);
      ctx.fillStyle = "#e6e9ef";
      ctx.fillText(it.text, x + 17, STRIP / 2);
      x += 17 + ctx.measureText(it.text).width + 14;
    }
    const max = replay.params && replay.params.max_plies;
    const end = status(state, replay);
    ctx.textAlign = "right";
    ctx.fillStyle = end ? "#ffb366" : "#9aa3b2";
    ctx.fillText(end || "ply " + state.ply + (max ? " / " + max : ""), board.width - 8, STRIP / 2);
  }

  Arena.games.vampires = {
    setup(state) {
      const rows = Math.max(1, state.rows | 0), columns = Math.max(1, state.columns | 0);
      const cell = Math.max(2, Math.min(120, Math.floor(720 / Math.max(rows, columns))));
      const width = Math.max(480, columns * cell);
      const ox = Math.floor((width - columns * cell) / 2);
      return {width, height: STRIP + rows * cell, cell, rows, columns, ox, oy: STRIP, cache: null};
    },

    draw(ctx, state, frame, replay, board) {
      const info = analyse(state, frame, board);
      drawStrip(ctx, state, replay, board);
      drawGrid(ctx, board);
      drawCells(ctx, state, board);
      drawVacated(ctx, state, info, board);
      drawBattles(ctx, info, board);
      drawArrows(ctx, info, board);
    },

    notes(state, frame, replay, board) {
      const info = analyse(state, frame, board);
      const pop = state.population || [];
      const out = [(state.species || []).map((s, k) => s + " " + Arena.num(pop[KINDS.indexOf(s)]) + " (seat " + k + ")").join(" · ") +
        " · humans " + Arena.num(pop[0])];
      const who = info.mover >= 0 ? seatName(state, info.mover) : "";
      const forfeits = info.forfeited ? ": it forfeits" : ": the ply is void";
      if (info.status === "no answer") out.push(who + " gave no answer: the ply is void");
      else if (info.status === "unparsed") out.push("the action of " + who + " does not parse" + forfeits);
      else if (info.status === "invalid") out.push(who + " played an invalid ply" + forfeits);
      for (const b of info.battles.slice(0, MAX_BATTLE_NOTES)) {
        out.push("battle at (" + b.x + "," + b.y + "): " + some(b.a, b.kind) + " vs " + describe(b.def) + " → " + describe(b.after));
      }
      if (info.battles.length > MAX_BATTLE_NOTES) out.push("… and " + (info.battles.length - MAX_BATTLE_NOTES) + " more battles");
      const end = status(state, replay, true);
      if (end) out.push("the game is over — " + end);
      return out;
    },
  };
})();
