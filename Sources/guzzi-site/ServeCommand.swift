import Foundation
import Preview
import Server
import Site

/// `guzzi-site serve`: parses its options, then serves on the main thread while a `PreviewSession` builds and
/// rebuilds on change; this file only prints what the session reports.
enum ServeCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        let options: BuildOptions
        let host = arguments.options["host"] ?? "127.0.0.1"
        let port: UInt16
        do throws(UsageError) {
            options = try Commands.buildOptions(arguments)
            let text = arguments.options["port"] ?? "8000"
            guard let value = UInt16(text) else {
                throw UsageError.invalidValue(option: "port", value: text, expected: "a port number from 0 to 65535")
            }
            port = value
        } catch {
            Terminal.error(error.description + "\n\n" + Usage.serve)
            return 2
        }
        let server: StaticServer
        do {
            server = try StaticServer(
                configuration: ServerConfiguration(root: options.outputPath, host: host, port: port, liveReload: true))
        } catch {
            Terminal.error("error: \(error.description)")
            return 1
        }
        let session = PreviewSession(options: options, server: server) { event in
            show(event, output: options.outputPath)
        }
        // Before the first build, so Ctrl-C during it still ends cleanly (run() then returns at once).
        let observer = onTermination { _ in server.stop() }
        session.start()
        say("Serving \(server.url) (Ctrl-C to stop)")
        server.run()
        session.stop()
        withExtendedLifetime(observer) {}
        return 0
    }

    private static func show(_ event: PreviewEvent, output: String) {
        switch event {
        case .waiting(let message):
            Terminal.error(message)
        case .reloaded(let pages, let seconds):
            say(
                "Reloaded \(pages == 1 ? "the open page" : "\(pages) open pages") in \(Int((seconds * 1000).rounded())) ms"
            )
        case .built(let report):
            for warning in report.warnings { Terminal.error(warning.description) }
            say(Commands.summary(report, output: output))
            if Commands.printsPhases { Terminal.error(Commands.phases(report)) }
        case .failed(let message):
            Terminal.error(message)
            Terminal.error("build failed; still serving the last good site")
        }
    }

    /// Standard output unbuffered, line by line: `print` would hold lines back when it is a pipe.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
