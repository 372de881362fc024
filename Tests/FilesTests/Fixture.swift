import Foundation

/// The files of `Tests/Fixtures/catalogue`: broken JSON as hand editing leaves it.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/catalogue")
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
