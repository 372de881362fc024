// The floor of any generator on this disk: the time to write a finished site that is already in memory.
//
// `cp -r` is the floor the issue names, but it also reads every source file, stats it and copies one file at
// a time. A generator only writes, and can write on every core. So this program reads a built output tree into
// memory (not timed), then writes it RUNS times into new folders, each file with `open`/`write`/`close` and
// each missing folder made by the thread that needs it — what `guzzi-site build` does once its pages are
// rendered, minus the rendering. Nothing is deleted: the caller moves the folders aside.
//
// Built by `bench.sh` with `swiftc -O`; not part of the package.
//
//   write-floor SOURCE DEST RUNS [THREADS]     writes DEST-1 … DEST-RUNS; prints hyperfine-style JSON
//                                             (the first run is a warm-up, left out of the times)

import Dispatch
import Foundation  // and through it the C library: Glibc on Linux, Darwin on macOS

struct Entry {
    let path: String
    let bytes: [UInt8]
}

/// Every regular file under `root`, with its path relative to it.
func load(_ root: String) -> [Entry] {
    let base = URL(fileURLWithPath: root).standardizedFileURL
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
    else { fatalError("cannot read \(root)") }
    var entries: [Entry] = []
    for case let url as URL in walker {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
            let data = FileManager.default.contents(atPath: url.path)
        else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(base.path.count + 1))
        entries.append(Entry(path: relative, bytes: [UInt8](data)))
    }
    return entries
}

/// `mkdir -p` of the folder that holds `path`.
func makeParent(of path: String) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    if mkdir(folder, 0o755) != 0 && errno == ENOENT {
        makeParent(of: folder)
        _ = mkdir(folder, 0o755)
    }
}

func write(_ entry: Entry, under destination: String) {
    let path = destination + "/" + entry.path
    var fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 && errno == ENOENT {
        makeParent(of: path)
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    guard fd >= 0 else { fatalError("cannot create \(path): errno \(errno)") }
    entry.bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            guard written > 0 else { fatalError("cannot write \(path): errno \(errno)") }
            offset += written
        }
    }
    close(fd)
}

/// Seconds to write every entry into `destination` on `threads` threads, file `i` on thread `i % threads`.
func timedWrite(_ entries: [Entry], into destination: String, threads: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = mkdir(destination, 0o755)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for index in stride(from: thread, to: entries.count, by: threads) {
            write(entries[index], under: destination)
        }
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let runs = Int(arguments[3]), runs > 0 else {
    FileHandle.standardError.write(Data("usage: write-floor SOURCE DEST RUNS [THREADS]\n".utf8))
    exit(2)
}
let threads = arguments.count > 4 ? Int(arguments[4]) ?? 2 : ProcessInfo.processInfo.activeProcessorCount
let entries = load(arguments[1])
let warmUp = timedWrite(entries, into: arguments[2] + "-0", threads: threads)
let times = (1...runs).map { timedWrite(entries, into: arguments[2] + "-\($0)", threads: threads) }
let sorted = times.sorted()
let median = runs % 2 == 1 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2
let report: [String: Any] = [
    "results": [
        [
            "command": "write-floor \(entries.count) files on \(threads) threads",
            "times": times, "median": median, "min": sorted.first!, "max": sorted.last!,
            "user": 0.0, "system": 0.0, "warmup": warmUp,
            "files": entries.count, "bytes": entries.reduce(0) { $0 + $1.bytes.count },
        ]
    ]
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
FileHandle.standardOutput.write(json)
FileHandle.standardOutput.write(Data("\n".utf8))
