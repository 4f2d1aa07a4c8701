// report.js: a run's standings and charts, a sequential test's course, a
// tuning run's course.
"use strict";
Arena.renderRun = function (page, run) {};
Arena.renderSPRT = function (page, s) {};
Arena.renderTune = function (page, t) {};
