import Files

extension ByteBuffer {
    /// `digest.description`'s 32 hexadecimal digits, copied in one go (the manifest writes one per file).
    public mutating func append(hex digest: Digest) {
        digest.withHexDigits { append($0) }
    }
}
