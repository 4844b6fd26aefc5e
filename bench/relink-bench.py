#!/usr/bin/env python3
"""A developer's relink with the code cache (issue 29): cold link, the same
link again, a link after a one-source edit.

    bench/relink-bench.py pack [--kernels 1000 4000] [--no-real]
        here (needs LLVM 22's tools): bench/out/relink/pkg.tar.xz gets the
        stripped sycl-link and syclbin, their non-libc libraries
        (libLLVM.so.22.1, ...) and the inputs, each with an edited copy:
          k<N>    ../shared/bench/gen-module.py --kernels N, 20 kernels per
                  source; the edit changes the body of one kernel of one
                  sycl-module-id group (a constant of its first block)
          ggml    llama.cpp's device code (../shared/bench/real/
                  ggml_sycl.restored.bc.xz, the translator's
                  !spirv.Decorations dropped); the edit adds an instruction
                  to one kernel's body
    bench/relink-bench.py run [--pkg TAR | --tools DIR --inputs DIR]
                              [--reps N] [--only k1000,ggml]
                              [--modes source,kernel] [-j N] [--work DIR]
                              [--concurrency-rounds R] [--traces DIR] [--remote]
        anywhere (the package carried; from the repository root): for each
        input and split mode, REPS times in one run, each link reading one
        path (the edited copy copied over the original, as an edit does):
          cold     the cache emptied, sycl-link --cache-dir=<dir> in.bc
          relink   the same command again (every image a hit)
          edit     sycl-link on the edited copy (one image compiled)
          nocache  sycl-link --no-cache in.bc (the anchor: today's link)
        and with --remote, through a remote cache (an HTTP server of this
        script's on 127.0.0.1, entries in memory, GET/PUT of /ac/<key>, as
        nginx's WebDAV or bazel-remote; a team key file):
          r-fill   machine A, empty local cache and server: the cold link
                   that fills the server
          r-first  machine B, an empty local cache, the server warm: its
                   first link of the same input
          r-edit   machine C, an empty local cache, the server warm: the
                   edited input
        and prints wall time (median, min-max), CPU time of the processes
        (user+system, median), cache hits and misses of the run (from
        `syclbin cache`), and each one's speed-up over cold; checks that
        every output is the bytes of the --no-cache link. With
        --concurrency-rounds R, then runs scripts/cache-concurrency-test.py
        (8 sycl-link processes on one cache, entries corrupted between
        rounds) on each input (the first mode) for R rounds. With --traces,
        the last repetition's edit link also writes a Chrome trace
        (--time-trace) to DIR/<input>-<mode>-<step>.json.

Not a test: figures only (the checks fail the run when bytes differ).
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "bench", "out", "relink")
SHARED = os.environ.get("SPL_SHARED", os.path.join(REPO, "..", "shared"))
LIBC = ("libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux")


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def edit_generated(text):
    """Changes one constant in the first block of a kernel in the middle of
    the module: the body of one kernel of one source."""
    kernels = [m.start() for m in re.finditer(r"^define spir_kernel void @kernel\d+\(", text, re.M)]
    start = kernels[len(kernels) // 2]
    m = re.compile(r"%v0 = add i32 %x, (\d+)").search(text, start)
    return text[: m.start()] + f"%v0 = add i32 %x, {int(m.group(1)) + 1000}" + text[m.end() :]


def edit_real(text):
    """Adds an instruction before the first `ret void` of a kernel in the
    middle of the module (the split keeps it: no optimization runs)."""
    kernels = [m.start() for m in re.finditer(r"^define .*spir_kernel void @", text, re.M)]
    start = kernels[len(kernels) // 2]
    at = text.index("\n  ret void", start)
    return text[:at] + "\n  %spl.relink.edit = add i32 1, 2" + text[at:]


def pack(args):
    pkg = os.path.join(OUT, "pkg")
    shutil.rmtree(OUT, ignore_errors=True)
    for d in ("bin", "lib", "in"):
        os.makedirs(os.path.join(pkg, d))
    for b in ("sycl-link", "syclbin"):
        dst = os.path.join(pkg, "bin", b)
        shutil.copy(os.path.join(REPO, "target", "release", b), dst)
        sh(f"strip '{dst}'")
        ldd = subprocess.run(["ldd", dst], capture_output=True, text=True).stdout
        for lib in re.findall(r"=> (/\S+)", ldd):
            if not os.path.basename(lib).startswith(LIBC):
                shutil.copy(os.path.realpath(lib), os.path.join(pkg, "lib", os.path.basename(lib)))
    inputs = os.path.join(pkg, "in")

    def write(name, text, edit):
        for suffix, t in (("", text), (".edit", edit(text))):
            ll = os.path.join(inputs, f"{name}{suffix}.ll")
            with open(ll, "w") as f:
                f.write(t)
            sh(f"llvm-as-22 '{ll}' -o '{inputs}/{name}{suffix}.bc'")
            os.remove(ll)

    gen = os.path.join(SHARED, "bench", "gen-module.py")
    for k in args.kernels:
        text = subprocess.run(
            ["python3", gen, "--kernels", str(k), "--sources", str(max(1, k // 20))],
            check=True, capture_output=True, text=True,
        ).stdout
        # The name of the edited file stays (the images hold the module's).
        write(f"k{k}", f'source_filename = "k{k}.cpp"\n' + text, edit_generated)
    if not args.no_real:
        real = os.path.join(SHARED, "bench", "real", "ggml_sycl.restored.bc.xz")
        text = subprocess.run(
            f"xz -dc '{real}' | llvm-dis-22 -o - | sed -E 's/, !spirv.Decorations ![0-9]+//g'",
            shell=True, check=True, capture_output=True, text=True,
        ).stdout
        write("ggml", text, edit_real)
    sh(f"tar -C '{OUT}' -cJf '{OUT}/pkg.tar.xz' pkg")
    shutil.rmtree(pkg)
    sh(f"du -sh '{OUT}/pkg.tar.xz'")


def timed(cmd, env):
    """Runs cmd; returns (wall seconds, CPU seconds of it and its children);
    prints what it printed (a cache warning)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit(f"relink-bench: {' '.join(cmd)} failed: {r.stderr.decode(errors='replace').strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in r.stderr.decode(errors="replace").splitlines():
        print(f"# {line}", flush=True)
    return wall, cpu


def counts(syclbin, cache, env):
    text = subprocess.run(
        [syclbin, "cache", f"--cache-dir={cache}"], check=True, capture_output=True, text=True, env=env
    ).stdout
    vals = dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)
    return int(vals.get("hits", 0)), int(vals.get("misses", 0))


class Store:
    """An in-memory HTTP cache server (GET/PUT of any path) on loopback."""

    def __init__(self):
        import http.server
        import threading
        data = self.data = {}

        class H(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_GET(self):
                body = data.get(self.path)
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Length", str(len(body or b"")))
                self.end_headers()
                self.wfile.write(body or b"")

            def do_PUT(self):
                data[self.path] = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

        # A backlog for every compile thread's connection at once (as
        # nginx's 511), not socketserver's 5.
        http.server.ThreadingHTTPServer.request_queue_size = 512
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


def run(args):
    work = args.work or ("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir())
    work = tempfile.mkdtemp(prefix="spl-relink-", dir=work)
    env = dict(os.environ)
    for v in ("SPL_CACHE_DIR", "SPL_NO_CACHE", "SPL_CACHE_POLICY", "SPL_REMOTE_CACHE", "SPL_CACHE_KEY_FILE"):
        env.pop(v, None)
    store = Store() if args.remote else None
    key = os.path.join(work, "team.key")
    with open(key, "wb") as f:
        f.write(os.urandom(32))
    try:
        if args.tools:
            bindir, inputs = args.tools, args.inputs
        else:
            with tarfile.open(args.pkg) as t:
                t.extractall(work)
            bindir, inputs = os.path.join(work, "pkg", "bin"), os.path.join(work, "pkg", "in")
            env["LD_LIBRARY_PATH"] = os.path.join(work, "pkg", "lib")
        link, syclbin = os.path.join(bindir, "sycl-link"), os.path.join(bindir, "syclbin")
        names = sorted(f[:-3] for f in os.listdir(inputs) if f.endswith(".bc") and not f.endswith(".edit.bc"))
        if args.only:
            names = [n for n in names if n in args.only.split(",")]
        jobs = ["-j", str(args.j)] if args.j else []
        print(f"# {os.cpu_count()} cores; median of {args.reps} (min-max); CPU s = user+system of sycl-link "
              "and its workers; hits/misses of that run")
        print(f"{'input':8} {'mode':7} {'step':8} {'wall s':>8} {'(min-max)':>15} {'CPU s':>8} "
              f"{'hits':>5} {'miss':>5} {'vs cold':>8}")
        for name in names:
            src, edited = os.path.join(inputs, f"{name}.bc"), os.path.join(inputs, f"{name}.edit.bc")
            for mode in args.modes.split(","):
                split = [f"--module-split-mode={mode}"] + jobs
                cache = os.path.join(work, "cache")
                res = {s: [] for s in ("cold", "relink", "edit", "nocache", "r-fill", "r-first", "r-edit")}
                refs = {}
                # Every link reads one path, as a build after an edit does:
                # the edited copy is copied over the original's.
                staged = os.path.join(work, f"{name}.bc")
                for rep in range(args.reps):
                    for step, inp in (("nocache", src), ("nocache-edit", edited)):
                        if step != "nocache" and inp in refs:
                            continue  # the edited copy's bytes, once
                        out = os.path.join(work, f"{step}.syclbin")
                        shutil.copyfile(inp, staged)
                        w, c = timed([link, "--no-cache", staged, "-o", out] + split, env)
                        if step == "nocache":
                            res[step].append((w, c, 0, 0))
                        refs.setdefault(inp, open(out, "rb").read())
                    shutil.rmtree(cache, ignore_errors=True)
                    for step, inp in (("cold", src), ("relink", src), ("edit", edited)):
                        h0, m0 = counts(syclbin, cache, env)
                        out = os.path.join(work, f"{step}.syclbin")
                        trace = []
                        if args.traces and rep == args.reps - 1 and step == "edit":
                            os.makedirs(args.traces, exist_ok=True)
                            trace = [f"--time-trace={os.path.join(args.traces, f'{name}-{mode}-{step}.json')}"]
                        shutil.copyfile(inp, staged)
                        w, c = timed([link, f"--cache-dir={cache}", staged, "-o", out] + split + trace, env)
                        h1, m1 = counts(syclbin, cache, env)
                        if open(out, "rb").read() != refs[inp]:
                            sys.exit(f"relink-bench: {name} {mode} {step}: output differs from the --no-cache link")
                        res[step].append((w, c, h1 - h0, m1 - m0))
                    if not args.remote:
                        continue
                    store.data.clear()
                    remote = [f"--cache-key-file={key}", f"--remote-cache={store.url}"]
                    for step, inp in (("r-fill", src), ("r-first", src), ("r-edit", edited)):
                        machine = os.path.join(work, f"machine-{step}")
                        shutil.rmtree(machine, ignore_errors=True)
                        out = os.path.join(work, f"{step}.syclbin")
                        shutil.copyfile(inp, staged)
                        w, c = timed([link, f"--cache-dir={machine}", staged, "-o", out] + split + remote, env)
                        h, m = counts(syclbin, machine, env)
                        if open(out, "rb").read() != refs[inp]:
                            sys.exit(f"relink-bench: {name} {mode} {step}: output differs from the --no-cache link")
                        res[step].append((w, c, h, m))
                cold = statistics.median(r[0] for r in res["cold"])
                steps = ("nocache", "cold", "relink", "edit") + (("r-fill", "r-first", "r-edit") if args.remote else ())
                for step in steps:
                    rs = res[step]
                    walls = [r[0] for r in rs]
                    med = statistics.median(walls)
                    print(f"{name:8} {mode:7} {step:8} {med:8.2f} {'(%.2f-%.2f)' % (min(walls), max(walls)):>15} "
                          f"{statistics.median(r[1] for r in rs):8.2f} {rs[-1][2]:5d} {rs[-1][3]:5d} "
                          f"{cold / med:7.1f}x", flush=True)
        if args.concurrency_rounds:
            script = os.path.join(REPO, "scripts", "cache-concurrency-test.py")
            mode = args.modes.split(",")[0]
            for name in names:
                t0 = time.perf_counter()
                sh(f"python3 '{script}' --tools '{bindir}' --rounds {args.concurrency_rounds} --split {mode} "
                   f"--input '{inputs}/{name}.bc' --edited '{inputs}/{name}.edit.bc'", env=env)
                print(f"{name} {mode}: concurrency test {time.perf_counter() - t0:.1f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--kernels", type=int, nargs="+", default=[1000, 4000])
    p.add_argument("--no-real", action="store_true")
    r = sub.add_parser("run")
    r.add_argument("--pkg", default=os.path.join(OUT, "pkg.tar.xz"))
    r.add_argument("--tools", help="a directory with sycl-link and syclbin (instead of --pkg)")
    r.add_argument("--inputs", help="with --tools: a directory of <name>.bc and <name>.edit.bc")
    r.add_argument("--reps", type=int, default=3)
    r.add_argument("--only", help="inputs by name (k1000,ggml)")
    r.add_argument("--modes", default="source,kernel")
    r.add_argument("-j", type=int, default=0, help="sycl-link threads (default: every core)")
    r.add_argument("--work", help="where outputs and the cache go (default /dev/shm)")
    r.add_argument("--concurrency-rounds", type=int, default=0)
    r.add_argument("--traces", help="a directory for Chrome traces of the last edit links")
    r.add_argument("--remote", action="store_true", help="also the r-fill, r-first and r-edit rows (remote cache)")
    a = ap.parse_args()
    if a.cmd == "pack":
        pack(a)
    else:
        run(a)


if __name__ == "__main__":
    main()
