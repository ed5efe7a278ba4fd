#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Build one SwiftPM product in release mode and copy the binary to --output.

Called by meson-wrap/meson.build; SwiftPM does its own incremental builds.
"""

import argparse
import os
import shutil
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('--swift', required=True)
    parser.add_argument('--package-path', required=True)
    parser.add_argument('--scratch-path', required=True)
    parser.add_argument('--product', required=True)
    parser.add_argument('--output', required=True)
    args = parser.parse_args()

    # The Swift runtime and Foundation linked in: loading and binding their dozen shared libraries was about a
    # third of what the app spends before GTK starts.
    common = [
        '-c', 'release', '--static-swift-stdlib',
        '--package-path', os.path.abspath(args.package_path),
        '--scratch-path', os.path.abspath(args.scratch_path),
    ]
    subprocess.run([args.swift, 'build', *common, '--product', args.product], check=True)
    bin_path = subprocess.run(
        [args.swift, 'build', *common, '--show-bin-path'],
        check=True, stdout=subprocess.PIPE, text=True,
    ).stdout.strip().splitlines()[-1]

    built = os.path.join(bin_path, args.product)
    if not os.path.isfile(built):
        print(f'swiftpm-build: {built} was not produced', file=sys.stderr)
        return 1
    tmp = args.output + '.tmp'
    shutil.copy2(built, tmp)
    os.replace(tmp, args.output)
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        sys.exit(e.returncode or 1)
