//! File tables: the small `[Col1|Col2]` text tables the SYCL offload tools pass between each other
//! (upstream `llvm/Support/SimpleTable`).
//!
//! ```text
//! [Code|Properties|Symbols]
//! out_0.bc|out_0.prop|out_0.sym
//! out_1.bc|out_1.prop|out_1.sym
//! ```
//!
//! The first line, when it starts with `[`, holds the column titles; every following line is a row of cells
//! separated by `|`. There is no escaping: cells cannot contain `|` or line breaks. This module has the reader
//! and writer plus the transformations `file-table-tform` applies (replace a column or a cell, rename,
//! extract, merge), with upstream's error messages.
//!
//! ```
//! use sycl_props::file_table::FileTable;
//! let mut t = FileTable::parse("[A|B|C]\na|b|c\n").unwrap();
//! t.extract(&["C", "A"]).unwrap();
//! assert_eq!(t.to_text(), "[A|C]\na|c\n");
//! ```

use std::collections::BTreeSet;
use std::io::{self, Write};

use thiserror::Error;

use crate::text::{lines, plain};

/// Separator between cells (and titles).
pub const COLUMN_SEPARATOR: char = '|';

/// Errors of reading or transforming a file table; the messages are upstream's.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The first line starts with `[` but does not end with `]`.
    #[error("malformed title line")]
    MalformedTitleLine,
    /// A row of the text has a different number of cells than there are columns.
    #[error("row size mismatch at line {line}")]
    RowSizeMismatchAtLine {
        /// 1-based line number in the text.
        line: usize,
    },
    /// [`FileTable::add_row`] got a row of the wrong size.
    #[error("row size mismatch: {found} cells for {expected} columns")]
    RowSizeMismatch {
        /// Number of columns.
        expected: usize,
        /// Cells in the row.
        found: usize,
    },
    /// [`FileTable::add_column`] got a column of the wrong length.
    #[error("column size mismatch for {}", plain(.0))]
    ColumnSizeMismatch(String),
    /// Two columns would have the same title.
    #[error("column already exists {}", plain(.0))]
    ColumnExists(String),
    /// `replace`: the two tables have different row counts.
    #[error("column length mismatch for '{}' and '{}'", plain(name), plain(src_name))]
    ColumnLengthMismatch {
        /// Column of the table being changed.
        name: String,
        /// Column of the source table.
        src_name: String,
    },
    /// `replace` or `replace_cell` on a table without columns.
    #[error("empty table")]
    EmptyTable,
    /// `replace` or `replace_cell` names an unknown column.
    #[error("Column not found: {}", plain(.0))]
    ColumnNotFound(String),
    /// `rename` names an unknown column.
    #[error("column not found: {}", plain(.0))]
    RenameColumnNotFound(String),
    /// `extract` names an unknown column (the smallest such name, as upstream reports it).
    #[error("column not found {}", plain(.0))]
    ExtractColumnNotFound(String),
    /// `extract` names a column twice.
    #[error("duplicated column names found")]
    DuplicatedColumnNames,
    /// `replace_cell` with a row index outside the table.
    #[error("row index out of bounds")]
    RowOutOfBounds,
    /// `merge` of tables with different column counts.
    #[error("different number of columns")]
    DifferentColumnCount,
    /// `merge` of tables with different column titles.
    #[error("different column names")]
    DifferentColumnNames,
}

/// A table of string cells with named columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileTable {
    columns: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl FileTable {
    /// A table with these column titles and no rows. Titles are not checked for duplicates (see
    /// [`FileTable::try_new`]).
    pub fn new(columns: Vec<String>) -> Self {
        FileTable {
            columns,
            rows: Vec::new(),
        }
    }

    /// A table with these column titles, rejecting duplicates (`column already exists <name>`).
    pub fn try_new(columns: Vec<String>) -> Result<Self, TableError> {
        let mut seen = BTreeSet::new();
        for c in &columns {
            if !seen.insert(c.as_str()) {
                return Err(TableError::ColumnExists(c.clone()));
            }
        }
        Ok(Self::new(columns))
    }

    /// A table with `n` columns titled `0`, `1`, …, as upstream names the columns of a table without titles.
    pub fn with_numbered_columns(n: usize) -> Self {
        Self::new((0..n).map(|i| i.to_string()).collect())
    }

    /// Column titles.
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// Rows, each with one cell per column.
    pub fn rows(&self) -> &[Vec<String>] {
        &self.rows
    }

    /// Number of columns.
    pub fn num_columns(&self) -> usize {
        self.columns.len()
    }

    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// Index of the column titled `name`.
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// The cells of column `name`, top to bottom.
    pub fn column(&self, name: &str) -> Option<Vec<&str>> {
        let i = self.column_index(name)?;
        Some(self.rows.iter().map(|r| r[i].as_str()).collect())
    }

    /// The cell at `row` in column `name`.
    pub fn cell(&self, row: usize, name: &str) -> Option<&str> {
        let i = self.column_index(name)?;
        self.rows.get(row).map(|r| r[i].as_str())
    }

    /// Appends a row; it must have one cell per column.
    pub fn add_row(&mut self, row: Vec<String>) -> Result<(), TableError> {
        if row.len() != self.columns.len() {
            return Err(TableError::RowSizeMismatch {
                expected: self.columns.len(),
                found: row.len(),
            });
        }
        self.rows.push(row);
        Ok(())
    }

    /// Appends a column. Its length must equal the row count, unless the table has no rows yet, in which
    /// case the column creates them (upstream `addColumn`).
    pub fn add_column(&mut self, title: impl Into<String>, cells: Vec<String>) -> Result<(), TableError> {
        let title = title.into();
        if !self.rows.is_empty() && self.rows.len() != cells.len() {
            return Err(TableError::ColumnSizeMismatch(title));
        }
        if self.column_index(&title).is_some() {
            return Err(TableError::ColumnExists(title));
        }
        if self.rows.is_empty() {
            // Rows created by the first column get empty cells for the columns that already existed.
            self.rows = cells.iter().map(|_| vec![String::new(); self.columns.len()]).collect();
        }
        for (r, c) in self.rows.iter_mut().zip(cells) {
            r.push(c);
        }
        self.columns.push(title);
        Ok(())
    }

    /// Replaces column `name` by column `src_name` of `src` (upstream `replaceColumn`). A table with exactly
    /// one column ignores the name given for it and uses that column.
    pub fn replace_column(&mut self, name: &str, src: &FileTable, src_name: &str) -> Result<(), TableError> {
        if self.rows.len() != src.rows.len() {
            return Err(TableError::ColumnLengthMismatch {
                name: name.to_string(),
                src_name: src_name.to_string(),
            });
        }
        if self.columns.is_empty() && src.columns.is_empty() {
            return Err(TableError::EmptyTable);
        }
        let find = |t: &FileTable, n: &str| {
            if t.columns.len() == 1 {
                Some(0)
            } else {
                t.column_index(n)
            }
        };
        let dst = find(self, name).ok_or_else(|| TableError::ColumnNotFound(name.to_string()))?;
        let from = find(src, src_name).ok_or_else(|| TableError::ColumnNotFound(src_name.to_string()))?;
        for (r, s) in self.rows.iter_mut().zip(&src.rows) {
            r[dst] = s[from].clone();
        }
        Ok(())
    }

    /// Sets the cell at `row` of column `name` to `value` (upstream `updateCellValue`).
    pub fn replace_cell(&mut self, name: &str, row: i64, value: impl Into<String>) -> Result<(), TableError> {
        if self.columns.is_empty() {
            return Err(TableError::EmptyTable);
        }
        // Upstream accepts row == row count and then writes out of bounds; reject it.
        let r = usize::try_from(row)
            .ok()
            .filter(|r| *r < self.rows.len())
            .ok_or(TableError::RowOutOfBounds)?;
        let c = self
            .column_index(name)
            .ok_or_else(|| TableError::ColumnNotFound(name.to_string()))?;
        self.rows[r][c] = value.into();
        Ok(())
    }

    /// Renames column `old` to `new`. Renaming onto another existing title is rejected (upstream would make a
    /// table it cannot read back).
    pub fn rename_column(&mut self, old: &str, new: &str) -> Result<(), TableError> {
        let i = self
            .column_index(old)
            .ok_or_else(|| TableError::RenameColumnNotFound(old.to_string()))?;
        if old != new && self.column_index(new).is_some() {
            return Err(TableError::ColumnExists(new.to_string()));
        }
        self.columns[i] = new.to_string();
        Ok(())
    }

    /// Keeps only the named columns, in the table's own column order (upstream `peelColumns`).
    pub fn extract<S: AsRef<str>>(&mut self, names: &[S]) -> Result<(), TableError> {
        let mut wanted: BTreeSet<&str> = BTreeSet::new();
        for n in names {
            if !wanted.insert(n.as_ref()) {
                return Err(TableError::DuplicatedColumnNames);
            }
        }
        let keep: Vec<bool> = self.columns.iter().map(|c| wanted.remove(c.as_str())).collect();
        if let Some(missing) = wanted.first() {
            return Err(TableError::ExtractColumnNotFound((*missing).to_string()));
        }
        let filter = |v: &mut Vec<String>| {
            let mut k = keep.iter();
            v.retain(|_| *k.next().unwrap_or(&false));
        };
        filter(&mut self.columns);
        self.rows.iter_mut().for_each(filter);
        Ok(())
    }

    /// Appends the rows of `other`, which must have the same column titles (upstream `merge`).
    pub fn merge(&mut self, other: &FileTable) -> Result<(), TableError> {
        if self.columns.len() != other.columns.len() {
            return Err(TableError::DifferentColumnCount);
        }
        if self.columns != other.columns {
            return Err(TableError::DifferentColumnNames);
        }
        self.rows.extend(other.rows.iter().cloned());
        Ok(())
    }

    /// Writes the table: the title line (if `with_titles`), then one line per row, each ended by `\n`.
    pub fn write(&self, w: &mut impl Write, with_titles: bool) -> io::Result<()> {
        w.write_all(self.to_text_with(with_titles).as_bytes())
    }

    /// The text form with the title line.
    pub fn to_text(&self) -> String {
        self.to_text_with(true)
    }

    /// The text form, with or without the title line.
    pub fn to_text_with(&self, with_titles: bool) -> String {
        let sep = COLUMN_SEPARATOR.to_string();
        let mut out = String::new();
        if with_titles {
            out.push('[');
            out.push_str(&self.columns.join(&sep));
            out.push_str("]\n");
        }
        for r in &self.rows {
            out.push_str(&r.join(&sep));
            out.push('\n');
        }
        out
    }

    /// Reads a table with upstream's rules: an empty text is an empty table; a first line starting with `[`
    /// must end with `]` and gives the titles; otherwise columns are titled `0`, `1`, … after the first row's
    /// width; every row must have one cell per column; blank lines are skipped and `\r\n` ends a line.
    pub fn parse(text: &str) -> Result<Self, TableError> {
        let mut it = lines(text).peekable();
        let mut table = match it.peek() {
            None => return Ok(FileTable::default()),
            Some((_, l)) if l.starts_with('[') => {
                let inner = l.strip_prefix('[').and_then(|s| s.strip_suffix(']'));
                let inner = inner.ok_or(TableError::MalformedTitleLine)?;
                let t = FileTable::try_new(inner.split(COLUMN_SEPARATOR).map(str::to_string).collect())?;
                it.next();
                t
            }
            Some((_, l)) => FileTable::with_numbered_columns(l.split(COLUMN_SEPARATOR).count()),
        };
        for (line, l) in it {
            let row: Vec<String> = l.split(COLUMN_SEPARATOR).map(str::to_string).collect();
            if row.len() != table.columns.len() {
                return Err(TableError::RowSizeMismatchAtLine { line });
            }
            table.rows.push(row);
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_rules() {
        let l: Vec<_> = lines("a\r\n\n\nb\rc\nd").collect();
        assert_eq!(l, vec![(1, "a"), (4, "b\rc"), (5, "d")]);
        assert_eq!(lines("").count(), 0);
        assert_eq!(lines("x\0y\nz").collect::<Vec<_>>(), vec![(1, "x")]);
    }

    #[test]
    fn read_rules() {
        assert_eq!(FileTable::parse("").unwrap(), FileTable::default());
        assert_eq!(FileTable::parse("\n\n").unwrap(), FileTable::default());
        assert_eq!(FileTable::parse("[A|B\n"), Err(TableError::MalformedTitleLine));
        assert_eq!(FileTable::parse("[A|A]\n"), Err(TableError::ColumnExists("A".into())));
        let e = FileTable::parse("[A|B]\na|b\n\nc\n").unwrap_err();
        assert_eq!(e.to_string(), "row size mismatch at line 4");
        let t = FileTable::parse("x|y\nz|w").unwrap();
        assert_eq!(t.columns(), ["0", "1"]);
        assert_eq!(t.to_text(), "[0|1]\nx|y\nz|w\n");
        assert_eq!(t.to_text_with(false), "x|y\nz|w\n");
    }

    #[test]
    fn transformations() {
        let mut t = FileTable::parse("[A|B|C|D]\naaa|bbb|100|XXX\nccc|ddd|200|YYY\n").unwrap();
        assert_eq!(t.extract(&["A", "A"]), Err(TableError::DuplicatedColumnNames));
        assert_eq!(
            t.extract(&["Z", "Q", "A"]).unwrap_err().to_string(),
            "column not found Q"
        );
        t.extract(&["D", "A", "C"]).unwrap();
        assert_eq!(t.to_text(), "[A|C|D]\naaa|100|XXX\nccc|200|YYY\n");
        t.rename_column("A", "AA").unwrap();
        assert_eq!(
            t.rename_column("X", "Y").unwrap_err().to_string(),
            "column not found: X"
        );
        assert_eq!(t.rename_column("AA", "C"), Err(TableError::ColumnExists("C".into())));
        let src = FileTable::parse("[11|12]\n00|11\n22|33\n").unwrap();
        t.replace_column("AA", &src, "11").unwrap();
        assert_eq!(t.to_text(), "[AA|C|D]\n00|100|XXX\n22|200|YYY\n");
        assert_eq!(
            t.replace_column("Q", &src, "11").unwrap_err().to_string(),
            "Column not found: Q"
        );
        assert_eq!(
            t.replace_column("AA", &src, "Q").unwrap_err().to_string(),
            "Column not found: Q"
        );
        let one = FileTable::parse("x\ny\n").unwrap();
        t.replace_column("C", &one, "whatever").unwrap();
        assert_eq!(t.column("C").unwrap(), ["x", "y"]);
        let short = FileTable::parse("[Q]\nq\n").unwrap();
        assert_eq!(
            t.replace_column("C", &short, "Q").unwrap_err().to_string(),
            "column length mismatch for 'C' and 'Q'"
        );
        t.replace_cell("D", 1, "new").unwrap();
        assert_eq!(t.cell(1, "D"), Some("new"));
        assert_eq!(t.replace_cell("D", 2, "x"), Err(TableError::RowOutOfBounds));
        assert_eq!(t.replace_cell("D", -1, "x"), Err(TableError::RowOutOfBounds));
        assert_eq!(
            t.replace_cell("Q", 0, "x").unwrap_err().to_string(),
            "Column not found: Q"
        );
        assert_eq!(
            FileTable::default().replace_cell("Q", 0, "x"),
            Err(TableError::EmptyTable)
        );
        let mut e = FileTable::default();
        assert_eq!(
            e.replace_column("a", &FileTable::default(), "b"),
            Err(TableError::EmptyTable)
        );
    }

    #[test]
    fn merge_and_add() {
        let mut a = FileTable::parse("[A|B]\n1|2\n").unwrap();
        let b = FileTable::parse("[A|B]\n3|4\n").unwrap();
        a.merge(&b).unwrap();
        assert_eq!(a.to_text(), "[A|B]\n1|2\n3|4\n");
        assert_eq!(
            a.merge(&FileTable::parse("[A]\n1\n").unwrap()),
            Err(TableError::DifferentColumnCount)
        );
        assert_eq!(
            a.merge(&FileTable::parse("[A|C]\n1|2\n").unwrap()),
            Err(TableError::DifferentColumnNames)
        );
        a.add_column("M", vec!["m0".into(), "m1".into()]).unwrap();
        assert_eq!(a.to_text(), "[A|B|M]\n1|2|m0\n3|4|m1\n");
        assert_eq!(
            a.add_column("N", vec![]),
            Err(TableError::ColumnSizeMismatch("N".into()))
        );
        assert_eq!(
            a.add_row(vec!["x".into()]).unwrap_err().to_string(),
            "row size mismatch: 1 cells for 3 columns"
        );
        let mut c = FileTable::new(vec![]);
        c.add_column("Code", vec!["a.bc".into()]).unwrap();
        assert_eq!(c.to_text(), "[Code]\na.bc\n");
    }
}
