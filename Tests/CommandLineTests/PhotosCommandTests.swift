import Foundation
import TestSupport
import Testing

/// `guzzi-site photos` as a user runs it, against a fake oEmbed endpoint on 127.0.0.1: its exit statuses, what
/// it prints, and the sidecar it leaves beside the dataset (which `build` then uses).
@Suite struct PhotosCommandTests {
    /// The bundled sample with Flickr originals of `ids` on its first motorcycle and no other images.
    static func dataset(_ ids: [UInt64], in folder: String) throws -> String {
        let sample = CommandLineTests.repositoryRoot + "/Resources/sample/info_moto.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: sample))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var elements = try #require(root["elements"] as? [[String: Any]])
        for index in elements.indices {
            elements[index]["images"] =
                index == 0 ? ids.map { "https://c2.staticflickr.com/2/1959/\($0)_32a81ac5d9_o.jpg" } : NSNull()
        }
        root["elements"] = elements
        let path = folder + "/info_moto.json"
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func sidecar(_ data: String) -> String {
        (try? String(contentsOfFile: String(data.dropLast(5)) + ".photos.json", encoding: .utf8)) ?? ""
    }

    @Test func usageErrorsExit2() throws {
        let missing = try CommandLineTests.run(["photos"])
        #expect(missing.status == 2 && missing.stderr.contains("missing '--data FILE'"))
        #expect(missing.stderr.contains("USAGE: guzzi-site photos"))
        let timeout = try CommandLineTests.run(["photos", "--data", "x.json", "--timeout", "0.5"])
        #expect(timeout.status == 2 && timeout.stderr.contains("invalid value '0.5' for '--timeout'"))
        let endpoint = try CommandLineTests.run(["photos", "--data", "x.json", "--oembed", "file:///etc/passwd"])
        #expect(endpoint.status == 2 && endpoint.stderr.contains("'--oembed'"))
        #expect(try CommandLineTests.run(["photos", "--data", "x.json", "--retry-gone=yes"]).status == 2)
        let help = try CommandLineTests.run(["photos", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXIT STATUS:") && help.stdout.contains("--retry-gone"))
        #expect(try CommandLineTests.run(["--help"]).stdout.contains("photos    Resolve"))
    }

    @Test(.timeLimit(.minutes(1)))
    func resolvesThenBuildsSizedCreditedPhotos() throws {
        let server = try FakeOEmbedServer { id, _ in id == 13 ? .status(404, body: "Not Found") : .photo() }
        defer { server.stop() }
        let folder = CommandLineTests.temporaryFolder()
        let data = try Self.dataset([11, 12, 13], in: folder)
        let run = try CommandLineTests.run(["photos", "--data", data, "--oembed", server.endpoint, "--retry-gone"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("3 of 3 Flickr photos resolved (2 found and 1 gone in this run, 0 already known)"))
        #expect(run.stderr.isEmpty, "no progress line when standard error is not a terminal")
        let sidecar = Self.sidecar(data)
        #expect(sidecar.contains("\"13\": {\"status\": \"gone\", \"reason\": \"not found\""))
        #expect(sidecar.contains("\"11\": {\"status\": \"ok\", \"server\": \"65535\""))

        let again = try CommandLineTests.run(["photos", "--data", data, "--oembed", server.endpoint])
        #expect(again.status == 0 && again.stdout.contains("3 already known"))
        #expect(server.targets.count == 3)
        // Nothing to ask: no request, so no need of the fetch helper either; with something to ask, it is named.
        let helperless = ["GUZZI_SITE_FETCH": "/nonexistent/guzzi-site-fetch"]
        let known = try CommandLineTests.run(
            ["photos", "--data", data, "--oembed", server.endpoint], environment: helperless)
        #expect(known.status == 0 && known.stdout.contains("3 already known"), "\(known.stderr)")
        let retry = try CommandLineTests.run(
            ["photos", "--data", data, "--oembed", server.endpoint, "--retry-gone"], environment: helperless)
        #expect(retry.status == 1)
        #expect(
            retry.stderr.hasPrefix(
                "error: cannot ask about photos: the fetch helper /nonexistent/guzzi-site-fetch is missing"),
            "\(retry.stderr)")
        #expect(server.targets.count == 3)

        let out = folder + "/site"
        let build = try CommandLineTests.run(["build", "--data", data, "--output", out])
        #expect(build.status == 0, "\(build.stderr)")
        let gallery = try String(contentsOfFile: out + "/en/moto/normale-1921/gallery/index.html", encoding: .utf8)
        #expect(gallery.contains("srcset=\"https://live.staticflickr.com/65535/11_"))
        #expect(gallery.contains("Photo by <a href=\"https://www.flickr.com/photos/tester/\">Ann &lt;b&gt;"))
    }

    @Test(.timeLimit(.minutes(1)))
    func unresolvedPhotosExit4AndKeepWhatWasResolved() throws {
        let server = try FakeOEmbedServer { id, _ in id == 22 ? .status(503, body: "busy") : .photo() }
        defer { server.stop() }
        let data = try Self.dataset([21, 22, 23], in: CommandLineTests.temporaryFolder())
        let run = try CommandLineTests.run([
            "photos", "--data", data, "--oembed", server.endpoint, "--max-wait", "0", "--timeout", "1",
        ])
        #expect(run.status == 4, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("photo 22: HTTP 503"))
        #expect(run.stderr.contains("run 'guzzi-site photos' again"))
        #expect(server.requests(for: 22) == 3, "tried three times")
        let sidecar = Self.sidecar(data)
        #expect(sidecar.contains("\"21\": ") && sidecar.contains("\"23\": ") && !sidecar.contains("\"22\": "))
    }

    @Test func aMalformedSidecarExits1AndIsLeftAsItWas() throws {
        let server = try FakeOEmbedServer()
        defer { server.stop() }
        let data = try Self.dataset([31], in: CommandLineTests.temporaryFolder())
        let path = String(data.dropLast(5)) + ".photos.json"
        try "{\"format\": 1, \"photos\": [}".write(toFile: path, atomically: false, encoding: .utf8)
        let run = try CommandLineTests.run(["photos", "--data", data, "--oembed", server.endpoint])
        #expect(run.status == 1)
        #expect(run.stderr.contains(path + ":1:"), "\(run.stderr)")
        #expect(Self.sidecar(data) == "{\"format\": 1, \"photos\": [}")
        #expect(server.targets.isEmpty)
        let build = try CommandLineTests.run(["build", "--data", data, "--output", path + ".site"])
        #expect(build.status == 1 && build.stderr.contains(path + ":1:"))
        let missing = try CommandLineTests.run(["photos", "--data", data + ".missing", "--oembed", server.endpoint])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the file"))
    }
}
