/// The help texts, kept next to each other so they stay consistent.
enum Usage {
    static let version = "guzzi-site 0.1.0"

    static let general = """
        OVERVIEW: Builds the Guzzi Tracker catalogue into a static website in Italian and English.

        USAGE: guzzi-site <command> [options]

        COMMANDS:
          build     Build the site into the output folder (atomically: a failed build changes nothing).
          check     Validate the dataset and print every problem; exit 1 on any error.
          serve     Build, serve the output on http://127.0.0.1:8000/ and rebuild on every change.
          update    Fetch the newest dataset from its source and replace the local file if it is newer.

        OPTIONS:
          -h, --help     Show help (also after a command: guzzi-site build --help).
          --version      Show the version.

        """

    static let build = """
        USAGE: guzzi-site build [--data FILE] [--output DIR] [--templates DIR] [--resources DIR] [--base-url URL]

        OPTIONS:
          --data FILE       The dataset (default: Resources/sample/info_moto.json).
          --output DIR      Where the site is written (default: output). Replaced only if it was generated
                            by guzzi-site or is empty.
          --templates DIR   The templates (default: Templates).
          --resources DIR   Localisation tables and assets (default: Resources).
          --base-url URL    The absolute URL the site is published at, for canonical and hreflang links and
                            the sitemap (e.g. https://example.org/guzzi/). Without it those links are relative.

        """

    static let check = """
        USAGE: guzzi-site check [--data FILE]

        Prints every problem of the dataset (errors and warnings); exits 1 when there is an error.

        OPTIONS:
          --data FILE       The dataset (default: Resources/sample/info_moto.json).

        """

    static let serve = """
        USAGE: guzzi-site serve [--host 127.0.0.1] [--port 8000] [build options]

        Builds, serves the output folder over HTTP and rebuilds when the dataset, Templates/ or Resources/
        change; open pages reload by themselves. Ctrl-C stops it.

        """

    static let update = """
        USAGE: guzzi-site update [--from URL|FILE] [--data FILE]

        Fetches the dataset from its source and replaces the local file when the fetched one has a higher
        version and is valid. The previous file is kept as FILE.bak.

        """

    static func text(for command: Arguments.Command) -> String {
        switch command {
        case .build: return build
        case .check: return check
        case .serve: return serve
        case .update: return update
        }
    }
}
