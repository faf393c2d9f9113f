// The Node app the Node-target bundles are built from: the checks, printed as one JSON line.
import * as lib from "LIB";
import * as text from "TEXT";
import * as detect from "DETECT";
import { runChecks } from "./checks.js";

console.log(`RESULT ${JSON.stringify(runChecks(lib, text, detect))}`);
