// main.js: draws the page from its data (the JSON block #arena-data).
"use strict";
(function () {
  const el = Arena.el;
  const data = JSON.parse(document.getElementById("arena-data").textContent);
  const page = document.getElementById("page");
  page.append(el("header", {}, el("h1", {}, data.title), el("p", {class: "muted"}, "arena " + data.version)));
  if (data.sprt) Arena.renderSPRT(page, data.sprt); // a test's course first, then its games' standings
  // A knockout's bracket and places first, then its games' standings.
  if (data.run && data.run.knockout) Arena.renderKnockout(page, data.run.knockout, data.replays || []);
  if (data.run && data.run.heats) Arena.renderHeats(page, data.run.heats, data.replays || []);
  if (data.run) Arena.renderRun(page, data.run);
  if (data.tune) Arena.renderTune(page, data.tune);
  const viewers = [];
  if (data.replays && data.replays.length) {
    const box = el("div", {class: "replays"});
    page.append(el("h2", {}, data.replays.length === 1 ? "Replay" : "Replays"), box);
    for (const r of data.replays) {
      try {
        const v = new Arena.Viewer(r, box);
        // The bracket links to a match's first viewer.
        if (!document.getElementById(Arena.replayId(r.match))) v.root.id = Arena.replayId(r.match);
        viewers.push(v);
      } catch (e) {
        Arena.fail(r.name + ": " + e.message);
      }
    }
  }
  // ?test=last steps every viewer to its last turn with its own button,
  // as a user would, for the browser tests.
  if (Arena.query.get("test") === "last") {
    for (const v of viewers) {
      const step = v.root.querySelector('button[data-act="step"]');
      for (let i = 0; i < v.last && v.turn < v.last; i++) step.click();
    }
  }
  // ?test=states checks that every turn's state, reached in any order,
  // is the state the replay holds.
  if (Arena.query.get("test") === "states") {
    for (const v of viewers) {
      try {
        v.states.check();
        v.root.dataset.checked = "1";
      } catch (e) {
        Arena.fail(v.replay.name + ": " + e.message);
      }
    }
  }
  // ?test=controls works each viewer's controls as a user would — the
  // slider to the middle, one turn back, the first and last turns — then
  // presses play from the first turn: the browser test reads, once the
  // timers ran, that the viewer moved on by itself.
  if (Arena.query.get("test") === "controls") {
    for (const v of viewers) {
      const click = (act) => v.root.querySelector(`button[data-act="${act}"]`).click();
      const expect = (turn, what) => {
        if (v.turn !== turn) Arena.fail(`${v.replay.name}: ${what}: at turn ${v.turn}, want ${turn}`);
      };
      const mid = Math.floor(v.last / 2);
      v.scrub.value = String(mid);
      v.scrub.dispatchEvent(new Event("input"));
      expect(mid, "the slider");
      click("back");
      expect(Math.max(0, mid - 1), "one turn back");
      click("last");
      expect(v.last, "the last turn");
      click("first");
      expect(0, "the first turn");
      click("play");
      v.root.dataset.played = "1";
    }
  }
  document.body.dataset.ready = "1";
})();
