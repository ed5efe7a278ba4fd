// SPDX-License-Identifier: GPL-3.0-or-later

/// The files of one shot, culled as one photo: RAW+JPEG pairs, the two files a camera writes when set to both
/// (`IMG_0001.CR2` and `IMG_0001.JPG`, same name, same folder), and Live Photos, a phone's still and the seconds
/// of motion around it (`IMG_0100.HEIC` and `IMG_0100.MOV`, as iPhones export them).
///
/// The JPEG (or the still) is what the card shows (the camera's own rendering, and quicker than any preview); the
/// RAW and the motion travel with it wherever a decision takes the photo. Names pair when they are the same but
/// for the extension, in the same case, as cameras and phones write them; a name with two RAWs (a `.CR2` and a
/// `.DNG` made from it) pairs its JPEG with the first in name order, and the other stays a card of its own; so does
/// a second video of one still.
public enum PhotoPairs {
    /// A photo's files as the listing found them: one file, or a JPEG and its RAW, or a still and its motion.
    public struct Photo<File> {
        /// The file the card shows: the JPEG of a pair, the still of a Live Photo, or the only file.
        public var shown: File
        /// The RAW of a pair.
        public var raw: File?
        /// The video of a Live Photo.
        public var motion: File?

        /// A photo of `shown`, with the RAW and the motion that go with it.
        public init(shown: File, raw: File? = nil, motion: File? = nil) {
            self.shown = shown
            self.raw = raw
            self.motion = motion
        }
    }

    /// `files` (in the same folder) as photos, in the order of their shown files: each JPEG that has a RAW of the
    /// same name takes it, each still (JPEG or HEIC) a MOV or MP4 of the same name, and what is taken is no card of
    /// its own. `name` gives a file's name.
    ///
    /// Linear in the number of files: a dictionary of JPEGs and one of stills by name stem.
    public static func pair<File>(_ files: [File], name: (File) -> String) -> [Photo<File>] {
        let raws = pairRaws(files, name: name)
        let motions = pairMotions(files, name: name)
        return files.indices.compactMap { index in
            raws.taken.contains(index) || motions.taken.contains(index)
                ? nil : Photo(shown: files[index], raw: raws.byShown[index].map { files[$0] }, motion: motions.byShown[index].map { files[$0] })
        }
    }

    /// Which RAW each JPEG takes, by index into `files`, and the RAWs taken.
    private static func pairRaws<File>(_ files: [File], name: (File) -> String) -> (byShown: [Int: Int], taken: Set<Int>) {
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
        return (rawOfJPEG, pairedRaws)
    }

    /// Which video each still takes, by index into `files`, and the videos taken.
    private static func pairMotions<File>(_ files: [File], name: (File) -> String) -> (byShown: [Int: Int], taken: Set<Int>) {
        var stillByStem: [Substring: Int] = [:]
        var videoIndices: [Int] = []
        for (index, file) in files.enumerated() {
            let (stem, fileExtension) = split(name(file))
            guard let lowered = fileExtension?.lowercased() else { continue }
            if stillExtensions.contains(lowered), stillByStem[stem] == nil {
                stillByStem[stem] = index
            } else if VideoFormat.motionExtensions.contains(lowered) {
                videoIndices.append(index)
            }
        }
        var motionOfStill: [Int: Int] = [:]
        var taken: Set<Int> = []
        for index in videoIndices.sorted(by: { name(files[$0]) < name(files[$1]) }) {
            if let still = stillByStem[split(name(files[index])).stem], motionOfStill[still] == nil {
                motionOfStill[still] = index
                taken.insert(index)
            }
        }
        return (motionOfStill, taken)
    }

    static let jpegExtensions: Set<String> = ["jpg", "jpeg"]
    /// The stills a Live Photo's motion belongs to: an iPhone's HEIC, or the JPEG it exports for other systems.
    static let stillExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "hif"]

    /// A name's stem and extension: "IMG_1.CR2" is ("IMG_1", "CR2"); a name with no dot, or only a leading one,
    /// has none.
    private static func split(_ name: String) -> (stem: Substring, fileExtension: Substring?) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name[...], nil) }
        return (name[..<dot], name[name.index(after: dot)...])
    }
}
