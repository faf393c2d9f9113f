// A small stand-in for web-platform-tests' testharness.js, enough to run the Encoding API
// files (encoding/*.any.js, read from $WPT_ENCODING_DIR or ../shared/conformance/wpt-encoding) in Node: test, async_test, promise_test, setup, done, format_value,
// step_timeout, the assert_* and promise_rejects_* functions they call, and `self` and `location`
// for the shared resources. Written for this project (testharness.js itself is not vendored).
//
// runWptFile(source, globals) installs the harness and `globals` (such as TextDecoder: Utf8Decoder)
// on globalThis, runs the file in the main realm (so that Uint8Array and TypeError are the ones our
// classes use), waits for its asynchronous tests, restores globalThis and returns
// { results: [{ name, status: "PASS" | "FAIL", message }], harnessError }.
import { runInThisContext } from "node:vm";

const ASYNC_TEST_LIMIT_MS = 10_000; // a guard against a test that never finishes, not a timing assert

class AssertionError extends Error {
  name = "AssertionError";
}

function fail(message, description) {
  throw new AssertionError(description ? `${description}: ${message}` : message);
}

/** testharness's format_value, simplified: strings quoted with JSON, the rest as String(). */
export function formatValue(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (Object.is(value, -0)) return "-0";
  if (typeof value === "symbol") return value.toString();
  if (Array.isArray(value)) return `[${value.map(formatValue).join(", ")}]`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** SameValue, as testharness compares: NaN equals NaN, +0 and -0 differ. */
function same(a, b) {
  return Object.is(a, b);
}

const asserts = {
  assert_equals(actual, expected, description) {
    if (typeof actual !== typeof expected) {
      fail(`expected (${typeof expected}) ${formatValue(expected)} but got (${typeof actual}) ${formatValue(actual)}`, description);
    }
    if (!same(actual, expected)) fail(`expected ${formatValue(expected)} but got ${formatValue(actual)}`, description);
  },
  assert_not_equals(actual, expected, description) {
    if (same(actual, expected)) fail(`got disallowed value ${formatValue(actual)}`, description);
  },
  assert_true(actual, description) {
    if (actual !== true) fail(`expected true got ${formatValue(actual)}`, description);
  },
  assert_false(actual, description) {
    if (actual !== false) fail(`expected false got ${formatValue(actual)}`, description);
  },
  assert_array_equals(actual, expected, description) {
    if (actual === null || typeof actual !== "object" || !("length" in actual)) {
      fail(`value is ${formatValue(actual)}, expected array`, description);
    }
    if (actual.length !== expected.length) {
      fail(`lengths differ, expected array ${formatValue([...expected])} length ${expected.length}, got ${formatValue([...actual])} length ${actual.length}`, description);
    }
    for (let i = 0; i < expected.length; i++) {
      if (!same(actual[i], expected[i])) {
        fail(`expected array ${formatValue([...expected])} got ${formatValue([...actual])} (index ${i} differs)`, description);
      }
    }
  },
  assert_throws_js(constructor, func, description) {
    let thrown = false, error;
    try {
      func();
    } catch (e) {
      thrown = true;
      error = e;
    }
    if (!thrown) fail(`${func} did not throw`, description);
    checkJsError(constructor, error, description);
  },
  assert_throws_exactly(expected, func, description) {
    try {
      func();
    } catch (e) {
      if (!same(e, expected)) fail(`${func} threw ${formatValue(e)} but we expected it to throw ${formatValue(expected)}`, description);
      return;
    }
    fail(`${func} did not throw`, description);
  },
  assert_unreached(description) {
    fail("reached unreachable code", description);
  },
  promise_rejects_js(t, constructor, promise, description) {
    return Promise.resolve(promise).then(
      () => fail("promise was resolved, expected rejection", description),
      (error) => checkJsError(constructor, error, description),
    );
  },
  promise_rejects_exactly(t, expected, promise, description) {
    return Promise.resolve(promise).then(
      () => fail("promise was resolved, expected rejection", description),
      (error) => {
        if (!same(error, expected)) fail(`threw ${formatValue(error)} but we expected ${formatValue(expected)}`, description);
      },
    );
  },
};

function checkJsError(constructor, error, description) {
  if (error === null || typeof error !== "object" || error.constructor !== constructor) {
    const got = error?.constructor?.name ?? formatValue(error);
    fail(`threw ${got} (${error?.message ?? ""}), expected ${constructor.name}`, description);
  }
}

/** One test of the file: what testharness passes as `t`. */
class Test {
  constructor(name, results) {
    this.name = name;
    this.result = { name, status: undefined, message: "" };
    results.push(this.result);
    this.finished = new Promise((resolve) => (this.finish = resolve));
    this.cleanups = [];
  }
  settle(error) {
    if (this.result.status !== undefined) return;
    for (const cleanup of this.cleanups) {
      try {
        cleanup();
      } catch {}
    }
    this.result.status = error === undefined ? "PASS" : "FAIL";
    if (error !== undefined) this.result.message = `${error?.name ?? "Error"}: ${error?.message ?? String(error)}`;
    this.finish();
  }
  step(func, self, ...args) {
    if (this.result.status !== undefined) return undefined;
    try {
      return func.apply(self ?? this, args);
    } catch (error) {
      this.settle(error);
      return undefined;
    }
  }
  step_func(func, self) {
    return (...args) => this.step(func, self, ...args);
  }
  step_func_done(func, self) {
    return (...args) => {
      if (func) this.step(func, self, ...args);
      this.done();
    };
  }
  unreached_func(description) {
    return this.step_func(() => asserts.assert_unreached(description));
  }
  step_timeout(func, ms) {
    return setTimeout(this.step_func(func), ms);
  }
  add_cleanup(func) {
    this.cleanups.push(func);
  }
  done() {
    this.settle(undefined);
  }
}

/** Runs one WPT file's source with `globals` installed; see the head of this file. */
export async function runWptFile(source, globals, filename = "wpt.any.js") {
  const results = [];
  const promiseTests = [];
  const asyncTests = [];
  let harnessError;

  const harness = {
    ...asserts,
    self: globalThis,
    location: { search: "" },
    format_value: formatValue,
    step_timeout: (func, ms) => setTimeout(func, ms),
    setup(funcOrOptions) {
      if (typeof funcOrOptions === "function") funcOrOptions();
    },
    done() {},
    test(func, name) {
      const t = new Test(name ?? "(unnamed)", results);
      t.step(func, t, t);
      t.done();
    },
    async_test(func, name) {
      if (typeof func === "string") [func, name] = [undefined, func];
      const t = new Test(name ?? "(unnamed)", results);
      if (func) t.step(func, t, t);
      asyncTests.push(t);
      return t;
    },
    promise_test(func, name) {
      // testharness runs promise tests one after another, after the file's synchronous code.
      promiseTests.push({ func, t: new Test(name ?? "(unnamed)", results) });
    },
  };

  const saved = new Map();
  const install = { ...harness, ...globals };
  for (const key of Object.keys(install)) {
    saved.set(key, Object.getOwnPropertyDescriptor(globalThis, key));
    Object.defineProperty(globalThis, key, { value: install[key], writable: true, configurable: true, enumerable: false });
  }
  try {
    try {
      // One function scope per file, so that files' top-level declarations do not collide.
      runInThisContext(`(function () { "use strict";\n${source}\n})();`, { filename });
    } catch (error) {
      harnessError = `${error?.name}: ${error?.message}`;
    }
    for (const { func, t } of promiseTests) {
      try {
        await Promise.race([Promise.resolve(t.step(func, t, t)).then(() => t.done(), (e) => t.settle(e)), limit(t)]);
      } catch (error) {
        t.settle(error);
      }
    }
    await Promise.all(asyncTests.map((t) => Promise.race([t.finished, limit(t)])));
  } finally {
    for (const [key, descriptor] of saved) {
      if (descriptor === undefined) delete globalThis[key];
      else Object.defineProperty(globalThis, key, descriptor);
    }
  }
  return { results, harnessError };
}

function limit(t) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      t.settle(new Error(`did not finish within ${ASYNC_TEST_LIMIT_MS} ms`));
      resolve();
    }, ASYNC_TEST_LIMIT_MS);
    t.finished.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
