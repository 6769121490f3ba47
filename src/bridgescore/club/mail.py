"""Results by email: a club's SMTP settings, each player's letter, and when to try again.

The rules of the club's mailing, with no I/O (storage keeps the outbox, a thread sends it):

- :class:`SmtpSettings`: where the club's mail goes out (host, port, TLS, login, From); a
  password is never in its ``repr`` or :meth:`~SmtpSettings.to_dict`.
- :func:`scorecard_text` / :func:`scorecard_html`: a pair's scorecard (its recap: each board's
  opponents, result, score and points, then its total, percentage and place).
- :func:`plan_letters`: who gets a letter (a pair's player whose national number is on the
  roster with an email), and who cannot (listed, with the reason). A player the roster says
  may not be named still gets their own letter; every letter shows such a player (an opponent,
  a partner) by their number, as the public pages do.
- :func:`plan_team_letters`: a team night's: each team member on the roster with an email
  gets the team's matches (opponents, IMPs, VPs) and the standings.
- :func:`check_mailing`: whether the director may send the evening's letters now.
- :func:`check_destination`: whether a club's mail may go to an address (a public one only,
  unless the server's operator allows a relay on this machine or its private network).
- :class:`Retry`: the wait before a temporary failure (an SMTP 4xx, a lost connection) is
  tried again, and when to give up.

>>> s = SmtpSettings("smtp.example.org", 587, "starttls", "results@acol.example",
...                  username="results", password="s3cret")
>>> s
SmtpSettings(host='smtp.example.org', port=587, security='starttls', \
sender='results@acol.example', username='results')
>>> s.to_dict()["password_set"], "s3cret" in repr(s.to_dict())
(True, False)
"""

from __future__ import annotations

import html
import ipaddress
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from bridgescore.club.clubs import PublicView, RosterEntry, check_email
from bridgescore.club.words import ENGLISH, Words
from bridgescore.duplicate.session import Pair, SectionScores, Session, individual_scores
from bridgescore.errors import BridgeError
from bridgescore.events import Event, EventKind
from bridgescore.masterpoints import Award
from bridgescore.players import Player

__all__ = [
    "ENGLISH",
    "SECURITIES",
    "AlreadySentError",
    "Letter",
    "MailError",
    "MailPlan",
    "MailingError",
    "Retry",
    "Security",
    "SmtpSettings",
    "StaleLettersError",
    "Unreached",
    "Words",
    "check_destination",
    "check_mailing",
    "is_temporary",
    "plan_letters",
    "plan_team_letters",
    "scorecard_html",
    "scorecard_text",
    "team_text",
]

Security = Literal["starttls", "tls", "none"]
"""How the connection to the SMTP server is protected: STARTTLS (port 587), TLS from the first
byte (port 465), or none (a server on this machine only: the password would travel in clear)."""
SECURITIES: Final[tuple[Security, ...]] = get_args(Security)

_HOST: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]")


class MailError(BridgeError, ValueError):
    """SMTP settings that will not do, or a mailing that cannot be sent now."""


class MailingError(MailError):
    """A mailing that cannot be sent now: the session is open, the club has no SMTP settings
    (or none this server can read), or one of the kinds below."""


class AlreadySentError(MailingError):
    """The evening's letters were sent already (ask for them ``again`` to send a new set)."""


class StaleLettersError(MailingError):
    """The session changed after its letters were written: look at them again."""


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine (``localhost``, 127.0.0.0/8, ``::1``).

    >>> _loopback("localhost"), _loopback("127.0.0.2"), _loopback("[::1]"), _loopback("a.org")
    (True, True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


_NAT64: Final = ipaddress.IPv6Network("64:ff9b::/96")


def _inner(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries (IPv4-mapped, 6to4, Teredo's server, NAT64)."""
    if isinstance(ip, ipaddress.IPv4Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[0]
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def check_destination(address: str, host: str, *, local: bool = False) -> None:
    """Whether a club's letters may go to ``address`` (an IP address ``host`` names or
    resolves to): a public one only. ``local``: the server's operator allows a relay on this
    machine or its private network (loopback, RFC 1918, unique local); link-local (a cloud's
    metadata service), unspecified, multicast and reserved addresses are never allowed. An
    IPv6 address carrying an IPv4 one is judged by that one. Nothing if allowed.

    >>> check_destination("192.0.43.10", "mail.example.org")
    >>> check_destination("127.0.0.1", "localhost", local=True)
    >>> check_destination("::ffff:169.254.169.254", "mail.example.org", local=True)
    Traceback (most recent call last):
    ...
    bridgescore.club.mail.MailError: the mail server mail.example.org is at a link-local \
address (::ffff:169.254.169.254): this server does not send mail there

    :raises MailError: (field ``host``) for any other address, or text that is none.
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0].strip("[]"))
    except ValueError:
        raise MailError.coded("mail_not_ip", field="host", value=host,
                              address=address[:64]) from None  # fmt: skip
    one = _inner(ip) or ip
    kind = ("an unspecified" if one.is_unspecified else "a loopback" if one.is_loopback
            else "a multicast" if one.is_multicast else "a link-local" if one.is_link_local
            else "a reserved" if one.is_reserved else "a private" if not one.is_global
            else "")  # fmt: skip
    if kind and not (local and kind in ("a loopback", "a private")):
        allow = (" unless its operator allows a relay on this machine or its network"
                 if kind in ("a loopback", "a private") else "")  # fmt: skip
        raise MailError(f"the mail server {host} is at {kind} address ({address}): this "
                        f"server does not send mail there{allow}", field="host",
                        value=host)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    """A club's outgoing mail server, and the address its letters come from."""

    host: str
    port: int
    security: Security
    sender: str
    """The From address."""
    username: str | None = None
    """The login's user name; None: the server takes mail without a login."""
    password: str | None = field(default=None, repr=False)
    """The login's password: never shown back, logged or in the ``repr``."""

    def __post_init__(self) -> None:
        if not (len(self.host) <= 253 and _HOST.fullmatch(self.host)):
            raise MailError.coded("mail_host", field="host", value=self.host[:253],
                                  host=self.host[:253])  # fmt: skip
        if self.port.__class__ is not int or not 1 <= self.port <= 65535:
            raise MailError.coded("mail_port", field="port", value=self.port,
                                  got=repr(self.port))  # fmt: skip
        if self.security not in SECURITIES:
            raise MailError.coded("mail_security", field="security", value=self.security,
                                  got=repr(self.security),
                                  choices=", ".join(SECURITIES))  # fmt: skip
        if self.security == "none" and not _loopback(self.host):
            raise MailError.coded("mail_no_tls", field="security", value=self.security,
                                  host=self.host)  # fmt: skip
        object.__setattr__(self, "sender", check_email(self.sender))
        for name in ("username", "password"):
            value = getattr(self, name)
            if value is not None and not (0 < len(value) <= 254 and value.isprintable()):
                raise MailError.coded("mail_login_text", field=name, name=name)
        if (self.username is None) != (self.password is None):
            raise MailError.coded("mail_login_both", field="password")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, without the password (``password_set`` says whether there is one)."""
        return {"host": self.host, "port": self.port, "security": self.security,
                "sender": self.sender, "username": self.username,
                "password_set": self.password is not None}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Letter:
    """One player's letter (or two players', when partners share an address)."""

    to: str
    """The address, as on the roster."""
    players: tuple[Player, ...]
    """Whom it greets: the player, or both partners when they share the address."""
    pair: str
    """The pair's label (``NS 3``), and its section's name before it when there are several."""
    subject: str
    """``Monday pairs 2026.11.03: your scorecard, NS 3``, and ``(provisional)`` while the
    correction period runs."""
    text: str
    """The plain text: the greeting, the scorecard, the provisional notice, the results link."""
    html: str
    """The same as an HTML page, the scorecard as a table."""


@dataclass(frozen=True, slots=True)
class Unreached:
    """A player who gets no letter, and why."""

    player: Player
    pair: str
    reason: str
    """``no number`` (the pair's players are not known by national number), ``not on the
    roster``, or ``no email``."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {**self.player.to_dict(), "pair": self.pair, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class MailPlan:
    """The evening's letters, and the players who get none."""

    letters: tuple[Letter, ...]
    unreached: tuple[Unreached, ...]


@dataclass(frozen=True, slots=True)
class Retry:
    """When a message that failed for now is tried again: ``first`` seconds after the first
    failure, twice as long after each next one (at most ``longest``), ``most`` tries in all.

    >>> r = Retry(first=60, most=5)
    >>> [r.wait(n) for n in (1, 2, 3)], r.gives_up(5), r.gives_up(4)
    ([60.0, 120.0, 240.0], True, False)
    """

    first: float = 60.0
    most: int = 8
    longest: float = 6 * 3600.0

    def wait(self, tries: int) -> float:
        """Seconds to wait after the ``tries``-th failed try."""
        return float(min(self.longest, self.first * 2 ** max(0, tries - 1)))

    def gives_up(self, tries: int) -> bool:
        """Whether ``tries`` tries are all there will be."""
        return tries >= self.most


def is_temporary(code: int) -> bool:
    """Whether an SMTP reply code is a temporary failure (4xx: try again later, RFC 5321
    §4.2.1) rather than a permanent one (5xx).

    >>> is_temporary(451), is_temporary(550)
    (True, False)
    """
    return 400 <= code < 500


def check_mailing(*, closed: bool, earlier: int, again: bool) -> None:
    """Whether the director may send the evening's letters: once it is closed, and once
    (``again`` sends a new set, for corrected results). Nothing if so.

    >>> check_mailing(closed=True, earlier=0, again=False)
    >>> check_mailing(closed=True, earlier=1, again=False)
    Traceback (most recent call last):
    ...
    bridgescore.club.mail.AlreadySentError: the letters were sent already: ask again to send a \
new set

    :raises MailingError: while the session is open.
    :raises AlreadySentError: if they were sent before and ``again`` is false.
    """
    if not closed:
        raise MailingError.coded("mailing_close_first", field="closed", value=closed)
    if earlier and not again:
        raise AlreadySentError.coded("letters_sent", field="again", value=again)


# -- the scorecard ---------------------------------------------------------------------------


def _figure(x: float, words: Words = ENGLISH) -> str:
    return words.number(x, 2)


def _score(score: object) -> str:
    return str(score)


def _rows(
    scored: SectionScores, pair: Pair, view: PublicView, words: Words = ENGLISH
) -> list[list[str]]:
    rows = []
    for x in scored.recap(pair.number, pair.side):
        against = view.pair(x.opponent)
        rows.append([str(x.board), words.side(x.sat.value),
                     f"{words.pair(against.label)} {against.names}".strip(),
                     x.result.text, _score(x.score), _figure(x.points, words),
                     "" if x.top is None else str(x.top)])  # fmt: skip
    return rows


def _summary(scored: SectionScores, pair: Pair, words: Words = ENGLISH) -> str:
    """The pair's place and total: ``place 1 of 3 (NS), 6.00 matchpoints of 8 (75.00%)``."""
    field_rows = scored.rankings.get(pair.side, [])
    found = next((r for r in field_rows if r.pair.key == pair.key), None)
    if found is None or not found.boards:
        return words.gettext("no boards scored")
    side = f" ({words.side(pair.side.value)})" if pair.side else ""
    ranked = sum(r.ranked for r in field_rows)
    where = (words.gettext("place {rank} of {ranked}").format(rank=found.rank, ranked=ranked)
             + side if found.ranked else f"{found.place}{side}")  # fmt: skip
    total = _figure(found.total, words)
    if scored.method != "mp":
        return words.ngettext("{where}, {total} IMPs over {boards} board",
                              "{where}, {total} IMPs over {boards} boards",
                              found.boards).format(where=where, total=total,
                                                   boards=found.boards)  # fmt: skip
    tops = scored.pairs[pair.key].top
    if found.percent is None:
        return words.gettext("{where}, {total} matchpoints of {top}").format(
            where=where, total=total, top=tops)  # fmt: skip
    return words.gettext("{where}, {total} matchpoints of {top} ({percent}%)").format(
        where=where, total=total, top=tops, percent=words.number(found.percent, 2))  # fmt: skip


def _head(scored: SectionScores, words: Words = ENGLISH) -> tuple[str, ...]:
    head = (
        words.gettext("Board"),
        words.gettext("Sat"),
        words.gettext("Against"),
        words.gettext("Result"),
        words.gettext("Score"),
    )
    return (
        (*head, words.gettext("MP"), words.gettext("Top"))
        if scored.method == "mp"
        else (*head, words.gettext("IMPs"), "")
    )


EVERYONE: Final = PublicView()
"""The view that names every player (a scorecard's default)."""


def scorecard_text(scored: SectionScores, pair: Pair, view: PublicView = EVERYONE,
                   words: Words = ENGLISH) -> str:  # fmt: skip
    """A pair's scorecard as plain text: one line a board, then its place and total. Players
    ``view`` may not name (the club's :class:`~bridgescore.club.PublicView`) are shown by
    their number; ``words``: its language.

    >>> from bridgescore import Result, Side
    >>> from bridgescore.duplicate.session import BoardResult, Section, score_section
    >>> s = score_section(Section("A", "mitchell", results=[BoardResult(1, 1, 1,
    ...     Result.parse("4SS=")), BoardResult(1, 2, 2, Result.parse("4SS+1"))]))
    >>> print(scorecard_text(s, s.section.pair(2, Side.NS)))
    NS 2: place 1 of 2 (NS), 2.00 matchpoints of 2 (100.00%)
    Board  Sat  Against  Result  Score  MP    Top
    1      NS   EW 2     4SS+1   450    2.00  2
    """
    rows = [list(_head(scored, words)), *_rows(scored, pair, view, words)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    shown = view.pair(pair)
    title = f"{words.pair(shown.label)} {shown.names}".strip()
    return "\n".join([f"{title}: {_summary(scored, pair, words)}", *lines])


def scorecard_html(scored: SectionScores, pair: Pair, view: PublicView = EVERYONE,
                   words: Words = ENGLISH) -> str:  # fmt: skip
    """A pair's scorecard as a simple HTML table (every value escaped)."""
    shown = view.pair(pair)
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in _head(scored, words))
    body = "".join(
        "<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>"
        for row in _rows(scored, pair, view, words)
    )
    return (f"<p><strong>{e(f'{words.pair(shown.label)} {shown.names}'.strip())}</strong>: "
            f"{e(_summary(scored, pair, words))}</p>\n<table border=\"1\" cellpadding=\"4\" "
            f"style=\"border-collapse:collapse\"><tr>{head}</tr>{body}</table>")  # fmt: skip


# -- who gets what ---------------------------------------------------------------------------


def plan_letters(
    session: Session,
    scores: Sequence[SectionScores],
    roster: Sequence[RosterEntry],
    *,
    link: str,
    provisional: bool,
    view: PublicView | None = None,
    awards: Mapping[Pair, Award] | None = None,
    words: Words = ENGLISH,
) -> MailPlan:
    """The evening's letters: each pair's player whose national number is on the roster with
    an email gets the pair's scorecard and the results ``link`` (partners sharing an address,
    one letter). A player the roster may not name gets their own letter, and is shown by
    number in every letter; the others are listed in :attr:`MailPlan.unreached`.
    ``provisional``: the results may still change (the letters say so); ``view``: how the
    letters show other players (default: the roster's players who may not be named by
    number); ``awards``: each pair's masterpoints by the club's scheme (each letter says its
    pair's; None: the club awards none); ``words``: the letters' language (the club's)."""
    by_number = {e.player.number: e for e in roster if e.player.number}
    if view is None:
        view = PublicView(private=frozenset(e.player.number for e in roster
                                            if e.player.number and not e.public))  # fmt: skip
    if session.individual is not None and scores:  # each player's own line (SCORING.md §26)
        from bridgescore.club.individual_mail import plan_individual_letters

        ranked = individual_scores(session.individual, scores[0])
        mine, lost = plan_individual_letters(session, ranked, roster, link=link,
                                               provisional=provisional, view=view)  # fmt: skip
        return MailPlan(tuple(Letter(to, (p,), label, subject, text, page)
                              for to, p, label, subject, text, page in mine),
                        tuple(Unreached(*x) for x in lost))  # fmt: skip
    letters: list[Letter] = []
    unreached: list[Unreached] = []
    several = len(scores) > 1
    for scored in scores:
        for pair in scored.section.pairs:
            if pair.key not in scored.pairs:
                continue  # a pair that played no board
            label = f"{scored.section.name} {pair.label}" if several else pair.label
            players = pair.players or tuple(
                Player(name.strip()) for name in pair.names.split("&") if name.strip()
            )
            to, missed = _reach(players, label, by_number)
            unreached += missed
            for address, whom in to.items():
                letters.append(_letter(session, scored, pair, label, address, tuple(whom),
                                       link=link, provisional=provisional, view=view,
                                       award=_award_line(awards, pair, words),
                                       words=words))  # fmt: skip
    return MailPlan(tuple(letters), tuple(unreached))


def _letter(
    session: Session,
    scored: SectionScores,
    pair: Pair,
    label: str,
    address: str,
    players: tuple[Player, ...],
    *,
    link: str,
    provisional: bool,
    view: PublicView,
    award: str = "",
    words: Words = ENGLISH,
) -> Letter:
    day = words.date(session.date) if session.date else ""
    event = " ".join(x for x in (session.event or words.gettext("Results"), day) if x)
    if provisional:
        subject = words.gettext("{event}: your scorecard, {pair} (provisional)")
        head = words.gettext("Your scorecard for {event} (provisional):").format(event=event)
    else:
        subject = words.gettext("{event}: your scorecard, {pair}")
        head = words.gettext("Your scorecard for {event}:").format(event=event)
    subject = subject.format(event=event, pair=words.pair(label))
    greeting = words.gettext("Dear {names},").format(names=words.names(players))
    notice = _notice(provisional, words)
    card = scorecard_text(scored, pair, view, words)
    every = words.gettext("All the results: {link}")
    text = "\n\n".join(x for x in (greeting, head, card, award, notice,
                                   every.format(link=link)) if x) + "\n"  # fmt: skip
    e = html.escape
    anchor = f'<a href="{e(link)}">{e(link)}</a>'
    parts = [f"<p>{e(greeting)}</p>", f"<p>{e(head)}</p>",
             scorecard_html(scored, pair, view, words),
             f"<p>{e(award)}</p>" if award else "",
             f"<p><strong>{e(notice)}</strong></p>" if notice else "",
             f"<p>{e(every).format(link=anchor)}</p>"]  # fmt: skip
    page = "<!DOCTYPE html>\n<html><body>\n" + "\n".join(p for p in parts if p)
    return Letter(address, players, label, subject, text, page + "\n</body></html>\n")


def _notice(provisional: bool, words: Words) -> str:
    """What a letter of provisional results says of them (``""`` for final ones)."""
    if not provisional:
        return ""
    return words.gettext("These results are provisional: they may still change during the "
                         "club's correction period.")  # fmt: skip


def _award_line(awards: Mapping[Pair, Award] | None, pair: Pair, words: Words = ENGLISH) -> str:
    """A letter's line of masterpoints: ``Masterpoints: 0.42 green points each.``; ``""``
    when the club awards none.

    >>> from decimal import Decimal
    >>> _award_line({Pair(1): Award(Decimal("0.42"), "green")}, Pair(1))
    'Masterpoints: 0.42 green points each.'
    >>> _award_line({}, Pair(1)), _award_line(None, Pair(1))
    ('Masterpoints: none this time.', '')
    """
    if awards is None:
        return ""
    found = awards.get(pair)
    if found is None or found.points <= 0:
        return words.gettext("Masterpoints: none this time.")
    return words.gettext("Masterpoints: {points} {kind} points each.").format(
        points=words.decimal(found.points), kind=words.gettext(found.colour))  # fmt: skip


def _reach(
    players: Sequence[Player], label: str, by_number: dict[str, RosterEntry]
) -> tuple[dict[str, list[Player]], list[Unreached]]:
    """The players' addresses (those sharing one together) and those who have none."""
    to: dict[str, list[Player]] = {}
    unreached: list[Unreached] = []
    for player in players:
        entry = by_number.get(player.number) if player.number else None
        if entry is None or entry.email is None:
            reason = ("no number" if not player.number else "not on the roster"
                      if entry is None else "no email")  # fmt: skip
            unreached.append(Unreached(player, label, reason))
            continue
        to.setdefault(entry.email, []).append(player)
    return to, unreached


def team_text(event: Event, team: str, words: Words = ENGLISH) -> tuple[list[str], list[str]]:
    """A team's matches (round, opponents, IMPs, VPs; a knockout's without VPs) and the
    standings, as lines.

    >>> from bridgescore.events import teams
    >>> e = Event(EventKind.ROUND_ROBIN, "RR", teams("A", "B"), 1, 2).draw_next()
    >>> team_text(e, "A")
    (['Round 1 v B: 0 boards played'], ['1= A  0.00 VP', '1= B  0.00 VP'])
    """
    n = words.number
    vps = event.kind is not EventKind.KNOCKOUT
    matches = []
    for m in event.scores():
        if team not in (m.home, m.away):
            continue
        home = m.home == team
        other = m.away if home else m.home
        if not m.boards:
            matches.append(
                words.gettext("Round {round} v {team}: 0 boards played").format(
                    round=m.round, team=other
                )
            )
            continue
        imps = m.imps if home else m.imps[::-1]
        vp = m.vp if home else m.vp[::-1]
        played = words.ngettext("{boards} board", "{boards} boards", m.boards).format(
            boards=m.boards)  # fmt: skip
        if vps:
            line = words.gettext("Round {round} v {team}: {imps_for}-{imps_against} IMPs, "
                     "{vps_for}-{vps_against} VPs ({played})")  # fmt: skip
        else:
            line = words.gettext(
                "Round {round} v {team}: {imps_for}-{imps_against} IMPs ({played})"
            )
        matches.append(line.format(round=m.round, team=other, imps_for=imps[0],
                                   imps_against=imps[1], vps_for=n(vp[0] / 100, 2),
                                   vps_against=n(vp[1] / 100, 2), played=played))  # fmt: skip
    vp_line, imp_line = words.gettext("{vps} VP"), words.gettext("{imps_for}-{imps_against} IMPs")
    standings = [f"{s.rank} {s.entrant}  " + (vp_line.format(vps=n(s.vps, 2)) if vps else
                 imp_line.format(imps_for=s.imps_for, imps_against=s.imps_against))
                 for s in event.standings()]  # fmt: skip
    return matches, standings


def plan_team_letters(
    event: Event,
    roster: Sequence[RosterEntry],
    *,
    link: str,
    provisional: bool,
    date: str = "",
    words: Words = ENGLISH,
) -> MailPlan:
    """A team night's letters: each team member whose national number is on the roster with
    an email gets the team's matches and the standings (:func:`team_text`) and the results
    ``link``; the others are listed in :attr:`MailPlan.unreached`. A letter names the teams
    and its own readers only (a player the roster may not name gets their own letter too);
    ``words``: its language.

    >>> from bridgescore.club.clubs import RosterEntry
    >>> from bridgescore.events import Entrant
    >>> team = Entrant("A", tuple(Player(n, str(i)) for i, n in enumerate("PQRS", 1)))
    >>> e = Event(EventKind.ROUND_ROBIN, "RR", (team, Entrant("B")), 1, 2).draw_next()
    >>> roster = [RosterEntry(1, Player("P", "1"), email="p@example.org")]
    >>> plan = plan_team_letters(e, roster,
    ...                          link="https://x.example/event/1", provisional=False)
    >>> [(x.to, x.pair, x.subject) for x in plan.letters], len(plan.unreached)
    ([('p@example.org', 'A', "RR: A's matches")], 3)
    """
    by_number = {e.player.number: e for e in roster if e.player.number}
    letters: list[Letter] = []
    unreached: list[Unreached] = []
    day = words.date(date) if date else ""
    name = " ".join(x for x in (event.name or words.gettext("Results"), day) if x)
    notice = _notice(provisional, words)
    every = words.gettext("All the results: {link}")
    standing = words.gettext("Standings:")
    e = html.escape
    for entrant in event.entrants:
        to, missed = _reach(entrant.players, entrant.name, by_number)
        unreached += missed
        if not to:
            continue
        matches, standings = team_text(event, entrant.name, words)
        if provisional:
            head = words.gettext("{team}'s matches at {event} (provisional):")
            subject = words.gettext("{event}: {team}'s matches (provisional)")
        else:
            head, subject = (
                words.gettext("{team}'s matches at {event}:"),
                words.gettext("{event}: {team}'s matches"),
            )
        head = head.format(team=entrant.name, event=name)
        subject = subject.format(team=entrant.name, event=name)
        for address, whom in to.items():
            greeting = words.gettext("Dear {names},").format(names=words.names(whom))
            table = "\n".join([standing, *standings])
            text = "\n\n".join(x for x in (greeting, head, "\n".join(matches), table, notice,
                                           every.format(link=link)) if x) + "\n"  # fmt: skip
            anchor = f'<a href="{e(link)}">{e(link)}</a>'
            parts = [f"<p>{e(greeting)}</p>", f"<p>{e(head)}</p>",
                     "<ul>" + "".join(f"<li>{e(x)}</li>" for x in matches) + "</ul>",
                     f"<p>{e(standing)}</p>",
                     "<ol>" + "".join(f"<li>{e(x)}</li>" for x in standings) + "</ol>",
                     f"<p><strong>{e(notice)}</strong></p>" if notice else "",
                     f"<p>{e(every).format(link=anchor)}</p>"]  # fmt: skip
            page = "<!DOCTYPE html>\n<html><body>\n" + "\n".join(p for p in parts if p)
            letters.append(Letter(address, tuple(whom), entrant.name, subject, text,
                                  page + "\n</body></html>\n"))  # fmt: skip
    return MailPlan(tuple(letters), tuple(unreached))
