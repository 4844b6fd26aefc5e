#!/usr/bin/env bash
# Installs the toolkit under a prefix, as a build system expects to find it:
#   <prefix>/bin/                 the tools, stripped
#   <prefix>/include/sycl_post_link.h
#   <prefix>/lib/libsycl_post_link.so.<version> (stripped), .so.<soname
#                                 version> and .so links; libsycl_post_link.a;
#                                 libsycl_tools.so/.a, the former names, as
#                                 links (kept for this release only)
#   <prefix>/lib/pkgconfig/sycl-post-link.pc
#   <prefix>/lib/cmake/SyclPostLink/  find_package(SyclPostLink) config,
#                                 targets SyclPostLink::sycl_post_link (shared)
#                                 and SyclPostLink::sycl_post_link_static
#   <prefix>/share/doc/sycl-post-link-rs/  LICENSE, README.md
#   <prefix>/libexec/sycl-post-link-rs/clang-sycl-linker
#                                 a link to bin/sycl-link, alone in its folder:
#                                 put that folder first on PATH and upstream
#                                 clang's `-fsycl` driver runs sycl-link as its
#                                 SYCL device linker (docs/upstream-clang.md);
#                                 LLVM's own clang-sycl-linker is never touched
#
# Usage: scripts/install.sh --prefix DIR [--no-build] [--build-dir DIR]
#   --no-build   install what target/release holds (after scripts/setup.sh)
#   --build-dir  where the release build is (default target/release)
#   --tools-build-dir  where the tools are taken from (default
#                target/static/release: the tools linked with LLVM's static
#                archives, SPL_LLVM_LINK=static, which hold less memory; built
#                here unless --no-build; with --no-build and no such build,
#                the --build-dir tools)
# With -v, prints each command it runs.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=""
build=1
build_dir=target/release
tools_dir=""
verbose=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --no-build) build=0; shift ;;
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --build-dir=*) build_dir=${1#--build-dir=}; shift ;;
    --tools-build-dir) tools_dir=${2:?--tools-build-dir needs a directory}; shift 2 ;;
    --tools-build-dir=*) tools_dir=${1#--tools-build-dir=}; shift ;;
    -v) verbose=1; shift ;;
    -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: error: unknown argument '$1' (try --help)" >&2; exit 1 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: error: --prefix DIR is required" >&2; exit 1; }
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

run() { [ "$verbose" = 1 ] && echo "+ $*" >&2; "$@"; }

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
major=${version%%.*}; rest=${version#*.}; minor=${rest%%.*}
# A 0.x release breaks its ABI with each minor version (tools/capi/build.rs).
if [ "$major" = 0 ]; then soversion="0.$minor"; else soversion="$major"; fi
soname="libsycl_post_link.so.$soversion"
llvm_prefix=${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}

if [ "$build" = 1 ]; then
  run cargo build --release --workspace
  if [ -z "$tools_dir" ]; then
    run env SPL_LLVM_LINK=static cargo build --release -p sycl-tools --bins --target-dir target/static
  fi
fi
if [ -z "$tools_dir" ]; then
  tools_dir=target/static/release
  [ -f "$tools_dir/sycl-post-link" ] || tools_dir=$build_dir
fi
# What a program linking the static library needs besides it, as rustc
# reports it for this build (libLLVM, the C++ runtime of the shims, libc's):
# recorded by scripts/setup.sh after its build, or here when building.
static_libs_file="$build_dir/sycl_post_link.static-libs"
if [ ! -s "$static_libs_file" ] || [ "$build" = 1 ]; then
  if [ "$build" = 0 ]; then
    echo "install.sh: error: $static_libs_file: missing (run scripts/setup.sh, or install without --no-build)" >&2
    exit 1
  fi
  run scripts/static-libs.sh "$build_dir"
fi
static_libs=$(cat "$static_libs_file")

tools="sycl-post-link sycl-module-split file-table-tform syclbin sycl-link sycl-opt sycl-spirv-emit"
for t in $tools; do
  [ -f "$tools_dir/$t" ] || { echo "install.sh: error: $tools_dir/$t: not built (run scripts/setup.sh)" >&2; exit 1; }
done
for t in libsycl_post_link.so libsycl_post_link.a; do
  [ -f "$build_dir/$t" ] || { echo "install.sh: error: $build_dir/$t: not built (run scripts/setup.sh)" >&2; exit 1; }
done
strip_tool=$(command -v strip || command -v llvm-strip-22)

run install -d "$prefix/bin" "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/SyclPostLink" \
  "$prefix/share/doc/sycl-post-link-rs"
for t in $tools; do
  run install -m 755 "$tools_dir/$t" "$prefix/bin/$t"
  run "$strip_tool" --strip-all "$prefix/bin/$t"
done
run install -m 644 tools/include/sycl_post_link.h "$prefix/include/"
run install -m 755 "$build_dir/libsycl_post_link.so" "$prefix/lib/libsycl_post_link.so.$version"
run "$strip_tool" --strip-unneeded "$prefix/lib/libsycl_post_link.so.$version"
run ln -sfn "libsycl_post_link.so.$version" "$prefix/lib/$soname"
run ln -sfn "$soname" "$prefix/lib/libsycl_post_link.so"
run install -m 644 "$build_dir/libsycl_post_link.a" "$prefix/lib/libsycl_post_link.a"
run "$strip_tool" --strip-debug "$prefix/lib/libsycl_post_link.a"
# The former names, for one release.
run ln -sfn "$soname" "$prefix/lib/libsycl_tools.so"
run ln -sfn libsycl_post_link.a "$prefix/lib/libsycl_tools.a"
run install -m 644 LICENSE README.md "$prefix/share/doc/sycl-post-link-rs/"
# sycl-link under the name upstream clang's driver looks for on PATH, in a
# folder of its own (putting bin/ first on PATH changes nothing for clang).
run install -d "$prefix/libexec/sycl-post-link-rs"
run ln -sfn ../../bin/sycl-link "$prefix/libexec/sycl-post-link-rs/clang-sycl-linker"

cat > "$prefix/lib/pkgconfig/sycl-post-link.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: sycl-post-link
Description: SYCL device code post-link step (split, properties, SYCLBIN) as a C library
Version: $version
URL: file://$prefix/share/doc/sycl-post-link-rs/README.md
Cflags: -I\${includedir}
Libs: -L\${libdir} -lsycl_post_link -Wl,-rpath,\${libdir}
Libs.private: -L$llvm_prefix/lib -Wl,-rpath,$llvm_prefix/lib $static_libs
PC

cmake_dir="$prefix/lib/cmake/SyclPostLink"
cat > "$cmake_dir/SyclPostLinkConfig.cmake" <<CMAKE
# find_package(SyclPostLink) for the sycl-post-link toolkit's C library.
# Targets: SyclPostLink::sycl_post_link (shared, the default choice) and
# SyclPostLink::sycl_post_link_static. Variables: SyclPostLink_VERSION,
# SyclPostLink_INCLUDE_DIRS, SyclPostLink_TOOLS_DIR (the commands).
get_filename_component(_spl_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(SyclPostLink_VERSION $version)
set(SyclPostLink_INCLUDE_DIRS "\${_spl_prefix}/include")
set(SyclPostLink_TOOLS_DIR "\${_spl_prefix}/bin")
if(NOT TARGET SyclPostLink::sycl_post_link)
  add_library(SyclPostLink::sycl_post_link SHARED IMPORTED)
  set_target_properties(SyclPostLink::sycl_post_link PROPERTIES
    IMPORTED_LOCATION "\${_spl_prefix}/lib/libsycl_post_link.so.$version"
    IMPORTED_SONAME "$soname"
    INTERFACE_INCLUDE_DIRECTORIES "\${_spl_prefix}/include")
  separate_arguments(_spl_static_libs UNIX_COMMAND "$static_libs")
  add_library(SyclPostLink::sycl_post_link_static STATIC IMPORTED)
  set_target_properties(SyclPostLink::sycl_post_link_static PROPERTIES
    IMPORTED_LOCATION "\${_spl_prefix}/lib/libsycl_post_link.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${_spl_prefix}/include"
    INTERFACE_LINK_DIRECTORIES "$llvm_prefix/lib"
    INTERFACE_LINK_OPTIONS "-Wl,-rpath,$llvm_prefix/lib"
    INTERFACE_LINK_LIBRARIES "\${_spl_static_libs}")
endif()
unset(_spl_prefix)
CMAKE
cat > "$cmake_dir/SyclPostLinkConfigVersion.cmake" <<CMAKE
# A 0.x release is compatible only with the same minor version; later ones
# with the same major version.
set(PACKAGE_VERSION $version)
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif("$major" STREQUAL "0" AND NOT PACKAGE_FIND_VERSION_MAJOR EQUAL 0)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif("$major" STREQUAL "0" AND NOT PACKAGE_FIND_VERSION_MINOR EQUAL $minor)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION_MAJOR EQUAL $major)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
CMAKE
echo "install.sh: installed sycl-post-link-rs $version under $prefix"
echo "install.sh: for clang++-22 -fsycl, put $prefix/libexec/sycl-post-link-rs first on PATH (its clang-sycl-linker is sycl-link)"
