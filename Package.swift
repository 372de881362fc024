// swift-tools-version:6.1
// 6.1: the oldest Swift the macOS job of .github/workflows/ci.yml builds with (Xcode 16.3 and later ship it); the code
// uses nothing newer than 6.0, but no older compiler checks that.
import PackageDescription

// No dependencies on purpose: the toolchain's Foundation, Dispatch and C library (Glibc or Darwin) are all we use.
// Warnings are errors on Linux, the toolchain this is developed and tested with; on macOS a new SDK's deprecation
// must not stop a user's build.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"], .when(platforms: [.linux]))]
// The JSON reader and the catalogue's decoder walk every byte of the dataset, and the tests give them 210 MB (the
// 100 000-bike decode issue 7 asks to run always) and hundreds of builds: unoptimized, that decode alone took 60 s
// of the test command's processor time, optimized 9 s, for 10 s more of compiling. Optimized in debug builds too.
let hot: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
// The template engine renders every page of those builds: optimized, the Swift tests alone took 149 s of processor
// time instead of 238, for 23 s more of compiling (2026-11-30; the site's own module optimized too cost 110 s more to
// compile for some 20 saved). The portable build (below) then recompiles it too, unoptimized or not (23 s against
// 9 before; unoptimized there, its flags changed and so did every module that imports it).
// The module that reads GUZZI_PORTABLE, the flag that makes a Linux build take the other systems' code paths (issue
// 34; Tests/Platform/check_seam.py keeps it out of every other module). `GUZZI_PORTABLE=1 swift build` defines it
// for OperatingSystem only, so the test command's portable build recompiles it and what its interface touches, in
// the everyday .build, rather than everything in a folder of its own: 15-45 s of processor time (23 s of the test
// command's time since the optimized template engine is compiled again too, above), not 160.
// (`-Xswiftc -DGUZZI_PORTABLE` defines it everywhere, to the same effect, and rebuilds everything.)
let seam: [SwiftSetting] = strict + (Context.environment["GUZZI_PORTABLE"] == "1" ? [.define("GUZZI_PORTABLE")] : [])

let package = Package(
    name: "guzzi-site",
    // macOS 15: Synchronization's Mutex and Atomic, which the build, the server and the tests share state with.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "guzzi-site", targets: ["guzzi-site"]),
        .executable(name: "guzzi-site-fetch", targets: ["guzzi-site-fetch"]),
    ],
    targets: [
        // The one place for what differs between Linux and macOS (Sources/OperatingSystem): the C library, sockets,
        // atomic renames, inotify, durable writes. Every other module reaches the system through it or Foundation.
        .target(name: "OperatingSystem", swiftSettings: seam),
        // What the other modules share: reading JSON with the position of every value, writing files durably, digests.
        .target(name: "Files", dependencies: ["OperatingSystem"], swiftSettings: hot),
        .target(name: "Catalogue", dependencies: ["Files", "OperatingSystem"], swiftSettings: hot),
        .target(name: "Templating", dependencies: ["Files", "OperatingSystem"], swiftSettings: hot),
        .target(
            name: "Site",
            dependencies: ["Files", "Catalogue", "Templating", "PhotoSidecar", "History", "OperatingSystem"],
            swiftSettings: strict),
        .target(name: "Server", dependencies: ["OperatingSystem"], swiftSettings: strict),
        // Runs `guzzi-site-fetch` for each HTTP request, and the format the two speak; no networking here.
        .target(name: "Fetching", dependencies: ["OperatingSystem"], swiftSettings: strict),
        // The only code that links FoundationNetworking, and so libcurl: a program of its own, so that `guzzi-site`
        // does not load libcurl's thirty libraries at every start (see FetchHelper).
        .executableTarget(name: "guzzi-site-fetch", dependencies: ["Fetching"], swiftSettings: strict),
        .target(
            name: "Updater", dependencies: ["Files", "Catalogue", "Fetching", "OperatingSystem"], swiftSettings: strict),
        // The photo sidecar beside the dataset (model, reading, writing, Flickr's sizes); no networking, so the
        // site can read it without depending on the fetching, which lives in Photos.
        .target(name: "PhotoSidecar", dependencies: ["Files", "Catalogue", "OperatingSystem"], swiftSettings: strict),
        .target(
            name: "Photos", dependencies: ["Files", "Catalogue", "PhotoSidecar", "Fetching"], swiftSettings: strict),
        // Build, watch, rebuild and tell the server: `serve` without the command line, so tests can drive it.
        .target(
            name: "Preview", dependencies: ["Site", "Server", "PhotoSidecar", "History"], swiftSettings: strict),
        // What changed in the catalogue, release by release: FILE.history.json, from the dataset's git history.
        .target(name: "History", dependencies: ["Files", "Catalogue", "OperatingSystem"], swiftSettings: strict),
        .executableTarget(
            name: "guzzi-site",
            // guzzi-site-fetch is not linked in (an executable), only built with it: `swift run guzzi-site` builds both.
            dependencies: [
                "Catalogue", "Site", "Server", "Updater", "Photos", "PhotoSidecar", "Preview", "History",
                "guzzi-site-fetch",
            ],
            swiftSettings: strict),
        // Helpers shared by the test targets (a seeded random generator for the fuzz tests).
        .target(name: "TestSupport", dependencies: ["Templating", "OperatingSystem"], path: "Tests/TestSupport"),
        .testTarget(name: "OperatingSystemTests", dependencies: ["OperatingSystem", "TestSupport"]),
        .testTarget(name: "FilesTests", dependencies: ["Files", "TestSupport"]),
        .testTarget(name: "CatalogueTests", dependencies: ["Catalogue", "Files", "TestSupport"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating", "Files", "TestSupport"]),
        .testTarget(
            name: "SiteTests",
            dependencies: [
                "Site", "Files", "Catalogue", "Templating", "PhotoSidecar", "History", "OperatingSystem",
                "TestSupport",
            ]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "OperatingSystem", "TestSupport"]),
        // The fetch helper, so that it is built before these tests run it.
        .testTarget(name: "UpdaterTests", dependencies: ["Updater", "Catalogue", "TestSupport", "guzzi-site-fetch"]),
        .testTarget(name: "FetchingTests", dependencies: ["Fetching", "TestSupport", "guzzi-site-fetch"]),
        .testTarget(name: "PhotoSidecarTests", dependencies: ["PhotoSidecar", "Catalogue", "TestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "Site", "Server", "History", "TestSupport"]),
        .testTarget(
            name: "PhotosTests",
            dependencies: ["Photos", "PhotoSidecar", "Catalogue", "Fetching", "TestSupport", "guzzi-site-fetch"]),
        .testTarget(name: "HistoryTests", dependencies: ["History", "Files", "TestSupport"]),
        // Runs the built `guzzi-site` binary, so it depends on it to have it built first.
        .testTarget(
            name: "CommandLineTests", dependencies: ["guzzi-site", "History", "OperatingSystem", "TestSupport"]),
    ]
)
