// games/sopra.js: the Sopra Steria logo game. Drawn on the width × height
// grid (the right half, where the logos are drawn at the start, faintly
// tinted): each caddie as a square outlined in its seat's colour, with a
// small logo per delivery; the free logos as gold diamonds; each player as
// a disc in its seat's colour with its seat number, a gold badge when it
// carries a logo, pips for its jumps left, a grey dashed ring and a "z"
// when it is stunned for the next round, and a dot in the colour of each
// seat that cannot slap it (whose "protected" player it is). The round
// just played is drawn over it: each player's move (a dashed arc for a
// jump), its slaps (an arrow from the slapper to a burst where the victim
// stood), its forbidden actions (a red arrow to the refused cell and a red
// cross), unanswered turns ("?"), dropped logos (a dashed gold line to
// where they landed, ringed), pick-ups (a gold ring) and deliveries (a
// glowing caddie).
//
// Who slapped whom is not in the state: it is found by replaying the
// round's moves from the state before it (frame.prev), in the rules' order
// of resolution (params order, slap_adjacency). Moves and slaps do not
// depend on the random drops, so the replay is exact; it is checked against
// the players' positions, jumps, protected players and slap counts, and
// when it disagrees the viewer falls back on the counters alone (a burst
// beside each slapper and each player stunned without a fault of its own).
"use strict";
(function () {
  const BG = "#151b24", GRID = "#263041", HALF = "#1a2230", LOGO = "#ffcf3f", LOGO_EDGE = "#7a5a00";
  const SLAP = "#fff4a8", BAD = "#ff4d4d", STUN = "#9aa3b2";
  const DIRS = {N: [0, -1], S: [0, 1], E: [1, 0], O: [-1, 0]};
  const WIND = {N: "north", S: "south", E: "east", O: "west"};

  // parseAction reads an action's text as the engine does: a step or a
  // jump and its direction, or null for no valid answer.
  function parseAction(a) {
    if (typeof a !== "string") return null;
    let t = a.trim();
    if (t === "W") t = "O";
    const jump = t.length === 2 && t[0] === "J";
    const d = DIRS[jump ? t[1] : t.length === 1 ? t : ""];
    if (!d) return null;
    return {jump, dx: d[0] * (jump ? 2 : 1), dy: d[1] * (jump ? 2 : 1), text: t};
  }

  function param(replay, name, dflt) {
    const p = replay && replay.params;
    return p && p[name] !== undefined && p[name] !== null ? p[name] : dflt;
  }

  // order returns the seats in the order round r resolves them.
  function order(n, round, replay) {
    const first = param(replay, "order", "rotate") === "fixed" ? 0 : (((round - 1) % n) + n) % n;
    const out = [];
    for (let k = 0; k < n; k++) out.push((first + k) % n);
    return out;
  }

  function reaches(dx, dy, adj8) {
    if (dx === 0 && dy === 0) return false;
    return adj8 ? Math.abs(dx) <= 1 && Math.abs(dy) <= 1 : Math.abs(dx) + Math.abs(dy) === 1;
  }

  // replayRound plays the round's moves and slaps again from the state
  // before it. It returns the events in the order of resolution, the slaps,
  // and whether it agrees with the state after the round.
  function replayRound(prev, state, frame, replay) {
    const n = state.players.length;
    const pos = prev.players.map((p) => [p.x, p.y]);
    const jumps = prev.players.map((p) => p.jumps);
    const prot = prev.players.map((p) => p.protected);
    const adj8 = String(param(replay, "slap_adjacency", "4")) === "8";
    const events = [], slaps = [], hitAt = {};
    const W = state.width, H = state.height;
    for (const seat of order(n, state.round, replay)) {
      const P = prev.players[seat];
      if (P.stunned) { events.push({seat, kind: "idle"}); continue; }
      const a = parseAction(frame.a ? frame.a[seat] : null);
      if (!a) { events.push({seat, kind: "none", text: frame.a ? frame.a[seat] : null}); continue; }
      let why = "";
      if (a.jump) {
        if (jumps[seat] <= 0) why = "no jump left";
        else jumps[seat]--;
      }
      const tx = pos[seat][0] + a.dx, ty = pos[seat][1] + a.dy;
      if (!why && (tx < 0 || ty < 0 || tx >= W || ty >= H)) why = "target off the board";
      if (!why && pos.some((q, k) => k !== seat && q[0] === tx && q[1] === ty)) why = "target holds a player";
      if (why) {
        events.push({seat, kind: "bad", text: a.text, why, from: pos[seat].slice(), to: [tx, ty]});
        hitAt[seat] = pos[seat].slice();
        continue;
      }
      const from = pos[seat].slice();
      pos[seat] = [tx, ty];
      const victims = [];
      for (let v = 0; v < n; v++) {
        const home = prev.players[v].caddie || [];
        if (v === seat || v === prot[seat]) continue;
        if (pos[v][0] === home[0] && pos[v][1] === home[1]) continue;
        if (reaches(pos[v][0] - tx, pos[v][1] - ty, adj8)) victims.push(v);
      }
      for (const v of victims) {
        slaps.push({from: seat, to: v, at: [tx, ty], victimAt: pos[v].slice()});
        hitAt[v] = pos[v].slice();
      }
      if (victims.length === 1) prot[seat] = victims[0];
      else if (victims.length > 1) prot[seat] = -1;
      events.push({seat, kind: "move", jump: a.jump, text: a.text, from, to: [tx, ty], victims});
    }
    const ok = state.players.every((p, k) => p.x === pos[k][0] && p.y === pos[k][1] && p.jumps === jumps[k] &&
      p.protected === prot[k] && p.slaps - prev.players[k].slaps === slaps.filter((s) => s.from === k).length);
    return {ok, events, slaps, hitAt};
  }

  // diffRound compares the states before and after the round: the changes
  // of each player's counters, the logos dropped and delivered.
  function diffRound(prev, state) {
    const seats = state.players.map((p, k) => {
      const q = prev.players[k];
      const d = (f) => (Number(p[f]) || 0) - (Number(q[f]) || 0);
      const delivered = d("deliveries") > 0;
      const lost = (q.carrying >= 0 && p.carrying !== q.carrying && !delivered) ||
        (d("pickups") > 0 && p.carrying < 0 && !delivered);
      return {slaps: d("slaps"), pickups: d("pickups"), deliveries: d("deliveries"), penalties: d("penalties"),
        noAnswers: d("no_answers"), jumps: -d("jumps"), dropped: lost};
    });
    const drops = [];
    state.logos.forEach((l, i) => {
      const o = prev.logos[i];
      if (!o || l.delivered || l.carrier >= 0) return;
      if (o.carrier >= 0 || o.x !== l.x || o.y !== l.y) drops.push({logo: i, by: o.carrier, from: [o.x, o.y], to: [l.x, l.y]});
    });
    return {seats, drops};
  }

  // movesOf returns the round's moves from the state alone: each player
  // that changed cells, a jump when it spent one.
  function movesOf(prev, state) {
    const out = [];
    state.players.forEach((p, k) => {
      const q = prev.players[k];
      if (p.x !== q.x || p.y !== q.y) out.push({seat: k, kind: "move", jump: p.jumps < q.jumps, from: [q.x, q.y], to: [p.x, p.y]});
    });
    return out;
  }

  // analyse returns what happened in the round shown, once per round.
  function analyse(state, frame, replay, board) {
    if (board.cache && board.cache.t === frame.t && board.cache.state === state) return board.cache.info;
    let info = null;
    const prev = frame.prev;
    if (prev && prev.players && prev.logos && prev.players.length === state.players.length) {
      info = diffRound(prev, state);
      const r = replayRound(prev, state, frame, replay);
      info.replay = r.ok ? r : null;
      info.moves = r.ok ? r.events.filter((e) => e.kind === "move") : movesOf(prev, state);
      if (r.ok) for (const d of info.drops) if (d.by >= 0 && r.hitAt[d.by]) d.from = r.hitAt[d.by];
    }
    board.cache = {t: frame.t, state, info};
    return info;
  }

  // Drawing helpers: a board's cell to the canvas.
  function cx(board, x) { return board.m + x * board.cell + board.cell / 2; }
  function cy(board, y) { return board.m + y * board.cell + board.cell / 2; }

  function diamond(ctx, x, y, r, fill, edge) {
    ctx.beginPath();
    ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    if (edge) { ctx.strokeStyle = edge; ctx.lineWidth = Math.max(1, r / 5); ctx.stroke(); }
  }

  function burst(ctx, x, y, r, colour) {
    ctx.beginPath();
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8, rr = i % 2 ? r * 0.45 : r;
      ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
    }
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
  }

  function arrowHead(ctx, x0, y0, x1, y1, size) {
    const a = Math.atan2(y1 - y0, x1 - x0);
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - size * Math.cos(a - 0.45), y1 - size * Math.sin(a - 0.45));
    ctx.lineTo(x1 - size * Math.cos(a + 0.45), y1 - size * Math.sin(a + 0.45));
    ctx.closePath();
    ctx.fill();
  }

  function label(ctx, text, x, y, size, colour, align) {
    ctx.font = "600 " + Math.round(size) + "px system-ui, sans-serif";
    ctx.fillStyle = colour;
    ctx.textAlign = align || "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x, y);
  }

  function drawGrid(ctx, state, board) {
    const c = board.cell, m = board.m, w = state.width * c, h = state.height * c;
    ctx.fillStyle = BG;
    ctx.fillRect(0, 0, board.width, board.height);
    ctx.fillStyle = HALF;
    const half = Math.floor(state.width / 2);
    ctx.fillRect(m + half * c, m, (state.width - half) * c, h);
    if (c >= 6) {
      ctx.strokeStyle = GRID;
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= state.width; x++) { ctx.moveTo(m + x * c + 0.5, m); ctx.lineTo(m + x * c + 0.5, m + h); }
      for (let y = 0; y <= state.height; y++) { ctx.moveTo(m, m + y * c + 0.5); ctx.lineTo(m + w, m + y * c + 0.5); }
      ctx.stroke();
    }
    if (m) {
      const step = c >= 20 ? 1 : 5;
      for (let x = 0; x < state.width; x += step) label(ctx, String(x), cx(board, x), m / 2, 10, "#6b778a");
      for (let y = 0; y < state.height; y += step) label(ctx, String(y), m / 2, cy(board, y), 10, "#6b778a");
    }
  }

  function drawCaddies(ctx, state, info, board) {
    const c = board.cell;
    state.players.forEach((p, k) => {
      if (!Array.isArray(p.caddie)) return;
      const x = cx(board, p.caddie[0]), y = cy(board, p.caddie[1]), s = Math.max(7, c * 0.9);
      if (info && info.seats[k].deliveries > 0) {
        ctx.fillStyle = "rgba(255,207,63,0.45)";
        ctx.fillRect(x - c / 2, y - c / 2, c, c);
      }
      ctx.globalAlpha = 0.22;
      ctx.fillStyle = Arena.seatColor(k);
      ctx.fillRect(x - s / 2, y - s / 2, s, s);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = Arena.seatColor(k);
      ctx.lineWidth = Math.max(1.5, c / 12);
      ctx.strokeRect(x - s / 2, y - s / 2, s, s);
      // One small logo per delivery along the caddie's bottom edge.
      const n = Number(p.deliveries) || 0, r = Math.max(1.5, c / 16);
      for (let i = 0; i < Math.min(n, 5); i++) diamond(ctx, x - s / 2 + r * 1.6 + i * r * 2.4, y + s / 2 - r * 1.6, r, LOGO);
      if (n > 5 && c >= 20) label(ctx, "×" + n, x + s / 2 - 2, y + s / 2 - r * 1.6, Math.max(8, c / 5), LOGO, "right");
    });
  }

  // drawLogos draws the free logos; one under a player shows in its cell's
  // corner (a carrier leaves a second logo where it lies).
  function drawLogos(ctx, state, info, board) {
    const c = board.cell;
    const busy = new Set(state.players.map((p) => p.x + "," + p.y));
    const fresh = new Set(info ? info.drops.map((d) => d.logo) : []);
    state.logos.forEach((l, i) => {
      const q = state.players[l.carrier];
      if (l.delivered || (q && q.carrying === i)) return;
      let x = cx(board, l.x), y = cy(board, l.y), r = Math.max(2, c * 0.3);
      if (busy.has(l.x + "," + l.y)) { x += c * 0.3; y += c * 0.3; r = c * 0.15; }
      if (fresh.has(i)) {
        ctx.strokeStyle = LOGO;
        ctx.lineWidth = Math.max(1, c / 20);
        ctx.beginPath();
        ctx.arc(x, y, r * 1.45, 0, 2 * Math.PI);
        ctx.stroke();
      }
      diamond(ctx, x, y, r, LOGO, LOGO_EDGE);
      if (r >= 10) label(ctx, "S", x, y + 0.5, r * 0.9, LOGO_EDGE);
    });
  }

  // drawMoves draws each player's move of the round: a line for a step, a
  // dashed arc for a jump.
  function drawMoves(ctx, info, board) {
    const c = board.cell;
    for (const e of info.moves) {
      const x0 = cx(board, e.from[0]), y0 = cy(board, e.from[1]), x1 = cx(board, e.to[0]), y1 = cy(board, e.to[1]);
      ctx.strokeStyle = ctx.fillStyle = Arena.seatColor(e.seat);
      ctx.globalAlpha = 0.6;
      ctx.lineWidth = Math.max(1, c / 14);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      if (e.jump) {
        ctx.setLineDash([c / 6, c / 10]);
        const mx = (x0 + x1) / 2 - (y1 - y0) * 0.35, my = (y0 + y1) / 2 + (x1 - x0) * 0.35;
        ctx.quadraticCurveTo(mx, my, x1, y1);
      } else {
        ctx.lineTo(x1, y1);
      }
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.arc(x0, y0, Math.max(1.5, c / 12), 0, 2 * Math.PI);
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  }

  function drawDrops(ctx, info, board) {
    const c = board.cell;
    ctx.strokeStyle = LOGO;
    ctx.lineWidth = Math.max(1, c / 20);
    ctx.setLineDash([c / 10 + 1, c / 10 + 1]);
    for (const d of info.drops) {
      ctx.beginPath();
      ctx.moveTo(cx(board, d.from[0]), cy(board, d.from[1]));
      ctx.lineTo(cx(board, d.to[0]), cy(board, d.to[1]));
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }

  function drawPlayers(ctx, state, info, board) {
    const c = board.cell, r = Math.max(3.5, c * 0.34);
    const protectors = state.players.map(() => []);
    state.players.forEach((p, k) => {
      if (p.protected >= 0 && p.protected < protectors.length && p.protected !== k) protectors[p.protected].push(k);
    });
    state.players.forEach((p, k) => {
      const x = cx(board, p.x), y = cy(board, p.y);
      if (info && info.seats[k].pickups > 0) {
        ctx.strokeStyle = LOGO;
        ctx.lineWidth = Math.max(1, c / 16);
        ctx.beginPath();
        ctx.arc(x, y, r + c * 0.1, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.fillStyle = Arena.seatColor(k);
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = "#0b0f15";
      ctx.lineWidth = Math.max(1, c / 24);
      ctx.stroke();
      if (p.stunned) drawStun(ctx, x, y, r, c);
      if (c >= 14) label(ctx, String(k), x, y + 0.5, r * 1.05, "#0b0f15");
      if (p.carrying >= 0) diamond(ctx, x + r * 0.8, y - r * 0.8, Math.max(2, c * 0.17), LOGO, LOGO_EDGE);
      drawJumps(ctx, p.jumps, x, y + r + c * 0.13, c);
      protectors[k].forEach((q, i) => {
        ctx.fillStyle = Arena.seatColor(q);
        ctx.beginPath();
        ctx.arc(x - r * 0.95 + i * c * 0.16, y + r * 0.9, Math.max(1.5, c / 13), 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = "#0b0f15";
        ctx.lineWidth = 1;
        ctx.stroke();
      });
    });
  }

  // drawStun greys a player stunned for the next round: a dashed ring and a "z".
  function drawStun(ctx, x, y, r, c) {
    ctx.fillStyle = "rgba(21,27,36,0.45)";
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.strokeStyle = STUN;
    ctx.lineWidth = Math.max(1, c / 16);
    ctx.setLineDash([c / 10 + 1, c / 14 + 1]);
    ctx.beginPath();
    ctx.arc(x, y, r + c * 0.09, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
    if (c >= 12) label(ctx, "z", x - r * 0.9, y - r * 0.9, Math.max(9, c * 0.32), "#e6e9ef");
  }

  function drawJumps(ctx, jumps, x, y, c) {
    const n = Number(jumps) || 0;
    if (c < 20 || n <= 0 || n > 5) return;
    ctx.fillStyle = "#e6e9ef";
    const gap = c * 0.12;
    for (let i = 0; i < n; i++) ctx.fillRect(x - ((n - 1) * gap) / 2 + i * gap - 1.5, y - 1.5, 3, 3);
  }

  // drawSlaps draws each slap as an arrow from the slapper to a burst on
  // the edge of the cell the victim stood on when it was slapped (it may
  // have moved on later in the round).
  function drawSlaps(ctx, info, board) {
    const c = board.cell;
    for (const s of info.replay.slaps) {
      const x0 = cx(board, s.at[0]), y0 = cy(board, s.at[1]), x1 = cx(board, s.victimAt[0]), y1 = cy(board, s.victimAt[1]);
      const len = Math.max(1, Math.hypot(x1 - x0, y1 - y0)), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
      const bx = x1 - ux * c * 0.42, by = y1 - uy * c * 0.42;
      ctx.strokeStyle = ctx.fillStyle = SLAP;
      ctx.lineWidth = Math.max(1.5, c / 10);
      ctx.beginPath();
      ctx.moveTo(x0 + ux * c * 0.34, y0 + uy * c * 0.34);
      ctx.lineTo(bx, by);
      ctx.stroke();
      burst(ctx, bx, by, Math.max(4, c * 0.2), SLAP);
    }
  }

  // drawFallbackSlaps marks, without the round's replay, the players that
  // slapped (a burst behind them) and those stunned without a fault of
  // their own.
  function drawFallbackSlaps(ctx, state, info, board) {
    const c = board.cell;
    state.players.forEach((p, k) => {
      const d = info.seats[k];
      const x = cx(board, p.x), y = cy(board, p.y);
      if (d.slaps > 0) burst(ctx, x + c * 0.3, y - c * 0.3, c * 0.18, SLAP);
      if (p.stunned && !d.penalties && !d.noAnswers) burst(ctx, x - c * 0.3, y + c * 0.3, c * 0.18, BAD);
    });
  }

  // drawFaults marks forbidden actions (a red cross, an arrow to the target
  // refused) and unanswered turns ("?").
  function drawFaults(ctx, state, info, board) {
    const c = board.cell;
    const events = info.replay ? info.replay.events : [];
    for (const e of events) {
      if (e.kind === "bad") {
        const x0 = cx(board, e.from[0]), y0 = cy(board, e.from[1]);
        const dx = e.to[0] - e.from[0], dy = e.to[1] - e.from[1], len = Math.max(1, Math.hypot(dx, dy));
        const ux = dx / len, uy = dy / len, xe = x0 + ux * c * 0.62, ye = y0 + uy * c * 0.62;
        ctx.strokeStyle = ctx.fillStyle = BAD;
        ctx.lineWidth = Math.max(1.5, c / 12);
        ctx.beginPath();
        ctx.moveTo(x0 + ux * c * 0.38, y0 + uy * c * 0.38);
        ctx.lineTo(xe, ye);
        ctx.stroke();
        arrowHead(ctx, x0, y0, xe, ye, Math.max(4, c * 0.2));
      }
    }
    state.players.forEach((p, k) => {
      const d = info.seats[k], r = c * 0.11;
      const x = cx(board, p.x) + c * 0.33, y = cy(board, p.y) + c * 0.3;
      if (d.penalties > 0) {
        ctx.fillStyle = "#0b0f15";
        ctx.beginPath();
        ctx.arc(x, y, r * 1.6, 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = BAD;
        ctx.lineWidth = Math.max(1.5, c / 18);
        ctx.beginPath();
        ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
        ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
        ctx.stroke();
      }
      if (d.noAnswers > 0 && c >= 12) label(ctx, "?", x, y, Math.max(10, c * 0.36), BAD);
    });
  }

  function drawLegend(ctx, board) {
    if (!board.legend) return;
    const y = board.height - board.legend / 2;
    let x = board.m;
    const item = (draw, text) => {
      ctx.font = "600 11px system-ui, sans-serif";
      if (x + 30 + ctx.measureText(text).width > board.width) return;
      draw(x + 6);
      label(ctx, text, x + 16, y, 11, "#aab3c2", "left");
      x += 22 + ctx.measureText(text).width + 14;
    };
    item((x0) => diamond(ctx, x0, y, 6, LOGO, LOGO_EDGE), "logo");
    item((x0) => { ctx.strokeStyle = "#aab3c2"; ctx.lineWidth = 2; ctx.strokeRect(x0 - 6, y - 6, 12, 12); }, "caddie");
    item((x0) => {
      ctx.strokeStyle = "#aab3c2"; ctx.lineWidth = 1.5; ctx.setLineDash([3, 2]);
      ctx.beginPath(); ctx.moveTo(x0 - 7, y + 3); ctx.quadraticCurveTo(x0, y - 8, x0 + 7, y + 3); ctx.stroke(); ctx.setLineDash([]);
    }, "jump");
    item((x0) => {
      ctx.strokeStyle = STUN; ctx.lineWidth = 1.5; ctx.setLineDash([3, 2]);
      ctx.beginPath(); ctx.arc(x0, y, 6, 0, 2 * Math.PI); ctx.stroke(); ctx.setLineDash([]);
    }, "stunned");
    item((x0) => burst(ctx, x0, y, 7, SLAP), "slap");
    item((x0) => { ctx.fillStyle = "#e6e9ef"; for (let i = -1; i <= 1; i++) ctx.fillRect(x0 + i * 4 - 1.5, y - 1.5, 3, 3); }, "jumps left");
    item((x0) => { ctx.fillStyle = "#aab3c2"; ctx.beginPath(); ctx.arc(x0, y, 3.5, 0, 2 * Math.PI); ctx.fill(); }, "that seat can't slap it");
    item((x0) => label(ctx, "✕", x0, y, 12, BAD), "forbidden");
  }

  // seatName is how the notes name a seat.
  function seatName(k, replay) {
    const b = replay && replay.bots && replay.bots[k];
    return "seat " + k + (b ? " (" + b + ")" : "");
  }

  // roundNotes says what each player did, in the order of resolution.
  function roundNotes(state, info, replay) {
    const out = [], n = state.players.length, told = new Set();
    const seat = (k) => seatName(k, replay);
    const extras = (k) => {
      const d = info.seats[k], bits = [];
      if (d.pickups > 0) bits.push("picks up a logo (+" + d.pickups * param(replay, "points_pickup", 1) + ")");
      if (d.deliveries > 0) bits.push("delivers " + (d.deliveries > 1 ? d.deliveries + " logos" : "a logo") + " (+" + d.deliveries * param(replay, "points_delivery", 30) + ")");
      return bits;
    };
    const toldDrop = new Set();
    const firstDrop = (v) => {
      if (!info.seats[v] || !info.seats[v].dropped || toldDrop.has(v)) return false;
      toldDrop.add(v);
      return true;
    };
    if (info.replay) {
      for (const e of info.replay.events) {
        const k = e.seat;
        told.add(k);
        if (e.kind === "idle") { out.push(seat(k) + " is stunned and sits out"); continue; }
        if (e.kind === "none") { out.push(seat(k) + " gives no valid answer: stunned next round"); continue; }
        if (e.kind === "bad") {
          out.push(seat(k) + ": " + e.text + " is forbidden (" + e.why + "): " + param(replay, "points_penalty", -5) +
            ", stunned next round" + (firstDrop(k) ? ", drops its logo" : ""));
          continue;
        }
        const bits = [];
        if (e.jump) bits.push("jumps " + WIND[e.text[1]] + " (" + e.text + ") to (" + e.to + ")");
        bits.push(...extras(k));
        if (e.victims.length) {
          const pts = e.victims.length * param(replay, "points_slap", 2);
          bits.push("slaps " + e.victims.map((v) => "seat " + v + (firstDrop(v) ? " (drops its logo)" : "")).join(" and ") +
            " (+" + pts + (e.victims.length > 1 ? ", combo" : "") + ")");
        }
        if (bits.length) out.push(seat(k) + " " + bits.join(", "));
      }
    }
    for (let k = 0; k < n; k++) {
      if (told.has(k)) continue;
      const d = info.seats[k], bits = extras(k);
      if (d.jumps > 0) bits.push("jumps");
      if (d.slaps > 0) bits.push("slaps " + (d.slaps > 1 ? d.slaps + " players" : "a player"));
      if (d.penalties > 0) bits.push("makes a forbidden move (" + param(replay, "points_penalty", -5) + ")");
      if (d.noAnswers > 0) bits.push("gives no valid answer");
      if (state.players[k].stunned) bits.push("is stunned next round");
      if (d.dropped) bits.push("drops its logo");
      if (bits.length) out.push(seat(k) + " " + bits.join(", "));
    }
    return out;
  }

  function endNotes(state, replay) {
    const out = [];
    const free = state.logos.filter((l) => !l.delivered && l.carrier < 0).length;
    const carried = state.logos.filter((l) => l.carrier >= 0).length;
    const delivered = state.logos.filter((l) => l.delivered).length;
    out.push("logos: " + free + " free, " + carried + " carried, " + delivered + " delivered");
    if (state.round >= state.rounds && state.players.length) {
      const best = Math.max(...state.players.map((p) => p.score));
      const win = state.players.map((p, k) => (p.score === best ? k : -1)).filter((k) => k >= 0);
      out.push("the match is over: " + win.map((k) => seatName(k, replay)).join(" and ") + (win.length > 1 ? " share the lead" : " wins") + " with " + best);
    }
    return out;
  }

  Arena.games.sopra = {
    setup(state, replay) {
      const w = Math.max(1, state.width), h = Math.max(1, state.height);
      const cell = Math.max(3, Math.min(72, Math.floor(720 / Math.max(w, h))));
      const m = cell >= 20 ? 18 : 0;
      const legend = w * cell >= 600 ? 26 : 0;
      return {width: w * cell + 2 * m, height: m + h * cell + (legend || m), cell, m, legend, cache: null};
    },
    draw(ctx, state, frame, replay, board) {
      const info = analyse(state, frame, replay, board);
      drawGrid(ctx, state, board);
      drawCaddies(ctx, state, info, board);
      drawLogos(ctx, state, info, board);
      if (info) drawMoves(ctx, info, board);
      if (info) drawDrops(ctx, info, board);
      drawPlayers(ctx, state, info, board);
      if (info && info.replay) drawSlaps(ctx, info, board);
      else if (info) drawFallbackSlaps(ctx, state, info, board);
      if (info) drawFaults(ctx, state, info, board);
      drawLegend(ctx, board);
    },
    notes(state, frame, replay, board) {
      const info = analyse(state, frame, replay, board);
      if (!info) {
        const jumps = state.players.length ? state.players[0].jumps : 0;
        return [state.players.length + " players, " + state.logos.length + " logos, " + state.rounds + " rounds, " + jumps + " jumps each"];
      }
      const out = ["round " + state.round + ": resolved in the order " + order(state.players.length, state.round, replay).join(", ")];
      out.push(...roundNotes(state, info, replay));
      if (!info.replay) out.push("(the round's slaps could not be replayed: shown from the counters)");
      out.push(...endNotes(state, replay));
      return out;
    },
  };
})();
