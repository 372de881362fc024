import Catalogue
import Foundation
import TestSupport

@testable import Site

/// Small values and paths shared by the Site tests.
enum SiteFixtures {
    static func bike(
        id: Int, name: String, firstYear: Int, lastYear: Int? = nil, family: String? = nil, power: Power? = nil,
        images: [String] = [], bore: Double? = 88
    ) -> Motorcycle {
        let text = LocalizedText(["it": "testo", "en": "text"])
        return Motorcycle(
            id: id, general: GeneralInfo(family: family, name: name, firstYear: firstYear, lastYear: lastYear),
            engine: Engine(
                configuration: text, strokeCycle: 4, bore: bore, stroke: 82, displacementReal: 498.4,
                displacementNominal: 500, compression: 9.8, power: power, feed: text, ignition: text),
            transmission: Transmission(gearbox: text, clutch: text, finalDrive: text),
            frame: Frame(
                type: text, frontSuspension: text, rearSuspension: text, wheelbase: 1380, wheels: "19", tyres: nil),
            brakes: Brakes(type: text, frontSize: nil, rearSize: nil, notes: .empty),
            capacities: Capacities(
                fuelCapacity: 10, lubricantCapacity: nil, weight: 130, maxSpeed: 85, fuelConsumption: nil),
            notes: text, images: images)
    }

    static let repositoryRoot = RepositoryPaths.root

    /// A build of the sample (or `data`) with the repository's templates (or `templates`) into `output`.
    static func buildOptions(data: String? = nil, output: String, templates: String? = nil, base: String? = nil)
        -> BuildOptions
    {
        BuildOptions(
            dataPath: data ?? repositoryRoot + "/Resources/sample/info_moto.json", outputPath: output,
            templatesPath: templates ?? repositoryRoot + "/Templates", resourcesPath: repositoryRoot + "/Resources",
            baseURL: base)
    }

    static var realDatasetPath: String? { RepositoryPaths.realDataset }

    static func temporaryFolder(_ name: String = #function) -> String {
        ScratchFolders.make("guzzi-test")
    }

    /// Where a file of `Resources/assets` is published (`style.css` → `assets/style.1a2b3c4d.css`).
    static func published(_ asset: String, resources: String = repositoryRoot + "/Resources") -> String {
        let bytes = Array(FileManager.default.contents(atPath: resources + "/assets/" + asset) ?? Data())
        return "assets/" + SiteAssets.publishedName(asset, bytes: bytes)
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
