import Files
import Testing

@testable import Templating

/// `ByteBuffer` owns raw memory: appends across its capacity, empty appends and the reads the renderer makes
/// must give exactly the bytes an array would.
@Suite struct ByteBufferTests {
    @Test func appendsAcrossCapacityGiveTheBytesAnArrayWould() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let run = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            buffer.append(run)
            expected += run
            buffer.append(UInt8(truncatingIfNeeded: round))
            expected.append(UInt8(truncatingIfNeeded: round))
        }
        let (count, all, tail) = (buffer.count, buffer.bytes(), buffer.bytes(from: 100))
        let (same, shorter) = (
            buffer.bytes(from: 100, equal: Array(expected[100...])),
            buffer.bytes(from: 100, equal: Array(expected[101...]))
        )
        #expect(count == expected.count)
        #expect(all == expected)
        #expect(tail == Array(expected[100...]))
        #expect(same && !shorter)
    }

    @Test func emptyAppendsAndReadsAreHarmless() {
        var buffer = ByteBuffer(capacity: 0)
        buffer.append([])
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        buffer.append(utf8: "")
        let (count, bytes, text, emptyEqualsEmpty) = (
            buffer.count, buffer.bytes(), buffer.text, buffer.bytes(from: 0, equal: [])
        )
        #expect(count == 0 && bytes.isEmpty && text.isEmpty && emptyEqualsEmpty)
        buffer.append("{\"a\":")
        let (someEqualsEmpty, endEqualsEmpty) = (
            buffer.bytes(from: 0, equal: []), buffer.bytes(from: buffer.count, equal: [])
        )
        #expect(!someEqualsEmpty && endEqualsEmpty)
    }

    @Test func textIsWrittenAsUTF8() {
        var buffer = ByteBuffer()
        buffer.append(utf8: "Più di 1.000 – ")
        buffer.append("cm³")
        let (text, bytes) = (buffer.text, buffer.bytes())
        #expect(text == "Più di 1.000 – cm³")
        #expect(bytes == Array("Più di 1.000 – cm³".utf8))
    }
}
