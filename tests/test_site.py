"""The built site (dist/) as a web server sees it."""

from __future__ import annotations

import json
import stat

from web_fixtures import ensure_site


def test_every_file_is_readable_by_others():
    site = ensure_site()
    modes = {p.relative_to(site).as_posix(): stat.S_IMODE(p.stat().st_mode) for p in [site, *site.rglob("*")]}
    wrong = {name: oct(mode) for name, mode in modes.items() if mode != (0o755 if (site / name).is_dir() else 0o644)}
    assert not wrong
    manifest = json.loads((site / "manifest.json").read_text())
    assert any(name.endswith(".whl") for name in modes) and manifest["wheel"] in modes


def test_the_manifest_names_every_database_it_serves():
    site = ensure_site()
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["databases"] == "ready"
    assert sorted(manifest["pdb"]) == ["5x5-a", "5x5-b", "5x5-c", "5x5-d", "5x5-e", "corner6", "ring6"]
    for entry in manifest["pdb"].values():
        assert (site / entry["url"]).stat().st_size == entry["bytes"]
