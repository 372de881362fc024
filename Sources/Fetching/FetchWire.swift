/// What `guzzi-site` and `guzzi-site-fetch` say to each other, both directions in one place so they cannot
/// drift apart: the request as command-line arguments, the answer on the helper's standard output.
///
/// The answer is a first line `guzzi-site-fetch 1`, then either `error <reason>`, or `status <code> <reason>`
/// followed by one `name: value` line per header field, an empty line and the body's bytes as they came.
public enum FetchWire {
    static let signature = "guzzi-site-fetch 1"

    // MARK: The request

    public static func arguments(for request: FetchRequest) -> [String] {
        var arguments = ["--timeout", String(request.timeoutSeconds), "--total", String(request.totalSeconds)]
        for header in request.headers { arguments += ["--header", header.name + ": " + header.value] }
        return arguments + ["--", request.url]
    }

    /// The request back from the helper's arguments, or a usage message.
    public static func request(fromArguments arguments: [String]) -> Result<FetchRequest, UsageProblem> {
        var timeout = 10
        var total: Int?
        var headers: [FetchRequest.Header] = []
        var url: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" || !argument.hasPrefix("--") {
                let rest = argument == "--" ? arguments[(index + 1)...] : arguments[index...]
                guard rest.count == 1 else { return .failure(UsageProblem("expected exactly one URL")) }
                url = rest.first
                break
            }
            guard index + 1 < arguments.count else { return .failure(UsageProblem("missing value for \(argument)")) }
            let value = arguments[index + 1]
            switch argument {
            case "--timeout", "--total":
                guard let seconds = Int(value), seconds >= 1 else {
                    return .failure(UsageProblem("invalid value '\(value)' for \(argument)"))
                }
                if argument == "--timeout" { timeout = seconds } else { total = seconds }
            case "--header":
                guard let colon = value.firstIndex(of: ":") else {
                    return .failure(UsageProblem("a header is 'Name: value', found '\(value)'"))
                }
                headers.append(
                    FetchRequest.Header(
                        String(value[..<colon]), String(value[value.index(after: colon)...].drop { $0 == " " })))
            default:
                return .failure(UsageProblem("unknown option \(argument)"))
            }
            index += 2
        }
        guard let url else { return .failure(UsageProblem("missing the URL")) }
        return .success(FetchRequest(url: url, timeoutSeconds: timeout, totalSeconds: total, headers: headers))
    }

    public struct UsageProblem: Error, Sendable, Equatable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: The answer

    public static func encode(_ response: FetchedResponse) -> [UInt8] {
        var text = signature + "\nstatus \(response.status) \(oneLine(response.reason))\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            text += oneLine(name) + ": " + oneLine(value) + "\n"
        }
        return Array((text + "\n").utf8) + response.body
    }

    public static func encode(failure reason: String) -> [UInt8] {
        Array((signature + "\nerror " + oneLine(reason) + "\n").utf8)
    }

    /// The helper's output read back; `nil` when it is not in this format.
    static func decode(_ bytes: [UInt8]) -> Result<FetchedResponse, FetchError>? {
        var lines: [String] = []
        var start = 0
        var bodyStart: Int?
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let line = String(decoding: bytes[start..<index], as: UTF8.self)
            start = index + 1
            if line.isEmpty && lines.count >= 2 {
                bodyStart = start
                break
            }
            lines.append(line)
            if lines.count == 2 && line.hasPrefix("error ") { break }
        }
        guard lines.count >= 2, lines[0] == signature else { return nil }
        if lines[1].hasPrefix("error ") { return .failure(.transport(reason: String(lines[1].dropFirst(6)))) }
        let status = lines[1].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard let bodyStart, status.count == 3, status[0] == "status", let code = Int(status[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst(2) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return .success(
            FetchedResponse(status: code, reason: String(status[2]), headers: headers, body: Array(bytes[bodyStart...]))
        )
    }

    /// Header values may not hold line breaks (a folded line is one value): they would end the field here.
    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
