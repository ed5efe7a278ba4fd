// SPDX-License-Identifier: GPL-3.0-or-later

/// Text from files and file names made safe to show in a one-line message: each control character becomes
/// its visible symbol from Unicode's Control Pictures block (NUL → ␀, a line feed → ␊, DEL → ␡).
///
/// A NUL would otherwise end the message where C reads it, and a line break or an escape sequence would
/// reshape a toast or a terminal line; the symbol shows that something is there, and what.
public enum VisibleControlCharacters {
    /// The first Control Pictures symbol, ␀ (U+2400); U+2400 + n pictures C0 control n.
    static let controlPicturesStart: UInt32 = 0x2400
    /// ␡, the picture of DEL (U+007F).
    static let deletePicture: Unicode.Scalar = "\u{2421}"

    /// `text` with every C0 control character and DEL replaced by its picture; nothing else changes.
    public static func replacing(in text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isControl(scalar) ? picture(of: scalar) : scalar)
        }
        return String(result)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.value != 0x7F, let picture = Unicode.Scalar(controlPicturesStart + scalar.value) else { return deletePicture }
        return picture
    }
}
