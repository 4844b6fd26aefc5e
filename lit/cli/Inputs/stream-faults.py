#!/usr/bin/env python3
"""Runs a command with its standard output or standard error broken, and
prints how it ended and what it wrote to the other stream.

usage: stream-faults.py <out|err> <closed|full> <command> [args...]

closed: a pipe whose reader is already gone (EPIPE, SIGPIPE on write);
full:   /dev/full (ENOSPC on write).
"""
import os
import signal
import subprocess
import sys

stream, fault, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
if fault == "closed":
    r, w = os.pipe()
    os.close(r)
    target = w
else:
    target = os.open("/dev/full", os.O_WRONLY)
# The child gets the signal dispositions of a shell (Python ignores SIGPIPE).
kw = dict(restore_signals=True)
if stream == "out":
    p = subprocess.run(cmd, stdout=target, stderr=subprocess.PIPE, **kw)
    other = p.stderr
else:
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=target, **kw)
    other = p.stdout
os.close(target)
rc = p.returncode
how = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit {rc}"
print(f"ended by {how}")
text = other.decode(errors="replace")
lines = text.splitlines()
print(f"other stream: {len(lines)} line(s)")
for l in lines:
    print(f"| {l}")
