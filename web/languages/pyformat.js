// Python's way of writing values, for the package's message templates (npuzzle.catalogue):
// repr() of a string, and str.format with the fields the templates use.  rules.js words
// its errors with it from shared.js's English, i18n.js the catalogue's other languages.

// Characters Python's repr() escapes: str.isprintable() is false for them (a space is printable).
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** A string as Python's repr() writes it, so messages quote input as the package's do. */
export function pyRepr(text) {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escapes = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", [q]: `\\${q}` };
  let out = q;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch in escapes) out += escapes[ch];
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      const [prefix, digits] = code < 0x100 ? ["x", 2] : code < 0x10000 ? ["u", 4] : ["U", 8];
      out += `\\${prefix}${code.toString(16).padStart(digits, "0")}`;
    } else out += ch;
  }
  return out + q;
}

/** Python's str.format for the fields our templates use: {name}, {name!r}, {name:g},
 *  {name:.3g}, {name:.2f}. */
export function format(template, params) {
  return template.replace(
    /\{([a-zA-Z_][a-zA-Z0-9_]*)(!r)?(?::(?:\.(\d+))?([fg]))?\}/g,
    (_, name, repr, digits, kind) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no value for {${name}}`);
      if (repr) return typeof value === "string" ? pyRepr(value) : String(value);
      if (kind === "f" && typeof value === "number") return value.toFixed(digits === undefined ? 6 : Number(digits));
      if (kind === "g" && typeof value === "number")
        return formatG(value, digits === undefined ? 6 : Math.max(1, Number(digits)));
      return String(value);
    },
  );
}

/** Python's format(x, ".{p}g"): p significant digits, exponent form outside 1e-4..10**p,
 *  trailing zeros dropped. */
function formatG(x, p = 6) {
  if (x === 0) return "0";
  const [mant, e] = x.toExponential(p - 1).split("e");
  const n = Number(e);
  const trim = (s) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
  if (n < -4 || n >= p) return `${trim(mant)}e${n < 0 ? "-" : "+"}${String(Math.abs(n)).padStart(2, "0")}`;
  return trim(x.toFixed(Math.max(0, p - 1 - n)));
}
