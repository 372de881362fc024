import Foundation
import TestSupport

@testable import Catalogue

/// Builds small catalogue documents for tests: valid by default, broken one detail at a time.
enum Fixture {
    /// `Tests/Fixtures/catalogue`, found from this file so tests do not depend on the working directory.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/catalogue")
    }

    /// The repository root (the folder holding `Package.swift`).
    static var repositoryRoot: URL { URL(fileURLWithPath: RepositoryPaths.root) }

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// One valid element, one member per line so tests can predict line numbers.
    static func element(id: Int, name: String = "Falcone Sport") -> String {
        """
                {
                    "id": \(id),
                    "general_info": {"family": "Falcone", "name": "\(name)", "first_year": 1950, "last_year": 1963},
                    "engine": {
                        "configuration": "engine_configuration",
                        "stroke_cycle": 4,
                        "bore": 88,
                        "stroke": 82,
                        "displacement": {"real": 498.4, "nominal": 500},
                        "compression": 6.5,
                        "power": {"peak": 23, "rpm": 4500},
                        "feed": "engine_feed",
                        "ignition": "engine_ignition"
                    },
                    "transmission": {"type": "transmission_gearbox", "clutch": "transmission_clutch", "final_drive": "transmission_final_drive"},
                    "frame": {"type": "frame_type", "front_suspension": "frame_front_suspension", "rear_suspension": "frame_rear_suspension", "wheelbase": 1500, "wheels": "19 x 2.75", "tyres": "3.50-19"},
                    "brakes": {"type": "brakes_type", "front_size": 220, "rear_size": null, "notes": "brakes_notes"},
                    "capacities_performances": {"fuel_capacity": 17.5, "lubricant_capacity": 3, "weight": 170, "max_speed": 135, "fuel_consumption": null},
                    "notes": "notes",
                    "images": ["https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg"]
                }
        """
    }

    static let textKeys = [
        "engine_configuration", "engine_feed", "engine_ignition", "transmission_gearbox", "transmission_clutch",
        "transmission_final_drive", "frame_type", "frame_front_suspension", "frame_rear_suspension", "brakes_type",
        "brakes_notes", "notes",
    ]

    /// A complete `texts` entry for one element: every key translated, except `brakes_notes`, which has no value.
    static func textsEntry(id: Int) -> String {
        let lines = textKeys.map { key in
            key == "brakes_notes"
                ? "            \"\(key)\": {\"it\": null, \"en\": null}"
                : "            \"\(key)\": {\"it\": \"\(key) \(id) it\", \"en\": \"\(key) \(id) en\"}"
        }
        return "        \"\(id)\": {\n" + lines.joined(separator: ",\n") + "\n        }"
    }

    /// A document with elements `ids` (in that order) and a texts entry for each.
    static func document(ids: [Int] = [1], version: String = "1") -> String {
        """
        {
            "version": \(version),
            "elements": [
        \(ids.map { element(id: $0) }.joined(separator: ",\n"))
            ],
            "texts": {
        \(Array(Set(ids)).sorted().map { textsEntry(id: $0) }.joined(separator: ",\n"))
            }
        }
        """
    }

    /// `text` with the `occurrence`-th (0-based) match of `target` replaced, failing loudly if it is not there.
    static func replacing(
        _ target: String, with replacement: String, in text: String, occurrence: Int = 0
    ) -> String {
        var searchStart = text.startIndex
        for _ in 0..<occurrence {
            guard let range = text.range(of: target, range: searchStart..<text.endIndex) else {
                fatalError("fixture does not contain \(target) \(occurrence + 1) times")
            }
            searchStart = range.upperBound
        }
        guard let range = text.range(of: target, range: searchStart..<text.endIndex) else {
            fatalError("fixture does not contain \(target)")
        }
        return text.replacingCharacters(in: range, with: replacement)
    }

    static func decode(_ text: String) -> DecodeResult {
        CatalogueDecoder.decode(Array(text.utf8))
    }

    /// 1-based line and character column of the `occurrence`-th match of `needle`, to check reported positions.
    static func position(of needle: String, in text: String, occurrence: Int = 0) -> (line: Int, column: Int) {
        var searchStart = text.startIndex
        var found = text.startIndex
        for _ in 0...occurrence {
            guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else {
                fatalError("no \(needle) in fixture")
            }
            found = range.lowerBound
            searchStart = range.upperBound
        }
        let before = text[..<found]
        let line = before.count { $0 == "\n" } + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<found].count + 1)
    }
}
