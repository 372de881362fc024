/// Turns byte offsets into 1-based line and column numbers, the column counted in characters.
///
/// Editors show columns in characters, not bytes, so "column 28" must land on the 28th character even after
/// "è" or "°" earlier on the line. The line table is built on the first request only: a file without problems
/// never pays for it.
package struct SourceLocator: Sendable {
    package let bytes: [UInt8]
    private var lineStarts: [Int] = []
    /// For long lines only (a minified file is a single line): the column at a character boundary every few
    /// kilobytes, so that each column costs a short count rather than a pass over the whole line. Without them,
    /// thousands of problems on one multi-megabyte line took seconds to place.
    private var checkpoints: [Int: [(offset: Int, column: Int)]] = [:]
    package static let checkpointSpacing = 4096

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if lineStarts.isEmpty { lineStarts = Self.lineStarts(of: bytes) }
        let offset = min(max(offset, 0), bytes.count)
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var from = lineStarts[low]
        var column = 1
        if offset - from > Self.checkpointSpacing {
            if checkpoints[low] == nil {
                let end = low + 1 < lineStarts.count ? lineStarts[low + 1] : bytes.count
                checkpoints[low] = Self.checkpoints(of: bytes, from: from, to: end)
            }
            let marks = checkpoints[low]!
            var first = 0
            var last = marks.count - 1
            while first < last {
                let mid = (first + last + 1) / 2
                if marks[mid].offset <= offset { first = mid } else { last = mid - 1 }
            }
            (from, column) = marks[first]
        }
        column += String(decoding: bytes[from..<offset], as: UTF8.self).count
        return (low + 1, column)
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        return starts
    }

    /// Columns at printable ASCII bytes about `checkpointSpacing` apart: such a byte starts a character, so
    /// counting from it gives the same column as counting from the start of the line.
    private static func checkpoints(of bytes: [UInt8], from start: Int, to end: Int) -> [(offset: Int, column: Int)] {
        var marks = [(offset: start, column: 1)]
        var previous = start
        var column = 1
        var position = start + checkpointSpacing
        while position < end {
            while position < end, !(0x20..<0x7F).contains(bytes[position]) { position += 1 }
            guard position < end else { break }
            column += String(decoding: bytes[previous..<position], as: UTF8.self).count
            marks.append((position, column))
            previous = position
            position += checkpointSpacing
        }
        return marks
    }
}
