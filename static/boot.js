// Starts the inspector. This is a file rather than the inline script Trunk writes by default, so
// that a strict Content-Security-Policy (script-src 'self' 'wasm-unsafe-eval') lets it run. Trunk
// writes the hashed names of the wasm-bindgen glue and the wasm module into this element's data
// attributes (see pattern_script in Trunk.toml).
const boot = document.querySelector("script[data-bindings]");
const shell = document.getElementById("shell");
try {
  const { default: init } = await import(boot.dataset.bindings);
  await init({ module_or_path: boot.dataset.wasm });
  // The app has mounted beside the static shell (index.html): the shell's work is done.
  shell?.remove();
} catch (error) {
  const status = shell?.querySelector(".shell-status");
  if (status) {
    status.textContent = `The inspector could not start: ${error?.message ?? error}. It needs a browser with WebAssembly.`;
  }
  throw error;
}

// Offline after the first visit (static/sw.js). Not over file:, and not where the browser refuses.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register(new URL("sw.js", import.meta.url)).catch(() => {});
}
