import Testing

@testable import Server

@Suite struct ContentTypeTests {
    static let expected: [(String, String)] = [
        ("index.html", "text/html; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("data.json", "application/json; charset=utf-8"),
        ("sitemap.xml", "application/xml; charset=utf-8"),
        ("robots.txt", "text/plain; charset=utf-8"),
        ("logo.svg", "image/svg+xml"),
        ("photo.png", "image/png"),
        ("photo.jpg", "image/jpeg"),
        ("photo.JPEG", "image/jpeg"),
        ("photo.webp", "image/webp"),
        ("favicon.ico", "image/x-icon"),
        ("site.webmanifest", "application/manifest+json"),
        ("archive.bin", "application/octet-stream"),
        ("Makefile", "application/octet-stream"),
    ]

    @Test func servedTypesMatchExtensions() throws {
        var files: [String: String] = [:]
        for (name, _) in Self.expected { files["assets/" + name] = "content of \(name)" }
        let site = try TestSite(files: files)
        defer { site.stop() }
        for (name, type) in Self.expected {
            let response = try site.get("/assets/" + name)
            #expect(response.status == 200, "\(name)")
            #expect(response.header("Content-Type") == type, "\(name)")
            #expect(response.bodyText == "content of \(name)")
        }
    }

    @Test func dotfilesAndFoldersWithDotsFallBack() {
        #expect(ContentType.forPath("/a.b/.hidden") == "application/octet-stream")
        #expect(ContentType.forPath("/a.css/file") == "application/octet-stream")
    }
}
