//! Errors and reports of a post-link run: the one-line message a binary
//! prints, and the warnings and notes of a successful run.

/// What a successful run has to say on standard error.
#[derive(Debug, Default)]
pub struct Report {
    /// `warning: ...` lines (without the prefix).
    pub warnings: Vec<String>,
    /// Notes printed as they are (`sycl-post-link NOTE: ...`).
    pub notes: Vec<String>,
    /// The run changed the input module: it was split, or the pre-split
    /// steps or specialization-constant lowering rewrote it.
    pub input_modified: bool,
}

/// A failed run: the one-line message (without `sycl-post-link: error: `)
/// and how the tool prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostLinkError(pub String, pub ErrorStyle);

/// How a binary prints a [`PostLinkError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorStyle {
    /// `<tool>: error: <message>`.
    #[default]
    Tagged,
    /// `<tool>: <message>`: the messages whose upstream text tests check
    /// verbatim in this form (upstream's older `error()` helper).
    Untagged,
}

impl PostLinkError {
    /// An error printed as `<tool>: error: <message>`.
    pub fn new(message: impl Into<String>) -> Self {
        PostLinkError(message.into(), ErrorStyle::Tagged)
    }

    /// An error printed as `<tool>: <message>`.
    pub fn untagged(message: impl Into<String>) -> Self {
        PostLinkError(message.into(), ErrorStyle::Untagged)
    }
}

impl std::fmt::Display for PostLinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PostLinkError {}

pub(crate) fn err(s: impl Into<String>) -> PostLinkError {
    PostLinkError::new(s)
}
