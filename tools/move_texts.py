"""One-off: move the page's texts into web/languages/<lang>.json (see move_texts.mjs):
read the English the markup carries (index.html, the lab's), then let move_texts.mjs add
the register() calls' texts and delete the calls.  Run from the repository's root."""

import json
import re
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "area", "base", "wbr", "track"}


class Markup(HTMLParser):
    """{key: English} of the elements with data-i18n (their text) and data-i18n-<attribute>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts, self.open = {}, []  # open: [tag, key or None, text so far]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for attribute in ("aria-label", "title", "placeholder"):
            if f"data-i18n-{attribute}" in attrs:
                self.put(attrs[f"data-i18n-{attribute}"], attrs.get(attribute) or "")
        if tag not in VOID:
            self.open.append([tag, attrs.get("data-i18n"), ""])

    def handle_endtag(self, tag):
        while self.open:
            name, key, text = self.open.pop()
            if key:
                self.put(key, text)
            if self.open:
                self.open[-1][2] += text
            if name == tag:
                break

    def handle_data(self, data):
        if self.open:
            self.open[-1][2] += data

    def put(self, key, text):
        if self.texts.get(key, text) != text:
            sys.exit(f"{key}: two English texts, {self.texts[key]!r} and {text!r}")
        self.texts[key] = text


lab = subprocess.run(
    ["node", "--input-type=module", "-e", 'import { MARKUP } from "./web/lab_markup.js"; process.stdout.write(MARKUP);'],
    capture_output=True, text=True, check=True,
).stdout
reader = Markup()
reader.feed(Path("web/index.html").read_text() + lab)
with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
    json.dump(reader.texts, f)
    f.flush()
    subprocess.run(["node", "tools/move_texts.mjs", f.name], check=True)


# Then the markup keeps its keys only: the build writes index.html's English from en.json
# (builder/codegen.py's page_markup), and translate() fills the lab's when it is built.
def strip(text: str) -> str:
    text = re.sub(r'(<(\w+)\b[^>]*\bdata-i18n="[^"]+"[^>]*>)([^<]*)(</\2>)', r"\1\4", text)
    return re.sub(r'\s(aria-label|title)="[^"$]*"(?=[^>]*\bdata-i18n-\1=)', "", text)


for name in ("web/index.html", "web/lab_markup.js", "web/lab_game.js", "web/lab_study.js", "web/lab_run.js"):
    Path(name).write_text(strip(Path(name).read_text()))
