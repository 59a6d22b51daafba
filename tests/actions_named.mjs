// The actions the page names, as TypeScript's checker reads them: every string literal of
// the page's files whose type is fixed by protocol.js's `Actions` (its contextual type is
// `keyof Actions`, or a type parameter bound by it: the action of ask(), request(), send(),
// callPython()).  No regular expression over the sources: a call the checker types is
// found however it is written.  Prints JSON {action: ["file:line", ...]} for
// tests/test_typescript.py.
//
//   node actions_named.mjs TSC_JS ACTIONS_JSON CONFIG...
//
// TSC_JS: the pinned typescript's lib/tsc.js ($NPUZZLE_TSC; its lib/typescript.js is the
// compiler's API); ACTIONS_JSON: the map's keys, as a JSON list; CONFIG: tsconfig files.
import { createRequire } from "node:module";
import path from "node:path";

const [tscScript, actionsJson, ...configs] = process.argv.slice(2);
const ts = createRequire(import.meta.url)(path.resolve(path.dirname(tscScript), "typescript.js"));
const actions = new Set(JSON.parse(actionsJson));

/** Whether a type is the map's keys: their union, or a type parameter bound by it. */
function isActionType(checker, type) {
  const bound = type.isTypeParameter() ? checker.getBaseConstraintOfType(type) : type;
  if (!bound) return false;
  const members = bound.isUnion() ? bound.types : [bound];
  return members.length === actions.size && members.every((t) => t.isStringLiteral() && actions.has(t.value));
}

const named = {};
for (const config of configs) {
  const read = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(read.fileNames, read.options);
  const checker = program.getTypeChecker();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !read.fileNames.includes(file.fileName)) continue;
    const visit = (node) => {
      // Only a literal spelling an action can be one: the checker refuses any other string
      // where `Actions` types it (tests/test_typescript.py's planted names), and asking for
      // the contextual type of each of the page's thousands of strings takes a minute.
      if (ts.isStringLiteralLike(node) && actions.has(node.text)) {
        // the type the call asks for, before it is inferred from this very literal
        const context = checker.getContextualType(node, ts.ContextFlags.IgnoreNodeInferences);
        if (context && isActionType(checker, context)) {
          const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          (named[node.text] ??= []).push(`${path.basename(file.fileName)}:${line}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
}
console.log(JSON.stringify(named));
