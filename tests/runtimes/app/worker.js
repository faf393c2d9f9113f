// The Web Worker of the consumer app: the same checks, posted to the page.
import * as lib from "LIB";
import * as text from "TEXT";
import * as detect from "DETECT";
import { runChecks } from "./checks.js";

postMessage(runChecks(lib, text, detect));
