#!/usr/bin/env python3
"""Runs the kernels of examples/gpu/kernels.ll, lowered and compiled to PTX by
build-ptx.sh, on a CUDA GPU through CuPy, the way the SYCL CUDA runtime
launches them, and checks the results against NumPy.

usage: run_on_gpu.py PTX

- offset_kernel is launched plainly (global offset zero) and through its
  `_with_offset` clone with the offset (100, 7, 0), passed by value as the
  clone's last, 12-byte parameter (a structured NumPy scalar);
- reduce_kernel takes its two local accessors as byte offsets into the
  kernel's dynamic shared memory (0 and 4 * work-group size), with the
  dynamic shared-memory size of both; its `_with_offset` clone runs over the
  second half of the input with the offset (number of work-items, 0, 0).

Prints one line per check and exits 1 if any check fails.
"""
import sys

import cupy
import numpy

OFFSET = numpy.dtype([("v", numpy.int32, (3,))])


def global_offset(x, y, z):
    """The `[3 x i32]` byval argument of a `_with_offset` kernel."""
    o = numpy.zeros((), dtype=OFFSET)
    o["v"] = [x, y, z]
    return o


def check(name, got, want):
    ok = got.shape == want.shape and bool((got == want).all())
    detail = "" if ok else " first mismatches: %s" % [
        (int(i), int(got.flat[i]), int(want.flat[i])) for i in numpy.flatnonzero(got != want)[:5]]
    print("%-44s %s%s" % (name, "OK" if ok else "FAIL", detail))
    return ok


def main(ptx):
    dev = cupy.cuda.Device()
    props = cupy.cuda.runtime.getDeviceProperties(dev.id)
    print("device: %s (sm_%d%d), PTX: %s" % (props["name"].decode(), props["major"], props["minor"], ptx))
    module = cupy.RawModule(path=ptx)
    kernel = {n: module.get_function(n) for n in (
        "offset_kernel", "offset_kernel_with_offset", "reduce_kernel", "reduce_kernel_with_offset")}
    ok = True

    # Global id plus implicit offset.
    n, block = 1000, 128
    grid = (n + block - 1) // block
    out = cupy.full(n, -1, dtype=cupy.int32)
    kernel["offset_kernel"]((grid,), (block,), (out, numpy.int32(n)))
    ok &= check("offset_kernel (offset 0,0,0)", out.get(), numpy.arange(n, dtype=numpy.int32))
    out = cupy.full(n, -1, dtype=cupy.int32)
    kernel["offset_kernel_with_offset"]((grid,), (block,), (out, numpy.int32(n), global_offset(100, 7, 0)))
    ok &= check("offset_kernel_with_offset (offset 100,7,0)", out.get(),
                numpy.arange(n, dtype=numpy.int32) + 100 + 1000 * 7)

    # Work-group reduction in two local accessors.
    wg, groups = 256, 64
    items = wg * groups
    data = numpy.random.default_rng(2026).integers(-1000, 1000, size=2 * items, dtype=numpy.int32)
    d_in = cupy.asarray(data)
    local_offsets = (numpy.int32(0), numpy.int32(wg * 4))  # sums, then maxs
    shared_bytes = 2 * wg * 4
    for name, extra, part in (("reduce_kernel", (), data[:items]),
                              ("reduce_kernel_with_offset", (global_offset(items, 0, 0),), data[items:])):
        out = cupy.zeros(2 * groups, dtype=cupy.int32)
        kernel[name]((groups,), (wg,), local_offsets + (d_in, out) + extra, shared_mem=shared_bytes)
        per_group = part.reshape(groups, wg)
        want = numpy.stack([per_group.sum(axis=1), per_group.max(axis=1)], axis=1).reshape(-1).astype(numpy.int32)
        label = "%s (%s)" % (name, "offset %d,0,0" % items if extra else "offset 0,0,0")
        ok &= check(label, out.get(), want)

    print("all checks passed" if ok else "SOME CHECKS FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
