// games/tron.js: the Tron board — each player's trail in its colour, the
// heads marked; on the turn a player is eliminated, its trail faded and its
// head crossed (the rules erase it at the end of that turn).
"use strict";
Arena.games.tron = {
  setup(state) {
    const cell = Math.max(1, Math.min(24, Math.floor(720 / Math.max(state.width, state.height))));
    return {width: state.width * cell, height: state.height * cell, cell};
  },
  draw(ctx, state, frame, replay, board) {
    const c = board.cell;
    ctx.fillStyle = "#11151c";
    ctx.fillRect(0, 0, state.width * c, state.height * c);
    if (c >= 6) {
      ctx.strokeStyle = "#232a36";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= state.width; x++) { ctx.moveTo(x * c + 0.5, 0); ctx.lineTo(x * c + 0.5, state.height * c); }
      for (let y = 0; y <= state.height; y++) { ctx.moveTo(0, y * c + 0.5); ctx.lineTo(state.width * c, y * c + 0.5); }
      ctx.stroke();
    }
    // A trail is erased at the end of the turn its player is eliminated
    // in: that turn shows it as it was, faded.
    state.players.forEach((p, k) => {
      if (p.eliminated === frame.t && frame.prev) p = {eliminated: p.eliminated, trail: frame.prev.players[k].trail};
      ctx.globalAlpha = p.eliminated ? 0.35 : 0.85;
      ctx.fillStyle = Arena.seatColor(k);
      for (const [x, y] of p.trail) ctx.fillRect(x * c, y * c, c, c);
      ctx.globalAlpha = 1;
      if (!p.trail.length) return;
      const [hx, hy] = p.trail[0];
      const r = c >= 6 ? c * 0.42 : Math.max(2, c * 0.8);
      ctx.fillStyle = p.eliminated ? "#11151c" : "#ffffff";
      ctx.strokeStyle = Arena.seatColor(k);
      ctx.lineWidth = Math.max(1, c / 4);
      ctx.beginPath();
      ctx.arc(hx * c + c / 2, hy * c + c / 2, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      if (p.eliminated) {
        ctx.strokeStyle = "#ffffff";
        ctx.beginPath();
        ctx.moveTo(hx * c + c / 2 - r, hy * c + c / 2 - r); ctx.lineTo(hx * c + c / 2 + r, hy * c + c / 2 + r);
        ctx.moveTo(hx * c + c / 2 + r, hy * c + c / 2 - r); ctx.lineTo(hx * c + c / 2 - r, hy * c + c / 2 + r);
        ctx.stroke();
      }
    });
  },
  notes(state, frame) {
    const out = [];
    state.players.forEach((p, k) => {
      if (p.eliminated && p.eliminated === frame.t) out.push("seat " + k + " is eliminated");
    });
    if (state.over) out.push("the game is over");
    return out;
  },
};
