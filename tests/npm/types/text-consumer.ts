// Type-checked by types.test.mjs like consumer.ts (tsc --strict, module "nodenext", only the ES2022
// library plus esnext.disposable, no DOM): the declarations of the package's second module,
// utf8lens/text (the sanitiser and the mojibake tools), resolved through its "./text" export's
// "types" condition, must be enough on their own.
// Lines marked @ts-expect-error must fail to type-check: the declarations are not `any`.
import {
  Sanitizer,
  areConfusable,
  check,
  describeSanitizer,
  dompurifyHook,
  scan,
  garble,
  garbleRounds,
  misreadAsUtf8,
  mojibakeMatrix,
  observe,
  repair,
  sanitize,
  sanitizeDocument,
  scripts,
  skeleton,
  type ByteSource,
  type Charset,
  type GarbleResult,
  type MatrixRowInfo,
  type MisreadResult,
  type RepairResult,
  type SanitizeChange,
  type SanitizeFinding,
  type SanitizePreset,
  type DompurifyHooks,
  type ScanFinding,
  type ScanResult,
  type SanitizeKind,
  type SanitizeNode,
  type SanitizeOptions,
  type SanitizeReport,
  type SanitizeResult,
  type CharScriptsInfo,
  type RestrictionLevel,
  type ScriptsResult,
} from "utf8lens/text";
import { validate } from "utf8lens";

const charset: Charset = "windows-1252";
const garbled: GarbleResult = garble("ä", charset);
const glyph: string | null = garbled.trace[0].glyph;
const rounds: string[] = garbleRounds("ä", charset, 2);
const misread: MisreadResult = misreadAsUtf8("Höhe", "iso-8859-1");
const misreadBytes: Uint8Array = misread.bytes;
const rows: MatrixRowInfo[] = mojibakeMatrix("Höhe");
const repaired: RepairResult = repair("SchÃ¶ne");
const repairedText: string = repaired.text;
const confidence: number = repaired.confidence;
// @ts-expect-error a charset is one of the canonical names
garble("ä", "latin1");
// @ts-expect-error repair takes a string
repair(new Uint8Array(2));

const options: SanitizeOptions = { bidi: "balance", mojibake: true, normalize: "nfc" };
const bytes: ByteSource = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
const cleaned: SanitizeResult = sanitize("pay\u200Bpal", options);
const fromBytes: string = sanitize(bytes).text;
const change: SanitizeChange | undefined = cleaned.changes[0];
const kind: SanitizeKind | undefined = change?.kind;
const hiddenText: string | undefined = change?.hidden;
const carrier: "tags" | "variation-selectors" | undefined = change?.carrier;
const keepHyphens: SanitizeOptions = { softHyphens: "keep", variationSelectors: "flag" };
// @ts-expect-error an unknown soft hyphen choice
sanitize("a", { softHyphens: "drop" });
// @ts-expect-error an unknown bidi choice
sanitize("a", { bidi: "strip" });

// The DOM helpers take any node-like object (no DOM library needed to compile).
declare const node: SanitizeNode;
const report: SanitizeReport = sanitizeDocument(node, { skip: ".raw", attributes: ["title"] });
const changedNodes: number = report.targets.length;
const observer = observe(node, { onChange: (r: SanitizeReport) => r.counts.invisible });
observer.disconnect();

// Presets, the reusable sanitiser, check, describe.
const preset: SanitizePreset = "code";
const sanitizer = new Sanitizer(preset);
const viaOptions = new Sanitizer({ preset: "prompt", lineEndings: "lf" });
const findings: SanitizeFinding[] = sanitizer.check("x\u202E");
const where: number = findings[0].line + findings[0].column;
const rules: string[] = sanitizer.describe().concat(describeSanitizer({ preset: "identifier" }));
const checked: SanitizeFinding[] = check("a", { preset: "display", bidi: "flag", controls: "flag" });
const promptText: string = viaOptions.sanitize("a").text;
// @ts-expect-error not a preset
new Sanitizer("html");
// @ts-expect-error the options are frozen
sanitizer.options = {};

// DOMPurify: any object with addHook, returned as it is.
declare const purifyLike: { addHook(entryPoint: "uponSanitizeElement" | "uponSanitizeAttribute", hook: (node: unknown, data: unknown) => void): void; sanitize(dirty: string): string };
const hooks: DompurifyHooks = dompurifyHook(sanitizer);
const installed: string = hooks.install(purifyLike).sanitize("<b>x</b>");
const hookChanges: number = dompurifyHook("display").takeChanges().length + dompurifyHook().takeChanges().length;

// The scanner's engine.
const scanned: ScanResult = scan(new Uint8Array([0x61]), { preset: "code", fix: true });
const finding: ScanFinding | undefined = scanned.findings[0];
const rule: string | undefined = finding?.rule;
const fixedBytes: Uint8Array | undefined = scanned.fixed;

// Both modules side by side.
const clean: boolean = validate(new Uint8Array([0x41])) && repaired.steps.length >= 0;

export {
  glyph, rounds, misreadBytes, rows, repairedText, confidence, fromBytes, kind, changedNodes, clean,
  where, rules, checked, promptText, installed, hookChanges, rule, fixedBytes,
};

// Look-alikes (UTS #39).
const prototype: string = skeleton("p\u0430ypal");
const lookAlike: boolean = areConfusable("p\u0430ypal", "paypal");
const found: ScriptsResult = scripts("p\u0430ypal");
const level: RestrictionLevel = found.level;
const first: CharScriptsInfo = found.chars[0];
const codes: string[] = [...found.resolved, ...first.scripts, ...found.used];
const single: boolean = found.singleScript;
const flagged: SanitizeChange | undefined = sanitize("p\u0430ypal", { confusables: "flag" }).changes[0];
const severity: "medium" | "high" | undefined = flagged?.severity;
const flaggedScripts: string[] | undefined = flagged?.scripts;
// @ts-expect-error a restriction level is one of UTS #39's six
const badLevel: RestrictionLevel = "strict";
// @ts-expect-error the option is "flag" or "ignore"
sanitize("x", { confusables: "remove" });
// @ts-expect-error skeleton takes a string
skeleton(5);
