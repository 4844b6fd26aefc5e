//! `[SYCL/devicelib req mask]`: which fallback device libraries an image
//! needs (upstream `getSYCLDeviceLibReqMask`,
//! llvm/lib/SYCLLowerIR/SYCLDeviceLibReqMask.cpp; reference 5.5).
//!
//! For a SPIR or SPIR-V target, every **declaration** named `__devicelib_*`
//! contributes the bit of its library; other targets get 0. Upstream dropped
//! the set in 2025 (PR #20777: device libraries are linked at compile time)
//! and the 2026.2 runtime does not read it; it is written, first and with
//! the single key `DeviceLibReqMask`, only with `-emit-devicelib-req-mask`,
//! for the 2025 runtimes that link the fallback libraries at JIT time:
//! ```text
//! declare spir_func i32 @__devicelib_imf_umulhi(i32, i32)
//!   =>  [SYCL/devicelib req mask]
//!       DeviceLibReqMask=1|64
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use sycl_ir::Module;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

const ASSERT: u32 = 0x1;
const MATH: u32 = 0x2;
const MATH_FP64: u32 = 0x4;
const COMPLEX: u32 = 0x8;
const COMPLEX_FP64: u32 = 0x10;
const CSTRING: u32 = 0x20;
const IMF: u32 = 0x40;
const IMF_FP64: u32 = 0x80;
const IMF_BF16: u32 = 0x100;
const BFLOAT16: u32 = 0x200;

const MATH_NAMES: &str =
    "abs acosf acoshf asinf asinhf atan2f atanf atanhf cbrtf cosf coshf div erfcf erff exp2f expf \
expm1f fdimf fmaf fmodf frexpf hypotf ilogbf labs ldiv ldexpf lgammaf llabs lldiv log10f log1pf log2f logbf logf modff \
nextafterf powf remainderf remquof scalbnf sinf sinhf sqrtf tanf tanhf tgammaf";
const MATH_FP64_NAMES: &str = "acos acosh asin asinh atan atan2 atanh cbrt cos cosh erf erfc exp exp2 expm1 fdim fma \
fmod frexp hypot ilogb ldexp lgamma log log10 log1p log2 logb modf nextafter pow remainder remquo scalbn sin sinh sqrt \
tan tanh tgamma";
const COMPLEX_NAMES: &str = "__divsc3 __mulsc3 cabsf cacosf cacoshf cargf casinf casinhf catanf catanhf ccosf ccoshf \
cexpf cimagf clogf cpolarf cpowf cprojf crealf csinf csinhf csqrtf ctanf ctanhf";
const COMPLEX_FP64_NAMES: &str = "__divdc3 __muldc3 cabs cacos cacosh carg casin casinh catan catanh ccos ccosh cexp \
cimag clog cpolar cpow cproj creal csin csinh csqrt ctan ctanh";
const CSTRING_NAMES: &str = "memcpy memset memcmp";
const IMF_NAMES: &str = "llmax llmin max min ullmax ullmin umax umin brev brevll byte_perm ffs ffsll clz clzll popc \
popcll sad usad uhadd urhadd hadd rhadd mul24 umul24 mulhi umulhi mul64hi umul64hi saturatef fmaf floorf ceilf abs \
llabs fabsf truncf rintf nearbyintf invf sqrtf rsqrtf fmaxf fminf copysignf fast_exp10f fast_expf fast_logf \
fast_log2f fast_log10f fast_powf fast_fdividef fadd_* fsub_* fmul_* fdiv_* fmaf_* sqrtf_* float2int_* float2uint_* \
float2ll_* float2ull_* float_as_int int2float_* int_as_float float_as_uint ll2float_* uint2float_* uint_as_float \
ull2float_* float2half_* half2float half2int_* half2ll_* half2short_* half2uint_* half2ull_* half2ushort_* \
half_as_short half_as_ushort uint2half_* ull2half_* ushort2half_* ushort_as_half int2half_* ll2half_* short2half_* \
short_as_half fmaf16 floorf16 ceilf16 fabsf16 truncf16 rintf16 nearbyintf16 invf16 sqrtf16 rsqrtf16 fmaxf16 fminf16 \
copysignf16 vabs2/4 vabsss2/4 vneg2/4 vnegss2/4 vabsdiffs2/4 vabsdiffu2/4 vadd2/4 vaddss2/4 vaddus2/4 vsub2/4 \
vsubss2/4 vsubus2/4 vavgs2/4 vavgu2/4 vhaddu2/4 vcmpeq2/4 vcmpne2/4 vcmpges2/4 vcmpgeu2/4 vcmpgts2/4 vcmpgtu2/4 \
vcmples2/4 vcmpleu2/4 vcmplts2/4 vcmpltu2/4 vmaxs2/4 vmaxu2/4 vmins2/4 vminu2/4 vseteq2/4 vsetne2/4 vsetges2/4 \
vsetgeu2/4 vsetgts2/4 vsetgtu2/4 vsetles2/4 vsetleu2/4 vsetlts2/4 vsetltu2/4 vsads2/4 vsadu2/4 viaddmax_s16x2 \
viaddmax_s16x2_relu viaddmax_s32 viaddmax_s32_relu viaddmax_u16x2 viaddmax_u32 viaddmin_s16x2 viaddmin_s16x2_relu \
viaddmin_s32 viaddmin_s32_relu viaddmin_u16x2 viaddmin_u32 vibmax_s16x2 vibmax_s32 vibmax_u16x2 vibmax_u32 \
vibmin_s16x2 vibmin_s32 vibmin_u16x2 vibmin_u32 vimax3_s16x2 vimax3_s16x2_relu vimin3_s16x2 vimin3_s16x2_relu \
vimax3_s32 vimax3_s32_relu vimin3_s32 vimin3_s32_relu vimax3_u16x2 vimax3_u32 vimin3_u16x2 vimin3_u32 \
vimax_s16x2_relu vimax_s32_relu vimin_s16x2_relu vimin_s32_relu";
const IMF_FP64_NAMES: &str = "double2half double2bfloat16 fma floor ceil fabs trunc rint rcp64h nearbyint inv sqrt \
rsqrt fmax fmin copysign dadd_* dsub_* dmul_* ddiv_* double2float_* double2int_* double2uint_* double2hiint \
double2loint double2ll_* double2ull_* double_as_longlong hiloint2double int2double_rn ll2double_* ull2double_* \
uint2double_rn longlong_as_double fma_* sqrt_*";
const IMF_BF16_NAMES: &str = "bfloat162float bfloat162int_* bfloat162short_* bfloat162ll_* bfloat162uint_* \
bfloat162ushort_* bfloat162ull_* float2bfloat16 float2bfloat16_* bfloat16_as_short bfloat16_as_ushort \
short_as_bfloat16 ushort_as_bfloat16 ushort2bfloat16_* uint2bfloat16_* ull2bfloat16_* short2bfloat16_* \
int2bfloat16_* ll2bfloat16_* fmabf16 fmaxbf16 fminbf16 copysignbf16 sqrtbf16 rsqrtbf16 fabsbf16 rintbf16 floorbf16 \
ceilbf16 truncbf16";

/// Group-sort fallback functions (`__devicelib_default_work_group_*`,
/// `__devicelib_default_sub_group_*`) that are not in the table.
const GSORT: u32 = 0x400;

/// Expands the table notation: `x_*` → `x_rd x_rn x_ru x_rz`, `x2/4` → `x2 x4`.
fn expand(list: &str, prefix: &str, out: &mut HashMap<String, u32>, bit: u32) {
    for item in list.split_whitespace() {
        if let Some(stem) = item.strip_suffix("_*") {
            for r in ["rd", "rn", "ru", "rz"] {
                out.insert(format!("__devicelib_{prefix}{stem}_{r}"), bit);
            }
        } else if let Some(stem) = item.strip_suffix("2/4") {
            out.insert(format!("__devicelib_{prefix}{stem}2"), bit);
            out.insert(format!("__devicelib_{prefix}{stem}4"), bit);
        } else {
            out.insert(format!("__devicelib_{prefix}{item}"), bit);
        }
    }
}

/// Full function name → library bit (upstream's `SDLMap`).
fn table() -> &'static HashMap<String, u32> {
    static TABLE: OnceLock<HashMap<String, u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = HashMap::new();
        expand("assert_read assert_fail", "", &mut t, ASSERT);
        expand(MATH_NAMES, "", &mut t, MATH);
        expand(MATH_FP64_NAMES, "", &mut t, MATH_FP64);
        expand(COMPLEX_NAMES, "", &mut t, COMPLEX);
        expand(COMPLEX_FP64_NAMES, "", &mut t, COMPLEX_FP64);
        expand(CSTRING_NAMES, "", &mut t, CSTRING);
        expand(IMF_NAMES, "imf_", &mut t, IMF);
        expand(IMF_FP64_NAMES, "imf_", &mut t, IMF_FP64);
        expand(IMF_BF16_NAMES, "imf_", &mut t, IMF_BF16);
        for base in ["ConvertFToBF16INTEL", "ConvertBF16ToFINTEL"] {
            t.insert(format!("__devicelib_{base}"), BFLOAT16);
            for v in ["Vec1", "Vec2", "Vec3", "Vec4", "Vec8", "Vec16"] {
                t.insert(format!("__devicelib_{base}{v}"), BFLOAT16);
            }
        }
        t
    })
}

/// The bit of one function name (with its `__devicelib_` prefix): the table
/// entry, else 0x400 for the group-sort fallbacks, else 0.
pub fn devicelib_bit(name: &str) -> u32 {
    match table().get(name) {
        Some(&b) => b,
        None if name.starts_with("__devicelib_default_work_group_")
            || name.starts_with("__devicelib_default_sub_group_") =>
        {
            GSORT
        }
        None => 0,
    }
}

/// The architecture component of a target triple.
pub(crate) fn triple_arch(triple: &str) -> &str {
    triple.split('-').next().unwrap_or("")
}

/// `Triple::isSPIROrSPIRV()` of intel/llvm: `spir`, `spir64` (also with the
/// AOT sub-architectures `_gen`, `_x86_64`, `_fpga`) and `spirv*`.
pub fn is_spir_or_spirv(triple: &str) -> bool {
    let arch = triple_arch(triple);
    if arch.starts_with("spirv") {
        return true;
    }
    let base = ["_gen", "_x86_64", "_fpga"]
        .iter()
        .find_map(|s| arch.strip_suffix(s))
        .unwrap_or(arch);
    base == "spir" || base == "spir64"
}

/// The device-library requirement mask of `m`: 0 unless the target is SPIR
/// or SPIR-V, otherwise the OR of the bits of every `__devicelib_*`
/// declaration.
///
/// Upstream revisions differ on the target test (`isSPIR` in older ones,
/// `isSPIROrSPIRV` since the test `device-requirements/mask.ll` expects a
/// mask for `spirv64`); the newer one is implemented.
pub fn devicelib_req_mask(m: &Module<'_>) -> u32 {
    if !is_spir_or_spirv(&m.triple()) {
        return 0;
    }
    m.functions()
        .into_iter()
        .filter(|f| f.is_declaration())
        .map(|f| f.name())
        .filter(|n| n.starts_with("__devicelib_"))
        .fold(0, |mask, n| mask | devicelib_bit(&n))
}

/// Adds `[SYCL/devicelib req mask]` (always).
pub fn add_devicelib_req_mask(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    reg.add(
        names::DEVICELIB_REQ_MASK,
        names::DEVICELIB_REQ_MASK_KEY,
        PropertyValue::UInt32(devicelib_req_mask(m)),
    );
}

/// True if `m` (a SPIR or SPIR-V module) declares one of the bfloat16
/// device-library functions (upstream `isSYCLDeviceLibBF16Used`).
pub fn uses_bf16_devicelib(m: &Module<'_>) -> bool {
    m.triple().starts_with("spir")
        && m.functions()
            .into_iter()
            .any(sycl_split::entry_points::is_bf16_devicelib_function)
}

/// The property sets of a bfloat16 device-library image (upstream
/// `computeDeviceLibProperties`): every defined `spir_func` whose name starts
/// with `__devicelib_` is exported, and `[SYCL/devicelib metadata]` says
/// whether the library is the native (1) or the fallback (0) one, from its
/// file name.
pub fn device_lib_properties(m: &Module<'_>, lib_name: &str) -> PropertySetRegistry {
    let mut reg = PropertySetRegistry::new();
    for f in m.functions() {
        if f.is_declaration() || f.call_conv() != sycl_ir::CallConv::SpirFunc {
            continue;
        }
        let name = f.name();
        if name.starts_with("__devicelib_") {
            reg.add(names::EXPORTED_SYMBOLS, name, PropertyValue::UInt32(1));
        }
    }
    let native = u32::from(lib_name.contains("native"));
    reg.add(names::DEVICELIB_METADATA, "bfloat16", PropertyValue::UInt32(native));
    reg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lookup() {
        assert_eq!(devicelib_bit("__devicelib_assert_fail"), ASSERT);
        assert_eq!(devicelib_bit("__devicelib_assert_read"), ASSERT);
        assert_eq!(devicelib_bit("__devicelib_cosf"), MATH);
        assert_eq!(devicelib_bit("__devicelib_div"), MATH);
        assert_eq!(devicelib_bit("__devicelib_cos"), MATH_FP64);
        assert_eq!(devicelib_bit("__devicelib___divsc3"), COMPLEX);
        assert_eq!(devicelib_bit("__devicelib_cabs"), COMPLEX_FP64);
        assert_eq!(devicelib_bit("__devicelib_memcmp"), CSTRING);
        assert_eq!(devicelib_bit("__devicelib_imf_fadd_rn"), IMF);
        assert_eq!(devicelib_bit("__devicelib_imf_vabs4"), IMF);
        assert_eq!(devicelib_bit("__devicelib_imf_umulhi"), IMF);
        assert_eq!(devicelib_bit("__devicelib_imf_vimin3_u32"), IMF);
        assert_eq!(devicelib_bit("__devicelib_imf_fma"), IMF_FP64);
        assert_eq!(devicelib_bit("__devicelib_imf_sqrt_rz"), IMF_FP64);
        assert_eq!(devicelib_bit("__devicelib_imf_float2bfloat16"), IMF_BF16);
        assert_eq!(devicelib_bit("__devicelib_imf_float2bfloat16_ru"), IMF_BF16);
        assert_eq!(devicelib_bit("__devicelib_ConvertFToBF16INTELVec8"), BFLOAT16);
        assert_eq!(devicelib_bit("__devicelib_ConvertBF16ToFINTEL"), BFLOAT16);
        assert_eq!(
            devicelib_bit("__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8"),
            GSORT
        );
        assert_eq!(
            devicelib_bit("__devicelib_default_sub_group_private_sort_ascending_i32"),
            GSORT
        );
        assert_eq!(devicelib_bit("__devicelib_nonsense"), 0);
        // Without the prefix nothing matches.
        assert_eq!(devicelib_bit("cosf"), 0);
    }

    #[test]
    fn table_size_matches_upstream() {
        // Upstream's SDLMap (SYCLDeviceLibReqMask.cpp) has this many entries;
        // a transcription error would change the count.
        let count = |bit| table().values().filter(|&&b| b == bit).count();
        assert_eq!(count(ASSERT), 2);
        assert_eq!(count(MATH), 46);
        assert_eq!(count(MATH_FP64), 40);
        assert_eq!(count(COMPLEX), 24);
        assert_eq!(count(COMPLEX_FP64), 24);
        assert_eq!(count(CSTRING), 3);
        assert_eq!(count(BFLOAT16), 14);
    }

    #[test]
    fn spir_targets() {
        assert!(is_spir_or_spirv("spir64-unknown-unknown"));
        assert!(is_spir_or_spirv("spir-unknown-unknown"));
        assert!(is_spir_or_spirv("spir64_gen-unknown-unknown"));
        assert!(is_spir_or_spirv("spir64_x86_64-unknown-unknown"));
        assert!(is_spir_or_spirv("spirv64-unknown-unknown"));
        assert!(is_spir_or_spirv("spirv64v1.5-unknown-unknown"));
        assert!(!is_spir_or_spirv("nvptx64-nvidia-cuda"));
        assert!(!is_spir_or_spirv("amdgcn-amd-amdhsa"));
        assert!(!is_spir_or_spirv("spirx"));
        assert!(!is_spir_or_spirv(""));
    }
}
