import Catalogue
import Foundation
import Testing

@testable import Site

/// A dataset with the slips published versions have had (a wheelbase of 0, an element without texts) builds: the
/// figure reads "not stated", never "0 mm", the texts fall back to "not stated", and the build reports warnings.
@Suite struct PublishedSlipsBuildTests {
    static func slippedSample() throws -> (folder: String, data: String) {
        let root = SiteFixtures.repositoryRoot
        var object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: root + "/Resources/sample/info_moto.json")))
                as? [String: Any])
        var elements = try #require(object["elements"] as? [[String: Any]])
        var frame = try #require(elements[7]["frame"] as? [String: Any])  // V7, 1967
        frame["wheelbase"] = 0
        elements[7]["frame"] = frame
        object["elements"] = elements
        var texts = try #require(object["texts"] as? [String: Any])
        texts["5"] = nil  // Falcone, 1950
        object["texts"] = texts
        let folder = SiteFixtures.temporaryFolder()
        let data = folder + "/slipped.json"
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            .write(to: URL(fileURLWithPath: data))
        return (folder, data)
    }

    @Test func aSlippedDatasetBuildsWithWarnings() throws {
        let (folder, data) = try Self.slippedSample()
        let report = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: folder + "/site"))
        // The sample's own translation gap (texts["4"]) is warned as before.
        #expect(
            Set(report.warnings.map(\.path)) == [
                "elements[7].frame.wheelbase", "elements[4].id", #"texts["4"].notes.en"#,
            ],
            "\(report.warnings)")
        let v7 = SiteFixtures.read(folder + "/site/en/moto/v7-1967/index.html")
        #expect(RealCatalogueTests.cell(v7, "wheelbase") == "not stated")
        #expect(!v7.contains(">0 mm<"))
        let italian = SiteFixtures.read(folder + "/site/it/moto/v7-1967/index.html")
        #expect(RealCatalogueTests.cell(italian, "wheelbase") == "non indicato")
        let falcone = SiteFixtures.read(folder + "/site/en/moto/falcone-1950/index.html")
        #expect(RealCatalogueTests.cell(falcone, "feed") == "not stated")
        #expect(RealCatalogueTests.cell(falcone, "bore") == "88 mm")
        // A bike whose wheelbase is unknown is in the facet's "not stated" value, not in a class.
        #expect(FacetTests.ids(folder + "/site/en/wheelbase/not-stated/index.html") == [8])
    }
}
