// games/minibus.js: the Minibus board.
// - The grid's points as dots (y grows downwards).
// - Each station as a disc in its own hue with its id, its queue count
//   "waiting/capacity" on its left, and under it one slot per place of its
//   capacity: a waiting passenger is a slot filled with the hue of the
//   station it is bound for (and that station's id, when there is room).
// - Each bus as a small body in its owner's colour, one row of 5 seats per
//   car, a seat filled per rider (a gauge when it has more than 4 cars). A
//   bus stands beside the station it is at, or on its grid point while it
//   drives, with a dashed line to its destination. The buses of a player
//   who left this turn are shown faded and crossed.
// - Below the grid, a strip: the turn's totals, then per player its
//   status, money (and its change this turn, with a bar up to the goal),
//   fare, upgrades, buses and passengers aboard.
"use strict";
(function () {
  const BG = "#11151c", DOT = "#2c3442", TEXT = "#e8ecf2", MUTED = "#8a94a6", EMPTY = "#262d3a";
  const SEATS = 5;      // seats per car (the engine's CarCapacity)
  const MAX_ROWS = 4;   // cars drawn as rows of seats; more make a gauge
  const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const ROW = 22, HEAD = 24; // the legend strip's rows

  // Each station's hue, by id (at most 10 stations).
  const HUES = [];
  for (let i = 0; i < 10; i++) HUES.push("hsl(" + ((i * 137 + 20) % 360) + ",70%,68%)");
  const hue = (i) => HUES[((i % HUES.length) + HUES.length) % HUES.length];
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

  function setup(state, replay) {
    const n = Math.max(1, state.grid_size | 0);
    const cell = clamp(Math.floor(620 / n), 4, 96);
    const grid = n * cell;
    // stations (10 at most) and buses stay visible on a big grid
    const r = clamp(Math.floor(cell * 0.21), 7, 14);         // a station's radius
    const slot = clamp(Math.floor(cell * 0.17), 4, 11);      // a queue slot's side
    const seat = clamp(Math.floor(cell * 0.2) / 2, 2, 6);    // a seat's side
    const busW = SEATS * seat + 4;
    const idW = cell >= 40 ? 14 : 0;                         // room for a bus's id
    // room on the right for the buses of a station in the last column, and
    // below for the queue of one in the last row
    const padR = Math.max(0, Math.ceil(r + 3 + busW + idW - cell / 2));
    const padB = Math.max(0, Math.ceil(r + 3 + 2 * slot - cell / 2));
    const font = labelFont(cell);  // and on the left for a queue count "10/10"
    const padL = Math.max(0, Math.ceil(r + 6 + 2.8 * font - cell / 2));
    const players = state.players.length;
    const width = Math.max(padL + grid + padR, 600);
    const params = (replay && replay.params) || {};
    return {
      width, height: grid + padB + 8 + HEAD + players * ROW + 6,
      n, cell, grid, top: grid + padB, ox: padL + Math.floor((width - padL - grid - padR) / 2),
      r, slot, seat, busW, idW,
      goal: params.goal_money > 0 ? params.goal_money : 1500,
      // per-player totals, reused by every draw
      nBuses: new Array(players).fill(0), nCars: new Array(players).fill(0), nAboard: new Array(players).fill(0),
    };
  }

  // The size of a station's queue count.
  const labelFont = (cell) => clamp(Math.round(cell / 5.5), 8, 12);

  // The centre of a grid point.
  const px = (b, x) => b.ox + x * b.cell + b.cell / 2;
  const py = (b, y) => y * b.cell + b.cell / 2;

  // The lists of a state, read with care: an entry may be missing.
  const list = (v) => (Array.isArray(v) ? v : []);
  const count = (v) => (Array.isArray(v) ? v.length : 0);

  function stationAt(state, x, y) {
    const st = list(state.stations);
    for (let i = 0; i < st.length; i++) if (st[i] && st[i].x === x && st[i].y === y) return i;
    return -1;
  }

  function drawGrid(ctx, b) {
    ctx.fillStyle = BG;
    ctx.fillRect(0, 0, b.width, b.top);
    ctx.fillStyle = DOT;
    ctx.beginPath();
    if (b.cell >= 8) {
      const d = b.cell >= 24 ? 3 : 2;
      for (let y = 0; y < b.n; y++) for (let x = 0; x < b.n; x++) ctx.rect(px(b, x) - d / 2, py(b, y) - d / 2, d, d);
    } else { // a line every 10 points
      for (let i = 0; i < b.n; i += 10) {
        ctx.rect(px(b, i), py(b, 0), 1, b.grid - b.cell);
        ctx.rect(px(b, 0), py(b, i), b.grid - b.cell, 1);
      }
    }
    ctx.fill();
  }

  // A bus is shown if it runs, or if its owner left this very turn.
  function shown(state, bus) {
    if (!bus) return false;
    if (!bus.destroyed) return true;
    const p = list(state.players)[bus.owner];
    return !!p && p.end_turn === state.turn && state.turn > 0;
  }

  // Dashed lines from the buses on their way to their destinations.
  function drawRoutes(ctx, state, b) {
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 4]);
    ctx.globalAlpha = 0.55;
    for (const bus of list(state.buses)) {
      if (!bus || bus.destroyed) continue;
      const to = list(state.stations)[bus.dest];
      if (!to || (to.x === bus.x && to.y === bus.y)) continue;
      ctx.strokeStyle = Arena.seatColor(bus.owner);
      ctx.beginPath();
      ctx.moveTo(px(b, bus.x), py(b, bus.y));
      ctx.lineTo(px(b, to.x), py(b, to.y));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  function drawStation(ctx, st, i, fresh, b) {
    const cx = px(b, st.x), cy = py(b, st.y), r = b.r;
    if (fresh) { // appeared this turn
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(cx, cy, r + 4, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.fillStyle = hue(i);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = BG;
    ctx.font = "bold " + Math.max(7, Math.round(r * 1.15)) + "px " + FONT;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(i), cx, cy + 0.5);
    const q = list(st.queue), cap = st.capacity | 0;
    ctx.fillStyle = q.length >= cap ? "#ff8a80" : TEXT;
    ctx.font = labelFont(b.cell) + "px " + FONT;
    ctx.textAlign = "right";
    ctx.fillText(q.length + "/" + cap, cx - r - 6, cy);
    drawQueue(ctx, q, Math.min(Math.max(cap, q.length), 60), cx, cy + r + 3, b);
  }

  // The queue: one slot per place, rows of 5 (10 for a big capacity), a
  // waiting passenger in the hue of its destination, with its id.
  function drawQueue(ctx, q, places, cx, top, b) {
    const s = b.slot, cols = places > 10 ? 10 : Math.min(places, 5);
    const left = cx - (cols * s) / 2;
    const label = s >= 8;
    if (label) ctx.font = "bold " + (s - 2) + "px " + FONT;
    ctx.textAlign = "center";
    ctx.lineWidth = 1;
    for (let k = 0; k < places; k++) {
      const x = left + (k % cols) * s, y = top + Math.floor(k / cols) * s;
      if (k < q.length) {
        const dest = Array.isArray(q[k]) ? q[k][1] : -1;
        ctx.fillStyle = dest >= 0 ? hue(dest) : MUTED;
        ctx.fillRect(x + 0.5, y + 0.5, s - 1, s - 1);
        if (label && dest >= 0) { ctx.fillStyle = BG; ctx.fillText(String(dest), x + s / 2, y + s / 2 + 0.5); }
      } else {
        ctx.strokeStyle = "#3a4354";
        ctx.strokeRect(x + 1, y + 1, s - 2, s - 2);
      }
    }
  }

  // A bus's height: one row of seats per car, at most MAX_ROWS.
  const busH = (bus, b) => clamp(bus.cars | 0, 1, MAX_ROWS) * b.seat + 4;

  // drawBus draws bus id with its top-left corner at (x, y), its id on its
  // right when there is room.
  function drawBus(ctx, bus, id, riders, x, y, b) {
    const s = b.seat, w = b.busW, h = busH(bus, b);
    const color = Arena.seatColor(bus.owner);
    ctx.globalAlpha = bus.destroyed ? 0.4 : 1;
    ctx.fillStyle = BG;
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x + 0.75, y + 0.75, w - 1.5, h - 1.5);
    const cars = Math.max(1, bus.cars | 0), seats = cars * SEATS;
    if (cars <= MAX_ROWS) {
      for (let k = 0; k < seats; k++) {
        ctx.fillStyle = k < riders ? color : EMPTY;
        ctx.fillRect(x + 2 + (k % SEATS) * s + 0.5, y + 2 + Math.floor(k / SEATS) * s + 0.5, s - 1, s - 1);
      }
    } else { // a gauge of riders / seats
      ctx.fillStyle = EMPTY;
      ctx.fillRect(x + 2, y + 2, w - 4, h - 4);
      ctx.fillStyle = color;
      ctx.fillRect(x + 2, y + 2, (w - 4) * Math.min(1, riders / seats), h - 4);
    }
    if (bus.destroyed) {
      ctx.strokeStyle = "#ffffff";
      ctx.beginPath();
      ctx.moveTo(x, y); ctx.lineTo(x + w, y + h);
      ctx.moveTo(x + w, y); ctx.lineTo(x, y + h);
      ctx.stroke();
    }
    if (b.idW) {
      ctx.fillStyle = MUTED;
      ctx.font = "9px " + FONT;
      ctx.textAlign = "left";
      ctx.fillText(String(id), x + w + 2, y + Math.min(h, 12) / 2 + 0.5);
    }
    ctx.globalAlpha = 1;
  }

  // The buses, stacked by grid point: beside the station's disc at a
  // station (above its queue), centred on the point elsewhere; a stack
  // that grows too tall starts a new column.
  function drawBuses(ctx, state, prev, b) {
    const stacks = new Map(), buses = list(state.buses);
    for (let id = 0; id < buses.length; id++) {
      const bus = buses[id];
      if (!shown(state, bus)) continue;
      const key = bus.y * b.n + bus.x, h = busH(bus, b);
      let at = stacks.get(key);
      if (!at) {
        const cx = px(b, bus.x), cy = py(b, bus.y), station = stationAt(state, bus.x, bus.y) >= 0;
        const x = station ? cx + b.r + 3 : cx - b.busW / 2;
        const y = station ? cy - Math.min(b.r + 8, b.cell / 2 - 2) : cy - h / 2;
        at = {x, y, top: y, bottom: station ? cy + b.r + 1 : cy + b.cell / 2 - 2};
        stacks.set(key, at);
      }
      if (at.y > at.top && at.y + h > at.bottom) { at.x += b.busW + b.idW + 2; at.y = at.top; }
      // A destroyed bus has lost its riders: show those it had.
      let riders = count(bus.riders);
      const was = bus.destroyed && prev ? list(prev.buses)[id] : null;
      if (was) riders = count(was.riders);
      drawBus(ctx, bus, id, riders, at.x, at.y, b);
      at.y += h + 2;
    }
  }

  const STATUS = {playing: MUTED, finished: TEXT, won: "#ffd54a", lost: "#ff6b6b"};

  // The strip below the grid: the totals, then a row per player.
  function drawLegend(ctx, state, prev, b) {
    const top = b.top;
    ctx.fillStyle = "#1a202a";
    ctx.fillRect(0, top, b.width, b.height - top);
    b.nBuses.fill(0); b.nCars.fill(0); b.nAboard.fill(0);
    let riding = 0, waiting = 0;
    for (const bus of list(state.buses)) {
      if (!bus || bus.destroyed || !(bus.owner < b.nBuses.length)) continue;
      const on = count(bus.riders);
      b.nBuses[bus.owner]++; b.nCars[bus.owner] += bus.cars | 0; b.nAboard[bus.owner] += on;
      riding += on;
    }
    for (const st of list(state.stations)) waiting += st ? count(st.queue) : 0;
    const delivered = prev ? state.delivered - prev.delivered : 0;
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    ctx.font = "12px " + FONT;
    ctx.fillStyle = MUTED;
    ctx.fillText("turn " + state.turn + (state.over ? " (over)" : "") + " · " + count(state.stations) + (count(state.stations) === 1 ? " station · " : " stations · ") +
      waiting + " waiting · " + riding + " aboard · " + state.delivered + " delivered" + (delivered > 0 ? " (+" + delivered + ")" : "") +
      " · " + state.lost + " lost · goal " + b.goal, 8, top + 8 + HEAD / 2);
    const players = list(state.players);
    for (let k = 0; k < players.length; k++) {
      if (!players[k]) continue;
      const before = prev ? list(prev.players)[k] : null;
      drawPlayer(ctx, players[k], k, before, top + 8 + HEAD + k * ROW + ROW / 2, b);
    }
  }

  function drawPlayer(ctx, p, k, before, y, b) {
    const gone = p.status === "lost";
    ctx.globalAlpha = gone ? 0.55 : 1;
    ctx.fillStyle = Arena.seatColor(k);
    ctx.fillRect(8, y - 6, 12, 12);
    ctx.textAlign = "left";
    ctx.font = "12px " + FONT;
    ctx.fillStyle = STATUS[p.status] || TEXT;
    const left = p.status === "won" || p.status === "lost";
    ctx.fillText(k + " " + p.status + (left ? " at " + p.end_turn : ""), 26, y);
    ctx.textAlign = "right";
    ctx.font = "bold 13px " + FONT;
    ctx.fillStyle = TEXT;
    ctx.fillText(String(p.money), 154, y);
    const change = before ? p.money - before.money : 0;
    if (change) {
      ctx.textAlign = "left";
      ctx.font = "11px " + FONT;
      ctx.fillStyle = change > 0 ? "#7ee08a" : "#ff8a80";
      ctx.fillText((change > 0 ? "+" : "−") + Math.abs(change), 158, y);
    }
    // the money's bar, up to the goal
    const bx = 200, bw = 110;
    ctx.fillStyle = EMPTY;
    ctx.fillRect(bx, y - 4, bw, 8);
    ctx.fillStyle = Arena.seatColor(k);
    ctx.fillRect(bx, y - 4, bw * clamp(p.money / b.goal, 0, 1), 8);
    ctx.textAlign = "left";
    ctx.font = "11px " + FONT;
    ctx.fillStyle = MUTED;
    const n = b.nBuses[k] || 0, cars = b.nCars[k] || 0;
    ctx.fillText("fare " + (10 + 2 * p.ct) + " · SB " + p.sb + " · SP " + p.sp + " · " + n + (n === 1 ? " bus, " : " buses, ") +
      cars + (cars === 1 ? " car · " : " cars · ") + (b.nAboard[k] || 0) + " aboard", bx + bw + 10, y);
    ctx.globalAlpha = 1;
  }

  function draw(ctx, state, frame, replay, board) {
    const prev = frame.prev;
    drawGrid(ctx, board);
    drawRoutes(ctx, state, board);
    const stations = list(state.stations);
    const before = prev ? count(prev.stations) : stations.length;
    for (let i = 0; i < stations.length; i++) if (stations[i]) drawStation(ctx, stations[i], i, i >= before, board);
    drawBuses(ctx, state, prev, board);
    drawLegend(ctx, state, prev, board);
  }

  // The purchases of an action text (its BUS, UPGRADE and UPDATE… parts).
  function purchases(a) {
    if (typeof a !== "string") return [];
    return a.split(";").map((s) => s.trim()).filter((s) => /^(BUS|UPGRADE|UPDATE)/.test(s));
  }

  const MAX_NOTES = 6;

  function notes(state, frame) {
    const prev = frame.prev, out = [];
    const stations = list(state.stations), players = list(state.players);
    if (!prev) {
      out.push(stations.length + " stations on a " + state.grid_size + "×" + state.grid_size + " grid; " +
        players.length + (players.length === 1 ? " player starts" : " players start") + " with " +
        (players[0] ? players[0].money : 0));
      return out;
    }
    for (let i = count(prev.stations); i < stations.length; i++) {
      const st = stations[i];
      if (st) out.push("station " + i + " opens at (" + st.x + "," + st.y + "), room for " + st.capacity);
    }
    players.forEach((p, k) => {
      const was = list(prev.players)[k];
      if (!p || !was || was.status !== "playing") return;
      const a = frame.a ? frame.a[k] : undefined;
      if (p.status === "lost") {
        out.push("seat " + k + " loses: " + (a === null || a === undefined ? "no answer" :
          "“" + String(a).slice(0, 40) + "” holds an invalid command") + ", its buses are gone");
        return;
      }
      const buys = purchases(a);
      if (buys.length) out.push("seat " + k + " buys " + buys.join(", ") + ": money " + was.money + " → " + p.money);
      if (p.status === "won") out.push("seat " + k + " reaches " + p.money + " and wins (score " + p.score + ")");
    });
    const lost = state.lost - prev.lost;
    if (lost > 0) out.push(lost + (lost === 1 ? " passenger" : " passengers") + " lost with the buses");
    if (state.over && !prev.over) out.push("the game is over");
    if (out.length > MAX_NOTES) { out.length = MAX_NOTES - 1; out.push("…"); }
    return out;
  }

  Arena.games.minibus = {setup, draw, notes};
})();
