/// How the search reads a text: lower case, accents dropped, cut into words of letters and digits. The build
/// folds the words of the pages' texts into `search-texts.js`, and the browser folds what a reader types
/// (`fold` and `words` in `Resources/assets/js/catalogue-search.js`): the two must agree to the character, or a
/// word the page prints is not found. `Tests/Fixtures/search/folding.json` holds them together: the Swift test
/// and the node test read the same cases.
enum SearchFolding {
    /// Canonical decomposition, marks dropped, lower case, and the final sigma as any sigma: JavaScript's
    /// `toLowerCase` writes a word-final Σ as ς and Swift's `lowercased` as σ, so both are made σ.
    static func fold(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: kept.append(scalar)
            }
        }
        var folded = String.UnicodeScalarView()
        for scalar in String(kept).lowercased().unicodeScalars {
            folded.append(scalar == finalSigma ? sigma : scalar)
        }
        return String(folded)
    }

    /// The folded text's runs of letters and digits: "Dell'Orto" is dell, orto; "G.T.V" g, t, v.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in fold(text).unicodeScalars {
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
