//! Compiles the C++ shims in `llvm-wrapper/` against LLVM 22's headers.
//! Each shim has a C signature declared in `src/ffi.rs`.
use std::path::PathBuf;

fn main() {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let config = PathBuf::from(&prefix).join("bin/llvm-config");
    let cxxflags = std::process::Command::new(&config)
        .arg("--cxxflags")
        .output()
        .expect("llvm-config --cxxflags");
    let flags = String::from_utf8_lossy(&cxxflags.stdout).to_string();
    let mut build = cc::Build::new();
    build.cpp(true).warnings(false).flag("-fno-rtti");
    for f in flags.split_whitespace() {
        // Keep include paths, defines and the language standard; drop
        // optimisation / warning choices made for LLVM's own build.
        if f.starts_with("-I")
            || f.starts_with("-D")
            || f.starts_with("-std=")
            || f == "-fno-exceptions"
            || f == "-fno-rtti"
        {
            build.flag(f);
        }
    }
    for src in [
        "llvm-wrapper/ModuleWrapper.cpp",
        "llvm-wrapper/InstructionWrapper.cpp",
        "llvm-wrapper/LoweringWrapper.cpp",
        "llvm-wrapper/GlobalsWrapper.cpp",
        "llvm-wrapper/LinkWrapper.cpp",
        "llvm-wrapper/CodegenWrapper.cpp",
        "llvm-wrapper/ReaderWrapper.cpp",
    ] {
        println!("cargo:rerun-if-changed={src}");
        build.file(src);
    }
    build.compile("sycl_llvm_wrapper");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    // SPIRV-Tools' validator (validator.rs): Debian's spirv-tools ships the
    // static library; SPIRV_TOOLS_LIB_DIR overrides where it is.
    let spirv_tools = std::env::var("SPIRV_TOOLS_LIB_DIR").unwrap_or_else(|_| "/usr/lib/x86_64-linux-gnu".into());
    println!("cargo:rerun-if-env-changed=SPIRV_TOOLS_LIB_DIR");
    println!("cargo:rustc-link-search=native={spirv_tools}");
    println!("cargo:rustc-link-lib=static=SPIRV-Tools");
    link_llvm(&config);
}

/// The targets whose back ends the tools use (SPIR-V and PTX code generation
/// in `llvm-wrapper/CodegenWrapper.cpp`).
const CODEGEN_TARGETS: &[&str] = &["SPIRV", "NVPTX"];

/// The libraries LLVM builds per target (`LLVM<Target><Part>`).
const TARGET_PARTS: &[&str] = &[
    "CodeGen",
    "AsmParser",
    "AsmPrinter",
    "Desc",
    "Disassembler",
    "Info",
    "TargetMCA",
    "Utils",
    "Analysis",
];

/// Runs `llvm-config` with `args` and returns its output, split on spaces.
fn llvm_config(config: &PathBuf, args: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(config)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("llvm-config {args:?}: {e}"));
    assert!(out.status.success(), "llvm-config {args:?} failed");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Links LLVM (llvm-sys and inkwell are built with `no-llvm-linking`).
///
/// With the shared `libLLVM.so` by default: the C library
/// (`libsycl_post_link.so`) must share LLVM with a host that passes it an
/// `LLVMModuleRef` (`sycl_post_link_run_module`), and the tests link quickly.
///
/// `SPL_LLVM_LINK=static` links LLVM's static archives instead, for
/// command-line tools that hold less memory: the linker keeps only the parts
/// of LLVM the binaries call, and a process maps only those. With the shared
/// library a run that reads a few kilobytes of bitcode already has about
/// 55 MB resident, 48 MB of it file pages of `libLLVM.so` that the kernel maps
/// around every page touched, against about 21 MB linked statically; that
/// is most of the difference between our peak memory and that of Intel's
/// statically linked `sycl-post-link` (`bench/HISTORY.md`). Such a build's C
/// library carries its own LLVM and must not be given a host's modules.
/// Archives LLVM lists but does not ship (Debian lists Polly, whose archive
/// is not packaged) are left out: nothing here calls them. So are the back
/// ends of every target but those `llvm-wrapper/CodegenWrapper.cpp`
/// initializes ([`CODEGEN_TARGETS`]): inkwell and llvm-sys refer to every
/// target's initialization functions, which would otherwise pull in each
/// back end's static constructors and command-line options although
/// nothing calls them.
fn link_llvm(config: &PathBuf) {
    println!("cargo:rerun-if-env-changed=SPL_LLVM_LINK");
    let libdir = llvm_config(config, &["--libdir"]).concat();
    println!("cargo:rustc-link-search=native={libdir}");
    let link = std::env::var("SPL_LLVM_LINK").unwrap_or_default();
    assert!(
        matches!(link.as_str(), "" | "dynamic" | "static"),
        "SPL_LLVM_LINK={link}: expected `dynamic` (the default) or `static`"
    );
    if link != "static" {
        for lib in llvm_config(config, &["--link-shared", "--libs"]) {
            if let Some(name) = lib.strip_prefix("-l") {
                println!("cargo:rustc-link-lib=dylib={name}");
            }
        }
        return;
    }
    let unused_targets: Vec<String> = llvm_config(config, &["--targets-built"])
        .into_iter()
        .filter(|t| !CODEGEN_TARGETS.contains(&t.as_str()))
        .collect();
    let unused = |lib: &str| {
        unused_targets.iter().any(|t| {
            lib.strip_prefix("LLVM")
                .and_then(|l| l.strip_prefix(t.as_str()))
                .is_some_and(|part| TARGET_PARTS.contains(&part))
        })
    };
    for name in llvm_config(config, &["--link-static", "--libnames"]) {
        if !PathBuf::from(&libdir).join(&name).exists() {
            continue;
        }
        if unused(name.trim_start_matches("lib").trim_end_matches(".a")) {
            continue;
        }
        if let Some(lib) = name.strip_prefix("lib").and_then(|n| n.strip_suffix(".a")) {
            // Not bundled into this crate's rlib: the archives are linked
            // from LLVM's library directory when a binary is.
            println!("cargo:rustc-link-lib=static:-bundle={lib}");
        }
    }
    for lib in llvm_config(config, &["--link-static", "--system-libs"]) {
        if let Some(name) = lib.strip_prefix("-l") {
            println!("cargo:rustc-link-lib=dylib={name}");
        } else if let Some(file) = lib.strip_suffix(".so").map(PathBuf::from) {
            // A full path (`/usr/lib/.../libz3.so`): its directory and name.
            if let (Some(dir), Some(stem)) = (file.parent(), file.file_name()) {
                println!("cargo:rustc-link-search=native={}", dir.display());
                let stem = stem.to_string_lossy();
                println!(
                    "cargo:rustc-link-lib=dylib={}",
                    stem.strip_prefix("lib").unwrap_or(&stem)
                );
            }
        }
    }
}
