extension stat {
    /// The modification time: `st_mtim` in Glibc, `st_mtimespec` in Darwin (the same `timespec` under another name).
    package var modificationTime: timespec {
        #if canImport(Darwin)
            return st_mtimespec
        #else
            return st_mtim
        #endif
    }
}
