import Site

/// What a preview session tells its caller, for the command line to print: the session itself prints nothing.
public enum PreviewEvent: Sendable {
    /// Another build writes into the same output; this one waits for it (the message says which).
    case waiting(String)
    /// The pages open in a browser were rebuilt first and told to reload; the rest of the site follows, and
    /// then `built` with the whole rebuild.
    case reloaded(pages: Int, seconds: Double)
    /// A build finished and open pages were told to reload; the report carries its warnings.
    case built(BuildReport)
    /// A build failed; open pages show `message` over the last good site, which stays served.
    case failed(message: String)
}
