#!/usr/bin/env python3
"""Linked device IR to SPIR-V, ours against LLVM's own tools (issue 18).

    bench/codegen-bench.py pack [--kernels 1000 4000] [--no-real] [--real ggml,dpnp]
                                [--base DIR]
        here (needs LLVM 22's tools): bench/out/codegen/pkg.tar.xz gets the
        stripped sycl-post-link, syclbin and sycl-link, LLVM 22's llvm-split
        and llc, libLLVM.so.22.1 and their other non-libc libraries, and the
        inputs: generated modules of KERNELS kernels (../shared/bench/
        gen-module.py, 20 kernels per source) and real device code
        (../shared/bench/real: llama.cpp's ggml_sycl as "ggml", dpnp's ten
        libraries as "dpnp", tensor_impl as "tensor"; --real picks them,
        default ggml) with the translator's !spirv.Decorations dropped;
        each also as a copy whose
        "sycl-module-id" attribute is named "module-id", which llvm-split's
        per-source mode reads.
    bench/codegen-bench.py run [--reps N] [--other-reps M] [--jobs P] [--inputs k1000,...]
                               [--modes source,kernel] [--rows 0,1,2,...]
                               [--work DIR] [--pkg TAR]
        anywhere (with bench/out/codegen carried; from the repository root):
        unpacks the package and, on each input and split mode, in one run:
          anchor  llvm-split --split-by-category=module-id|kernel, then
                  llc -mtriple=spirv64-unknown-unknown -filetype=obj per
                  image with xargs -P<jobs> (DPC++'s SPIR-V extensions
                  allowed, as ours)
          ours    sycl-post-link -split=source|kernel -symbols -properties
                  -emit-param-info -emit-kernel-names, then syclbin create
                  --table (SPIR-V compiled by worker processes and validated)
          link    sycl-link --sycl-module-split-mode=source|kernel (the
                  split streams images into code generation)
          steps   sycl-link's own steps (its -v): sycl-post-link with the
                  SYCLBIN-mode options sycl-link uses (imports of what
                  the link does not define, native spec constants, ...),
                  then syclbin create; the baseline of "sycl-link within
                  10%"
          base-*  sycl-link and its steps from another build (pack --base)
          pieces off / force, -O0: sycl-link and ours with every image
                  compiled in one piece (--codegen-pieces=off), with every
                  image of two functions or more in pieces (force), and
                  with the back end at -O0 (--codegen-opt-level=0)
        and prints wall time (median of N runs, min-max; M runs for every
        row but sycl-link's own, default N), the CPU time of all the run's
        processes (user + system, median), that CPU time divided by the
        cores (the floor of the run's wall time) and the wall time's ratio
        to it, the peak of the
        resident memory of all the run's processes together (sampled every
        20 ms; the highest over the runs), the same as proportional set size
        (libLLVM's shared pages counted once; "-" where /proc has no
        smaps_rollup) and time ratios to the anchor.
        Outputs go to DIR (default /dev/shm, else the temporary directory).

Not a test: figures only.
"""

import argparse
import os
import resource
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "bench", "out", "codegen")
SHARED = os.environ.get("SPL_SHARED", os.path.join(REPO, "..", "shared"))
OURS = ["sycl-post-link", "syclbin", "sycl-link"]
LLVM_TOOLS = {"llvm-split": "llvm-split-22", "llc": "llc-22"}
LIBC = ("libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux")


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def extension_list():
    """DPC++'s list as this build has it (spirv/src/lib.rs DPCPP_EXTENSIONS)."""
    text = open(os.path.join(REPO, "spirv", "src", "lib.rs")).read()
    body = text[text.index("pub const DPCPP_EXTENSIONS"):]
    body = body[: body.index("];")]
    return re.findall(r'"(SPV_[A-Za-z0-9_]+)"', body)


def pack(args):
    pkg = os.path.join(OUT, "pkg")
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(os.path.join(pkg, "bin"))
    os.makedirs(os.path.join(pkg, "lib"))
    os.makedirs(os.path.join(pkg, "in"))
    binaries = []
    for b in OURS:
        src = os.path.join(REPO, "target", "release", b)
        dst = os.path.join(pkg, "bin", b)
        shutil.copy(src, dst)
        binaries.append(dst)
        if args.base:
            dst = os.path.join(pkg, "bin", "base-" + b)
            shutil.copy(os.path.join(args.base, b), dst)
            binaries.append(dst)
    for name, tool in LLVM_TOOLS.items():
        dst = os.path.join(pkg, "bin", name)
        shutil.copy(shutil.which(tool), dst)
        binaries.append(dst)
    for b in binaries:
        sh(f"strip '{b}'")
        ldd = subprocess.run(["ldd", b], capture_output=True, text=True).stdout
        for lib in re.findall(r"=> (/\S+)", ldd):
            if not os.path.basename(lib).startswith(LIBC) and not os.path.realpath(lib).startswith(pkg):
                shutil.copy(os.path.realpath(lib), os.path.join(pkg, "lib", os.path.basename(lib)))
    with open(os.path.join(pkg, "extensions.txt"), "w") as f:
        f.write(",".join("+" + e for e in extension_list()) + "\n")
    gen = os.path.join(SHARED, "bench", "gen-module.py")
    for k in args.kernels:
        ll = os.path.join(pkg, "in", f"k{k}.ll")
        sh(f"python3 '{gen}' --kernels {k} --sources {max(1, k // 20)} > '{ll}'")
        sh(f"llvm-as-22 '{ll}' -o '{pkg}/in/k{k}.bc'")
        sh(f"sed 's/\"sycl-module-id\"/\"module-id\"/' '{ll}' | llvm-as-22 -o '{pkg}/in/k{k}.anchor.bc'")
        os.remove(ll)
    real_inputs = {"ggml": "ggml_sycl", "dpnp": "dpnp_all", "tensor": "tensor_impl"}
    for name in ([] if args.no_real else args.real.split(",")):
        real = os.path.join(SHARED, "bench", "real", f"{real_inputs[name]}.restored.bc.xz")
        ll = os.path.join(pkg, "in", f"{name}.ll")
        sh(f"xz -dc '{real}' | llvm-dis-22 -o - | sed -E 's/, !spirv.Decorations ![0-9]+//g' > '{ll}'")
        sh(f"llvm-as-22 '{ll}' -o '{pkg}/in/{name}.bc'")
        sh(f"sed 's/\"sycl-module-id\"/\"module-id\"/' '{ll}' | llvm-as-22 -o '{pkg}/in/{name}.anchor.bc'")
        os.remove(ll)
    sh(f"tar -C '{OUT}' -cJf '{OUT}/pkg.tar.xz' pkg")
    shutil.rmtree(pkg)
    sh(f"du -sh '{OUT}/pkg.tar.xz'")


class PeakSampler:
    """Peak of the summed resident memory of every process in a session."""

    def __init__(self, sid):
        self.sid = sid
        self.peak = 0
        # Proportional set size: shared pages (libLLVM's) counted once; None
        # where the system does not give it.
        self.pss = 0 if os.path.exists("/proc/self/smaps_rollup") else None
        self.stop = False
        self.page = os.sysconf("SC_PAGE_SIZE")
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def sample(self):
        total = 0
        pss = 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat") as f:
                    stat = f.read()
                fields = stat[stat.rindex(")") + 2:].split()
                if int(fields[3]) != self.sid:
                    continue
                with open(f"/proc/{pid}/statm") as f:
                    total += int(f.read().split()[1]) * self.page
                if self.pss is not None:
                    with open(f"/proc/{pid}/smaps_rollup") as f:
                        pss += next(int(line.split()[1]) * 1024 for line in f if line.startswith("Pss:"))
            except (OSError, ValueError, IndexError, StopIteration):
                continue
        self.peak = max(self.peak, total)
        if self.pss is not None:
            self.pss = max(self.pss, pss)

    def run(self):
        while not self.stop:
            self.sample()
            time.sleep(0.02)

    def finish(self):
        self.stop = True
        self.thread.join()
        return self.peak, self.pss


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(cmd, env):
    cpu0 = children_cpu()
    start = time.monotonic()
    p = subprocess.Popen(["sh", "-c", cmd], env=env, start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sampler = PeakSampler(p.pid)
    _, err = p.communicate()
    wall = time.monotonic() - start
    peak = sampler.finish()
    if p.returncode != 0:
        sys.exit(f"codegen-bench: failed ({p.returncode}): {cmd}\n{err.decode(errors='replace')}")
    return wall, children_cpu() - cpu0, peak


def run(args):
    work = tempfile.mkdtemp(prefix="codegen-bench-")
    outs = tempfile.mkdtemp(prefix="codegen-out-", dir=args.work)
    with tarfile.open(args.pkg) as t:
        t.extractall(work)
    pkg = os.path.join(work, "pkg")
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.path.join(pkg, "lib")
    env["PATH"] = os.path.join(pkg, "bin") + os.pathsep + env.get("PATH", "")
    # Every run compiles: the code cache (on by default in sycl-link and
    # syclbin create) would turn every repetition after the first into hits.
    # bench/relink-bench.py measures the cache.
    env["SPL_NO_CACHE"] = "1"
    exts = open(os.path.join(pkg, "extensions.txt")).read().strip()
    jobs = args.jobs or os.cpu_count()
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print(f"machine: {os.cpu_count()} CPUs, {cpu}; anchor runs llc with xargs -P{jobs}; outputs in {outs}")
    print(f"runs: {args.reps} per row; wall = median (min-max); peak = highest of the runs, all processes summed")
    inputs = [i for i in args.inputs.split(",") if os.path.exists(os.path.join(pkg, "in", f"{i}.bc"))]
    cores = os.cpu_count() or 1
    header = (f"{'input':<7} {'mode':<7} {'tool':<30} {'images':>6} {'wall_s':>8} {'(min-max)':>15} {'cpu_s':>7}"
              f" {'cpu/cores':>9} {'wall/floor':>10} {'peak_MiB':>9} {'pss_MiB':>8} {'vs_anchor':>9}")
    print(header)
    for inp in inputs:
        bc = os.path.join(pkg, "in", f"{inp}.bc")
        anchor_bc = os.path.join(pkg, "in", f"{inp}.anchor.bc")
        for mode in args.modes.split(","):
            d = os.path.join(outs, f"{inp}-{mode}")
            category = "module-id" if mode == "source" else "kernel"
            # sycl-link's own steps (its -v): the same post-link options.
            steps = ("-symbols -properties -spec-const=native -emit-param-info -emit-kernel-names"
                     " -emit-exported-symbols -emit-imported-symbols -device-globals"
                     " -import-undefined-externals")
            rows = [
                (f"llvm-split + llc -P{jobs}",
                 f"rm -rf {d} && mkdir -p {d} && llvm-split --split-by-category={category} -o {d}/p {anchor_bc}"
                 f" && ls {d}/p* | xargs -P{jobs} -I{{}} llc -mtriple=spirv64-unknown-unknown -filetype=obj"
                 f" -spirv-ext={exts} {{}} -o {{}}.spv",
                 lambda: len([f for f in os.listdir(d) if f.endswith(".spv")])),
                ("sycl-post-link + syclbin create",
                 f"rm -rf {d} && mkdir -p {d} && sycl-post-link -split={mode} -symbols -properties -emit-param-info"
                 f" -emit-kernel-names -o {d}/t.table {bc} && syclbin create --table={d}/t.table -o {d}/out.syclbin",
                 lambda: len([f for f in os.listdir(d) if f.endswith(".bc")])),
                ("sycl-link",
                 f"rm -rf {d} && mkdir -p {d} && sycl-link --sycl-module-split-mode={mode} {bc} -o {d}/l.syclbin",
                 None),
                ("sycl-link's steps (post-link+create)",
                 f"rm -rf {d} && mkdir -p {d} && sycl-post-link -split={mode} {steps} -o {d}/t.table {bc}"
                 f" && syclbin create --state=input --table={d}/t.table -o {d}/s.syclbin",
                 None),
                ("sycl-link pieces off",
                 f"rm -rf {d} && mkdir -p {d} && sycl-link --codegen-pieces=off --sycl-module-split-mode={mode} {bc}"
                 f" -o {d}/l.syclbin",
                 None),
                ("sycl-link pieces force",
                 f"rm -rf {d} && mkdir -p {d} && sycl-link --codegen-pieces=force --sycl-module-split-mode={mode} {bc}"
                 f" -o {d}/l.syclbin",
                 None),
                ("sycl-link -O0",
                 f"rm -rf {d} && mkdir -p {d} && sycl-link --codegen-opt-level=0 --sycl-module-split-mode={mode} {bc}"
                 f" -o {d}/l.syclbin",
                 None),
                ("base sycl-link",
                 f"rm -rf {d} && mkdir -p {d} && base-sycl-link --sycl-module-split-mode={mode} {bc} -o {d}/l.syclbin",
                 None),
                ("base sycl-link's steps",
                 f"rm -rf {d} && mkdir -p {d} && base-sycl-post-link -split={mode} {steps} -o {d}/t.table {bc}"
                 f" && base-syclbin create --state=input --table={d}/t.table -o {d}/s.syclbin",
                 None),
            ]
            have_base = os.path.exists(os.path.join(pkg, "bin", "base-sycl-link"))
            rows = [r for i, r in enumerate(rows) if (args.rows is None or str(i) in args.rows.split(","))
                    and (have_base or not r[0].startswith("base"))]
            for v in (args.pieces.split(";") if args.pieces else []):
                rows.append((f"sycl-link pieces {v}",
                             f"rm -rf {d} && mkdir -p {d} && sycl-link --codegen-pieces={v}"
                             f" --sycl-module-split-mode={mode} {bc} -o {d}/l.syclbin",
                             None))
            anchor_median = None
            images = None
            for name, cmd, count in rows:
                walls, cpus, peaks, psss = [], [], [], []
                reps = args.reps if name == "sycl-link" else (args.other_reps or args.reps)
                for _ in range(reps):
                    w, c, (p, pss) = measure(cmd, env)
                    walls.append(w)
                    cpus.append(c)
                    peaks.append(p)
                    psss.append(pss)
                    if count is not None:
                        images = count()
                med = statistics.median(walls)
                if anchor_median is None:
                    anchor_median = med
                ratio = anchor_median / med
                floor = statistics.median(cpus) / cores
                print(f"{inp:<7} {mode:<7} {name:<30} {images if images is not None else '':>6} {med:8.2f}"
                      f" {f'({min(walls):.2f}-{max(walls):.2f})':>15} {statistics.median(cpus):7.1f}"
                      f" {floor:9.2f} {med / floor if floor else 0:9.2f}x"
                      f" {max(peaks) / 2**20:9.0f}"
                      f" {(f'{max(psss) / 2**20:.0f}' if None not in psss else '-'):>8} {ratio:8.2f}x",
                      flush=True)
            shutil.rmtree(d, ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(outs, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--kernels", type=int, nargs="*", default=[1000, 4000])
    p.add_argument("--no-real", action="store_true")
    p.add_argument("--real", default="ggml", help="real inputs, comma-separated: ggml, dpnp, tensor")
    p.add_argument("--base", help="directory of another build's sycl-post-link, syclbin and sycl-link (base-* rows)")
    r = sub.add_parser("run")
    r.add_argument("--pkg", default=os.path.join(OUT, "pkg.tar.xz"), help="the package (default: pack's)")
    r.add_argument("--reps", type=int, default=3)
    r.add_argument("--other-reps", type=int, default=0, help="runs of every row but sycl-link's (default --reps)")
    r.add_argument("--jobs", type=int, default=0)
    r.add_argument("--inputs", default="k1000,k4000,ggml")
    r.add_argument("--modes", default="source,kernel")
    r.add_argument("--pieces", help="more sycl-link rows, one per --codegen-pieces value, separated by ';'"
                   " (e.g. 'auto;0,200,256')")
    r.add_argument("--rows", help="rows to run, by number: 0 anchor, 1 ours, 2 sycl-link, 3 sycl-link's steps,"
                   " 4 sycl-link pieces off, 5 pieces force, 6 -O0, 7 base sycl-link, 8 base steps (default: all;"
                   " the first run is the ratios' reference)")
    r.add_argument("--work", default="/dev/shm" if os.path.isdir("/dev/shm") else None)
    a = ap.parse_args()
    pack(a) if a.cmd == "pack" else run(a)


if __name__ == "__main__":
    main()
