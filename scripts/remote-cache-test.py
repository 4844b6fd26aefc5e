#!/usr/bin/env python3
"""The remote code cache against a real server (issue 42): nginx from
Debian (`nginx-core`, WebDAV `dav_methods PUT`) on 127.0.0.1, installed if
missing and started and stopped here, and small servers of this script's
own for the failures nginx does not make.

- machine A (a local cache folder of its own) links and fills the remote;
  machine B (an empty local folder) relinks and hits; both outputs are the
  bytes of a `--no-cache` build;
- the server answering 500, answering slowly, sending another entry's
  bytes, and killed in the middle of a link: each a miss with at most one
  warning, and the build's bytes are those of `--no-cache`;
- `--remote-cache-read-only` writes nothing to the server; a remote cache
  without the team's key is a one-line error.

Usage: scripts/remote-cache-test.py [--tools target/release]
"""

import argparse
import http.server
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SPL_SHARED") or os.path.join(os.path.dirname(REPO), "shared")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import Failures  # noqa: E402

fail = Failures("remote-cache-test")
WARNING = "sycl-link: warning: "



def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ensure_nginx():
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if nginx:
        return nginx
    print("remote-cache-test: installing nginx-core", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = sudo + ["apt-get", "install", "-y", "-q", "nginx-core"]
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode != 0:
        # A fresh machine's package lists may be empty or stale.
        subprocess.run(sudo + ["apt-get", "update", "-q"], check=True, env=env, stdout=subprocess.DEVNULL)
        subprocess.run(install, check=True, env=env, stdout=subprocess.DEVNULL)
    # Debian starts the packaged service on port 80: not ours.
    subprocess.run(sudo + ["service", "nginx", "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return shutil.which("nginx") or "/usr/sbin/nginx"


class Nginx:
    """nginx serving `store` with WebDAV PUT on a free loopback port."""

    def __init__(self, nginx, work):
        self.nginx, self.work = nginx, work
        self.store = os.path.join(work, "store")
        os.makedirs(self.store, exist_ok=True)
        os.chmod(self.store, 0o777)
        self.port = free_port()
        conf = os.path.join(work, "nginx.conf")
        user = "user root;" if os.geteuid() == 0 else ""
        with open(conf, "w") as f:
            f.write(f"""{user}
daemon off;
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {work}/body;
  proxy_temp_path {work}/proxy;
  fastcgi_temp_path {work}/fastcgi;
  uwsgi_temp_path {work}/uwsgi;
  scgi_temp_path {work}/scgi;
  server {{
    listen 127.0.0.1:{self.port};
    root {self.store};
    client_max_body_size 0;
    location / {{
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:rw all:r;
    }}
  }}
}}
""")
        self.conf = conf
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([self.nginx, "-c", self.conf, "-p", self.work],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("remote-cache-test: nginx did not start")

    def kill(self):
        """SIGKILL to nginx and its workers at once."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def entries(self):
        d = os.path.join(self.store, "ac")
        return sorted(os.listdir(d)) if os.path.isdir(d) else []

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


class Misbehaving(http.server.BaseHTTPRequestHandler):
    """A server that answers 500, or answers after `delay` seconds."""
    status = 500
    delay = 0.0

    def log_message(self, *args):
        pass

    def answer(self):
        time.sleep(self.delay)
        body = b"no"
        try:
            self.send_response(self.status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            pass

    def do_GET(self):
        self.answer()

    def do_PUT(self):
        n = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(n)
        self.answer()


def serve(status, delay):
    handler = type("H", (Misbehaving,), {"status": status, "delay": delay})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def link(tools, module, out, local=None, extra=(), expect_rc=0, case=""):
    cmd = [os.path.join(tools, "sycl-link"), module, "-o", out, "--module-split-mode=source"]
    cmd += [f"--cache-dir={local}"] if local else ["--no-cache"]
    cmd += list(extra)
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    took = time.time() - t0
    if p.returncode != expect_rc:
        fail(case, f"exit {p.returncode}: {p.stderr.strip()}")
    return p.stderr.splitlines(), took


def same(case, a, b):
    if open(a, "rb").read() != open(b, "rb").read():
        fail(case, f"{b} differs from the build without the cache")


def hits(tools, local):
    out = subprocess.run([os.path.join(tools, "syclbin"), "cache", f"--cache-dir={local}"],
                         capture_output=True, text=True, check=True).stdout
    return int(next(l.split()[1] for l in out.splitlines() if l.startswith("hits:")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tools", default=os.path.join(REPO, "target", "release"))
    args = ap.parse_args()
    tools = os.path.abspath(args.tools)
    gen = os.path.join(SHARED, "bench", "gen-module.py")
    nginx_bin = ensure_nginx()
    work = tempfile.mkdtemp(prefix="spl-remote-")
    server = Nginx(nginx_bin, os.path.join(work, "nginx"))
    try:
        module = os.path.join(work, "m.ll")
        with open(module, "w") as f:
            subprocess.run([sys.executable, gen, "--kernels", "300", "--sources", "6"], stdout=f, check=True)
        key = os.path.join(work, "team.key")
        with open(key, "wb") as f:
            f.write(os.urandom(32))
        ref = os.path.join(work, "ref.syclbin")
        _, cold = link(tools, module, ref, case="reference")
        server.start()
        remote = [f"--cache-key-file={key}", f"--remote-cache={server.url}"]

        case = "machine A fills the remote"
        warn, _ = link(tools, module, os.path.join(work, "a.syclbin"), os.path.join(work, "A"), remote, case=case)
        same(case, ref, os.path.join(work, "a.syclbin"))
        if not server.entries() or warn:
            fail(case, f"{len(server.entries())} entries on the server, stderr {warn}")
        print(f"ok {case}: {len(server.entries())} entries", flush=True)

        case = "machine B (empty local folder) hits the remote"
        b = os.path.join(work, "B")
        warn, took = link(tools, module, os.path.join(work, "b.syclbin"), b, remote, case=case)
        same(case, ref, os.path.join(work, "b.syclbin"))
        if warn or hits(tools, b) < 1:
            fail(case, f"stderr {warn}, hits {hits(tools, b)}")
        print(f"ok {case} ({took:.2f} s; cold {cold:.2f} s)", flush=True)

        case = "an edit on machine B: unchanged images from the remote"
        edited = os.path.join(work, "edited.ll")
        text = open(module).read()
        with open(edited, "w") as f:
            f.write(text.replace("add i32", "sub i32", 1))
        ref_edit = os.path.join(work, "ref-edit.syclbin")
        link(tools, edited, ref_edit, case=case)
        b2 = os.path.join(work, "B2")
        warn, took = link(tools, edited, os.path.join(work, "b2.syclbin"), b2, remote, case=case)
        same(case, ref_edit, os.path.join(work, "b2.syclbin"))
        if warn or hits(tools, b2) < 1:
            fail(case, f"stderr {warn}, hits {hits(tools, b2)}")
        print(f"ok {case} ({took:.2f} s)", flush=True)

        case = "read only: nothing is written to the server"
        before = server.entries()
        ro = os.path.join(work, "RO")
        link(tools, edited.replace("edited", "edited"), os.path.join(work, "ro.syclbin"), ro,
             remote + ["--remote-cache-read-only", "--codegen-opt-level=1"], case=case)
        if server.entries() != before:
            fail(case, "the server got entries")
        print(f"ok {case}", flush=True)

        case = "the server sends another entry's bytes"
        names = server.entries()
        first = open(os.path.join(server.store, "ac", names[0]), "rb").read()
        for n in names[1:]:
            with open(os.path.join(server.store, "ac", n), "wb") as f:
                f.write(first)
        with open(os.path.join(server.store, "ac", names[0]), "wb") as f:
            f.write(open(os.path.join(server.store, "ac", names[-1]), "rb").read()[:100] + b"x" * 50)
        c = os.path.join(work, "C")
        warn, _ = link(tools, module, os.path.join(work, "c.syclbin"), c, remote, case=case)
        same(case, ref, os.path.join(work, "c.syclbin"))
        if len(warn) != 1 or "is damaged or was not written under this cache's key" not in warn[0] \
                or not warn[0].startswith(WARNING):
            fail(case, f"stderr {warn}")
        print(f"ok {case}", flush=True)

        case = "the server is killed in the middle of a link"
        big = os.path.join(work, "big.ll")
        with open(big, "w") as f:
            subprocess.run([sys.executable, gen, "--kernels", "600", "--sources", "12", "--seed", "3"],
                           stdout=f, check=True)
        ref_big = os.path.join(work, "ref-big.syclbin")
        _, cold_big = link(tools, big, ref_big, case=case)
        d = os.path.join(work, "D")
        cmd = [os.path.join(tools, "sycl-link"), big, "-o", os.path.join(work, "d.syclbin"),
               "--module-split-mode=source", f"--cache-dir={d}"] + remote
        p = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
        time.sleep(cold_big * 0.3)
        server.kill()
        _, err = p.communicate()
        if p.returncode != 0:
            fail(case, f"exit {p.returncode}: {err}")
        else:
            same(case, ref_big, os.path.join(work, "d.syclbin"))
        lines = err.splitlines()
        if len(lines) != 1 or "not used for the rest of this run" not in lines[0]:
            fail(case, f"stderr {lines}")
        print(f"ok {case}: {lines}", flush=True)

        for status, delay, what in ((500, 0.0, "answers 500"), (200, 10.0, "answers after 10 s")):
            case = f"the server {what}"
            srv, url = serve(status, delay)
            e = os.path.join(work, f"E{status}")
            warn, took = link(tools, module, os.path.join(work, f"e{status}.syclbin"), e,
                              [f"--cache-key-file={key}", f"--remote-cache={url}"], case=case)
            srv.shutdown()
            same(case, ref, os.path.join(work, f"e{status}.syclbin"))
            if len(warn) != 1 or "not used for the rest of this run" not in warn[0]:
                fail(case, f"stderr {warn}")
            # One request's deadline (1 s of silence) beyond a cold build,
            # and this machine's noise.
            if took > cold + 2.5:
                fail(case, f"{took:.1f} s against {cold:.1f} s cold")
            print(f"ok {case}: {took:.2f} s (cold {cold:.2f} s)", flush=True)

        case = "a remote cache without the team's key"
        warn, _ = link(tools, module, os.path.join(work, "x.syclbin"), os.path.join(work, "X"),
                       [f"--remote-cache={server.url}"], expect_rc=1, case=case)
        if len(warn) != 1 or "needs the team's key" not in warn[0] or os.path.exists(os.path.join(work, "x.syclbin")):
            fail(case, f"stderr {warn}")
        print(f"ok {case}", flush=True)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    fail.finish()


if __name__ == "__main__":
    main()
