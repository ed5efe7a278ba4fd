// SPDX-License-Identifier: GPL-3.0-or-later

/// One item of a deck: what the user sees and decides on.
///
/// The fields read and write like stored properties, but everything but the id is kept packed with other
/// cards' (``CardContent``): reading a text field makes its `String`, so code that goes through every card of a
/// large deck should prefer the byte counts (``shownSizes`` reads them all at once), ``hasBody`` and
/// ``hasImage``; code that goes through them again and again, a ``ShownSizeTable``.
public struct Card: Sendable, Hashable, Identifiable {
    /// Stable identity that ties decisions to the card across launches and edits of the deck.
    ///
    /// A string of its own, not packed: it is the key of every lookup, and a dictionary keyed by it shares it.
    public var id: String
    var content: CardContent

    public var title: String {
        get { content[.title] ?? "" }
        set { change { $0.title = newValue } }
    }

    public var subtitle: String? {
        get { content[.subtitle] }
        set { change { $0.subtitle = newValue } }
    }

    public var body: String? {
        get { content[.body] }
        set { change { $0.body = newValue } }
    }

    public var color: CardColor? {
        get { content.color }
        set { change { $0.color = newValue } }
    }

    /// Absolute path of the card's image, already resolved against the deck file's folder.
    public var imagePath: String? {
        get { content[.imagePath] }
        set { change { $0.imagePath = newValue } }
    }

    /// A web address the card points to (an issue, a book's page), as the deck gives it.
    public var link: String? {
        get { content[.link] }
        set { change { $0.link = newValue } }
    }

    /// The file the card stands for when its deck is a folder (of photos or of any files): what printing,
    /// copying, moving and the trash take. For a photo ``imagePath`` is the same file; for another file it is the
    /// file's thumbnail, if it has one.
    public var filePath: String? {
        get { content[.filePath] }
        set { change { $0.filePath = newValue } }
    }

    /// The RAW of a RAW+JPEG pair, when the card is one: ``filePath`` is then the JPEG, which the card shows, and
    /// every action on the card takes both files.
    public var rawPath: String? {
        get { content[.rawPath] }
        set { change { $0.rawPath = newValue } }
    }
    /// The video of a Live Photo, when the card is one: ``filePath`` is then the still, which the card shows, and
    /// every action on the card takes both files.
    public var motionPath: String? {
        get { content[.motionPath] }
        set { change { $0.motionPath = newValue } }
    }
    /// The files the card stands for: its file, the RAW of a pair and the motion of a Live Photo.
    public var filePaths: [String] { [filePath, rawPath, motionPath].compactMap { $0 } }
    /// The photos among ``filePaths``, which sidecars describe: every file but a Live Photo's motion.
    public var photoPaths: [String] { [filePath, rawPath].compactMap { $0 } }
    /// Whether the card is a Live Photo, known without making a path.
    public var isLivePhoto: Bool { content.utf8Count(of: .motionPath) != nil }
    /// Whether the card's file is named as a Motion Photo is (``MotionPhoto/isNamedAsOne(_:)``): a JPEG with its
    /// video inside, which playing it finds.
    public var isNamedMotionPhoto: Bool { filePath.map(MotionPhoto.isNamedAsOne) ?? false }
    /// Whether the card is a video of its own: its file is one (a Live Photo's motion is not its file).
    public var isVideo: Bool { filePath.map(VideoFormat.isVideo) ?? false }
    /// Whether the card is a RAW+JPEG pair, known without making a path.
    public var isRawJPEGPair: Bool { content.utf8Count(of: .rawPath) != nil }

    /// Whether the card has a picture, known without making its path.
    public var hasImage: Bool { content.utf8Count(of: .imagePath) != nil }

    /// Whether the card has a body, known without making it.
    public var hasBody: Bool { content.utf8Count(of: .body) != nil }

    public init(
        id: String,
        title: String,
        subtitle: String? = nil,
        body: String? = nil,
        color: CardColor? = nil,
        imagePath: String? = nil,
        link: String? = nil
    ) {
        self.init(id: id, content: CardContent(CardContent.Fields(title: title, subtitle: subtitle, body: body, imagePath: imagePath, link: link, color: color)))
    }

    /// A card whose content is already packed (``CardPacker``).
    init(id: String, content: CardContent) {
        self.id = id
        self.content = content
    }

    /// Repacks the content with a part changed, in a buffer of the card's own: cards sharing the old one keep it.
    private mutating func change(_ edit: (inout CardContent.Fields) -> Void) {
        var fields = content.fields
        edit(&fields)
        content = CardContent(fields)
    }
}

extension Card: CustomStringConvertible {
    /// The fields as a stored struct would print them, for test failures and logs.
    public var description: String {
        func quoted(_ text: String?) -> String { text.map { String(reflecting: $0) } ?? "nil" }
        return "Card(id: \(quoted(id)), title: \(quoted(title)), subtitle: \(quoted(subtitle)), body: \(quoted(body)), "
            + "color: \(color.map { String(describing: $0) } ?? "nil"), imagePath: \(quoted(imagePath)), link: \(quoted(link)))"
    }
}
