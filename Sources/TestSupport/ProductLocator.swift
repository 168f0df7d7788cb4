import Foundation

/// Finds executables this package builds (such as `proscenium-demo`) for tests that run them as processes.
public enum ProductLocator {
    /// The path of the built executable `name`, looked for next to the running test binary and in the
    /// build folders above it; `PROSCENIUM_PRODUCTS_DIR` names a folder to look in first.
    public static func executable(named name: String) throws(ProductLocatorError) -> String {
        let folders = searchFolders()
        for folder in folders {
            let candidate = folder + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw .notBuilt(name: name, searched: folders)
    }

    /// Folders to search, most specific first, without duplicates.
    public static func searchFolders() -> [String] {
        var starts: [String] = []
        if let custom = ProcessInfo.processInfo.environment["PROSCENIUM_PRODUCTS_DIR"] { starts.append(custom) }
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append((running as NSString).deletingLastPathComponent)
        }
        if let first = CommandLine.arguments.first {
            let absolute = first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
            starts.append((absolute as NSString).deletingLastPathComponent)
        }
        starts.append(Bundle.main.bundlePath)
        if let executable = Bundle.main.executablePath { starts.append((executable as NSString).deletingLastPathComponent) }

        var folders: [String] = []
        for start in starts {
            // The test binary may sit inside a bundle folder (Name.xctest/...) a few levels below the products.
            var folder = (start as NSString).standardizingPath
            for _ in 0..<4 {
                if !folders.contains(folder) { folders.append(folder) }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder { break }
                folder = parent
            }
        }
        return folders
    }
}

/// A product that tests need has not been built.
public enum ProductLocatorError: Error, CustomStringConvertible {
    /// No executable `name` in any of `searched`.
    case notBuilt(name: String, searched: [String])

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case let .notBuilt(name, searched):
            return "cannot find the executable '\(name)' (looked in \(searched.joined(separator: ", "))) — run `swift build` first"
        }
    }
}
