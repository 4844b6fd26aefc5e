//! Generated test of the SPIR-V reader ([`sycl_spirv::load`], behind
//! `syclbin create --image=<spv>` and the C ABI's SYCLBIN packaging) on
//! broken input: every truncation of a real module, every instruction's
//! word count replaced by values that run past the end or are zero, and
//! random byte mutations. The reader must return (a module or an error),
//! never panic: rspirv 0.12 alone panics on the truncations
//! (`Decoder::string` slices past the end).

use proptest::prelude::*;

const KERNELS: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z7ext_addii(i32, i32)
define spir_func i32 @_Z3twoi(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
define spir_kernel void @__sycl_kernel_with_a_long_enough_name(ptr addrspace(1) %p) {
  %v = call spir_func i32 @_Z7ext_addii(i32 1, i32 2)
  store i32 %v, ptr addrspace(1) %p
  ret void
}
"#;

fn module() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| sycl_spirv::compile_ir(KERNELS.as_bytes(), "k.ll").expect("compile"))
}

/// Loads `bytes`, failing the test on a panic; returns whether it loaded.
fn loads(bytes: &[u8]) -> bool {
    match std::panic::catch_unwind(|| sycl_spirv::load(bytes).is_ok()) {
        Ok(ok) => ok,
        Err(_) => panic!("sycl_spirv::load panicked on {} bytes: {:02x?}", bytes.len(), bytes),
    }
}

/// Word offsets of the instructions after the header.
fn instruction_starts(bytes: &[u8]) -> Vec<usize> {
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let mut starts = Vec::new();
    let mut at = 5;
    while at < words.len() {
        starts.push(at);
        at += (words[at] >> 16).max(1) as usize;
    }
    starts
}

#[test]
fn every_truncation_is_an_error_or_a_module() {
    let bytes = module();
    assert!(loads(bytes));
    let mut refused = 0;
    for len in 0..bytes.len() {
        if !loads(&bytes[..len]) {
            refused += 1;
        }
    }
    // Cuts inside an instruction or a word are refused.
    assert!(refused > bytes.len() / 2, "{refused} of {} refused", bytes.len());
}

#[test]
fn word_counts_past_the_end_or_zero_are_errors() {
    let bytes = module();
    let starts = instruction_starts(bytes);
    assert!(starts.len() > 10);
    for &at in &starts {
        let left = (bytes.len() / 4 - at) as u32;
        for count in [0u32, left + 1, left + 7, 0xffff] {
            let mut m = bytes.to_vec();
            let old = u32::from_le_bytes(m[4 * at..4 * at + 4].try_into().unwrap());
            let new = (old & 0xffff) | (count << 16);
            m[4 * at..4 * at + 4].copy_from_slice(&new.to_le_bytes());
            assert!(!loads(&m), "word count {count} at word {at} accepted");
        }
        // The instruction cut short, the stream ending inside its operands.
        let count = bytes[4 * at + 2] as usize | (bytes[4 * at + 3] as usize) << 8;
        for cut in 1..count {
            let end = 4 * (at + cut);
            let m = &bytes[..end];
            let _ = loads(m);
        }
    }
}

#[test]
fn the_error_names_the_instruction() {
    let mut m = module().to_vec();
    let at = instruction_starts(&m)[3];
    m[4 * at + 2] = 0xff;
    m[4 * at + 3] = 0x7f;
    let e = sycl_spirv::load(&m).expect_err("an error").to_string();
    assert!(
        e.starts_with(&format!(
            "not a SPIR-V module: instruction at word {at} has 32767 words"
        )),
        "{e}"
    );
    let e = sycl_spirv::load(&m[..m.len() - 2]).expect_err("an error").to_string();
    assert!(e.contains("not a whole number of 32-bit words"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10000, .. ProptestConfig::default() })]

    #[test]
    fn random_mutations_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut m = module().to_vec();
        for (i, b) in edits {
            let i = i.index(m.len());
            m[i] = b;
        }
        if truncate {
            m.truncate(cut.index(m.len()));
        }
        let _ = loads(&m);
    }
}
