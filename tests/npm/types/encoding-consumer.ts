// Type-checked by types.test.mjs like consumer.ts (tsc --strict, the ES2022 library only): the
// declarations of Utf8Encoder, the two streams, utf8Length and truncateUtf8, the error types, the
// legacy charset functions' optional options, and SharedArrayBuffer-backed input.
import {
  Utf8Decoder,
  Utf8DecoderStream,
  Utf8Encoder,
  Utf8EncoderStream,
  decode,
  decodeLegacy,
  encodeInto,
  encodeLegacy,
  errorList,
  truncateUtf8,
  utf8Length,
  validate,
  type ByteSource,
  type EncodeIntoResult,
  type LoneSurrogateError,
  type Utf8DecodeError,
  type Utf8EncoderOptions,
  type Utf8ErrorKind,
} from "utf8lens";

const encoder = new Utf8Encoder();
const strict = new Utf8Encoder({ fatal: true });
const options: Utf8EncoderOptions = { fatal: false };
const encoded: Uint8Array = encoder.encode("€") && encoder.encode() && new Utf8Encoder(options).encode("a");
const into: EncodeIntoResult = strict.encodeInto("a", new Uint8Array(1));
const encoderFlags: [string, boolean] = [encoder.encoding, strict.fatal];

const decoderStream = new Utf8DecoderStream();
const strictStream = new Utf8DecoderStream("utf-8", { fatal: true, ignoreBOM: true });
const streamFlags: [string, boolean, boolean] = [strictStream.encoding, strictStream.fatal, strictStream.ignoreBOM];
const strings: ReadableStream<string> = decoderStream.readable;
const byteSink: WritableStream<ByteSource> = decoderStream.writable;
const encoderStream = new Utf8EncoderStream({ fatal: true });
const byteOut: ReadableStream<Uint8Array> = encoderStream.readable;
const stringSink: WritableStream<string> = encoderStream.writable;

const length: number = utf8Length("a€");
const prefix: string = truncateUtf8("a€", 2);

// The errors fatal modes throw, with where and why.
try {
  decode(new Uint8Array([0xff]), { fatal: true });
} catch (error) {
  const { offset, kind } = error as Utf8DecodeError;
  const k: Utf8ErrorKind = kind;
  const o: number = offset;
}
try {
  strict.encode("\uD800");
} catch (error) {
  const e = error as LoneSurrogateError;
  const where: number = e.offset;
  const what: "lone-surrogate" = e.kind;
  const message: string = e.message;
}

// decodeLegacy and encodeLegacy take their options optionally (not `X | undefined`).
const legacy: string = decodeLegacy(new Uint8Array([0x41]), "windows-1252");
const legacyBytes: Uint8Array = encodeLegacy("A", "windows-1252") && encodeLegacy("A", "windows-1252", { fallback: "ncr" });

// SharedArrayBuffer-backed input, which works at run time, is accepted by the types.
const shared = new SharedArrayBuffer(4);
const sharedView = new Uint8Array(shared);
const sharedOk: boolean = validate(sharedView) && validate(shared) && validate(new DataView(shared));
const sharedText: string = decode(sharedView) + new Utf8Decoder().decode(sharedView) + decodeLegacy(sharedView, "koi8-r");
const sharedInto: EncodeIntoResult = encodeInto("a", sharedView) && encoder.encodeInto("a", sharedView);
const sharedKinds: Utf8ErrorKind[] = Array.from(errorList(sharedView).kinds, (k) => errorList(sharedView).kindNames[k]);

// @ts-expect-error a Utf8Encoder writes into a Uint8Array only
encoder.encodeInto("a", new ArrayBuffer(4));
// @ts-expect-error encoding is read-only
encoder.encoding = "utf-8";
// @ts-expect-error maxBytes is a number
truncateUtf8("a", "2");
// @ts-expect-error utf8Length measures strings
utf8Length(new Uint8Array(2));
// @ts-expect-error the decoder stream's options are TextDecoder's
new Utf8DecoderStream("utf-8", { fatal: "yes" });

export { encoded, into, encoderFlags, streamFlags, strings, byteSink, byteOut, stringSink, length, prefix, legacy, legacyBytes, sharedOk, sharedText, sharedInto, sharedKinds };
