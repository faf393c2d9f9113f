// Type-checked by types.test.mjs with `tsc --strict`, module "nodenext" and only the ES2022
// library plus esnext.disposable for wasm-bindgen's [Symbol.dispose] (no DOM, no @types/node): the
// package's declarations must be enough on their own.
// Lines marked @ts-expect-error must fail to type-check: the declarations are not `any`.
import {
  Utf8Decoder,
  Utf8InputBuffer,
  decode,
  decodeVariant,
  decodeVariantCodePoints,
  encode,
  encodeCodePoint,
  encodeInto,
  encodeVariant,
  errorList,
  errors,
  explainCodePoint,
  firstError,
  inspect,
  validate,
  type BitFillInfo,
  type ByteSource,
  type DecodeOptions,
  type EncodeIntoResult,
  type ErrorsOptions,
  type InspectResult,
  type SegmentInfo,
  type Utf8ErrorInfo,
  type Utf8ErrorKind,
  type Utf8ErrorList,
  type Utf8Variant,
} from "utf8lens";

const input: ByteSource = new Uint8Array([0x48, 0xf6]);
const asView: ByteSource = new DataView(new ArrayBuffer(2));
const asBuffer: ByteSource = new ArrayBuffer(2);

const ok: boolean = validate(input) && validate(asView) && validate(asBuffer);
const first: Utf8ErrorInfo | undefined = firstError(input);
const offset: number | undefined = first?.offset;
const meant: number | undefined = first?.intended?.codePoint;
const kinds: Utf8ErrorKind[] = errors(input).map((e) => e.kind);
const messages: string[] = errors(input).map((e) => e.message);
const firstTwo: Utf8ErrorInfo[] = errors(input, { limit: 2 });
const limits: ErrorsOptions = { limit: Infinity };
const list: Utf8ErrorList = errorList(input, limits);
const listOffsets: Uint32Array = list.offsets;
const listKinds: Utf8ErrorKind[] = Array.from(list.kinds, (k) => list.kindNames[k]);
const listMore: boolean = errorList(input, { limit: 1 }).more && list.lengths[0] === 1;
// @ts-expect-error limit is a number
errorList(input, { limit: "2" });

const options: DecodeOptions = { fatal: false, ignoreBOM: true, replacement: "windows-1252" };
const text: string = decode(input) + decode(input, options) + decode(input, null) + decode(input, { replacement: "utf8b" });

const decoder = new Utf8Decoder();
const strict = new Utf8Decoder("utf-8", { fatal: true, ignoreBOM: false });
const streamed: string = decoder.decode(input, { stream: true }) + decoder.decode() + strict.decode(asBuffer);
const flags: [string, boolean, boolean] = [decoder.encoding, decoder.fatal, decoder.ignoreBOM];
decoder.free();

const region = new Utf8InputBuffer(1024);
const view: Uint8Array = region.bytes;
const filledIn: number = encodeInto("€", view).written;
const capacity: number = region.capacity;
const inPlace: boolean = region.validate(filledIn);
const inPlaceFirst: Utf8ErrorInfo | undefined = region.firstError(filledIn);
const inPlaceAll: Utf8ErrorInfo[] = region.errors(filledIn);
const inPlaceText: string = region.decode(filledIn) + region.decode(filledIn, options) + region.decode(filledIn, null);
region.free();

const bytes: Uint8Array = encode("€");
const result: EncodeIntoResult = encodeInto("€", new Uint8Array(3));
const counts: number = result.read + result.written;
const one: Uint8Array = encodeCodePoint(0x1f600);
const fill: BitFillInfo = explainCodePoint(0x20ac);
const sources: (number | null)[] = fill.octets[0].bitSources;
const width: number = fill.row.octets + fill.octets[0].markerLength;

const report: InspectResult = inspect(input);
for (const segment of report.segments as SegmentInfo[]) {
  if ("error" in segment) {
    const kind: Utf8ErrorKind = segment.error.kind;
  } else {
    const ch: string = segment.char;
    const cp: number = segment.codePoint;
  }
}
const role: "ascii" | "lead" | "continuation" | "invalid" = report.roles[0];

const variant: Utf8Variant = "mutf-8";
const fromVariant: string = decodeVariant(encodeVariant("\0", variant), variant);
const values: number[] = decodeVariantCodePoints(new Uint8Array([0xc0, 0x80]), "mutf-8");

// @ts-expect-error a string is not bytes
validate("abc");
// @ts-expect-error an Array is not bytes
errors([0x41]);
// @ts-expect-error no such replacement
decode(input, { replacement: "ascii" });
// @ts-expect-error code points are numbers
encodeCodePoint("A");
// @ts-expect-error no such variant
decodeVariant(input, "utf-7");
// @ts-expect-error encodeInto writes into a Uint8Array only
encodeInto("a", new ArrayBuffer(4));
// @ts-expect-error the kinds are a closed set
const wrongKind: Utf8ErrorKind = "bad-byte";
// @ts-expect-error fatal is read-only
decoder.fatal = true;
// @ts-expect-error a buffer is made with its capacity in bytes
new Utf8InputBuffer("1024");
// @ts-expect-error the methods take how many bytes to read, not bytes
region.validate(view);
// @ts-expect-error the view is read-only: fill it, do not replace it
region.bytes = new Uint8Array(4);

export { capacity, inPlace, inPlaceFirst, inPlaceAll, inPlaceText, ok, offset, meant, kinds, messages, text, streamed, flags, bytes, counts, one, sources, width, role, fromVariant, values, wrongKind };
