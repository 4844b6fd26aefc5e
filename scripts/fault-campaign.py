#!/usr/bin/env python3
"""Fault campaign: mutated and truncated inputs through every command and
the C entry points, checking the promises of README and the C header on
bad input:

  * exit code 0 or 1 (no panic's 101, no signal, no exit from inside LLVM),
    within a time limit;
  * on failure, one line `<tool>: error: ...` on standard error (warnings
    `<tool>: warning: ...` may come before it); nothing on standard error
    that the tool did not prefix (LLVM's own "error:" lines, panic text);
  * no file left behind: a failed run leaves its output directory and its
    working directory as they were, and no run leaves a temporary
    (`.spl-tmp*`) anywhere;
  * the C ABI (scripts/fault-campaign/client.c): every call returns, the
    process ends with exit code 0, the library prints nothing on the host's
    standard error, messages are one line, and a streaming callback that
    says stop is never called again.

Seeds are made from the repository's own examples and lit inputs (IR text
and bitcode, SPIR-V, file tables, property and symbol files, SYCLBIN in
every form); each case mutates one seed (truncation, byte edits, inserted
special bytes, special bytes inside quoted strings, deleted or repeated
spans and lines, splices, words set to extreme counts) and runs one
command on it, with SPL_THREADS alternating between 1 and 3. Resource
faults: one command case in five runs on a "full disk" (a file size limit
of 1-8 KiB), and some commands always write where they cannot (an existing
directory as -o, a second table path that is a directory, standard output
or -o on /dev/full, reached through a link so that a tool that renamed
over it would not replace the system's device). The campaign is deterministic for a given --seed.

Standard streams: some commands print to a full or closed standard output
or error (syclbin dump, sycl-opt -S, sycl-post-link -v): exit 0 or 1, one
line on failure where standard error can be read, or an end by SIGPIPE
without a message when standard output is a closed pipe; with standard
output closed by the parent (>&-) a printing command must fail (exit 1,
one line), not lose its output. Some commands read standard input (-).

Signals: every child runs with the dispositions a shell gives (SIGPIPE and
SIGXFSZ at their defaults, restore_signals), also under the file-size
limit, so that a tool killed mid-write by SIGXFSZ is seen (exit code and
temporaries left). Every binary is covered: sycl-post-link,
sycl-module-split, sycl-opt, sycl-link (also per kernel and with
--save-temps), sycl-spirv-emit, syclbin, file-table-tform (and
sycl-spirv-check); the seeds include modules with constants that name a
function or a block (blockaddress, dso_local_equivalent, no_cfi), ifuncs
and aliases, split per kernel, and modules the SPIR-V back end crashes on. A command's message is checked to
be one line (no line feed): the commands write the control characters of
input text they quote as escapes (a line feed in a target triple, a
carriage return in a file name read from a table).

    scripts/fault-campaign.py [--cases N] [--seed S] [--tools DIR] [--only NAME]

prints the counts per command (cases, exit 0, exit 1, failures by kind) and
exits 1 if any case broke a promise; failing inputs are kept under
target/fault-campaign/failures/ with the command line that broke. The test
command runs a short form (scripts/test.sh); a few thousand cases take a
few minutes.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
TIME_LIMIT = 120

SPECIAL = [b"\0", b"\n", b"\r", b"=", b"[", b"]", b"|", b"\xff", b'"', b"\\00", b",", b"\t", b"\x7f"]


def mutate(rng, data, others):
    """One to three random edits of `data` (bytes)."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(11)
        n = len(data)
        if kind == 0 and n:  # truncate
            del data[rng.randrange(n):]
        elif kind == 1 and n:  # overwrite bytes
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(n)] = rng.randrange(256)
        elif kind == 2:  # insert a special byte sequence
            at = rng.randrange(n + 1)
            data[at:at] = rng.choice(SPECIAL)
        elif kind == 3 and n:  # delete a span
            a = rng.randrange(n)
            del data[a:a + rng.randint(1, 64)]
        elif kind == 4 and n:  # repeat a span
            a = rng.randrange(n)
            span = data[a:a + rng.randint(1, 64)]
            data[a:a] = span
        elif kind == 5 and n:  # delete or repeat a line (text)
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            if rng.random() < 0.5:
                del lines[i]
            else:
                lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 6 and others:  # splice with another seed
            other = rng.choice(others)
            data = data[: rng.randrange(n + 1)] + bytearray(other[rng.randrange(len(other) + 1):])
        elif kind == 7 and n:  # a 32-bit word (a length, a count) set to an extreme
            at = rng.randrange(n) & ~3
            word = rng.choice([0, 1, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x10000])
            data[at:at + 4] = word.to_bytes(4, "little")
        elif kind == 8:  # a special byte inside a quoted string (an attribute, a name)
            quotes = [i for i, c in enumerate(data) if c == 0x22]
            if len(quotes) >= 2:
                at = rng.choice(quotes[:-1]) + 1
                data[at:at] = rng.choice([b"\\00", b"\\0A", b"=", b"[", b"]", b"|", b"\\0D"])
        elif kind >= 9:  # a special byte in a string attribute's value
            spots = [i + 3 for i in range(len(data) - 3) if data[i:i + 3] == b'"="']
            if spots:
                at = rng.choice(spots)
                data[at:at] = rng.choice([b"\\00", b"\\0A", b"=", b"["])
    return bytes(data)


def run(cmd, cwd, env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL):
    # The children get the signal dispositions a shell gives: Python ignores
    # SIGPIPE and SIGXFSZ, and restore_signals puts both back to their
    # defaults in the child, so that a tool that does not handle them itself
    # is killed as it would be from a shell (a file-size limit, a closed
    # pipe) and the campaign sees it.
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdin=stdin, restore_signals=True,
                           stdout=stdout, stderr=stderr, timeout=TIME_LIMIT)
        return p.returncode, p.stdout or b"", (p.stderr or b"").decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", b"", ""


def make_seeds(tools, scratch):
    """Seed inputs by kind: ir, spv, table, prop, sym, syclbin."""
    seeds = collections.defaultdict(list)
    env = dict(os.environ, SPL_THREADS="1")

    def add(kind, path):
        with open(path, "rb") as f:
            seeds[kind].append(f.read())

    # First (and so also as bitcode): modules with constants that name a
    # function or a block (blockaddress, dso_local_equivalent, no_cfi),
    # ifuncs and aliases, split per kernel below; and modules the SPIR-V back
    # end crashes on or compiles to invalid SPIR-V.
    ll = [os.path.join(REPO, "examples", "example.ll"),
          os.path.join(REPO, "lit", "sycl-post-link", "split", "block-addresses.ll"),
          os.path.join(REPO, "lit", "sycl-post-link", "split", "ifuncs-and-aliases.ll"),
          os.path.join(REPO, "lit", "capi", "Inputs", "block-address-of-other-function.ll"),
          os.path.join(REPO, "lit", "codegen", "Inputs", "self-referential-global.ll"),
          os.path.join(REPO, "lit", "codegen", "Inputs", "invalid-vector.ll"),
          os.path.join(REPO, "lit", "capi", "Inputs", "thirty-kernels.ll")]
    for d in ["sycl-post-link", "spec-constants", "device-globals", "properties", "esimd",
              "dynamic-linking", "internalize", "sycl-link", "lowering", "sanitizer"]:
        root = os.path.join(REPO, "lit", d)
        for dirpath, _, files in sorted(os.walk(root)):
            for f in sorted(files):
                p = os.path.join(dirpath, f)
                if f.endswith(".ll") and os.path.getsize(p) < 12000:
                    ll.append(p)
    for p in ll:
        add("ir", p)
    for i, p in enumerate(ll[:12]):
        bc = os.path.join(scratch, f"seed{i}.bc")
        if subprocess.run([os.path.join(LLVM_BIN, "llvm-as"), p, "-o", bc],
                          stderr=subprocess.DEVNULL).returncode == 0:
            add("ir", bc)
    example = os.path.join(REPO, "examples", "example.ll")
    spv = os.path.join(scratch, "seed.spv")
    subprocess.run([os.path.join(tools, "sycl-spirv-emit"), example, "-o", spv], check=True, env=env)
    add("spv", spv)
    for f in ["k0.spv", "k1.spv"]:
        add("spv", os.path.join(REPO, "lit", "syclbin", "Inputs", f))
    table = os.path.join(scratch, "t.table")
    subprocess.run([os.path.join(tools, "sycl-post-link"), "-split=kernel", "-symbols", "-properties",
                    "-spec-const=native", "-emit-param-info", example, "-o", table], check=True, env=env)
    add("table", table)
    for f in sorted(os.listdir(scratch)):
        if f.endswith(".prop"):
            add("prop", os.path.join(scratch, f))
        elif f.endswith(".sym"):
            add("sym", os.path.join(scratch, f))
    sb = os.path.join(scratch, "seed.syclbin")
    subprocess.run([os.path.join(tools, "syclbin"), "create", "--state=object", f"--table={table}",
                    "-o", sb], check=True, env=env)
    add("syclbin", sb)
    for form in ["bare", "offload-v2", "syclbin-v2"]:
        out = os.path.join(scratch, f"seed-{form}.syclbin")
        subprocess.run([os.path.join(tools, "syclbin"), "convert", sb, "-o", out, f"--format={form}"],
                       check=True, env=env)
        add("syclbin", out)
    add("syclbin", os.path.join(REPO, "lit", "syclbin", "Inputs", "runtime-2026.2-object.syclbin"))
    return seeds


# Each command: (name, tool, seed kind, input file name, arguments). In the
# arguments, IN is the input file and OUT the output directory.
COMMANDS = [
    ("sycl-post-link", "sycl-post-link", "ir", "in.ll",
     ["-split=kernel", "-symbols", "-properties", "IN", "-o", "OUT/t.table"]),
    ("sycl-post-link -S source 2 tables", "sycl-post-link", "ir", "in.ll",
     ["-split=source", "-S", "-symbols", "-properties", "-spec-const=emulation", "IN",
      "-o", "intel_gpu_pvc,OUT/a.table", "-o", "spir64_x86_64,OUT/b.table"]),
    ("sycl-post-link -ir-output-only", "sycl-post-link", "ir", "in.ll",
     ["-split=auto", "-ir-output-only", "IN", "-o", "OUT/out.bc"]),
    ("sycl-module-split", "sycl-module-split", "ir", "in.ll",
     ["-split=kernel", "IN", "-o", "OUT/m"]),
    ("sycl-opt", "sycl-opt", "ir", "in.ll",
     ["-passes=globaloffset", "IN", "-o", "OUT/o.bc"]),
    ("sycl-module-split -", "sycl-module-split", "ir", "in.ll",
     ["-split=kernel", "-", "-o", "OUT/m", "<IN"]),
    ("sycl-opt -S -", "sycl-opt", "ir", "in.ll",
     ["-S", "-", "-o", "OUT/o.ll", "<IN"]),
    ("sycl-link", "sycl-link", "ir", "in.bc",
     ["IN", "-o", "OUT/l.syclbin"]),
    ("sycl-link per kernel", "sycl-link", "ir", "in.bc",
     ["--module-split-mode=kernel", "IN", "-o", "OUT/l.syclbin"]),
    ("sycl-link --save-temps", "sycl-link", "ir", "in.bc",
     ["--save-temps", "IN", "-o", "OUT/l.syclbin"]),
    ("sycl-spirv-emit", "sycl-spirv-emit", "ir", "in.ll",
     ["IN", "-o", "OUT/k.spv"]),
    ("sycl-spirv-emit -", "sycl-spirv-emit", "ir", "in.ll",
     ["-", "-o", "OUT/k.spv", "<IN"]),
    ("syclbin create --image=<spv>", "syclbin", "spv", "in.spv",
     ["create", "--state=object", "--image=IN", "-o", "OUT/s.syclbin"]),
    ("syclbin create --image=<ir>", "syclbin", "ir", "in.ll",
     ["create", "--image=IN", "-o", "OUT/s.syclbin"]),
    ("syclbin create --table", "syclbin", "table", "in.table",
     ["create", "--table=IN", "-o", "OUT/s.syclbin"]),
    ("syclbin create props", "syclbin", "prop", "in.prop",
     ["create", "--image=SPV,props=IN", "-o", "OUT/s.syclbin"]),
    ("syclbin create sym", "syclbin", "sym", "in.sym",
     ["create", "--image=SPV,sym=IN", "-o", "OUT/s.syclbin"]),
    ("syclbin dump", "syclbin", "syclbin", "in.syclbin", ["dump", "IN"]),
    ("syclbin convert", "syclbin", "syclbin", "in.syclbin",
     ["convert", "IN", "-o", "OUT/c.syclbin", "--format=offload-v2"]),
    ("file-table-tform", "file-table-tform", "table", "in.table",
     ["--extract=Code,Symbols", "--drop_titles", "IN", "-o", "OUT/x.table"]),
    ("file-table-tform --copy_single_file", "file-table-tform", "table", "in.table",
     ["--copy_single_file=Properties,1", "IN", "-o", "OUT/copied.prop"]),
    ("sycl-spirv-check", "sycl-spirv-check", "spv", "in.spv", ["IN", "PROP"]),
    ("C ABI", None, "ir", "in.ll", []),
    # Outputs that cannot be written: an existing directory where a file
    # goes, a full standard output or device.
    ("sycl-post-link -o <directory>", "sycl-post-link", "ir", "in.ll",
     ["-split=kernel", "-symbols", "-properties", "IN", "-o", "OUT"]),
    ("sycl-post-link 2nd table a directory", "sycl-post-link", "ir", "in.ll",
     ["-split=kernel", "-symbols", "-properties", "IN", "-o", "intel_gpu_pvc,OUT/a.table",
      "-o", "spir64_x86_64,OUT"]),
    ("sycl-post-link -o - >/dev/full", "sycl-post-link", "ir", "in.ll",
     ["-split=kernel", "-symbols", "IN", "-o", "-", ">FULL"]),
    ("sycl-spirv-emit -o /dev/full", "sycl-spirv-emit", "ir", "in.ll", ["IN", "-o", "FULL"]),
    ("syclbin create -o /dev/full", "syclbin", "spv", "in.spv",
     ["create", "--image=IN", "-o", "FULL"]),
    ("sycl-link -o /dev/full", "sycl-link", "ir", "in.bc", ["IN", "-o", "FULL"]),
    ("file-table-tform -o /dev/full", "file-table-tform", "table", "in.table",
     ["--extract=Code", "IN", "-o", "FULL"]),
    # Standard streams that cannot be written: full (/dev/full) or closed
    # (a pipe whose reader is gone: the tool may end by SIGPIPE, quietly).
    ("syclbin dump >/dev/full", "syclbin", "syclbin", "in.syclbin", ["dump", "IN", ">FULL"]),
    ("syclbin dump | closed", "syclbin", "syclbin", "in.syclbin", ["dump", "IN", ">CLOSED"]),
    ("syclbin dump 2>/dev/full", "syclbin", "syclbin", "in.syclbin", ["dump", "IN", "2>FULL"]),
    ("sycl-post-link -v 2>closed", "sycl-post-link", "ir", "in.ll",
     ["-v", "-split=kernel", "-symbols", "IN", "-o", "OUT/t.table", "2>CLOSED"]),
    ("sycl-opt -S | closed", "sycl-opt", "ir", "in.ll", ["-S", "IN", ">CLOSED"]),
    ("file-table-tform -o - 2>/dev/full", "file-table-tform", "table", "in.table",
     ["--extract=Code", "IN", "-o", "-", ">FULL", "2>FULL"]),
    # Standard output closed by the parent (a shell's >&-): a print is an
    # error (exit 1, one line), never lost output with exit 0.
    ("syclbin dump >&-", "syclbin", "syclbin", "in.syclbin", ["dump", "IN", ">&-"]),
    ("sycl-opt -S >&-", "sycl-opt", "ir", "in.ll", ["-S", "IN", ">&-"]),
    ("sycl-post-link -o - >&-", "sycl-post-link", "ir", "in.ll",
     ["-split=kernel", "-symbols", "IN", "-o", "-", ">&-"]),
    ("sycl-spirv-emit -o - >&-", "sycl-spirv-emit", "ir", "in.ll", ["IN", "-o", "-", ">&-"]),
    ("file-table-tform -o - >&-", "file-table-tform", "table", "in.table",
     ["--extract=Code", "IN", "-o", "-", ">&-"]),
]

# A full disk: the command runs with a file size limit (bash's ulimit -f,
# in KiB) and SIGXFSZ at its default, as a shell leaves it: a tool that did
# not ignore it would be killed by it mid-write (leaving temporaries); the
# tools ignore it, so writes past the limit fail (EFBIG) and are reported.
FULL_DISK = 'ulimit -f {}; exec "$@"'
# Standard output closed (>&-) for the command.
CLOSED_STDOUT = 'exec "$@" >&-'


def listing(d):
    out = []
    for dirpath, dirs, files in os.walk(d):
        for name in dirs + files:
            out.append(os.path.relpath(os.path.join(dirpath, name), d))
    return sorted(out)


# How each tool starts its lines on standard error. file-table-tform words
# its errors as upstream's does ("error: ..." through ExitOnError); the
# post-link tools' undefined-function warnings are upstream's
# "warning: ..." lines.
PREFIXES = {"file-table-tform": ("file-table-tform: ", "error: ")}
WARNING = "warning: "


def check_tool(tool, rc, stderr):
    """Problems with a command's exit code and standard error."""
    problems = []
    if rc == "timeout":
        return ["timeout"]
    if rc not in (0, 1):
        problems.append(f"exit code {rc}")
    if "panicked" in stderr:
        problems.append("panic message")
    lines = [l for l in stderr.split("\n") if l != ""]
    prefixes = PREFIXES.get(tool, (f"{tool}: ",)) + (WARNING,)
    unprefixed = [l for l in lines if not l.startswith(prefixes)]
    if unprefixed:
        problems.append("unprefixed stderr: " + unprefixed[0][:120])
    messages = [l for l in lines if not l.startswith(WARNING) and ": warning: " not in l and " NOTE: " not in l]
    if rc == 1 and len(messages) != 1:
        problems.append(f"{len(messages)} error lines")
    elif rc == 1 and lines[-1] != messages[0]:
        problems.append("error line is not the last line")
    return problems


def one_case(args):
    (i, name, tool, kind, in_name, cmd_args, data, tools, client, seed_files, threads, fsize) = args
    work = tempfile.mkdtemp(prefix=f"case{i}-", dir=seed_files["scratch"])
    try:
        out = os.path.join(work, "out")
        os.mkdir(out)
        inp = os.path.join(work, in_name)
        with open(inp, "wb") as f:
            f.write(data)
        # /dev/full through a link: a tool that renamed a file over it (as
        # root) would replace the link, not the system's device.
        full = os.path.join(work, "full")
        os.symlink("/dev/full", full)
        before = listing(work)
        env = dict(os.environ, SPL_THREADS=str(threads))
        if tool is None:
            rc, stdout, stderr = run([client, inp, out], work, env)
            problems = []
            if rc != 0:
                problems.append(f"C client exit code {rc}")
            if stderr.strip():
                problems.append("library printed: " + stderr.strip().split("\n")[0][:120])
            text = stdout.decode("utf-8", "replace")
            for line in text.split("\n"):
                if "BROKEN" in line:
                    problems.append(line[:160])
            run_failed = "run: error" in text
            outcome = "ok" if rc == 0 else str(rc)
            if "run_buffer: ok" in text:
                outcome = "run_buffer ok"
            elif "run_buffer: error" in text:
                outcome = "run_buffer error"
            cmd = [client, inp, out]
        else:
            cmd = [os.path.join(tools, tool)]
            stdout = subprocess.PIPE
            stderr_to = subprocess.PIPE
            stdin_from = subprocess.DEVNULL
            for a in cmd_args:
                if a == "<IN":
                    stdin_from = open(inp, "rb")
                    continue
                if a == ">&-":
                    continue
                if a in (">FULL", ">CLOSED", "2>FULL", "2>CLOSED"):
                    if a.endswith("FULL"):
                        f = open(full, "wb")
                    else:
                        r, w = os.pipe()
                        os.close(r)
                        f = os.fdopen(w, "wb")
                    if a.startswith("2"):
                        stderr_to = f
                    else:
                        stdout = f
                    continue
                a = a.replace("IN", inp).replace("OUT", out)
                a = a.replace("SPV", seed_files["spv"]).replace("PROP", seed_files["prop"])
                if a == "FULL":
                    a = full
                cmd.append(a)
            closed_fd = ">&-" in cmd_args
            if closed_fd:
                cmd = ["bash", "-c", CLOSED_STDOUT, "bash"] + cmd
            if fsize:
                cmd = ["bash", "-c", FULL_DISK.format(fsize), "bash"] + cmd
            rc, _, stderr = run(cmd, work, env, stdout, stderr_to, stdin_from)
            for f in (stdout, stderr_to, stdin_from):
                if f not in (subprocess.PIPE, subprocess.DEVNULL):
                    f.close()
            closed_stdout = ">CLOSED" in cmd_args
            if closed_stdout and rc == -13:
                # Ended by SIGPIPE, as other command-line tools.
                problems = ["stderr after SIGPIPE"] if stderr.strip() else []
                outcome = "SIGPIPE"
            elif stderr_to is not subprocess.PIPE:
                # Standard error is lost: only the exit code can be checked.
                problems = [] if rc in (0, 1) else [f"exit code {rc}"]
                outcome = f"exit {rc}"
            else:
                problems = check_tool(tool, rc, stderr)
                outcome = f"exit {rc}"
                if closed_fd and rc == 0:
                    # These commands print on success: with nowhere to
                    # print, success would be output lost.
                    problems.append("exit 0 with standard output closed (output lost)")
            run_failed = rc == 1 or (closed_stdout and rc == -13)
            outcome += " (disk full)" if fsize else ""
        after = listing(work)
        if run_failed and after != before:
            new = sorted(set(after) - set(before))
            problems.append("left behind: " + ", ".join(new[:4]))
        if not os.path.islink(full):
            problems.append("replaced: the link to /dev/full")
        temps = [p for p in after if ".spl-tmp" in p or ".tmp" in os.path.basename(p)]
        if temps:
            problems.append("temporary left: " + temps[0])
        return (name, outcome, problems, cmd, data, stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=3000, help="number of cases (all commands together)")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--tools", default=os.path.join(REPO, "target", "release"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", default=[],
                    help="run only the commands whose name contains this (repeatable)")
    ap.add_argument("--keep", default=os.path.join(REPO, "target", "fault-campaign", "failures"))
    o = ap.parse_args()
    tools = os.path.abspath(o.tools)
    os.makedirs(os.path.join(REPO, "target", "fault-campaign"), exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="fault-campaign-")
    try:
        client = os.path.join(scratch, "client")
        subprocess.run(["cc", os.path.join(REPO, "scripts", "fault-campaign", "client.c"),
                        "-I", os.path.join(REPO, "tools", "include"),
                        "-I", os.path.join(REPO, "lit", "capi", "Inputs"),
                        "-L", tools, "-lsycl_post_link", f"-Wl,-rpath,{tools}", "-o", client], check=True)
        seeds = make_seeds(tools, scratch)
        seed_files = {"scratch": scratch, "spv": os.path.join(scratch, "seed.spv"),
                      "prop": os.path.join(scratch, "t_0.prop")}
        all_seeds = [s for v in seeds.values() for s in v]
        rng = random.Random(o.seed)
        commands = [c for c in COMMANDS if not o.only or any(w in c[0] for w in o.only)]
        jobs = []
        for i in range(o.cases):
            name, tool, kind, in_name, cmd_args = commands[i % len(commands)]
            data = rng.choice(seeds[kind])
            if rng.random() < 0.95:
                data = mutate(rng, data, all_seeds)
            if in_name.endswith(".ll") and data[:4] == b"BC\xc0\xde":
                in_name = in_name[:-3] + ".bc"
            # One case in five of the commands (not the C client) runs on
            # a "full disk".
            fsize = rng.choice([1, 2, 4, 8]) if tool and rng.random() < 0.2 else 0
            jobs.append((i, name, tool, kind, in_name, cmd_args, data, tools, client, seed_files,
                         1 if i % 2 == 0 else 3, fsize))
        counts = collections.OrderedDict((c[0], collections.Counter()) for c in commands)
        failures = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=o.jobs) as ex:
            for name, outcome, problems, cmd, data, stderr in ex.map(one_case, jobs):
                counts[name]["cases"] += 1
                counts[name][outcome] += 1
                if problems:
                    counts[name]["BROKEN"] += 1
                    failures.append((name, problems, cmd, data, stderr))
        width = max(len(n) for n in counts)
        print(f"fault campaign: {o.cases} cases, seed {o.seed}")
        for name, c in counts.items():
            rest = ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if k not in ("cases", "BROKEN"))
            print(f"  {name:<{width}}  {c['cases']:5} cases  broken {c['BROKEN']:3}  ({rest})")
        kinds = collections.Counter(p.split(":")[0] for _, ps, _, _, _ in failures for p in ps)
        print(f"fault campaign: {len(failures)} broken of {o.cases}" +
              ("" if not kinds else " (" + ", ".join(f"{k}: {v}" for k, v in kinds.most_common()) + ")"))
        if failures:
            shutil.rmtree(o.keep, ignore_errors=True)
            os.makedirs(o.keep)
            for n, (name, problems, cmd, data, stderr) in enumerate(failures):
                base = os.path.join(o.keep, f"{n:04d}")
                with open(base + ".input", "wb") as f:
                    f.write(data)
                with open(base + ".txt", "w") as f:
                    f.write(f"{name}\n{' '.join(cmd)}\n" + "\n".join(problems) + "\n--- stderr\n" + stderr)
                if n < 10:
                    print(f"  {name}: {'; '.join(problems)}", file=sys.stderr)
            print(f"fault campaign: inputs and command lines in {o.keep}", file=sys.stderr)
            return 1
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
