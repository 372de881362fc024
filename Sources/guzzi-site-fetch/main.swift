import Fetching
import Foundation

// guzzi-site-fetch [--timeout S] [--total S] [--header 'Name: value']... [--] URL
//
// `guzzi-site update` and `guzzi-site photos` run this for each HTTP request (see `FetchHelper`, which says why
// it is a program of its own). It prints the answer in `FetchWire`'s format and exits 0, also when the request
// failed; 2 on a usage error. Not meant to be run by hand, though nothing stops you.

switch FetchWire.request(fromArguments: Array(CommandLine.arguments.dropFirst())) {
case .failure(let problem):
    FileHandle.standardError.write(
        Data(
            ("guzzi-site-fetch: \(problem.message)\n"
                + "usage: guzzi-site-fetch [--timeout S] [--total S] [--header 'Name: value']... URL\n").utf8))
    exit(2)
case .success(let request):
    let answer: [UInt8]
    switch SessionFetch.get(request) {
    case .success(let response): answer = FetchWire.encode(response)
    case .failure(let error): answer = FetchWire.encode(failure: error.description)
    }
    FileHandle.standardOutput.write(Data(answer))
    exit(0)
}
