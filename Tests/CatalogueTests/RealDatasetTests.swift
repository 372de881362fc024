import Foundation
import Testing

@testable import Catalogue

/// The upstream dataset lives outside the repository (its licence is not ours), so this suite is skipped where it
/// is absent.
@Suite struct RealDatasetTests {
    static let path = Fixture.repositoryRoot.appendingPathComponent("../shared/data/info_moto.json").standardized.path
    static let isPresent = FileManager.default.fileExists(atPath: path)

    @Test(.enabled(if: isPresent, "the shared dataset is not available"))
    func decodesTheWholeDatasetWithoutErrors() throws {
        let result = try CatalogueDecoder.decode(contentsOf: Self.path)
        #expect(result.errors.isEmpty, "\(result.errors.prefix(5))")
        let catalogue = try #require(result.catalogue)
        #expect(catalogue.version == 25)
        #expect(catalogue.motorcycles.count == 148)
        let first = try #require(catalogue.motorcycles.first)
        #expect(first.id == 1)
        #expect(first.general.name == "Normale")
        #expect(first.general.firstYear == 1921)
        #expect(first.engine.bore == 88)
        #expect(first.engine.stroke == 82)
        #expect(first.engine.displacementReal == 498.4)
        #expect(first.engine.displacementNominal == 500)
        #expect(first.engine.power == Power(peak: 8.5, rpm: 3400))
        #expect(first.capacities.weight == 130)
        #expect(first.brakes.notes == .empty)
        #expect(first.images.count == 2)
        #expect(first.engine.configuration.it?.isEmpty == false)
        #expect(first.engine.configuration.en?.isEmpty == false)
        #expect(Set(catalogue.motorcycles.map(\.id)).count == 148)
        #expect(catalogue.motorcycles.filter { $0.engine.power == nil }.count == 3)
        #expect(catalogue.motorcycles.filter { $0.general.lastYear == nil }.count == 7)
        #expect(Set(catalogue.motorcycles.map(\.engine.strokeCycle)) == [2, 4])
    }
}
