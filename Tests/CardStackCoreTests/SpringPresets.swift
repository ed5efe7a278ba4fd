// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// Springs of the platforms the app's motion is compared with, for the tests that check the spring against them.
extension SpringParameters {
    /// SwiftUI's default spring: response 0.5 s, damping fraction 0.825
    /// (`Animation.spring(response:dampingFraction:blendDuration:)` defaults).
    static let swiftUIDefault = SpringParameters(response: 0.5, dampingFraction: 0.825)

    /// SwiftUI's spring for driving interactive motion: response 0.15 s, damping fraction 0.86
    /// (`Animation.interactiveSpring(response:dampingFraction:blendDuration:)` defaults).
    static let swiftUIInteractive = SpringParameters(response: 0.15, dampingFraction: 0.86)

    /// libadwaita's bottom sheet open spring: ζ 0.8, mass 1, stiffness 400 (AdwBottomSheet's open animation).
    static let libadwaitaBottomSheet = SpringParameters(dampingRatio: 0.8, mass: 1, stiffness: 400)

    /// libadwaita's navigation view transition spring: ζ 1, mass 1, stiffness 1000 (AdwNavigationView's push and
    /// pop transition).
    static let libadwaitaNavigation = SpringParameters(dampingRatio: 1, mass: 1, stiffness: 1000)
}
