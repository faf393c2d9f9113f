// The consumer app every bundler builds (tests/runtimes/runtimes.test.mjs writes it into each app's
// src/ with LIB, TEXT, DETECT and WORKER filled in): the checks on the page and in a Web Worker, whose results
// the page publishes as window.__utf8lensResult.
import * as lib from "LIB";
import * as text from "TEXT";
import * as detect from "DETECT";
import { runChecks } from "./checks.js";

const page = runChecks(lib, text, detect);
const worker = WORKER;
const timer = setTimeout(() => publish({ error: "the worker did not answer in 30 s" }), 30000);
worker.onmessage = (event) => publish(event.data);
worker.onerror = (event) => publish({ error: `worker error: ${event.message}` });
function publish(inWorker) {
  clearTimeout(timer);
  window.__utf8lensResult = { page, worker: inWorker };
}
