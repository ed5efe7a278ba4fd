// SPDX-License-Identifier: GPL-3.0-or-later

/// The physical constants of a damped spring: mass, stiffness and damping.
///
/// Time is in seconds; the other units follow from the mass unit: stiffness is mass per s² and
/// damping is mass per s, whatever unit the animated value has.
public struct SpringParameters: Sendable, Hashable {
    /// The mass on the spring; heavier springs respond more slowly.
    public var mass: Double
    /// The spring constant k; stiffer springs pull harder towards the target.
    public var stiffness: Double
    /// The damping coefficient c; more damping means less overshoot.
    public var damping: Double

    /// Creates parameters from the raw physical constants.
    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Creates parameters the way SwiftUI's `spring(response:dampingFraction:)` does.
    ///
    /// Mass is 1, k = (2π/response)² and c = 4π·ζ/response, so `response` is the period in
    /// seconds of the undamped spring and `dampingFraction` is the damping ratio ζ.
    public init(response: Double, dampingFraction: Double) {
        let angularFrequency = 2 * Double.pi / response
        self.init(
            mass: 1,
            stiffness: angularFrequency * angularFrequency,
            damping: 4 * Double.pi * dampingFraction / response
        )
    }

    /// Creates parameters the way libadwaita's `adw_spring_params_new` does: c = ζ·2√(mk).
    public init(dampingRatio: Double, mass: Double, stiffness: Double) {
        self.init(
            mass: mass,
            stiffness: stiffness,
            damping: dampingRatio * 2 * (mass * stiffness).squareRoot()
        )
    }

    /// The damping ratio ζ = c / (2√(mk)): below 1 the spring overshoots, at 1 it is critically
    /// damped, above 1 it creeps towards the target.
    ///
    /// Meaningful only for positive mass and stiffness.
    public var dampingRatio: Double {
        damping / (2 * (mass * stiffness).squareRoot())
    }

    /// The angular frequency ω0 = √(k/m) the spring would oscillate at without damping, in rad/s.
    public var undampedAngularFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// libadwaita's carousel scroll spring: ζ 1, mass 0.5, stiffness 500
    /// (AdwCarousel's default `scroll-params`).
    public static let libadwaitaCarousel = SpringParameters(dampingRatio: 1, mass: 0.5, stiffness: 500)
}
