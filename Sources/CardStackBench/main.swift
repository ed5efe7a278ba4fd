// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark harness (issue 5) lands here.
print("cardstack-bench: not built yet")
