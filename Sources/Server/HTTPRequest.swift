/// A parsed request head. Only what a static preview server acts on is kept; everything is validated
/// strictly because the bytes come from whatever can reach the socket.
struct HTTPRequest: Equatable {
    var method: String
    /// The request-target exactly as sent (origin form; absolute form is reduced to its path).
    var target: String
    var minorVersion: Int
    /// Header names are lowercased; order and duplicates are kept.
    var headers: [(name: String, value: String)]

    static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// HTTP/1.1 keeps the connection unless told otherwise; HTTP/1.0 closes unless keep-alive was asked for.
    var keepAlive: Bool {
        let tokens = headers.filter { $0.name == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",") }
            .map { $0.trimmingSpaces() }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// We never read request bodies, so a request that announces one must end the connection
    /// (its body would otherwise be parsed as the next request).
    var hasBody: Bool {
        if header("transfer-encoding") != nil { return true }
        if let length = header("content-length") { return length != "0" }
        return false
    }

    /// The path part of the target, without query or fragment; still percent-encoded.
    var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The query string without the `?`, or nil when there is none.
    var query: String? {
        let withoutFragment = target.prefix { $0 != "#" }
        guard let mark = withoutFragment.firstIndex(of: "?") else { return nil }
        return String(withoutFragment[withoutFragment.index(after: mark)...])
    }

    /// Parses a complete head (request line, header lines, final empty line).
    static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPStatus) -> HTTPRequest {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 13 {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == 10 else { throw .badRequest }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else if byte == 10 {
                throw .badRequest  // a bare LF is how request smuggling starts; refuse it
            } else {
                index += 1
            }
        }
        guard start == bytes.endIndex, lines.count >= 2, lines.last?.isEmpty == true else { throw .badRequest }
        lines.removeLast()

        var request = try parseRequestLine(lines[0])
        for line in lines.dropFirst() {
            request.headers.append(try parseHeader(line))
        }
        let hosts = request.headers.filter { $0.name == "host" }.count
        if hosts > 1 || (request.minorVersion >= 1 && hosts == 0) { throw .badRequest }
        if let length = request.header("content-length"), length.isEmpty || !length.utf8.allSatisfy(isDigit) {
            throw .badRequest
        }
        return request
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPStatus) -> HTTPRequest {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else { throw .badRequest }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else { throw .badRequest }
        let minor = try parseVersion(parts[2])
        var target = String(decoding: parts[1], as: UTF8.self)
        if !target.hasPrefix("/") && target != "*" {
            // Absolute form ("http://host/path"): keep only the path, as a proxy-unaware origin server should.
            let lower = target.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { throw .badRequest }
            let afterScheme = target[target.index(target.firstIndex(of: ":")!, offsetBy: 3)...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        return HTTPRequest(
            method: String(decoding: parts[0], as: UTF8.self), target: target, minorVersion: minor, headers: [])
    }

    /// "HTTP/1.0" and "HTTP/1.1" are served; other well-formed versions get 505, anything else 400.
    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPStatus) -> Int {
        let prefix = Array("HTTP/".utf8)
        guard bytes.count == 8, Array(bytes.prefix(5)) == prefix else { throw .badRequest }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        guard isDigit(major), dot == 46, isDigit(minor) else { throw .badRequest }
        guard major == 49, minor == 48 || minor == 49 else { throw .httpVersionNotSupported }
        return Int(minor - 48)
    }

    private static func parseHeader(_ line: ArraySlice<UInt8>) throws(HTTPStatus) -> (name: String, value: String) {
        // Obsolete line folding and whitespace before the colon are both rejected (RFC 9112 §5.1, §5.2).
        guard let colon = line.firstIndex(of: 58), colon > line.startIndex else { throw .badRequest }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { throw .badRequest }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else { throw .badRequest }
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        return (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }
}

/// Finds where a request head ends in the bytes received so far, enforcing the size limits before the
/// head is complete so an endless line cannot grow the buffer.
enum RequestHeadScanner {
    static let maxRequestLine = 8 * 1024
    static let maxHeaderBytes = 16 * 1024

    enum Result: Equatable {
        case incomplete
        /// The head is `buffer[..<end]`.
        case complete(end: Int)
        case failed(HTTPStatus)
    }

    static func scan(_ buffer: [UInt8]) -> Result {
        guard let lineEnd = find([13, 10], in: buffer, from: 0) else {
            return buffer.count > maxRequestLine ? .failed(.uriTooLong) : .incomplete
        }
        if lineEnd > maxRequestLine { return .failed(.uriTooLong) }
        let headersStart = lineEnd + 2
        if buffer.count >= headersStart + 2, buffer[headersStart] == 13, buffer[headersStart + 1] == 10 {
            return .complete(end: headersStart + 2)
        }
        guard let end = find([13, 10, 13, 10], in: buffer, from: lineEnd) else {
            return buffer.count - headersStart > maxHeaderBytes ? .failed(.headersTooLarge) : .incomplete
        }
        if end + 2 - headersStart > maxHeaderBytes { return .failed(.headersTooLarge) }
        return .complete(end: end + 4)
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0] && buffer[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
