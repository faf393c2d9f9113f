// ---------------------------------------------------------------------------------------------------
// The package's classes and functions written in JavaScript (encoder.js, length.js, streams.js);
// scripts/build-npm.sh appends this file to the declarations wasm-bindgen generates (utf8lens.d.ts),
// so it may name their types (ByteSource, Utf8DecoderOptions, EncodeIntoResult...).

// The streams' ends are the platform's ReadableStream and WritableStream. These empty declarations
// merge with the DOM library's (or @types/node's) where a project has them, and give opaque types
// where it has neither, so that the package type-checks with the ES library alone.
declare global {
  interface ReadableStream<R = any> {}
  interface WritableStream<W = any> {}
}

/** Constructor options of `Utf8Encoder` and `Utf8EncoderStream`. */
export interface Utf8EncoderOptions {
  /** Throw (or error the stream) on a lone surrogate instead of writing U+FFFD. */
  fatal?: boolean;
}

/**
 * The TypeError a fatal `Utf8Encoder` or `Utf8EncoderStream` throws for a lone surrogate: its offset
 * in UTF-16 code units (from the start of the stream, for the stream).
 */
export interface LoneSurrogateError extends TypeError {
  offset: number;
  kind: "lone-surrogate";
}

/**
 * A drop-in for `TextEncoder`: the same bytes, results and argument conversions. With
 * `{ fatal: true }` a lone surrogate throws a `LoneSurrogateError` instead of becoming U+FFFD.
 * Any other constructor argument is ignored, as `TextEncoder` ignores its arguments.
 */
export class Utf8Encoder {
  constructor(options?: Utf8EncoderOptions | null);
  /** Always "utf-8". */
  readonly encoding: "utf-8";
  /** Whether lone surrogates throw. */
  readonly fatal: boolean;
  /** The UTF-8 bytes of `input` (converted to a string as TextEncoder converts it). */
  encode(input?: string): Uint8Array;
  /** Writes as much of `source` as fits into `destination`, never part of a character. */
  encodeInto(source: string, destination: Uint8Array): EncodeIntoResult;
  readonly [Symbol.toStringTag]: string;
}

/**
 * A drop-in for `TextDecoderStream` (UTF-8 only: another label is a RangeError): bytes written to
 * `writable` come out of `readable` as strings; with `fatal: true` malformed input errors the stream
 * with a `Utf8DecodeError` whose offset counts from the start of the stream.
 */
export class Utf8DecoderStream {
  constructor(label?: string, options?: Utf8DecoderOptions | null);
  readonly encoding: "utf-8";
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  readonly readable: ReadableStream<string>;
  readonly writable: WritableStream<ByteSource>;
  readonly [Symbol.toStringTag]: string;
}

/**
 * A drop-in for `TextEncoderStream`: strings written to `writable` come out of `readable` as UTF-8
 * bytes, a surrogate pair split across chunks included; with `{ fatal: true }` a lone surrogate
 * errors the stream with a `LoneSurrogateError`.
 */
export class Utf8EncoderStream {
  constructor(options?: Utf8EncoderOptions | null);
  readonly encoding: "utf-8";
  readonly fatal: boolean;
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<string>;
  readonly [Symbol.toStringTag]: string;
}

/**
 * The number of bytes of `text` in UTF-8, as `new TextEncoder().encode(text).length`, without making
 * them (a lone surrogate counts 3, as U+FFFD).
 *
 * ```ts
 * utf8Length("a€😀"); // 8
 * ```
 */
export function utf8Length(text: string): number;

/**
 * The longest prefix of `text` whose UTF-8 takes at most `maxBytes` bytes (a whole number, or
 * Infinity), never half of a character or of a surrogate pair.
 *
 * ```ts
 * truncateUtf8("a😀b", 4); // "a"
 * truncateUtf8("ok👍🏽", 6); // "ok👍": the skin tone is cut off
 * truncateUtf8("ok👍🏽", 6, { graphemes: true }); // "ok": the cluster is left out whole
 * ```
 */
export function truncateUtf8(text: string, maxBytes: number, options?: TruncateOptions): string;

/** Options of {@link truncateUtf8}. */
export interface TruncateOptions {
  /**
   * Cut only between grapheme clusters (UAX #29, by the platform's `Intl.Segmenter`), so that an
   * emoji ZWJ sequence, a flag or a letter with its combining accents is kept whole or left out
   * whole. Default `false`: cut between code points.
   */
  graphemes?: boolean;
}
