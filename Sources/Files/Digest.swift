/// A 128-bit fingerprint of some bytes or values, the same in every process and on every run.
///
/// Why not Swift's `Hasher`: it is seeded per process, so its values cannot be written to disk and compared by
/// the next build. Why not SHA-256: there is none in Foundation on Linux, and a build fingerprints every file
/// it writes (393 MB at 10 000 motorcycles), where a hand-written SHA-256 would cost a second of CPU. This is
/// not a cryptographic hash: it detects changes, it does not resist someone crafting a collision.
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of one run of bytes.
    public init(of bytes: [UInt8]) {
        var hasher = StableHasher()
        hasher.combine(bytes)
        self = hasher.finalize()
    }

    /// Never the digest of anything: `StableHasher` never finishes on all zeros in practice, and this value
    /// marks "unknown" in a manifest.
    public static let zero = Digest(high: 0, low: 0)

    /// 32 lowercase hexadecimal digits.
    public var description: String {
        withHexDigits { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` called with the 32 hexadecimal digits of `description`, made on the stack: writers of manifests
    /// copy them in one go.
    public func withHexDigits<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { raw in
            for position in 0..<16 {
                let shift = UInt64(60 - 4 * position)
                raw[position] = Self.hexDigit(high >> shift)
                raw[16 + position] = Self.hexDigit(low >> shift)
            }
            return body(UnsafeBufferPointer(raw.bindMemory(to: UInt8.self)))
        }
    }

    private static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(value & 15)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// Feeds bytes, numbers and texts into a `Digest`. Each item is framed by its kind and length, so
/// `("ab", "c")` and `("a", "bc")` differ.
///
/// The mixing is MurmurHash3 x64/128's: two 64-bit lanes, 16 bytes per round, and its finalizer. Items are
/// hashed where they lie (a native string's UTF-8 is read in place).
public struct StableHasher: Sendable {
    private var h1: UInt64
    private var h2: UInt64
    private var rounds: UInt64 = 0

    private static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    private static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    public init(seed: UInt64 = 0x6775_7a7a_692d_7369) {  // "guzzi-si"
        h1 = seed
        h2 = seed ^ 0x9e37_79b9_7f4a_7c15
    }

    @inline(__always)
    private mutating func round(_ a: UInt64, _ b: UInt64) {
        var k1 = a &* Self.c1
        k1 = (k1 << 31) | (k1 >> 33)
        h1 ^= k1 &* Self.c2
        h1 = (h1 << 27) | (h1 >> 37)
        h1 = (h1 &+ h2) &* 5 &+ 0x52dc_e729
        var k2 = b &* Self.c2
        k2 = (k2 << 33) | (k2 >> 31)
        h2 ^= k2 &* Self.c1
        h2 = (h2 << 31) | (h2 >> 33)
        h2 = (h2 &+ h1) &* 5 &+ 0x3849_5ab5
        rounds &+= 1
    }

    /// A number, as one item of its own.
    public mutating func combine(_ value: UInt64) {
        round(value, 0xff51_afd7_ed55_8ccd)
    }

    public mutating func combine(_ digest: Digest) {
        round(digest.high, digest.low)
    }

    /// A run of bytes, framed by its length.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        combine(bytes, tag: 0)
    }

    /// A run of bytes with a tag from 1 to 11 that tells what they are (`Value` tells text from html with it):
    /// the same as a tag of its own before them, in one round instead of two for a short run.
    ///
    /// Up to 15 bytes (most texts of a page model) take one round, with their length and the tag in the top
    /// byte of the second word, which the bytes leave free. Longer runs take a first round of their length and
    /// a marker whose top byte no short run can have (0xc4, tag 12), then their bytes: 64 at a time in four
    /// independent lanes (xxHash64's accumulation, which keeps the processor's multipliers busy), then 16 at a
    /// time. So every run is framed, whatever follows it.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer, tag: UInt8) {
        let count = bytes.count
        assert(tag < 12, "tags 12 to 15 would look like a long run's marker")
        let marker = UInt64(tag & 0x0f) << 60
        guard count > 0, let base = bytes.baseAddress else {
            round(0, marker)
            return
        }
        if count < 16 {
            var tail: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: count)) }
            round(UInt64(littleEndian: tail.0), UInt64(littleEndian: tail.1) | marker | UInt64(count) << 56)
            return
        }
        round(UInt64(count), 0xc4ce_b9fe_1a85_ec53 ^ UInt64(tag))
        var offset = 0
        if count >= 64 {
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (Self.p1 &+ Self.p2, Self.p2, 0, 0 &- Self.p1)
            @inline(__always) func accumulate(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                let sum = lane &+ word &* Self.p2
                return ((sum << 31) | (sum >> 33)) &* Self.p1
            }
            @inline(__always) func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            while offset + 64 <= count {
                lanes.0 = accumulate(lanes.0, word(offset))
                lanes.1 = accumulate(lanes.1, word(offset + 8))
                lanes.2 = accumulate(lanes.2, word(offset + 16))
                lanes.3 = accumulate(lanes.3, word(offset + 24))
                lanes.0 = accumulate(lanes.0, word(offset + 32))
                lanes.1 = accumulate(lanes.1, word(offset + 40))
                lanes.2 = accumulate(lanes.2, word(offset + 48))
                lanes.3 = accumulate(lanes.3, word(offset + 56))
                offset += 64
            }
            round(lanes.0, lanes.1)
            round(lanes.2, lanes.3)
        }
        while offset + 16 <= count {
            round(
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            offset += 16
        }
        if offset < count {
            // The last 1–15 bytes, zero-padded: one copy instead of a loop over bytes.
            var tail: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &tail) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: count - offset))
            }
            round(UInt64(littleEndian: tail.0), UInt64(littleEndian: tail.1))
        }
    }

    private static let p1: UInt64 = 0x9e37_79b1_85eb_ca87
    private static let p2: UInt64 = 0xc2b2_ae3d_27d4_eb4f

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    /// A text's UTF-8 bytes, framed by their length.
    public mutating func combine(_ text: String) {
        combine(text, tag: 0)
    }

    /// A text's UTF-8 bytes with a tag from 1 to 11 (see `combine(_:tag:)` for bytes).
    public mutating func combine(_ text: String, tag: UInt8) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0), tag: tag) }
    }

    public func finalize() -> Digest {
        var a = h1 ^ rounds
        var b = h2 ^ rounds
        a = a &+ b
        b = b &+ a
        a = Self.mix(a)
        b = Self.mix(b)
        a = a &+ b
        b = b &+ a
        return Digest(high: a, low: b)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}
