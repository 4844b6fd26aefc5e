#!/usr/bin/env python3
"""The code cache as shared state (codegen/src/code_cache.rs): PROCS
sycl-link processes at once on one cache directory, ROUNDS rounds, random
entries corrupted between rounds (truncated, bit-flipped, emptied, deleted,
replaced by another entry's bytes, a writer's leftover temporary file
added); every output must be the bytes of a build without the cache, every
process must succeed, and no temporary file may be left behind by a run.
Rounds alternate between the module and a copy with one source edited, so
that processes store new entries while others read.

    scripts/cache-concurrency-test.py [--tools target/release] [--rounds 3]
        [--procs 8] [--sources 6] [--kernels 4] [--seed 1] [--input a.bc
        --edited b.bc] [--split source]

The default inputs are generated here (SOURCES sources of KERNELS kernels);
bench/relink-bench.py runs it with 20 rounds. Exit status 0 when every check
holds, 1 with a message otherwise.
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module(sources, kernels, edited):
    """Device IR with `sources` sycl-module-id groups of `kernels` kernels,
    each calling a helper of its source; `edited` changes one kernel's body
    in source 0."""
    out = ['target triple = "spir64-unknown-unknown"', ""]
    for s in range(sources):
        out += [
            f"define spir_func i32 @helper{s}(i32 %x) #{s} {{",
            f"  %a = mul i32 %x, {s + 3}",
            f"  %b = xor i32 %a, {s * 7 + 1}",
            "  ret i32 %b",
            "}",
        ]
        for k in range(kernels):
            c = 1000 + s * 100 + k + (5000 if edited and s == 0 and k == 0 else 0)
            out += [
                f"define spir_kernel void @__sycl_kernel_s{s}k{k}(ptr addrspace(1) %p) #{s} {{",
                f"  %v = call spir_func i32 @helper{s}(i32 {c})",
                "  store i32 %v, ptr addrspace(1) %p",
                "  ret void",
                "}",
            ]
    out += [f'attributes #{s} = {{ "sycl-module-id"="src{s}.cpp" }}' for s in range(sources)]
    return "\n".join(out) + "\n"


def entries(cache):
    found = []
    for d, _, files in os.walk(os.path.join(cache, "entries")):
        found += [os.path.join(d, f) for f in files]
    return sorted(found)


def corrupt(cache, rnd):
    """Damages about a third of the entries, each in one random way; returns
    what was done."""
    done = []
    all_entries = entries(cache)
    for path in all_entries:
        if rnd.random() > 0.34:
            continue
        data = bytearray(open(path, "rb").read())
        how = rnd.choice(["truncate", "flip", "empty", "delete", "swap", "tmp"])
        if how == "truncate" and data:
            data = data[: rnd.randrange(len(data))]
        elif how == "flip" and data:
            i = rnd.randrange(len(data))
            data[i] ^= 1 << rnd.randrange(8)
        elif how == "empty":
            data = b""
        elif how == "delete":
            os.remove(path)
            done.append(how)
            continue
        elif how == "swap":
            # Another entry's bytes (one still there: this loop deletes some).
            others = [e for e in all_entries if os.path.exists(e)]
            data = bytearray(open(rnd.choice(others), "rb").read())
        elif how == "tmp":
            with open(os.path.join(os.path.dirname(path), ".tmp-1-%d" % rnd.randrange(1 << 30)), "wb") as f:
                f.write(data[: len(data) // 2])
            done.append(how)
            continue
        with open(path, "wb") as f:
            f.write(bytes(data))
        done.append(how)
    return done


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tools", default=os.path.join(REPO, "target", "release"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--procs", type=int, default=8)
    ap.add_argument("--sources", type=int, default=6)
    ap.add_argument("--kernels", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--input", help="a module to link instead of the generated one")
    ap.add_argument("--edited", help="its edited copy (with --input)")
    ap.add_argument("--split", default="source")
    ap.add_argument("-j", type=int, default=2, help="threads of each sycl-link")
    a = ap.parse_args()
    link = os.path.join(a.tools, "sycl-link")
    syclbin = os.path.join(a.tools, "syclbin")
    rnd = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="spl-cache-concurrency-")
    try:
        inputs = []
        if a.input:
            inputs = [a.input, a.edited or a.input]
        else:
            for edited in (False, True):
                ll = os.path.join(work, f"in{int(edited)}.ll")
                with open(ll, "w") as f:
                    f.write(module(a.sources, a.kernels, edited))
                inputs.append(ll)
        env = dict(os.environ)
        for v in ("SPL_CACHE_DIR", "SPL_NO_CACHE", "SPL_CACHE_POLICY"):
            env.pop(v, None)
        base = [f"--module-split-mode={a.split}", "-j", str(a.j)]
        refs = []
        for i, inp in enumerate(inputs):
            ref = os.path.join(work, f"ref{i}.syclbin")
            subprocess.run([link, "--no-cache", inp, "-o", ref] + base, check=True, env=env)
            refs.append(open(ref, "rb").read())
        cache = os.path.join(work, "cache")
        failures = []
        planted = set()  # the leftover temporary files corrupt() adds
        for r in range(a.rounds):
            variant = r % 2
            procs = []
            for p in range(a.procs):
                out = os.path.join(work, f"out{r}_{p}.syclbin")
                cmd = [link, f"--cache-dir={cache}", inputs[variant], "-o", out] + base
                procs.append((out, subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE)))
            for out, pr in procs:
                _, err = pr.communicate()
                if pr.returncode != 0:
                    failures.append(f"round {r}: sycl-link exited {pr.returncode}: {err.decode(errors='replace').strip()}")
                elif open(out, "rb").read() != refs[variant]:
                    failures.append(f"round {r}: {out} differs from the build without the cache")
                else:
                    # A corrupted entry is a miss with one warning naming
                    # it; nothing else is printed.
                    other = [l for l in err.decode(errors="replace").splitlines()
                             if not (l.startswith("sycl-link: warning: code cache entry ")
                                     and l.endswith(": not used, compiled again"))]
                    if other:
                        failures.append(f"round {r}: sycl-link printed: {other}")
            # Writers rename or remove their temporary files (the leftovers
            # planted below are removed by pruning after an hour).
            left = [e for e in entries(cache) if os.path.basename(e).startswith(".tmp-") and e not in planted]
            if left:
                failures.append(f"round {r}: temporary files left: {left[:3]}")
            done = corrupt(cache, rnd)
            planted = {e for e in entries(cache) if os.path.basename(e).startswith(".tmp-")}
            print(f"round {r}: {a.procs} processes, outputs checked; corrupted: {', '.join(done) or 'none'}")
        stats = subprocess.run([syclbin, "cache", f"--cache-dir={cache}"], check=True, capture_output=True, text=True, env=env).stdout
        print(" ".join(stats.split("\n")[1:]).strip())
        hits = int(next(l.split()[1] for l in stats.splitlines() if l.startswith("hits:")))
        if a.rounds > 1 and hits == 0:
            failures.append("no cache hit in any round")
        if failures:
            for f in failures:
                print(f"cache-concurrency-test: error: {f}", file=sys.stderr)
            return 1
        print(f"cache-concurrency-test: {a.rounds} rounds x {a.procs} processes: every output identical to the build without the cache")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
