#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check a CardStack JSON deck: valid JSON, non-empty unique ids, every card titled."""

import json
import re
import sys

COLOR = re.compile(r'^#[0-9a-fA-F]{6}$')
DIRECTIONS = {'left', 'right', 'up', 'down'}


def check(path: str) -> list[str]:
    errors = []
    with open(path, encoding='utf-8') as f:
        deck = json.load(f)
    if not isinstance(deck, dict):
        return ['top level is not an object']
    if not isinstance(deck.get('title'), str) or not deck['title'].strip():
        errors.append('deck has no title')
    directions = deck.get('directions', {})
    if not isinstance(directions, dict) or not set(directions) <= DIRECTIONS:
        errors.append(f'directions must be an object with keys from {sorted(DIRECTIONS)}')
    cards = deck.get('cards')
    if not isinstance(cards, list) or not cards:
        return errors + ['deck has no cards']
    seen = set()
    for i, card in enumerate(cards):
        where = f'card {i}'
        if not isinstance(card, dict):
            errors.append(f'{where}: not an object')
            continue
        cid = card.get('id')
        if not isinstance(cid, str) or not cid.strip():
            errors.append(f'{where}: missing id')
        elif cid in seen:
            errors.append(f'{where}: duplicate id {cid!r}')
        else:
            seen.add(cid)
            where = f'card {i} ({cid})'
        if not isinstance(card.get('title'), str) or not card['title'].strip():
            errors.append(f'{where}: missing title')
        for key in ('subtitle', 'body'):
            if key in card and not isinstance(card[key], str):
                errors.append(f'{where}: {key} is not a string')
        if 'color' in card and not (isinstance(card['color'], str) and COLOR.match(card['color'])):
            errors.append(f'{where}: color is not #rrggbb')
    return errors


def main() -> int:
    status = 0
    for path in sys.argv[1:]:
        try:
            errors = check(path)
        except (OSError, ValueError) as e:
            errors = [str(e)]
        for e in errors:
            print(f'{path}: {e}', file=sys.stderr)
        if errors:
            status = 1
        else:
            print(f'{path}: ok')
    return status


if __name__ == '__main__':
    sys.exit(main())
