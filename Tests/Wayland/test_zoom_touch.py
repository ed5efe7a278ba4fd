# SPDX-License-Identifier: GPL-3.0-or-later
"""Zooming into a photo under real touch input: two fingers on the Deck page's photo pinch it larger, and a
double tap brings it back to its card."""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from running_app import RunningApp
from touch_case import BINARY, DECK_CARD, TouchTestCase


class ZoomTouchTests(TouchTestCase):
    def launch_photos(self):
        """The app on a folder of one large photo, made here."""
        folder = tempfile.mkdtemp(prefix="cardstack-wayland-photos-")
        self.addCleanup(shutil.rmtree, folder, True)
        subprocess.run(["convert", "-size", "3000x2000", "gradient:#3584e4-#e01b24", os.path.join(folder, "photo.jpg")],
                       check=True)
        app = RunningApp(BINARY, self.session, folder).__enter__()
        self.addCleanup(app.__exit__, None, None, None)
        return app

    def test_a_touch_pinch_zooms_the_photo_and_a_double_tap_returns_it(self):
        app = self.launch_photos()
        app.wait_for("deck drawn")
        # The photo decodes in the background after the deck is drawn; a placeholder has nothing to enlarge.
        time.sleep(1.0)
        # Two fingers 100 px apart on the photo, spreading to 500 px in 0.4 s.
        self.input.pinch((DECK_CARD[0], DECK_CARD[1] - 100), 100, 500, 0.4)
        app.wait_for("zoom: in photo.jpg")
        app.wait_for("zoom: pinch ended at ")
        percent = int(app.traced("zoom: pinch ended at ")[-1].split()[0])
        print(f"\n  a pinch spreading two fingers from 100 to 500 px ended at {percent} %", file=sys.stderr)
        self.assertGreater(percent, 20, "the photo grew with the fingers")
        self.screenshot("zoom-pinched")
        self.assertEqual(app.traced("deck: "), [], "a pinch decides nothing")
        mark = app.mark()
        self.input.tap(DECK_CARD)
        self.input.tap(DECK_CARD)
        app.wait_for("zoom: out", after=mark)
        self.assertEqual(app.export(), {})

    def test_a_touchpad_pinch(self):
        method = self.input.touchpad_pinch_method()
        if method is None:
            self.skipTest("mutter's RemoteDesktop has no touchpad pinch to inject (its session offers "
                          + ", ".join(sorted(self.session.remote_desktop_methods()))
                          + "); the zoom gesture's handler is driven with synthetic scale changes in "
                          "PhotoZoomViewTests instead")
        self.fail(f"the compositor offers {method}: drive a touchpad pinch with it here")


if __name__ == "__main__":
    unittest.main()
