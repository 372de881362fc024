import Catalogue
import Foundation
import Site

/// The command line: parses arguments and calls the library; no logic of its own lives here.
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments == ["--version"] {
    print(Usage.version)
    exit(0)
}
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(Usage.general, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}

let parsed: Arguments
do {
    parsed = try Arguments.parse(arguments)
} catch {
    // The usage of the command that was named, as swift-argument-parser does; the overview otherwise.
    let command = arguments.first.flatMap(Arguments.Command.init(rawValue:))
    Terminal.error(error.description + "\n\n" + (command.map(Usage.text(for:)) ?? Usage.general))
    exit(2)
}
if parsed.flags.contains("help") {
    print(Usage.text(for: parsed.command), terminator: "")
    exit(0)
}

switch parsed.command {
case .build: exit(Commands.build(parsed))
case .check: exit(Commands.check(parsed))
case .serve: exit(ServeCommand.run(parsed))
case .update: exit(UpdateCommand.run(parsed))
case .photos: exit(PhotosCommand.run(parsed))
case .history: exit(HistoryCommand.run(parsed))
}
