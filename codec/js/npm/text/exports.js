// The API of the package's second module `utf8lens/text`, shared by its entries (text/node.js,
// text/browser.js and the others, which instantiate its WebAssembly module first): the sanitiser, the
// scanner, the mojibake tools and the look-alikes exactly as wasm-bindgen generated them (feature `text`
// of the crate utf8lens-js), and the sanitiser's DOM helpers. They live apart from the main module so
// that validating and decoding never download the repair engine and the sanitiser (docs/BENCHMARKS.md,
// The split); charset detection is the third module, `utf8lens/detect` (detect/exports.js).
import { check, describeSanitizer, sanitize } from "./wasm/utf8lens_text.js";
import { scan as scanInWasm } from "./wasm/utf8lens_text.js";

// Keep this list complete: scripts/build-npm.sh checks it against the generated exports.
export {
  areConfusable,
  check,
  describeSanitizer,
  garble,
  garbleRounds,
  misreadAsUtf8,
  mojibakeMatrix,
  repair,
  sanitize,
  scripts,
  skeleton,
} from "./wasm/utf8lens_text.js";

// --- scan: the ASCII route -------------------------------------------------------------------------
// Most files of a source tree are ASCII. In ASCII, with a preset's own options (every preset keeps
// line endings as they are), the only findings can be control characters: every bidi control,
// invisible character, noncharacter, BOM, confusable word or invalid sequence needs a byte above 7F,
// and ASCII is its own NFC and NFKC. So when Node's native buffer.isAscii says a file is ASCII and it
// holds no C0 control but TAB, LF and CR and no DEL, the answer is no findings, without copying the file
// into WebAssembly memory. Anything else (other options, other engines, a byte above 7F) goes to the
// WebAssembly scan, which also checks the options. tests/npm/scan.test.mjs compares the two routes.

const nodeBuffer = (() => {
  try {
    return globalThis.process?.getBuiltinModule?.("node:buffer");
  } catch {
    return undefined;
  }
})();
const isAscii = typeof nodeBuffer?.isAscii === "function" ? nodeBuffer.isAscii : undefined;
const PRESETS = new Set(["display", "identifier", "code", "prompt"]);
// Below this size the WebAssembly call costs too little to be worth skipping.
const ASCII_ROUTE_MIN = 256;

/** The engine of `utf8lens scan`: one file's findings (and with `fix`, its fixed bytes). */
export function scan(bytes, options = undefined) {
  return quietAscii(bytes, options) ? { findings: [] } : scanInWasm(bytes, options);
}

/** Whether `bytes` certainly has no finding under `options`, by the ASCII route. */
function quietAscii(bytes, options) {
  if (isAscii === undefined || !(bytes instanceof Uint8Array) || bytes.length < ASCII_ROUTE_MIN) return false;
  if (options !== undefined) {
    if (options === null || typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype) return false;
    for (const key of Object.keys(options)) {
      if (key !== "preset" && key !== "fix") return false;
    }
    if (options.preset !== undefined && !PRESETS.has(options.preset)) return false;
  }
  try {
    if (!isAscii(bytes)) return false;
  } catch {
    return false; // a view the native check refuses: the WebAssembly route says why
  }
  return noControls(bytes);
}

/** A control byte that is not TAB, LF or CR, in ASCII `bytes`: one byte exactly. */
const isControl = (b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f;

/**
 * Whether ASCII `bytes` hold no control byte but TAB, LF and CR: four bytes at a time, through an
 * Int32Array over the aligned middle. A word whose bytes may hold one (a byte below 0x20 sets a borrow
 * into bit 7, 0x7F plus one carries into it) is then checked byte by byte; LF sends a word of each line
 * there, which costs little.
 */
function noControls(bytes) {
  const end = bytes.length;
  let i = 0;
  for (; i < end && (bytes.byteOffset + i) % 4 !== 0; i++) {
    if (isControl(bytes[i])) return false;
  }
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, (end - i) >> 2);
  for (let w = 0; w < words.length; w++) {
    const x = words[w];
    if ((((x - 0x20202020) & ~x) | ((x & 0x7f7f7f7f) + 0x01010101)) & 0x80808080) {
      for (let k = i + w * 4, stop = k + 4; k < stop; k++) {
        if (isControl(bytes[k])) return false;
      }
    }
  }
  for (i += words.length * 4; i < end; i++) {
    if (isControl(bytes[i])) return false;
  }
  return true;
}

// --- A reusable sanitiser ----------------------------------------------------------------------------
// A preset name or an options object, checked once (a bad or unknown option throws here, not at the
// first call) and frozen, so that the configuration a Sanitizer was vetted with is the one it keeps.
// Declared in the package's .d.ts (codec/js/src/sanitize.rs).

export class Sanitizer {
  #options;

  constructor(presetOrOptions = "display") {
    let options;
    if (typeof presetOrOptions === "string") {
      options = { preset: presetOrOptions };
    } else if (presetOrOptions === null || typeof presetOrOptions !== "object") {
      throw new TypeError(`Sanitizer: expected a preset name or an options object, got ${presetOrOptions === null ? "null" : typeof presetOrOptions}`);
    } else {
      options = { ...presetOrOptions };
    }
    // The wasm export checks every option: an error names it, as `new Sanitizer` would.
    try {
      describeSanitizer(options);
    } catch (error) {
      if (error instanceof TypeError) error.message = error.message.replace(/^describeSanitizer: /, "Sanitizer: ");
      throw error;
    }
    this.#options = Object.freeze(options);
  }

  /** The configuration, as given (frozen). */
  get options() {
    return this.#options;
  }

  /** The clean text and every change, as `sanitize(text, options)`. */
  sanitize(text) {
    return sanitize(text, this.#options);
  }

  /** What `sanitize` would change or flag, each with its line and column; the text is not changed. */
  check(text) {
    return check(text, this.#options);
  }

  /** The configuration's rules in words: the preset's purpose, then one sentence per kind of character. */
  describe() {
    return describeSanitizer(this.#options);
  }
}

// --- DOMPurify ---------------------------------------------------------------------------------------
// DOMPurify removes markup that runs scripts; it leaves text alone. These two hooks clean the text
// nodes and attribute values it keeps in the same pass: uponSanitizeElement sees every node it walks
// (text nodes have the nodeName "#text"), uponSanitizeAttribute every attribute value before
// DOMPurify's own checks of it. The text of style (which DOMPurify keeps) and script elements is left
// alone, as sanitizeDocument does.

const TEXT_NODE_TYPE = 3;
const LEFT_ALONE = new Set(["script", "style", "noscript", "template"]);

/** DOMPurify hooks that clean text and attribute values with `sanitizer` (default: the display preset). */
export function dompurifyHook(sanitizer = new Sanitizer()) {
  if (!(sanitizer instanceof Sanitizer)) sanitizer = new Sanitizer(sanitizer);
  const changes = [];
  // Only printable ASCII (and LF, unless CR LF is wanted) is certain to come back unchanged.
  const quiet = sanitizer.options.lineEndings === "crlf" ? /^[\x20-\x7e\t]*$/ : /^[\x20-\x7e\t\n]*$/;
  const clean = (text, where) => {
    if (quiet.test(text)) return text;
    const result = sanitizer.sanitize(text);
    for (const change of result.changes) changes.push({ ...change, where });
    return result.text;
  };
  const hooks = {
    uponSanitizeElement(node) {
      if (node.nodeType !== TEXT_NODE_TYPE) return;
      const parent = node.parentNode;
      if (parent && typeof parent.localName === "string" && LEFT_ALONE.has(parent.localName.toLowerCase())) return;
      const text = clean(node.data, "#text");
      if (text !== node.data) node.data = text;
    },
    uponSanitizeAttribute(_node, data) {
      if (typeof data.attrValue === "string") data.attrValue = clean(data.attrValue, data.attrName);
    },
    /** Adds both hooks to a DOMPurify instance; returns it. */
    install(purify) {
      if (purify === null || typeof purify !== "object" && typeof purify !== "function" || typeof purify.addHook !== "function") {
        throw new TypeError("dompurifyHook: install expects DOMPurify (an object with addHook)");
      }
      purify.addHook("uponSanitizeElement", hooks.uponSanitizeElement);
      purify.addHook("uponSanitizeAttribute", hooks.uponSanitizeAttribute);
      return purify;
    },
    /** Every change made since the hooks were made (or since the last `takeChanges`), then forgets them. */
    takeChanges() {
      return changes.splice(0, changes.length);
    },
  };
  return hooks;
}

// --- The sanitiser on a live page ------------------------------------------------------------------
// sanitizeDocument and observe walk the DOM, which the WebAssembly core never sees, and hand each
// string to sanitize. They only ever assign Text.data and attribute values (never markup), so nothing
// they do can create an element or run a script; and they never enter script, style, noscript or
// template content. Declared in the package's .d.ts (codec/js/src/sanitize.rs).

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const SHOW_ELEMENT_AND_TEXT = 0x1 | 0x4;
const FILTER_ACCEPT = 1;
const FILTER_REJECT = 2;
const NEVER_ENTERED = new Set(["script", "style", "noscript", "template"]);
const DEFAULT_ATTRIBUTES = ["title", "alt", "aria-label", "value"];

/** Cleans the text nodes and chosen attributes under `root` in place, and says what it changed. */
export function sanitizeDocument(root, options = undefined) {
  const settings = domSettings(root, options, "sanitizeDocument");
  const report = newReport();
  cleanSubtree(root, settings, report);
  return report;
}

/** Cleans text and attributes added or changed under `root` from now on. */
export function observe(root, options = undefined) {
  const settings = domSettings(root, options, "observe");
  const onChange = options?.onChange;
  if (onChange !== undefined && typeof onChange !== "function") {
    throw new TypeError("observe: option onChange must be a function");
  }
  if (typeof MutationObserver !== "function") throw new TypeError("observe: this environment has no MutationObserver");
  const observer = new MutationObserver((records) => {
    const report = newReport();
    for (const record of records) {
      if (record.type === "childList") {
        for (const node of record.addedNodes) cleanSubtree(node, settings, report);
      } else if (record.type === "characterData") {
        const node = record.target;
        if (!insideNeverEntered(node, settings)) cleanText(node, settings, report);
      } else if (record.type === "attributes" && record.attributeName !== null) {
        const element = record.target;
        if (!insideNeverEntered(element, settings)) cleanAttribute(element, record.attributeName, settings, report);
      }
    }
    // The records of our own edits: their text is clean already (sanitising is idempotent).
    observer.takeRecords();
    if (onChange && report.targets.length > 0) onChange(report);
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: settings.attributes.length > 0,
    ...(settings.attributes.length > 0 ? { attributeFilter: settings.attributes } : {}),
  });
  return {
    disconnect() {
      observer.disconnect();
    },
  };
}

function domSettings(root, options, func) {
  if (root === null || typeof root !== "object" || typeof root.nodeType !== "number") {
    throw new TypeError(`${func}: expected a DOM node to start from`);
  }
  if (options !== undefined && options !== null && typeof options !== "object") {
    throw new TypeError(`${func}: options must be an object`);
  }
  const attributes = options?.attributes === undefined ? DEFAULT_ATTRIBUTES : Array.from(options.attributes, String);
  const skip = options?.skip ?? null;
  if (skip !== null && typeof skip !== "string") throw new TypeError(`${func}: option skip must be a CSS selector string`);
  // Only printable ASCII (and LF, unless CR LF is wanted) is certain to come back unchanged:
  // those strings, such as the whitespace between elements, skip the call.
  const quiet = options?.lineEndings === "crlf" ? /^[\x20-\x7e\t]*$/ : /^[\x20-\x7e\t\n]*$/;
  // The sanitiser's options are the rest: checked once, so that a bad or unknown one throws here and not
  // halfway through a page.
  const own = func === "observe" ? ["attributes", "skip", "onChange"] : ["attributes", "skip"];
  let sanitizeOptions;
  if (options !== undefined && options !== null) {
    sanitizeOptions = {};
    for (const key of Object.keys(options)) if (!own.includes(key)) sanitizeOptions[key] = options[key];
  }
  try {
    sanitize("", sanitizeOptions);
  } catch (error) {
    if (error instanceof TypeError) {
      error.message = error.message.replace(/^sanitize: (unknown option .*; the options are )/, `${func}: $1${own.join(", ")}, `);
    }
    throw error;
  }
  return { options: sanitizeOptions, attributes, skip, quiet };
}

function newReport() {
  return { textNodes: 0, attributes: 0, targets: [], counts: {} };
}

function neverEntered(element, settings) {
  const name = String(element.localName).toLowerCase();
  return NEVER_ENTERED.has(name) || (settings.skip !== null && element.matches(settings.skip));
}

function insideNeverEntered(node, settings) {
  for (let element = node.nodeType === ELEMENT_NODE ? node : node.parentElement; element; element = element.parentElement) {
    if (neverEntered(element, settings)) return true;
  }
  return false;
}

function cleanSubtree(root, settings, report) {
  if (root.nodeType !== ELEMENT_NODE && root.nodeType !== TEXT_NODE && typeof root.querySelector !== "function") return;
  if (insideNeverEntered(root, settings)) return;
  if (root.nodeType === TEXT_NODE) {
    cleanText(root, settings, report);
    return;
  }
  const document = root.ownerDocument ?? root;
  const walker = document.createTreeWalker(root, SHOW_ELEMENT_AND_TEXT, {
    acceptNode: (node) => (node.nodeType === ELEMENT_NODE && neverEntered(node, settings) ? FILTER_REJECT : FILTER_ACCEPT),
  });
  for (let node = root.nodeType === ELEMENT_NODE ? root : walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === TEXT_NODE) {
      cleanText(node, settings, report);
    } else {
      for (const name of settings.attributes) {
        if (node.hasAttribute(name)) cleanAttribute(node, name, settings, report);
      }
    }
  }
}

function cleanText(node, settings, report) {
  report.textNodes++;
  const before = node.data;
  const result = clean(before, settings);
  if (result === null) return;
  if (result.text !== before) node.data = result.text;
  record(report, node, null, before, result);
}

function cleanAttribute(element, name, settings, report) {
  const before = element.getAttribute(name);
  if (before === null) return;
  report.attributes++;
  const result = clean(before, settings);
  if (result === null) return;
  if (result.text !== before) element.setAttribute(name, result.text);
  record(report, element, name, before, result);
}

/** The sanitiser's result for `text`, or null when there is nothing to report. */
function clean(text, settings) {
  if (settings.quiet.test(text)) return null;
  const result = sanitize(text, settings.options);
  return result.changes.length > 0 ? result : null;
}

function record(report, node, attribute, before, result) {
  report.targets.push({ node, attribute, before, after: result.text, changes: result.changes });
  for (const change of result.changes) report.counts[change.kind] = (report.counts[change.kind] ?? 0) + 1;
}
