#!/usr/bin/env python3
"""Two layout rules of the workspace, checked on the Rust sources:

  * no function longer than LIMIT lines (from its `fn` line to its closing
    brace) in the pipeline crates;
  * no import circle between the files of one crate: the graph of each
    file's `use crate::`/`super::`/`self::` trees and inline `crate::`/
    `super::` paths (comments, string literals and `#[cfg(test)]` modules
    left out; a path goes to the file of its longest module prefix), and
    its strongly connected components of two files or more.

    scripts/layout-check.py [--limit 150] [CRATE_SRC ...]

The default crates are the pipeline's: postlink, passes, split, spirv
(their `src/`; the files of `src/bin/`, each its own crate, count for the
function lengths only). Prints each violation; exit status 0
when there is none, 1 otherwise. A brace counter, not a parser: it knows
Rust's comments, strings, raw strings and char literals, which is enough
for this workspace.
"""

import argparse
import pathlib
import re
import sys

PIPELINE = ["postlink/src", "passes/src", "split/src", "spirv/src"]


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


def rust_files(src):
    return [f for f in sorted(src.rglob("*.rs")) if "bin" not in f.relative_to(src).parts]


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


def module_of(src, f):
    parts = list(f.relative_to(src).with_suffix("").parts)
    if parts in (["lib"], ["main"]):
        return ()
    return tuple(parts[:-1] if parts[-1] == "mod" else parts)


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


def import_graph(src):
    files = rust_files(src)
    modules = {module_of(src, f): f for f in files}
    edges = {}
    for f in files:
        me = module_of(src, f)
        here = list(me) if f.name in ("mod.rs", "lib.rs", "main.rs") else list(me[:-1])
        s = without_test_modules(strip(f.read_text()))
        paths = [p for m in re.finditer(r"\buse\s+([^;]+);", s) for p in expand(m.group(1))]
        rest = re.sub(r"\buse\s+[^;]+;", "", s)
        paths += re.findall(r"\b(?:crate|super)(?:\s*::\s*\w+)+", rest)
        for p in paths:
            segs = [x.strip() for x in re.sub(r"\s+as\s+\w+$", "", p).split("::")]
            if segs[0] == "crate":
                full = segs[1:]
            elif segs[0] == "self":
                full = list(me) + segs[1:]
            elif segs[0] == "super":
                base = here
                while segs and segs[0] == "super":
                    base, segs = base[:-1], segs[1:]
                full = base + segs
            else:
                continue
            target = next((tuple(full[:k]) for k in range(len(full), -1, -1) if tuple(full[:k]) in modules), None)
            if target is not None and target != me:
                edges.setdefault(me, set()).add(target)
    return modules, edges


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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=150)
    ap.add_argument("crates", nargs="*", default=PIPELINE)
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    bad = False
    name = lambda m: "::".join(m) or "lib"
    for crate in a.crates:
        src = pathlib.Path(crate)
        for lines, where, fn in sorted(long_functions(src, a.limit), reverse=True):
            print(f"{where}: fn {fn} is {lines} lines (limit {a.limit})")
            bad = True
        modules, edges = import_graph(src)
        for comp in cycles(modules, edges):
            members = set(comp)
            arrows = [f"{name(x)} -> {name(y)}" for x in comp for y in sorted(edges.get(x, ())) if y in members]
            print(f"{crate}: import circle: {'; '.join(arrows)}")
            bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
