import Foundation
import TestSupport

/// Datasets with chosen photos, made from the bundled sample, and temporary folders.
enum PhotosFixtures {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func folder() -> String {
        ScratchFolders.make("guzzi-photos")
    }

    /// An original's URL on a legacy host, as the real dataset has them.
    static func original(_ id: UInt64) -> String {
        "https://c2.staticflickr.com/2/1959/\(id)_32a81ac5d9_o.jpg"
    }

    /// The bundled sample with `images[i]` on its i-th motorcycle and no images on the others, written as
    /// `info_moto.json` in `folder`; returns its path.
    static func dataset(_ images: [[String]], in folder: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Resources/sample/info_moto.json"))
        guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var elements = root["elements"] as? [[String: Any]], elements.count >= images.count
        else { throw FixtureError.sample }
        for index in elements.indices {
            elements[index]["images"] = index < images.count ? images[index] : NSNull()
        }
        root["elements"] = elements
        let path = folder + "/info_moto.json"
        try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    enum FixtureError: Error {
        case sample
    }
}
