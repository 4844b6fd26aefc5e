//! The framing of the worker protocol: a field is a little-endian `u64`
//! length and its bytes; a list of fields is a `u64` count and the fields.
//! Corrupt lengths are errors, not allocations.

use std::io::{self, Read, Write};

/// The most fields of a list.
pub const MAX_FIELDS: u64 = 1 << 24;

/// The largest field read.
pub const MAX_FIELD: u64 = 1 << 34;

/// Writes one field.
pub fn write_field(w: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    w.write_all(&(bytes.len() as u64).to_le_bytes())?;
    w.write_all(bytes)
}

/// Reads one field (at most [`MAX_FIELD`] bytes).
pub fn read_field(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 8];
    r.read_exact(&mut len)?;
    let len = u64::from_le_bytes(len);
    if len > MAX_FIELD {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "field too large"));
    }
    let mut v = vec![0u8; len as usize];
    r.read_exact(&mut v)?;
    Ok(v)
}

/// Reads one field that must be UTF-8.
pub fn read_string(r: &mut impl Read) -> io::Result<String> {
    String::from_utf8(read_field(r)?).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8"))
}

/// Writes a list of fields.
pub fn write_fields(w: &mut impl Write, fields: &[impl AsRef<[u8]>]) -> io::Result<()> {
    w.write_all(&(fields.len() as u64).to_le_bytes())?;
    fields.iter().try_for_each(|f| write_field(w, f.as_ref()))
}

/// Reads a list of fields (at most [`MAX_FIELDS`]).
pub fn read_fields(r: &mut impl Read) -> io::Result<Vec<Vec<u8>>> {
    let mut len = [0u8; 8];
    r.read_exact(&mut len)?;
    let len = u64::from_le_bytes(len);
    if len > MAX_FIELDS {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "too many fields"));
    }
    (0..len).map(|_| read_field(r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let mut b = Vec::new();
        write_field(&mut b, b"abc").unwrap();
        write_fields(&mut b, &[b"x".to_vec(), Vec::new()]).unwrap();
        let mut r = b.as_slice();
        assert_eq!(read_string(&mut r).unwrap(), "abc");
        assert_eq!(read_fields(&mut r).unwrap(), vec![b"x".to_vec(), Vec::new()]);
        assert!(r.is_empty());
    }

    #[test]
    fn corrupt_lengths_are_errors() {
        let b = u64::MAX.to_le_bytes();
        assert!(read_field(&mut b.as_slice()).is_err());
        assert!(read_fields(&mut b.as_slice()).is_err());
    }
}
