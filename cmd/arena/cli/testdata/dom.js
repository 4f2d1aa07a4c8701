// dom.js runs the scripts of a page arena wrote in Node, on a small
// document of its own, and prints what they drew: #page's HTML, or the
// errors the page reported (exit 1). The report tests use it where Node is
// installed and Chromium is not: it checks the page's markup, not its
// looks. It knows only what arena's scripts use of the DOM; a canvas draws
// nothing.
//
//   node dom.js PAGE.html [QUERY]
"use strict";
const fs = require("fs");
const vm = require("vm");

const [file, query = ""] = process.argv.slice(2);
const page = fs.readFileSync(file, "utf8");

const escapes = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"};
const escape = (s) => s.replace(/[&<>"]/g, (c) => escapes[c]);
const kebab = (k) => k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

class Node {}

class Text extends Node {
  constructor(data) { super(); this.data = String(data); this.parentNode = null; }
  get textContent() { return this.data; }
  html() { return escape(this.data); }
}

// noContext is a canvas's 2D context that draws nothing.
const noContext = new Proxy({}, {get: () => () => ({width: 0}), set: () => true});

class Element extends Node {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attrs = new Map();
    this.childNodes = [];
    this.parentNode = null;
    this.style = {};
    this.dataset = new Proxy({}, {
      get: (_, k) => this.getAttribute("data-" + kebab(String(k))) ?? undefined,
      set: (_, k, v) => { this.setAttribute("data-" + kebab(String(k)), v); return true; },
    });
    const attrs = this.attrs;
    this.classList = {toggle(c, on) {
      const cs = new Set((attrs.get("class") || "").split(" ").filter(Boolean));
      if (on ?? !cs.has(c)) cs.add(c); else cs.delete(c);
      attrs.set("class", [...cs].join(" "));
    }};
  }
  setAttribute(k, v) { this.attrs.set(k, String(v)); }
  getAttribute(k) { return this.attrs.has(k) ? this.attrs.get(k) : null; }
  get id() { return this.getAttribute("id") || ""; }
  set id(v) { this.setAttribute("id", v); }
  get hidden() { return this.attrs.has("hidden"); }
  set hidden(v) { if (v) this.setAttribute("hidden", ""); else this.attrs.delete("hidden"); }
  append(...cs) {
    for (let c of cs) {
      if (!(c instanceof Node)) c = new Text(c);
      if (c.parentNode) c.parentNode.childNodes.splice(c.parentNode.childNodes.indexOf(c), 1);
      c.parentNode = this;
      this.childNodes.push(c);
    }
  }
  replaceChildren(...cs) { this.childNodes = []; this.append(...cs); }
  addEventListener() {}
  dispatchEvent() {}
  getContext() { return noContext; }
  querySelector() { return null; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(v) { this.replaceChildren(String(v)); }
  find(id) {
    if (this.id === id) return this;
    for (const c of this.childNodes) {
      const f = c instanceof Element && c.find(id);
      if (f) return f;
    }
    return null;
  }
  html() {
    const tag = this.tagName.toLowerCase();
    const attrs = [...this.attrs].map(([k, v]) => ` ${k}="${escape(v)}"`).join("");
    return `<${tag}${attrs}>` + this.childNodes.map((c) => c.html()).join("") + `</${tag}>`;
  }
}

// The page's body as arena writes it: the errors box, #page, the data.
const body = new Element("body");
const errors = new Element("div");
errors.id = "errors";
errors.hidden = true;
const main = new Element("main");
main.id = "page";
const data = new Element("script");
data.id = "arena-data";
data.textContent = page.match(/<script type="application\/json" id="arena-data">([\s\S]*?)<\/script>/)[1];
body.append(errors, main, data);

const failures = [];
const document = {
  body,
  createElement: (tag) => new Element(tag),
  createElementNS: (_, tag) => new Element(tag),
  createTextNode: (s) => new Text(s),
  getElementById: (id) => body.find(id),
};
const window = {addEventListener() {}, location: {search: query ? "?" + query : ""}, devicePixelRatio: 1};
const context = vm.createContext({document, window, console: {error: (...a) => failures.push(a.join(" ")), log() {}},
  Node, structuredClone, URLSearchParams, setInterval() {}, clearInterval() {}, Event: class {}});
const scripts = [...page.matchAll(/<script>\n([\s\S]*?)<\/script>/g)].map((m) => m[1]);
try {
  vm.runInContext(scripts.join("\n"), context, {filename: file});
} catch (e) {
  failures.push(String(e && e.stack || e));
}
if (failures.length || !errors.hidden) {
  process.stderr.write([...failures, errors.textContent].join("\n") + "\n");
  process.exit(1);
}
process.stdout.write(main.html() + "\n");
