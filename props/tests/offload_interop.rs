//! Interoperability of our OffloadBinary and SYCLBIN wrapping with LLVM 22's own tools: files we write are
//! listed and extracted by `llvm-objdump --offloading` / `llvm-offload-binary`, and files `llvm-offload-binary`
//! writes are read by us. Skipped (with a message) when the LLVM 22 tools are not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use sycl_props::offload_binary::{write_all, ImageKind, OffloadBinary, OffloadKind};
use sycl_props::syclbin::{AbstractModule, BundleState, IrModule, IrType, Syclbin};

const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";

fn tool(name: &str) -> Option<PathBuf> {
    let p = Path::new(LLVM_BIN).join(name);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipping: {} not found", p.display());
        None
    }
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("tool runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `llvm-objdump --offloading` output as (kind, arch, triple, producer) per image.
fn objdump_images(path: &Path) -> Vec<Vec<String>> {
    let Some(objdump) = tool("llvm-objdump") else {
        return Vec::new();
    };
    let text = run(Command::new(objdump).arg("--offloading").arg(path));
    let mut images = Vec::new();
    for line in text.lines() {
        if line.starts_with("OFFLOADING IMAGE") {
            images.push(Vec::new());
        } else if let (Some(cur), Some((_, v))) = (images.last_mut(), line.split_once(char::is_whitespace)) {
            cur.push(v.trim().to_string());
        }
    }
    images
}

#[test]
fn llvm_reads_what_we_write() {
    let Some(packager) = tool("llvm-offload-binary") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let spirv = OffloadBinary::new(ImageKind::SPIRV, OffloadKind::SYCL, b"\x03\x02\x23\x07spirv".to_vec())
        .with_string("triple", "spir64-unknown-unknown")
        .with_string("arch", "generic");
    let cubin = OffloadBinary::new(
        ImageKind::CUBIN,
        OffloadKind::CUDA,
        vec![0x7f, b'E', b'L', b'F', 9, 9, 9],
    )
    .with_string("triple", "nvptx64-nvidia-cuda")
    .with_string("arch", "sm_80")
    .with_string("feature", "+ptx80");
    let file = dir.path().join("ours.bin");
    std::fs::write(&file, write_all(&[spirv.clone(), cubin.clone()]).unwrap()).unwrap();

    let images = objdump_images(&file);
    if !images.is_empty() {
        assert_eq!(
            images,
            vec![
                // LLVM 22 knows IMG_SPIRV (6) but has no name for it.
                vec!["<none>", "generic", "spir64-unknown-unknown", "sycl"],
                vec!["cubin", "sm_80", "nvptx64-nvidia-cuda", "cuda"],
            ]
        );
    }

    // Extract each image with LLVM's tool and compare the bytes.
    for (ob, name) in [(&spirv, "a.out"), (&cubin, "b.out")] {
        run(Command::new(&packager).current_dir(dir.path()).arg(&file).arg(format!(
            "--image=file={name},triple={},arch={}",
            ob.triple(),
            ob.arch()
        )));
        assert_eq!(std::fs::read(dir.path().join(name)).unwrap(), ob.image);
    }
}

#[test]
fn we_read_what_llvm_writes() {
    let Some(packager) = tool("llvm-offload-binary") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("k.spv"), b"\x03\x02\x23\x07 kernels").unwrap();
    std::fs::write(dir.path().join("k.cubin"), b"cubin bytes").unwrap();
    run(Command::new(&packager).current_dir(dir.path()).args([
        "--image=file=k.spv,triple=spir64-unknown-unknown,arch=generic,kind=sycl",
        "--image=file=k.cubin,triple=nvptx64-nvidia-cuda,arch=sm_90,kind=cuda,extra=value",
        "-o",
        "theirs.bin",
    ]));
    let bytes = std::fs::read(dir.path().join("theirs.bin")).unwrap();
    let all = OffloadBinary::parse_all(&bytes).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].image, b"\x03\x02\x23\x07 kernels");
    assert_eq!(all[0].offload_kind, OffloadKind::SYCL);
    // llvm-offload-binary derives the kind from the file extension and does not map ".spv".
    assert_eq!(all[0].image_kind, ImageKind::NONE);
    assert_eq!((all[0].triple(), all[0].arch()), ("spir64-unknown-unknown", "generic"));
    assert_eq!(all[1].image, b"cubin bytes");
    assert_eq!(all[1].offload_kind, OffloadKind::CUDA);
    assert_eq!(all[1].image_kind, ImageKind::CUBIN);
    assert_eq!(all[1].string("extra"), "value");
    // Byte for byte: our writer reproduces what LLVM wrote from the same values.
    assert_eq!(write_all(&all).unwrap(), bytes);
}

#[test]
fn syclbin_in_offload_binary() {
    let Some(packager) = tool("llvm-offload-binary") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut bin = Syclbin::new(BundleState::Executable);
    let mut am = AbstractModule::default();
    am.metadata.add("SYCL/kernel names", "_ZTS4kern", 1.into());
    am.ir_modules.push(IrModule::new(
        IrType::SpirV,
        Some("spir64-unknown-unknown"),
        b"\x03\x02\x23\x07".to_vec(),
    ));
    bin.abstract_modules.push(am);
    let ob = bin
        .to_offload_binary([("triple", "spir64-unknown-unknown"), ("arch", "generic")])
        .unwrap();
    let file = dir.path().join("app.syclbin");
    std::fs::write(&file, ob.to_bytes().unwrap()).unwrap();

    let images = objdump_images(&file);
    if !images.is_empty() {
        // Stock LLVM 22 has no name for intel/llvm's IMG_SYCLBIN (7).
        assert_eq!(
            images,
            vec![vec!["<none>", "generic", "spir64-unknown-unknown", "sycl"]]
        );
    }
    run(Command::new(&packager)
        .current_dir(dir.path())
        .arg(&file)
        .arg("--image=file=inner.syclbin,triple=spir64-unknown-unknown,arch=generic"));
    let inner = std::fs::read(dir.path().join("inner.syclbin")).unwrap();
    assert_eq!(inner, bin.to_bytes().unwrap());
    assert_eq!(Syclbin::parse_any(&std::fs::read(&file).unwrap()).unwrap(), bin);

    // A SYCLBIN packaged by LLVM's tool (as a generic image) is found again by its magic.
    let raw = dir.path().join("raw.syclbin");
    std::fs::write(&raw, bin.to_bytes().unwrap()).unwrap();
    run(Command::new(&packager).current_dir(dir.path()).args([
        "--image=file=raw.syclbin,triple=spir64-unknown-unknown,arch=generic,kind=sycl",
        "-o",
        "packaged.bin",
    ]));
    let packaged = std::fs::read(dir.path().join("packaged.bin")).unwrap();
    assert_eq!(Syclbin::parse_any(&packaged).unwrap(), bin);
}
