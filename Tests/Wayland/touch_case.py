# SPDX-License-Identifier: GPL-3.0-or-later
"""What every Wayland test shares: one compositor per test class, an app per test on the sample deck, where
things are on the screen, screenshots kept for a person to look at, and pixel comparisons."""
import json
import os
import subprocess
import time
import unittest

from compositor import CompositorUnavailable, WaylandSession
from remote_input import RemoteInput
from running_app import RunningApp

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("CARDSTACK_BINARY") or os.path.join(REPOSITORY, ".build", "debug", "cardstack")
SAMPLE_DECK = os.path.join(REPOSITORY, "data", "decks", "sample.json")
SCREENSHOTS = os.environ.get("CARDSTACK_SCREENSHOTS") or os.path.join(REPOSITORY, ".build", "wayland-screenshots")

# The monitor, and where things are on it with the window maximized, read off screenshots of this size.
MONITOR = (1024, 768)
DECK_CARD = (512, 345)               # the Deck page's front card, centre
DECK_CARD_BOX = (315, 71, 394, 546)  # x, y, width, height of that card
BROWSE_CARD = (512, 380)             # Browse's centred card, centre
BROWSE_CARD_BOX = (311, 99, 402, 559)
PILE_STACK = (512, 250)              # the second pile ("Read", right) collapsed, under an empty first pile
PILE_SECOND_ITEM = (512, 440)        # the second card of that pile once expanded, when it holds two
SHEET_TITLE = (300, 460)             # the title row of a half-open sheet, clear of its buttons

with open(SAMPLE_DECK) as f:
    CARD_IDS = [card["id"] for card in json.load(f)["cards"]]


class TouchTestCase(unittest.TestCase):
    """Starts the compositor once for the class; `launch()` starts the app on a fresh home."""

    session = None
    # A folder with the libmutter the compositor loads instead of the system's (see `lift_keeping_libmutter`).
    libmutter = None

    @classmethod
    def setUpClass(cls):
        if not os.access(BINARY, os.X_OK):
            raise unittest.SkipTest(f"no cardstack binary at {BINARY}: build it first (make check does)")
        try:
            cls.session = WaylandSession(MONITOR, libmutter=cls.libmutter).__enter__()
        except CompositorUnavailable as error:
            # `make check` installs the compositor, so there a missing one is a failure, never a quiet skip.
            if os.environ.get("CARDSTACK_WAYLAND_REQUIRED") == "1":
                raise
            raise unittest.SkipTest(f"no Wayland compositor: {error}")
        cls.input = RemoteInput(cls.session)

    @classmethod
    def tearDownClass(cls):
        if cls.session:
            cls.session.__exit__(None, None, None)

    def launch(self):
        """The app on the sample deck, maximized, ended when the test ends."""
        app = RunningApp(BINARY, self.session, SAMPLE_DECK).__enter__()
        self.addCleanup(app.__exit__, None, None, None)
        return app

    def screenshot(self, name):
        """Saves the monitor as `name`.png in the screenshots folder and returns its path."""
        os.makedirs(SCREENSHOTS, exist_ok=True)
        return self.input.screenshot(os.path.join(SCREENSHOTS, f"{type(self).__name__}-{name}.png"))

    def wait_for_picture(self, reference, box, name, timeout=5.0):
        """Takes screenshots until `box` looks as it does on `reference` (an animation settled back), and
        returns the last difference (the fraction of the box's pixels that differ)."""
        deadline = time.monotonic() + timeout
        while True:
            shot = self.screenshot(name)
            difference = region_difference(reference, shot, box)
            if difference < 0.01 or time.monotonic() > deadline:
                return difference
            time.sleep(0.1)

    def drag_and_let_go(self, start, delta, seconds, box, name):
        """A slow finger from `start` by `delta`, held still and let go; checks on screenshots that what it
        held moved under the finger and then settled back where it was."""
        before = self.screenshot(f"{name}-before")
        held = []
        end = (start[0] + delta[0], start[1] + delta[1])
        self.input.touch_drag(start, end, seconds,
                              before_lift=lambda: held.append(self.screenshot(f"{name}-held")))
        self.assertGreater(region_difference(before, held[0], box), 0.05, "the drag moved nothing")
        difference = self.wait_for_picture(before, box, f"{name}-after")
        self.assertLess(difference, 0.01, "what the finger moved did not settle back where it was")

    def swipe(self, delta, seconds=0.25):
        """One finger across the Deck page's front card by `delta`."""
        self.input.touch_drag(DECK_CARD, (DECK_CARD[0] + delta[0], DECK_CARD[1] + delta[1]), seconds)


def region_difference(first, second, box):
    """The fraction of the pixels in `box` (x, y, width, height) that differ by more than 10% between two
    screenshots (ImageMagick's absolute error count)."""
    x, y, width, height = box
    crop = f"[{width}x{height}+{x}+{y}]"
    result = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", first + crop, second + crop, "null:"],
                            capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"compare failed: {result.stderr.strip()}")
    return float(result.stderr.split()[0]) / (width * height)
