"""An individual evening's letters (SCORING.md §26): each player's own line of the players'
ranking and their boards, each with the partner they played it with.

An individual's players are named without a national number, so a player is found on the
roster by name: a name that is exactly one roster player's (spaces and case aside) gets a
letter at that player's address; a name that is no one's, or several players', gets none
(listed as not reached, never guessed).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from bridgescore.club.clubs import PublicView, RosterEntry
from bridgescore.duplicate.session import IndividualScores, Session
from bridgescore.players import Player

__all__ = ["plan_individual_letters", "player_line"]


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def player_line(scores: IndividualScores, player: int, name: str = "") -> str:
    """The player's own line: ``Player 3 Ann: place 2= of 8, 5.00 matchpoints of 8 (62.50%)``.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.movement.individual import individual
    >>> from bridgescore.duplicate.session import BoardResult, individual_section
    >>> from bridgescore.duplicate.session import score_individual, score_section
    >>> m = individual(8, 1, rounds=4)
    >>> rs = [BoardResult(p.boards[0], *m.pairs_at(p), Result.parse("3NTN+1" if p.table == 1
    ...       else "3NTN="), round=p.round, table=p.table) for p in m.plays]
    >>> scores = score_individual(m, score_section(individual_section(m).with_results(rs)))
    >>> player_line(scores, 8, "Ann")
    'Player 8 Ann: place 1 of 8, 8.00 matchpoints of 8 (100.00%)'
    """
    row = next(r for r in scores.rankings if r.pair.number == player)
    ranked = sum(r.ranked for r in scores.rankings)
    where = f"place {row.rank} of {ranked}" if row.ranked else row.place
    unit = "matchpoints" if scores.pairs.method == "mp" else "IMPs"
    top = scores.players[player].top
    of = f" of {top}" if scores.pairs.method == "mp" else f" over {row.boards} boards"
    percent = "" if row.percent is None else f" ({row.percent:.2f}%)"
    return f"Player {player} {name}".strip() + f": {where}, {row.total:.2f} {unit}{of}{percent}"


def _boards(scores: IndividualScores, player: int, names: dict[int, str]) -> list[str]:
    return [f"Board {line.board}: with {partner} {names.get(partner, '')}".rstrip()
            + f", {line.result.text}, {line.points:.2f}"
            for partner, line in scores.recap(player)]  # fmt: skip


def plan_individual_letters(
    session: Session,
    scores: IndividualScores,
    roster: Sequence[RosterEntry],
    *,
    link: str,
    provisional: bool,
    view: PublicView,
) -> tuple[list[tuple[str, Player, str, str, str, str]], list[tuple[Player, str, str]]]:
    """Each reached player's letter as ``(address, player, label, subject, text, html)``,
    and those not reached as ``(player, label, reason)`` (see the module). Partners are
    shown by number, and by name where ``view`` names them."""
    by_name: dict[str, list[RosterEntry]] = {}
    for entry in roster:
        by_name.setdefault(_key(entry.player.name), []).append(entry)
    one = session.individual
    assert one is not None
    shown = {k: v for k, v in one.names.items() if view.named(Player(v))}
    event = " ".join(x for x in (session.event or "Results", session.date) if x)
    mark = " (provisional)" if provisional else ""
    notice = ("These results are provisional: they may still change during the club's "
              "correction period." if provisional else "")  # fmt: skip
    letters, unreached = [], []
    for number in sorted(scores.players):
        if not scores.players[number].boards:
            continue
        label = f"Player {number}"
        name = one.names.get(number, "")
        found = by_name.get(_key(name), []) if name else []
        player = found[0].player if len(found) == 1 else Player(name or label)
        if len(found) != 1 or found[0].email is None:
            reason = ("no number" if not name else "not on the roster" if not found
                      else "several on the roster" if len(found) > 1 else "no email")  # fmt: skip
            unreached.append((player, label, reason))
            continue
        own = player_line(scores, number, shown.get(number, ""))
        boards = _boards(scores, number, shown)
        greeting = f"Dear {player.name},"
        text = "\n\n".join(x for x in (greeting, f"Your results for {event}{mark}:", own,
                                       "\n".join(boards), notice,
                                       f"All the results: {link}") if x) + "\n"  # fmt: skip
        e = html.escape
        parts = [f"<p>{e(greeting)}</p>", f"<p>Your results for {e(event)}{e(mark)}:</p>",
                 f"<p><strong>{e(own)}</strong></p>",
                 "<ul>" + "".join(f"<li>{e(b)}</li>" for b in boards) + "</ul>",
                 f"<p><strong>{e(notice)}</strong></p>" if notice else "",
                 f"<p>All the results: <a href=\"{e(link)}\">{e(link)}</a></p>"]  # fmt: skip
        page = "<!DOCTYPE html>\n<html><body>\n" + "\n".join(p for p in parts if p)
        subject = f"{event}: your results, {label}{mark}"
        letters.append((found[0].email, player, label, subject, text,
                        page + "\n</body></html>\n"))  # fmt: skip
    return letters, unreached
