#!/usr/bin/env python3
"""Split benchmark: our per-kernel and per-source split against LLVM 22's
llvm-split (--split-by-category=kernel / =module-id) on the same bitcode, in
one run, printing wall time, peak memory (max RSS) and the ratios; plus
llvm-dis of the input, the floor of reading and printing the module once.
With --runs N every command runs N times (interleaved, so that a noisy
machine slows all of them alike): the median is printed, with the spread
(min-max). With --base BIN another sycl-post-link build (the one before a
change) runs beside this one. Our commands run with -symbols -properties.
--locality P generates modules whose calls stay in the caller's source with
probability P (gen-module.py --locality). --input BC ... splits the given
bitcode files (the real modules of ../shared/bench/real, unpacked) instead
of generated ones, without llvm-split; a name ending in .xz is unpacked
into bench/out first.

usage: bench/split-bench.py [--bin SPL] [--kernels N ...] [--locality P] [--input BC ...]
                            [--modes kernel source] [--threads T ...]
                            [--runs N] [--base BIN] [--out-dir DIR]
                            [--skip-llvm-split]
env:   SPL_SHARED (default ../shared) locates bench/gen-module.py.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = "/usr/lib/llvm-22/bin"
SPL = os.path.join(ROOT, "target/release/sycl-post-link")


OUT_DIR = os.path.join(ROOT, "bench/out")


def run(cmd, env=None):
    """Runs cmd in a fresh output directory; returns (seconds, peak MiB, CPU seconds)."""
    out = tempfile.mkdtemp(prefix="splbench-", dir=OUT_DIR)
    cmd = [c.replace("@OUT@", out) for c in cmd]
    t0 = time.monotonic()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%U %S %M", "-o", out + ".rss"] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, err = p.communicate()
    dt = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit("bench: command failed: %s\n%s" % (" ".join(cmd), err.decode()[-2000:]))
    with open(out + ".rss") as f:
        user, sys_, rss_kib = f.read().strip().splitlines()[-1].split()
    os.remove(out + ".rss")
    shutil.rmtree(out)
    return dt, int(rss_kib) / 1024.0, float(user) + float(sys_)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", type=int, nargs="+", default=[2000, 4000])
    ap.add_argument("--threads", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    ap.add_argument("--skip-llvm-split", action="store_true")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--base", help="another sycl-post-link binary to run beside this one")
    ap.add_argument("--bin", help="the sycl-post-link to measure (default target/release/sycl-post-link; "
                    "target/static/release/sycl-post-link for a SPL_LLVM_LINK=static build)")
    ap.add_argument("--out-dir", help="where the commands write (default bench/out; /dev/shm leaves the disk out)")
    ap.add_argument("--locality", type=float, help="gen-module.py --locality P")
    ap.add_argument("--input", nargs="+", default=[], help="bitcode files to split instead of generated modules")
    ap.add_argument("--modes", nargs="+", default=["kernel", "source"], choices=["kernel", "source"])
    a = ap.parse_args()
    global OUT_DIR, SPL
    if a.bin:
        SPL = os.path.abspath(a.bin)
    if a.out_dir:
        OUT_DIR = a.out_dir
    shared = os.environ.get("SPL_SHARED", os.path.join(ROOT, "..", "shared"))
    os.makedirs(os.path.join(ROOT, "bench/out"), exist_ok=True)
    if not os.path.exists(SPL):
        subprocess.check_call(["cargo", "build", "--release", "-p", "sycl-tools", "--bin", "sycl-post-link"], cwd=ROOT)
    print("%-7s %-58s %9s %15s %9s %9s" % ("kernels", "command", "seconds", "(min-max)", "CPU s", "peak MiB"))
    inputs = []
    for path in a.input:
        if path.endswith(".xz"):
            bc = os.path.join(ROOT, "bench/out", os.path.basename(path)[:-3])
            if not os.path.exists(bc):
                with open(bc, "wb") as f:
                    subprocess.check_call(["xz", "-dc", path], stdout=f)
            path = bc
        inputs.append((os.path.basename(path).split(".")[0], path))
    if a.input:
        a.kernels = []
        a.skip_llvm_split = True
    suffix = "" if a.locality is None else "-l%g" % a.locality
    gen_opts = [] if a.locality is None else ["--locality", str(a.locality)]
    for k in a.kernels:
        ll = os.path.join(ROOT, "bench/out/k%d%s.ll" % (k, suffix))
        bc = os.path.join(ROOT, "bench/out/k%d%s.bc" % (k, suffix))
        mid = os.path.join(ROOT, "bench/out/k%d%s-module-id.bc" % (k, suffix))
        if not os.path.exists(mid):
            with open(ll, "w") as f:
                subprocess.check_call([sys.executable, os.path.join(shared, "bench/gen-module.py"), "--kernels", str(k)]
                                      + gen_opts, stdout=f)
            subprocess.check_call([BIN + "/llvm-as", ll, "-o", bc])
            text = open(ll).read().replace('"sycl-module-id"', '"module-id"')
            subprocess.run([BIN + "/llvm-as", "-o", mid], input=text.encode(), check=True)
        inputs.append((str(k), bc, mid))
    for item in inputs:
        k, bc = item[0], item[1]
        mid = item[2] if len(item) > 2 else None
        cmds = [("llvm-dis (floor)", [BIN + "/llvm-dis", bc, "-o", "/dev/null"], None)]
        bins = [("", SPL)] + ([("base ", a.base)] if a.base else [])
        for t in a.threads:
            env = dict(os.environ, SPL_THREADS=str(t))
            for label, b in bins:
                for mode in a.modes:
                    cmds.append(("%ssycl-post-link -split=%s -symbols -properties (T=%d)" % (label, mode, t),
                                 [b, "-split=" + mode, "-symbols", "-properties", bc, "-o", "@OUT@/t.table"], env))
        if not a.skip_llvm_split:
            cmds.append(("llvm-split --split-by-category=kernel",
                         [BIN + "/llvm-split", "--split-by-category=kernel", "-o", "@OUT@/l", mid], None))
            cmds.append(("llvm-split --split-by-category=module-id",
                         [BIN + "/llvm-split", "--split-by-category=module-id", "-o", "@OUT@/l", mid], None))
        samples = {name: [] for name, _, _ in cmds}
        for _ in range(a.runs):
            for name, cmd, env in cmds:
                samples[name].append(run(cmd, env))
        res = {}
        for name, _, _ in cmds:
            times = [r[0] for r in samples[name]]
            rss = statistics.median(r[1] for r in samples[name])
            cpu = statistics.median(r[2] for r in samples[name])
            res[name] = (statistics.median(times), rss)
            print("%-7s %-58s %9.2f %15s %9.2f %9.1f" % (k, name, res[name][0],
                  "(%.2f-%.2f)" % (min(times), max(times)), cpu, rss), flush=True)
        floor = res["llvm-dis (floor)"][0]
        if a.modes != ["kernel", "source"]:
            continue
        for t in a.threads:
            ok = res["sycl-post-link -split=kernel -symbols -properties (T=%d)" % t]
            os_ = res["sycl-post-link -split=source -symbols -properties (T=%d)" % t]
            line = "%-7s T=%d per-kernel: %.1fx the floor" % (k, t, ok[0] / floor)
            if a.base:
                bk = res["base sycl-post-link -split=kernel -symbols -properties (T=%d)" % t]
                bs = res["base sycl-post-link -split=source -symbols -properties (T=%d)" % t]
                line += "; vs base: per-kernel %.2fx faster, per-source %.2fx faster" % (bk[0] / ok[0], bs[0] / os_[0])
            if not a.skip_llvm_split:
                lk = res["llvm-split --split-by-category=kernel"]
                ls = res["llvm-split --split-by-category=module-id"]
                line += ("; per-kernel %.1fx faster than llvm-split, memory %.2fx of llvm-split's"
                         "; per-source %.1fx faster, memory %.2fx") % (
                    lk[0] / ok[0], ok[1] / lk[1], ls[0] / os_[0], os_[1] / ls[1])
            print(line, flush=True)


if __name__ == "__main__":
    main()
