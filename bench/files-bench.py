#!/usr/bin/env python3
"""Writing the files: what a many-image split costs in the file system.

Runs `sycl-post-link -symbols -properties` (three files an image: IR, .sym,
.prop) on dpnp's `tensor_impl` per kernel (../shared/bench/real, 4,642
images) and on a generated 4,000-kernel module per kernel and per source,
writing into each directory given (default: bench/out/files on the disk
and /dev/shm), and prints wall, user and system time (median of --runs,
with the spread) side by side for this build and --base. Two cases per
directory: "fresh" (a new output directory per run; all are removed after
the case) and "rerun" (the previous run's files are there and get
replaced). The builds
take turns run by run, so that both see the same state of the file
system. `--llvm-split` adds one run of `llvm-split-22` writing the same
images (one file each, per kernel and per module id) into each directory.

    bench/files-bench.py [--bin BIN] [--base BIN] [--dir DIR ...] [--runs N]
                         [--threads T] [--llvm-split]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SPL_SHARED", os.path.join(ROOT, "..", "shared"))
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
WORK = os.path.join(ROOT, "bench", "out", "files-inputs")


def inputs():
    """The input bitcode files (unpacked or generated once)."""
    os.makedirs(WORK, exist_ok=True)
    tensor = os.path.join(WORK, "tensor_impl.bc")
    if not os.path.exists(tensor):
        with open(tensor, "wb") as f:
            subprocess.run(["xz", "-dc", os.path.join(SHARED, "bench/real/tensor_impl.restored.bc.xz")],
                           stdout=f, check=True)
    gen = os.path.join(WORK, "gen4000.bc")
    if not os.path.exists(gen):
        ll = subprocess.run([sys.executable, os.path.join(SHARED, "bench/gen-module.py"), "--kernels", "4000"],
                            stdout=subprocess.PIPE, check=True).stdout
        subprocess.run([LLVM_BIN + "/llvm-as", "-o", gen, "-"], input=ll, check=True)
    return tensor, gen


def module_id_copy(bc):
    """`bc` with its `sycl-module-id` attributes named `module-id` (for llvm-split)."""
    out = bc[:-3] + "-module-id.bc"
    if not os.path.exists(out):
        text = subprocess.run([LLVM_BIN + "/llvm-dis", "-o", "-", bc], stdout=subprocess.PIPE, check=True).stdout
        text = text.replace(b'"sycl-module-id"', b'"module-id"')
        subprocess.run([LLVM_BIN + "/llvm-as", "-o", out, "-"], input=text, check=True)
    return out


def timed(cmd, env):
    """Runs `cmd`; returns (wall, user, sys) seconds."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: " + " ".join(cmd))
    return wall, ru.ru_utime, ru.ru_stime


def fmt(values):
    med = statistics.median(values)
    if len(values) > 1:
        return "%6.2f (%5.2f-%5.2f)" % (med, min(values), max(values))
    return "%6.2f              " % med


def fs_type(d):
    """The file system of `d` as /proc/mounts names it (longest mount prefix)."""
    d = os.path.realpath(d)
    best = ("", "?", "")
    with open("/proc/mounts") as f:
        for line in f:
            dev, mnt, kind = line.split()[:3]
            if (d == mnt or d.startswith(mnt.rstrip("/") + "/")) and len(mnt) > len(best[0]):
                best = (mnt, kind, dev)
    _, kind, dev = best
    if kind == "ext4":
        # ext4 without a journal scans recently deleted inodes at every
        # create (bench/HISTORY.md): say which one this is.
        journals = os.listdir("/proc/fs/jbd2") if os.path.isdir("/proc/fs/jbd2") else []
        has = any(j.startswith(os.path.basename(dev) + "-") for j in journals)
        kind += "" if has else "-nojournal"
    return kind


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/sycl-post-link"))
    ap.add_argument("--base", help="another sycl-post-link, run beside this one")
    ap.add_argument("--dir", action="append", default=[], help="where to write (repeatable)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--llvm-split", action="store_true")
    ap.add_argument("--only", help="run only the cases whose name contains this")
    a = ap.parse_args()
    dirs = a.dir or [os.path.join(ROOT, "bench/out/files"), "/dev/shm"]
    tensor, gen = inputs()
    cases = [("tensor_impl per kernel", tensor, "kernel"),
             ("4000 kernels per kernel", gen, "kernel"),
             ("4000 kernels per source", gen, "source")]
    if a.only:
        cases = [c for c in cases if a.only in c[0]]
    builds = [("ours", a.bin)] + ([("base", a.base)] if a.base else [])
    env = dict(os.environ, SPL_THREADS=str(a.threads))
    print("%d run(s), SPL_THREADS=%d; seconds: median (min-max)" % (a.runs, a.threads))
    print("%-14s %-24s %-5s %-6s %6s %-22s %-22s %-22s" % (
        "fs", "input", "case", "build", "files", "wall", "user", "sys"))
    for d in dirs:
        kind = fs_type(d)
        for name, bc, mode in cases:
            for case in ("fresh", "rerun"):
                res = {b: [] for b, _ in builds}
                files = {}
                fresh_dirs = []
                for run in range(a.runs):
                    for b, binary in builds:
                        out = os.path.join(d, "spl-files-bench-" + b)
                        if case == "fresh":
                            # A new directory per run, all removed after the
                            # case: no run pays for the removal of another's
                            # files (see bench/HISTORY.md on ext4 without a
                            # journal).
                            out += "-%d" % run
                            fresh_dirs.append(out)
                            shutil.rmtree(out, ignore_errors=True)
                            os.makedirs(out)
                        elif not os.path.isdir(out) or not os.listdir(out):
                            # The files a rerun replaces.
                            os.makedirs(out, exist_ok=True)
                            timed([binary, "-split=" + mode, "-symbols", "-properties",
                                   "-o", out + "/out.table", bc], env)
                        res[b].append(timed([binary, "-split=" + mode, "-symbols", "-properties",
                                             "-o", out + "/out.table", bc], env))
                        files[b] = len(os.listdir(out))
                for f in fresh_dirs:
                    shutil.rmtree(f)
                for b, _ in builds:
                    r = res[b]
                    print("%-14s %-24s %-5s %-6s %6d %s %s %s" % (
                        kind, name, case, b, files[b], fmt([x[0] for x in r]),
                        fmt([x[1] for x in r]), fmt([x[2] for x in r])))
                    sys.stdout.flush()
            for b, _ in builds:
                shutil.rmtree(os.path.join(d, "spl-files-bench-" + b), ignore_errors=True)
        if a.llvm_split:
            for name, bc, mode in cases:
                cat = "kernel" if mode == "kernel" else "module-id"
                out = os.path.join(d, "spl-files-bench-llvm-split")
                shutil.rmtree(out, ignore_errors=True)
                os.makedirs(out)
                r = timed([LLVM_BIN + "/llvm-split", "--split-by-category=" + cat, "-o", out + "/l",
                           module_id_copy(bc)], env)
                print("%-14s %-24s %-5s %-6s %6d %s %s %s" % (
                    kind, name, "fresh", "llvm-split", len(os.listdir(out)), fmt([r[0]]), fmt([r[1]]),
                    fmt([r[2]])))
                sys.stdout.flush()
                shutil.rmtree(out)


if __name__ == "__main__":
    main()
