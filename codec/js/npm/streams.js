// Utf8DecoderStream and Utf8EncoderStream: drop-ins for TextDecoderStream and TextEncoderStream
// (WHATWG Encoding, "Interface mixin GenericTransformStream"), each a pair of `readable` and
// `writable` ends of one of the platform's own TransformStreams, so that
// `response.body.pipeThrough(new Utf8DecoderStream())` works wherever the platform has streams.
//
// The decoder stream is a Utf8Decoder called with `stream: true` for each chunk and once without at
// the end, so its fatal errors say where (counted from the start of the stream) and why. The encoder
// stream keeps a high surrogate that ends a chunk until the next chunk says whether it is half of a
// pair, as the standard's "encode and enqueue a chunk" does.
import { Utf8Decoder } from "./exports.js";
import { fatalOption, firstLoneSurrogate, loneSurrogateError, toDOMString, Utf8Encoder } from "./encoder.js";

const STREAM = Object.freeze({ stream: true });

let decoderStreamParts;

/** A drop-in for `new TextDecoderStream("utf-8", { fatal, ignoreBOM })` whose errors say where and why. */
export class Utf8DecoderStream {
  #decoder;
  #transform;

  constructor(label = undefined, options = undefined) {
    // The label and options are checked as Utf8Decoder checks them (a RangeError for another
    // encoding's label), before any stream exists.
    const decoder = new Utf8Decoder(label, options);
    this.#decoder = decoder;
    this.#transform = new TransformStream({
      transform(chunk, controller) {
        // The standard converts the chunk to an AllowSharedBufferSource: anything else, undefined
        // included (which Utf8Decoder.decode reads as "no input"), is a TypeError that errors the stream.
        if (chunk === undefined) {
          throw new TypeError("Utf8DecoderStream: a chunk must be a BufferSource, got undefined");
        }
        const text = renamed(() => decoder.decode(chunk, STREAM));
        if (text !== "") controller.enqueue(text);
      },
      flush(controller) {
        const text = renamed(() => decoder.decode());
        if (text !== "") controller.enqueue(text);
      },
    });
  }

  /** Always "utf-8". */
  get encoding() {
    return decoderParts(this, "encoding").decoder.encoding;
  }

  /** Whether malformed input errors the stream. */
  get fatal() {
    return decoderParts(this, "fatal").decoder.fatal;
  }

  /** Whether a leading byte order mark is kept. */
  get ignoreBOM() {
    return decoderParts(this, "ignoreBOM").decoder.ignoreBOM;
  }

  /** The end strings are read from. */
  get readable() {
    return decoderParts(this, "readable").transform.readable;
  }

  /** The end bytes are written to. */
  get writable() {
    return decoderParts(this, "writable").transform.writable;
  }

  get [Symbol.toStringTag]() {
    return "Utf8DecoderStream";
  }

  static {
    decoderStreamParts = (value) =>
      value !== null && typeof value === "object" && #decoder in value
        ? { decoder: value.#decoder, transform: value.#transform }
        : undefined;
  }
}

/** Utf8Decoder's errors, named for the stream: "Utf8DecoderStream: invalid UTF-8 at offset ...". */
function renamed(decode) {
  try {
    return decode();
  } catch (error) {
    if (error instanceof TypeError && typeof error.message === "string") {
      error.message = error.message.replace(/^Utf8Decoder\.decode:/, "Utf8DecoderStream:");
    }
    throw error;
  }
}

function decoderParts(self, member) {
  const parts = decoderStreamParts(self);
  if (parts === undefined) {
    throw new TypeError(`Utf8DecoderStream.${member}: called on an object that is not a Utf8DecoderStream`);
  }
  return parts;
}

const REPLACEMENT = [0xef, 0xbf, 0xbd];
let encoderStreamParts;

/**
 * A drop-in for `new TextEncoderStream()`; `new Utf8EncoderStream({ fatal: true })` errors the stream
 * on a lone surrogate, with its offset counted in UTF-16 code units from the start of the stream.
 */
export class Utf8EncoderStream {
  #fatal;
  #transform;
  // A high surrogate that ended the last chunk (0 if none), and how many code units came before it.
  #pending = 0;
  #received = 0;

  constructor(options = undefined) {
    this.#fatal = fatalOption(options);
    const encoder = new Utf8Encoder();
    this.#transform = new TransformStream({
      transform: (chunk, controller) => {
        const text = toDOMString(chunk);
        // Where `input` starts in the stream: at the held surrogate, if there is one.
        const start = this.#received - (this.#pending === 0 ? 0 : 1);
        this.#received += text.length;
        let input = this.#pending === 0 ? text : String.fromCharCode(this.#pending) + text;
        this.#pending = 0;
        const last = input.charCodeAt(input.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          this.#pending = last;
          input = input.slice(0, -1);
        }
        if (input === "") return;
        if (this.#fatal) {
          const offset = firstLoneSurrogate(input);
          if (offset >= 0) throw loneSurrogateError("Utf8EncoderStream", input.charCodeAt(offset), start + offset);
        }
        // A held high surrogate that no low one follows is lone in `input`: encode writes U+FFFD.
        controller.enqueue(encoder.encode(input));
      },
      flush: (controller) => {
        if (this.#pending === 0) return;
        if (this.#fatal) throw loneSurrogateError("Utf8EncoderStream", this.#pending, this.#received - 1);
        controller.enqueue(Uint8Array.from(REPLACEMENT));
      },
    });
  }

  /** Always "utf-8". */
  get encoding() {
    encoderParts(this, "encoding");
    return "utf-8";
  }

  /** Whether a lone surrogate errors the stream instead of becoming U+FFFD. */
  get fatal() {
    return encoderParts(this, "fatal").fatal;
  }

  /** The end bytes are read from. */
  get readable() {
    return encoderParts(this, "readable").transform.readable;
  }

  /** The end strings are written to. */
  get writable() {
    return encoderParts(this, "writable").transform.writable;
  }

  get [Symbol.toStringTag]() {
    return "Utf8EncoderStream";
  }

  static {
    encoderStreamParts = (value) =>
      value !== null && typeof value === "object" && #transform in value
        ? { fatal: value.#fatal, transform: value.#transform }
        : undefined;
  }
}

function encoderParts(self, member) {
  const parts = encoderStreamParts(self);
  if (parts === undefined) {
    throw new TypeError(`Utf8EncoderStream.${member}: called on an object that is not a Utf8EncoderStream`);
  }
  return parts;
}
