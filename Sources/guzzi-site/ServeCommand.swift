/// `guzzi-site serve`: build, serve, rebuild on change.
enum ServeCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        Terminal.error("error: serve is not available yet")
        return 1
    }
}
