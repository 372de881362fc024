import Foundation
import Testing

/// The documents say what the code and the test scaffolding do: the nginx block a publisher copies from the README
/// is the one the suite serves the site with (`Tests/Publishing/nginx.conf`), and the documents' links lead to
/// files that exist.
@Suite struct ReadmeTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: SiteFixtures.repositoryRoot + "/" + path, encoding: .utf8)
    }

    /// The directives of an nginx `server { … }` block, without comments and layout; `listen`, `server_name` and
    /// `root` keep their names but not their values, which differ between a server and the test.
    static func directives(ofServerBlockIn text: String) -> [String] {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.prefix { $0 != "#" } }.joined(separator: "\n")
        guard let start = code.range(of: "server {") else { return [] }
        var depth = 0
        var directives: [String] = []
        var current = ""
        for character in code[start.lowerBound...] {
            switch character {
            case "{", "}", ";":
                let words = current.split(whereSeparator: \.isWhitespace)
                if let name = words.first {
                    let kept = ["listen", "server_name", "root"].contains(name) ? [name] : words
                    directives.append(kept.joined(separator: " ") + String(character))
                } else {
                    directives.append(String(character))
                }
                current = ""
                depth += character == "{" ? 1 : character == "}" ? -1 : 0
                if depth == 0 { return directives }
            default:
                current.append(character)
            }
        }
        return directives
    }

    @Test func theReadmesNginxBlockIsTheOneTheTestsServe() throws {
        let readme = try Self.read("README.md")
        let fence = try #require(readme.range(of: "```nginx\n"), "the README has no nginx block")
        let end = try #require(readme.range(of: "```", range: fence.upperBound..<readme.endIndex))
        let shown = Self.directives(ofServerBlockIn: String(readme[fence.upperBound..<end.lowerBound]))
        let served = Self.directives(ofServerBlockIn: try Self.read("Tests/Publishing/nginx.conf"))
        #expect(shown.count > 20, "the README's server block was not found")
        #expect(
            shown == served,
            "the README's nginx block and Tests/Publishing/nginx.conf differ: \(shown.difference(from: served))")
    }

    @Test func aChangedDirectiveIsADifference() {
        let one = Self.directives(ofServerBlockIn: "server { listen 80; gzip on; # comment\n location / { x; } }")
        let two = Self.directives(ofServerBlockIn: "server {\n  listen 8080;\n  gzip   on;\n  location / { x; }\n}")
        let three = Self.directives(ofServerBlockIn: "server { listen 80; gzip off; location / { x; } }")
        #expect(one == two)
        #expect(one != three)
    }

    /// Every Markdown document of the repository, without descending into hidden folders (`.build`) or `output`.
    static func documents() -> [String] {
        let root = URL(fileURLWithPath: SiteFixtures.repositoryRoot)
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walk {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if path == "output" {
                walk.skipDescendants()
            } else if path.hasSuffix(".md") {
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test func theDocumentsLinksLeadToFilesThatExist() throws {
        let documents = Self.documents()
        #expect(documents.contains("README.md") && documents.contains("Templates/README.md"))
        let link = /\]\(([^)#\s]+)(#[^)]*)?\)/
        for document in documents {
            let folder = (document as NSString).deletingLastPathComponent
            for match in try Self.read(document).matches(of: link) {
                let target = String(match.output.1)
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let path = (SiteFixtures.repositoryRoot + "/" + folder + "/" + target as NSString).standardizingPath
                #expect(
                    FileManager.default.fileExists(atPath: path), "\(document) links \(target), which does not exist")
            }
        }
    }
}
