// Every vector of ../shared/conformance/wpt-utf8-vectors/ (from the web-platform-tests Encoding
// tests and ExodusOSS/bytes) runs against Utf8Decoder, encode and encodeInto, and in the same test
// against Node's own TextDecoder, TextEncoder and TextEncoderStream: all three must agree.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { Utf8Decoder, decode, encode, encodeInto } from "utf8lens";
import { codePoints, conformanceFile, fromHex, fromUnits, toHex } from "./support.mjs";

function vectors(name) {
  const path = conformanceFile(`wpt-utf8-vectors/${name}`);
  return path ? JSON.parse(readFileSync(path, "utf8")) : [];
}

/** What one decode call gives: its code points, or "TypeError" when it throws one. */
function outcome(call) {
  try {
    return codePoints(call());
  } catch (error) {
    if (error instanceof TypeError) return "TypeError";
    throw error;
  }
}

const options = (v) => ({ fatal: v.fatal, ignoreBOM: v.ignoreBOM });
const title = (v, i) => `#${i} ${v.source.replace(/^.*?:/, "")}`;

describe("utf8-decode.json: one decode() call", () => {
  for (const [i, v] of vectors("utf8-decode.json").entries()) {
    test(title(v, i), () => {
      const bytes = fromHex(v.bytes);
      const node = outcome(() => new TextDecoder("utf-8", options(v)).decode(bytes));
      assert.deepEqual(node, v.expected, "Node's TextDecoder");
      assert.deepEqual(outcome(() => new Utf8Decoder("utf-8", options(v)).decode(bytes)), v.expected, "Utf8Decoder");
      assert.deepEqual(outcome(() => decode(bytes, options(v))), v.expected, "decode()");
    });
  }
});

describe("utf8-decode-stream.json: chunks with {stream: true}, then a flush", () => {
  for (const [i, v] of vectors("utf8-decode-stream.json").entries()) {
    test(title(v, i), () => {
      const run = (decoder) => {
        const calls = v.chunks.map((hex) => outcome(() => decoder.decode(fromHex(hex), { stream: true })));
        calls.push(outcome(() => decoder.decode()));
        return calls;
      };
      assert.deepEqual(run(new TextDecoder("utf-8", options(v))), v.expected_per_call, "Node's TextDecoder");
      assert.deepEqual(run(new Utf8Decoder("utf-8", options(v))), v.expected_per_call, "Utf8Decoder");
      if (v.expected !== "TypeError") {
        const whole = fromHex(v.chunks.join(""));
        assert.deepEqual(outcome(() => decode(whole, options(v))), v.expected, "decode() of all chunks at once");
      }
    });
  }
});

describe("utf8-decode-sequences.json: exact call sequences on one decoder", () => {
  for (const [i, v] of vectors("utf8-decode-sequences.json").entries()) {
    test(title(v, i), () => {
      const run = (Decoder) => {
        const decoder = v.label === "(default)" ? new Decoder() : new Decoder(v.label, options(v));
        return v.calls.map((call) =>
          outcome(() =>
            call.input === null
              ? call.stream ? decoder.decode(undefined, { stream: true }) : decoder.decode()
              : decoder.decode(fromHex(call.input), { stream: call.stream }),
          ),
        );
      };
      const expected = v.calls.map((call) => call.expected);
      assert.deepEqual(run(TextDecoder), expected, "Node's TextDecoder");
      assert.deepEqual(run(Utf8Decoder), expected, "Utf8Decoder");
    });
  }
});

describe("utf8-encode.json: TextEncoder.encode", () => {
  for (const [i, v] of vectors("utf8-encode.json").entries()) {
    test(title(v, i), () => {
      const text = fromUnits(v.input_utf16);
      assert.equal(toHex(new TextEncoder().encode(text)), v.expected_bytes, "Node's TextEncoder");
      assert.equal(toHex(encode(text)), v.expected_bytes, "encode()");
      // encodeInto with room to spare writes the same bytes.
      const dest = new Uint8Array(3 * text.length);
      const { read, written } = encodeInto(text, dest);
      assert.equal(read, text.length);
      assert.equal(toHex(dest.subarray(0, written)), v.expected_bytes, "encodeInto()");
    });
  }
});

describe("utf8-encodeinto.json: TextEncoder.encodeInto", () => {
  for (const [i, v] of vectors("utf8-encodeinto.json").entries()) {
    test(title(v, i), () => {
      const text = fromUnits(v.input_utf16);
      const expected = { read: v.expected_read, written: v.expected_written };
      for (const [who, encodeIntoFn] of [
        ["Node's TextEncoder", (t, d) => new TextEncoder().encodeInto(t, d)],
        ["encodeInto()", encodeInto],
      ]) {
        const dest = new Uint8Array(v.destination_length);
        assert.deepEqual(encodeIntoFn(text, dest), expected, who);
        assert.equal(toHex(dest.subarray(0, v.expected_written)), v.expected_bytes, who);
        assert.ok(dest.subarray(v.expected_written).every((b) => b === 0), `${who} wrote nothing beyond`);
      }
    });
  }
});

describe("utf8-encode-stream.json: TextEncoderStream", () => {
  for (const [i, v] of vectors("utf8-encode-stream.json").entries()) {
    test(title(v, i), async () => {
      const chunks = v.input_chunks_utf16.map(fromUnits);
      // Node's TextEncoderStream, chunk by chunk.
      const stream = new TextEncoderStream();
      const writer = stream.writable.getWriter();
      const reading = (async () => {
        const out = [];
        for await (const chunk of stream.readable) out.push(toHex(chunk));
        return out;
      })();
      for (const chunk of chunks) await writer.write(chunk);
      await writer.close();
      assert.deepEqual(await reading, v.expected_output_chunks, "Node's TextEncoderStream");
      // The stream only re-joins surrogate pairs split between chunks, so encode() of the joined
      // text gives the concatenated output.
      assert.equal(toHex(encode(chunks.join(""))), v.expected_output_chunks.join(""), "encode() of the joined chunks");
    });
  }
});

test("all six vector files were found and are non-empty", () => {
  const names = ["utf8-decode.json", "utf8-decode-stream.json", "utf8-decode-sequences.json", "utf8-encode.json",
    "utf8-encodeinto.json", "utf8-encode-stream.json"];
  const counts = names.map((n) => vectors(n).length);
  if (counts.every((c) => c === 0) && process.env.CI !== "true") return; // skipped, said so on stderr
  for (const [i, n] of names.entries()) assert.ok(counts[i] > 0, `${n} has vectors`);
});
