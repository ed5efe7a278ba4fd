// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// MD5 (RFC 1321), for the one place a file format asks for it: the freedesktop thumbnail cache names each
/// thumbnail by the MD5 of its file's URI. Not for anything that needs a secure digest.
enum MD5 {
    /// The digest of `bytes`, as 32 lowercase hex digits.
    static func hex(of bytes: [UInt8]) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                let base = chunk + index * 4
                words[index] = UInt32(message[base]) | UInt32(message[base + 1]) << 8 | UInt32(message[base + 2]) << 16 | UInt32(message[base + 3]) << 24
            }
            var (a, b, c, d) = state
            for round in 0..<64 {
                let mixed: UInt32
                let word: Int
                switch round {
                case 0..<16: (mixed, word) = ((b & c) | (~b & d), round)
                case 16..<32: (mixed, word) = ((d & b) | (~d & c), (5 * round + 1) % 16)
                case 32..<48: (mixed, word) = (b ^ c ^ d, (3 * round + 5) % 16)
                default: (mixed, word) = (c ^ (b | ~d), (7 * round) % 16)
                }
                let sum = a &+ mixed &+ constants[round] &+ words[word]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shifts[round] | sum >> (32 - shifts[round]))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        let digest = [state.0, state.1, state.2, state.3].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    /// The per-round left rotations.
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// The integer parts of |sin(i + 1)| × 2³², as RFC 1321 tabulates them.
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }
}
