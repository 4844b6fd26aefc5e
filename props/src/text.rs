//! Text helpers shared by the readers of this crate: quoting input in a
//! message ([`plain`]) and LLVM's `line_iterator` ([`lines`]). They live here,
//! below `property_set` and `file_table`, so that neither imports the other.

/// Input text quoted in a message, its control characters (a carriage
/// return before the line feed, say) written as escapes: a message is one
/// line of plain text. Every reader in this crate quotes input through it.
pub fn plain(text: &str) -> String {
    let escape = |c: char| c.is_control() && c != '\t';
    text.chars()
        .map(|c| {
            if escape(c) {
                c.escape_default().collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Iterates the non-blank lines of `text` with their 1-based line numbers, the way LLVM's `line_iterator`
/// does: `\n` and `\r\n` end a line, blank lines are skipped, and a NUL byte ends the text.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.split('\0').next().unwrap_or("");
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut all = body.split('\n').enumerate();
    // An empty text has no line at all (split would yield one empty piece, which is skipped anyway).
    std::iter::from_fn(move || {
        for (i, l) in all.by_ref() {
            let l = l.strip_suffix('\r').unwrap_or(l);
            if !l.is_empty() {
                return Some((i + 1, l));
            }
        }
        None
    })
}
