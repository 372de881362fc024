import Catalogue
import Files
import OperatingSystem

extension PhotoSidecar {
    /// The file's bytes, the same for the same records: one photo per line in ascending id order, keys in a
    /// fixed order, whole numbers only. A re-run that learns nothing new writes an identical file, and a diff
    /// of two versions shows one line per photo that changed.
    public func encoded() -> [UInt8] {
        var out = "{\n  \"format\": \(PhotoSidecar.format),\n  \"photos\": {"
        let ids = records.keys.sorted()
        for (index, id) in ids.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    \"\(id)\": " + Self.entry(records[id]!)
        }
        out += ids.isEmpty ? "}\n}\n" : "\n  }\n}\n"
        return Array(out.utf8)
    }

    private static func entry(_ record: PhotoRecord) -> String {
        var fields: [(String, String)]
        switch record {
        case .gone(let reason, let checked):
            fields = [("status", quoted("gone")), ("reason", quoted(reason)), ("checked", quoted(checked))]
        case .found(let photo):
            fields = [
                ("status", quoted("ok")), ("server", quoted(photo.server)), ("secret", quoted(photo.secret)),
                ("size", String(photo.size.edge)), ("width", String(photo.width)), ("height", String(photo.height)),
                ("author", quoted(photo.author)), ("author_url", quoted(photo.authorURL)),
                ("page", quoted(photo.pageURL)),
            ]
            if let license = photo.license { fields.append(("license", quoted(license))) }
            if let url = photo.licenseURL { fields.append(("license_url", quoted(url))) }
            if let id = photo.licenseID { fields.append(("license_id", String(id))) }
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// JSON string with the escapes JSON requires, and U+2028/U+2029 escaped too so the text stays valid
    /// wherever a script might embed it.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Writes the sidecar atomically: a temporary file in the same folder, flushed to disk, then renamed over
    /// `path`. At every moment `path` holds a complete sidecar, the old one or the new one, so a run killed
    /// half-way loses at most what it learnt since its last write.
    public func write(to path: String) throws(SidecarError) {
        if let reason = FileWriter.replace(path, with: encoded()) { throw .unwritable(path: path, reason: reason) }
    }
}
