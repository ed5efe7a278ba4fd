// SPDX-License-Identifier: GPL-3.0-or-later

/// What CardStack knows of one sidecar it wrote a decision into: what the sidecar held without CardStack, what
/// CardStack last wrote, and whether CardStack created the file.
public struct SidecarRecord: Sendable, Equatable {
    /// The values the sidecar held of CardStack's properties before CardStack wrote them (or as another program
    /// last set them since): what taking the decision back restores.
    public var baseline: SidecarValues
    /// The values CardStack last wrote; nil for a record kept by an older version, which did not say.
    public var written: SidecarValues?
    /// Whether there was no sidecar before CardStack wrote one: taken back, an emptied one is removed.
    public var created: Bool

    public init(baseline: SidecarValues, written: SidecarValues?, created: Bool) {
        self.baseline = baseline
        self.written = written
        self.created = created
    }
}

/// The three-way merge of CardStack's properties into a sidecar that other programs also write (darktable,
/// digiKam, Lightroom, exiftool): per property, the baseline, what CardStack wrote, and what the file holds now.
///
/// A property that no longer holds what CardStack wrote was written by another program after CardStack, and
/// that program's value wins: a new decision starts from it, and taking the decision back leaves it alone.
/// Only a property that still holds CardStack's value is CardStack's to change or give back. The merge is
/// pure: the caller reads the sidecar, asks here what to change, and records ``Plan/record`` before writing,
/// so a crash between the two leaves a record that claims at most a value the file does not hold (which the
/// next merge then treats as another program's).
public enum SidecarMerge {
    /// What to do to a sidecar.
    public struct Plan: Sendable, Equatable {
        /// The values to write; a property not named is left as it is, and a nil value clears it.
        public var changes: [SidecarProperty: String?]
        /// What to remember of the sidecar once written; nil when the decision is taken back (nothing of
        /// CardStack's is left in it).
        public var record: SidecarRecord?
        /// Whether the sidecar is to be removed should it hold nothing at all once changed: CardStack created
        /// it and takes its decision back.
        public var removesIfEmpty: Bool

        /// ``changes`` keyed by exiv2's keys (``SidecarProperty/key``), as the sidecar is written.
        public var keyedChanges: [String: String?] {
            Dictionary(uniqueKeysWithValues: changes.map { ($0.key.key, $0.value) })
        }
    }

    /// What deciding with `marks` does to a sidecar holding `current` (`exists` false when there is no file),
    /// of which `record` is what CardStack remembers (nil when CardStack never wrote it, or gave it back).
    public static func deciding(_ marks: SidecarMarks, record: SidecarRecord?, current: SidecarValues, exists: Bool) -> Plan {
        var base = current
        if let record, let written = record.written {
            // Still CardStack's value: the decision is made over what was there before it.
            for property in SidecarProperty.allCases where current[property] == written[property] {
                base[property] = record.baseline[property]
            }
        }
        let wanted = marks.applied(to: base)
        var changes: [SidecarProperty: String?] = [:]
        for property in SidecarProperty.allCases where wanted[property] != current[property] {
            changes[property] = wanted[property]
        }
        let created = !exists || (record?.created ?? false)
        return Plan(changes: changes, record: SidecarRecord(baseline: base, written: wanted, created: created), removesIfEmpty: false)
    }

    /// What taking a decision back does to a sidecar holding `current`, of which `record` is what CardStack
    /// remembers: each property that still holds CardStack's value gets its baseline back; the others are
    /// another program's now. A record that does not say what was written restores nothing.
    public static func takingBack(record: SidecarRecord, current: SidecarValues, exists: Bool) -> Plan {
        var changes: [SidecarProperty: String?] = [:]
        if exists, let written = record.written {
            for property in SidecarProperty.allCases
            where current[property] == written[property] && written[property] != record.baseline[property] {
                changes[property] = record.baseline[property]
            }
        }
        return Plan(changes: changes, record: nil, removesIfEmpty: record.created)
    }
}
