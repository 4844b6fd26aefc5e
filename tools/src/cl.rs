//! A parser for LLVM `cl`-style command lines: options are spelled with one
//! or two dashes (`-split=kernel`, `--split=kernel`), boolean options take
//! an optional `=true|false|1|0`, value options take `-opt=value` or
//! `-opt value`, and grouped short flags are not supported (LLVM's tools do
//! not use them either). Error messages are LLVM's.
//!
//! General-purpose argument crates (lexopt, clap) treat `-split` as a group
//! of short flags, which LLVM tools never do, hence this small parser.

/// How an option takes its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptKind {
    /// A flag: `-f`, `-f=true`, `-f=0`.
    Flag,
    /// A value: `-o x`, `-o=x`.
    Value,
    /// A value that must be given as `-opt=value` (LLVM's enum options).
    Enum(&'static [&'static str]),
    /// An unsigned number: `-j 4`, `--threads=4` (LLVM's `cl::opt<unsigned>`).
    UInt,
}

/// One option the tool accepts.
#[derive(Debug, Clone, Copy)]
pub struct OptSpec {
    /// Name without dashes.
    pub name: &'static str,
    /// How it takes a value.
    pub kind: OptKind,
    /// Help text (empty: hidden).
    pub help: &'static str,
    /// Value placeholder for `--help`.
    pub value_desc: &'static str,
}

impl OptSpec {
    /// A flag option with help text `help` (empty: hidden).
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        OptSpec {
            name,
            kind: OptKind::Flag,
            help,
            value_desc: "",
        }
    }
}

/// One option of a tool, defined once: its spelling, kind and help
/// ([`OptSpec`]), the descriptions of its values for `--help`, and how its
/// value is applied to the tool's options `T`. Parsing ([`parse`]),
/// `--help` ([`help_of`]), "did you mean" and the C ABI's
/// `sycl_post_link_settings_set` all come from a tool's table of these.
pub struct Opt<T> {
    /// Spelling, kind, help.
    pub spec: OptSpec,
    /// `(value, description)` of an enum option's values for `--help`;
    /// values without one (older spellings) are not listed. An enum option
    /// with none lists all its values, without descriptions.
    pub value_help: &'static [(&'static str, &'static str)],
    /// Applies a value as [`parse`] checked it (flags `"true"`/`"false"`).
    pub apply: fn(&mut T, &str) -> Result<(), String>,
    /// The argument that gives what a `T` holds for this option, for the
    /// commands `-v` prints (`None`, or a `None` result: not printed).
    pub show: Option<fn(&T) -> Option<String>>,
}

impl<T> Clone for Opt<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Opt<T> {}

impl<T> Opt<T> {
    /// The option `spec`, applied by `apply`.
    pub const fn new(spec: OptSpec, apply: fn(&mut T, &str) -> Result<(), String>) -> Self {
        Opt {
            spec,
            value_help: &[],
            apply,
            show: None,
        }
    }

    /// The same option, printed in commands by `show`.
    pub const fn shown(self, show: fn(&T) -> Option<String>) -> Self {
        Opt {
            show: Some(show),
            ..self
        }
    }

    /// A flag `name` with help `help` (empty: hidden).
    pub const fn flag(name: &'static str, help: &'static str, apply: fn(&mut T, &str) -> Result<(), String>) -> Self {
        Opt::new(OptSpec::flag(name, help), apply)
    }

    /// A value option `name` (`--name=<value_desc>`).
    pub const fn value(
        name: &'static str,
        value_desc: &'static str,
        help: &'static str,
        apply: fn(&mut T, &str) -> Result<(), String>,
    ) -> Self {
        Opt::new(
            OptSpec {
                name,
                kind: OptKind::Value,
                help,
                value_desc,
            },
            apply,
        )
    }

    /// An enum option `name` taking one of `values`, described in `--help`
    /// by `value_help`.
    pub const fn one_of(
        name: &'static str,
        values: &'static [&'static str],
        value_help: &'static [(&'static str, &'static str)],
        help: &'static str,
        apply: fn(&mut T, &str) -> Result<(), String>,
    ) -> Self {
        Opt {
            spec: OptSpec {
                name,
                kind: OptKind::Enum(values),
                help,
                value_desc: "",
            },
            value_help,
            apply,
            show: None,
        }
    }
}

/// The specs of `opts`, for [`parse`] and [`nearest_option`].
pub fn specs<T>(opts: &[Opt<T>]) -> Vec<OptSpec> {
    opts.iter().map(|o| o.spec).collect()
}

/// What a command line asks for besides its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// Run, with these positional arguments.
    Run(Vec<String>),
    /// `--help`.
    Help,
    /// `--version`.
    Version,
}

/// Applies `parsed` (what [`parse`] made of a command line against
/// [`specs`] of `opts`) to `t` in order: each option by its definition in
/// `opts`; `--help` and `--version` stop there.
pub fn apply<T>(opts: &[Opt<T>], parsed: Vec<Arg>, t: &mut T) -> Result<Parsed, String> {
    let mut positional = Vec::new();
    for a in parsed {
        match a {
            Arg::Help => return Ok(Parsed::Help),
            Arg::Version => return Ok(Parsed::Version),
            Arg::Positional(p) => positional.push(p),
            Arg::Opt(name, v) => {
                if let Some(o) = opts.iter().find(|o| o.spec.name == name) {
                    (o.apply)(t, &v)?;
                }
            }
        }
    }
    Ok(Parsed::Run(positional))
}

/// Sets one option of `opts` by name on `t`, checked as [`parse_one`]
/// checks it.
pub fn set_one<T>(opts: &[Opt<T>], t: &mut T, name: &str, value: Option<&str>) -> Result<(), String> {
    match parse_one(&specs(opts), name, value)? {
        Arg::Opt(name, v) => apply(opts, vec![Arg::Opt(name, v)], t).map(|_| ()),
        _ => Err(format!("Unknown command line argument '-{name}'.")),
    }
}

/// [`apply`] with `--help` and `--version` answered: `Ok(positional)` to
/// run with, or `Err(text)`, the text to print and exit 0 on: the help of
/// `opts` ([`help_of`] with `overview`, `usage`, `category`) or the version
/// of `tool`.
pub fn apply_or_print<T>(
    opts: &[Opt<T>],
    parsed: Vec<Arg>,
    t: &mut T,
    tool: &str,
    [overview, usage, category]: [&str; 3],
) -> Result<Result<Vec<String>, String>, String> {
    Ok(match apply(opts, parsed, t)? {
        Parsed::Help => Err(help_of(overview, usage, category, opts)),
        Parsed::Version => Err(crate::version::text(tool)),
        Parsed::Run(positional) => Ok(positional),
    })
}

/// [`help_with_values`] for a table of [`Opt`]s, with their value help.
pub fn help_of<T>(overview: &str, usage: &str, category: &str, opts: &[Opt<T>]) -> String {
    let value_help: Vec<(&str, &str, &str)> = opts
        .iter()
        .flat_map(|o| o.value_help.iter().map(|(v, d)| (o.spec.name, *v, *d)))
        .collect();
    help_with_values(overview, usage, category, &specs(opts), &value_help)
}

/// One parsed occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// An option with its value (`"true"`/`"false"` for flags).
    Opt(&'static str, String),
    /// A positional argument.
    Positional(String),
    /// `-help` / `--help` / `-help-list`.
    Help,
    /// `--version`.
    Version,
}

/// Parses `args` (without the program name) against `specs`. Errors are
/// LLVM's messages, without the `<tool>: ` prefix.
pub fn parse(tool: &str, specs: &[OptSpec], args: &[String]) -> Result<Vec<Arg>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_positional = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if only_positional || a == "-" || !a.starts_with('-') {
            out.push(Arg::Positional(a.clone()));
            continue;
        }
        if a == "--" {
            only_positional = true;
            continue;
        }
        let body = a.strip_prefix("--").unwrap_or(&a[1..]);
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        match name {
            "help" | "help-list" | "help-hidden" | "help-list-hidden" => {
                out.push(Arg::Help);
                continue;
            }
            "version" => {
                out.push(Arg::Version);
                continue;
            }
            _ => {}
        }
        if let Some((spec, n)) = joined_number(specs, a, body) {
            out.push(Arg::Opt(spec.name, n.to_string()));
            continue;
        }
        let Some(spec) = specs.iter().find(|s| s.name == name) else {
            let mut msg = format!("Unknown command line argument '{a}'.  Try: '{tool} --help'");
            if let Some(near) = nearest_option(specs, body) {
                msg += &format!("\n{tool}: Did you mean '{near}'?");
            }
            return Err(msg);
        };
        match spec.kind {
            OptKind::Flag => out.push(Arg::Opt(spec.name, flag_value(spec, inline.as_deref())?.into())),
            OptKind::Value | OptKind::Enum(_) | OptKind::UInt => {
                // `-opt=value`, or `-opt value` (LLVM accepts the separate
                // form for enum options too).
                let v = match inline {
                    Some(v) => v,
                    None => {
                        let Some(v) = args.get(i) else {
                            return Err(format!("for the --{} option: requires a value!", spec.name));
                        };
                        i += 1;
                        v.clone()
                    }
                };
                check_enum_value(spec, &v)?;
                out.push(Arg::Opt(spec.name, v));
            }
        }
    }
    Ok(out)
}

/// A one-letter unsigned option with its number joined, `-j2` (as make
/// and the linkers spell it): the option and the number. Only with one dash
/// and digits alone after the letter, so no longer option is taken for it.
fn joined_number<'s, 'a>(specs: &'s [OptSpec], arg: &str, body: &'a str) -> Option<(&'s OptSpec, &'a str)> {
    if arg.starts_with("--") {
        return None;
    }
    let mut chars = body.char_indices();
    let (_, letter) = chars.next()?;
    let (at, _) = chars.next()?;
    let number = &body[at..];
    if !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    specs
        .iter()
        .find(|s| s.kind == OptKind::UInt && s.name.len() == 1 && s.name.starts_with(letter))
        .map(|s| (s, number))
}

/// A flag's value as `"true"` or `"false"`: `value` is what follows `=`
/// (`None` for the flag alone, which means true).
pub fn flag_value(spec: &OptSpec, value: Option<&str>) -> Result<&'static str, String> {
    match value {
        None | Some("true") | Some("TRUE") | Some("True") | Some("1") => Ok("true"),
        Some("false") | Some("FALSE") | Some("False") | Some("0") => Ok("false"),
        Some(other) => Err(format!(
            "for the --{} option: '{other}' is invalid value for boolean argument! Try 0 or 1",
            spec.name
        )),
    }
}

/// Checks an enum option's value against the values it accepts, and an
/// unsigned option's value for being a number (LLVM's messages).
fn check_enum_value(spec: &OptSpec, v: &str) -> Result<(), String> {
    match spec.kind {
        OptKind::Enum(values) if !values.contains(&v) => Err(format!(
            "for the --{} option: Cannot find option named '{v}'!",
            spec.name
        )),
        OptKind::UInt if v.parse::<u32>().is_err() => Err(format!(
            "for the --{} option: '{v}' value invalid for uint argument!",
            spec.name
        )),
        _ => Ok(()),
    }
}

/// One option set by name rather than parsed from a command line (the C
/// ABI's `sycl_post_link_settings_set`): `name` without dashes, `value` as
/// after `=` (`None` for a flag alone). Checked against `specs` exactly as
/// [`parse`] checks `-name=value`.
/// A name given with its dashes (`-split`, `--split`) is the same option.
pub fn parse_one(specs: &[OptSpec], name: &str, value: Option<&str>) -> Result<Arg, String> {
    let name = name
        .strip_prefix("--")
        .or_else(|| name.strip_prefix('-'))
        .unwrap_or(name);
    let Some(spec) = specs.iter().find(|s| s.name == name) else {
        let mut msg = format!("Unknown command line argument '-{name}'.");
        if let Some(near) = nearest_option(specs, name) {
            msg += &format!(" Did you mean '{near}'?");
        }
        return Err(msg);
    };
    let v = match spec.kind {
        OptKind::Flag => flag_value(spec, value)?.to_string(),
        OptKind::Value | OptKind::Enum(_) | OptKind::UInt => {
            let Some(v) = value else {
                return Err(format!("for the --{} option: requires a value!", spec.name));
            };
            check_enum_value(spec, v)?;
            v.to_string()
        }
    };
    Ok(Arg::Opt(spec.name, v))
}

/// The visible option nearest to `arg` (without dashes, with any `=value`),
/// as LLVM's `cl` suggests it after an unknown option: smallest edit
/// distance over the option names (the value kept for options that take
/// one), spelled `--name` (`-n` for one letter). `None` when no option is
/// visible or the nearest is more than a third of the name (at least 2
/// edits) away.
pub fn nearest_option(specs: &[OptSpec], arg: &str) -> Option<String> {
    let (lhs, rhs) = match arg.split_once('=') {
        Some((l, r)) => (l, Some(r)),
        None => (arg, None),
    };
    let mut best: Option<(usize, &OptSpec)> = None;
    for spec in specs.iter().filter(|s| !s.help.is_empty()) {
        let takes_value = spec.kind != OptKind::Flag;
        let d = edit_distance(spec.name, if takes_value { lhs } else { arg });
        if best.is_none_or(|(b, _)| d < b) {
            best = Some((d, spec));
        }
    }
    // LLVM suggests the nearest option however far it is; a suggestion is
    // only made here when it is a plausible misspelling.
    let (d, spec) = best?;
    if d > (lhs.chars().count() / 3).max(2) {
        return None;
    }
    let dashes = if spec.name.len() == 1 { "-" } else { "--" };
    Some(match rhs {
        Some(v) if spec.kind != OptKind::Flag => format!("{dashes}{}={v}", spec.name),
        _ => format!("{dashes}{}", spec.name),
    })
}

/// Levenshtein distance (insertions, deletions, replacements), as LLVM's
/// `StringRef::edit_distance` with replacements allowed.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(row[j]).min(cur) };
            prev = cur;
        }
    }
    row[b.len()]
}

/// Renders `--help` text for the visible options, without value
/// descriptions for enum options (see [`help_with_values`]).
pub fn help(overview: &str, usage: &str, category: &str, specs: &[OptSpec]) -> String {
    help_with_values(overview, usage, category, specs, &[])
}

/// Renders `--help` the way LLVM's `cl` library prints it for a tool that
/// hides every category but its own: the overview, the usage line, then the
/// categories in name order ("Generic Options" first), each with its options
/// sorted by name; single-letter options with one dash (`-o <filename>`),
/// others with two (`--out-dir=<dirname>`); enum values indented below their
/// option (`=source - description`), all descriptions in one column.
/// `value_help` lists `(option, value, description)` for enum values; values
/// without one (older spellings kept for compatibility) are not listed. An
/// enum option with no entry in `value_help` lists all its values, without
/// descriptions.
pub fn help_with_values(
    overview: &str,
    usage: &str,
    category: &str,
    specs: &[OptSpec],
    value_help: &[(&str, &str, &str)],
) -> String {
    let lhs = |spec: &OptSpec| -> String {
        let dashes = if spec.name.len() == 1 { "-" } else { "--" };
        match spec.kind {
            OptKind::Flag => format!("  {dashes}{}", spec.name),
            OptKind::Value | OptKind::UInt if spec.name.len() == 1 => format!("  -{} <{}>", spec.name, spec.value_desc),
            OptKind::Value | OptKind::UInt => format!("  --{}=<{}>", spec.name, spec.value_desc),
            OptKind::Enum(_) => format!("  {dashes}{}=<value>", spec.name),
        }
    };
    let generic = [
        ("  --help", "Display available options (--help-hidden for more)"),
        (
            "  --help-list",
            "Display list of available options (--help-list-hidden for more)",
        ),
        ("  --version", "Display the version of this program"),
    ];
    let mut visible: Vec<&OptSpec> = specs.iter().filter(|s| !s.help.is_empty()).collect();
    visible.sort_by(|a, b| a.name.cmp(b.name));
    let width = visible
        .iter()
        .map(|s| lhs(s).len())
        .chain(generic.iter().map(|(l, _)| l.len()))
        .chain(value_help.iter().map(|(_, v, _)| v.len() + 5))
        .max()
        .unwrap_or(0);
    let mut s = format!("OVERVIEW: {overview}\n\nUSAGE: {usage}\n\nOPTIONS:\n");
    let mut categories = [("Generic Options", true), (category, false)];
    categories.sort_by(|a, b| a.0.cmp(b.0));
    for (name, is_generic) in categories {
        s += &format!("\n{name}:\n\n");
        if is_generic {
            for (l, d) in generic {
                s += &format!("{l:<width$} - {d}\n");
            }
            continue;
        }
        for spec in &visible {
            let mut lines = spec.help.lines();
            s += &format!("{:<width$} - {}\n", lhs(spec), lines.next().unwrap_or(""));
            for more in lines {
                s += &format!("{:width$}{more}\n", "");
            }
            let described: Vec<_> = value_help.iter().filter(|(o, _, _)| *o == spec.name).collect();
            for (_, value, desc) in &described {
                s += &format!("{:<width$} -   {desc}\n", format!("    ={value}"));
            }
            if let (OptKind::Enum(values), true) = (spec.kind, described.is_empty()) {
                for value in values {
                    s += &format!("    ={value}\n");
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptSpec] = &[
        OptSpec {
            name: "S",
            kind: OptKind::Flag,
            help: "",
            value_desc: "",
        },
        OptSpec {
            name: "o",
            kind: OptKind::Value,
            help: "",
            value_desc: "filename",
        },
        OptSpec {
            name: "split",
            kind: OptKind::Enum(&["source", "kernel", "auto"]),
            help: "",
            value_desc: "",
        },
    ];

    fn p(a: &[&str]) -> Result<Vec<Arg>, String> {
        parse("t", SPECS, &a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn spellings() {
        let want = vec![Arg::Opt("split", "kernel".into())];
        assert_eq!(p(&["-split=kernel"]).unwrap(), want);
        assert_eq!(p(&["--split=kernel"]).unwrap(), want);
        assert_eq!(p(&["-split", "kernel"]).unwrap(), want);
        assert_eq!(p(&["-o", "x"]).unwrap(), vec![Arg::Opt("o", "x".into())]);
        assert_eq!(p(&["-o=x"]).unwrap(), vec![Arg::Opt("o", "x".into())]);
        assert_eq!(p(&["-S=0"]).unwrap(), vec![Arg::Opt("S", "false".into())]);
        assert_eq!(p(&["-"]).unwrap(), vec![Arg::Positional("-".into())]);
    }

    #[test]
    fn one_letter_number_joined() {
        let specs = [OptSpec {
            name: "j",
            kind: OptKind::UInt,
            help: "threads",
            value_desc: "N",
        }];
        let parse_j = |a: &[&str]| parse("t", &specs, &a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(parse_j(&["-j2"]).unwrap(), vec![Arg::Opt("j", "2".into())]);
        assert_eq!(parse_j(&["-j", "3"]).unwrap(), vec![Arg::Opt("j", "3".into())]);
        // Two dashes, or anything but digits after the letter, is no such option.
        assert!(parse_j(&["--j2"]).is_err());
        assert!(parse_j(&["-j2x"]).is_err());
    }

    #[test]
    fn errors() {
        assert!(p(&["-bogus"])
            .unwrap_err()
            .contains("Unknown command line argument '-bogus'"));
        assert!(p(&["-split=foo"])
            .unwrap_err()
            .contains("Cannot find option named 'foo'!"));
        assert!(p(&["-o"]).unwrap_err().contains("requires a value"));
    }

    #[test]
    fn did_you_mean() {
        let specs = &[
            OptSpec::flag("symbols", "x"),
            OptSpec {
                name: "split",
                kind: OptKind::Enum(&["kernel"]),
                help: "x",
                value_desc: "",
            },
        ];
        let e = parse("t", specs, &["-spli=kernel".to_string()]).unwrap_err();
        assert_eq!(
            e,
            "Unknown command line argument '-spli=kernel'.  Try: 't --help'\nt: Did you mean '--split=kernel'?"
        );
        assert_eq!(nearest_option(specs, "symbol"), Some("--symbols".into()));
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(nearest_option(specs, "bogus"), None);
        assert_eq!(
            parse_one(specs, "simbols", None).unwrap_err(),
            "Unknown command line argument '-simbols'. Did you mean '--symbols'?"
        );
        assert_eq!(
            parse_one(specs, "--symbols", None).unwrap(),
            Arg::Opt("symbols", "true".into())
        );
        assert_eq!(
            parse_one(specs, "-symbols", None).unwrap(),
            Arg::Opt("symbols", "true".into())
        );
    }

    #[test]
    fn one_option() {
        assert_eq!(parse_one(SPECS, "S", None).unwrap(), Arg::Opt("S", "true".into()));
        assert_eq!(parse_one(SPECS, "S", Some("0")).unwrap(), Arg::Opt("S", "false".into()));
        assert_eq!(
            parse_one(SPECS, "split", Some("kernel")).unwrap(),
            Arg::Opt("split", "kernel".into())
        );
        assert!(parse_one(SPECS, "S", Some("maybe"))
            .unwrap_err()
            .contains("'maybe' is invalid value for boolean argument"));
        assert!(parse_one(SPECS, "split", Some("foo"))
            .unwrap_err()
            .contains("Cannot find option named 'foo'!"));
        assert!(parse_one(SPECS, "o", None).unwrap_err().contains("requires a value"));
        assert_eq!(
            parse_one(SPECS, "bogus", Some("1")).unwrap_err(),
            "Unknown command line argument '-bogus'."
        );
    }
}
