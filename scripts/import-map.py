#!/usr/bin/env python3
"""The map of the workspace: its crates, each crate's files (lines, what
each imports from its own crate), the crates each depends on, and every
import circle between files inside a crate.

    scripts/import-map.py            the map, then the circles
    scripts/import-map.py --check    only the circles; exit 1 if there is one

A file's imports are the `crate::`, `super::` and `self::` paths of its
`use` lines and of qualified paths in its code (brace groups expanded),
resolved to the longest module path that is a file of the crate; its
`#[cfg(test)]` modules are left out (a unit test may use anything of its
file's parent). `mod x;` declarations are not imports. A circle is a
strongly connected set of two or more files.
"""
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def members():
    with open(os.path.join(ROOT, "Cargo.toml"), "rb") as f:
        ws = tomllib.load(f)["workspace"]
    out = []
    for m in ws["members"]:
        with open(os.path.join(ROOT, m, "Cargo.toml"), "rb") as f:
            pkg = tomllib.load(f)
        deps = sorted(
            d for d in pkg.get("dependencies", {}) if d.startswith("sycl-")
        )
        lib = pkg.get("lib", {}).get("path")
        out.append((m, pkg["package"]["name"], deps, lib))
    return out


def module_files(crate_dir, lib_path):
    """{module path (tuple): file} for the crate's library, src/bin excluded."""
    src = os.path.join(crate_dir, "src")
    mods = {}
    if lib_path and not lib_path.startswith("src/"):
        mods[()] = os.path.join(crate_dir, lib_path)
        return mods
    if not os.path.isdir(src):
        return mods
    for dirpath, dirnames, filenames in os.walk(src):
        rel = os.path.relpath(dirpath, src)
        if rel.split(os.sep)[0] in ("bin",):
            continue
        parts = () if rel == "." else tuple(rel.split(os.sep))
        for fn in filenames:
            if not fn.endswith(".rs"):
                continue
            stem = fn[:-3]
            if parts == () and stem in ("lib", "main"):
                mods[()] = os.path.join(dirpath, fn)
            elif stem == "mod":
                mods[parts] = os.path.join(dirpath, fn)
            else:
                mods[parts + (stem,)] = os.path.join(dirpath, fn)
    return mods


TEST_MOD = re.compile(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{")


def strip_tests_and_comments(text):
    m = TEST_MOD.search(text)
    if m:  # the test module: from its start to its closing brace
        depth, i = 0, m.end() - 1
        while i < len(text):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        text = text[: m.start()] + text[i + 1 :]
    text = re.sub(r"//[^\n]*", "", text)
    return text


def expand(path):
    """`a::{b, c::{d, e}}` -> [a::b, a::c::d, a::c::e]."""
    path = re.sub(r"\s+", "", path)
    i = path.find("{")
    if i < 0:
        return [path]
    depth, j = 0, i
    while j < len(path):
        if path[j] == "{":
            depth += 1
        elif path[j] == "}":
            depth -= 1
            if depth == 0:
                break
        j += 1
    head, body, tail = path[:i], path[i + 1 : j], path[j + 1 :]
    items, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    items.append(cur)
    out = []
    for it in items:
        if it:
            out += expand(head + it + tail)
    return out


PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+|::\{)")
USE = re.compile(r"\buse\s+([^;]+);")


def imports(modpath, file_is_mod, text, mods):
    text = strip_tests_and_comments(text)
    paths = []
    for m in USE.finditer(text):
        paths += expand(m.group(1))
    for m in PATH.finditer(USE.sub("", text)):
        if not m.group(2).endswith("{"):
            paths.append(m.group(1) + m.group(2))
    out = set()
    if file_is_mod:  # a module's own children are in scope by their bare names
        for m in mods:
            if len(m) == len(modpath) + 1 and m[:-1] == modpath:
                if re.search(r"(?<![:\w])" + m[-1] + r"::", text):
                    out.add(m)
    for p in paths:
        segs = [s for s in p.split("::") if s]
        if not segs or segs[0] not in ("crate", "super", "self"):
            continue
        if segs[0] == "crate":
            base, rest = (), segs[1:]
        else:
            base = modpath
            rest = segs
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


def sccs(graph):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def name(modpath):
    return "::".join(modpath) or "(root)"


def main():
    check = "--check" in sys.argv[1:]
    circles = []
    for member, pkg, deps, lib in members():
        d = os.path.join(ROOT, member)
        mods = module_files(d, lib)
        graph = {}
        rows = []
        for mp, f in sorted(mods.items()):
            with open(f) as fh:
                text = fh.read()
            is_mod = f.endswith(("mod.rs", "lib.rs", "main.rs")) or mp == ()
            graph[mp] = imports(mp, is_mod, text, mods)
            rows.append((mp, f, text.count("\n")))
        for c in sccs(graph):
            circles.append((pkg, c))
        if check:
            continue
        total = sum(r[2] for r in rows)
        print(f"{pkg} ({member}/, {total} lines) -> {', '.join(deps) or 'no crate of ours'}")
        for mp, f, n in rows:
            if mp == ():
                continue
            uses = ", ".join(name(u) for u in sorted(graph[mp]) if u != ())
            print(f"  {os.path.relpath(f, d):34} {n:5}  {('uses ' + uses) if uses else ''}")
    if circles:
        for pkg, c in circles:
            print(f"import circle in {pkg}: {' <-> '.join(name(m) for m in c)}")
    elif not check:
        print("no import circle between files in any crate")
    return 1 if (check and circles) else 0


if __name__ == "__main__":
    sys.exit(main())
