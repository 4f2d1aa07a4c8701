// knockout.js: a knockout's bracket (one column a round, one box a tie)
// and its places, drawn from the run's knockout data (results.KnockoutReport);
// the heats of a game of more seats as their rounds' tables, one row a bot
// (results.HeatsReport).
"use strict";
(function () {
  const el = Arena.el;

  // halves writes a tie's points as the text report does: 1½, ½, 2.
  function halves(x) {
    const whole = Math.floor(x);
    if (x - whole < 0.5) return String(whole);
    return whole === 0 ? "½" : whole + "½";
  }

  // replayId is the anchor of match n's viewer (main.js sets it).
  Arena.replayId = function (n) { return "match-" + n; };

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  // side is one side of a tie: its seed, its bot, its points, and a mark
  // when it went through (a bot's name is unique in a run).
  function side(t, i) {
    if (!t.bots[i]) return el("div", {class: "side bye"}, el("span", {class: "seed"}), el("span", {class: "bot"}, "bye"));
    const won = t.winner === t.bots[i];
    return el("div", {class: won ? "side won" : "side", "data-seed": t.seeds[i]},
      el("span", {class: "seed"}, el("span", {class: "sr"}, "seed "), t.seeds[i]),
      el("span", {class: "bot"}, t.bots[i]),
      el("span", {class: "points"}, t.bots[0] && t.bots[1] ? halves(t.points[i]) : ""),
      won ? el("span", {class: "through", title: "went through"}, el("span", {"aria-hidden": "true"}, "✔"), el("span", {class: "sr"}, "went through")) : null);
  }

  // games lists a tie's matches, each a link to its viewer when the page
  // has one; missing counts the others.
  function games(t, viewers, missing) {
    const ms = t.matches || [];
    const list = ms.flatMap((m, i) => [i ? ", " : "", viewers.has(m) ?
      el("a", {href: "#" + Arena.replayId(m), class: "match", title: "the replay of match " + m}, m) :
      el("span", {class: "match", title: "arena report --replay " + m + " adds its viewer"}, m)]);
    missing.count += ms.filter((m) => !viewers.has(m)).length;
    return el("p", {class: "games"}, plural(t.games, "game", "games") + (ms.length === 1 ? ": match " : ms.length ? ": matches " : ""), list);
  }

  function tie(t, viewers, missing) {
    if (!t.bots[0] || !t.bots[1]) {
      return el("li", {class: "tie bye"}, side(t, t.bots[0] ? 0 : 1), side(t, t.bots[0] ? 1 : 0), el("p", {class: "note"}, "a bye: goes through"));
    }
    const note = t.by_rule ? "level at the cap: the higher seed went through" : t.winner ? "" : "being played";
    return el("li", {class: t.by_rule ? "tie by-rule" : "tie"}, side(t, 0), side(t, 1), games(t, viewers, missing),
      note ? el("p", {class: "note"}, note) : null);
  }

  function about(ko) {
    const s = ko.knockout, n = s.draw.length;
    const drawn = s.seeded === n ? "every seed placed by the ranking given" : s.seeded > 0 ?
      `seeds 1 to ${s.seeded} placed by the ranking given, the rest drawn from the run's seed` : "every seed drawn from the run's seed";
    return el("p", {class: "muted"}, `${n} bots in a bracket of ${ko.bracket}; ${drawn}. Ties of ${plural(s.games, "game", "games")} ` +
      `(legs of one seed, seats swapped); a level tie is extended up to ${s.cap}, then the ${s.tiebreak} goes through.`);
  }

  // places: the table of places, a shared place written 3–4.
  function places(ko) {
    if (!ko.places || !ko.places.length) return el("p", {class: "muted"}, "Not finished: the places come with the final.");
    return el("table", {class: "knockout-places"},
      el("thead", {}, el("tr", {}, ["place", "bot", "seed", "points"].map((h, i) => el("th", {class: i !== 1 ? "num" : null}, h)))),
      el("tbody", {}, ko.places.map((p) => el("tr", {"data-bot": p.bot},
        el("td", {class: "num"}, p.shared > 1 ? p.place + "–" + (p.place + p.shared - 1) : p.place),
        el("td", {class: "bot"}, p.bot), el("td", {class: "num"}, p.seed), el("td", {class: "num"}, Arena.num(p.points))))));
  }

  // renderKnockout draws the bracket and the places; replays are the
  // page's replays, whose viewers the ties' matches link to.
  Arena.renderKnockout = function (page, ko, replays) {
    const viewers = new Set(replays.map((r) => r.match));
    const missing = {count: 0};
    const columns = [];
    for (const r of ko.rounds) {
      const main = r.ties.filter((t) => !t.third_place), third = r.ties.filter((t) => t.third_place);
      columns.push({name: r.name, ties: main});
      if (third.length) columns.push({name: "third place", ties: third});
    }
    const bracket = el("div", {class: "bracket"}, columns.map((c) => el("section", {class: "round", "aria-label": c.name},
      el("h3", {}, c.name), el("ol", {class: "ties"}, c.ties.map((t) => tie(t, viewers, missing))))));
    const notes = [];
    if (missing.count) notes.push("A match number links to its replay when the page has one: arena report FILE --replay N adds match N's viewer.");
    if (ko.failed_games) notes.push(plural(ko.failed_games, "game", "games") + " failed with an engine error: they scored for neither side.");
    page.append(el("section", {class: "part knockout"}, el("h2", {}, "Bracket"), about(ko), bracket,
      notes.map((n) => el("p", {class: "muted"}, n))));
    page.append(el("section", {class: "part"}, el("h2", {}, "Knockout places"), places(ko)));
  };

  // heatsTable is one table of a round: its bots by rank (by seed while
  // it is played), their points, who went through, and its games.
  function heatsTable(t, final, viewers, missing) {
    const title = final ? "final" : "table " + t.table;
    const note = !t.decided ? "being played" : t.by_rule ? (final ? "level for the title at the cap: the higher seed won it" :
      "level at the line at the cap: the higher seeds went through") : "";
    return el("div", {class: "heats-table"},
      el("table", {class: "heats", "data-table": t.table},
        el("caption", {}, title),
        el("thead", {}, el("tr", {}, ["rank", "seed", "bot", "points", ""].map((h, i) => el("th", {class: i !== 2 ? "num" : null}, h)))),
        el("tbody", {}, t.bots.map((b, i) => el("tr", {"data-bot": b.bot, class: b.through ? "through" : null},
          el("td", {class: "num"}, t.decided ? i + 1 : ""), el("td", {class: "num"}, b.seed), el("td", {class: "bot"}, b.bot),
          el("td", {class: "num"}, halves(b.points)),
          el("td", {class: "num"}, b.through ? el("span", {title: "went through"}, el("span", {"aria-hidden": "true"}, "✔"), el("span", {class: "sr"}, "went through")) : ""))))),
      games(t, viewers, missing), note ? el("p", {class: "note"}, note) : null);
  }

  // renderHeats draws the heats round by round (its byes, then its tables)
  // and the places.
  Arena.renderHeats = function (page, hs, replays) {
    const viewers = new Set(replays.map((r) => r.match));
    const missing = {count: 0};
    const s = hs.knockout;
    const about = el("p", {class: "muted"}, `${s.draw.length} bots at tables of ${hs.seats} seats; the top ${s.advance} of each table go through, ` +
      `the best seeds getting the byes. Tables of ${plural(s.games, "game", "games")} (rotations of the seats on one seed); ` +
      `a table level at its line is extended up to ${s.cap}, then the ${s.tiebreak} goes through.`);
    const rounds = hs.rounds.map((r) => {
      const final = r.name === "final table";
      return el("section", {class: "heats-round", "aria-label": r.name},
        el("h3", {}, r.name + ": " + plural(r.field, "bot", "bots")),
        r.byes.length ? el("p", {class: "byes"}, "Byes: " + r.byes.map((b) => `(${b.seed}) ${b.bot}`).join(", ")) : null,
        el("div", {class: "heats-tables"}, r.tables.map((t) => heatsTable(t, final, viewers, missing))));
    });
    const notes = [];
    if (missing.count) notes.push("A match number links to its replay when the page has one: arena report FILE --replay N adds match N's viewer.");
    if (hs.failed_games) notes.push(plural(hs.failed_games, "game", "games") + " failed with an engine error: they scored for no seat.");
    page.append(el("section", {class: "part heats"}, el("h2", {}, "Heats"), about, rounds, notes.map((n) => el("p", {class: "muted"}, n))));
    page.append(el("section", {class: "part"}, el("h2", {}, "Knockout places"), places(hs)));
  };
})();
