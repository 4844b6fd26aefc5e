# The project's own lit suite. Run with:
#   lit-22 lit/            (after `cargo build --release`)
# RUN lines call the tools by their plain names (sycl-post-link,
# sycl-module-split, file-table-tform, sycl-opt, syclbin, sycl-link,
# sycl-spirv-emit) and LLVM 22's
# FileCheck/not/count/llvm-dis, exactly as upstream's tests do.
import os

import lit.formats

config.name = "sycl-post-link-rs"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "conformance-expected.txt"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, "Output")

repo = os.path.dirname(config.test_source_root)
tool_dir = os.path.abspath(os.environ.get("SPL_TOOL_DIR", os.path.join(repo, "target", "release")))
llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")

# The C library's SONAME (libsycl_post_link.so.0.1) next to the file cargo
# writes, so that C clients linked in the build folder find it at run time
# (scripts/install.sh makes the same links in an install).
for soname in ("libsycl_post_link.so.0.1",):
    lib = os.path.join(tool_dir, "libsycl_post_link.so")
    link = os.path.join(tool_dir, soname)
    if os.path.exists(lib) and not os.path.lexists(link):
        os.symlink("libsycl_post_link.so", link)

config.environment["PATH"] = os.pathsep.join([tool_dir, llvm_bin, os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "LD_LIBRARY_PATH", "SPL_VENV", "CARGO_HOME", "RUSTUP_HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Every module the tools write goes through the LLVM verifier in tests
# (release builds verify only when asked: postlink/src/driver.rs verify_each).
config.environment["SPL_VERIFY_EACH"] = "1"
config.environment["SPL_EXACT_THREADS"] = "1"
# The code cache of sycl-link and syclbin create: the suite's own, never the
# user's (lit/sycl-link/code-cache.test tests the default directory).
config.environment["SPL_CACHE_DIR"] = os.path.join(config.test_exec_root, "code-cache")
config.substitutions.append(("%repo", repo))
# The release build the tools come from (scripts/install.sh --build-dir).
config.substitutions.append(("%tool_dir", tool_dir))
# The shared reference folder (real modules, bench generators): SPL_SHARED or ../shared.
config.substitutions.append(("%shared", os.path.abspath(os.environ.get("SPL_SHARED", os.path.join(repo, "..", "shared")))))
# The LLVM install (headers and libLLVM for C clients of the LLVM C API).
config.substitutions.append(("%llvm_root", os.path.dirname(os.path.abspath(llvm_bin))))
config.available_features.update(["shell", "system-linux"])
import shutil

if shutil.which("valgrind"):
    config.available_features.add("valgrind")
