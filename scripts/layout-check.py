#!/usr/bin/env python3
"""The layout rules of the workspace, checked on the Rust sources, and its map.

  * no function longer than LIMIT lines (from its `fn` line to its closing
    brace) in any crate of the workspace, the files of `src/bin/` and of a
    crate without `src/` (the C ABI's `tools/capi/`) too;
  * no import circle between the files of one crate, in every crate of the
    workspace (members read from the root `Cargo.toml`);
  * ARCHITECTURE.md's crate table names each crate by its folder and
    package, and its "uses" column (crates of ours, or "all above") is what
    the crate's `Cargo.toml` depends on;
  * outside `ir/`, `process/` and `tools/capi/`, `unsafe` is only a block
    whose body is one call of one of `sycl-ir`'s erasing methods (ERASING).

A file's imports are the `crate::`, `super::` and `self::` paths of its
`use` lines and of qualified paths in its code (brace groups expanded),
resolved to the longest module path that is a file of the crate (the crate
root not counted); a `mod.rs`/`lib.rs`/`main.rs` also imports each of its
own child modules that it names by bare name (`child::x`). Comments, string
literals and `#[cfg(test)]` modules are left out (a unit test may use
anything of its file's parent); `mod x;` declarations are not imports; the
files of `src/bin/` are crates of their own and left out. A circle is a
strongly connected set of two or more files.

    scripts/layout-check.py [--limit 150]   check; exit 1 on a violation
    scripts/layout-check.py --map           the map: each crate (its crate
                                            dependencies), its files (lines,
                                            what each imports), the circles

A brace counter, not a parser: it knows Rust's comments, strings, raw
strings and char literals, which is enough for this workspace.
"""

import argparse
import os
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def strip(src):
    """`src` with comments, strings and char literals blanked out (lines kept)."""
    out, i, n = [], 0, len(src)
    blank = lambda t: re.sub(r"[^\n]", " ", t)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                    if depth == 0:
                        break
                else:
                    j += 1
            out.append(blank(src[i:j]))
            i = j
        elif (m := re.match(r'b?r(#*)"', src[i : i + 10])) and (i == 0 or not src[i - 1].isalnum()):
            end = src.find('"' + m.group(1), i + m.end())
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append(blank(src[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append(blank(src[i : j + 1]))
            i = j + 1
        elif c == "'" and (m := re.match(r"'(\\.[^']*|[^\\'])'", src[i:])):
            out.append(" " * m.end())
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def closing_brace(s, i):
    """The index of the brace that closes the one at `i`."""
    depth = 0
    for k in range(i, len(s)):
        if s[k] == "{":
            depth += 1
        elif s[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(s) - 1


def long_functions(src, limit):
    """(lines, file:line, name) of each function over `limit` lines."""
    rows = []
    for f in sorted(src.rglob("*.rs")):
        s = strip(f.read_text())
        for m in re.finditer(r"\bfn\s+([A-Za-z_]\w*)", s):
            j, depth = m.end(), 0
            while j < len(s) and not (depth == 0 and s[j] in "{;"):
                depth += s[j] in "([" and 1 or (s[j] in ")]" and -1 or 0)
                j += 1
            if j >= len(s) or s[j] == ";":
                continue
            first = s.count("\n", 0, m.start()) + 1
            lines = s.count("\n", 0, closing_brace(s, j)) + 2 - first
            if lines > limit:
                rows.append((lines, f"{f}:{first}", m.group(1)))
    return rows


def without_test_modules(s):
    for m in reversed(list(re.finditer(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{", s))):
        k = closing_brace(s, m.end() - 1)
        s = s[: m.start()] + re.sub(r"[^\n]", " ", s[m.start() : k + 1]) + s[k + 1 :]
    return s


def expand(tree):
    """`a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`."""
    tree = tree.strip()
    i = tree.find("{")
    if i < 0:
        return [tree]
    items, depth, cur = [], 0, ""
    for ch in tree[i + 1 : tree.rindex("}")]:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    items.append(cur)
    return [p for it in items if it.strip() for p in expand(tree[:i] + it.strip())]


def members():
    """(directory, package name, crate dependencies of ours, lib path) of each member."""
    with open(ROOT / "Cargo.toml", "rb") as f:
        ws = tomllib.load(f)["workspace"]
    out = []
    for m in ws["members"]:
        with open(ROOT / m / "Cargo.toml", "rb") as f:
            pkg = tomllib.load(f)
        deps = sorted(d for d in pkg.get("dependencies", {}) if d.startswith("sycl-"))
        out.append((m, pkg["package"]["name"], deps, pkg.get("lib", {}).get("path")))
    return out


def module_files(crate_dir, lib_path):
    """{module path (tuple): file} of the crate's library, `src/bin/` left out."""
    src = crate_dir / "src"
    if lib_path and not lib_path.startswith("src/"):
        # A library outside `src/` (tools/capi/lib.rs): the files beside it
        # are its modules (build scripts and tests not).
        root = crate_dir / lib_path
        mods = {(): root}
        for f in sorted(root.parent.glob("*.rs")):
            if f != root and f.name != "build.rs":
                mods[(f.stem,)] = f
        return mods
    mods = {}
    if not src.is_dir():
        return mods
    for f in sorted(src.rglob("*.rs")):
        parts = f.relative_to(src).with_suffix("").parts
        if parts[0] == "bin":
            continue
        if parts in (("lib",), ("main",)):
            mods[()] = f
        else:
            mods[tuple(parts[:-1] if parts[-1] == "mod" else parts)] = f
    return mods


# The crates whose `unsafe` is their own: LLVM, the operating system, the
# C entry points.
UNSAFE_CRATES = ("ir", "process", "tools/capi")
# What an `unsafe` block may call elsewhere: `sycl-ir`'s methods that erase
# or delete a value (`unsafe fn`s: each one's "Safety" says which handles
# die).
ERASING = (
    "erase_instruction",
    "erase_function",
    "erase_global",
    "delete_body",
    "destroy_if_dead_constant",
    "remove_dead_constant_users",
    "retype_global",
    "wrap_global_array_in_struct",
    "replace_call_adding_args",
)
ERASING_CALL = re.compile(r"\s*[\w.]+\s*\.\s*(?:" + "|".join(ERASING) + r")\s*\([^()]*\)\s*;?\s*")


def unsafe_outside(members_):
    """file:line and what is wrong, for each `unsafe` outside UNSAFE_CRATES
    that is not a block calling one erasing method."""
    out, own = [], ", ".join(c + "/" for c in UNSAFE_CRATES)
    for member, *_ in members_:
        if member in UNSAFE_CRATES:
            continue
        for f in sorted((ROOT / member).rglob("*.rs")):
            rel = f.relative_to(ROOT)
            if any(rel.is_relative_to(c) for c in UNSAFE_CRATES):
                continue
            s = strip(f.read_text())
            for m in re.finditer(r"\bunsafe\b", s):
                where = f"{rel}:{s.count(chr(10), 0, m.start()) + 1}"
                brace = re.compile(r"\s*\{").match(s, m.end())
                if not brace:
                    out.append(f"{where}: `unsafe` that is not a block (only {own} may have it)")
                elif not ERASING_CALL.fullmatch(s, brace.end(), closing_brace(s, brace.end() - 1)):
                    out.append(f"{where}: an `unsafe` block outside {own} must be a single call of one of "
                               f"sycl-ir's erasing methods ({', '.join(ERASING)})")
    return out


PATH = re.compile(r"\b(crate|super|self)((?:\s*::\s*\w+)+)")
USE = re.compile(r"\buse\s+([^;]+);")


def imports(modpath, is_mod, s, mods):
    """The modules of `mods` that the stripped text `s` of `modpath` imports."""
    paths = [p for m in USE.finditer(s) for p in expand(m.group(1))]
    paths += [m.group(0) for m in PATH.finditer(USE.sub("", s))]
    out = set()
    if is_mod:  # a module's own children are in scope by their bare names
        for m in mods:
            if len(m) == len(modpath) + 1 and m[:-1] == modpath:
                if re.search(r"(?<![:\w])" + m[-1] + r"\s*::", s):
                    out.add(m)
    for p in paths:
        segs = [x.strip() for x in re.sub(r"\s+as\s+\w+$", "", p.strip()).split("::")]
        segs = [x for x in segs if x]
        if not segs or segs[0] not in ("crate", "super", "self"):
            continue
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        else:
            base, rest = modpath, segs
            while rest and rest[0] in ("super", "self"):
                if rest[0] == "super":
                    base = base[:-1]
                rest = rest[1:]
        full = base + tuple(rest)
        for k in range(len(full), -1, -1):
            if full[:k] in mods:
                if full[:k] != modpath and len(full[:k]) > 0:
                    out.add(full[:k])
                break
    return out


def import_graph(crate_dir, lib_path):
    """({module: file}, {module: modules it imports}, {module: line count})."""
    mods = module_files(crate_dir, lib_path)
    graph, lines = {}, {}
    for mp, f in sorted(mods.items()):
        text = f.read_text()
        lines[mp] = text.count("\n")
        is_mod = f.name in ("mod.rs", "lib.rs", "main.rs") or mp == ()
        graph[mp] = imports(mp, is_mod, without_test_modules(strip(text)), mods)
    return mods, graph, lines


def cycles(nodes, edges):
    """Strongly connected components of two nodes or more (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def architecture_table():
    """{folder: (package or None, set of crates of ours it says it uses)}
    from ARCHITECTURE.md's crate table; "all above" is every crate of the
    rows before."""
    rows, above = {}, []
    for line in (ROOT / "ARCHITECTURE.md").read_text().splitlines():
        m = re.match(r"\| `([\w/]+)/`(?: \(`([\w-]+)`\))? \|.*\| ([^|]+) \|$", line)
        if not m:
            continue
        folder, pkg, uses = m.group(1), m.group(2), m.group(3).strip()
        if uses == "all above":
            names = set(above)
        elif uses == "—":
            names = set()
        else:
            names = {f"sycl-{u}" for u in re.findall(r"`(\w+)`", uses)}
        rows[folder] = (pkg, names)
        if pkg:
            above.append(pkg)
    return rows


def check_table(members_):
    """The differences between ARCHITECTURE.md's crate table and the
    workspace, one line each."""
    rows, out = architecture_table(), []
    for member, pkg, deps, _ in members_:
        if member not in rows:
            out.append(f"ARCHITECTURE.md: no row for the crate {member}/ ({pkg})")
            continue
        said_pkg, said = rows[member]
        if said_pkg != pkg:
            out.append(f"ARCHITECTURE.md: {member}/ is the package {pkg}, the table says {said_pkg}")
        if said != set(deps):
            out.append(f"ARCHITECTURE.md: {member}/ uses {', '.join(deps) or 'none of ours'}; "
                       f"the table says {', '.join(sorted(said)) or 'none'}")
    for folder in sorted(set(rows) - {m for m, *_ in members_}):
        out.append(f"ARCHITECTURE.md: a row for {folder}/, which is not a crate of the workspace")
    return out


def name(modpath):
    return "::".join(modpath) or "(root)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("--map", action="store_true", help="print the map of crates, files and imports")
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    bad = False
    circles = []
    for member, pkg, deps, lib in members():
        d = ROOT / member
        mods, graph, lines = import_graph(d, lib)
        for comp in cycles(sorted(graph), graph):
            circles.append((pkg, comp, graph))
        if a.map:
            print(f"{pkg} ({member}/, {sum(lines.values())} lines) -> {', '.join(deps) or 'no crate of ours'}")
            for mp, f in sorted(mods.items()):
                if mp == ():
                    continue
                uses = ", ".join(name(u) for u in sorted(graph[mp]) if u != ())
                print(f"  {os.path.relpath(f, d):34} {lines[mp]:5}  {('uses ' + uses) if uses else ''}")
        else:
            src = d / "src" if (d / "src").is_dir() else d
            for n, where, fn in sorted(long_functions(src, a.limit), reverse=True):
                print(f"{os.path.relpath(where, ROOT)}: fn {fn} is {n} lines (limit {a.limit})")
                bad = True
    if not a.map:
        for line in check_table(members()) + unsafe_outside(members()):
            print(line)
            bad = True
    for pkg, comp, graph in circles:
        members_ = set(comp)
        arrows = [f"{name(x)} -> {name(y)}" for x in comp for y in sorted(graph.get(x, ())) if y in members_]
        print(f"import circle in {pkg}: {'; '.join(arrows)}")
        bad = True
    if a.map and not circles:
        print("no import circle between files in any crate")
    return 1 if bad and not a.map else 0


if __name__ == "__main__":
    sys.exit(main())
