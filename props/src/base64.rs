//! Upstream's base64 variant for property-set byte arrays (LLVM `Support/Base64` as used by `PropertySetIO`).
//!
//! It uses the standard alphabet but packs bits **least-significant first** and never pads, so it is *not*
//! RFC 4648 base64: the 3 bytes `b0 b1 b2` become the 4 characters with indices `b0 & 63`,
//! `(b1 << 2 | b0 >> 6) & 63`, `(b2 << 4 | b1 >> 4) & 63` and `b2 >> 2`. A trailing single byte gives two
//! characters, two trailing bytes give three. `n` bytes always encode to `ceil(8n / 6)` characters.
//!
//! ```
//! use sycl_props::base64;
//! assert_eq!(base64::encode(&[0x20, 0, 0]), "gAAA");
//! assert_eq!(base64::decode("gAAA").unwrap(), vec![0x20, 0, 0]);
//! ```

use thiserror::Error;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a string is not valid upstream base64.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Base64Error {
    /// The text length leaves a single character after the last full quad (length ≡ 1 mod 4).
    #[error("invalid encoded sequence length")]
    InvalidLength,
    /// A character outside the alphabet inside a full group of four.
    #[error("invalid characters in the encoded sequence")]
    InvalidCharacter {
        /// Byte offset of the offending character in the encoded text.
        offset: usize,
    },
    /// A character outside the alphabet in the trailing two or three characters.
    #[error("invalid characters in the encoded sequence remainder")]
    InvalidRemainder {
        /// Byte offset of the offending character in the encoded text.
        offset: usize,
    },
}

/// Number of characters [`encode`] produces for `n` input bytes.
pub fn encoded_len(n: usize) -> usize {
    // ceil(8n / 6) without overflow for any realistic n.
    (n / 3) * 4
        + match n % 3 {
            0 => 0,
            1 => 2,
            _ => 3,
        }
}

/// Encodes `data` with upstream's LSB-first alphabet, without padding.
pub fn encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(encoded_len(data.len()));
    encode_into(data, &mut out);
    out
}

/// Appends the encoding of `data` to `out`.
pub fn encode_into(data: &[u8], out: &mut String) {
    let ch = |i: u8| ALPHABET[usize::from(i & 63)] as char;
    let mut groups = data.chunks_exact(3);
    for g in groups.by_ref() {
        let (b0, b1, b2) = (g[0], g[1], g[2]);
        out.push(ch(b0));
        out.push(ch((b1 << 2) | (b0 >> 6)));
        out.push(ch((b2 << 4) | (b1 >> 4)));
        out.push(ch(b2 >> 2));
    }
    match *groups.remainder() {
        [b0] => {
            out.push(ch(b0));
            out.push(ch(b0 >> 6));
        }
        [b0, b1] => {
            out.push(ch(b0));
            out.push(ch((b1 << 2) | (b0 >> 6)));
            out.push(ch(b1 >> 4));
        }
        _ => {}
    }
}

fn value_of(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes text produced by [`encode`] (or by upstream).
///
/// Bits of the last character that fall beyond the final byte are ignored, as upstream does.
pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let src = text.as_bytes();
    let mut out = Vec::with_capacity(src.len() * 3 / 4 + 1);
    let mut quads = src.chunks_exact(4);
    let mut offset = 0;
    for q in quads.by_ref() {
        let mut v = [0u8; 4];
        for (i, (&c, slot)) in q.iter().zip(v.iter_mut()).enumerate() {
            *slot = value_of(c).ok_or(Base64Error::InvalidCharacter { offset: offset + i })?;
        }
        out.push(v[0] | (v[1] << 6));
        out.push((v[1] >> 2) | (v[2] << 4));
        out.push((v[2] >> 4) | (v[3] << 2));
        offset += 4;
    }
    let rem = quads.remainder();
    if rem.is_empty() {
        return Ok(out);
    }
    if rem.len() == 1 {
        return Err(Base64Error::InvalidLength);
    }
    let mut v = [0u8; 3];
    for (i, &c) in rem.iter().enumerate() {
        v[i] = value_of(c).ok_or(Base64Error::InvalidRemainder { offset: offset + i })?;
    }
    out.push(v[0] | (v[1] << 6));
    if rem.len() == 3 {
        out.push((v[1] >> 2) | (v[2] << 4));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_tails() {
        assert_eq!(encode(&[]), "");
        assert_eq!(encode(&[0x20, 0, 0]), "gAAA");
        assert_eq!(encode(&[0, 0, 1]), "AAQA");
        assert_eq!(encode(&[0xff]), "/D");
        assert_eq!(encode(&[0xff, 0xff]), "//P");
        assert_eq!(encoded_len(0), 0);
        assert_eq!(encoded_len(1), 2);
        assert_eq!(encoded_len(2), 3);
        assert_eq!(encoded_len(12), 16);
    }

    #[test]
    fn decode_errors() {
        assert_eq!(decode("A"), Err(Base64Error::InvalidLength));
        assert_eq!(decode("AAAAA"), Err(Base64Error::InvalidLength));
        assert_eq!(decode("AA=A"), Err(Base64Error::InvalidCharacter { offset: 2 }));
        assert_eq!(decode("AAAAA="), Err(Base64Error::InvalidRemainder { offset: 5 }));
    }

    #[test]
    fn round_trip_all_lengths() {
        let data: Vec<u8> = (0..=255u8).collect();
        for n in 0..data.len() {
            let enc = encode(&data[..n]);
            assert_eq!(enc.len(), encoded_len(n));
            assert_eq!(decode(&enc).unwrap(), &data[..n]);
        }
    }
}
