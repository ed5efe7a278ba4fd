// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import XCTest

/// Runs code with another file-system user id on this thread (Linux's `setfsuid`), so a test run as root can see
/// what a plain user sees: a folder without permissions is unreadable.
public enum FileSystemIdentity {
    private typealias SetFSUID = @convention(c) (uid_t) -> Int32

    public static func asPlainUser<Result>(_ body: () throws -> Result) throws -> Result {
        guard getuid() == 0 else { return try body() }
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else { throw XCTSkip("no setfsuid") }
        let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
        let nobody: uid_t = 65_534
        _ = setfsuid(nobody)
        defer { _ = setfsuid(0) }
        return try body()
    }
}
