# SPDX-License-Identifier: GPL-3.0-or-later
"""Piles, Browse and Sheets under real touch (the Wayland leg): swipe a card back to the
deck, flick the carousel, drag a sheet down and tap a lower sheet."""
import time
import unittest

from touch_case import (BROWSE_CARD, BROWSE_CARD_BOX, CARD_IDS, DECK_CARD, PILE_SECOND_ITEM, PILE_STACK, SHEET_TITLE,
                        TouchTestCase)

# The strip of a covered sheet that shows above the one on top (Card details under Deck info).
LOWER_SHEET_STRIP = (300, 170)


class PilesTouchTests(TouchTestCase):
    def test_touch_swipe_returns_a_card_to_the_deck(self):
        app = self.launch()
        self.swipe((380, 0))
        app.wait_for(f"decided {CARD_IDS[0]} right")
        self.swipe((380, 0))
        app.wait_for(f"decided {CARD_IDS[1]} right")
        self.input.key("Alt_L", "2")
        time.sleep(0.5)  # the page switch's crossfade
        expanding = app.mark()
        self.input.tap(PILE_STACK)  # a tap expands the pile into a list
        # The staggered spring settles: 0.8 s on a quiet machine, longer beside other work.
        app.wait_for("motion: pile moved", after=expanding)
        self.screenshot("expanded")
        mark = app.mark()
        # Newest first: the second item is the first card decided.
        self.input.touch_drag(PILE_SECOND_ITEM, (PILE_SECOND_ITEM[0] + 400, PILE_SECOND_ITEM[1]), 0.25)
        app.wait_for(f"returned {CARD_IDS[0]} from right", after=mark)
        time.sleep(0.5)
        self.screenshot("after-return")
        self.assertEqual(app.traced_since(mark, "deck: "), [f"returned {CARD_IDS[0]} from right"])
        self.assertEqual(app.export(), {CARD_IDS[1]: "right"})


class BrowseTouchTests(TouchTestCase):
    def test_touch_flick_moves_the_carousel_and_a_slow_drag_snaps_back(self):
        app = self.launch()
        self.input.key("Alt_L", "3")
        app.wait_for(f"browse: centred {CARD_IDS[0]}")
        time.sleep(0.5)  # the page switch's crossfade
        # 150 px in 60 ms (2,500 px/s) to the left: the projection carries the strip on, at least one card.
        mark = app.mark()
        self.input.touch_drag(BROWSE_CARD, (BROWSE_CARD[0] - 150, BROWSE_CARD[1]), 0.060)
        app.wait_for("browse: centred", after=mark)
        centred = app.traced_since(mark, "browse: centred ")[-1]
        self.screenshot("after-flick")
        self.assertIn(centred, CARD_IDS[1:])
        # A slow drag of a quarter card, held still, settles back on the same card.
        mark = app.mark()
        self.drag_and_let_go(BROWSE_CARD, (-100, 0), 0.8, BROWSE_CARD_BOX, "slow-drag")
        self.assertEqual(app.traced_since(mark, "browse: centred "), [])
        self.assertEqual(app.export(), {})


class SheetsTouchTests(TouchTestCase):
    def test_tap_opens_details_and_dragging_it_down_closes_it(self):
        app = self.launch()
        self.input.tap(DECK_CARD)
        app.wait_for("sheets: details")
        time.sleep(0.6)  # the sheet rises
        self.screenshot("details-open")
        mark = app.mark()
        self.input.touch_drag(SHEET_TITLE, (SHEET_TITLE[0], SHEET_TITLE[1] + 280), 0.3)
        app.wait_for("sheets: none", after=mark)
        self.assertEqual(app.traced("deck: "), [])

    def test_short_flick_down_closes_a_sheet(self):
        app = self.launch()
        self.input.tap(DECK_CARD)
        app.wait_for("sheets: details")
        time.sleep(0.6)
        mark = app.mark()
        # 60 px in 40 ms: not a quarter of the sheet, but 1,500 pt/s down.
        self.input.touch_drag(SHEET_TITLE, (SHEET_TITLE[0], SHEET_TITLE[1] + 60), 0.040, moves=4)
        app.wait_for("sheets: none", after=mark)

    def test_tapping_a_lower_sheet_closes_the_one_above(self):
        app = self.launch()
        self.input.tap(DECK_CARD)
        app.wait_for("sheets: details")
        self.input.key("Control_L", "i")
        app.wait_for("sheets: details, info")
        time.sleep(0.8)
        self.screenshot("details-under-info")
        mark = app.mark()
        self.input.tap(LOWER_SHEET_STRIP)
        app.wait_for("sheets: details", after=mark)
        self.assertEqual(app.traced_since(mark, "sheets: "), ["details"])


if __name__ == "__main__":
    unittest.main()
