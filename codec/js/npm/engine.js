// Which of the package's two builds of each WebAssembly module this engine gets, and the bytes of an
// inlined module. scripts/build-npm.sh builds every module twice: with SIMD128 (wasm/*_bg.wasm), the
// fast one, and without (wasm/*_nosimd_bg.wasm), for engines without WebAssembly SIMD (Safari before
// 16.4, older embedded engines). Every entry picks one at load with the same test.

// The smallest module that uses SIMD: one function returning `v128.const 0`. An engine that
// validates it runs the SIMD build.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // type section: () -> v128
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, // code section: no locals, v128.const
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // its 16 bytes
  0x0b, // end
]);

/**
 * Whether this engine gets the SIMD build. `globalThis.UTF8LENS_SIMD = false`, set before the package
 * is first imported, forces the build without SIMD (the tests use it to run that build on engines
 * that have SIMD).
 */
export const simd = globalThis.UTF8LENS_SIMD !== false && WebAssembly.validate(SIMD_PROBE);

/** The bytes of a module inlined as base64 (the `inline` entries), decoded synchronously. */
export function base64Bytes(base64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The `init` and `initSync` of an init entry (init.js, text/init.js, detect/init.js), over the glue's
 * own two.
 * `defaultSource` gives the URL of the build this engine runs beside the entry; it is called only
 * when init gets no source, so that a bundle with no `import.meta.url` fails only then.
 */
export function initFunctions(wasmInit, wasmInitSync, defaultSource) {
  return {
    async init(source = undefined) {
      await wasmInit({ module_or_path: source ?? defaultSource() });
    },
    initSync(source) {
      wasmInitSync({ module: source });
    },
  };
}
