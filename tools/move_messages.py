"""One-off: move the package's translations (npuzzle/catalogue/entries.py's second text of
each entry) into the page's catalogue of their language, web/languages/zh.json, under
"npuzzle.<code>" with {name} fields only; entries.py keeps the English.  Run from the
repository's root."""

import ast
import json
from pathlib import Path

from npuzzle.catalogue import CATALOGUE, plain

source = Path("npuzzle/catalogue/entries.py")
text = source.read_text()
lines = text.splitlines(keepends=True)
offsets = [0]
for line in lines:
    offsets.append(offsets[-1] + len(line))


def at(line: int, col: int) -> int:
    return offsets[line - 1] + len(lines[line - 1].encode()[:col].decode())


tree = ast.parse(text)
table = next(n for n in ast.walk(tree) if isinstance(n, ast.Dict))
edits = []
for value in table.values:
    english = value.elts[0]
    start, end = at(value.lineno, value.col_offset), at(value.end_lineno, value.end_col_offset)
    first = text[at(english.lineno, english.col_offset) : at(english.end_lineno, english.end_col_offset)]
    edits.append((start, end, first if english.lineno == english.end_lineno else f"(\n        {first}\n    )"))
for start, end, new in reversed(edits):
    text = text[:start] + new + text[end:]
source.write_text(text)

page = Path("web/languages/zh.json")
texts = json.loads(page.read_text())
texts.update({f"npuzzle.{code}": plain(zh) for code, (_, zh) in CATALOGUE.items()})
page.write_text(json.dumps(dict(sorted(texts.items())), ensure_ascii=False, indent=1) + "\n")
