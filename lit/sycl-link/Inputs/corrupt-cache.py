#!/usr/bin/env python3
"""Corrupts every entry of a code cache directory (code-cache.test), in
turn: truncated to half, one bit flipped in the middle, emptied, cut by its
last byte, the key's byte flipped."""
import os
import sys

entries = sorted(
    os.path.join(d, f)
    for d, _, files in os.walk(os.path.join(sys.argv[1], "entries"))
    for f in files
)
assert entries, "no entries"
for i, path in enumerate(entries):
    data = bytearray(open(path, "rb").read())
    kind = i % 5
    if kind == 0:
        data = data[: len(data) // 2]
    elif kind == 1:
        data[len(data) // 2] ^= 0x04
    elif kind == 2:
        data = b""
    elif kind == 3:
        data = data[:-1]
    else:
        data[20] ^= 0x80
    open(path, "wb").write(bytes(data))
print(f"corrupted {len(entries)} entries")
