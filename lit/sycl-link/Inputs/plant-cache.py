#!/usr/bin/env python3
"""What another user with write access to a cache folder could do to it
(cache-attacks.test): `forge DIR` rewrites every entry's payload (300
random bytes for the largest, the SPIR-V's bytes flipped in the others)
and recomputes the old unkeyed SHA-256 at its end; `links DIR OUTSIDE`
points last-prune, stats and one entry folder at files and a folder
outside; `fifo DIR` replaces every entry by a FIFO."""
import hashlib
import os
import random
import sys

mode, cache = sys.argv[1], sys.argv[2]
entries = sorted(
    os.path.join(d, f)
    for d, _, files in os.walk(os.path.join(cache, "entries"))
    for f in files
    if not f.startswith(".tmp-")
)
assert entries, "no entries"
head = 16 + 32 + 8
if mode == "forge":
    largest = max(entries, key=os.path.getsize)
    rnd = random.Random(7)
    for path in entries:
        data = bytearray(open(path, "rb").read())
        body = bytearray(data[:-32])
        if path == largest:
            payload = bytes(rnd.randrange(256) for _ in range(300))
        else:
            payload = bytearray(body[head:])
            for i in range(8, len(payload), 97):
                payload[i] ^= 0x20
        body = body[:head - 8] + len(payload).to_bytes(8, "little") + bytes(payload)
        open(path, "wb").write(bytes(body) + hashlib.sha256(bytes(body)).digest())
    print(f"forged {len(entries)} entries")
elif mode == "links":
    outside = sys.argv[3]
    for name in ("last-prune", "stats"):
        p = os.path.join(cache, name)
        if os.path.lexists(p):
            os.remove(p)
        os.symlink(os.path.join(outside, "victim"), p)
    sub = os.path.dirname(entries[0])
    for f in os.listdir(sub):
        os.remove(os.path.join(sub, f))
    os.rmdir(sub)
    os.symlink(outside, sub)
    print("planted links")
elif mode == "fifo":
    for path in entries:
        os.remove(path)
        os.mkfifo(path)
    print(f"{len(entries)} FIFOs")
