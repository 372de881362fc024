import Foundation
import OperatingSystem

/// Finds the folder that holds `Templates/` and `Resources/` when the user gave no paths.
///
/// Why: the defaults are relative (`Templates`, `Resources`, `output`), so running the binary from another folder
/// used to fail with "the templates folder Templates does not exist". The binary is built inside its package
/// (`.build/<config>/guzzi-site`), so the folders it was built with are found by walking up from it.
public enum ProjectFolder {
    /// The current folder when it has `Templates/`; else the nearest folder above `executable` that has both
    /// `Templates/` and `Resources/`; else `nil`.
    public static func locate(currentDirectory: String, executable: String?) -> String? {
        if isProject(currentDirectory, needsResources: false) { return currentDirectory }
        guard let executable else { return nil }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            if isProject(folder.path, needsResources: true) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    /// The running executable's real path, which `argv[0]` is not when run from `PATH`.
    public static var runningExecutable: String? {
        RunningExecutable.path
    }

    private static func isProject(_ folder: String, needsResources: Bool) -> Bool {
        isFolder(folder + "/Templates") && (!needsResources || isFolder(folder + "/Resources"))
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
