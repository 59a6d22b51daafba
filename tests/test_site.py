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
    # the strongest 4x4 tables too where the build found them (docs/page.md), listed as such
    strong = manifest.get("strong", {}).get("names", [])
    assert strong in ([], ["half7h", "half8"])
    assert sorted(manifest["pdb"]) == sorted(["5x5-a", "5x5-b", "5x5-c", "5x5-d", "5x5-e", "corner6", "ring6", *strong])
    for entry in manifest["pdb"].values():
        assert (site / entry["url"]).stat().st_size == entry["bytes"]
    if strong:  # gzipped: the download's bytes, and the size unpacked
        entries = [manifest["pdb"][name] for name in strong]
        assert all(entry["gzip"] and entry["size"] > entry["bytes"] for entry in entries)
        assert manifest["strong"]["bytes"] == sum(entry["bytes"] for entry in entries)
        assert manifest["strong"]["size"] == sum(entry["size"] for entry in entries)
