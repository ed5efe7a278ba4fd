// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// When a photo was taken and by which camera body: what ordering a deck by capture time and finding its bursts
/// read of each photo.
public struct CaptureFacts: Sendable, Equatable {
    /// When it was taken, on the camera's clock, to the fraction of a second where the camera says.
    public var time: CaptureTime?
    /// The camera body: its model, and its serial number where the camera writes one, so two bodies of one model
    /// are two cameras.
    public var camera: String?

    public init(time: CaptureTime?, camera: String?) {
        self.time = time
        self.camera = camera
    }

    /// The body named by `model` and `serialNumber` ("Canon EOS R6 #032021001234"); nil without a model.
    public static func camera(model: String?, serialNumber: String?) -> String? {
        let model = model?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !model.isEmpty else { return nil }
        let serial = serialNumber?.trimmingCharacters(in: .whitespaces) ?? ""
        return serial.isEmpty ? model : model + " #" + serial
    }
}
