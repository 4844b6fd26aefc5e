# Sourced by the scripts that run Intel's SYCL runtime
# (scripts/syclbin-e2e-test.sh, scripts/runtime-build-check.sh,
# scripts/clang-driver-e2e-test.sh): installs the runtime in the venv $VENV
# when it lacks it, checks libhwloc, and defines use_cpu_device. Needs
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
# use_cpu_device DIR: makes this shell's programs find the runtime and its
# OpenCL CPU device (an ICD file in DIR/icd naming the venv's libintelocl).
use_cpu_device() {
  mkdir -p "$1/icd" && echo "$VENV/lib/libintelocl.so" > "$1/icd/intel.icd"
  export OCL_ICD_VENDORS="$1/icd" LD_LIBRARY_PATH="$VENV/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}
