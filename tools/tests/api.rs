//! The in-memory API against the command: for the `sycl-post-link` RUN
//! lines of the project's lit suite, the images `sycl_postlink::post_link`
//! hands out equal, byte for byte, the files the command lists in its
//! tables (as written, mostly `-S`, and as bitcode), and the API fails with
//! the command's message where the command fails. Also: concurrent runs,
//! repeated runs (resident size), errors, and the option setter the C ABI
//! uses.

// A test prints its figures (the tools themselves print through src/stdio.rs).
#![allow(clippy::print_stderr)]

use std::path::{Path, PathBuf};
use std::process::Command;

use sycl_postlink::{post_link, post_link_images, Image, Input, PostLinkOptions, Settings, SplitMode};
use sycl_props::file_table::FileTable;
use sycl_tools::cli::{parse_post_link, set_post_link_option, Command as Cli};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The `sycl-post-link` command lines of a lit test whose input is the
/// test file itself, with `%s`, `%S` and `%t` substituted (outputs go under
/// `tmp`); pipes and redirections are dropped. `-o -` lines are left out.
fn run_lines(test: &Path, tmp: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(test).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(cmd) = line.split("RUN:").nth(1) else { continue };
        let cmd = cmd.trim().strip_prefix("not ").unwrap_or(cmd.trim());
        let Some(rest) = cmd.strip_prefix("sycl-post-link ") else {
            continue;
        };
        let mut args = Vec::new();
        let mut ok = true;
        for tok in rest.split_whitespace() {
            if tok == "|" || tok.starts_with("2>") || tok == ">" || tok.starts_with('>') {
                break;
            }
            if tok == "<" {
                continue;
            }
            let t = tok
                .replace("%s", &test.display().to_string())
                .replace("%S", &test.parent().unwrap().display().to_string())
                .replace("%t", &tmp.join("t").display().to_string());
            if t.contains('%') || t.contains('"') || t.contains('\'') {
                ok = false;
            }
            args.push(t);
        }
        let input = test.display().to_string();
        // Only runs on the test file itself (others read files made by
        // earlier RUN lines).
        let mut positional = Vec::new();
        let mut i = 0;
        while i < args.len() {
            if ["-o", "-out-dir", "--out-dir", "-device-lib-dir"].contains(&args[i].as_str()) {
                i += 2;
                continue;
            }
            if !args[i].starts_with('-') {
                positional.push(args[i].clone());
            }
            i += 1;
        }
        if ok && positional == [input] && !args.windows(2).any(|w| w[0] == "-o" && w[1] == "-") {
            out.push(args);
        }
    }
    out
}

/// Runs the command in `dir`; its exit status, standard error.
fn command(args: &[String], dir: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sycl-post-link"))
        .args(args)
        .current_dir(dir)
        .env("SPL_THREADS", "2")
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Checks the API's images against the files the command wrote for `o`.
fn compare(o: &PostLinkOptions, images: &[Image], dir: &Path, what: &str) -> usize {
    let s = o.run_settings();
    let path = |p: &str| dir.join(p);
    if s.ir_output_only {
        let file = std::fs::read(path(&o.outputs[0].path)).unwrap();
        assert_eq!(images.len(), 1, "{what}");
        assert!(images[0].ir == file, "{what}: -ir-output-only IR differs");
        return 1;
    }
    let mut checked = 0;
    for (t, spec) in o.outputs.iter().enumerate() {
        let table = FileTable::parse(&std::fs::read_to_string(path(&spec.path)).unwrap()).unwrap();
        let listed: Vec<&Image> = images.iter().filter(|im| im.targets[t].accepted).collect();
        assert_eq!(listed.len(), table.num_rows(), "{what}: rows of {}", spec.path);
        for (r, image) in listed.iter().enumerate() {
            let code = table.cell(r, "Code").unwrap();
            if code == o.input {
                assert!(!image.modified, "{what}: image {r} lists the input but is modified");
            } else {
                assert!(std::fs::read(path(code)).unwrap() == image.ir, "{what}: {code} differs");
            }
            if let Some(prop) = table.cell(r, "Properties") {
                let text = image.properties_text(&spec.target).unwrap();
                assert_eq!(std::fs::read_to_string(path(prop)).unwrap(), text, "{what}: {prop}");
            }
            if let Some(sym) = table.cell(r, "Symbols") {
                let text = image.symbols.clone().unwrap();
                assert_eq!(std::fs::read_to_string(path(sym)).unwrap(), text, "{what}: {sym}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn api_equals_command_on_lit_inputs() {
    let mut tests = Vec::new();
    for dir in std::fs::read_dir(repo().join("lit")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() || dir.ends_with("Output") {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "ll") {
                tests.push(f);
            }
        }
    }
    tests.sort();
    let (mut runs, mut images_checked, mut errors_checked) = (0, 0, 0);
    for test in &tests {
        for text in [true, false] {
            let tmp = tempfile::tempdir().unwrap();
            // `%t` as a directory too (`%t/out.table`).
            std::fs::create_dir(tmp.path().join("t")).unwrap();
            for mut args in run_lines(test, tmp.path()) {
                if !text {
                    args.retain(|a| a != "-S");
                }
                let what = format!("{} {}", test.display(), args.join(" "));
                let Ok(Cli::Run((o, _))) = parse_post_link(&args) else {
                    continue;
                };
                let (ok, stderr) = command(&args, tmp.path());
                let api = Input::read(&o.input).and_then(|input| post_link_images(&o.run_settings(), input));
                runs += 1;
                match api {
                    Ok((images, report)) => {
                        assert!(ok, "{what}: the command failed ({stderr}) but the API did not");
                        let warnings: Vec<String> = stderr
                            .lines()
                            .filter_map(|l| l.strip_prefix("sycl-post-link: warning: ").map(str::to_string))
                            .collect();
                        assert_eq!(warnings, report.warnings, "{what}: warnings");
                        images_checked += compare(&o, &images, tmp.path(), &what);
                    }
                    Err(e) => {
                        assert!(!ok, "{what}: the API failed ({e}) but the command did not");
                        assert!(stderr.contains(&e.0), "{what}: command said {stderr}, API said {e}");
                        errors_checked += 1;
                    }
                }
            }
        }
    }
    eprintln!("{runs} runs, {images_checked} images equal, {errors_checked} errors equal");
    // 166 runs, 238 images, 14 errors when written: the suite's inputs must
    // stay found.
    assert!(runs >= 150 && images_checked >= 200 && errors_checked >= 10);
}

fn example() -> Input {
    Input::read(&repo().join("examples/example.ll").display().to_string()).unwrap()
}

fn kernel_settings() -> Settings {
    Settings {
        split: SplitMode::Kernel,
        symbols: true,
        properties: true,
        ..Settings::default()
    }
}

#[test]
fn concurrent_runs_are_equal() {
    let (want, _) = post_link_images(&kernel_settings(), example()).unwrap();
    assert!(want.len() > 1);
    let results: Vec<Vec<Image>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|_| s.spawn(|| post_link_images(&kernel_settings(), example()).unwrap().0))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for images in results {
        assert_eq!(images.len(), want.len());
        for (a, b) in images.iter().zip(&want) {
            assert!(a.ir == b.ir && a.properties == b.properties && a.symbols == b.symbols);
        }
    }
}

#[test]
fn streaming_hands_images_in_table_order() {
    let (want, _) = post_link_images(&kernel_settings(), example()).unwrap();
    let mut numbers = Vec::new();
    post_link(&kernel_settings(), example(), |image| {
        numbers.push(image.number);
        Ok(())
    })
    .unwrap();
    assert_eq!(numbers, want.iter().map(|i| i.number).collect::<Vec<_>>());
    assert_eq!(numbers, (0..want.len()).collect::<Vec<_>>());
    // A callback's error stops the run and is returned.
    let e = post_link(&kernel_settings(), example(), |_| {
        Err(sycl_postlink::PostLinkError::new("enough"))
    })
    .unwrap_err();
    assert_eq!(e.0, "enough");
}

fn resident_kib() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    statm.split_whitespace().nth(1).unwrap().parse::<usize>().unwrap() * 4
}

#[test]
fn repeated_runs_keep_resident_size_flat() {
    let mut early = 0;
    for k in 0..60 {
        let (images, _) = post_link_images(&kernel_settings(), example()).unwrap();
        assert!(!images.is_empty());
        if k == 9 {
            early = resident_kib();
        }
    }
    let late = resident_kib();
    eprintln!("resident {early} KiB after 10 runs, {late} KiB after 60");
    assert!(
        late <= early + 8 * 1024,
        "resident size grew from {early} to {late} KiB"
    );
}

#[test]
fn parsed_module_gives_the_images_of_its_bitcode() {
    let ctx = sycl_ir::Context::new();
    let text = std::fs::read(repo().join("examples/example.ll")).unwrap();
    let m = ctx.parse_ir(&text, "linked").unwrap();
    let before = m.to_text();
    let (from_module, _) = post_link_images(&kernel_settings(), Input::from_module(&m)).unwrap();
    // The caller's module is left as it was.
    assert_eq!(m.to_text(), before);
    let bitcode = m.to_bitcode();
    let (from_bytes, _) = post_link_images(&kernel_settings(), Input::from_bytes(bitcode, "linked")).unwrap();
    assert_eq!(from_module.len(), from_bytes.len());
    for (a, b) in from_module.iter().zip(&from_bytes) {
        assert!(a.ir == b.ir && a.properties == b.properties && a.symbols == b.symbols);
    }
}

#[test]
fn errors_are_messages() {
    let s = kernel_settings();
    let e = post_link_images(&s, Input::from_bytes(&b"not IR"[..], "bad.ll")).unwrap_err();
    assert!(e.0.starts_with("bad.ll:"), "{e}");
    let e = post_link_images(&s, Input::from_bytes(Vec::new(), "empty.bc")).unwrap_err();
    assert_eq!(e.0, "empty.bc: empty input: expected LLVM IR or bitcode");
    let e = post_link_images(&s, Input::from_bytes(&b"BC\xc0\xde\x00"[..], "cut.bc")).unwrap_err();
    assert!(e.0.starts_with("cut.bc:"), "{e}");
    // LLVM's readers abort the process on a broken module with debug
    // information; the library returns a message.
    let broken = std::fs::read(repo().join("lit/sycl-post-link/Inputs/broken-with-debug-info.ll")).unwrap();
    let e = post_link_images(&s, Input::from_bytes(broken, "broken.ll")).unwrap_err();
    assert_eq!(
        e.0,
        "broken.ll: invalid module: Ranges are only for loads, calls and invokes!"
    );
    let bad = Settings {
        ir_output_only: true,
        symbols: true,
        ..Settings::default()
    };
    let e = post_link_images(&bad, example()).unwrap_err();
    assert_eq!(e.0, "-symbols can't be used with -ir-output-only");
}

#[test]
fn options_by_name_use_the_command_line_table() {
    let mut o = PostLinkOptions::default();
    set_post_link_option(&mut o, "split", Some("kernel")).unwrap();
    set_post_link_option(&mut o, "symbols", None).unwrap();
    set_post_link_option(&mut o, "properties", Some("true")).unwrap();
    set_post_link_option(&mut o, "spec-const", Some("rt")).unwrap();
    set_post_link_option(&mut o, "allow-device-image-dependencies", Some("1")).unwrap();
    set_post_link_option(&mut o, "o", Some("intel_gpu_pvc,x.table")).unwrap();
    set_post_link_option(&mut o, "id-queries-range", Some("size_t")).unwrap();
    set_post_link_option(&mut o, "emit-devicelib-req-mask", None).unwrap();
    let s = o.run_settings();
    assert_eq!(s.split, SplitMode::Kernel);
    assert_eq!(s.id_queries_range, sycl_postlink::IdQueriesRange::SizeT);
    assert!(s.devicelib_req_mask);
    assert!(s.symbols && s.properties && s.dynamic_linking);
    assert_eq!(s.spec_const, Some(sycl_postlink::SpecConstMode::Native));
    assert_eq!(s.targets, vec!["intel_gpu_pvc".to_string()]);
    // The same settings as the command line gives.
    let args: Vec<String> = [
        "-split=kernel",
        "-symbols",
        "-properties",
        "-spec-const=rt",
        "-allow-device-image-dependencies",
        "-o",
        "intel_gpu_pvc,x.table",
        "-id-queries-range=size_t",
        "-emit-devicelib-req-mask",
        "in.bc",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let Ok(Cli::Run((cli, _))) = parse_post_link(&args) else {
        panic!()
    };
    assert_eq!(cli.run_settings(), s);
    assert_eq!(
        set_post_link_option(&mut o, "bogus", Some("1")).unwrap_err(),
        "Unknown command line argument '-bogus'."
    );
    assert!(set_post_link_option(&mut o, "split", Some("sideways"))
        .unwrap_err()
        .contains("Cannot find option named 'sideways'!"));
    assert!(set_post_link_option(&mut o, "symbols", Some("maybe"))
        .unwrap_err()
        .contains("invalid value for boolean argument"));
    assert!(set_post_link_option(&mut o, "id-queries-range", Some("long"))
        .unwrap_err()
        .contains("Cannot find option named 'long'!"));
    // `none` is the one way to turn the default split off.
    set_post_link_option(&mut o, "split", Some("none")).unwrap();
    assert_eq!(o.run_settings().split, SplitMode::None);
}
