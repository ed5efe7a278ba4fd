# SPDX-License-Identifier: GPL-3.0-or-later
"""A copy of mutter 43's library whose virtual pointer passes the touchpad's lift on, for the Wayland leg's
second compositor.

mutter 43 (Debian 12) hands `CLUTTER_SCROLL_FINISHED_NONE` to `meta_seat_impl_notify_scroll_continuous_in_impl`
where its virtual pointer should hand on the finish flags of RemoteDesktop's `NotifyPointerAxis`, so an app under
it never gets `scroll-end` for a lift. A desktop's own touchpad does send it. The compiled call site is

    8b 4b 1c  f2 0f 10 4b 10  f2 0f 10 43 08  48 8b 30  83 f9 01  74 XX   (load source, dy, dx, device; wheel?)
    45 31 c0                     xor r8d, r8d          finish flags = none       <- changed
    4c 89 ef                     mov rdi, r13          the seat                  <- changed
    e8 XX XX XX XX               call notify_scroll_continuous_in_impl

Loading the event's flags (`mov r8d, [rbx+0x20]`) is one byte longer than the `xor`, so the six bytes become
that load and a short jump into the alignment padding after the wheel branch, where `mov rdi, r13` and a short
jump back to the call go. The patch is made only when the call site occurs exactly once and the padding is
where it should be, and checked afterwards to change nothing else; another mutter build is refused.
"""
import hashlib
import os
import re
import shutil
import subprocess

# The call site: group 1 is the `je` offset to the wheel branch, group 2 the six bytes changed, group 3 the call.
CALL_SITE = re.compile(
    rb"\x8b\x4b\x1c\xf2\x0f\x10\x4b\x10\xf2\x0f\x10\x43\x08\x48\x8b\x30\x83\xf9\x01\x74(.)"
    rb"(\x45\x31\xc0\x4c\x89\xef)(\xe8....)",
    re.DOTALL,
)
# The wheel branch the `je` leads to, which ends with a short jump back.
WHEEL_BRANCH = re.compile(rb"\xf2\x0f\x10\x15....\x4c\x89\xef\xf2\x0f\x59\xc2\xf2\x0f\x59\xca\xe8....\xeb.", re.DOTALL)
# GCC's multi-byte no-ops, as it pads between functions' blocks; at least five bytes are needed.
PADDING = (
    b"\x0f\x1f\x44\x00\x00",
    b"\x66\x0f\x1f\x44\x00\x00",
    b"\x0f\x1f\x80\x00\x00\x00\x00",
    b"\x0f\x1f\x84\x00\x00\x00\x00\x00",
    b"\x66\x0f\x1f\x84\x00\x00\x00\x00\x00",
    b"\x66\x2e\x0f\x1f\x84\x00\x00\x00\x00\x00",
)
LOAD_FINISH_FLAGS = b"\x44\x8b\x43\x20"  # mov r8d, [rbx+0x20]
MOVE_SEAT = b"\x4c\x89\xef"  # mov rdi, r13
SHORT_JUMP = b"\xeb"
LIBRARY = "libmutter-11.so.0"


class Unpatchable(Exception):
    """This machine's mutter can't be given the lift (not installed, another build)."""


def short_jump(source_end, target):
    distance = target - source_end
    if not -128 <= distance <= 127:
        raise Unpatchable("the padding is out of a short jump's reach")
    return SHORT_JUMP + bytes([distance & 0xFF])


def edits(library):
    """The two changes to make to `library`'s bytes: [(offset, old, new)]."""
    sites = list(CALL_SITE.finditer(library))
    if len(sites) != 1:
        raise Unpatchable(f"the call site occurs {len(sites)} times, not once (another mutter build)")
    site = sites[0]
    offset = site.group(1)[0]
    wheel = site.end(1) + (offset - 256 if offset > 127 else offset)
    branch = WHEEL_BRANCH.match(library, wheel)
    if not branch:
        raise Unpatchable("the wheel branch is not where the call site's jump leads")
    cave = branch.end()
    padding = next((nops for nops in PADDING if library.startswith(nops, cave)), None)
    if padding is None:
        raise Unpatchable("no padding after the wheel branch")
    at_site = LOAD_FINISH_FLAGS + short_jump(site.start(2) + 6, cave)
    in_cave = MOVE_SEAT + short_jump(cave + 5, site.start(3))
    in_cave += b"\x90" * (len(padding) - len(in_cave))
    return [(site.start(2), site.group(2), at_site), (cave, padding, in_cave)]


def system_library():
    """The libmutter the installed mutter links."""
    mutter = shutil.which("mutter")
    if mutter is None:
        raise Unpatchable("mutter is not installed")
    linked = subprocess.run(["ldd", mutter], capture_output=True, text=True).stdout
    for line in linked.splitlines():
        if LIBRARY in line and "=>" in line:
            return line.split("=>")[1].split("(")[0].strip()
    raise Unpatchable(f"mutter links no {LIBRARY} (another mutter than 43)")


def lift_keeping_library(folder):
    """Writes the changed copy of the system's libmutter into `folder` and returns `folder`."""
    source = system_library()
    with open(source, "rb") as f:
        original = f.read()
    patched = bytearray(original)
    changes = edits(original)
    for offset, old, new in changes:
        assert original[offset:offset + len(old)] == old and len(new) == len(old)
        patched[offset:offset + len(new)] = new
    differing = {index for index in range(len(original)) if original[index] != patched[index]}
    intended = {offset + index for offset, old, new in changes for index in range(len(old)) if old[index] != new[index]}
    if differing != intended:
        raise Unpatchable("the copy differs from the library in more than the intended bytes")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, LIBRARY), "wb") as f:
        f.write(patched)
    with open(os.path.join(folder, "source.sha256"), "w") as f:
        f.write(hashlib.sha256(original).hexdigest() + "  " + source + "\n")
    return folder
