import Files
import Foundation
import Testing

@testable import Catalogue

/// The sample shipped in `Resources/sample` must stay valid and keep the features the site's tests rely on.
@Suite struct SampleDatasetTests {
    private let path = Fixture.repositoryRoot.appendingPathComponent("Resources/sample/info_moto.json").path

    private func decode() throws -> (DecodeResult, Catalogue) {
        let result = try CatalogueDecoder.decode(contentsOf: path)
        #expect(result.errors.isEmpty, "\(result.errors)")
        return (result, try #require(result.catalogue))
    }

    @Test func decodesWithoutErrorsAndOneTranslationGap() throws {
        let (result, catalogue) = try decode()
        #expect(catalogue.version == 1)
        #expect((10...15).contains(catalogue.motorcycles.count))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message == "missing English translation; the Italian text will be shown")
    }

    @Test func hasTheFeaturesTheSiteNeeds() throws {
        let (_, catalogue) = try decode()
        let bikes = catalogue.motorcycles
        #expect(bikes.contains { $0.engine.strokeCycle == 2 })
        #expect(bikes.contains { $0.engine.power == nil })
        #expect(bikes.contains { $0.general.lastYear == nil })
        #expect(bikes.contains { $0.general.family == nil })
        #expect(bikes.filter { $0.images.contains { $0.hasPrefix("https://live.staticflickr.com/") } }.count >= 4)
        #expect(bikes.contains { $0.images.contains { !$0.contains("staticflickr.com") } })
        let names = Dictionary(grouping: bikes, by: \.general.name)
        #expect(names.values.contains { $0.count >= 2 && Set($0.map(\.general.firstYear)).count >= 2 })
        let decades = Set(bikes.map { $0.general.firstYear / 10 })
        #expect(decades.contains(192))
        #expect(decades.contains(201) || decades.contains(202))
        #expect(bikes.map(\.id) == bikes.map(\.id).sorted())
    }

    @Test func imagesAreNullEmptyOrAbsentSomewhere() throws {
        let root = try #require(try JSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: path)))).root.members)
        let elements = try #require(root.first { $0.key == "elements" }?.value.array)
        let images = elements.map { $0.member("images")?.value }
        #expect(images.contains { $0 == nil })
        #expect(images.contains { $0?.isNull == true })
    }
}
