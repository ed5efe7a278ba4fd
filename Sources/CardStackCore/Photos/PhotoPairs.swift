// SPDX-License-Identifier: GPL-3.0-or-later

/// RAW+JPEG pairs: the two files a camera writes for one shot when set to both (`IMG_0001.CR2` and
/// `IMG_0001.JPG`, same name, same folder), culled as one photo.
///
/// The JPEG is what the card shows (the camera's own rendering, and quicker than any preview); the RAW travels
/// with it wherever a decision takes the photo. Names pair when they are the same but for the extension, in the
/// same case, as cameras write them; a name with two RAWs (a `.CR2` and a `.DNG` made from it) pairs its JPEG with
/// the first in name order, and the other stays a card of its own.
public enum PhotoPairs {
    /// A photo's files as the listing found them: one file, or a JPEG and its RAW.
    public struct Photo<File> {
        /// The file the card shows: the JPEG of a pair, or the only file.
        public var shown: File
        /// The RAW of a pair.
        public var raw: File?
    }

    /// `files` (in the same folder) as photos, in the order of their shown files: each JPEG that has a RAW of the
    /// same name takes it, and that RAW is no card of its own. `name` gives a file's name.
    ///
    /// Linear in the number of files: one dictionary of JPEGs by name stem.
    public static func pair<File>(_ files: [File], name: (File) -> String) -> [Photo<File>] {
        var jpegByStem: [Substring: Int] = [:]
        for (index, file) in files.enumerated() {
            let (stem, fileExtension) = split(name(file))
            if let fileExtension, jpegExtensions.contains(fileExtension.lowercased()), jpegByStem[stem] == nil {
                jpegByStem[stem] = index
            }
        }
        var rawOfJPEG: [Int: Int] = [:]
        var pairedRaws: Set<Int> = []
        // In name order, so which of two RAWs of one name pairs does not depend on the listing's order.
        let rawIndices = files.indices.filter { index in
            split(name(files[index])).fileExtension.map(RawFormat.hasRawExtension) ?? false
        }.sorted { name(files[$0]) < name(files[$1]) }
        for index in rawIndices {
            let stem = split(name(files[index])).stem
            if let jpeg = jpegByStem[stem], rawOfJPEG[jpeg] == nil {
                rawOfJPEG[jpeg] = index
                pairedRaws.insert(index)
            }
        }
        return files.indices.compactMap { index in
            pairedRaws.contains(index) ? nil : Photo(shown: files[index], raw: rawOfJPEG[index].map { files[$0] })
        }
    }

    static let jpegExtensions: Set<String> = ["jpg", "jpeg"]

    /// A name's stem and extension: "IMG_1.CR2" is ("IMG_1", "CR2"); a name with no dot, or only a leading one,
    /// has none.
    private static func split(_ name: String) -> (stem: Substring, fileExtension: Substring?) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name[...], nil) }
        return (name[..<dot], name[name.index(after: dot)...])
    }
}
