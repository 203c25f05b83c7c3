// Summarises the Lighthouse reports that .ci/audit wrote: one line per run
// with the performance score and the metrics it is made of, then each form
// factor's medians. One run moves by several points with the machine's
// other work, so compare medians, and only against another build measured
// in the same sitting (docs/performance.md).
//
// Usage: node lighthouse-summary.js FORM=REPORT.json ...
"use strict";

const path = require("path");

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function read(arg) {
  const eq = arg.indexOf("=");
  const form = arg.slice(0, eq);
  const r = require(path.resolve(arg.slice(eq + 1)));
  const c = r.categories;
  const a = r.audits;
  const score = (k) => (c[k] ? Math.round(c[k].score * 100) : null);
  const failing = [];
  for (const k of ["accessibility", "best-practices", "seo"]) {
    if (!c[k]) continue;
    for (const ref of c[k].auditRefs) {
      const au = a[ref.id];
      if (ref.weight > 0 && au.score !== null && au.score < 1) failing.push(`${k}: ${au.id} - ${au.title}`);
    }
  }
  return {
    form,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: a["first-contentful-paint"].numericValue,
    lcp: a["largest-contentful-paint"].numericValue,
    tbt: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    si: a["speed-index"].numericValue,
    failing,
  };
}

const runs = process.argv.slice(2).map(read);
const ms = (v) => `${Math.round(v)} ms`;
const n = {};
for (const r of runs) {
  n[r.form] = (n[r.form] || 0) + 1;
  console.log(
    `${r.form.padEnd(8)} run ${n[r.form]}: performance ${r.performance}  (FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, ` +
      `TBT ${ms(r.tbt)}, CLS ${r.cls.toFixed(3)}, speed index ${ms(r.si)})` +
      (r.accessibility === null ? "" : `  accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}`),
  );
  for (const f of r.failing) console.log("    " + f);
}
for (const form of Object.keys(n)) {
  const of = runs.filter((r) => r.form === form);
  const a11y = of.map((r) => r.accessibility).filter((v) => v !== null);
  console.log(
    `${form.padEnd(8)} median of ${of.length}: performance ${median(of.map((r) => r.performance))}, ` +
      `TBT ${ms(median(of.map((r) => r.tbt)))}, LCP ${ms(median(of.map((r) => r.lcp)))}, ` +
      `CLS ${median(of.map((r) => r.cls)).toFixed(3)}` +
      (a11y.length ? `; accessibility at least ${Math.min(...a11y)}` : ""),
  );
}
