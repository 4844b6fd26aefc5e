//! Random linked SYCL device modules for property tests: kernels spread over
//! translation units, a call DAG of helpers, global tables, SYCL_EXTERNAL
//! functions, declarations, and address-taken functions called indirectly.

use std::fmt::Write;

/// The shape of a generated module.
#[derive(Debug, Clone)]
pub struct ModuleSpec {
    /// Number of kernels.
    pub kernels: usize,
    /// Number of helper functions.
    pub helpers: usize,
    /// Number of translation units.
    pub sources: usize,
    /// Number of global tables.
    pub tables: usize,
    /// Calls from each kernel: helper indices.
    pub kernel_calls: Vec<Vec<usize>>,
    /// Calls from helper i: indices of helpers j > i (a DAG).
    pub helper_calls: Vec<Vec<usize>>,
    /// Table read by each helper, if any.
    pub helper_table: Vec<Option<usize>>,
    /// Helpers that are SYCL_EXTERNAL (carry sycl-module-id).
    pub external: Vec<bool>,
    /// Helpers that are `referenced-indirectly` (candidates of indirect calls).
    pub indirect: Vec<bool>,
    /// Kernels that make an indirect call of type `void (i32)`.
    pub kernel_indirect_call: Vec<bool>,
}

impl ModuleSpec {
    /// Textual IR of the module.
    pub fn to_ir(&self) -> String {
        let mut s = String::new();
        s += "target triple = \"spir64-unknown-unknown\"\n\n";
        for t in 0..self.tables {
            let _ = writeln!(
                s,
                "@table{t} = internal addrspace(1) constant [4 x i32] [i32 {t}, i32 1, i32 2, i32 3], align 4"
            );
        }
        s += "declare spir_func void @external_decl(i32)\n\n";
        for h in 0..self.helpers {
            let attrs = match (self.external[h], self.indirect[h]) {
                (true, true) => format!(" #{}", self.sources + 1),
                (true, false) => " #0".to_string(),
                (false, true) => format!(" #{}", self.sources),
                (false, false) => String::new(),
            };
            let _ = writeln!(s, "define spir_func void @helper{h}(i32 %x){attrs} {{");
            if let Some(t) = self.helper_table[h] {
                let _ = writeln!(
                    s,
                    "  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table{t}, i64 0, i32 %x"
                );
                let _ = writeln!(s, "  %v = load i32, ptr addrspace(1) %p, align 4");
            }
            for &c in &self.helper_calls[h] {
                let _ = writeln!(s, "  call spir_func void @helper{c}(i32 %x)");
            }
            if h % 7 == 3 {
                s += "  call spir_func void @external_decl(i32 %x)\n";
            }
            s += "  ret void\n}\n\n";
        }
        for k in 0..self.kernels {
            let src = k % self.sources;
            let _ = writeln!(
                s,
                "define spir_kernel void @kernel{k}(ptr %fp) #{} {{",
                src + self.sources + 2
            );
            for &c in &self.kernel_calls[k] {
                let _ = writeln!(s, "  call spir_func void @helper{c}(i32 {k})");
            }
            if self.kernel_indirect_call[k] {
                s += "  call spir_func void %fp(i32 1)\n";
            }
            s += "  ret void\n}\n\n";
        }
        s += "attributes #0 = { \"sycl-module-id\"=\"ext.cpp\" }\n";
        let _ = writeln!(s, "attributes #{} = {{ \"referenced-indirectly\" }}", self.sources);
        let _ = writeln!(
            s,
            "attributes #{} = {{ \"referenced-indirectly\" \"sycl-module-id\"=\"ext.cpp\" }}",
            self.sources + 1
        );
        for src in 0..self.sources {
            let _ = writeln!(
                s,
                "attributes #{} = {{ \"sycl-module-id\"=\"tu{src}.cpp\" }}",
                src + self.sources + 2
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_module_parses() {
        let spec = ModuleSpec {
            kernels: 2,
            helpers: 3,
            sources: 1,
            tables: 1,
            kernel_calls: vec![vec![0], vec![1, 2]],
            helper_calls: vec![vec![1], vec![2], vec![]],
            helper_table: vec![Some(0), None, Some(0)],
            external: vec![false, true, false],
            indirect: vec![false, false, true],
            kernel_indirect_call: vec![true, false],
        };
        let ctx = sycl_ir::Context::new();
        let m = ctx.parse_ir(spec.to_ir().as_bytes(), "gen.ll").expect("parses");
        m.verify().expect("verifies");
    }
}
