"""The errors coded for issue 35 (their templates in ``bridgescore._messages_club``): each keeps
its English message word for word, carries its code and field, and is said in French and
Polish by ``locale.error_text`` with its values filled in."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from bridgescore import (
    BridgeError,
    GameStateError,
    MovementError,
    NotationError,
    RulesError,
    SessionError,
)
from bridgescore._messages_club import CLUB
from bridgescore.club.clubs import Attempts, ClubError, TooManyAttemptsError, check_password
from bridgescore.duplicate.field import cross_imps, datum, victory_points
from bridgescore.duplicate.movement import Movement, mitchell
from bridgescore.duplicate.session import Section, Session, session_from_dict
from bridgescore.errors import MESSAGES, EventError
from bridgescore.events import RepeatMeetingError
from bridgescore.home.rubber import Rubber, RubberDeal
from bridgescore.live import NOW, Add, AlreadyEnteredError, LiveResult, LiveState, accept
from bridgescore.live.rules import Edit
from bridgescore.live.state import OutdatedError
from bridgescore.locale import error_text, use

STATE = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
ENTRY = STATE.entry(1, 1, 1, result="4HS=")
ENTERED = STATE.added(LiveResult(1, ENTRY, NOW, NOW))
OTHER = dataclasses.replace(ENTRY, result=STATE.entry(1, 1, 1, result="4HS+1").result)


NOT_A_DIVISOR: Any = "n+1"
NOT_EVEN: Any = "skipped"


def _raise(error: BaseException) -> None:
    raise error


# (what raises, its class, code, field, English message, a part of its French)
CASES: list[tuple[Callable[[], object], type[BridgeError], str, str | None, str, str]] = [
    (lambda: victory_points(3, 0), RulesError, "vp_boards", "boards",
     "boards must be a positive whole number, got 0", "entier positif, reçu 0"),
    (lambda: cross_imps([1, 2], divisor=NOT_A_DIVISOR), RulesError, "cross_imp_divisor", "divisor",
     "unknown cross-IMP divisor 'n+1'; expected 'n-1', 'n' or 'raw'", "diviseur de cross-IMP"),
    (lambda: datum([]), RulesError, "datum_no_score", "scores",
     "a datum needs at least one score", "au moins une marque"),
    (lambda: mitchell(4, 2, even=NOT_EVEN), MovementError, "mitchell_even", "even",
     "even must be 'skip' or 'relay', got 'skipped'", "reçu 'skipped'"),
    (lambda: Movement.from_dict({}), MovementError, "movement_data", "movement",
     "not a movement: KeyError('movement')", "ce n'est pas un mouvement : KeyError"),
    (lambda: session_from_dict({"sections": 3}), SessionError, "session_data", None,
     "not a session: TypeError(\"'int' object is not iterable\")", "pas une séance"),
    (lambda: accept(ENTERED, 1, Add(OTHER)), AlreadyEnteredError, "entered_already_change",
     "board", "table 1 has already entered board 1 in round 1: 4H by S, 10 tricks; change that "
     "result instead", "changez plutôt ce résultat"),
    (lambda: accept(ENTERED, 1, Edit(1, OTHER)), OutdatedError, "outdated_no_version", "board",
     "board 1 is 4H by S, 10 tricks now and this change names no version of the result it "
     "replaces: the change is kept for the director", "gardé pour l'arbitre"),
    (lambda: _raise(RepeatMeetingError.of(3, (("A", "B", 1), ("C", "D", 2)))),
     RepeatMeetingError, "repeat_meeting", "entrants", "the swap makes a repeat meeting in "
     "round 3: A and B met in round 1; C and D met in round 2; send it again with confirm to "
     "swap", "A et B se sont rencontrés au tour 1 ; C et D se sont rencontrés au tour 2 ;"),
    (lambda: RubberDeal.parse("4H 10"), NotationError, "rubber_deal_notation", "deal",
     "invalid deal: '4H 10'; expected a contract, the declaring side (we or they) and the "
     "tricks taken or the outcome, e.g. '4H we 10', '4HX by they -2', '3NT we =' or 'Pass'",
     "donne invalide : '4H 10' ; attendu un contrat"),
    (lambda: Rubber().undo(), GameStateError, "no_deal_to_undo", None,
     "there is no deal to undo", "pas de donne à annuler"),
    (lambda: check_password("short"), ClubError, "password_short", "password",
     "a password needs at least 10 characters, got 5", "au moins 10 caractères, reçu 5"),
]  # fmt: skip


@pytest.mark.parametrize(("make", "kind", "code", "field", "english", "french"), CASES,
                         ids=[case[2] for case in CASES])  # fmt: skip
def test_a_coded_error_keeps_its_english_and_is_said_in_french(
    make: Callable[[], object],
    kind: type[BridgeError],
    code: str,
    field: str | None,
    english: str,
    french: str,
) -> None:
    with pytest.raises(kind) as caught:
        make()
    exc = caught.value
    assert (exc.code, exc.field, str(exc)) == (code, field, english)
    assert error_text(exc) == english
    with use("fr"):
        said = error_text(exc)
    assert french in said
    assert said != english


def test_the_kept_result_stays_on_a_coded_conflict() -> None:
    with pytest.raises(AlreadyEnteredError) as caught:
        accept(ENTERED, 1, Add(OTHER))
    assert caught.value.existing == ENTERED.results[0]
    assert caught.value.value == 1


def test_a_repeat_meeting_keeps_its_meetings_and_says_each_in_polish() -> None:
    exc = RepeatMeetingError.of(2, (("A", "B", 1),))
    assert exc.repeat == (("A", "B", 1),)
    assert isinstance(exc.params["met"], EventError)
    with use("pl"):
        assert error_text(exc) == (
            "zamiana tworzy powtórne spotkanie w rundzie 2: A i B spotkali się w rundzie 1; "
            "wyślij ją ponownie z confirm, aby zamienić"
        )


def test_a_login_refused_too_often_keeps_its_wait_and_is_said_in_german() -> None:
    attempts = Attempts(most=1, window=60.0)
    attempts.refuse_if_full("k", 0.0)
    attempts.record("k", 0.0)
    with pytest.raises(TooManyAttemptsError) as caught:
        attempts.refuse_if_full("k", 20.0)
    assert (caught.value.retry_after, caught.value.field) == (40.0, "password")
    assert str(caught.value) == "too many login attempts: try again in 40 s"
    with use("de"):
        said = error_text(caught.value)
    assert said == "zu viele Anmeldeversuche: versuchen Sie es in 40 s erneut"


def test_every_club_template_is_in_messages_and_names_its_values() -> None:
    assert set(CLUB) <= set(MESSAGES)
    for code, template in CLUB.items():
        assert template.count("{") == template.count("}"), code
        assert MESSAGES[code] is template
