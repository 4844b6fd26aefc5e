#!/usr/bin/env python3
"""A killed or stuck run leaves nothing behind (issue 43).

Every case runs a command on a generated module in a fresh folder and
interrupts it as a build system or a user does:

- SIGTERM, SIGINT or SIGHUP while it writes or compiles: the command ends by
  that signal (a shell's status 128 + N), its output folder holds neither
  temporaries nor partial outputs, and none of its worker processes lives on;
- SIGKILL to a command whose workers compile: the workers die with it;
- SIGKILL while files are written leaves temporaries (nothing can clean up
  after SIGKILL), and the next run in that folder removes them;
- a signal ignored when the command starts (nohup, a shell's background job)
  stays ignored: the run completes;
- a worker that stops answering (stopped with SIGSTOP): with
  --codegen-timeout (or SPL_CODEGEN_TIMEOUT) the run fails with one line
  naming the limit, writes nothing, and leaves no process.

Usage: scripts/interrupt-test.py [--tools target/release]
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SPL_SHARED") or os.path.join(os.path.dirname(REPO), "shared")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import Failures  # noqa: E402

fail = Failures("interrupt-test")



def descendants(pid):
    """Every live process below `pid` (from /proc), zombies left out."""
    parent = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                s = f.read()
        except OSError:
            continue
        fields = s[s.rindex(")") + 2:].split()
        if fields[0] != "Z":
            parent[int(d)] = int(fields[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def alive(pids):
    """Those of `pids` still running (not zombies)."""
    live = []
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as f:
                s = f.read()
        except OSError:
            continue
        if s[s.rindex(")") + 2:].split()[0] != "Z":
            live.append(p)
    return live


def check_gone(case, pids, what="processes"):
    """Fails `case` if any of `pids` is still running 3 s on (and kills it)."""
    survivors = wait_gone(pids)
    if survivors:
        fail(case, f"{what} {survivors} outlived it")
        for q in survivors:
            os.kill(q, signal.SIGKILL)


def wait_gone(pids, seconds=3.0):
    end = time.time() + seconds
    while time.time() < end:
        if not alive(pids):
            return []
        time.sleep(0.05)
    return alive(pids)


def listing(d):
    out = []
    for root, dirs, files in os.walk(d):
        for n in dirs + files:
            out.append(os.path.relpath(os.path.join(root, n), d))
    return sorted(out)


def start(cmd, cwd, ignore=(), env=None):
    """Starts `cmd` with the signal dispositions a shell gives a foreground
    job (all default), except those in `ignore`."""
    def pre():
        for s in ignore:
            signal.signal(s, signal.SIG_IGN)
    return subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=pre, env=env)


def commands(tools, work):
    """(name, argv, output folder relative to cwd, whether it runs
    code-generation workers) of each command tested."""
    big = os.path.join(work, "big.ll")
    small = os.path.join(work, "small.ll")
    table = os.path.join(work, "small-table", "t.table")
    t = lambda b: os.path.join(tools, b)
    return [
        ("sycl-post-link", [t("sycl-post-link"), "-split=kernel", "-symbols", "-properties", big,
                            "-o", "out/t.table"], False),
        ("sycl-module-split", [t("sycl-module-split"), "--split=kernel", big, "-o", "out/m"], False),
        ("sycl-link --save-temps", [t("sycl-link"), "--no-cache", "--save-temps", small,
                                    "-o", "out/a.syclbin"], True),
        ("syclbin create", [t("syclbin"), "create", "--no-cache", f"--table={table}",
                            "-o", "out/b.syclbin"], True),
        ("sycl-spirv-emit", [t("sycl-spirv-emit"), small, "-o", "out/c.spv"], True),
    ]


def timed_run(argv, cwd):
    t0 = time.time()
    p = start(argv, cwd)
    _, err = p.communicate()
    if p.returncode != 0:
        raise SystemExit(f"interrupt-test: {argv[0]} failed unexpectedly: {err.decode(errors='replace')}")
    return time.time() - t0


def case_dir(work, name):
    d = tempfile.mkdtemp(prefix="case-", dir=work)
    os.makedirs(os.path.join(d, "out"))
    return d


def signal_cases(tools, work):
    for name, argv, workers in commands(tools, work):
        d = case_dir(work, name)
        full = timed_run(argv, d)
        shutil.rmtree(d)
        for sig, frac in ((signal.SIGTERM, 0.3), (signal.SIGINT, 0.5), (signal.SIGHUP, 0.75)):
            if True:
                case = f"{name} {signal.Signals(sig).name} at {frac:.0%} of {full:.1f} s"
                d = case_dir(work, name)
                p = start(argv, d)
                time.sleep(full * frac)
                below = descendants(p.pid)
                p.send_signal(sig)
                _, err = p.communicate()
                left = listing(os.path.join(d, "out"))
                if p.returncode == 0:
                    print(f"  {case}: finished before the signal", flush=True)
                elif p.returncode != -sig:
                    fail(case, f"status {p.returncode}, not killed by the signal; {err!r}")
                elif name.startswith("sycl-link --save-temps"):
                    # Temporaries of steps already done are whole files; no
                    # partial file, no temporary, no output.
                    bad = [f for f in left if ".spl-tmp" in f or f == "a.syclbin"]
                    if bad:
                        fail(case, f"left {bad}")
                elif left:
                    fail(case, f"left {left[:5]} ({len(left)} entries)")
                if workers and not below:
                    print(f"  {case}: no worker was running yet", flush=True)
                check_gone(case, below)
                shutil.rmtree(d)
                print(f"ok {case}", flush=True)


def wait_for_workers(p, seconds=20.0):
    """The workers of `p` and their compiling children, once at least one
    compiling child runs."""
    end = time.time() + seconds
    while time.time() < end and p.poll() is None:
        below = descendants(p.pid)
        if any(alive(descendants(w)) for w in below):
            return below
        time.sleep(0.02)
    return descendants(p.pid)


def sigkill_cases(tools, work):
    for name, argv, workers in commands(tools, work):
        if not workers:
            continue
        case = f"{name} SIGKILL while compiling"
        d = case_dir(work, name)
        p = start(argv, d)
        below = wait_for_workers(p)
        p.kill()
        p.communicate()
        if not below:
            fail(case, "no worker seen")
        check_gone(case, below, "workers")
        shutil.rmtree(d)
        print(f"ok {case}", flush=True)


def reference_run(tools, work):
    """The first command, run whole in a case folder: (name, argv, folder,
    seconds it took, its outputs' listing), the output folder emptied."""
    name, argv, _ = commands(tools, work)[0]
    d = case_dir(work, name)
    full = timed_run(argv, d)
    out = os.path.join(d, "out")
    want = listing(out)
    shutil.rmtree(out)
    os.makedirs(out)
    return name, argv, d, full, want


def stale_temporaries_case(tools, work):
    name, argv, d, full, want = reference_run(tools, work)
    case = f"{name}: a SIGKILLed run's temporaries removed by the next run"
    out = os.path.join(d, "out")
    for frac in (0.5, 0.6, 0.7, 0.8, 0.9):
        shutil.rmtree(out)
        os.makedirs(out)
        p = start(argv, d)
        time.sleep(full * frac)
        p.kill()
        p.communicate()
        if any(f.startswith(".spl-tmp") for f in os.listdir(out)):
            break
    else:
        fail(case, "no kill left a temporary: nothing tested")
        return
    p = start(argv, d)
    _, err = p.communicate()
    got = listing(out)
    if p.returncode != 0:
        fail(case, f"the next run failed: {err!r}")
    elif got != want:
        extra = sorted(set(got) - set(want))[:5]
        fail(case, f"after the next run: {extra} beyond the outputs")
    shutil.rmtree(d)
    print(f"ok {case}", flush=True)


def ignored_signal_case(tools, work):
    name, argv, d, full, want = reference_run(tools, work)
    case = f"{name}: SIGHUP ignored at start stays ignored"
    p = start(argv, d, ignore=(signal.SIGHUP,))
    time.sleep(full * 0.3)
    p.send_signal(signal.SIGHUP)
    _, err = p.communicate()
    if p.returncode != 0 or listing(os.path.join(d, "out")) != want:
        fail(case, f"status {p.returncode}: {err!r}")
    shutil.rmtree(d)
    print(f"ok {case}", flush=True)


def watchdog_cases(tools, work):
    for name, argv, workers in commands(tools, work):
        if not workers:
            continue
        for how in ("option", "environment"):
            case = f"{name}: a stopped worker, timeout by {how}"
            d = case_dir(work, name)
            env = dict(os.environ)
            cmd = list(argv)
            if how == "option":
                cmd.insert(2 if name.startswith("syclbin") else 1, "--codegen-timeout=2")
            else:
                env["SPL_CODEGEN_TIMEOUT"] = "2"
            p = start(cmd, d, env=env)
            wait_for_workers(p)
            # Every worker and compiling child, as they come in the next
            # three seconds (a command may start a worker per image, and
            # the first may be one that had just answered).
            stopped = set()
            t0 = time.time()

            def is_worker(q):
                # Exec'd workers and the children they fork (not a child
                # between fork and exec, which its parent waits for).
                try:
                    with open(f"/proc/{q}/cmdline", "rb") as f:
                        return b"--sycl-codegen-worker" in f.read()
                except OSError:
                    return False

            def stop_all():
                while p.poll() is None and time.time() < t0 + 3:
                    for q in alive(descendants(p.pid)):
                        if q not in stopped and is_worker(q):
                            try:
                                os.kill(q, signal.SIGSTOP)
                                stopped.add(q)
                            except ProcessLookupError:
                                pass
                    time.sleep(0.01)

            stopper = threading.Thread(target=stop_all, daemon=True)
            stopper.start()
            try:
                _, err = p.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                _, err = p.communicate()
                fail(case, "no end within 60 s")
            took = time.time() - t0
            stopper.join()
            stopped = sorted(stopped)
            lines = err.decode(errors="replace").strip().splitlines()
            if p.returncode == 0 and not stopped:
                # The command was done before the stop took hold.
                print(f"  {case}: finished before the stop", flush=True)
            elif p.returncode != 1 or len(lines) != 1 or "--codegen-timeout" not in lines[0]:
                fail(case, f"status {p.returncode}, stderr {lines}")
            left = [f for f in listing(os.path.join(d, "out")) if not f.startswith("a.")] \
                if name.startswith("sycl-link") else listing(os.path.join(d, "out"))
            if p.returncode == 1 and any(".spl-tmp" in f or f.endswith((".syclbin", ".spv")) for f in left):
                fail(case, f"left {left}")
            check_gone(case, stopped)
            shutil.rmtree(d)
            print(f"ok {case} ({took:.1f} s after the stop)", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tools", default=os.path.join(REPO, "target", "release"))
    args = ap.parse_args()
    tools = os.path.abspath(args.tools)
    gen = os.path.join(SHARED, "bench", "gen-module.py")
    if not os.path.exists(gen):
        raise SystemExit(f"interrupt-test: {gen} not found (set SPL_SHARED)")
    work = tempfile.mkdtemp(prefix="spl-interrupt-")
    try:
        for name, kernels, sources in (("big", 2000, 20), ("small", 400, 8)):
            with open(os.path.join(work, f"{name}.ll"), "w") as f:
                subprocess.run([sys.executable, gen, "--kernels", str(kernels), "--sources", str(sources)],
                               stdout=f, check=True)
        tdir = os.path.join(work, "small-table")
        os.makedirs(tdir)
        subprocess.run([os.path.join(tools, "sycl-post-link"), "-split=source", "-symbols", "-properties",
                        os.path.join(work, "small.ll"), "-o", os.path.join(tdir, "t.table")], check=True)
        signal_cases(tools, work)
        sigkill_cases(tools, work)
        stale_temporaries_case(tools, work)
        ignored_signal_case(tools, work)
        watchdog_cases(tools, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    fail.finish()


if __name__ == "__main__":
    main()
