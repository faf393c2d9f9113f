// One command of WebDriver classic over plain fetch: what the two harnesses that drive WebKitGTK's
// WebKitWebDriver send it (browsers.e2e.mjs here, tests/runtimes/runtimes.test.mjs). Each says its
// own errors.

/**
 * Sends `method path` with `body` as JSON to the driver at `base`, giving up after `ms`.
 * Resolves to whether the driver answered with success, and the JSON it answered.
 */
export async function webDriverCommand(base, method, path, body, ms) {
  const response = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  });
  return { ok: response.ok, json: await response.json() };
}
