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
}
