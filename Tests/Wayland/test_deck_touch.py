# SPDX-License-Identifier: GPL-3.0-or-later
"""The Deck page under real touch and touchpad input: each test checks what the store exported and,
where pixels tell, a screenshot."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from libmutter_lift import Unpatchable, lift_keeping_library
from touch_case import CARD_IDS, DECK_CARD, DECK_CARD_BOX, TouchTestCase

# A flick below the distance threshold but above the flick speed: 60 px in 30 ms is 2,000 px/s (the recognizer
# decides above 1,100 px/s).
FLICK_DISTANCE = 60
FLICK_SECONDS = 0.030
FLICK_MOVES = 3
FLICK_TRIES = 10


def held_gesture_then_two_swipes(case):
    """A two-finger gesture held until the silence ends it, then two full swipes right: each swipe decides a
    card, and only those two. Returns the app."""
    app = case.launch()
    case.input.move_pointer(DECK_CARD)
    case.input.touchpad_swipe((-50, 0), lift=False)
    app.wait_for("touchpad: swipe ended by silence")
    for card in CARD_IDS[:2]:
        case.input.touchpad_swipe((-400, 0))
        app.wait_for(f"decided {card} right")
    case.assertEqual(app.traced("deck: "), [f"decided {card} right" for card in CARD_IDS[:2]])
    case.assertEqual(app.export(), {card: "right" for card in CARD_IDS[:2]})
    return app


class DeckTouchTests(TouchTestCase):
    def test_touch_swipes_right_and_up_decide(self):
        app = self.launch()
        self.swipe((380, 0))
        app.wait_for(f"decided {CARD_IDS[0]} right")
        self.swipe((0, -300))
        app.wait_for(f"decided {CARD_IDS[1]} up")
        self.screenshot("after-right-and-up")
        self.assertEqual(app.traced("deck: "), [f"decided {CARD_IDS[0]} right", f"decided {CARD_IDS[1]} up"])
        self.assertEqual(app.export(), {CARD_IDS[0]: "right", CARD_IDS[1]: "up"})

    def test_slow_short_touch_drag_springs_back(self):
        app = self.launch()
        # 80 px in 0.8 s, then held still: neither far nor fast enough.
        self.drag_and_let_go(DECK_CARD, (80, 0), 0.8, DECK_CARD_BOX, "slow-drag")
        self.assertEqual(app.traced("deck: "), [])
        self.assertEqual(app.export(), {})

    def test_short_fast_flicks_decide_while_both_cores_are_busy(self):
        busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
        try:
            app = self.launch()
            decided = []
            sequences = []
            for attempt in range(FLICK_TRIES):
                mark = app.mark()
                self.input.touch_drag(DECK_CARD, (DECK_CARD[0] + FLICK_DISTANCE, DECK_CARD[1]), FLICK_SECONDS,
                                      moves=FLICK_MOVES)
                try:
                    app.wait_for("deck: decided", timeout=5, after=mark)
                except AssertionError:
                    pass  # the card sprang back; counted below
                decided += app.traced_since(mark, "deck: ")
                # How the app received the flick: each event's time after the press, and where it was.
                sequences += [f"{attempt + 1}: {line}" for line in app.traced_since(mark, "drag: ")]
                time.sleep(0.3)  # the card flies off; a person lifts the finger and comes back
        finally:
            for process in busy:
                process.kill()
                process.wait()
        print(f"\n  {len(decided)} of {FLICK_TRIES} flicks of {FLICK_DISTANCE} px in {FLICK_SECONDS * 1000:.0f} ms "
              "decided a card with two busy loops running", file=sys.stderr)
        print("\n".join(f"    {sequence}" for sequence in sequences), file=sys.stderr)
        self.assertEqual(decided, [f"decided {card} right" for card in CARD_IDS[:FLICK_TRIES]], "\n".join(sequences))
        self.assertEqual(app.export(), {card: "right" for card in CARD_IDS[:FLICK_TRIES]})

    def test_a_short_flick_whose_lift_comes_late_decides(self):
        """The finger lifts where the last move left it, 30 ms later (a busy compositor's delay): that wait is no
        slowing of the flick."""
        app = self.launch()
        for card in CARD_IDS[:3]:
            mark = app.mark()
            self.input.touch_drag(DECK_CARD, (DECK_CARD[0] + FLICK_DISTANCE, DECK_CARD[1]), FLICK_SECONDS,
                                  moves=FLICK_MOVES, before_lift=lambda: time.sleep(0.030))
            try:
                app.wait_for(f"decided {card} right", timeout=5, after=mark)
            except AssertionError:
                self.fail(f"the flick sprang back: {app.traced_since(mark, 'drag: ')}")
            time.sleep(0.3)
        self.assertEqual(app.export(), {card: "right" for card in CARD_IDS[:3]})

    def test_a_flick_handled_late_in_two_batches_decides(self):
        """The app is stopped while a finger flicks (a main loop busy with other work), then handles the press and
        the moves at once, and is stopped again until well after the lift, which came 30 ms after the last move:
        the events' own times, not when they were handled, make it a flick."""
        app = self.launch()
        self.swipe((380, 0))  # a gesture handled promptly, as a person's first swipe is
        app.wait_for(f"decided {CARD_IDS[0]} right")
        time.sleep(0.3)
        mark = app.mark()

        def handle_the_moves_then_stall():
            os.kill(app.process.pid, signal.SIGCONT)
            time.sleep(0.020)
            os.kill(app.process.pid, signal.SIGSTOP)
            time.sleep(0.010)

        os.kill(app.process.pid, signal.SIGSTOP)
        try:
            self.input.touch_drag(DECK_CARD, (DECK_CARD[0] + FLICK_DISTANCE, DECK_CARD[1]), FLICK_SECONDS,
                                  moves=FLICK_MOVES, before_lift=handle_the_moves_then_stall)
            time.sleep(0.060)
        finally:
            os.kill(app.process.pid, signal.SIGCONT)
        try:
            app.wait_for(f"decided {CARD_IDS[1]} right", timeout=5, after=mark)
        except AssertionError:
            self.fail(f"the flick sprang back: {app.traced_since(mark, 'drag: ')}")
        self.assertEqual(app.export(), {card: "right" for card in CARD_IDS[:2]})

    def test_two_finger_touchpad_swipe_decides(self):
        app = self.launch()
        self.input.move_pointer(DECK_CARD)
        self.input.touchpad_swipe((-400, 0))  # fingers to the right (natural scrolling)
        app.wait_for(f"decided {CARD_IDS[0]} right")
        app.wait_for("touchpad: swipe ended by ")
        self.assertEqual(app.export(), {CARD_IDS[0]: "right"})
        ending = app.traced("touchpad: swipe ended by ")
        if ending != ["scroll-end"]:
            print(f"\n  the compositor sent no scroll-end (mutter 43's virtual pointer drops the lift): the swipe "
                  f"ended by {', '.join(ending)}", file=sys.stderr)

    def test_touchpad_lift_arrives_as_scroll_end(self):
        app = self.launch()
        self.input.move_pointer(DECK_CARD)
        self.input.touchpad_swipe((-60, 0))
        app.wait_for("touchpad: swipe ended by ")
        ending = app.traced("touchpad: swipe ended by ")
        if ending == ["silence"]:
            self.skipTest("the compositor delivers no scroll-end for a lift (mutter 43's virtual pointer drops "
                          "NotifyPointerAxis's finish flag); the swipe ended after the silence instead")
        self.assertEqual(ending, ["scroll-end"])

    def test_touchpad_gesture_without_an_end_springs_back(self):
        app = self.launch()
        before = self.screenshot("before-touchpad-hold")
        self.input.move_pointer(DECK_CARD)
        self.input.touchpad_swipe((-50, 0), lift=False)  # a quarter card width decides; this is half that
        app.wait_for("touchpad: swipe ended by silence")
        difference = self.wait_for_picture(before, DECK_CARD_BOX, "after-touchpad-hold")
        self.assertLess(difference, 0.01, "the card stayed where the fingers left it")
        self.assertEqual(app.traced("deck: "), [])

    def test_touchpad_gesture_without_an_end_does_not_block_the_next_touch_swipe(self):
        app = self.launch()
        self.input.move_pointer(DECK_CARD)
        self.input.touchpad_swipe((-50, 0), lift=False)  # a quarter card width decides; this is half that
        self.swipe((380, 0))
        app.wait_for(f"decided {CARD_IDS[0]} right")
        self.assertEqual(app.traced("touchpad: swipe ended by "), ["another gesture"])
        self.assertEqual(app.traced("deck: "), [f"decided {CARD_IDS[0]} right"])
        self.assertEqual(app.export(), {CARD_IDS[0]: "right"})

    def test_touchpad_swipes_after_a_gesture_without_an_end_each_decide(self):
        # GTK never saw the held gesture end, so it takes the next swipe for more of the same scroll and sends
        # no scroll-begin: that swipe must decide all the same, and so must the one after it.
        held_gesture_then_two_swipes(self)

    def test_a_second_finger_does_not_steal_the_drag(self):
        app = self.launch()
        x, y = DECK_CARD
        self.input.touch_down((x, y), slot=0)
        for step in range(1, 11):
            self.input.touch_move((x + 15 * step, y), slot=0)
            time.sleep(0.01)
        # A second finger lands on the card and moves the other way while the first goes on.
        self.input.touch_down((x - 100, y + 150), slot=1)
        for step in range(1, 21):
            self.input.touch_move((x - 100 - 10 * step, y + 150), slot=1)
            self.input.touch_move((x + 150 + 12 * step, y), slot=0)
            time.sleep(0.01)
        self.input.touch_up(slot=1)
        self.input.touch_up(slot=0)
        app.wait_for("deck: decided")
        time.sleep(0.5)  # a second decision, if the second finger made one, would come now
        self.assertEqual(app.traced("deck: "), [f"decided {CARD_IDS[0]} right"])
        self.assertEqual(app.export(), {CARD_IDS[0]: "right"})


class DeckTouchpadWithLiftsTests(TouchTestCase):
    """The touchpad under the other libmutter behaviour: a compositor that passes the lift on, as a desktop's
    does (mutter's own virtual pointer drops it)."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="cardstack-libmutter-")
        try:
            cls.libmutter = lift_keeping_library(cls.folder)
        except Unpatchable as error:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise unittest.SkipTest(f"no libmutter that passes the lift on: {error}")
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_touchpad_swipes_after_a_gesture_without_an_end_each_decide(self):
        # The held gesture still ends by the silence (its fingers never lift); the swipes after it end by their
        # lift, and each decides.
        app = held_gesture_then_two_swipes(self)
        app.wait_for("touchpad: swipe ended by scroll-end")
        self.assertIn("scroll-end", app.traced("touchpad: swipe ended by "), "the lift arrived")

    def test_touchpad_lift_arrives_as_scroll_end(self):
        app = self.launch()
        self.input.move_pointer(DECK_CARD)
        self.input.touchpad_swipe((-60, 0))
        app.wait_for("touchpad: swipe ended by ")
        self.assertEqual(app.traced("touchpad: swipe ended by "), ["scroll-end"])
        self.assertEqual(app.traced("deck: "), [])


if __name__ == "__main__":
    unittest.main()
