"""Runs the `add_spec_constants` kernel of a SPIR-V device image on the Intel
OpenCL CPU runtime, once with the default specialization-constant values and
once with values set through the OpenCL specialization-constant API by the
IDs that sycl-post-link's property set assigned; checks the output.

usage: run_kernel.py IMAGE.spv IDS.txt
IDS.txt: `sycl-spirv-check` output, `<symbolic id> <SpecId> [<default words>]`
per scalar leaf, in property-set order.
"""
import sys

import numpy as np
import pyopencl as cl

N = 8


def read_ids(path):
    ids = {}
    for line in open(path):
        name, spec_id, _ = line.split(" ", 2)
        ids.setdefault(name, []).append(int(spec_id))
    return ids


def run(ctx, queue, spirv, spec_values):
    raw = cl._cl._create_program_with_il(ctx, spirv)
    for spec_id, value in spec_values.items():
        raw.set_specialization_constant(spec_id, np.int32(value).tobytes())
    raw._build(b"", None)
    prg = cl.Program(raw)
    out = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, N * 4)
    prg.add_spec_constants(queue, (N,), None, out)
    res = np.empty(N, dtype=np.int32)
    cl.enqueue_copy(queue, res, out)
    queue.finish()
    return res


def main():
    spirv = open(sys.argv[1], "rb").read()
    ids = read_ids(sys.argv[2])
    a_x, a_y = ids["uid____A"]
    (b,) = ids["uid____B"]
    platforms = [p for p in cl.get_platforms() if "Intel" in p.name]
    if not platforms:
        print("FAIL: no Intel OpenCL platform", file=sys.stderr)
        return 1
    dev = platforms[0].get_devices(device_type=cl.device_type.CPU)[0]
    print("device:", dev.name.strip(), "|", dev.version)
    ctx = cl.Context([dev])
    queue = cl.CommandQueue(ctx)
    gid = np.arange(N, dtype=np.int32)
    cases = [
        ("defaults", {}, 3 + 4 + 40 + gid),
        ("A.y=10 (SpecId %d), B=100 (SpecId %d)" % (a_y, b), {a_y: 10, b: 100}, 3 + 10 + 100 + gid),
        ("A.x=-5 (SpecId %d)" % a_x, {a_x: -5}, -5 + 4 + 40 + gid),
    ]
    failed = 0
    for label, values, expected in cases:
        got = run(ctx, queue, spirv, values)
        ok = np.array_equal(got, expected)
        failed += not ok
        print("%s: %s -> %s" % ("PASS" if ok else "FAIL", label, got.tolist()))
        if not ok:
            print("  expected", expected.tolist())
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
