import Files

extension SiteBuilder {
    /// Deletes what a build in `BuildMode.preview` left: the previous versions of the files it
    /// replaced, in this process's staging folder beside the output.
    public static func removeStaging(for options: BuildOptions) {
        TreeRemover.remove(OutputWriter.stagingPath(for: options.outputPath).staging)
    }

    /// The output's writer: an incremental one for a folder with a manifest of ours (locked from here to the
    /// end of the build), else a clean one.
    static func openOutput(
        _ options: BuildOptions, defersCleanup: Bool = false, waiting: @escaping @Sendable (String) -> Void
    ) throws(SiteError) -> any SiteOutput {
        let (target, staging) = OutputWriter.stagingPath(for: options.outputPath)
        try OutputWriter.prepareParent(of: target)
        let name = options.outputPath
        guard let lock = try OutputLock.acquire(target, name: name, waiting: waiting) else {
            return try OutputWriter(
                target: target, staging: staging, name: name, lock: nil, waiting: waiting,
                defersCleanup: defersCleanup)
        }
        do throws(SiteError) {
            // Checked again under the lock: the folder may have been replaced while this build waited.
            try OutputWriter.checkReplaceable(target)
            if !options.clean, let manifest = IncrementalWriter.manifest(in: target) {
                return IncrementalWriter(
                    target: target, staging: staging, previous: manifest, lock: lock,
                    defersCleanup: defersCleanup)
            }
            return try OutputWriter(
                target: target, staging: staging, name: name, lock: lock, waiting: waiting,
                defersCleanup: defersCleanup)
        } catch {
            lock.release()
            throw error
        }
    }
}
