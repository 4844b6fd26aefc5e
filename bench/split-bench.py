#!/usr/bin/env python3
"""Split benchmark: our per-kernel and per-source split against LLVM 22's
llvm-split (--split-by-category=kernel / =module-id) on the same bitcode, in
one run, printing wall time, peak memory (max RSS) and the ratios; plus
llvm-dis of the input, the floor of reading and printing the module once.
With --runs N every command runs N times (interleaved, so that a noisy
machine slows all of them alike): the median is printed, with the spread
(min-max). With --base BIN another sycl-post-link build (the one before a
change) runs beside this one.

usage: bench/split-bench.py [--kernels N ...] [--threads T ...] [--runs N]
                            [--base BIN] [--out-dir DIR] [--skip-llvm-split]
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
    ap.add_argument("--out-dir", help="where the commands write (default bench/out; /dev/shm leaves the disk out)")
    a = ap.parse_args()
    global OUT_DIR
    if a.out_dir:
        OUT_DIR = a.out_dir
    shared = os.environ.get("SPL_SHARED", os.path.join(ROOT, "..", "shared"))
    os.makedirs(os.path.join(ROOT, "bench/out"), exist_ok=True)
    if not os.path.exists(SPL):
        subprocess.check_call(["cargo", "build", "--release", "-p", "sycl-tools", "--bin", "sycl-post-link"], cwd=ROOT)
    print("%-7s %-50s %9s %15s %9s %9s" % ("kernels", "command", "seconds", "(min-max)", "CPU s", "peak MiB"))
    for k in a.kernels:
        ll = os.path.join(ROOT, "bench/out/k%d.ll" % k)
        bc = os.path.join(ROOT, "bench/out/k%d.bc" % k)
        mid = os.path.join(ROOT, "bench/out/k%d-module-id.bc" % k)
        if not os.path.exists(mid):
            with open(ll, "w") as f:
                subprocess.check_call([sys.executable, os.path.join(shared, "bench/gen-module.py"), "--kernels", str(k)], stdout=f)
            subprocess.check_call([BIN + "/llvm-as", ll, "-o", bc])
            text = open(ll).read().replace('"sycl-module-id"', '"module-id"')
            subprocess.run([BIN + "/llvm-as", "-o", mid], input=text.encode(), check=True)
        cmds = [("llvm-dis (floor)", [BIN + "/llvm-dis", bc, "-o", "/dev/null"], None)]
        bins = [("", SPL)] + ([("base ", a.base)] if a.base else [])
        for t in a.threads:
            env = dict(os.environ, SPL_THREADS=str(t))
            for label, b in bins:
                cmds.append(("%ssycl-post-link -split=kernel -symbols (T=%d)" % (label, t),
                             [b, "-split=kernel", "-symbols", bc, "-o", "@OUT@/k.table"], env))
                cmds.append(("%ssycl-post-link -split=source -symbols (T=%d)" % (label, t),
                             [b, "-split=source", "-symbols", bc, "-o", "@OUT@/s.table"], env))
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
            print("%-7d %-50s %9.2f %15s %9.2f %9.1f" % (k, name, res[name][0],
                  "(%.2f-%.2f)" % (min(times), max(times)), cpu, rss), flush=True)
        floor = res["llvm-dis (floor)"][0]
        for t in a.threads:
            ok = res["sycl-post-link -split=kernel -symbols (T=%d)" % t]
            os_ = res["sycl-post-link -split=source -symbols (T=%d)" % t]
            line = "%-7d T=%d per-kernel: %.1fx the floor" % (k, t, ok[0] / floor)
            if a.base:
                bk = res["base sycl-post-link -split=kernel -symbols (T=%d)" % t]
                bs = res["base sycl-post-link -split=source -symbols (T=%d)" % t]
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
