#!/usr/bin/env python3
"""Writes the SYCLBIN inside an LLVM offload binary of version 1 or 2 (the
runtime's ext_oneapi_get_content() writes version 2) to OUT, for
`syclbin dump` builds that read only version 1.

  unwrap.py IN OUT     exit 1 with a message when IN is not such a file
"""
import struct
import sys


def main():
    data = open(sys.argv[1], "rb").read()
    if data[:4] != b"\x10\xff\x10\xad":
        sys.exit(f"unwrap: {sys.argv[1]}: not an offload binary")
    version, = struct.unpack_from("<I", data, 4)
    if version == 1:
        # v1: header of 32 bytes, one entry at entry offset.
        entry_offset, = struct.unpack_from("<Q", data, 16)
    elif version == 2:
        # v2: magic, version, size, entries offset, entries count.
        entry_offset, count = struct.unpack_from("<QQ", data, 16)
        if count != 1:
            sys.exit(f"unwrap: {sys.argv[1]}: {count} entries, expected 1")
    else:
        sys.exit(f"unwrap: {sys.argv[1]}: unknown version {version}")
    kind, _, _, _, _, image_offset, image_size = struct.unpack_from("<HHIQQQQ", data, entry_offset)
    if kind != 7:
        sys.exit(f"unwrap: {sys.argv[1]}: image kind {kind}, not SYCLBIN (7)")
    if image_offset + image_size > len(data):
        sys.exit(f"unwrap: {sys.argv[1]}: image outside the file")
    open(sys.argv[2], "wb").write(data[image_offset:image_offset + image_size])


if __name__ == "__main__":
    main()
