// viewer.js: the replay viewer. It rebuilds each turn's state from the
// replay's patches (see report/delta.go), lets the user play, pause, step,
// scrub and change speed, and asks the game's viewer (Arena.games[game])
// to draw the board. A game viewer is an object with:
//
//   setup(state, replay) -> board: called once with the first state (turn 0);
//       returns an object with the board's width and height in CSS pixels,
//       and whatever else draw needs for this replay (a cell size…)
//   draw(ctx, state, frame, replay, board): draws a state; ctx is a cleared
//       2D context in CSS pixels; frame is {t, a, s, p, prev}: the turn, the
//       actions played (a text, or null, per seat; null at turn 0), the
//       scores and places after the turn, the seats that were not to act
//       (their action is null; another null is no answer), and the state
//       before the turn (null at turn 0)
//   notes(state, frame, replay, board) -> optional: lines that say what
//       happened this turn, shown beside the board
//
// replay is the replay's data: {name, game, scenario, match, seed, bots,
// params, frames}: params are the match's effective rule parameters. To
// precompute something over the whole match (in setup), run through the
// frames on a copy: s = structuredClone(replay.frames[0].d), then
// s = Arena.applyPatch(s, replay.frames[t].d) for t = 1, 2…
// Seat k's colour is Arena.seatColor(k).
"use strict";

// applyPatch patches v in place where it can and returns the result. What
// it puts in v is a copy: the patch stays as it was, to be applied again.
Arena.applyPatch = function (v, p) {
  if (p === null || p === undefined) return v;
  switch (p[0]) {
    case 0:
      return structuredClone(p[1]);
    case 1: {
      for (const [k, q] of Object.entries(p[1])) v[k] = Arena.applyPatch(v[k], q);
      if (p[2]) for (const k of p[2]) delete v[k];
      return v;
    }
    case 2: {
      v.length = p[1];
      for (const [i, q] of p[2]) v[i] = Arena.applyPatch(v[i], q);
      return v;
    }
    case 3: {
      const tail = v.slice(p[1] + p[2]);
      v.length = p[1];
      for (const x of p[3]) v.push(structuredClone(x));
      for (const x of tail) v.push(x);
      return v;
    }
  }
  throw new Error("unknown patch " + JSON.stringify(p).slice(0, 80));
};

// States rebuilds the states of a replay, keeping a copy every `every`
// turns, so that any turn is at most that many patches away.
class States {
  constructor(frames) {
    this.frames = frames;
    this.every = Math.max(16, Math.ceil(frames.length / 100));
    this.marks = [];
    let s = null;
    for (let t = 0; t < frames.length; t++) {
      s = t === 0 ? structuredClone(frames[0].d) : Arena.applyPatch(s, frames[t].d);
      if (t % this.every === 0) this.marks.push(structuredClone(s));
    }
    this.turn = -1;
    this.state = null;
    this.before = null;
    // ?test=states keeps each state's JSON as first built, for check.
    this.texts = Arena.query.get("test") === "states" ? [] : null;
    if (this.texts) {
      let s = structuredClone(frames[0].d);
      for (let t = 0; t < frames.length; t++) {
        if (t > 0) s = Arena.applyPatch(s, frames[t].d);
        this.texts.push(JSON.stringify(s));
      }
    }
  }

  // check visits every turn as a user would — backwards, by jumps, then
  // forwards — and fails when a state differs from the one first built.
  check() {
    const last = this.frames.length - 1, order = [];
    for (let t = last; t >= 0; t--) order.push(t);
    for (let t = 0; t <= last; t += 7) order.push(t);
    for (let t = 0; t <= last; t++) order.push(t);
    for (const t of order) {
      const s = JSON.stringify(this.at(t));
      if (s !== this.texts[t]) throw new Error("turn " + t + ": the state rebuilt differs from the state first built");
      if (t > 0 && JSON.stringify(this.before) !== this.texts[t - 1]) throw new Error("turn " + t + ": the state before differs");
    }
  }
  // at returns the state after turn t, and sets this.before to the state
  // before it (null at turn 0).
  at(t) {
    if (t === this.turn) return this.state;
    if (t === 0) {
      this.state = structuredClone(this.marks[0]);
      this.before = null;
      this.turn = 0;
      return this.state;
    }
    let s, u;
    if (this.state !== null && t > this.turn && t - this.turn <= this.every) {
      s = this.state;
      u = this.turn;
    } else {
      const m = Math.floor((t - 1) / this.every);
      s = structuredClone(this.marks[m]);
      u = m * this.every;
    }
    for (; u < t - 1; u++) s = Arena.applyPatch(s, this.frames[u + 1].d);
    this.before = structuredClone(s);
    this.state = Arena.applyPatch(s, this.frames[t].d);
    this.turn = t;
    return this.state;
  }
}

Arena.speeds = [1, 2, 5, 10, 25, 50, 100];

// Viewer shows one replay in a container element.
class Viewer {
  constructor(replay, container) {
    const el = Arena.el;
    this.replay = replay;
    this.game = Arena.games[replay.game];
    if (!this.game) throw new Error("no viewer for the game " + replay.game);
    this.states = new States(replay.frames);
    this.last = replay.frames.length - 1;
    this.turn = 0;
    this.speed = 10;
    this.timer = null;
    const first = this.states.at(0);
    const size = this.game.setup(first, replay);
    this.board = size;
    this.canvas = el("canvas", {class: "board"});
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(size.width * ratio);
    this.canvas.height = Math.round(size.height * ratio);
    this.canvas.style.width = size.width + "px";
    this.canvas.style.height = size.height + "px";
    this.ctx = this.canvas.getContext("2d");
    this.ctx.scale(ratio, ratio);
    this.size = size;

    const button = (act, label, title) => el("button", {type: "button", "data-act": act, title, onclick: () => this.act(act)}, label);
    this.playButton = button("play", "▶", "play / pause (space)");
    this.scrub = el("input", {type: "range", min: 0, max: this.last, value: 0, class: "scrub", "aria-label": "turn",
      oninput: () => { this.pause(); this.show(Number(this.scrub.value)); }});
    this.speedSelect = el("select", {class: "speed", title: "turns a second", onchange: () => {
      this.speed = Number(this.speedSelect.value);
      if (this.timer) { this.pause(); this.play(); }
    }}, Arena.speeds.map((s) => el("option", {value: s, selected: s === this.speed}, s + "/s")));
    this.turnLabel = el("span", {class: "turn-number"}, "0");
    this.rows = replay.bots.map((bot, k) => {
      const row = {
        action: el("td", {class: "action"}),
        score: el("td", {class: "score", "data-seat": k}),
        place: el("td", {class: "place", "data-seat": k}),
      };
      row.tr = el("tr", {},
        el("td", {}, el("span", {class: "swatch", style: "background:" + Arena.seatColor(k)}), String(k)),
        el("td", {class: "bot"}, bot), row.action, row.score, row.place);
      return row;
    });
    this.notes = el("ul", {class: "notes"});
    const title = [replay.game + (replay.scenario ? " · " + replay.scenario : ""), "match " + replay.match, "seed " + replay.seed].join(" · ");
    this.root = el("section", {class: "viewer", "data-game": replay.game, "data-last": this.last, tabindex: 0,
      onkeydown: (e) => this.key(e)},
      el("h3", {}, replay.name, el("small", {}, " " + title)),
      el("div", {class: "viewer-body"},
        el("div", {class: "board-box"}, this.canvas),
        el("aside", {},
          el("div", {class: "controls"},
            button("first", "«", "first turn (Home)"), button("back", "‹", "one turn back (←)"), this.playButton,
            button("step", "›", "one turn on (→)"), button("last", "»", "last turn (End)"), this.speedSelect),
          this.scrub,
          el("div", {class: "turn"}, "turn ", this.turnLabel, " of " + this.last),
          el("table", {class: "seats"},
            el("thead", {}, el("tr", {}, el("th", {}, "seat"), el("th", {}, "bot"), el("th", {}, "action"), el("th", {}, "score"), el("th", {}, "place"))),
            el("tbody", {}, this.rows.map((r) => r.tr))),
          this.notes)));
    container.append(this.root);
    this.show(0);
  }

  act(what) {
    switch (what) {
      case "first": this.pause(); this.show(0); break;
      case "back": this.pause(); this.show(Math.max(0, this.turn - 1)); break;
      case "step": this.pause(); this.show(Math.min(this.last, this.turn + 1)); break;
      case "last": this.pause(); this.show(this.last); break;
      case "play": this.timer ? this.pause() : this.play(); break;
    }
  }

  key(e) {
    const keys = {ArrowLeft: "back", ArrowRight: "step", Home: "first", End: "last", " ": "play"};
    if (keys[e.key]) { e.preventDefault(); this.act(keys[e.key]); }
  }

  play() {
    if (this.turn >= this.last) this.show(0);
    this.playButton.textContent = "❚❚";
    this.timer = setInterval(() => {
      if (this.turn >= this.last) { this.pause(); return; }
      this.show(this.turn + 1);
    }, 1000 / this.speed);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = "▶";
  }

  show(t) {
    const state = this.states.at(t);
    const f = this.replay.frames[t];
    const frame = {t: f.t, a: f.a, s: f.s, p: f.p, i: f.i || [], prev: this.states.before};
    this.turn = t;
    this.ctx.clearRect(0, 0, this.size.width, this.size.height);
    this.game.draw(this.ctx, state, frame, this.replay, this.board);
    this.scrub.value = t;
    this.turnLabel.textContent = String(f.t);
    this.root.dataset.turn = String(t);
    this.rows.forEach((r, k) => {
      const idle = f.a === null || (f.i && f.i.includes(k)); // turn 0, or not this seat's turn
      const a = f.a ? f.a[k] : null;
      r.action.textContent = idle ? "" : a === null ? "no answer" : a;
      r.action.title = r.action.textContent; // the whole text on hover, where it is cut
      r.action.classList.toggle("none", !idle && a === null);
      r.score.textContent = Arena.num(f.s[k]);
      r.place.textContent = String(f.p[k]);
    });
    this.notes.replaceChildren(...(this.game.notes ? this.game.notes(state, frame, this.replay, this.board) : []).map((n) => Arena.el("li", {}, n)));
  }
}
Arena.Viewer = Viewer;
