/// The help texts, kept next to each other so they stay consistent.
enum Usage {
    static let version = "guzzi-site 0.1.0"

    static let general = """
        OVERVIEW: Builds the Guzzi Tracker catalogue into a static website, one edition per language listed
        in Resources/i18n/editions.json (Italian and English).

        USAGE: guzzi-site <command> [options]

        COMMANDS:
          build     Build the site into the output folder, writing only what changed (a failed build
                    changes nothing).
          check     Validate the dataset and print every problem; exit 1 on any error.
          serve     Build, serve the output on http://127.0.0.1:8000/ and rebuild on every change.
          update    Fetch the newest dataset from its source and replace the local file if it is newer.
          photos    Resolve the dataset's Flickr photos (sizes, authors, licences) into a sidecar file.
          history   Write what changed in the dataset, release by release, from its git history.

        OPTIONS:
          -h, --help     Show help (also after a command: guzzi-site build --help).
          --version      Show the version.

        """

    static let build = """
        USAGE: guzzi-site build [--data FILE] [--output DIR] [--templates DIR] [--resources DIR] [--base-url URL]
                                [--strict] [--clean] [--no-offline]

        Writes only the files that changed into an output folder it made before, and removes the files the
        site no longer has; other files keep their inode and modification time. A failed build changes nothing.

        OPTIONS:
          --data FILE       The dataset (default: Resources/sample/info_moto.json).
          --output DIR      Where the site is written (default: output). Written into only if it was generated
                            by guzzi-site or is empty.
          --templates DIR   The templates (default: Templates).
          --resources DIR   Localisation tables and assets (default: Resources).
          --base-url URL    The absolute URL the site is published at, for canonical and hreflang links and
                            the sitemap (e.g. https://example.org/guzzi/). Without it those links are relative.
          --strict          Fail on warnings too (a figure of 0, a missing text or translation), not only on
                            errors: for a dataset's own CI.
          --clean           Write the whole site into a new folder and swap it in for the output, as the first
                            build does (every file gets a new inode; files added by hand are gone).
          --no-offline      No web app manifest and no offline worker: each edition's sw.js only removes a
                            worker an earlier build installed in readers' browsers, with its copies.

        Run it from the project folder (the one with Templates/ and Resources/); run from elsewhere, it uses the
        project folder it was built in, unless --data, --templates or --resources is given.

        """

    static let check = """
        USAGE: guzzi-site check [--data FILE] [--strict]

        Prints every problem of the dataset (errors and warnings); exits 1 when there is an error.

        OPTIONS:
          --data FILE       The dataset (default: Resources/sample/info_moto.json).
          --strict          Warnings count as errors: exit 1 on any problem at all.

        """

    static let serve = """
        USAGE: guzzi-site serve [--host 127.0.0.1] [--port 8000] [build options]

        Builds, serves the output folder over HTTP and rebuilds when the dataset, Templates/ or Resources/
        change; open pages reload by themselves. A failed rebuild is shown in the terminal and over the open
        pages, and the last good site stays served. Ctrl-C stops it.

        OPTIONS:
          --host ADDRESS    The IPv4 address to listen on (default: 127.0.0.1, this computer only).
          --port N          The port (default: 8000; 0 picks a free one, printed at start).
          --data, --output, --templates, --resources, --base-url, --strict, --no-offline   As for build.

        """

    static let update = """
        USAGE: guzzi-site update --data FILE [--from URL|FILE]

        Fetches the dataset from its source and replaces the local file when the fetched one has a higher
        version and is valid. The replacement is atomic and the previous file is kept as FILE.bak.
        A missing or invalid local file counts as version 0. When FILE has a history beside it
        (FILE.history.json, see 'guzzi-site history'), the release installed is appended to it, dated now,
        with what changed against the file it replaced.

        OPTIONS:
          --from URL|FILE   Where to fetch from: an http(s) or file: URL, or a path (default:
                            https://raw.githubusercontent.com/hispanico94/Guzzi-Tracker/master/Guzzi%20Tracker/info_moto.json).
          --data FILE       The local dataset to replace (required: the bundled sample is never updated).

        EXIT STATUS:
          0   updated (prints the old and new version)
          3   already up to date (the source's version is the same or older)
          4   the source cannot be reached (no connection, timeout after 10 s, HTTP error, missing file)
          5   the source is not a valid dataset (prints its first problems)
          1   the local file cannot be read or written
          2   usage error

        """

    static let history = """
        USAGE: guzzi-site history --data FILE --from-git REPO [--path PATH-IN-REPO]

        Reads every version of the dataset committed in the git repository REPO, oldest first, and writes what
        changed from each to the next beside FILE, as FILE.history.json (info_moto.json: info_moto.history.json):
        each release with its commit's date, the dataset's version, the digest of its bytes, the motorcycles
        added and removed, the figures before and after, the texts changed per language, the photos added and
        removed. A version that is not valid JSON, or in the app's first schema (2017 and early 2018, whose ids
        were renumbered as the list grew), is named in one line and skipped; one that changes nothing adds
        nothing. Run twice, it writes the same bytes; the file is replaced atomically.

        OPTIONS:
          --data FILE            The dataset the history belongs beside (required).
          --from-git REPO        A git repository (a clone: git clone info_moto-history.bundle REPO).
          --path PATH-IN-REPO    The dataset's path in REPO (default: the one file ever committed there under
                                 FILE's name, such as "Guzzi Tracker/info_moto.json").

        EXIT STATUS:
          0   written
          1   git missing, REPO not a repository, the path never committed, or the sidecar not writable
              (one line says which; nothing is written)
          2   usage error

        """

    static let photos = """
        USAGE: guzzi-site photos --data FILE [--oembed URL] [--retry-gone] [--timeout SECONDS] [--max-wait SECONDS]

        Asks Flickr's oEmbed endpoint once about every Flickr photo of the dataset and keeps the answers (the
        server and shared secret of the sizes up to 1024 px, width, height, author, photo page, licence) in
        the sidecar FILE.photos.json beside the dataset, which build uses for sized, credited photos. Photos the
        sidecar already has are not asked again; a photo Flickr no longer has (404) is recorded as gone. The
        sidecar is written atomically, after every 20 new answers and at the end, so a failing network or
        Ctrl-C costs nothing already resolved.

        OPTIONS:
          --data FILE        The dataset (required; the sidecar is FILE with .photos.json for .json).
          --oembed URL       The oEmbed endpoint (default: https://www.flickr.com/services/oembed/).
          --retry-gone       Ask again about photos recorded as gone.
          --timeout SECONDS  Per request, a whole number (default: 10).
          --max-wait SECONDS The longest wait before a retry (default: 60). A 429 answer whose Retry-After
                             is longer stops the run (what was resolved is kept).

        EXIT STATUS:
          0   every Flickr photo of the dataset is resolved (found or gone)
          4   some photos are not resolved (timeouts, HTTP 429 or 5xx, malformed answers, no connection);
              what was resolved is saved: run it again later
          1   the dataset or the sidecar cannot be read (a malformed sidecar is never overwritten) or written
          2   usage error

        """

    static func text(for command: Arguments.Command) -> String {
        switch command {
        case .build: return build
        case .check: return check
        case .serve: return serve
        case .update: return update
        case .photos: return photos
        case .history: return history
        }
    }
}
