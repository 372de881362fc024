import Catalogue
import Foundation

/// URL slugs for motorcycles: readable, the same in both editions, and stable as the catalogue changes.
///
/// A slug is the name and the first year (`airone-1939`). When two motorcycles still collide, the one with the
/// lowest id keeps the plain slug and the others get their id appended (`airone-1939-57`). Ids only grow as the
/// catalogue grows, so adding or removing a motorcycle never changes the URL of another one; the position in
/// the file plays no part.
public enum Permalinks {
    /// Lowercase ASCII letters, digits and single hyphens; accents are folded (`Caffè` → `caffe`).
    public static func slugify(_ text: String) -> String {
        let folded = text.applyingTransformFoldingDiacritics().lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "moto" : slug
    }

    /// The slug of every motorcycle, by id.
    public static func slugs(for motorcycles: [Motorcycle]) -> [Int: String] {
        var byBase: [String: [Int]] = [:]
        for bike in motorcycles {
            let base = slugify(bike.general.name) + "-" + String(bike.general.firstYear)
            byBase[base, default: []].append(bike.id)
        }
        var result: [Int: String] = [:]
        for (base, ids) in byBase {
            let sorted = ids.sorted()
            result[sorted[0]] = base
            for id in sorted.dropFirst() { result[id] = base + "-" + String(id) }
        }
        return result
    }
}

extension String {
    /// Removes accents: canonical decomposition, then the combining marks (U+0300–U+036F) are dropped.
    func applyingTransformFoldingDiacritics() -> String {
        var out = String.UnicodeScalarView()
        for scalar in self.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            out.append(scalar)
        }
        return String(out)
    }
}
