import Foundation
import OperatingSystem
import TestSupport
import Testing

/// `guzzi-site update` against a local HTTP server (Python's http.server on a free port of 127.0.0.1) serving
/// a newer, an equal, an older, a malformed and an invalid dataset: only the newer valid one may replace the file.
@Suite struct UpdateCommandTests {
    /// The bundled sample when it is there, else the small fixture; either way with its `version` changed.
    static func dataset(version: Int) throws -> String {
        let root = CommandLineTests.repositoryRoot
        let sample = root + "/Resources/sample/info_moto.json"
        let path =
            FileManager.default.fileExists(atPath: sample) ? sample : root + "/Tests/Fixtures/catalogue/minimal.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let range = text.range(of: #""version"\s*:\s*\d+"#, options: .regularExpression) else {
            throw ProbeError(description: "no version in \(path)")
        }
        return text.replacingCharacters(in: range, with: "\"version\": \(version)")
    }

    /// A folder served over HTTP for as long as the returned process runs.
    static func startHTTPServer(serving folder: String) throws -> (ChildProcess, UInt16) {
        let server = try ChildProcess(
            "/usr/bin/env", ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder])
        guard server.waitFor(seconds: 10, { out, _ in out.contains(" port ") }),
            let range = server.stdout.range(of: #"port \d+"#, options: .regularExpression),
            let port = UInt16(server.stdout[range].dropFirst(5))
        else {
            _ = server.stop(signal: SIGKILL)
            throw ProbeError(description: "http.server did not start: \(server.stdout) \(server.stderr)")
        }
        return (server, port)
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(.timeLimit(.minutes(1)))
    func onlyANewerValidDatasetReplacesTheFile() throws {
        let served = CommandLineTests.temporaryFolder()
        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        let current = try Self.dataset(version: 24)
        try current.write(toFile: local, atomically: false, encoding: .utf8)
        try Self.dataset(version: 25).write(toFile: served + "/newer.json", atomically: false, encoding: .utf8)
        try Self.dataset(version: 24).write(toFile: served + "/equal.json", atomically: false, encoding: .utf8)
        try Self.dataset(version: 23).write(toFile: served + "/older.json", atomically: false, encoding: .utf8)
        try "{\"version\": 99,\n  \"elements\": [}".write(
            toFile: served + "/malformed.json", atomically: false, encoding: .utf8)
        try Self.dataset(version: 99).replacingOccurrences(of: "\"bore\": 88", with: "\"bore\": \"88\"").write(
            toFile: served + "/invalid.json", atomically: false, encoding: .utf8)
        let (server, port) = try Self.startHTTPServer(serving: served)
        defer { _ = server.stop(signal: SIGKILL, seconds: 2) }
        let base = "http://127.0.0.1:\(port)/"
        let original = Self.contents(local)

        let equal = try CommandLineTests.run(["update", "--from", base + "equal.json", "--data", local])
        #expect(equal.status == 3, "\(equal.stderr)")
        #expect(equal.stdout == "\(local) is up to date (version 24; source has 24)\n")
        let older = try CommandLineTests.run(["update", "--from", base + "older.json", "--data", local])
        #expect(older.status == 3)
        #expect(older.stdout == "\(local) is up to date (version 24; source has 23)\n")

        let malformed = try CommandLineTests.run(["update", "--from", base + "malformed.json", "--data", local])
        #expect(malformed.status == 5)
        #expect(malformed.stderr.contains("is not a valid dataset"))
        #expect(malformed.stderr.contains("line 2, column"), "\(malformed.stderr)")
        #expect(malformed.stderr.contains("left as it was"))
        let invalid = try CommandLineTests.run(["update", "--from", base + "invalid.json", "--data", local])
        #expect(invalid.status == 5)
        #expect(invalid.stderr.contains("engine.bore"), "\(invalid.stderr)")

        let missing = try CommandLineTests.run(["update", "--from", base + "missing.json", "--data", local])
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("HTTP 404"), "\(missing.stderr)")

        // Nothing so far touched the file or left a backup.
        #expect(Self.contents(local) == original)
        #expect(!FileManager.default.fileExists(atPath: local + ".bak"))

        let newer = try CommandLineTests.run(["update", "--from", base + "newer.json", "--data", local])
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stdout == "updated \(local): version 24 → 25\n")
        #expect(Self.contents(local) == Self.contents(served + "/newer.json"))
        #expect(Self.contents(local + ".bak") == original)
        let folder = (local as NSString).deletingLastPathComponent
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "info_moto.json", "info_moto.json.bak",
            ])

        let again = try CommandLineTests.run(["update", "--from", base + "newer.json", "--data", local])
        #expect(again.status == 3)
    }

    @Test(.timeLimit(.minutes(1)))
    func unreachableSourceExits4() throws {
        // A port that was free a moment ago: bind, read it back, close.
        let fd = StreamSockets.make()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                return getsockname(fd, $0, &length)
            }
        }
        let port = UInt16(bigEndian: address.sin_port)
        close(fd)
        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        try Self.dataset(version: 1).write(toFile: local, atomically: false, encoding: .utf8)
        let run = try CommandLineTests.run([
            "update", "--from", "http://127.0.0.1:\(port)/info_moto.json", "--data", local,
        ])
        #expect(run.status == 4)
        #expect(run.stderr.hasPrefix("error: cannot fetch http://127.0.0.1:\(port)/info_moto.json: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        let file = try CommandLineTests.run(["update", "--from", local + ".nothing", "--data", local])
        #expect(file.status == 4)
        #expect(file.stderr.contains("No such file or directory"))
    }

    /// The HTTP is done by `guzzi-site-fetch`, beside the binary: without it, `update` says so and what to do.
    @Test func aMissingFetchHelperIsNamed() throws {
        let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
        let run = try CommandLineTests.run(
            ["update", "--from", "http://127.0.0.1:1/info_moto.json", "--data", local],
            environment: ["GUZZI_SITE_FETCH": "/nonexistent/guzzi-site-fetch"])
        #expect(run.status == 4)
        #expect(
            run.stderr.hasPrefix(
                "error: cannot fetch http://127.0.0.1:1/info_moto.json: the fetch helper /nonexistent/guzzi-site-fetch "
                    + "is missing: `swift build` makes it beside guzzi-site"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: local))
    }

    #if os(Linux)
        /// Why the helper exists: `guzzi-site` itself must not link libcurl (FoundationNetworking), whose thirty-odd
        /// libraries would load at every `build`. Their names would be in the binary's list of needed libraries.
        @Test func theSiteBinaryDoesNotLinkTheNetworkingLibraries() throws {
            let bytes = try #require(FileManager.default.contents(atPath: CommandLineTests.binary))
            for name in ["libcurl.so", "libFoundationNetworking.so"] {
                #expect(bytes.range(of: Data(name.utf8)) == nil, "guzzi-site links \(name)")
            }
            let helper = URL(fileURLWithPath: CommandLineTests.binary).deletingLastPathComponent()
                .appendingPathComponent("guzzi-site-fetch").path
            let helperBytes = try #require(FileManager.default.contents(atPath: helper))
            #expect(
                helperBytes.range(of: Data("libcurl.so".utf8)) != nil
                    || helperBytes.range(of: Data("libFoundationNetworking.so".utf8)) != nil)
        }
    #endif

    #if os(Linux)
        /// The helper that makes the request gives up when `update` is stopped, rather than wait for its timeout.
        /// Linux only: it finds the helper's process in `/proc`.
        @Test(.timeLimit(.minutes(1)))
        func theFetchHelperStopsWithUpdate() throws {
            let server = try FakeOEmbedServer { _, _ in .silence }
            defer { server.stop() }
            let url = "http://127.0.0.1:\(server.port)/info_moto.json"
            let local = CommandLineTests.temporaryFolder() + "/info_moto.json"
            let update = try ChildProcess(CommandLineTests.binary, ["update", "--from", url, "--data", local])
            defer { _ = update.stop(signal: SIGKILL, seconds: 2) }
            /// The helper's process id, found by its command line, which names the server's port.
            func helper() -> Int32? {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
                return entries.compactMap(Int32.init).first { pid in
                    let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map {
                        String(decoding: $0, as: UTF8.self)
                    }
                    return line?.contains("guzzi-site-fetch") == true && line?.contains(url) == true
                }
            }
            /// Running: in /proc and not a zombie.
            func running(_ pid: Int32) -> Bool {
                guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return false }
                let text = String(decoding: stat, as: UTF8.self)
                guard let close = text.lastIndex(of: ")") else { return false }
                return text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
            }
            var pid: Int32?
            for _ in 0..<100 where pid == nil {
                pid = helper()
                if pid == nil { usleep(50_000) }
            }
            let found = try #require(pid, "no guzzi-site-fetch for \(url)")
            _ = update.stop(signal: SIGTERM, seconds: 5)
            var stopped = false
            for _ in 0..<40 where !stopped {
                stopped = !running(found)
                if !stopped { usleep(50_000) }
            }
            #expect(stopped, "the helper still runs 2 s after update stopped (its timeout is 10 s)")
        }
    #endif

    @Test func localFilesAndMissingDataAndUsage() throws {
        let folder = CommandLineTests.temporaryFolder()
        let source = folder + "/source.json"
        try Self.dataset(version: 3).write(toFile: source, atomically: false, encoding: .utf8)
        let created = try CommandLineTests.run(["update", "--from", "file://" + source, "--data", folder + "/new.json"])
        #expect(created.status == 0)
        #expect(created.stdout.contains("version 0 → 3"))
        let noFolder = try CommandLineTests.run(["update", "--from", source, "--data", folder + "/none/x.json"])
        #expect(noFolder.status == 1)
        #expect(try CommandLineTests.run(["update", "--from"]).status == 2)
        #expect(try CommandLineTests.run(["update", "--to", "x"]).status == 2)
        let noData = try CommandLineTests.run(["update", "--from", source])
        #expect(noData.status == 2)
        #expect(noData.stderr.contains("missing '--data FILE'"))
    }
}
