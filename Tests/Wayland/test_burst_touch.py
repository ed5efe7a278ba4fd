# SPDX-License-Identifier: GPL-3.0-or-later
"""A burst under real touch input: a tap on its stack opens the duel, a tap on a frame keeps it, two fingers zoom
both frames, and a swipe on a frame keeps it too, settling the burst."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from running_app import RunningApp
from touch_case import BINARY, DECK_CARD, MONITOR, TouchTestCase

# The duel's frames side by side in the maximized window, under the header bar and the duel's bar: the left
# frame's centre and the right frame's.
LEFT_FRAME = (MONITOR[0] // 4, 420)
RIGHT_FRAME = (MONITOR[0] * 3 // 4, 420)


class BurstTouchTests(TouchTestCase):
    def launch_burst(self, blurs=(1.5, 0.4, 3)):
        """The app on a burst of frames of one camera a fifth of a second apart, each blurred by `blurs`."""
        if not shutil.which("exiftool"):
            self.skipTest("needs exiftool (make check installs it)")
        folder = tempfile.mkdtemp(prefix="cardstack-wayland-burst-")
        self.addCleanup(shutil.rmtree, folder, True)
        for index, blur in enumerate(blurs):
            path = os.path.join(folder, f"IMG_{index + 1:04d}.jpg")
            subprocess.run(["convert", "logo:", "-resize", "1200x900!", "-roll", f"+{index * 5}+0", "-blur", f"0x{blur}", path], check=True)
            subprocess.run(["exiftool", "-q", "-overwrite_original", "-Model=Canon EOS R6", "-DateTimeOriginal=2024:07:01 10:00:00",
                            f"-SubSecTimeOriginal={index * 20 + 10}", path], check=True)
        app = RunningApp(BINARY, self.session, folder).__enter__()
        self.addCleanup(app.__exit__, None, None, None)
        return app

    def test_a_tap_opens_the_duel_and_taps_pinches_and_swipes_settle_it(self):
        app = self.launch_burst()
        app.wait_for("burst looks:")
        # One tap on the stack (a photo card waits for a second tap, then opens).
        self.input.tap(DECK_CARD)
        app.wait_for("duel: 3 frames, 2 choices")
        self.screenshot("burst-duel")

        # Two fingers on the left frame zoom both.
        mark = app.mark()
        self.input.pinch(LEFT_FRAME, 100, 400, 0.4)
        app.wait_for("duel: pinch ended at ", after=mark)
        percent = int(app.traced_since(mark, "duel: pinch ended at ")[-1].split()[0])
        print(f"\n  a pinch on the duel from 100 to 400 px ended at {percent} %", file=sys.stderr)
        self.screenshot("burst-duel-pinched")
        self.assertEqual(app.traced("duel: kept"), [], "a pinch keeps nothing")
        self.input.key("z")

        # A tap on the right frame keeps it; the left one is skipped.
        mark = app.mark()
        self.input.tap(RIGHT_FRAME)
        app.wait_for("duel: kept", after=mark)
        kept, skipped = app.traced_since(mark, "duel: kept ")[0].split(", skipped ")

        # A swipe on the left frame (the one kept, now on the left) keeps it: the last choice settles the burst.
        mark = app.mark()
        self.input.touch_drag(LEFT_FRAME, (LEFT_FRAME[0] - 150, LEFT_FRAME[1]), 0.25)
        app.wait_for("duel: ended, kept", after=mark)
        last = app.traced_since(mark, "duel: kept ")[0].split(", skipped ")
        self.assertEqual(last[0], kept, "the frame kept by the tap met the last frame and was kept again")
        decisions = app.export()
        self.assertEqual(decisions[kept], "right", decisions)
        self.assertEqual(sorted(decisions.values()), ["left", "left", "right"], decisions)
        self.assertEqual(decisions[skipped], "left")


if __name__ == "__main__":
    unittest.main()
