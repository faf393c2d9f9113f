// The measuring method shared by the npm benchmarks, in Node (bench.mjs) and in the browser page of
// bench-browser.mjs, which its server serves as /measure.mjs: inputs cut from a text, calibrated
// batches, contenders taking turns batch by batch, medians. No Node or DOM API: `performance` is
// global in both.

let sink = 0;

/** `text` repeated to at least `size` bytes and cut back to the last character boundary. */
export function sized(text, size) {
  const copies = Math.ceil(size / text.length) + 1;
  const whole = new Uint8Array(copies * text.length);
  for (let i = 0; i < copies; i++) whole.set(text, i * text.length);
  let end = Math.min(size, whole.length);
  while (end > 0 && (whole[end] & 0xc0) === 0x80) end--;
  return whole.slice(0, end);
}

/** Median of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** How many calls of `call` make one batch of about `batchMs`. */
function calibrate(call, batchMs) {
  let n = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < n; i++) sink ^= Number(call()) | 0;
    const elapsed = performance.now() - start;
    if (elapsed >= batchMs / 4 || n >= 1 << 24) return Math.max(1, Math.round((n * batchMs) / Math.max(elapsed, 1e-3)));
    n *= 4;
  }
}

/** Median MB/s of each of `calls` (functions that each process `bytes` bytes once), over `runs`
 *  timed batches of about `batchMs` each, the calls taking turns batch by batch so that whatever
 *  else the machine does hits all alike. The caller checks their answers first. */
export function roundRobin(calls, bytes, { runs, batchMs }) {
  const batch = calls.map((call) => calibrate(call, batchMs));
  const samples = calls.map(() => []);
  for (let run = 0; run < runs; run++) {
    calls.forEach((call, k) => {
      // A batch the timer does not see end (0 ms: a cross-origin-isolated page's coarse clock, or a
      // calibration spoiled by a pause) is timed again, twice as long, so that no speed is infinite.
      for (;;) {
        const start = performance.now();
        for (let i = 0; i < batch[k]; i++) sink ^= Number(call()) | 0;
        const seconds = (performance.now() - start) / 1000;
        if (seconds > 0) {
          samples[k].push((bytes * batch[k]) / seconds / 1e6);
          break;
        }
        batch[k] *= 2;
      }
    });
  }
  return samples.map(median);
}

/** What the calls returned, folded together, so that no engine can drop them as unused. */
export function sinkValue() {
  return sink;
}
