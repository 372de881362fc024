import OperatingSystem

/// Bytes appended at the end: what the renderer, the escapers and the site's JSON writers build pages and data
/// files in.
///
/// Why not `[UInt8]`: a page is some two thousand small appends (a run of text between two escapes, a label, a
/// key), and `Array.append(contentsOf:)` takes a generic path that cost more than the bytes it copied (70
/// instructions a call, 2 % of a build). Here an append is a capacity check and a `memcpy`. Noncopyable, so the
/// memory it owns is freed exactly once and never shared by accident.
public struct ByteBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    public private(set) var count = 0
    private var capacity: Int

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        memcpy(storage + count, source, bytes.count)
        count += bytes.count
    }

    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A literal written in the code (`"{\"text\":"`).
    @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, made on the stack and copied in one go (no `String` on the way).
    public mutating func append(decimal value: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, room for the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &digits) { raw in
            var start = raw.count
            var rest = value
            repeat {
                start -= 1
                raw[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...]))
        }
    }

    /// `value` in decimal, with a `-` when negative.
    public mutating func append(integer value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        append(decimal: value.magnitude)
    }

    /// A string's UTF-8, unescaped.
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The bytes written from `start` on.
    public func bytes(from start: Int = 0) -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage + start, count: count - start))
    }

    /// Whether the bytes from `start` on are `other`.
    public func bytes(from start: Int, equal other: [UInt8]) -> Bool {
        guard count - start == other.count else { return false }
        return other.withUnsafeBufferPointer { other in
            other.isEmpty || memcmp(storage + start, other.baseAddress!, other.count) == 0
        }
    }

    /// The bytes as text (they are UTF-8 wherever this project writes them).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    private mutating func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}
