// common.js: what every part of the page shares. It runs first, so that
// an error anywhere later is caught and shown (the browser tests read it).
"use strict";
const Arena = {
  games: {},   // the viewer of each game, by name (assets/games/*.js)
  errors: [],
};

Arena.fail = function (message) {
  Arena.errors.push(String(message));
  const box = document.getElementById("errors");
  if (box) {
    box.hidden = false;
    box.textContent = Arena.errors.join("\n");
  }
  document.body.dataset.errors = String(Arena.errors.length);
};
window.addEventListener("error", (e) => Arena.fail(e.message + " (" + e.filename + ":" + e.lineno + ")"));
window.addEventListener("unhandledrejection", (e) => Arena.fail("unhandled rejection: " + e.reason));
{
  const consoleError = console.error.bind(console);
  console.error = (...args) => { Arena.fail(args.join(" ")); consoleError(...args); };
}

// el makes an element: el("td", {class: "x", title: "…"}, "text", child…).
Arena.el = function (tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
};

// svg makes an SVG element the same way.
Arena.svg = function (tag, attrs, ...children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
};

// num shows a number: whole numbers as they are, others with one decimal
// (the browser tests format scores the same way).
Arena.num = function (x) {
  if (x === null || x === undefined) return "–";
  if (Number.isInteger(x)) return String(x);
  return x.toFixed(1);
};

// signed shows a rating or a difference with its sign.
Arena.signed = function (x, digits) {
  if (x === null || x === undefined) return "–";
  const s = x.toFixed(digits === undefined ? 1 : digits);
  return x > 0 ? "+" + s : s;
};

// The seats' colours: twelve that stay apart on a dark or a light board.
Arena.palette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
  "#f032e6", "#bfef45", "#fabed4", "#469990", "#9a6324", "#ffe119"];
Arena.seatColor = function (k) { return Arena.palette[k % Arena.palette.length]; };

// query reads the page address's options (?test=last).
Arena.query = new URLSearchParams(window.location.search);
