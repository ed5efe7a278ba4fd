// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One stored event and when it happened, as History lists it.
public struct DatedDecisionEvent: Sendable, Equatable {
    public var event: DecisionEvent
    public var date: Date

    /// Pairs `event` with the moment it was stored.
    public init(event: DecisionEvent, date: Date) {
        self.event = event
        self.date = date
    }
}
