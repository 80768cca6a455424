//! The character set of a game file, found from its bytes: UTF-8 (with or without a byte-order
//! mark), UTF-16 with a mark, or one of the two legacy Chinese sets, GBK (mainland) and Big5
//! (Taiwan and Hong Kong, as Windows code page 950). The decoding tables are `encoding_rs`'s.
//!
//! GBK and Big5 share their byte ranges, so a Big5 file usually decodes as GBK without error
//! (into nonsense) and often the other way round too. When both decode, the one whose text
//! holds more of the characters xiangqi records are written with (pieces, directions,
//! numerals, full-width digits, a few words of tags) is taken.

use encoding_rs::{BIG5, Encoding, GBK, UTF_8};

/// A character set the reader recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    Utf8,
    /// UTF-8 that began with a byte-order mark.
    Utf8Bom,
    Utf16,
    Gbk,
    Big5,
}

impl Charset {
    pub fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Utf8Bom => "UTF-8 with BOM",
            Charset::Utf16 => "UTF-16",
            Charset::Gbk => "GBK",
            Charset::Big5 => "Big5",
        }
    }
}

/// Characters of xiangqi records, in both scripts.
const XIANGQI: &str = "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒进進退平前中后後一二三四五六七八九\
    １２３４５６７８９红紅黑先胜勝负負和局赛賽象棋年月日对對";

/// The text of a file's bytes and the character set it was read in. Bytes no set explains
/// (a damaged file) become U+FFFD in the set that fits best.
pub fn decode(bytes: &[u8]) -> (String, Charset) {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        let charset = if encoding == UTF_8 { Charset::Utf8Bom } else { Charset::Utf16 };
        return (text.into_owned(), charset);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), Charset::Utf8);
    }
    // Ties go to the earlier candidate; UTF-8 last, for a damaged UTF-8 file.
    let decoded = [(GBK, Charset::Gbk), (BIG5, Charset::Big5), (UTF_8, Charset::Utf8)].map(|(encoding, charset)| {
        let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
        let score = (!had_errors, text.chars().filter(|&c| XIANGQI.contains(c)).count());
        (text, charset, score)
    });
    let best = (1..decoded.len()).fold(0, |best, i| if decoded[i].2 > decoded[best].2 { i } else { best });
    let (text, charset, _) = decoded.into_iter().nth(best).expect("three candidates");
    (text.into_owned(), charset)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `[Red "許銀川"]` then `1. 炮二平五 馬８進７`, encoded by hand from the Big5 and GBK
    /// tables (the fixtures are ours; the characters are the standard sets').
    const BIG5_BYTES: &[u8] =
        b"[Red \"\xb3\x5c\xbb\xc8\xa4\x74\"]\n1. \xac\xb6\xa4\x47\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6\n";
    const GBK_BYTES: &[u8] =
        b"[Red \"\xd0\xed\xd2\xf8\xb4\xa8\"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7\n";

    #[test]
    fn big5_and_gbk_are_told_apart() {
        assert_eq!(decode(BIG5_BYTES), ("[Red \"許銀川\"]\n1. 炮二平五 馬８進７\n".to_string(), Charset::Big5));
        assert_eq!(decode(GBK_BYTES), ("[Red \"许银川\"]\n1. 炮二平五 马８进７\n".to_string(), Charset::Gbk));
    }

    #[test]
    fn utf8_with_and_without_a_mark() {
        let text = "1. 炮二平五 马8进7\n";
        assert_eq!(decode(text.as_bytes()), (text.to_string(), Charset::Utf8));
        let marked = [b"\xef\xbb\xbf".as_slice(), text.as_bytes()].concat();
        assert_eq!(decode(&marked), (text.to_string(), Charset::Utf8Bom));
        let utf16: Vec<u8> = [0xfeff_u16].into_iter().chain(text.encode_utf16()).flat_map(u16::to_le_bytes).collect();
        assert_eq!(decode(&utf16), (text.to_string(), Charset::Utf16));
        assert_eq!(decode(b""), (String::new(), Charset::Utf8));
    }
}
