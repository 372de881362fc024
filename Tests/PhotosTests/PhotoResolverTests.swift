import Foundation
import PhotoSidecar
import Synchronization
import TestSupport
import Testing

@testable import Photos

/// `guzzi-site photos` against a local fake of Flickr's oEmbed endpoint: it asks once per photo, keeps what it
/// has, and no failure of the network costs anything already resolved.
@Suite struct PhotoResolverTests {
    static func options(_ server: FakeOEmbedServer) -> ResolveOptions {
        ResolveOptions(
            endpoint: server.endpoint, timeoutSeconds: 1, attempts: 2, backoffSeconds: 0, maximumWaitSeconds: 2,
            maximumConsecutiveFailures: 3, saveEvery: 20, today: "2026-11-24")
    }

    static func sidecar(beside data: String) throws -> PhotoSidecar {
        try #require(try PhotoSidecar.read(contentsOf: PhotoSidecar.path(forDataset: data)))
    }

    static func urls(_ ids: [UInt64]) -> [String] { ids.map(PhotosFixtures.original) }

    @Test func resolvesEveryPhotoOnceAndKeepsWhatItHas() throws {
        let server = try FakeOEmbedServer { id, _ in id == 103 ? .photo(width: 683, height: 1024) : .photo() }
        defer { server.stop() }
        let data = try PhotosFixtures.dataset(
            [Self.urls([101, 102]) + ["https://upload.wikimedia.org/x.jpg"], Self.urls([103, 101])],
            in: PhotosFixtures.folder())
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(report.exitCode == 0, "\(report)")
        #expect((report.flickrPhotos, report.found, report.gone, report.known, report.otherImages) == (3, 3, 0, 0, 1))
        #expect([101, 102, 103].map { server.requests(for: $0) } == [1, 1, 1])
        let target = try #require(server.targets.first)
        #expect(target.hasPrefix("/services/oembed/?url=https://flic.kr/p/") && target.contains("maxwidth=1024"))
        let sidecar = try Self.sidecar(beside: data)
        #expect(
            sidecar.records[101]
                == .found(
                    FoundPhoto(
                        server: "65535", secret: FakeOEmbedServer.secret(for: 101), size: .large1024, width: 1024,
                        height: 683, author: "Ann <b>\"Tester\"</b> & Co",
                        authorURL: "https://www.flickr.com/photos/tester/",
                        pageURL: "https://www.flickr.com/photos/tester/101/",
                        license: "Attribution-NonCommercial License",
                        licenseURL: "https://creativecommons.org/licenses/by-nc/2.0/", licenseID: 2)))
        #expect(sidecar.records[103]?.found?.height == 1024)
        #expect(report.description.contains("3 of 3 Flickr photos resolved"))

        let bytes = FileManager.default.contents(atPath: PhotoSidecar.path(forDataset: data))
        let again = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(again.exitCode == 0 && again.known == 3 && again.found == 0)
        #expect(server.targets.count == 3, "a second run asked again")
        #expect(FileManager.default.contents(atPath: PhotoSidecar.path(forDataset: data)) == bytes)
    }

    @Test func failuresCostNothingResolvedAndAreAskedAgainNextTime() throws {
        let broken = try FakeOEmbedServer { id, _ in
            switch id {
            case 202: return .status(503, body: "Service Unavailable")
            case 203: return .status(200, body: "<html>oops</html>")
            case 204: return .status(404, body: "Not Found")
            default: return .photo()
            }
        }
        defer { broken.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([201, 202, 203, 204, 205])], in: PhotosFixtures.folder())
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(broken))
        #expect(report.exitCode == 4)
        #expect((report.found, report.gone) == (2, 1))
        #expect(report.failures.map(\.id) == [202, 203])
        #expect(report.failures[0].reason.contains("HTTP 503"))
        #expect(report.failures[1].reason.contains("not JSON"))
        #expect(broken.requests(for: 202) == 2, "a 5xx is tried again")
        #expect(broken.requests(for: 203) == 1, "a malformed answer is not")
        var sidecar = try Self.sidecar(beside: data)
        #expect(sidecar.records[204] == .gone(reason: "not found", checked: "2026-11-24"))
        #expect(Set(sidecar.records.keys) == [201, 204, 205])

        let fixed = try FakeOEmbedServer()
        defer { fixed.stop() }
        let again = try PhotoResolver.resolve(dataPath: data, options: Self.options(fixed))
        #expect(again.exitCode == 0 && again.found == 2 && again.known == 3)
        #expect(fixed.targets.count == 2 && fixed.requests(for: 204) == 0, "gone photos are not asked again")
        sidecar = try Self.sidecar(beside: data)
        #expect(Set(sidecar.records.keys) == [201, 202, 203, 204, 205])
    }

    @Test func aShortRetryAfterIsWaitedFor() throws {
        let server = try FakeOEmbedServer { _, previous in
            previous == 0 ? .status(429, headers: ["Retry-After": "1"], body: "Too Many Requests") : .photo()
        }
        defer { server.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([301])], in: PhotosFixtures.folder())
        let start = Date()
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(report.exitCode == 0 && report.found == 1)
        #expect(Date().timeIntervalSince(start) >= 0.9, "Retry-After was not honoured")
        #expect(server.requests(for: 301) == 2)
    }

    @Test func aLongRetryAfterStopsTheRunAndKeepsWhatItHas() throws {
        let server = try FakeOEmbedServer { id, _ in
            id == 402 ? .status(429, headers: ["Retry-After": "3600"]) : .photo()
        }
        defer { server.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([401, 402, 403])], in: PhotosFixtures.folder())
        let start = Date()
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(report.exitCode == 4 && report.found == 1 && report.unasked == 1)
        #expect(report.stopReason?.contains("3600 s") == true, "\(report)")
        #expect(server.requests(for: 402) == 1 && server.requests(for: 403) == 0)
        #expect(Set(try Self.sidecar(beside: data).records.keys) == [401])
        #expect(report.description.contains("run 'guzzi-site photos' again"))
    }

    @Test func timeoutsAndADeadEndpointStopTheRunEarly() throws {
        let server = try FakeOEmbedServer { _, _ in .silence }
        defer { server.stop() }
        let folder = PhotosFixtures.folder()
        let data = try PhotosFixtures.dataset([Self.urls([500, 501, 502, 503])], in: folder)
        let known = PhotoSidecar(records: [500: .gone(reason: "not found", checked: "2020-01-01")])
        try known.write(to: PhotoSidecar.path(forDataset: data))
        var options = Self.options(server)
        options.attempts = 1
        options.maximumConsecutiveFailures = 2
        let start = Date()
        let report = try PhotoResolver.resolve(dataPath: data, options: options)
        #expect(Date().timeIntervalSince(start) < 6)
        #expect(report.failures.map(\.id) == [501, 502])
        #expect(report.failures.allSatisfy { $0.reason == "timed out after 1 s" }, "\(report.failures)")
        #expect(report.unasked == 1 && report.stopReason?.contains("2 photos in a row failed") == true)
        #expect(try Self.sidecar(beside: data) == known)

        server.stop()
        let refused = try PhotoResolver.resolve(dataPath: data, options: options)
        #expect(refused.exitCode == 4 && refused.failures.count == 2)
        #expect(try Self.sidecar(beside: data) == known)
    }

    @Test func a404FromAnEndpointThatAnsweredNoPhotoIsNotBelieved() throws {
        let wrong = try FakeOEmbedServer { _, _ in .status(404, body: "Not Found") }
        defer { wrong.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([600, 601])], in: PhotosFixtures.folder())
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(wrong))
        #expect(report.exitCode == 4 && report.gone == 0)
        #expect(report.failures.map(\.id) == [600, 601])
        #expect(report.failures[0].reason.contains("--oembed"))
        #expect(try Self.sidecar(beside: data).records.isEmpty)

        // With a photo the endpoint can answer, its 404s are believed.
        let known = PhotoSidecar(records: [600: .found(SizesFixture.photo)])
        try known.write(to: PhotoSidecar.path(forDataset: data))
        let right = try FakeOEmbedServer { id, _ in id == 601 ? .status(404) : .photo() }
        defer { right.stop() }
        let settled = try PhotoResolver.resolve(dataPath: data, options: Self.options(right))
        #expect(settled.exitCode == 0 && settled.gone == 1)
        #expect(right.requests(for: 600) == 1, "the known photo proves the endpoint")
        #expect(try Self.sidecar(beside: data).records[601] == .gone(reason: "not found", checked: "2026-11-24"))
    }

    @Test func goneIsAskedAgainOnlyOnRequest() throws {
        let server = try FakeOEmbedServer()
        defer { server.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([701])], in: PhotosFixtures.folder())
        try PhotoSidecar(records: [701: .gone(reason: "private", checked: "2020-01-01")]).write(
            to: PhotoSidecar.path(forDataset: data))
        let skipped = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(skipped.exitCode == 0 && skipped.known == 1 && server.targets.isEmpty)
        var options = Self.options(server)
        options.retryGone = true
        let retried = try PhotoResolver.resolve(dataPath: data, options: options)
        #expect(retried.found == 1 && server.requests(for: 701) == 1)
        #expect(try Self.sidecar(beside: data).records[701]?.found != nil)
    }

    @Test func progressIsWrittenDuringTheRunAndWhenInterrupted() throws {
        let folder = PhotosFixtures.folder()
        let data = try PhotosFixtures.dataset([Self.urls([801, 802, 803, 804, 805])], in: folder)
        let sidecarPath = PhotoSidecar.path(forDataset: data)
        let seen = Mutex<[Int: Int]>([:])
        let server = try FakeOEmbedServer()
        defer { server.stop() }
        server.onRequest { number in
            let count = (try? PhotoSidecar.read(contentsOf: sidecarPath))??.records.count ?? 0
            seen.withLock { $0[number] = count }
        }
        var options = Self.options(server)
        options.saveEvery = 2
        let done = Atomic(0)
        let report = try PhotoResolver.resolve(
            dataPath: data, options: options, progress: { _ in done.add(1, ordering: .relaxed) },
            shouldStop: { done.load(ordering: .relaxed) >= 4 })
        #expect(seen.withLock { $0 } == [1: 0, 2: 0, 3: 2, 4: 2], "the sidecar on disk while the run went on")
        #expect(report.stopReason == "interrupted" && report.unasked == 1 && report.exitCode == 4)
        #expect(Set(try Self.sidecar(beside: data).records.keys) == [801, 802, 803, 804])
    }

    @Test func aMalformedSidecarIsNeverOverwritten() throws {
        let server = try FakeOEmbedServer()
        defer { server.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([901])], in: PhotosFixtures.folder())
        let path = PhotoSidecar.path(forDataset: data)
        let text = "{\"format\": 1,\n \"photos\": {\"901\": {\"status\": \"ok\"}}}\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            _ = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        } throws: { error in
            guard case .sidecar(.invalid(_, let line, _, _)) = error as? PhotosError else { return false }
            return line == 2 && (error as! PhotosError).description.hasPrefix(path + ":2:")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(server.targets.isEmpty)
    }

    @Test func hostileAnswersAreNotStored() throws {
        let server = try FakeOEmbedServer { id, _ in
            .status(
                200,
                body: FakeOEmbedServer.flickrAnswer(id: id ?? 0).replacingOccurrences(
                    of: "\"author_url\":\"https:\\/\\/www.flickr.com\\/photos\\/tester\\/\"",
                    with: "\"author_url\":\"javascript:alert(document.cookie)\""))
        }
        defer { server.stop() }
        let data = try PhotosFixtures.dataset([Self.urls([1001])], in: PhotosFixtures.folder())
        let report = try PhotoResolver.resolve(dataPath: data, options: Self.options(server))
        #expect(report.failures.map(\.id) == [1001] && report.failures[0].reason.contains("author_url"))
        #expect(try Self.sidecar(beside: data).records.isEmpty)
    }

    @Test func anInvalidDatasetOrEndpointIsRefusedBeforeAnyRequest() throws {
        let folder = PhotosFixtures.folder()
        #expect(throws: PhotosError.self) {
            try PhotoResolver.resolve(
                dataPath: folder + "/missing.json", options: ResolveOptions(endpoint: "http://127.0.0.1:9/"))
        }
        let data = try PhotosFixtures.dataset([], in: folder)
        #expect(throws: PhotosError.self) {
            try PhotoResolver.resolve(dataPath: data, options: ResolveOptions(endpoint: "file:///etc/passwd"))
        }
        #expect(!FileManager.default.fileExists(atPath: PhotoSidecar.path(forDataset: data)))
    }
}

enum SizesFixture {
    static let photo = FoundPhoto(
        server: "65535", secret: "abcdef0123", size: .large1024, width: 1024, height: 683, author: "Known",
        authorURL: "https://www.flickr.com/photos/known/", pageURL: "https://www.flickr.com/photos/known/600/")
}
