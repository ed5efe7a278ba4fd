#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes reference-dhash.json: each picture's 64-bit difference hash as PyPI's ImageHash computes it
(imagehash.dhash, hash_size 8), the reference BurstLooksTests checks CardStack's hashes against.

Run it with ImageHash installed (python3 -m venv /tmp/ih && /tmp/ih/bin/pip install imagehash):
    /tmp/ih/bin/python Tests/BurstFrames/reference_dhash.py
"""
import json
import pathlib

import imagehash
from PIL import Image

folder = pathlib.Path(__file__).resolve().parent
hashes = {path.name: str(imagehash.dhash(Image.open(path))) for path in sorted(folder.glob("*.jpg"))}
hashes["_version"] = "ImageHash " + imagehash.__version__
(folder / "reference-dhash.json").write_text(json.dumps(hashes, indent=2, sort_keys=True) + "\n")
