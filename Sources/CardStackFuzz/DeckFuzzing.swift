// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackMarkdown
import Foundation
import GtkSupport

/// The deck readers under libFuzzer (`make fuzz`; `make check` runs each target briefly): any bytes as a JSON or
/// CSV deck file (UTF-8, UTF-16 or UTF-32), any bytes as any list people already have (JSON arrays and lines,
/// CSV, Markdown, text; recognised or named, with fields chosen or not, printed back), any list of names as a
/// folder of images, any bytes as a camera RAW read by exiv2 for its preview, any bytes as an XMP sidecar
/// that a rating is merged into, and any bytes as a photo whose shooting data exiv2 reads. A reader may refuse
/// the input with a message; it must not trap, hang or hand over a deck that breaks what the app relies on.
///
/// Built with `-sanitize=fuzzer,address -D FUZZING`, `main` hands the inputs to libFuzzer's driver; built
/// plainly, it replays the files and folders given as arguments, so the seed corpus and any crash libFuzzer
/// found run as ordinary inputs.
enum DeckFuzzing {
    /// The reader to fuzz, from `CARDSTACK_FUZZ_TARGET`: `deck` (the default), `sources`, `folder`, `raw`,
    /// `sidecar`, `exif`, `look` or `video`.
    enum Target: String {
        case deck
        case sources
        case folder
        case raw
        case sidecar
        case exif
        case look
        case video
    }

    static let target = Target(rawValue: ProcessInfo.processInfo.environment["CARDSTACK_FUZZ_TARGET"] ?? "deck") ?? .deck
    /// Where inputs become files: one folder per process.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    /// The most names a folder input makes: enough for sorting and identity to meet each other.
    static let folderNameLimit = 64

    static func run(_ data: Data) {
        switch target {
        case .deck: readDeck(data)
        case .sources: readSource(data)
        case .folder: scanFolder(data)
        case .raw: readRaw(data)
        case .sidecar: mergeIntoSidecar(data)
        case .exif: readShootingData(data)
        case .look: lookAtPhoto(data)
        case .video: readVideoPoster(data)
        }
    }

    /// The bytes as a photo file whose shooting data exiv2 reads: every value is one a camera can write, or
    /// missing, and every text is short and without control characters. Our own readers of a photo's first
    /// bytes (a JPEG's or TIFF's EXIF, a HEIF photo's boxes and EXIF item, a Motion Photo's XMP) read them too.
    static func readShootingData(_ data: Data) {
        readCaptureTime(data)
        // A Motion Photo's video, as its XMP gives it: some bytes at the end, or none.
        if let length = MotionPhoto.videoLength(inHeader: data) { precondition(length > 0, "a video of \(length) bytes") }
        guard let shooting = PhotoMetadata.read(bytes: [UInt8](data), isRaw: false)?.shooting else { return }
        for text in [shooting.camera, shooting.lens].compactMap({ $0 }) {
            precondition(!text.isEmpty && text.utf8.count <= ShootingData.maximumTagLength * 2 + 1, "a text of \(text.utf8.count) bytes")
            precondition(!text.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) }, "a control character shown")
        }
        if let fNumber = shooting.fNumber { precondition(fNumber > 0 && fNumber.isFinite, "f/\(fNumber)") }
        if let exposure = shooting.exposureTime { precondition(exposure > 0 && exposure.isFinite, "\(exposure) s") }
        if let iso = shooting.iso { precondition(iso > 0, "ISO \(iso)") }
        if let focal = shooting.focalLength { precondition(focal > 0 && focal.isFinite, "\(focal) mm") }
        if let time = shooting.captureTime { precondition((1...12).contains(time.month) && (0..<1).contains(time.fraction), "\(time)") }
        _ = [shooting.exposureSummary, shooting.focalLengthText, shooting.captureTime?.text]
    }

    /// The bytes as a photo's first bytes, for the capture day and time: a HEIF photo's EXIF item must lie where
    /// its boxes say, and a time read must be one a clock shows.
    static func readCaptureTime(_ data: Data) {
        var times = [PhotoCaptureDay.captureTime(inHeader: data)]
        _ = PhotoCaptureDay.label(inHeader: data)
        let bytes = [UInt8](data)
        if let range = HEIFExif.exifItemRange(inHeader: bytes) {
            precondition(range.lowerBound >= 0, "an item at \(range)")
            if range.upperBound <= bytes.count, let tiff = HEIFExif.tiff(inExifItem: Array(bytes[range])) {
                times.append(PhotoCaptureDay.captureTime(inTIFF: Array(tiff)))
                _ = PhotoCaptureDay.label(inTIFF: Array(tiff))
            }
        }
        for time in times.compactMap({ $0 }) {
            precondition((1...12).contains(time.month) && (0...23).contains(time.hour) && (0..<1).contains(time.fraction), "\(time)")
        }
        // What bursts read: the time as above, and the camera body, a model with its serial, each at most 64 bytes.
        if let facts = PhotoCaptureDay.captureFacts(inHeader: data) {
            precondition(facts.time == nil || facts.time == PhotoCaptureDay.captureTime(inHeader: data), "a time of its own")
            if let camera = facts.camera { precondition(!camera.isEmpty && camera.utf8.count <= 64 * 2 + 2, "a camera of \(camera.utf8.count) bytes") }
        }
    }

    /// The bytes as a photo a burst's look is taken of (``BurstLooks``): decoded small and in grey by the
    /// GdkPixbuf loaders, then hashed and scored; and as grey pixels themselves, the first two bytes their width.
    /// A hash is the same each time, a score a finite number not below zero.
    static func lookAtPhoto(_ data: Data) {
        let file = scratch.appendingPathComponent("look")
        guard (try? data.write(to: file)) != nil else { return }
        if let grey = ImageDecoder.grey(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: file.path), box: (96, 96), isRaw: { _ in false }) {
            precondition(grey.pixels.count == grey.width * grey.height && grey.width <= 96 && grey.height <= 96, "\(grey.width) × \(grey.height)")
            look(grey.pixels, width: grey.width, height: grey.height)
        }
        let bytes = [UInt8](data)
        guard bytes.count > 2 else { return }
        let width = Int(bytes[0]) % 64 + 1
        let pixels = Array(bytes.dropFirst(2))
        look(pixels, width: width, height: pixels.count / width)
    }

    /// The bytes as a video in a photo folder (``VideoPoster``): GStreamer reads its first frame, which comes
    /// upright and no larger than asked, with a length a player shows; or it is refused in words. And as a poster
    /// process's output (``VideoPosterProcess``).
    static func readVideoPoster(_ data: Data) {
        // The bytes as what a poster process wrote: a frame whose rows hold its pixels, or words of why not.
        if case .success(let frame) = VideoPosterProcess.parse([UInt8](data)) {
            precondition(frame.width > 0 && frame.stride >= frame.width * 3 && frame.pixels.count == frame.stride * frame.height, "a frame of \(frame.width) × \(frame.height)")
        }
        let file = scratch.appendingPathComponent("clip.mp4")
        guard (try? data.write(to: file)) != nil else { return }
        switch VideoPoster.readNow(FileNameEncoding.fileSystemRepresentation(of: file.path), box: (64, 64), fit: .contain) {
        case .success(let poster):
            precondition(poster.pixelWidth > 0 && poster.pixelHeight > 0, "a poster of \(poster.pixelWidth) × \(poster.pixelHeight)")
            if let length = poster.length { precondition(length.contains(":") && length.count <= 12, "a length of \(length)") }
        case .failure(let failure):
            precondition(!failure.description.isEmpty, "a refusal without words")
        }
    }

    private static func look(_ pixels: [UInt8], width: Int, height: Int) {
        pixels.withUnsafeBufferPointer { buffer in
            let hash = DifferenceHash(grey: buffer, width: width, height: height, rowStride: width)
            precondition(hash == DifferenceHash(grey: buffer, width: width, height: height, rowStride: width), "the same pixels, another hash")
            if let score = Sharpness.score(grey: buffer, width: width, height: height, rowStride: width) {
                precondition(score >= 0 && score.isFinite, "a sharpness of \(score)")
            }
        }
    }

    /// Pixels a fuzzed RAW's preview may announce: small, so a hostile size is met often.
    static let rawPixelBudget = 4_000_000

    /// The bytes as a camera RAW: its preview may be refused, never handed over past the budget or as anything but
    /// the bytes exiv2 found; what the RAW says of itself must be sane.
    static func readRaw(_ data: Data) {
        guard case .success(let found) = EmbeddedPreview.read(bytes: [UInt8](data), pixelBudget: rawPixelBudget) else { return }
        precondition(found.width * found.height <= rawPixelBudget, "a preview over the budget: \(found.width) × \(found.height)")
        precondition(!found.encoded.isEmpty && found.encoded.count <= EmbeddedPreview.byteLimit, "a preview of \(found.encoded.count) bytes")
        precondition((1...8).contains(found.orientation), "orientation \(found.orientation)")
        if let size = found.metadata.uprightPixelSize { precondition(size.width > 0 && size.height > 0, "a size of none") }
    }

    /// The bytes as a deck file; the first byte picks .json or .csv, the rest is the file.
    static func readDeck(_ data: Data) {
        guard let first = data.first else { return }
        let file = scratch.appendingPathComponent(first & 1 == 0 ? "deck.json" : "deck.csv")
        guard (try? data.dropFirst().write(to: file)) != nil else { return }
        if let deck = try? DeckLoader.load(from: file, imageExtensions: ["jpg", "png"]) { check(deck) }
    }

    /// The bytes as a list read from memory, as standard input is: the first byte picks the format (or leaves it
    /// to recognition), whether a title field is chosen and whether the subtitle is a template; every card's
    /// place must print back from the bytes, and every card's record be read from it as Card details read it.
    static func readSource(_ data: Data) {
        guard let first = data.first else { return }
        let body = Data(data.dropFirst())
        let formats = DeckFormat.allCases
        let pick = Int(first & 0x07)
        let format = pick < formats.count ? formats[pick] : DeckFormat.recognise(body, fileExtension: nil)
        var chosen: [CardFieldMapping.Role: String] = first & 0x08 == 0 ? [:] : [.title: "name", .body: "b"]
        if first & 0x10 != 0 { chosen[.subtitle] = "#{number} · {labels} ({state}){{}}" }
        let mapping = CardFieldMapping(chosen: chosen)
        guard let read = try? DeckReader.read(body, as: format, title: "Fuzz", baseDirectory: nil, mapping: mapping, keepsOrigins: true) else { return }
        check(read.deck)
        guard let origins = read.origins else { preconditionFailure("no origins kept for \(format)") }
        precondition(origins.ranges.count == read.deck.cards.count, "\(origins.ranges.count) origins for \(read.deck.cards.count) cards")
        for range in origins.ranges { precondition(range.lowerBound >= 0 && range.upperBound <= body.count, "an origin outside the input") }
        _ = origins.printed(read.deck.cards.indices, from: body)
        for index in read.deck.cards.indices.prefix(64) {
            // A body read as Markdown, as cards and Card details show it: its styles must lie within its text.
            if let body = read.deck.cards[index].body {
                let styled = MarkdownRenderer.render(body)
                let length = styled.text.unicodeScalars.count
                for span in styled.spans { precondition(span.range.lowerBound >= 0 && span.range.upperBound <= length, "a style outside the text") }
            }
            guard let record = CardRecord(card: index, in: body, origins: origins, mapping: mapping) else { continue }
            for field in record.fields { _ = field.value.map(RecordFieldText.shown) }
        }
    }

    /// The bytes as file names, UTF-8 or not (split at NUL and "/", each file as long as its name), in an empty
    /// folder; every card's file must be found again by its path, and a photo's picture is its file.
    static func scanFolder(_ data: Data) {
        let folder = scratch.appendingPathComponent("folder")
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        let names = data.split(whereSeparator: { $0 == 0 || $0 == UInt8(ascii: "/") })
            .prefix(folderNameLimit)
            .filter { $0.count < 200 && $0 != Data(".".utf8) && $0 != Data("..".utf8) }
        for name in names {
            let text = FileNameEncoding.text(fromBytes: name)
            precondition(FileNameEncoding.fileSystemRepresentation(of: text).dropLast().map { UInt8(bitPattern: $0) } == Array(name),
                         "a name's bytes did not come back: \(Array(name))")
            let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: folder.path + "/" + text), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { continue }
            _ = name.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let noThumbnails = DesktopThumbnails(environment: ["XDG_CACHE_HOME": scratch.appendingPathComponent("no-cache").path])
        guard let deck = try? FolderDeck.load(folder: folder, imageExtensions: ["jpg", "png", "jpeg"], thumbnails: noThumbnails) else { return }
        check(deck)
        // Every file is one card's: a RAW or a Live Photo's motion taken by a photo is no card of its own.
        let files = deck.cards.flatMap(\.filePaths)
        precondition(Set(files).count == files.count, "a file in two cards")
        for card in deck.cards {
            if let motion = card.motionPath { precondition(VideoFormat.isVideo(motion) && !card.isVideo, "a Live Photo of \(motion.debugDescription)") }
            guard let path = card.filePath else { preconditionFailure("a folder's card without its file") }
            precondition(FileStatus(path: path)?.kind == .regularFile, "a card's file can't be found: \(path.debugDescription)")
            if deck.isPhotoDeck { precondition(card.imagePath == path, "a photo card whose picture is not its file") }
        }
    }

    /// The bytes as an XMP sidecar: a reject is merged in as the app merges a decision (or the sidecar is refused,
    /// left as it was); merged, it reads back as written. Then another program rates the photo, and the reject is
    /// taken back: the other program's rating survives, and the pick label is what the sidecar held before. No
    /// temporary file is ever left beside it.
    static func mergeIntoSidecar(_ data: Data) {
        let sidecar = scratch.appendingPathComponent("photo.jpg.xmp").path
        guard FileManager.default.createFile(atPath: sidecar, contents: data) else { return }
        let tags = SidecarProperty.allCases.map(\.key)
        let before = try? XMPSidecar.read(sidecar, tags: tags).get()
        var record: SidecarRecord?
        let decided = XMPSidecar.merge(sidecar, tags: tags) { contents in
            let plan = SidecarMerge.deciding(.defaults(for: .left), record: nil, current: SidecarValues(keyed: contents.values), exists: contents.exists)
            record = plan.record
            return edit(plan)
        }
        guard case .success = decided, let record else {
            precondition(XMPSidecar.contents(of: sidecar) == data, "a refused sidecar was changed")
            return checkNoTemporaryFileLeft()
        }
        let values = try? XMPSidecar.read(sidecar, tags: tags).get().values
        precondition(values.map(SidecarValues.init(keyed:)) == record.written, "a merged sidecar reads back \(String(describing: values))")

        let theirs = "2"
        guard case .success = XMPSidecar.write(sidecar, changes: [SidecarProperty.rating.key: theirs]) else {
            preconditionFailure("a sidecar merged into once can't take another program's rating")
        }
        let undone = XMPSidecar.merge(sidecar, tags: tags) { contents in
            edit(SidecarMerge.takingBack(record: record, current: SidecarValues(keyed: contents.values), exists: contents.exists))
        }
        guard case .success = undone, let after = try? XMPSidecar.read(sidecar, tags: tags).get() else { preconditionFailure("the undo was refused") }
        precondition(after.values[SidecarProperty.rating.key] == theirs, "another program's rating was taken: \(after.values)")
        let pickBefore = before?.values[SidecarProperty.pickLabel.key]
        precondition(after.values[SidecarProperty.pickLabel.key] == pickBefore, "the pick label is \(after.values), was \(String(describing: pickBefore))")
        checkNoTemporaryFileLeft()
    }

    /// What a merge plan asks of the sidecar.
    private static func edit(_ plan: SidecarMerge.Plan) -> XMPSidecar.Edit {
        XMPSidecar.Edit(changes: plan.keyedChanges, removingIfEmpty: plan.removesIfEmpty)
    }

    private static func checkNoTemporaryFileLeft() {
        let left = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        precondition(!left.contains { $0.hasPrefix(".photo.jpg.xmp.") }, "a temporary file was left")
    }

    /// What the app relies on in any deck a reader hands over.
    static func check(_ deck: Deck) {
        precondition(!deck.cards.isEmpty, "a deck without cards was handed over")
        precondition(Set(deck.cards.map(\.id)).count == deck.cards.count, "two cards share an id")
        for card in deck.cards {
            precondition(!card.id.isEmpty && !card.id.utf8.contains(0), "an id that can't be stored: \(card.id.debugDescription)")
            precondition(card.title.unicodeScalars.contains { !$0.properties.isWhitespace }, "a blank title")
            precondition(card.shownTitle.unicodeScalars.count <= Card.shownTitleLimit + 1, "a title shown unbounded")
        }
        precondition(!deck.allowedDirections.isEmpty, "a deck that can't be swiped")
    }
}

#if FUZZING
/// libFuzzer's driver, called with the entry for each input (SwiftPM names the program's entry point itself, so
/// libFuzzer's own `main` can't be the one).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum FuzzDriver {
    static func main() {
        // libFuzzer ends the process with exit(), past any code after the driver.
        atexit { try? FileManager.default.removeItem(at: DeckFuzzing.scratch) }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = runFuzzerDriver(&argc, &argv) { bytes, count in
            DeckFuzzing.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            return 0
        }
        exit(status)
    }
}
#else
/// Replays the files given (or every file in the folders given) through the fuzzed readers.
@main
enum CorpusReplay {
    static func main() {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            let files = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                ? (FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
                : [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                DeckFuzzing.run(data)
                count += 1
            }
        }
        print("replayed \(count) inputs through the \(DeckFuzzing.target.rawValue) reader")
        try? FileManager.default.removeItem(at: DeckFuzzing.scratch)
    }
}
#endif
