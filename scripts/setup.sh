#!/usr/bin/env bash
# Installs what is missing on a fresh Debian bookworm machine (as root, or
# with sudo) and builds the toolkit in release mode. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
# libhwloc15: the SYCL runtime's OpenCL adapter needs it (scripts/syclbin-e2e-test.sh).
# valgrind: the C ABI's leak check (lit/capi/valgrind.test).
# cmake, pkg-config, g++: the installed-prefix consumer (lit/install/install.test).
for pkg in llvm-22-dev llvm-22-tools clang-22 libzstd-dev spirv-tools libhwloc15 valgrind cmake pkg-config g++; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
done
# The real-device test builds a Python virtual environment.
if ! python3 -c "import venv, ensurepip" 2>/dev/null; then
  need_apt+=(python3-venv)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need_apt[@]}"
fi
if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (rustup) first" >&2
  exit 1
fi
cargo build --release --workspace
# What programs linking libsycl_post_link.a need besides it (for
# scripts/install.sh's pkg-config and CMake files).
scripts/static-libs.sh target/release
# The C library's SONAME beside the file cargo writes, so that programs
# linked against target/release find it (scripts/install.sh installs the
# library with its links).
ln -sf libsycl_post_link.so target/release/libsycl_post_link.so.0.1
