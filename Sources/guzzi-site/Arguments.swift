/// The parsed command line: a command and its options.
///
/// Hand-written because the project takes no packages; modelled on swift-argument-parser's behaviour:
/// `--name value` or `--name=value`, a usage error names the offending argument and exits with status 2.
struct Arguments: Equatable {
    enum Command: String, CaseIterable {
        case build, check, serve, update, photos, history
    }

    var command: Command
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Options that take a value, per command; anything else is a usage error.
    static let valueOptions: [Command: Set<String>] = [
        .build: ["data", "output", "templates", "resources", "base-url"],
        .check: ["data"],
        .serve: ["data", "output", "templates", "resources", "base-url", "host", "port"],
        .update: ["data", "from"],
        .photos: ["data", "oembed", "timeout", "max-wait"],
        .history: ["data", "from-git", "path"],
    ]

    /// Options that take no value (`--strict`, `--retry-gone`), per command.
    static let flagOptions: [Command: Set<String>] = [
        .build: ["strict", "clean", "no-offline"],
        .check: ["strict"],
        .serve: ["strict", "no-offline"],
        .photos: ["retry-gone"],
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        guard let first = arguments.first else { throw .noCommand }
        guard let command = Command(rawValue: first) else { throw .unknownCommand(first) }
        var result = Arguments(command: command)
        let allowed = valueOptions[command] ?? []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" {
                result.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagOptions[command]?.contains(name) == true {
                guard value == nil else { throw .unexpectedValue(name) }
                result.flags.insert(name)
                continue
            }
            guard allowed.contains(name) else { throw .unknownOption(argument, command: command) }
            if value == nil {
                guard index < arguments.count else { throw .missingValue(name) }
                value = arguments[index]
                index += 1
            }
            result.options[name] = value
        }
        return result
    }
}

enum UsageError: Error, Equatable, CustomStringConvertible {
    case noCommand
    case unknownCommand(String)
    case unknownOption(String, command: Arguments.Command)
    case unexpectedArgument(String)
    case missingValue(String)
    case unexpectedValue(String)
    case invalidValue(option: String, value: String, expected: String)

    var description: String {
        switch self {
        case .noCommand: return "error: missing command"
        case .unknownCommand(let name): return "error: unknown command '\(name)'"
        case .unknownOption(let option, let command):
            return "error: unknown option '\(option)' for '\(command.rawValue)'"
        case .unexpectedArgument(let argument): return "error: unexpected argument '\(argument)'"
        case .missingValue(let name): return "error: missing value for '--\(name)'"
        case .unexpectedValue(let name): return "error: '--\(name)' takes no value"
        case .invalidValue(let option, let value, let expected):
            return "error: invalid value '\(value)' for '--\(option)': expected \(expected)"
        }
    }
}
