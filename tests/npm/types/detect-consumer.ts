// Type-checked by types.test.mjs like consumer.ts (tsc --strict, module "nodenext", only the ES2022
// library plus esnext.disposable, no DOM): the declarations of the package's third module,
// utf8lens/detect (charset detection), resolved through its "./detect" export's "types" condition,
// must be enough on their own.
// Lines marked @ts-expect-error must fail to type-check: the declarations are not `any`.
import {
  Detector,
  decodeAs,
  detect,
  type ByteSource,
  type Charset,
  type DetectCandidate,
  type DetectCharset,
  type DetectOptions,
} from "utf8lens/detect";
import { decodeLegacy } from "utf8lens";

const bytes: ByteSource = new Uint8Array([0xe9]);
const detectOptions: DetectOptions = { limit: 65536 };
const ranked: DetectCandidate[] = detect(bytes, detectOptions);
const top: DetectCharset | undefined = ranked[0]?.charset;
const confidence: number | undefined = ranked[0]?.confidence;
const language: string | null | undefined = ranked[0]?.language;
const why: string[] | undefined = ranked[0]?.reasons;
const detector = new Detector({ limit: 4096 });
detector.feed(new Uint8Array([0x41]).buffer);
const full: boolean = detector.full;
const limit: number = detector.limit;
const chunked: DetectCandidate[] = detector.finish();
const decodedText: string = decodeAs(bytes, ranked[0] ?? "windows-1252");
// A legacy charset of the main module is a charset detect may return.
const legacy: Charset = "windows-1251";
const asDetected: DetectCharset = legacy;
const sameText: boolean = decodeAs(bytes, asDetected) === decodeLegacy(bytes, legacy);
// @ts-expect-error a charset that detect never returns
decodeAs(bytes, "latin1");
// @ts-expect-error detect takes bytes
detect("text");
// @ts-expect-error the option is a number
detect(bytes, { limit: "1 MiB" });

export { top, confidence, language, why, full, limit, chunked, decodedText, sameText };
