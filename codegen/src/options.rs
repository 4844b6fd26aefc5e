//! [`CodegenOptions`]: how LLVM IR becomes SPIR-V, in one value. The
//! commands' option tables fill it directly (`sycl-tools`' `shared_opts`),
//! packaging carries it ([`crate::syclbin::SyclbinOptions::codegen`]), it
//! reaches each worker process as one framed record ([`WorkerRecord`]), and
//! the part of it that decides the SPIR-V's bytes is the code cache's key
//! ([`CodegenOptions::key_bytes`]). Adding a code-generation option touches
//! the option table, this file and the code that uses the option.

use std::io::{self, Read, Write};
use std::time::Duration;

use sycl_process::frame::{read_fields, write_fields};

use crate::pieces::PieceSettings;

/// How long a worker may go without answering a request before it is
/// killed and the request fails, by default: 30 minutes, far beyond what
/// LLVM's back end takes for the largest real image (seconds), so that
/// only a hang (or a stopped process) reaches it.
pub const DEFAULT_CODEGEN_TIMEOUT: Duration = Duration::from_secs(1800);

/// How an image of LLVM IR is compiled to SPIR-V.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenOptions {
    /// SPIR-V extensions the back end may use (default: DPC++'s,
    /// `sycl_spirv::DPCPP_EXTENSIONS`).
    pub spirv_extensions: Vec<String>,
    /// Whether every SPIR-V module compiled or stored is validated
    /// (SPIRV-Tools' validator).
    pub validate: bool,
    /// The SPIR-V back end's optimization level (`llc -O<n>`, 0 to 3;
    /// default `sycl_spirv::DEFAULT_OPT_LEVEL`).
    pub opt_level: u8,
    /// Which images are compiled in pieces ([`crate::pieces`]); by default
    /// large images of many functions and costly ones
    /// (`PieceSettings::default`). Only in worker processes: compiling in
    /// the caller's process keeps images whole.
    pub pieces: PieceSettings,
    /// Address space, in bytes, the process compiling one image in a worker
    /// may take (beyond the worker's own): an image that needs more fails
    /// with "out of memory". `None`: the machine's memory shared between
    /// the workers ([`crate::worker::default_memory_limit`]); `Some(0)`: no
    /// limit. Compiling in the caller's process has no limit.
    pub memory_limit: Option<u64>,
    /// How long a worker may take to compile one image (or piece) before it
    /// is killed and the image fails, naming the limit (default
    /// [`DEFAULT_CODEGEN_TIMEOUT`]; `None`: as long as it takes). Only with
    /// worker processes.
    pub timeout: Option<Duration>,
}

impl Default for CodegenOptions {
    fn default() -> Self {
        CodegenOptions {
            spirv_extensions: sycl_spirv::default_extensions(),
            validate: true,
            opt_level: sycl_spirv::DEFAULT_OPT_LEVEL,
            pieces: PieceSettings::default(),
            memory_limit: None,
            timeout: Some(DEFAULT_CODEGEN_TIMEOUT),
        }
    }
}

/// The first field of a [`WorkerRecord`]: a worker of another version of
/// the record refuses it instead of misreading it.
const RECORD_MAGIC: &[u8] = b"sycl-codegen-worker 1";

impl CodegenOptions {
    /// The fields that decide the SPIR-V's bytes, or whether they are
    /// accepted: the code cache keys entries by them, and a whole link's
    /// key includes them. Not the memory limit and the timeout, which decide
    /// at most whether compiling succeeds. Every field is named, so that a
    /// new one is placed on one side or the other.
    pub fn key_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        write_fields(&mut out, &self.key_fields()).expect("writing to a Vec does not fail");
        out
    }

    /// [`CodegenOptions::key_bytes`]' fields: the extensions, validation
    /// and level, the pieces' numbers.
    fn key_fields(&self) -> [Vec<u8>; 3] {
        let CodegenOptions {
            spirv_extensions,
            validate,
            opt_level,
            pieces,
            memory_limit: _,
            timeout: _,
        } = self;
        let pieces = pieces
            .numbers()
            .iter()
            .flat_map(|n| (*n as u64).to_le_bytes())
            .collect();
        [
            spirv_extensions.join(",").into_bytes(),
            vec![u8::from(*validate), *opt_level],
            pieces,
        ]
    }

    /// Reads [`CodegenOptions::key_bytes`] back (the memory limit and the
    /// timeout are `None`).
    fn from_key_fields(fields: &[Vec<u8>]) -> Option<Self> {
        let [extensions, flags, pieces] = fields else {
            return None;
        };
        let extensions = std::str::from_utf8(extensions).ok()?;
        let &[validate @ (0 | 1), opt_level @ 0..=3] = flags.as_slice() else {
            return None;
        };
        let numbers: Vec<usize> = pieces
            .chunks_exact(8)
            .map(|c| usize::try_from(u64::from_le_bytes(c.try_into().ok()?)).ok())
            .collect::<Option<_>>()?;
        let [min_instructions, min_functions, piece_instructions, max_pieces, min_cost] = numbers[..] else {
            return None;
        };
        Some(CodegenOptions {
            spirv_extensions: extensions
                .split(',')
                .filter(|e| !e.is_empty())
                .map(str::to_string)
                .collect(),
            validate: validate == 1,
            opt_level,
            pieces: PieceSettings {
                min_instructions,
                min_functions,
                piece_instructions,
                max_pieces,
                min_cost,
            },
            memory_limit: None,
            timeout: None,
        })
    }
}

/// What a worker process is started for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerRole {
    /// Compiling images and pieces.
    Compile,
    /// Reading LLVM IR and nothing more ([`crate::worker::ReadCheck`]):
    /// bitcode on this many threads, each function body once.
    Read {
        /// Threads the reading uses (at least one).
        threads: u32,
    },
}

/// The one record a worker reads before its first request: its role and
/// its code-generation options, the memory limit resolved to bytes
/// (0: none). Its framing is `sycl_process::frame`'s fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerRecord {
    /// Compiling or only reading.
    pub role: WorkerRole,
    /// The options, [`CodegenOptions::memory_limit`] resolved (`Some`). The
    /// timeout is the starting side's (`Worker::start` applies it) and is
    /// not written: it is `None` in what the worker reads.
    pub codegen: CodegenOptions,
}

impl WorkerRecord {
    /// Writes the record.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let threads = match self.role {
            WorkerRole::Compile => 0u32,
            WorkerRole::Read { threads } => threads.max(1),
        };
        let mut fields = vec![
            RECORD_MAGIC.to_vec(),
            threads.to_le_bytes().to_vec(),
            self.codegen.memory_limit.unwrap_or(0).to_le_bytes().to_vec(),
        ];
        fields.extend(self.codegen.key_fields());
        write_fields(out, &fields)
    }

    /// Reads a record [`WorkerRecord::write`] wrote; a record of another
    /// version or shape is an `InvalidData` error.
    pub fn read(input: &mut impl Read) -> io::Result<Self> {
        let bad = || {
            io::Error::new(
                io::ErrorKind::InvalidData,
                "not a code generation worker record of this version",
            )
        };
        let fields = read_fields(input)?;
        let [magic, threads, limit, key @ ..] = fields.as_slice() else {
            return Err(bad());
        };
        let threads = u32::from_le_bytes(threads.as_slice().try_into().map_err(|_| bad())?);
        let limit = u64::from_le_bytes(limit.as_slice().try_into().map_err(|_| bad())?);
        if magic != RECORD_MAGIC {
            return Err(bad());
        }
        let mut codegen = CodegenOptions::from_key_fields(key).ok_or_else(bad)?;
        codegen.memory_limit = Some(limit);
        Ok(WorkerRecord {
            role: match threads {
                0 => WorkerRole::Compile,
                threads => WorkerRole::Read { threads },
            },
            codegen,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        for role in [WorkerRole::Compile, WorkerRole::Read { threads: 3 }] {
            let record = WorkerRecord {
                role,
                codegen: CodegenOptions {
                    spirv_extensions: vec!["SPV_A".into(), "SPV_B".into()],
                    validate: false,
                    opt_level: 0,
                    pieces: PieceSettings::forced(4),
                    memory_limit: Some(1 << 30),
                    timeout: None,
                },
            };
            let mut bytes = Vec::new();
            record.write(&mut bytes).unwrap();
            assert_eq!(WorkerRecord::read(&mut bytes.as_slice()).unwrap(), record);
        }
        let off = WorkerRecord {
            role: WorkerRole::Compile,
            codegen: CodegenOptions {
                pieces: PieceSettings::OFF,
                spirv_extensions: Vec::new(),
                memory_limit: Some(0),
                timeout: None,
                ..CodegenOptions::default()
            },
        };
        let mut bytes = Vec::new();
        off.write(&mut bytes).unwrap();
        assert_eq!(WorkerRecord::read(&mut bytes.as_slice()).unwrap(), off);
    }

    #[test]
    fn a_record_of_another_shape_is_refused() {
        let mut bytes = Vec::new();
        write_fields(&mut bytes, &[b"sycl-codegen-worker 0".to_vec(), vec![0; 4], vec![0; 8]]).unwrap();
        assert_eq!(
            WorkerRecord::read(&mut bytes.as_slice()).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
        let mut good = Vec::new();
        WorkerRecord {
            role: WorkerRole::Compile,
            codegen: CodegenOptions::default(),
        }
        .write(&mut good)
        .unwrap();
        // Fields: magic, threads, limit, extensions, flags, pieces. A bad
        // optimization level, a validation flag of 2, a short piece field, a
        // short thread count, a field too many.
        let fields = read_fields(&mut good.as_slice()).unwrap();
        for (at, value) in [
            (4, vec![1, 9]),
            (4, vec![2, 2]),
            (5, vec![0; 39]),
            (1, vec![0; 3]),
            (6, vec![]),
        ] {
            let mut f = fields.clone();
            if at == f.len() {
                f.push(value);
            } else {
                f[at] = value;
            }
            let mut b = Vec::new();
            write_fields(&mut b, &f).unwrap();
            assert!(WorkerRecord::read(&mut b.as_slice()).is_err(), "field {at}");
        }
        assert!(WorkerRecord::read(&mut &good[..good.len() - 1]).is_err());
    }

    #[test]
    fn only_what_decides_the_bytes_is_in_the_key() {
        let a = CodegenOptions::default();
        let limits = CodegenOptions {
            memory_limit: Some(1),
            timeout: None,
            ..a.clone()
        };
        assert_eq!(a.key_bytes(), limits.key_bytes());
        for b in [
            CodegenOptions {
                validate: false,
                ..a.clone()
            },
            CodegenOptions {
                opt_level: 0,
                ..a.clone()
            },
            CodegenOptions {
                pieces: PieceSettings::OFF,
                ..a.clone()
            },
            CodegenOptions {
                spirv_extensions: vec!["SPV_KHR_x".into()],
                ..a.clone()
            },
        ] {
            assert_ne!(a.key_bytes(), b.key_bytes(), "{b:?}");
        }
    }
}
