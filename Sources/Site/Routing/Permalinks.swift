import Catalogue
import Foundation

/// URL slugs for motorcycles: readable, the same in every edition, and stable as the catalogue changes.
///
/// A slug is the name and the first year (`airone-1939`). When two motorcycles still collide, the one with the
/// lowest id keeps the plain slug and the others get their id appended (`airone-1939-57`). Ids only grow as the
/// catalogue grows, so adding a motorcycle never changes the URL of another one, nor does removing one — with
/// one exception no rule without memory can avoid: removing the lowest-id motorcycle of a name-and-year pair
/// gives its plain slug to the other. The position in the file plays no part.
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
        var suffixed: [(id: Int, base: String)] = []
        for (base, ids) in byBase {
            let sorted = ids.sorted()
            result[sorted[0]] = base
            suffixed += sorted.dropFirst().map { ($0, base) }
        }
        // A suffixed slug (`airone-1939-1950`) may equal another bike's plain one ("Airone 1939" of 1950):
        // plain slugs win, and a clashing suffixed one takes its id again until it is unique.
        var taken = Set(result.values)
        for (id, base) in suffixed.sorted(by: { $0.id < $1.id }) {
            var slug = base + "-" + String(id)
            while taken.contains(slug) { slug += "-" + String(id) }
            taken.insert(slug)
            result[id] = slug
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
