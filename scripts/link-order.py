#!/usr/bin/env python3
"""Regenerates tools/link-order.txt: the functions our tools run, in the
order the linker lays them out at the start of the code of a static build.

Why: with LLVM linked statically (SPL_LLVM_LINK=static, ir/build.rs) a tool
binary holds about 23 MiB of code, of which a run executes about 1.5 MiB
spread over the whole binary. The kernel maps file pages around every page
touched (fault-around, 64 KiB), so a split had about 15 MiB of code
resident. Laid out together (lld's --symbol-ordering-file, passed by
tools/build.rs), the same run has about 2 MiB resident. Only the layout
changes: the code and every output byte stay the same.

How: every tool runs on a set of inputs under valgrind's callgrind (with the
code-generation worker processes), and each function any run executed is
listed once, in the order first seen. Rust functions are left out: their
mangled names carry a hash that changes with every change to their crate,
and their code is small (under 1 MiB) and already kept together by crate.
A symbol the file names that a later build lacks is ignored by the linker,
so a stale file costs memory, never correctness: rerun this script when
LLVM or the pipeline changes much (the split bench's peak memory shows it).

usage: scripts/link-order.py   (after SPL_LLVM_LINK=static cargo build
       --release -p sycl-tools --bins --target-dir target/static)
needs: valgrind, objcopy; SPL_SHARED (default ../shared) for gen-module.py.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "target/static/release")
OUT = os.path.join(ROOT, "tools/link-order.txt")
TOOLS = ["sycl-post-link", "syclbin", "sycl-link", "sycl-module-split"]

# A Rust function's legacy-mangled name ends in a crate hash.
RUST_HASH = re.compile(r"17h[0-9a-f]{16}E(\.llvm\.\d+)?$")


def runs(tmp, bins):
    """The commands profiled: the split in every mode and at 1 and 2
    threads, the lowering passes on the lit suite's inputs, SYCLBIN packaging
    with its code-generation workers, and sycl-link."""
    shared = os.environ.get("SPL_SHARED", os.path.join(ROOT, "../shared"))
    gen = os.path.join(tmp, "gen.ll")
    with open(gen, "w") as f:
        subprocess.check_call([sys.executable, os.path.join(shared, "bench/gen-module.py"), "--kernels", "60"],
                              stdout=f)
    gen_bc = os.path.join(tmp, "gen.bc")
    subprocess.check_call(["llvm-as-22", gen, "-o", gen_bc])
    spl = bins["sycl-post-link"]
    cmds = []
    for mode in ["kernel", "source", "auto"]:
        for threads in ["1", "2"]:
            cmds.append([spl, "-j", threads, "-split=" + mode, "-symbols", "-properties", "-o", "@OUT@/t.table", gen_bc])
    cmds.append([spl, "-split=source", "-symbols", "-properties", "-emit-exported-symbols", "-S",
                 "-o", "@OUT@/t.table", os.path.join(ROOT, "examples/example.ll")])
    lit = os.path.join(ROOT, "lit")
    for sub, opts in [("spec-constants/emulation.ll", ["-spec-const=emulation"]),
                      ("spec-constants/multiple-usages.ll", ["-spec-const=native"]),
                      ("esimd/lower-esimd-pipeline.ll", ["-split-esimd", "-lower-esimd"]),
                      ("esimd/lower-esimd-mixed.ll", ["-split-esimd", "-lower-esimd"]),
                      ("device-globals/device-globals-set.ll", ["-split=source"])]:
        path = os.path.join(lit, sub)
        if os.path.exists(path):
            cmds.append([spl, "-symbols", "-properties"] + opts + ["-o", "@OUT@/t.table", path])
    cmds.append([spl, "-split=kernel", "-symbols", "-properties", "-o", "@OUT@/t.table", gen_bc])
    cmds.append([bins["syclbin"], "create", "--table=@OUT@/t.table", "-o", "@OUT@/a.syclbin"])
    cmds.append([bins["sycl-link"], "--module-split-mode=source", gen_bc, "-o", "@OUT@/b.syclbin"])
    return cmds


def main():
    for tool in TOOLS:
        if not os.path.exists(os.path.join(BUILD, tool)):
            sys.exit("link-order: error: %s/%s: not built (SPL_LLVM_LINK=static cargo build --release "
                     "-p sycl-tools --bins --target-dir target/static)" % (BUILD, tool))
    tmp = tempfile.mkdtemp(prefix="link-order-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 the build writes: profile
        # copies without debug information (the symbols stay).
        bins = {}
        for tool in TOOLS:
            bins[tool] = os.path.join(tmp, tool)
            subprocess.check_call(["objcopy", "--strip-debug", os.path.join(BUILD, tool), bins[tool]])
        out_dir = os.path.join(tmp, "out")
        os.mkdir(out_dir)
        names, seen = [], set()
        for i, cmd in enumerate(runs(tmp, bins)):
            cmd = [c.replace("@OUT@", out_dir) for c in cmd]
            prof = os.path.join(tmp, "cg.%d.%%p" % i)
            p = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--demangle=no",
                                "--callgrind-out-file=" + prof] + cmd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if p.returncode != 0:
                sys.exit("link-order: error: %s failed:\n%s" % (" ".join(cmd), p.stderr.decode()[-2000:]))
            for f in sorted(os.listdir(tmp)):
                if not f.startswith("cg.%d." % i):
                    continue
                with open(os.path.join(tmp, f), errors="replace") as prof_file:
                    for line in prof_file:
                        m = re.match(r"c?fn=\(\d+\) (\S+)", line)
                        if not m:
                            continue
                        name = m.group(1)
                        if name.startswith("0x") or "@" in name or RUST_HASH.search(name) or name in seen:
                            continue
                        seen.add(name)
                        names.append(name)
        with open(OUT, "w") as f:
            f.write("# The functions our tools run, laid out first by lld in a static build\n"
                    "# (--symbol-ordering-file, tools/build.rs). Generated by\n"
                    "# scripts/link-order.py; do not edit.\n")
            f.write("\n".join(names) + "\n")
        print("link-order: %d functions written to %s" % (len(names), os.path.relpath(OUT, ROOT)))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
