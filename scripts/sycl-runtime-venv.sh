# Sourced by the scripts that run Intel's SYCL runtime
# (scripts/syclbin-e2e-test.sh, scripts/runtime-build-check.sh): installs the
# runtime in the venv $VENV when it lacks it, and checks libhwloc. Needs
# `say` defined. ../shared/research/real-clients.md gives the set-up.
# The runtime: SYCL 2026.2 with the OpenCL CPU device. intel-cmplr-lib-ur
# 2026.2.0 has no OpenCL adapter; 2026.1.2 has one with the same UR ABI.
if [ ! -e "$VENV/lib/libsycl.so.9" ] || [ ! -e "$VENV/lib/libur_adapter_opencl.so.0" ] \
  || [ ! -e "$VENV/lib/libintelocl.so" ] || [ ! -e "$VENV/lib/libtbb.so.12" ]; then
  [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --no-deps intel-sycl-rt==2026.2.0 intel-opencl-rt==2026.2.0 \
    intel-cmplr-lib-rt==2026.2.0 intel-cmplr-lib-ur==2026.1.2 umf==1.2.0
  "$VENV/bin/pip" install --quiet "tbb==2023.*"
fi
if [ ! -e "$VENV/lib/libhwloc.so.15" ] && ! ldconfig -p 2>/dev/null | grep -q libhwloc.so.15; then
  say "libhwloc.so.15 not found (apt-get install libhwloc15; scripts/setup.sh does)"; exit 1
fi
