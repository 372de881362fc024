/// `guzzi-site update`: fetch a newer dataset.
enum UpdateCommand {
    static func run(_ arguments: Arguments) -> Int32 {
        Terminal.error("error: update is not available yet")
        return 1
    }
}
