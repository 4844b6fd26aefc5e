#!/usr/bin/env python3
"""Intel's own device images of a DPC++-built library, as SYCLBIN files for
scripts/runtime-build-check.sh: the reference that our images of the same code
(../shared/bench/real/) must build wherever these do.

DPC++'s old offload model keeps a library's SPIR-V images one after another in
its `__CLANG_OFFLOAD_BUNDLE__sycl-spir64` section (dpnp 0.20.0 and cyllama-sycl
0.2.18 wheels: where ../shared/bench/real/ comes from). Each module is found by
its header and walked instruction by instruction to its end; its kernels are
its OpEntryPoint names. Each group of --group images becomes one
executable-state SYCLBIN (`syclbin create --image=<spv>,sym=<kernels>`).
Intel's property sets are not taken (they sit in the host code's
relocated descriptors): building needs none.

  bench/intel-images.py LIB.so... -o DIR [--group=N] [--tools=DIR]
"""
import argparse
import os
import struct
import subprocess
import sys

MAGIC = 0x07230203
OP_ENTRY_POINT = 15


def section(path, name):
    """The bytes of section `name` of ELF file `path` (64-bit little-endian)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"intel-images: error: {path}: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    def header(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
    strtab = header(shstrndx)
    for i in range(shnum):
        h = header(i)
        start = strtab[4] + h[0]
        sname = data[start:data.index(b"\0", start)].decode()
        if sname == name:
            return data[h[4]:h[4] + h[5]]
    return None


def modules(blob):
    """SPIR-V modules in `blob`, each walked from its header to its end."""
    words = len(blob) // 4
    w = lambda i: struct.unpack_from("<I", blob, 4 * i)[0]
    i = 0
    while i + 5 <= words:
        if w(i) != MAGIC:
            i += 1
            continue
        start, j = i, i + 5
        entries = []
        while j < words:
            if w(j) == MAGIC and j + 5 <= words and (w(j + 1) >> 16) == 1 and w(j + 4) == 0:
                break  # the next module's header
            count, op = w(j) >> 16, w(j) & 0xFFFF
            if count == 0 or j + count > words:
                break
            if op == OP_ENTRY_POINT:
                raw = blob[4 * (j + 3):4 * (j + count)]
                entries.append(raw[:raw.index(b"\0")].decode())
            j += count
        yield blob[4 * start:4 * j], entries
        i = j


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("libs", nargs="+")
    ap.add_argument("-o", dest="out", required=True)
    ap.add_argument("--group", type=int, default=1, help="images per SYCLBIN (default 1)")
    ap.add_argument("--tools", default=os.environ.get("SPL_TOOL_DIR", "target/release"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    images = []
    for lib in a.libs:
        blob = section(lib, "__CLANG_OFFLOAD_BUNDLE__sycl-spir64")
        if blob is None:
            sys.exit(f"intel-images: error: {lib}: no __CLANG_OFFLOAD_BUNDLE__sycl-spir64 section")
        stem = os.path.basename(lib).split(".")[0]
        for k, (spv, entries) in enumerate(modules(blob)):
            base = os.path.join(a.out, f"{stem}_{k}")
            with open(base + ".spv", "wb") as f:
                f.write(spv)
            with open(base + ".sym", "w") as f:
                f.write("".join(e + "\n" for e in entries))
            images.append(base)
    for g in range(0, len(images), a.group):
        part = images[g:g + a.group]
        name = os.path.join(a.out, f"intel_{g // a.group:05d}.syclbin")
        cmd = [os.path.join(a.tools, "syclbin"), "create", "--state=executable", "--no-validate", "-o", name]
        cmd += [f"--image={b}.spv,sym={b}.sym" for b in part]
        subprocess.run(cmd, check=True)
    print(f"intel-images: {len(images)} images in {(len(images) + a.group - 1) // a.group} SYCLBIN files under {a.out}")


if __name__ == "__main__":
    main()
