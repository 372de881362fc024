/// Turns byte offsets into 1-based line and column numbers, the column counted in characters.
///
/// Editors show columns in characters, not bytes, so "column 28" must land on the 28th character even after
/// "è" or "°" earlier on the line. The line table is built on the first request only: a file without problems
/// never pays for it.
struct SourceLocator: Sendable {
    let bytes: [UInt8]
    private var lineStarts: [Int] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if lineStarts.isEmpty { lineStarts = Self.lineStarts(of: bytes) }
        let offset = min(max(offset, 0), bytes.count)
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
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
}
