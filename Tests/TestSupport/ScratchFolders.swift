import Foundation
import OperatingSystem

/// Folders the tests write into. Each test process puts them under one folder of its own in the system's
/// temporary folder and removes that folder when it exits: made one by one and never removed, a run of the
/// suite left some 600 folders behind, and a working day of runs left thousands.
public enum ScratchFolders {
    /// `guzzi-tests-<pid>` in the temporary folder, removed by an exit handler registered on first use.
    static let root: String = {
        let path = NSTemporaryDirectory() + "guzzi-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolders.root) }
        return path
    }()

    /// A new, empty folder named `<prefix>-<UUID>`, for one test.
    public static func make(_ prefix: String) -> String {
        let path = root + "/" + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
