/// How the search reads a text: lower case, accents dropped, cut into words of letters and digits. The build
/// folds the words of the pages' texts into `search-texts.js`, and the browser folds what a reader types
/// (`fold` and `words` in `Resources/assets/js/catalogue-search.js`): the two must agree to the character, or a
/// word the page prints is not found. `Tests/Fixtures/search/folding.json` holds them together: the Swift test
/// and the node test read the same cases.
enum SearchFolding {
    /// Canonical decomposition, marks dropped, lower case, and the final sigma as any sigma: JavaScript's
    /// `toLowerCase` writes a word-final Σ as ς and Swift's `lowercased` as σ, so both are made σ.
    static func fold(_ text: String) -> String {
        let kept = withoutMarks(text)
        var folded = String.UnicodeScalarView()
        for scalar in String(kept).lowercased().unicodeScalars {
            folded.append(scalar == finalSigma ? sigma : scalar)
        }
        return String(folded)
    }

    /// The text's canonical decomposition without its marks (é is e), a scalar at a time: the decomposition of a
    /// string is its scalars' decompositions with its marks reordered, and every scalar with a combining class is
    /// a mark, dropped here, so this is the same as `decomposedStringWithCanonicalMapping` without the marks.
    /// That one takes time quadratic in the length on Linux (0.17 s for 500 KB, 16.6 s for 5 MB: a long note).
    static func withoutMarks(_ text: String) -> String.UnicodeScalarView {
        var kept = String.UnicodeScalarView()
        var decompositions: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                kept.append(scalar)
                continue
            }
            let parts =
                decompositions[scalar]
                ?? Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars).filter { !isMark($0) }
            decompositions[scalar] = parts
            kept.append(contentsOf: parts)
        }
        return kept
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The folded text's runs of letters and digits: "Dell'Orto" is dell, orto; "G.T.V" g, t, v. Read a piece
    /// between ASCII signs and spaces at a time, and an ASCII piece (nearly all of them) as bytes: the build folds
    /// every text of the pages, and a debug build took most of a minute over a 5 MB note a scalar at a time.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        for piece in text.utf8.split(whereSeparator: { $0 < 0x80 && !isASCIIWordByte($0) }) {
            if piece.allSatisfy({ $0 < 0x80 }) {
                words.append(String(decoding: piece.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
            } else {
                words += scalarWords(fold(String(decoding: piece, as: UTF8.self)))
            }
        }
        return words
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The runs of letters and digits of a folded text.
    private static func scalarWords(_ folded: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// `\p{L}` or `\p{N}`, as the browser's regular expression reads them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// The order the browser's binary search expects: JavaScript compares strings by UTF-16 code units.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    private static let finalSigma: Unicode.Scalar = "\u{03C2}"
    private static let sigma: Unicode.Scalar = "\u{03C3}"
}
