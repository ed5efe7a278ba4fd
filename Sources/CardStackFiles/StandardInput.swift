// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deck piped in (`cardstack -`): standard input read to its end, up to a limit, and read as any deck is.
public enum StandardInput {
    /// The most read, in bytes: far more than any list a person triages, and a stop for a producer that never
    /// ends (`yes | cardstack -`) before it eats the machine's memory.
    public static let limit = 256 * 1_048_576
    /// How much one `read` asks for.
    static let chunk = 1_048_576

    /// Whether standard input was closed when the app started (`cardstack - <&-`). Asked first thing at launch,
    /// before anything opens a file: the first file opened would otherwise become descriptor 0 and be read as
    /// the input. Descriptor 0 is then held by `/dev/null`, so no file the app opens ever takes its place.
    public static let wasClosedAtLaunch: Bool = {
        guard fcntl(STDIN_FILENO, F_GETFD) == -1, errno == EBADF else { return false }
        _ = open("/dev/null", O_RDONLY)
        return true
    }()

    /// Everything `descriptor` gives until its end; throws `inputTooLarge` past `limit` bytes (without reading
    /// further), `emptyFile` for no text at all, `inputClosed` for a standard input closed at launch, and
    /// `cancelled` when `progress` is cancelled between reads.
    public static func read(from descriptor: Int32 = STDIN_FILENO, limit: Int = limit, progress: DeckLoadProgress? = nil) throws(DeckLoadError) -> Data {
        if descriptor == STDIN_FILENO && wasClosedAtLaunch { throw .inputClosed }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: chunk)
        try progress?.begin(.readingFile, total: 0)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            guard data.count + count <= limit else { throw .inputTooLarge(limit: limit) }
            data.append(contentsOf: buffer[0..<count])
            try progress?.advance(to: data.count)
        }
        guard !DeckText.isBlank(data) else { throw .emptyFile(path: name) }
        return data
    }

    /// What messages call standard input.
    public static let name = "standard input"

    /// The deck in `data` (standard input's bytes), titled `title`: its format recognised by content alone, its
    /// cards' fields chosen by `mapping`, and each card's place kept when `keepsOrigins` (for `--print`).
    public static func deck(
        from data: Data,
        title: String,
        mapping: CardFieldMapping,
        keepsOrigins: Bool,
        progress: DeckLoadProgress? = nil
    ) throws(DeckLoadError) -> DeckReader.Result {
        let text = try DeckText.utf8(fromWide: data) ?? data
        try progress?.begin(.readingFile, total: text.count)
        return try DeckReader.read(
            text, as: DeckFormat.recognise(text, fileExtension: nil), title: title,
            baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            mapping: mapping, keepsOrigins: keepsOrigins
        ) { offset throws(DeckLoadError) in try progress?.advance(to: offset) }
    }
}
