import Testing

@testable import Fetching

/// The format `guzzi-site` and `guzzi-site-fetch` speak, both ways.
struct FetchWireTests {
    @Test func aRequestSurvivesTheCommandLine() throws {
        let request = FetchRequest(
            url: "https://example.org/x?a=1&b=--timeout", timeoutSeconds: 3, totalSeconds: 9,
            headers: [.init("User-Agent", "guzzi-site-photos/1"), .init("X-Colon", "a: b")])
        let arguments = FetchWire.arguments(for: request)
        #expect(try FetchWire.request(fromArguments: arguments).get() == request)
        // A URL that looks like an option is still the URL after `--`.
        let odd = FetchRequest(url: "--header", timeoutSeconds: 1)
        #expect(try FetchWire.request(fromArguments: FetchWire.arguments(for: odd)).get() == odd)
    }

    @Test func badArgumentsAreUsageProblems() {
        let cases: [([String], String)] = [
            ([], "missing the URL"),
            (["--timeout", "0", "http://x/"], "invalid value '0' for --timeout"),
            (["--timeout"], "missing value for --timeout"),
            (["--header", "no colon", "http://x/"], "a header is 'Name: value', found 'no colon'"),
            (["--bogus", "1", "http://x/"], "unknown option --bogus"),
            (["http://x/", "http://y/"], "expected exactly one URL"),
        ]
        for (arguments, message) in cases {
            guard case .failure(let problem) = FetchWire.request(fromArguments: arguments) else {
                Issue.record("\(arguments) was accepted")
                continue
            }
            #expect(problem.message == message)
        }
    }

    @Test func anAnswerSurvivesStandardOutputBodyBytesAsTheyCame() throws {
        let body: [UInt8] = Array("line\n\nstatus 200 x\n".utf8) + [0, 255, 10]
        let response = FetchedResponse(
            status: 429, reason: "too many requests", headers: ["retry-after": "7", "x-folded": "a\r\nb"], body: body)
        let decoded = try #require(FetchWire.decode(FetchWire.encode(response))).get()
        #expect(decoded.status == 429 && decoded.reason == "too many requests")
        #expect(decoded.headers == ["retry-after": "7", "x-folded": "a  b"])
        #expect(decoded.body == body)
        #expect(decoded.statusText == "HTTP 429 too many requests")
        let empty = try #require(FetchWire.decode(FetchWire.encode(FetchedResponse(status: 204, reason: "")))).get()
        #expect(empty.status == 204 && empty.body.isEmpty && empty.headers.isEmpty)
    }

    @Test func aFailureIsAnErrorWithItsReason() {
        let decoded = FetchWire.decode(FetchWire.encode(failure: "timed out after 3 s\nsecond line"))
        #expect(decoded == .failure(.transport(reason: "timed out after 3 s second line")))
    }

    @Test func outputInAnotherFormatIsNotAnAnswer() {
        for text in [
            "", "hello\n", "guzzi-site-fetch 1\n", "guzzi-site-fetch 1\nstatus x y\n\n",
            "guzzi-site-fetch 2\nerror x\n",
        ] {
            #expect(FetchWire.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
