import Foundation
import Testing

@testable import Catalogue

/// The upstream dataset lives outside the repository (its licence is not ours), so this suite is skipped where it
/// is absent.
@Suite struct RealDatasetTests {
    static let path = Fixture.repositoryRoot.appendingPathComponent("../shared/data/info_moto.json").standardized.path
    static let isPresent = FileManager.default.fileExists(atPath: path)

    /// Expectations come from the file itself, read with Foundation's parser, so the test holds for any published
    /// version of the dataset (`guzzi-site update` may bring a newer one at any time).
    @Test(.enabled(if: isPresent, "the shared dataset is not available"))
    func decodesTheWholeDatasetAsFoundationReadsIt() throws {
        let result = try CatalogueDecoder.decode(contentsOf: Self.path)
        #expect(result.errors.isEmpty, "\(result.errors.prefix(5))")
        let catalogue = try #require(result.catalogue)
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let elements = try #require(root["elements"] as? [[String: Any]])
        #expect(catalogue.version == root["version"] as? Int)
        #expect(catalogue.motorcycles.count == elements.count)
        #expect(Set(catalogue.motorcycles.map(\.id)).count == elements.count)
        func figure(_ element: [String: Any], _ path: String) -> Double? {
            var value: Any? = element
            for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
            guard let number = value as? NSNumber, number.doubleValue != 0 else { return nil }
            return number.doubleValue
        }
        for (bike, element) in zip(catalogue.motorcycles, elements) {
            #expect(bike.id == element["id"] as? Int)
            let general = try #require(element["general_info"] as? [String: Any])
            #expect(bike.general.name == general["name"] as? String)
            #expect(bike.general.firstYear == general["first_year"] as? Int)
            #expect(bike.general.lastYear == general["last_year"] as? Int)
            #expect(bike.engine.bore == figure(element, "engine.bore"))
            #expect(bike.engine.stroke == figure(element, "engine.stroke"))
            #expect(bike.engine.displacementReal == figure(element, "engine.displacement.real"))
            #expect(bike.engine.displacementNominal == figure(element, "engine.displacement.nominal"))
            #expect(bike.engine.power?.peak == figure(element, "engine.power.peak"))
            #expect(bike.engine.power?.rpm == figure(element, "engine.power.rpm"))
            #expect(bike.frame.wheelbase == figure(element, "frame.wheelbase"))
            #expect(bike.capacities.weight == figure(element, "capacities_performances.weight"))
            #expect(bike.images == (element["images"] as? [String] ?? []))
        }
        #expect(Set(catalogue.motorcycles.map(\.engine.strokeCycle)).isSubset(of: [2, 4]))
        // Bikes without power or still in production, counted from the file, not written down.
        let withoutPower = elements.filter { figure($0, "engine.power.peak") == nil }.count
        #expect(catalogue.motorcycles.filter { $0.engine.power == nil }.count == withoutPower)
        let inProduction = elements.filter { ($0["general_info"] as? [String: Any])?["last_year"] is NSNull }.count
        #expect(catalogue.motorcycles.filter { $0.general.lastYear == nil }.count == inProduction)
    }
}
