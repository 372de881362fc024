import Foundation
import OperatingSystem
import Testing

@testable import Server

@Suite struct PathResolverTests {
    static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// A site with a symlink to a secret file kept in another temp folder, and a folder symlink pointing out.
    private func makeSite() throws -> (TestSite, String) {
        let outside = "/tmp/guzzi-server-secret-\(UUID().uuidString)"
        try TestSite.write(outside + "/secret.txt", Self.secret)
        let site = try TestSite(files: ["index.html": "home", "404.html": "missing", "ok.txt": "fine"])
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/leak.txt", withDestinationPath: outside + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/out", withDestinationPath: outside)
        return (site, outside)
    }

    @Test(arguments: [
        "/../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc/passwd",
        "/%2e%2e%5c",
        "/..\\..\\etc\\passwd",
        "/%5c..%5c..%5cetc%5cpasswd",
        "/ok.txt%00.html",
        "/%00",
        "/./../etc/passwd",
        "/%252e%252e/etc/passwd",
        "/leak.txt",
        "/out/secret.txt",
        "/out/",
        "/out",
        "/ok.txt/../leak.txt",
        "/%2E%2E/%2E%2E/tmp",
    ])
    func traversalNeverLeaks(_ path: String) throws {
        let (site, outside) = try makeSite()
        defer {
            site.stop()
            try? FileManager.default.removeItem(atPath: outside)
        }
        let client = try RawClient(port: site.port)
        client.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let text = String(decoding: client.readToEnd(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 4"), "\(path): \(text.prefix(40))")
        #expect(!text.contains(Self.secret))
        #expect(!text.contains("root:x:0:0"))
        // Whatever came back, the server still serves normal files afterwards.
        #expect(try site.get("/ok.txt").bodyText == "fine")
    }

    @Test func symlinkInsideRootIsServed() throws {
        let site = try TestSite(files: ["real/a.txt": "inside"])
        defer { site.stop() }
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/alias.txt", withDestinationPath: site.root + "/real/a.txt")
        #expect(try site.get("/alias.txt").bodyText == "inside")
    }

    @Test func percentEncodedNamesAreDecodedOnce() throws {
        let site = try TestSite(files: ["caffè latte.txt": "latte", "%41.txt": "literal percent"])
        defer { site.stop() }
        #expect(try site.get("/caff%C3%A8%20latte.txt").bodyText == "latte")
        #expect(try site.get("/%2541.txt").bodyText == "literal percent")
        #expect(try site.get("/%zz").status == 400)
    }

    @Test func resolverDecisions() throws {
        let root = "/tmp/guzzi-server-resolver-\(UUID().uuidString)"
        try TestSite.write(root + "/a/index.html", "x")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let resolver = PathResolver(root: root)
        let real = try #require(PathResolver.realPath(root))
        #expect(resolver.resolve(path: "/a/", query: nil) == .file(real + "/a/index.html"))
        #expect(resolver.resolve(path: "/a", query: "x=1") == .redirect("/a/?x=1"))
        #expect(resolver.resolve(path: "/a/%2e%2e/a/", query: nil) == .notFound)
        #expect(resolver.resolve(path: "/b", query: nil) == .notFound)
        #expect(resolver.resolve(path: "*", query: nil) == .badRequest)
        #expect(PathResolver(root: root + "/missing").resolve(path: "/", query: nil) == .notFound)
    }
}
