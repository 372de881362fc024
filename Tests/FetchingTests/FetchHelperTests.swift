import Fetching
import Foundation
import TestSupport
import Testing

/// `FetchHelper` running the real `guzzi-site-fetch` (built beside this test binary) against a local server.
struct FetchHelperTests {
    @Test func theHelperIsFoundBesideTheRunningExecutable() throws {
        let helper = try FetchHelper.located(environment: [:])
        #expect(helper.path.hasSuffix("/guzzi-site-fetch"))
    }

    @Test func aMissingHelperSaysWhereItLookedAndWhatToDo() {
        let path = "/nonexistent/guzzi-site-fetch"
        #expect(throws: FetchError.helperMissing(path: path)) {
            try FetchHelper.located(environment: [FetchHelper.environmentVariable: path])
        }
        let text = FetchError.helperMissing(path: path).description
        #expect(text.contains(path) && text.contains("swift build") && text.contains("GUZZI_SITE_FETCH"))
    }

    @Test func aProgramThatDoesNotSpeakTheFormatIsAHelperFailure() throws {
        let helper = try FetchHelper.located(environment: [FetchHelper.environmentVariable: "/usr/bin/true"])
        #expect(
            throws: FetchError.helperFailed(path: "/usr/bin/true", reason: "no answer in its format (exit status 0)")
        ) {
            try helper.get(FetchRequest(url: "http://127.0.0.1:1/", timeoutSeconds: 1))
        }
    }

    /// The answer has no length: a helper that wrote an answer and then failed may have been cut short.
    @Test func anAnswerFromAHelperThatFailedIsNotTrusted() throws {
        let folder = ScratchFolders.make("fetch")
        let script = folder + "/guzzi-site-fetch"
        try "#!/bin/sh\nprintf 'guzzi-site-fetch 1\\nstatus 200 no error\\n\\npart'\nexit 3\n".write(
            toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        let helper = try FetchHelper.located(environment: [FetchHelper.environmentVariable: script])
        #expect(throws: FetchError.helperFailed(path: script, reason: "its answer may be cut short (exit status 3)")) {
            try helper.get(FetchRequest(url: "http://127.0.0.1:1/", timeoutSeconds: 1))
        }
    }

    @Test func anyStatusIsAnAnswerWithItsHeadersAndBody() throws {
        let server = try FakeOEmbedServer { _, _ in
            .status(503, headers: ["Retry-After": "7", "Content-Type": "text/plain"], body: "busy\n\nnow")
        }
        defer { server.stop() }
        let helper = try FetchHelper.located(environment: [:])
        let response = try helper.get(
            FetchRequest(url: "http://127.0.0.1:\(server.port)/x", timeoutSeconds: 5, headers: [.init("Accept", "a/b")])
        )
        #expect(response.status == 503)
        #expect(response.statusText.hasPrefix("HTTP 503 "))
        #expect(response.headers["retry-after"] == "7")
        #expect(response.body == Array("busy\n\nnow".utf8))
        #expect(server.targets == ["/x"])
    }

    @Test func noAnswerIsATransportErrorInTheUsersWords() throws {
        let server = try FakeOEmbedServer { _, _ in .silence }
        defer { server.stop() }
        let helper = try FetchHelper.located(environment: [:])
        #expect(throws: FetchError.transport(reason: "timed out after 1 s")) {
            try helper.get(FetchRequest(url: "http://127.0.0.1:\(server.port)/slow", timeoutSeconds: 1))
        }
        #expect {
            try helper.get(FetchRequest(url: "http://127.0.0.1:1/", timeoutSeconds: 2))
        } throws: { error in
            guard case .transport(let reason) = error as? FetchError else { return false }
            return !reason.isEmpty
        }
    }
}
