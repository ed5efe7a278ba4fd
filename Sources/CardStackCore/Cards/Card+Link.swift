// SPDX-License-Identifier: GPL-3.0-or-later

extension Card {
    /// The schemes a card's link may open with: web pages and mail. A deck is anybody's file, so its links never
    /// start other programs (`file:`, `ssh:`, a custom scheme).
    public static let openableSchemes: Set<String> = ["http", "https", "mailto"]

    /// The card's link when it is one of ``openableSchemes``, trimmed; nil otherwise.
    public var openableLink: String? {
        guard let link = link.flatMap(CardDraft.nonBlank), let scheme = Self.scheme(of: link),
              Self.openableSchemes.contains(scheme), !link.contains(where: { $0.isWhitespace || $0.isNewline }) else { return nil }
        return link
    }

    /// The site the card's link points to, as the card shows it: "github.com" for
    /// `https://www.github.com/o/r/issues/1`, the address for `mailto:`; nil without an openable link.
    public var linkSite: String? {
        guard let link = openableLink, let scheme = Self.scheme(of: link) else { return nil }
        let rest = link.dropFirst(scheme.count + 1)
        if scheme == "mailto" { return rest.isEmpty ? nil : String(rest.prefix { $0 != "?" }) }
        guard rest.hasPrefix("//") else { return nil }
        var host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if !host.hasPrefix("["), let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        let lowered = host.lowercased()
        let site = lowered.hasPrefix("www.") ? String(lowered.dropFirst(4)) : lowered
        return site.isEmpty ? nil : site
    }

    /// "https" for "HTTPS://…": the letters before the first `:`, lowercased, when they make a scheme.
    static func scheme(of link: String) -> String? {
        guard let colon = link.firstIndex(of: ":") else { return nil }
        let scheme = link[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return scheme.lowercased()
    }
}
