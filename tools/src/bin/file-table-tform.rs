//! `file-table-tform`: transforms a file table, compatible with intel/llvm's tool of the same name.
//!
//! ```text
//! file-table-tform [ops] <input table> [extra inputs…] -o <output>
//! ```
//!
//! Operations run in command-line order on the first input; those that need an extra input take the next
//! unused one, left to right:
//!
//! - `--replace=<col>,<srccol>` (input: a table): replace column `col` by column `srccol` of the input;
//! - `--replace_cell=<col>,<row>` (input: any file, whose *name* becomes the cell value);
//! - `--rename=<old>,<new>`;
//! - `--extract=<c1>,<c2>,…`: keep these columns, in the table's order;
//! - `--copy_single_file=<col>,<row>`: copy the file named by that cell to the output (must come last);
//! - `--merge=<col>`: the cells of column `col` name tables with identical columns; the result is those tables
//!   concatenated (rows appended in order);
//! - `--drop_titles`: write the result without the title line.
//!
//! `-` reads the first input from standard input; `-o -` writes to standard output. Errors are
//! `file-table-tform: error: ` followed by upstream's wording (`*** <argv0> usage ERROR: <msg>`,
//! `*** <argv0> SYSTEM ERROR: <msg>`, or the table library's message); exit status 1.

use std::fs;
use std::process::ExitCode;

use sycl_postlink::output::{io_reason, Outputs};
use sycl_props::file_table::FileTable;
use sycl_tools::cl::{self, Opt};

const TOOL: &str = "file-table-tform";

/// What the command line sets.
struct Args {
    /// The command line, for `-v`.
    argv: Vec<String>,
    output: Option<String>,
    drop_titles: bool,
    cmds: Vec<Cmd>,
}

/// A transformation option: its [`Cmd`], checked as upstream checks it
/// (a failure is a usage error).
macro_rules! transformation {
    ($name:literal, $value_desc:literal, $help:literal, $kind:expr) => {
        Opt::value($name, $value_desc, $help, |a: &mut Args, v| {
            a.cmds.push(Cmd::new($kind, v)?);
            Ok(())
        })
    };
}

/// The options, each defined once.
const OPTIONS: &[Opt<Args>] = &[
    Opt::value("o", "filename", "<output filename>", |a, v| {
        a.output = Some(v.to_string());
        Ok(())
    }),
    transformation!(
        "replace",
        "column name or ordinal>,<column name or ordinal",
        "replace a column",
        Kind::Replace
    ),
    transformation!(
        "replace_cell",
        "column name or ordinal>,<row id ordinal",
        "replace a cell",
        Kind::ReplaceCell
    ),
    transformation!("rename", "old_name>,<new_name", "rename a column", Kind::Rename),
    transformation!(
        "extract",
        "name1>,<name2>,<...",
        "extract column(s) identified by names",
        Kind::Extract
    ),
    transformation!(
        "copy_single_file",
        "column name or ordinal>,<row id ordinal",
        "copy the file in a cell as make it the output",
        Kind::CopySingleFile
    ),
    transformation!(
        "merge",
        "column name",
        "merge the tables listed in a column",
        Kind::Merge
    ),
    Opt::flag("drop_titles", "drop column titles", |a, v| {
        a.drop_titles = v == "true";
        Ok(())
    }),
    Opt::flag("v", "Print the command to standard error", |a, v| {
        if v == "true" {
            sycl_tools::echo_command(TOOL, &a.argv);
        }
        Ok(())
    }),
];

const OVERVIEW: &str = "File table transformation tool.\n\
Inputs and output of this tool is a \"file table\" files containing\n\
2D table of strings with optional row of column titles. Based on\n\
transformation actions passed via the command line, the tool\n\
transforms the first input file table and emits either a new file\n\
table or a copy of a file in a cell of the input table.";

/// A failure, printed the way upstream prints it.
enum Failure {
    /// `*** <tool> usage ERROR: <msg>`.
    Usage(String),
    /// `*** <tool> SYSTEM ERROR: <msg>`.
    System(String),
    /// A library or file error, printed as is after `error: `.
    Plain(String),
    /// A command-line syntax error, printed as LLVM's option parser does: `<tool>: <msg>`.
    CommandLine(String),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Replace,
    ReplaceCell,
    Rename,
    Extract,
    CopySingleFile,
    Merge,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Replace => "replace",
            Kind::ReplaceCell => "replace_cell",
            Kind::Rename => "rename",
            Kind::Extract => "extract",
            Kind::CopySingleFile => "copy_single_file",
            Kind::Merge => "merge",
        }
    }

    fn needs_input(self) -> bool {
        matches!(self, Kind::Replace | Kind::ReplaceCell)
    }
}

struct Cmd {
    kind: Kind,
    args: Vec<String>,
    input: Option<String>,
}

impl Cmd {
    /// Checks the option's argument as upstream does: the error is a
    /// usage error's message.
    fn new(kind: Kind, raw: &str) -> Result<Cmd, String> {
        let op = kind.name();
        let usage = |m: String| Err(m);
        let args: Vec<String> = match kind {
            Kind::Merge => {
                if raw.is_empty() {
                    return usage(format!("empty argument in {op}"));
                }
                vec![raw.to_string()]
            }
            Kind::Replace | Kind::ReplaceCell | Kind::CopySingleFile => {
                if raw.is_empty() {
                    return usage(format!("empty argument in {op}"));
                }
                let parts: Vec<&str> = raw.split(',').collect();
                if parts.len() != 2 || parts.iter().any(|p| p.is_empty()) {
                    return usage(format!("invalid argument in {op}"));
                }
                parts.into_iter().map(str::to_string).collect()
            }
            Kind::Rename => {
                if raw.is_empty() {
                    return usage(format!("empty argument in {op}"));
                }
                let (a, b) = raw.split_once(',').unwrap_or((raw, ""));
                if a.is_empty() || b.is_empty() {
                    return usage(format!("invalid argument in {op}"));
                }
                vec![a.to_string(), b.to_string()]
            }
            Kind::Extract => {
                // Upstream names `rename` in these two messages; kept for compatibility.
                if raw.is_empty() {
                    return usage("empty argument in rename".into());
                }
                let names: Vec<&str> = raw.split(',').collect();
                if names.iter().any(|n| n.is_empty()) {
                    return usage("empty name in rename".into());
                }
                names.into_iter().map(str::to_string).collect()
            }
        };
        Ok(Cmd {
            kind,
            args,
            input: None,
        })
    }
}

/// `std::stoi`: optional leading white space and sign, then decimal digits up to the first other character.
fn stoi(s: &str) -> Option<i64> {
    let t = s.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let end = digits.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(digits.len());
    let v: i64 = digits[..end]
        .parse()
        .ok()
        .filter(|v: &i64| *v <= i64::from(i32::MAX) + 1)?;
    Some(if neg { -v } else { v })
}

fn read_table(path: &str) -> Result<FileTable, Failure> {
    let bytes = if path == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).map(|_| v)
    } else {
        fs::read(path)
    };
    let bytes = bytes.map_err(|e| Failure::Plain(format!("'can't read {path}': {}", io_reason(&e))))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::Plain(format!("'can't read {path}': file is not valid UTF-8 text")))?;
    FileTable::parse(&text).map_err(|e| Failure::Plain(e.to_string()))
}

fn write_output(path: &str, data: &[u8]) -> Result<(), Failure> {
    if path == "-" {
        sycl_tools::stdio::out_bytes(data);
        return Ok(());
    }
    let mut outs = Outputs::new();
    outs.write(path, data).map_err(Failure::Plain)?;
    outs.commit().map_err(Failure::Plain)
}

fn run(args: &[String]) -> Result<(), Failure> {
    let parsed = cl::parse(TOOL, &cl::specs(OPTIONS), args).map_err(Failure::CommandLine)?;
    let mut a = Args {
        argv: args.to_vec(),
        output: None,
        drop_titles: false,
        cmds: Vec::new(),
    };
    // The options' own errors are the transformations' usage errors.
    let help = [
        OVERVIEW,
        "file-table-tform [options] <input filenames>",
        "file-table-tform Options",
    ];
    let inputs = match cl::apply_or_print(OPTIONS, parsed, &mut a, TOOL, help).map_err(Failure::Usage)? {
        Ok(inputs) => inputs,
        Err(text) => {
            sycl_tools::out!("{}", text);
            return Ok(());
        }
    };
    let Args {
        output,
        drop_titles,
        mut cmds,
        ..
    } = a;
    let Some(output) = output else {
        return Err(Failure::CommandLine(
            "for the -o option: must be specified at least once!".into(),
        ));
    };
    let mut inputs = inputs.into_iter();
    let Some(main_input) = inputs.next() else {
        return Err(Failure::Usage("no inputs".into()));
    };
    assign_inputs(&mut cmds, inputs)?;
    transform(read_table(&main_input)?, &cmds, &output, drop_titles)
}

/// Checks the order of the transformations and gives each that needs one
/// the next extra input.
fn assign_inputs(cmds: &mut [Cmd], mut inputs: impl Iterator<Item = String>) -> Result<(), Failure> {
    let mut seen_copy = false;
    for c in cmds.iter() {
        if seen_copy {
            return Err(Failure::Usage(
                "copy_single_file must be the last transformation".into(),
            ));
        }
        seen_copy |= c.kind == Kind::CopySingleFile;
    }
    for c in cmds.iter_mut() {
        if !c.kind.needs_input() {
            continue;
        }
        let Some(inp) = inputs.next() else {
            return Err(Failure::Usage(format!("no input for '{}' command", c.kind.name())));
        };
        if fs::metadata(&inp).is_err() {
            return Err(Failure::System(format!("file not found: {inp}")));
        }
        c.input = Some(inp);
    }
    Ok(())
}

/// Runs the transformations on `table` and writes the result (or the file
/// `copy_single_file` names) to `output`.
fn transform(mut table: FileTable, cmds: &[Cmd], output: &str, drop_titles: bool) -> Result<(), Failure> {
    let lib = |e: sycl_props::file_table::TableError| Failure::Plain(e.to_string());
    for c in cmds {
        let input = c.input.as_deref().unwrap_or("");
        match c.kind {
            Kind::Replace => {
                let src = read_table(input)?;
                table.replace_column(&c.args[0], &src, &c.args[1]).map_err(lib)?;
            }
            Kind::ReplaceCell => {
                let row = stoi(&c.args[1]).ok_or_else(|| Failure::Usage("invalid argument in replace_cell".into()))?;
                table.replace_cell(&c.args[0], row, input).map_err(lib)?;
            }
            Kind::Rename => table.rename_column(&c.args[0], &c.args[1]).map_err(lib)?,
            Kind::Extract => table.extract(&c.args).map_err(lib)?,
            Kind::Merge => {
                let files: Vec<String> = table
                    .column(&c.args[0])
                    .ok_or_else(|| Failure::Plain(format!("Column not found: {}", c.args[0])))?
                    .into_iter()
                    .map(str::to_string)
                    .collect();
                let mut merged: Option<FileTable> = None;
                for f in &files {
                    let t = read_table(f)?;
                    match merged.as_mut() {
                        None => merged = Some(t),
                        Some(m) => m.merge(&t).map_err(lib)?,
                    }
                }
                table = merged.unwrap_or_default();
            }
            Kind::CopySingleFile => {
                let row =
                    stoi(&c.args[1]).ok_or_else(|| Failure::Usage("invalid argument in copy_single_file".into()))?;
                let row = usize::try_from(row)
                    .ok()
                    .filter(|r| *r < table.num_rows())
                    .ok_or_else(|| Failure::Usage("row index is out of bounds".into()))?;
                let file = table.cell(row, &c.args[0]).unwrap_or("");
                if file.is_empty() {
                    return Err(Failure::Usage("no file found in specified column".into()));
                }
                let data = fs::read(file).map_err(|e| Failure::Plain(format!("'{output}': {}", io_reason(&e))))?;
                return write_output(output, &data);
            }
        }
    }
    write_output(output, table.to_text_with(!drop_titles).as_bytes())
}

sycl_tools::command_main!("file-table-tform", main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    let argv0 = std::env::args().next().unwrap_or_else(|| "file-table-tform".into());
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            // Upstream's own wording follows `<tool>: error: `.
            let what = match f {
                Failure::Usage(m) => format!("*** {argv0} usage ERROR: {m}"),
                Failure::System(m) => format!("*** {argv0} SYSTEM ERROR: {m}"),
                Failure::CommandLine(m) | Failure::Plain(m) => m,
            };
            sycl_tools::report_error("file-table-tform", &what)
        }
    }
}
