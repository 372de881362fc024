// The C library of the system the package runs on, for every other module.
//
// Why here and only here: Linux's Glibc and macOS's Darwin export the same POSIX calls under two module names, and a
// few of them with different Swift types or behaviour. Every other module imports `OperatingSystem` (or Foundation,
// which re-exports the same library), so a Mac build never meets an unconditional `import Glibc`, and
// `Tests/Platform/check_seam.py` can hold every call that differs to this folder.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#elseif canImport(Musl)
    @_exported import Musl
#else
    #error("guzzi-site needs a POSIX C library: Glibc, Darwin or Musl")
#endif
