import Files
import OperatingSystem

/// Reads `info_moto.json` into a `Catalogue`, reporting every problem in the file in one pass.
///
/// The dataset is edited by hand and comes from elsewhere, so the decoder is a validator first: one run should list
/// everything that needs fixing, each with a JSON path and a line and column, instead of stopping at the first.
public enum CatalogueDecoder {
    public static func decode(_ bytes: [UInt8]) -> DecodeResult {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            let problem = Problem(
                severity: .error, path: "", line: error.line, column: error.column, message: error.message)
            return DecodeResult(catalogue: nil, problems: [problem])
        }
        var reader = CatalogueReader(document: document)
        let catalogue = reader.read()
        return DecodeResult(catalogue: catalogue, problems: reader.problems)
    }

    /// Decodes the file at `path`; only a file that cannot be read throws, problems in it are in the result.
    public static func decode(contentsOf path: String) throws(CatalogueError) -> DecodeResult {
        decode(try readFile(path))
    }

    /// Plain POSIX reads, so that the reason for a failure is the system's own ("No such file or directory").
    static func readFile(_ path: String) throws(CatalogueError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .unreadable(path: path, reason: Self.reason(EISDIR)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: Self.reason(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if chunk.count < 65_536 { chunk = [UInt8](repeating: 0, count: 65_536) }
        }
        return bytes
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
