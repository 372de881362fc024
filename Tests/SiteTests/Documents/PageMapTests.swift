import Catalogue
import Foundation
import PhotoSidecar
import Testing

@testable import Site

/// The page map in `Sources/README.md` is the kinds of page as the plan makes them: a kind added, renamed or given
/// another template, or a row left behind, fails here.
@Suite struct PageMapTests {
    /// Each kind of page of the sample's site (with a history, so What's new is planned), in plan order, with its
    /// template: `("CataloguePage.Kind", "pages/catalogue.html")`.
    static func plannedKinds() throws -> [(kind: String, template: String)] {
        let sample = try Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        let inputs = try SiteBuilder.loadInputs(SiteFixtures.buildOptions(output: "/nonexistent"))
        let plan = SitePlan(
            catalogue: sample.catalogue, editions: inputs.editions, photos: PhotoSidecar(),
            history: WhatsNewTests.sampleHistory(lastDigest: "0"))
        var kinds: [(kind: String, template: String)] = []
        for page in plan.pages {
            let name = String(reflecting: type(of: page.kind)).split(separator: ".").dropFirst().joined(separator: ".")
            if !kinds.contains(where: { $0.kind == name }) { kinds.append((name, page.template)) }
        }
        return kinds
    }

    /// The rows of the README's page table: its second column, `` `Kind` (`pages/x.html`) ``.
    static func documentedKinds() throws -> [(kind: String, template: String)] {
        let text = try ReadmeTests.read("Sources/README.md")
        let section = try #require(text.components(separatedBy: "## The pages").dropFirst().first)
        let pattern = try NSRegularExpression(
            pattern: #"^\| [^|]+ \| `([A-Za-z.]+)` \(`([a-z/.-]+)`\) \|"#,
            options: .anchorsMatchLines)
        let body = section.components(separatedBy: "\n## ")[0]
        let range = NSRange(body.startIndex..., in: body)
        return pattern.matches(in: body, range: range).map { match in
            (String(body[Range(match.range(at: 1), in: body)!]), String(body[Range(match.range(at: 2), in: body)!]))
        }
    }

    @Test func everyKindIsARowOfThePageMapInPlanOrder() throws {
        let planned = try Self.plannedKinds()
        let documented = try Self.documentedKinds()
        #expect(planned.count >= 13, "\(planned.map(\.kind))")
        #expect(documented.map(\.kind) == planned.map(\.kind))
        #expect(documented.map(\.template) == planned.map(\.template))
        for (_, template) in planned {
            #expect(FileManager.default.fileExists(atPath: SiteFixtures.repositoryRoot + "/Templates/" + template))
        }
    }
}
