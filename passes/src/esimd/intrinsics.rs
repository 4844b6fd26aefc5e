//! The ESIMD intrinsic table used by [`crate::esimd::lower`]: how a call of a
//! C++ `__esimd_<name>` intrinsic (declared by the ESIMD headers, mangled
//! with its integer template arguments) becomes a call of a
//! `llvm.genx.<name>` intrinsic, and the reading of template arguments from
//! an Itanium-mangled name.
//!
//! The rules follow upstream's `ESIMDIntrinDescTable` (intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/LowerESIMD.cpp): each GenX argument comes from
//! a call argument (`Arg::Call`, optionally turned into `i1` with
//! `icmp ne 0`), an integer template argument, an `undef` of a call
//! argument's or the result's type, or a constant. The name of the GenX
//! declaration is `llvm.genx.<spelling>[<i|f>]` followed by the types of its
//! overloaded result and arguments, as vc-intrinsics' definitions
//! (`Intrinsic_definitions.py`) declare them; an intrinsic whose overloads
//! are not listed here is refused ([`lookup`] answers `None`) rather than
//! given a guessed name.
//!
//! ```text
//! _Z16__esimd_rdregionIiLi16ELi8ELi8ELi1ELi1ELi0EE...(<16 x i32> %v, i16 %off)
//!   == rdregion, rule {a(0), t(3), t(4), t(5), a(1), t(6)}, suffix from the result ==>
//! call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 8, i32 1, i32 1, i16 %off, i32 0)
//! ```

/// How an integer template argument is typed in the GenX call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conv {
    /// The literal's own type (`i32` for a plain `int`, `i8` for `char`,
    /// `i16` for `short`; `i32` for `bool` and enumerators).
    None,
    /// `i1`
    I1,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
}

/// One argument of the GenX call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// Call argument N as is.
    Call(u8),
    /// Call argument N compared `!= 0` (an `iN` vector to an `i1` vector).
    CallI1(u8),
    /// Call argument N, a surface index (binding table index): an `i32`
    /// (upstream's `aSI`); another type is refused.
    Surface(u8),
    /// Integer template argument N.
    Tmpl(u8, Conv),
    /// `undef` of the type of call argument N (`-1`: of the result).
    Undef(i8),
    /// An `i8` constant.
    C8(u64),
    /// An `i16` constant.
    C16(u64),
    /// An `i32` constant.
    C32(u64),
    /// An `i64` constant.
    C64(u64),
}

/// Which types of a GenX intrinsic are overloaded (and so spelled in its
/// name): the result's, then those of the listed arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overloads {
    /// The result type is spelled.
    pub ret: bool,
    /// GenX argument positions whose types are spelled, in order.
    pub args: &'static [usize],
}

/// How the GenX declaration of a row is named and typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `llvm.genx.<spelling>` with the overloaded types, returning the
    /// call's type.
    GenX,
    /// The source intrinsic returns a pair through its first argument (a
    /// `sret` address, an `addrspacecast` of the caller's slot): the GenX
    /// intrinsic returns the literal structure `{T, T}` of the type of its
    /// first argument, overloaded on both members, which is stored to that
    /// slot (`addc`, `subb`).
    StructRet,
    /// Upstream's test-only declaration: `llvm.genx.<spelling>` without
    /// overloaded types or attributes.
    Unmangled,
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// The source spelling after `__esimd_`.
    pub source: &'static str,
    /// The GenX spelling after `llvm.genx.` (before the `i`/`f` suffix).
    pub genx: &'static str,
    /// The GenX call's arguments.
    pub args: &'static [Arg],
    /// Append `i` or `f` after the spelling, after the element type of the
    /// result.
    pub num_kind_suffix: bool,
    /// Append `.<operation>` named by this integer template argument (the
    /// atomic operation: `.add`, `.inc`, `.cmpxchg`, ...).
    pub bin_op_suffix: Option<u8>,
    /// The overloaded types.
    pub overloads: Overloads,
    /// The declaration does not access memory (`memory(none)`).
    pub no_mem: bool,
    /// The declaration is `convergent`.
    pub convergent: bool,
    /// How the declaration is named and typed.
    pub shape: Shape,
}

use Arg::*;

const NONE: Overloads = Overloads { ret: false, args: &[] };
const RET: Overloads = Overloads { ret: true, args: &[] };
const RET_A0: Overloads = Overloads { ret: true, args: &[0] };

const fn rule(source: &'static str, genx: &'static str, args: &'static [Arg], overloads: Overloads) -> Rule {
    Rule {
        source,
        genx,
        args,
        num_kind_suffix: false,
        bin_op_suffix: None,
        overloads,
        no_mem: true,
        convergent: false,
        shape: Shape::GenX,
    }
}

const fn convergent(mut r: Rule) -> Rule {
    r.no_mem = false;
    r.convergent = true;
    r
}

const fn with_side_effects(mut r: Rule) -> Rule {
    r.no_mem = false;
    r
}

const fn shaped(mut r: Rule, shape: Shape) -> Rule {
    r.shape = shape;
    r
}

const fn num_kind(mut r: Rule) -> Rule {
    r.num_kind_suffix = true;
    r
}

const fn bin_op(mut r: Rule, tmpl: u8) -> Rule {
    r.bin_op_suffix = Some(tmpl);
    r.no_mem = false;
    r
}

/// The suffix upstream gives an atomic operation code (`atomic_op`).
pub fn bin_op_name(op: i128) -> Option<&'static str> {
    Some(match op {
        0x0 => "add",
        0x1 => "sub",
        0x2 => "inc",
        0x3 => "dec",
        0x4 => "min",
        0x5 => "max",
        0x6 => "xchg",
        0x7 => "cmpxchg",
        0x8 => "and",
        0x9 => "or",
        0xa => "xor",
        0xb => "imin",
        0xc => "imax",
        0x10 => "fmax",
        0x11 => "fmin",
        0x12 => "fcmpwr",
        0x13 => "fadd",
        0x14 => "fsub",
        0xff => "predec",
        _ => return None,
    })
}

/// The overloaded types of a binary-operation row for atomic operation
/// `op`, `None` for an operation the row does not take. The overloads of
/// `dword.atomic.*` differ between the operations (vc-intrinsics'
/// definitions: `inc`/`dec` and `cmpxchg` spell the result and predicate,
/// the binary operations and `fcmpwr` the element offsets too; `fadd` and
/// `fsub` as the binary ones: `llvm.genx.dword.atomic.fadd.v1f32.v1i1.v1i32`
/// in Intel's back-end tests); those of `svm.atomic.*` are the same for
/// all. `svm.atomic` `fadd`/`fsub` and `predec` are not among the
/// definitions this project could read, so they are refused.
pub fn bin_op_overloads(rule: &Rule, op: &str) -> Option<Overloads> {
    const BINARY: &[&str] = &[
        "add", "sub", "min", "max", "xchg", "and", "or", "xor", "imin", "imax", "fmax", "fmin",
    ];
    let ok = match rule.source {
        "svm_atomic0" | "dword_atomic0" => matches!(op, "inc" | "dec"),
        "svm_atomic1" => BINARY.contains(&op),
        "dword_atomic1" => BINARY.contains(&op) || matches!(op, "fadd" | "fsub"),
        "svm_atomic2" | "dword_atomic2" => matches!(op, "cmpxchg" | "fcmpwr"),
        _ => true,
    };
    if !ok {
        return None;
    }
    if rule.source == "dword_atomic2" && op == "fcmpwr" {
        return Some(Overloads {
            ret: true,
            args: &[0, 2],
        });
    }
    Some(rule.overloads)
}

const T3: Arg = Tmpl(3, Conv::None);
const T4: Arg = Tmpl(4, Conv::None);
const T5: Arg = Tmpl(5, Conv::None);
const T6: Arg = Tmpl(6, Conv::None);

/// The supported rows.
pub const TABLE: &[Rule] = &[
    num_kind(rule(
        "rdregion",
        "rdregion",
        &[Call(0), T3, T4, T5, Call(1), T6],
        Overloads {
            ret: true,
            args: &[0, 4],
        },
    )),
    num_kind(rule(
        "rdindirect",
        "rdregion",
        &[Call(0), C32(0), C32(1), C32(0), Call(1), T3],
        Overloads {
            ret: true,
            args: &[0, 4],
        },
    )),
    num_kind(rule(
        "wrregion",
        "wrregion",
        &[Call(0), Call(1), T3, T4, T5, Call(2), T6, CallI1(3)],
        Overloads {
            ret: true,
            args: &[1, 5, 7],
        },
    )),
    num_kind(rule(
        "wrindirect",
        "wrregion",
        &[Call(0), Call(1), C32(0), C32(1), C32(0), Call(2), T3, CallI1(3)],
        Overloads {
            ret: true,
            args: &[1, 5, 7],
        },
    )),
    // vload/vstore of genx_volatile globals' types (others become plain
    // loads and stores): `llvm.genx.vload.v16f32.p4`,
    // `llvm.genx.vstore.v16f32.p0`.
    with_side_effects(rule("vload", "vload", &[Call(0)], RET_A0)),
    with_side_effects(rule(
        "vstore",
        "vstore",
        &[Call(1), Call(0)],
        Overloads {
            ret: false,
            args: &[0, 1],
        },
    )),
    with_side_effects(rule("fence", "fence", &[Call(0)], NONE)),
    convergent(rule("barrier", "barrier", &[], NONE)),
    convergent(rule("sbarrier", "sbarrier", &[Call(0)], NONE)),
    with_side_effects(rule("nbarrier", "nbarrier", &[Call(0), Call(1), Call(2)], NONE)),
    with_side_effects(rule("wait", "dummy.mov", &[Call(0)], NONE)),
    with_side_effects(rule("slm_init", "slm.init", &[Call(0)], NONE)),
    with_side_effects(rule("timestamp", "timestamp", &[], RET)),
    rule("lane_id", "lane.id", &[], NONE),
    rule("sat", "sat", &[Call(0)], RET),
    rule("fptoui_sat", "fptoui.sat", &[Call(0)], RET_A0),
    rule("fptosi_sat", "fptosi.sat", &[Call(0)], RET_A0),
    rule("uutrunc_sat", "uutrunc.sat", &[Call(0)], RET_A0),
    rule("ustrunc_sat", "ustrunc.sat", &[Call(0)], RET_A0),
    rule("sutrunc_sat", "sutrunc.sat", &[Call(0)], RET_A0),
    rule("sstrunc_sat", "sstrunc.sat", &[Call(0)], RET_A0),
    num_kind(rule("abs", "abs", &[Call(0)], RET)),
    rule("ssshl", "ssshl", &[Call(0), Call(1)], RET_A0),
    rule("sushl", "sushl", &[Call(0), Call(1)], RET_A0),
    rule("usshl", "usshl", &[Call(0), Call(1)], RET_A0),
    rule("uushl", "uushl", &[Call(0), Call(1)], RET_A0),
    rule("ssshl_sat", "ssshl.sat", &[Call(0), Call(1)], RET_A0),
    rule("sushl_sat", "sushl.sat", &[Call(0), Call(1)], RET_A0),
    rule("usshl_sat", "usshl.sat", &[Call(0), Call(1)], RET_A0),
    rule("uushl_sat", "uushl.sat", &[Call(0), Call(1)], RET_A0),
    rule("rol", "rol", &[Call(0), Call(1)], RET_A0),
    rule("ror", "ror", &[Call(0), Call(1)], RET_A0),
    rule("rndd", "rndd", &[Call(0)], RET),
    rule("rnde", "rnde", &[Call(0)], RET),
    rule("rndu", "rndu", &[Call(0)], RET),
    rule("rndz", "rndz", &[Call(0)], RET),
    rule("umulh", "umulh", &[Call(0), Call(1)], RET_A0),
    rule("smulh", "smulh", &[Call(0), Call(1)], RET_A0),
    rule("frc", "frc", &[Call(0)], RET),
    rule("fmax", "fmax", &[Call(0), Call(1)], RET_A0),
    rule("umax", "umax", &[Call(0), Call(1)], RET_A0),
    rule("smax", "smax", &[Call(0), Call(1)], RET_A0),
    rule("lzd", "lzd", &[Call(0)], RET),
    rule("fmin", "fmin", &[Call(0), Call(1)], RET_A0),
    rule("umin", "umin", &[Call(0), Call(1)], RET_A0),
    rule("smin", "smin", &[Call(0), Call(1)], RET_A0),
    rule("bfrev", "bfrev", &[Call(0)], RET),
    rule("cbit", "cbit", &[Call(0)], RET_A0),
    rule("bfi", "bfi", &[Call(0), Call(1), Call(2), Call(3)], RET),
    rule("sbfe", "sbfe", &[Call(0), Call(1), Call(2)], RET),
    rule("fbl", "fbl", &[Call(0)], RET),
    rule("sfbh", "sfbh", &[Call(0)], RET),
    rule("ufbh", "ufbh", &[Call(0)], RET),
    rule("inv", "inv", &[Call(0)], RET),
    rule("log", "log", &[Call(0)], RET),
    rule("exp", "exp", &[Call(0)], RET),
    rule("sqrt", "sqrt", &[Call(0)], RET),
    rule("ieee_sqrt", "ieee.sqrt", &[Call(0)], RET),
    rule("rsqrt", "rsqrt", &[Call(0)], RET),
    rule("sin", "sin", &[Call(0)], RET),
    rule("cos", "cos", &[Call(0)], RET),
    rule("pow", "pow", &[Call(0), Call(1)], RET),
    rule("ieee_div", "ieee.div", &[Call(0), Call(1)], RET),
    rule("dp4", "dp4", &[Call(0), Call(1)], RET),
    rule(
        "uudp4a",
        "uudp4a",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "usdp4a",
        "usdp4a",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "sudp4a",
        "sudp4a",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "ssdp4a",
        "ssdp4a",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "uudp4a_sat",
        "uudp4a.sat",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "usdp4a_sat",
        "usdp4a.sat",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "sudp4a_sat",
        "sudp4a.sat",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "ssdp4a_sat",
        "ssdp4a.sat",
        &[Call(0), Call(1), Call(2)],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule("any", "any", &[CallI1(0)], Overloads { ret: false, args: &[0] }),
    // Memory access: predicates are iN vectors turned into i1.
    with_side_effects(rule(
        "svm_gather",
        "svm.gather",
        &[CallI1(1), T3, Call(0), Undef(-1)],
        Overloads {
            ret: true,
            args: &[0, 2],
        },
    )),
    with_side_effects(rule(
        "svm_gather4_scaled",
        "svm.gather4.scaled",
        &[CallI1(1), Tmpl(2, Conv::None), C16(0), C64(0), Call(0), Undef(-1)],
        Overloads {
            ret: true,
            args: &[0, 4],
        },
    )),
    with_side_effects(rule(
        "svm_scatter",
        "svm.scatter",
        &[CallI1(2), T3, Call(0), Call(1)],
        Overloads {
            ret: false,
            args: &[0, 2, 3],
        },
    )),
    with_side_effects(rule(
        "svm_scatter4_scaled",
        "svm.scatter4.scaled",
        &[CallI1(2), Tmpl(2, Conv::None), C16(0), C64(0), Call(0), Call(1)],
        Overloads {
            ret: false,
            args: &[0, 4, 5],
        },
    )),
    bin_op(
        rule(
            "svm_atomic0",
            "svm.atomic",
            &[CallI1(1), Call(0), Undef(-1)],
            Overloads {
                ret: true,
                args: &[0, 1],
            },
        ),
        0,
    ),
    bin_op(
        rule(
            "svm_atomic1",
            "svm.atomic",
            &[CallI1(2), Call(0), Call(1), Undef(-1)],
            Overloads {
                ret: true,
                args: &[0, 1],
            },
        ),
        0,
    ),
    bin_op(
        rule(
            "svm_atomic2",
            "svm.atomic",
            &[CallI1(3), Call(0), Call(1), Call(2), Undef(-1)],
            Overloads {
                ret: true,
                args: &[0, 1],
            },
        ),
        0,
    ),
    bin_op(
        rule(
            "dword_atomic0",
            "dword.atomic",
            &[CallI1(0), Surface(1), Call(2), Undef(-1)],
            RET_A0,
        ),
        0,
    ),
    bin_op(
        rule(
            "dword_atomic1",
            "dword.atomic",
            &[CallI1(0), Surface(1), Call(2), Call(3), Undef(-1)],
            Overloads {
                ret: true,
                args: &[0, 2],
            },
        ),
        0,
    ),
    bin_op(
        rule(
            "dword_atomic2",
            "dword.atomic",
            &[CallI1(0), Surface(1), Call(2), Call(3), Call(4), Undef(-1)],
            RET_A0,
        ),
        0,
    ),
    with_side_effects(rule(
        "oword_ld_unaligned",
        "oword.ld.unaligned",
        &[T3, Surface(0), Call(1)],
        RET,
    )),
    with_side_effects(rule("oword_ld", "oword.ld", &[T3, Surface(0), Call(1)], RET)),
    with_side_effects(rule(
        "oword_st",
        "oword.st",
        &[Surface(0), Call(1), Call(2)],
        Overloads { ret: false, args: &[2] },
    )),
    with_side_effects(rule(
        "scatter_scaled",
        "scatter.scaled",
        &[CallI1(0), T3, T4, Surface(1), Call(2), Call(3), Call(4)],
        Overloads {
            ret: false,
            args: &[0, 5, 6],
        },
    )),
    with_side_effects(rule(
        "scatter4_scaled",
        "scatter4.scaled",
        &[CallI1(0), T3, T4, Surface(1), Call(2), Call(3), Call(4)],
        Overloads {
            ret: false,
            args: &[0, 5, 6],
        },
    )),
    with_side_effects(rule(
        "raw_sends2",
        "raw.sends2",
        &[
            Call(0),
            Call(1),
            CallI1(2),
            Call(3),
            Call(4),
            Call(5),
            Call(6),
            Call(7),
            Call(8),
            Call(9),
            Call(10),
            Call(11),
        ],
        Overloads {
            ret: true,
            args: &[2, 9, 10],
        },
    )),
    with_side_effects(rule(
        "raw_send2",
        "raw.send2",
        &[
            Call(0),
            Call(1),
            CallI1(2),
            Call(3),
            Call(4),
            Call(5),
            Call(6),
            Call(7),
            Call(8),
            Call(9),
        ],
        Overloads {
            ret: true,
            args: &[2, 8],
        },
    )),
    with_side_effects(rule(
        "raw_sends2_noresult",
        "raw.sends2.noresult",
        &[
            Call(0),
            Call(1),
            CallI1(2),
            Call(3),
            Call(4),
            Call(5),
            Call(6),
            Call(7),
            Call(8),
            Call(9),
        ],
        Overloads {
            ret: false,
            args: &[2, 8, 9],
        },
    )),
    with_side_effects(rule(
        "raw_send2_noresult",
        "raw.send2.noresult",
        &[Call(0), Call(1), CallI1(2), Call(3), Call(4), Call(5), Call(6), Call(7)],
        Overloads {
            ret: false,
            args: &[2, 7],
        },
    )),
    rule("all", "all", &[CallI1(0)], Overloads { ret: false, args: &[0] }),
    // Surface (binding-table) access: media block loads and stores
    // (`llvm.genx.media.ld.v32i32`, `llvm.genx.media.st.v8f32`), masked
    // gathers (`llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1`,
    // `llvm.genx.gather4.masked.scaled2.v32i32.v8i32.v8i1`),
    // `llvm.genx.gather4.scaled.v32i32.v16i1.v16i32`.
    with_side_effects(rule(
        "media_ld",
        "media.ld",
        &[T3, Surface(0), T5, T6, Call(1), Call(2)],
        RET,
    )),
    with_side_effects(rule(
        "media_st",
        "media.st",
        &[T3, Surface(0), T5, T6, Call(1), Call(2), Call(3)],
        Overloads { ret: false, args: &[6] },
    )),
    with_side_effects(rule(
        "gather_masked_scaled2",
        "gather.masked.scaled2",
        &[T3, T4, Surface(0), Call(1), Call(2), CallI1(3)],
        Overloads {
            ret: true,
            args: &[4, 5],
        },
    )),
    with_side_effects(rule(
        "gather4_masked_scaled2",
        "gather4.masked.scaled2",
        &[Tmpl(2, Conv::None), T4, Surface(0), Call(1), Call(2), CallI1(3)],
        Overloads {
            ret: true,
            args: &[4, 5],
        },
    )),
    with_side_effects(rule(
        "gather4_scaled",
        "gather4.scaled",
        &[CallI1(0), T3, T4, Surface(1), Call(2), Call(3), Undef(-1)],
        Overloads {
            ret: true,
            args: &[0, 5],
        },
    )),
    // Named barrier signal through a raw send:
    // `llvm.genx.raw.send.noresult.i1.v8i32`.
    with_side_effects(rule(
        "raw_send_nbarrier_signal",
        "raw.send.noresult",
        &[Call(0), CallI1(4), Call(1), Call(2), Call(3)],
        Overloads {
            ret: false,
            args: &[1, 4],
        },
    )),
    // Bit function, stochastic rounding, bfloat16/tf32 conversions:
    // `llvm.genx.bfn.v8i32.v8i32` (the function's table as i8),
    // `llvm.genx.srnd.v16f16.v16f32.v16f32`, `llvm.genx.bf.cvt.v16f16.v16f32`,
    // `llvm.genx.tf32.cvt.v16i32.v16f32`.
    rule("bfn", "bfn", &[Call(0), Call(1), Call(2), Tmpl(0, Conv::None)], RET_A0),
    rule(
        "srnd",
        "srnd",
        &[Call(0), Call(1)],
        Overloads {
            ret: true,
            args: &[0, 1],
        },
    ),
    rule("bf_cvt", "bf.cvt", &[Call(0)], RET_A0),
    rule("tf32_cvt", "tf32.cvt", &[Call(0)], RET_A0),
    // Add with carry and subtract with borrow return `{carry, result}`:
    // `{ <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32`.
    shaped(rule("addc", "addc", &[Call(1), Call(2)], RET), Shape::StructRet),
    shaped(rule("subb", "subb", &[Call(1), Call(2)], RET), Shape::StructRet),
    // Upstream's test of template argument conversions.
    shaped(
        with_side_effects(rule(
            "test_src_tmpl_arg",
            "test.src.tmpl.arg",
            &[Tmpl(0, Conv::None), Tmpl(1, Conv::I1), t8(2), t16(3), t32(4), C8(17)],
            NONE,
        )),
        Shape::Unmangled,
    ),
    // DPAS (the XMX systolic multiply-accumulate): the operation's encoding
    // (precisions, depth, repeat count, signedness; or one `Info` integer)
    // comes from the template arguments; the result and the sources that
    // do not match it are overloaded, e.g.
    // `llvm.genx.dpas2.v16f32.v16i16.v128i32.v8i32`,
    // `llvm.genx.dpasw.v16f32.v128i32.v8i32` (accumulator of the result's
    // type), `llvm.genx.dpas.nosrc0.v16f32.v128i32.v8i32`.
    rule(
        "dpas2",
        "dpas2",
        &[
            Call(0),
            Call(1),
            Call(2),
            Tmpl(0, Conv::None),
            Tmpl(1, Conv::None),
            Tmpl(2, Conv::None),
            T3,
            Tmpl(11, Conv::None),
            Tmpl(12, Conv::None),
        ],
        Overloads {
            ret: true,
            args: &[0, 1, 2],
        },
    ),
    rule(
        "dpas_nosrc0",
        "dpas.nosrc0",
        &[Call(0), Call(1), Tmpl(0, Conv::None)],
        Overloads {
            ret: true,
            args: &[0, 1],
        },
    ),
    rule(
        "dpasw",
        "dpasw",
        &[Call(0), Call(1), Call(2), Tmpl(0, Conv::None)],
        Overloads {
            ret: true,
            args: &[1, 2],
        },
    ),
    rule(
        "dpasw_nosrc0",
        "dpasw.nosrc0",
        &[Call(0), Call(1), Tmpl(0, Conv::None)],
        Overloads {
            ret: true,
            args: &[0, 1],
        },
    ),
];

const fn t8(n: u8) -> Arg {
    Tmpl(n, Conv::I8)
}

const fn t16(n: u8) -> Arg {
    Tmpl(n, Conv::I16)
}

const fn t32(n: u8) -> Arg {
    Tmpl(n, Conv::I32)
}

/// The LSC sub-opcodes upstream passes as constants (`lsc_subopcode`).
const LSC_LOAD: u64 = 0x00;
const LSC_STORE: u64 = 0x04;

/// Result, predicate and address (GenX argument 10) are overloaded.
const LSC_RET_PRED_ADDR: Overloads = Overloads {
    ret: true,
    args: &[0, 10],
};
const LSC_PRED_ADDR: Overloads = Overloads {
    ret: false,
    args: &[0, 10],
};
const LSC_PRED_ADDR_DATA: Overloads = Overloads {
    ret: false,
    args: &[0, 10, 11],
};

/// The arguments of an LSC memory operation: the predicate (call argument 0
/// as `i1`), the sub-opcode, the cache hints, address scale, immediate
/// offset, data size, vector size and order (template arguments 1-7),
/// `i8 0`, then the rest (addresses, data, surface).
macro_rules! lsc_args {
    ($op:expr; $($rest:expr),*) => {
        &[CallI1(0), C8($op), t8(1), t8(2), t16(3), t32(4), t8(5), t8(6), t8(7), C8(0), $($rest),*]
    };
}

/// The arguments of a 2D block access: predicate, cache hints, data size,
/// transposition, transformation (template arguments 1-5), block width and
/// height (6, 7), block count (8), then base, width, height, pitch, x, y
/// (call arguments 1-6) and the rest (stored data).
macro_rules! lsc_2d_args {
    ($($rest:expr),*) => {
        &[CallI1(0), t8(1), t8(2), t8(3), t8(4), t8(5), t16(6), t16(7), t8(8), Call(1), Call(2), Call(3), Call(4), Call(5), Call(6), $($rest),*]
    };
}

/// The arguments of an LSC atomic: predicate, the atomic operation
/// (template argument 1), cache hints, address scale, offset, data and
/// vector size, order (2-8), `i8 0`, the address, then the two sources
/// (`undef` of the result type where the operation takes fewer), the
/// surface and an `undef` old value.
macro_rules! xatomic_args {
    ($($rest:expr),*) => {
        &[CallI1(0), t8(1), t8(2), t8(3), t16(4), t32(5), t8(6), t8(7), t8(8), C8(0), Call(1), $($rest),*, Undef(-1)]
    };
}

/// The LSC memory operations (`__esimd_lsc_*`): predicate (call argument
/// 0 as `i1`), sub-opcode, the cache hints, address scale, immediate
/// offset, data size, vector size and transposition from the template
/// arguments (`t8`/`t16`/`t32`: typed `i8`/`i16`/`i32` whatever their C++
/// type), the addresses, then the surface (`i32 0` for SLM and stateless
/// access). The overloaded types (result, predicate, addresses, stored
/// data) are those upstream's ESIMD tests spell, e.g.
/// `llvm.genx.lsc.load.stateless.v4i32.v4i1.v4i64`,
/// `llvm.genx.lsc.store.slm.v1i1.v1i32.v4i32`,
/// `llvm.genx.lsc.xatomic.bti.v4i32.v4i1.v4i32`,
/// `llvm.genx.lsc.load2d.stateless.v32i32.v32i1.i64`,
/// `llvm.genx.lsc.fence.v16i1`.
pub const LSC_TABLE: &[Rule] = &[
    with_side_effects(rule(
        "lsc_load_slm",
        "lsc.load.slm",
        lsc_args!(LSC_LOAD; Call(1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_load_merge_slm",
        "lsc.load.merge.slm",
        lsc_args!(LSC_LOAD; Call(1), C32(0), Call(2)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_load_bti",
        "lsc.load.bti",
        lsc_args!(LSC_LOAD; Call(1), Surface(2)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_load_merge_bti",
        "lsc.load.merge.bti",
        lsc_args!(LSC_LOAD; Call(1), Surface(2), Call(3)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_load_stateless",
        "lsc.load.stateless",
        lsc_args!(LSC_LOAD; Call(1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_load_merge_stateless",
        "lsc.load.merge.stateless",
        lsc_args!(LSC_LOAD; Call(1), C32(0), Call(2)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_prefetch_bti",
        "lsc.prefetch.bti",
        lsc_args!(LSC_LOAD; Call(1), Surface(2)),
        LSC_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_prefetch_stateless",
        "lsc.prefetch.stateless",
        lsc_args!(LSC_LOAD; Call(1), C32(0)),
        LSC_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_store_slm",
        "lsc.store.slm",
        lsc_args!(LSC_STORE; Call(1), Call(2), C32(0)),
        LSC_PRED_ADDR_DATA,
    )),
    with_side_effects(rule(
        "lsc_store_bti",
        "lsc.store.bti",
        lsc_args!(LSC_STORE; Call(1), Call(2), Surface(3)),
        LSC_PRED_ADDR_DATA,
    )),
    with_side_effects(rule(
        "lsc_store_stateless",
        "lsc.store.stateless",
        lsc_args!(LSC_STORE; Call(1), Call(2), C32(0)),
        LSC_PRED_ADDR_DATA,
    )),
    with_side_effects(rule(
        "lsc_load2d_stateless",
        "lsc.load2d.stateless",
        lsc_2d_args!(),
        Overloads {
            ret: true,
            args: &[0, 9],
        },
    )),
    with_side_effects(rule(
        "lsc_prefetch2d_stateless",
        "lsc.prefetch2d.stateless",
        lsc_2d_args!(),
        Overloads {
            ret: false,
            args: &[0, 9],
        },
    )),
    with_side_effects(rule(
        "lsc_store2d_stateless",
        "lsc.store2d.stateless",
        lsc_2d_args!(Call(7)),
        Overloads {
            ret: false,
            args: &[0, 9, 15],
        },
    )),
    with_side_effects(rule(
        "lsc_xatomic_slm_0",
        "lsc.xatomic.slm",
        xatomic_args!(Undef(-1), Undef(-1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_slm_1",
        "lsc.xatomic.slm",
        xatomic_args!(Call(2), Undef(-1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_slm_2",
        "lsc.xatomic.slm",
        xatomic_args!(Call(2), Call(3), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_bti_0",
        "lsc.xatomic.bti",
        xatomic_args!(Undef(-1), Undef(-1), Surface(2)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_bti_1",
        "lsc.xatomic.bti",
        xatomic_args!(Call(2), Undef(-1), Surface(3)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_bti_2",
        "lsc.xatomic.bti",
        xatomic_args!(Call(2), Call(3), Surface(4)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_stateless_0",
        "lsc.xatomic.stateless",
        xatomic_args!(Undef(-1), Undef(-1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_stateless_1",
        "lsc.xatomic.stateless",
        xatomic_args!(Call(2), Undef(-1), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_xatomic_stateless_2",
        "lsc.xatomic.stateless",
        xatomic_args!(Call(2), Call(3), C32(0)),
        LSC_RET_PRED_ADDR,
    )),
    with_side_effects(rule(
        "lsc_fence",
        "lsc.fence",
        &[CallI1(0), t8(0), t8(1), t8(2)],
        Overloads { ret: false, args: &[0] },
    )),
];

/// The rule for the source spelling `name` (after `__esimd_`), if this
/// project supports it.
pub fn lookup(name: &str) -> Option<&'static Rule> {
    TABLE.iter().chain(LSC_TABLE).find(|r| r.source == name)
}

/// A template argument read from a mangled name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateArg {
    /// An integer literal: its value and the bit width of its C++ type when
    /// upstream types the constant after it (`int`: 32, `char`: 8,
    /// `short`: 16); `None` for other literal types.
    Int(i128, Option<u32>),
    /// `true`/`false`.
    Bool(bool),
    /// An enumerator given by value.
    Enum(i128),
    /// A type or anything else (not usable as an integer).
    Other,
}

/// The base name and template arguments of a mangled function name
/// `_Z<len><name>I<args>E...` (an unqualified template function, as the
/// `__esimd_*` intrinsics are). `None` when the name is not of that form or
/// uses mangling this reader does not know.
pub fn parse_template_function(mangled: &str) -> Option<(String, Vec<TemplateArg>)> {
    mangled.strip_prefix("_Z")?;
    let mut p = Parser {
        s: mangled.as_bytes(),
        i: 2,
    };
    let name = p.source_name()?;
    let mut args = Vec::new();
    if p.eat(b'I') {
        while !p.eat(b'E') {
            args.push(p.template_arg()?);
        }
    }
    Some((name, args))
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()
    }

    fn source_name(&mut self) -> Option<String> {
        let n = self.number()?;
        let end = self.i.checked_add(n)?;
        let name = std::str::from_utf8(self.s.get(self.i..end)?).ok()?.to_string();
        self.i = end;
        Some(name)
    }

    /// `S_`, `S<seq>_`, `St`, `Sa`, ... (a substitution).
    fn substitution(&mut self) -> Option<()> {
        if !self.eat(b'S') {
            return None;
        }
        match self.peek()? {
            b'_' => self.i += 1,
            b't' | b'a' | b'b' | b's' | b'i' | b'o' | b'd' => self.i += 1,
            _ => {
                while self.peek()?.is_ascii_alphanumeric() && self.peek()? != b'_' {
                    self.i += 1;
                }
                if !self.eat(b'_') {
                    return None;
                }
            }
        }
        Some(())
    }

    fn template_args(&mut self) -> Option<()> {
        if !self.eat(b'I') {
            return None;
        }
        while !self.eat(b'E') {
            self.template_arg()?;
        }
        Some(())
    }

    fn nested_name(&mut self) -> Option<()> {
        // N [CV-qualifiers] [ref-qualifier] <prefix> <unqualified-name> E
        if !self.eat(b'N') {
            return None;
        }
        while matches!(self.peek()?, b'r' | b'V' | b'K' | b'R' | b'O') {
            self.i += 1;
        }
        while !self.eat(b'E') {
            match self.peek()? {
                b'0'..=b'9' => {
                    self.source_name()?;
                }
                b'S' => self.substitution()?,
                b'I' => self.template_args()?,
                b'T' => self.template_param()?,
                _ => return None,
            }
        }
        Some(())
    }

    fn template_param(&mut self) -> Option<()> {
        if !self.eat(b'T') {
            return None;
        }
        while self.peek()? != b'_' {
            if !self.peek()?.is_ascii_digit() {
                return None;
            }
            self.i += 1;
        }
        self.i += 1;
        Some(())
    }

    /// Skips one type, answering its builtin letter for builtin types.
    fn type_(&mut self) -> Option<Option<u8>> {
        let c = self.peek()?;
        match c {
            b'v' | b'w' | b'b' | b'c' | b'a' | b'h' | b's' | b't' | b'i' | b'j' | b'l' | b'm' | b'x' | b'y' | b'n'
            | b'o' | b'f' | b'd' | b'e' | b'g' | b'z' => {
                self.i += 1;
                Some(Some(c))
            }
            b'D' => {
                self.i += 1;
                match self.peek()? {
                    b'F' => {
                        // DF<N>_ or DF<N>b
                        self.i += 1;
                        self.number()?;
                        if !(self.eat(b'_') || self.eat(b'b')) {
                            return None;
                        }
                    }
                    b'v' => {
                        self.i += 1;
                        self.number()?;
                        if !self.eat(b'_') {
                            return None;
                        }
                        self.type_()?;
                    }
                    b'h' | b'i' | b's' | b'u' | b'n' | b'a' | b'c' | b'f' | b'd' | b'e' => self.i += 1,
                    _ => return None,
                }
                Some(None)
            }
            b'P' | b'R' | b'O' | b'K' | b'V' | b'r' => {
                self.i += 1;
                self.type_()?;
                Some(None)
            }
            b'N' => {
                self.nested_name()?;
                Some(None)
            }
            b'0'..=b'9' => {
                self.source_name()?;
                if self.peek() == Some(b'I') {
                    self.template_args()?;
                }
                Some(None)
            }
            b'S' => {
                self.substitution()?;
                if self.peek() == Some(b'I') {
                    self.template_args()?;
                }
                Some(None)
            }
            b'T' => {
                self.template_param()?;
                Some(None)
            }
            _ => None,
        }
    }

    fn template_arg(&mut self) -> Option<TemplateArg> {
        match self.peek()? {
            b'L' => {
                self.i += 1;
                if self.peek() == Some(b'_') {
                    return None;
                }
                let builtin = self.type_()?;
                let neg = self.eat(b'n');
                let start = self.i;
                while self.peek()?.is_ascii_digit() {
                    self.i += 1;
                }
                let digits = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                if !self.eat(b'E') {
                    return None;
                }
                let v: i128 = if digits.is_empty() { 0 } else { digits.parse().ok()? };
                let v = if neg { -v } else { v };
                Some(match builtin {
                    Some(b'b') => TemplateArg::Bool(v != 0),
                    Some(b'i') => TemplateArg::Int(v, Some(32)),
                    Some(b'c') | Some(b'h') => TemplateArg::Int(v, Some(8)),
                    Some(b's') | Some(b't') => TemplateArg::Int(v, Some(16)),
                    Some(_) => TemplateArg::Int(v, None),
                    None => TemplateArg::Enum(v),
                })
            }
            b'J' => {
                self.i += 1;
                while !self.eat(b'E') {
                    self.template_arg()?;
                }
                Some(TemplateArg::Other)
            }
            b'X' => None,
            _ => {
                self.type_()?;
                Some(TemplateArg::Other)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_integer_template_arguments() {
        let (name, args) =
            parse_template_function("_Z16__esimd_rdregionIiLi16ELi8ELi8ELi1ELi1ELi0EEDv8_T_Dv16_S0_t").unwrap();
        assert_eq!(name, "__esimd_rdregion");
        assert_eq!(args.len(), 7);
        assert_eq!(args[0], TemplateArg::Other);
        assert_eq!(args[3], TemplateArg::Int(8, Some(32)));
        assert_eq!(args[6], TemplateArg::Int(0, Some(32)));
    }

    #[test]
    fn reads_enum_bool_char_and_negative_literals() {
        let (_, args) = parse_template_function(
            "_Z20__esimd_test_src_argILN4sycl3_V13ext5intel5esimd10cache_hintE2ELb1ELh3ELin5EEvv",
        )
        .unwrap();
        assert_eq!(
            args,
            vec![
                TemplateArg::Enum(2),
                TemplateArg::Bool(true),
                TemplateArg::Int(3, Some(8)),
                TemplateArg::Int(-5, Some(32)),
            ]
        );
    }

    #[test]
    fn table_rows_are_consistent() {
        let mut seen = std::collections::HashSet::new();
        for r in TABLE.iter().chain(LSC_TABLE) {
            assert!(seen.insert(r.source), "duplicate row {}", r.source);
            for &i in r.overloads.args {
                assert!(i < r.args.len(), "{}: overload {i} out of range", r.source);
            }
            if r.shape == Shape::Unmangled {
                assert_eq!(r.overloads, NONE, "{}", r.source);
            }
        }
    }

    #[test]
    fn atomic_overloads_by_operation() {
        let dword2 = lookup("dword_atomic2").unwrap();
        assert_eq!(bin_op_overloads(dword2, "cmpxchg").unwrap().args, &[0]);
        assert_eq!(bin_op_overloads(dword2, "fcmpwr").unwrap().args, &[0, 2]);
        assert!(bin_op_overloads(dword2, "add").is_none());
        let svm1 = lookup("svm_atomic1").unwrap();
        assert_eq!(bin_op_overloads(svm1, "fmax").unwrap().args, &[0, 1]);
        assert!(bin_op_overloads(svm1, "fadd").is_none());
        let dword1 = lookup("dword_atomic1").unwrap();
        assert_eq!(bin_op_overloads(dword1, "fadd").unwrap().args, &[0, 2]);
        assert!(bin_op_overloads(lookup("svm_atomic0").unwrap(), "predec").is_none());
    }

    #[test]
    fn lsc_rows_spell_result_predicate_and_address() {
        let load = lookup("lsc_load_merge_bti").unwrap();
        assert_eq!(load.genx, "lsc.load.merge.bti");
        assert_eq!(load.args.len(), 13);
        assert_eq!(load.args[11], Surface(2));
        assert_eq!(load.overloads, LSC_RET_PRED_ADDR);
        let store = lookup("lsc_store2d_stateless").unwrap();
        assert_eq!(store.overloads.args, &[0, 9, 15]);
        assert!(!store.overloads.ret);
        assert_eq!(lookup("lsc_xatomic_bti_0").unwrap().args[13], Surface(2));
        assert_eq!(lookup("addc").unwrap().shape, Shape::StructRet);
    }

    #[test]
    fn plain_and_unknown_names() {
        assert_eq!(
            parse_template_function("_Z15__esimd_barrierv").unwrap(),
            ("__esimd_barrier".into(), vec![])
        );
        assert!(parse_template_function("foo").is_none());
        assert!(lookup("barrier").is_some());
        assert!(lookup("lsc_load_stateless").is_some());
        assert!(lookup("lsc_load2d_descriptor").is_none());
    }
}
