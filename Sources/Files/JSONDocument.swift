/// A parsed JSON file: its root value, the bytes it came from, and the duplicate keys met on the way.
///
/// Duplicate keys do not stop parsing: JSON parsers disagree on which one wins, so they are reported as problems
/// alongside everything else instead of failing the whole file on the first.
package struct JSONDocument: Sendable {
    package struct DuplicateKey: Sendable, Equatable {
        package var key: String
        /// Byte offset of the repeated key.
        package var offset: Int
        /// Byte offset of the first occurrence, which is the one that is used.
        package var firstOffset: Int
    }

    package var root: JSONValue
    package var bytes: [UInt8]
    package var duplicateKeys: [DuplicateKey]

    /// The path ("elements[3].engine.bore") of the innermost value that contains `offset`.
    ///
    /// Found by descending from the root, so the parser does not have to track paths for the rare duplicate key.
    package func path(to offset: Int) -> String {
        var path = ""
        var value = root
        while true {
            switch value.storage {
            case .array(let elements):
                let index = Self.child(count: elements.count, containing: offset) {
                    (elements[$0].offset, elements[$0].end)
                }
                guard let index else { return path }
                path += "[\(index)]"
                value = elements[index]
            case .object(let members):
                let index = Self.child(count: members.count, containing: offset) {
                    (members[$0].keyOffset, members[$0].value.end)
                }
                guard let index else { return path }
                path = JSONPath.appending(key: members[index].key, to: path)
                value = members[index].value
            default:
                return path
            }
        }
    }

    /// Binary search over children, which are sorted and do not overlap.
    private static func child(
        count: Int, containing offset: Int, range: (Int) -> (start: Int, end: Int)
    ) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if range(mid).end <= offset { low = mid + 1 } else { high = mid }
        }
        return low < count && range(low).start <= offset ? low : nil
    }
}
