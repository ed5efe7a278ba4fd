// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Translation

/// A video's first frame read in a short-lived process of its own, as the desktop's thumbnailers and Loupe's
/// decoders work: GStreamer's decoders (libav with its codecs' libraries) and the decoded frames they hold never
/// weigh on the app, which keeps only the poster, and a decoder that crashes or hangs takes only that process.
///
/// The app runs itself with ``argument`` and the video's path; the process writes a header line, then the pixels
/// or its words of why not, to standard output, and exits.
public enum VideoPosterProcess {
    /// The argument that makes the app a poster process.
    public static let argument = "--video-poster"
    /// The header's first word and version.
    static let magic = "CARDSTACK-POSTER 1"
    /// How long the app waits for a poster process: GStreamer's own wait for the frame, and a margin for starting.
    static let timeoutMilliseconds: Int32 = VideoPoster.timeoutMilliseconds + 5_000

    /// The poster process: reads the frame of the video at `path` and writes it to standard output. Returns the
    /// exit status.
    public static func serve(path: UnsafePointer<CChar>) -> Int32 {
        let bytes = Array(UnsafeBufferPointer(start: path, count: strlen(path) + 1))
        var info = stat()
        let result: Result<VideoFrame, VideoPoster.Failure> = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            ? VideoFrame.read(bytes, timeoutMilliseconds: VideoPoster.timeoutMilliseconds)
            : .failure(.unreadable("not a file"))
        switch result {
        case .success(let frame):
            let length = frame.nanoseconds ?? -1
            return write("\(magic) ok \(frame.width) \(frame.height) \(frame.stride) \(length)\n", frame.pixels) ? 0 : 1
        case .failure(.missingDecoder):
            return write("\(magic) missing 0 0 0 -1\n", []) ? 0 : 1
        case .failure(.unreadable(let words)):
            return write("\(magic) unreadable 0 0 0 -1\n", Array(words.utf8.prefix(255))) ? 0 : 1
        }
    }

    /// Writes a header and its body to standard output, all of it.
    private static func write(_ header: String, _ body: [UInt8]) -> Bool {
        for part in [Array(header.utf8), body] {
            var done = 0
            while done < part.count {
                let wrote = part.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, part.count - done) }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { return false }
                done += wrote
            }
        }
        return true
    }

    /// Reads the first frame of the video at `path` (file-system bytes) in a poster process run from `program`;
    /// nil when no process could be started, so the caller reads it in its own.
    static func read(
        _ path: [CChar], program: String, timeoutMilliseconds: Int32 = timeoutMilliseconds
    ) -> Result<VideoFrame, VideoPoster.Failure>? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        // Neither end is left open in another program the app starts; the process gets its own as its output.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = program.withCString { program in
            argument.withCString { flag in
                path.withUnsafeBufferPointer { path in
                    var argv: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: program), UnsafeMutablePointer(mutating: flag),
                                                                 UnsafeMutablePointer(mutating: path.baseAddress), nil]
                    return posix_spawn(&pid, program, &actions, nil, &argv, environ)
                }
            }
        }
        close(ends[1])
        guard spawned == 0 else { return nil }
        let output = readAll(ends[0], timeoutMilliseconds: timeoutMilliseconds)
        if output == nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard let output else { return .failure(.unreadable("timeout")) }
        return parse(output)
    }

    /// The frame, or why not, from a poster process's output.
    public static func parse(_ output: [UInt8]) -> Result<VideoFrame, VideoPoster.Failure> {
        guard let newline = output.prefix(256).firstIndex(of: 0x0A) else { return .failure(.unreadable(tr("no picture"))) }
        let words = String(decoding: output[..<newline], as: UTF8.self).split(separator: " ")
        let body = output[(newline + 1)...]
        guard words.count == 7, words[0...1].joined(separator: " ") == magic,
              let width = Int(words[3]), let height = Int(words[4]), let stride = Int(words[5]), let length = Int64(words[6])
        else { return .failure(.unreadable(tr("no picture"))) }
        switch words[2] {
        case "ok":
            let row = width.multipliedReportingOverflow(by: 3)
            let size = stride.multipliedReportingOverflow(by: height)
            guard width > 0, height > 0, !row.overflow, !size.overflow, stride >= row.partialValue, size.partialValue == body.count,
                  body.count <= VideoFrame.largestByteCount
            else { return .failure(.unreadable(tr("no picture"))) }
            return .success(VideoFrame(pixels: Array(body), width: width, height: height, stride: stride, nanoseconds: length > 0 ? length : nil))
        case "missing": return .failure(.missingDecoder)
        default: return .failure(.unreadable(body.isEmpty ? tr("no picture") : String(decoding: body, as: UTF8.self)))
        }
    }

    /// Everything `descriptor` gives until its end, at most a largest frame and a header; nil when it takes longer
    /// than `timeoutMilliseconds` or gives more.
    private static func readAll(_ descriptor: Int32, timeoutMilliseconds: Int32) -> [UInt8]? {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = monotonicMilliseconds() + Int64(timeoutMilliseconds)
        while true {
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return output }
            output += chunk[0..<got]
            guard output.count <= VideoFrame.largestByteCount + 256 else { return nil }
        }
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }
}
