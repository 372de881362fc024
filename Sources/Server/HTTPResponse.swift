import OperatingSystem

/// A status code with its reason phrase; also thrown by the parser so a bad request maps straight to its answer.
struct HTTPStatus: Error, Equatable, Sendable {
    let code: Int
    let reason: String

    static let ok = HTTPStatus(code: 200, reason: "OK")
    static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    static let headersTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
    static let httpVersionNotSupported = HTTPStatus(code: 505, reason: "HTTP Version Not Supported")
}

/// Status line plus headers. Headers common to every answer are added here so no code path can forget them.
struct HTTPResponseHead {
    var status: HTTPStatus
    var headers: [(name: String, value: String)] = []

    init(status: HTTPStatus, contentType: String? = nil, contentLength: Int? = nil, keepAlive: Bool) {
        self.status = status
        if let contentType { add("Content-Type", contentType) }
        if let contentLength { add("Content-Length", String(contentLength)) }
        add("Connection", keepAlive ? "keep-alive" : "close")
    }

    mutating func add(_ name: String, _ value: String) {
        headers.append((name, value))
    }

    func serialized() -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        text += "Date: \(HTTPDate.format(seconds: Int(time(nil))))\r\n"
        text += "Server: guzzi-site\r\n"
        text += "X-Content-Type-Options: nosniff\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// A complete small answer for errors and redirects: a tiny HTML page saying what happened.
    static func simple(
        _ status: HTTPStatus, keepAlive: Bool, extraHeaders: [(String, String)] = [], includeBody: Bool = true
    ) -> [UInt8] {
        let body = Array(
            "<!doctype html><title>\(status.code) \(status.reason)</title><h1>\(status.code) \(status.reason)</h1>\n"
                .utf8)
        var head = HTTPResponseHead(
            status: status, contentType: ContentType.html, contentLength: body.count, keepAlive: keepAlive)
        head.add("Cache-Control", "no-cache")
        for (name, value) in extraHeaders { head.add(name, value) }
        return head.serialized() + (includeBody ? body : [])
    }
}

/// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the only date form we produce; parsing accepts only that
/// form too, which is all browsers send in If-Modified-Since.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    static func parse(_ text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", fields[0].hasSuffix(","),
            let day = Int32(fields[1]), let month = months.firstIndex(of: String(fields[2])),
            let year = Int32(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2])
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        return seconds == -1 ? nil : Int(seconds)
    }
}
