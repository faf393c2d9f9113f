// The other entries (issue 14 §7.1): utf8lens/init, utf8lens/text/init and utf8lens/detect/init with
// their init functions, and the inline entries, which declare the same API as the default ones.
// Type-checked only.
import { init, initSync, decode, type InitSource } from "utf8lens/init";
import { init as initText, initSync as initTextSync, sanitize } from "utf8lens/text/init";
import { init as initDetect, initSync as initDetectSync, detect } from "utf8lens/detect/init";
import { validate } from "utf8lens/inline";
import { repair } from "utf8lens/text/inline";
import { decodeAs } from "utf8lens/detect/inline";

export async function load(source: InitSource, bytes: Uint8Array): Promise<string> {
  await init(source);
  await init();
  initTextSync(bytes);
  await initText(Promise.resolve(bytes));
  initDetectSync(bytes);
  await initDetect(source);
  const ok: boolean = validate(bytes);
  const [best] = detect(bytes);
  return `${decode(bytes)} ${ok} ${sanitize("x").text} ${repair("x").text} ${best ? decodeAs(bytes, best) : ""}`;
}
initSync(new ArrayBuffer(0));
// @ts-expect-error: initSync needs its source
initSync();
// (A wrong source such as `init(42)` is caught only where the DOM library or @types/node declare
// WebAssembly.Module; with the ES library alone the package declares it opaque, which any object fits.)
