"""The pages and the API in Dutch, Polish, German, Italian and Spanish: the browser's
Accept-Language picks the language, the switch's cookie wins over it, ``<html lang>`` says it,
the score's parts use each federation's words, and the API's error ``detail`` is translated."""

from __future__ import annotations

import re
from datetime import date

import pytest
from fastapi.testclient import TestClient

from bridgescore.locale import decimal_sign, format_date, gettext, use

WORDS = {
    "nl": ("Downslagen: 2 down, gedoubleerd, kwetsbaar (200 + 300)", "Inloggen wedstrijdleider"),
    "pl": ("Wpadki: bez 2, z kontrą, po partii (200 + 300)", "Logowanie sędziego"),
    "de": ("Unterstiche: 2 down, kontriert, in Gefahr (200 + 300)", "Anmeldung der Turnierleitung"),
    "it": ("Prese in meno: 2 down, contrato, in zona (200 + 300)", "Accesso dell'arbitro"),
    "es": ("Multas: 2, doblado, vulnerable (200 + 300)", "Acceso del árbitro"),
}
"""For each language, the undertricks of 4♥X by South two down, NS vulnerable, and the login
page's heading, as the page writes them."""

REGION = {"nl": "nl-BE", "pl": "pl-PL", "de": "de-AT", "it": "it-CH", "es": "es-AR"}
"""A browser's tag for each language, with a country that speaks it."""


def lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_calculator_and_login_in_the_browser_language(
    client: TestClient, language: str
) -> None:
    undertricks, login = WORDS[language]
    header = {"accept-language": f"{REGION[language]}, en;q=0.5"}
    page = client.get("/?r=4HXS-2&vul=NS", headers=header).text
    assert lang_of(page) == language
    assert undertricks in page
    with use(language):
        assert gettext("Defenders score") in page
        assert gettext("Defenders score") != "Defenders score"
    login_page = client.get("/login", headers=header).text
    assert lang_of(login_page) == language
    assert f"<h1>{login}</h1>" in login_page


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_switch_is_remembered_over_the_browser_language(
    client: TestClient, language: str
) -> None:
    switched = client.get(f"/language/{language}?next=/login", follow_redirects=False)
    assert (switched.status_code, switched.headers["location"]) == (303, "/login")
    assert f"bs_lang={language}" in switched.headers["set-cookie"]
    page = client.get("/login", headers={"accept-language": "fr"}).text
    assert lang_of(page) == language
    client.cookies.clear()


def test_every_language_is_on_the_switch(client: TestClient) -> None:
    page = client.get("/login").text
    for code, name in [
        ("nl", "Nederlands"),
        ("pl", "Polski"),
        ("de", "Deutsch"),
        ("it", "Italiano"),
        ("es", "Español"),
    ]:
        assert f'<a lang="{code}" hreflang="{code}" href="/language/{code}?' in page
        assert f'<span class="name">{name}</span>' in page  # a phone shows its code


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "het aantal slagen moet een geheel getal van 0 tot 13 zijn, niet 14"),
        ("pl", "liczba lew musi być liczbą całkowitą od 0 do 13, otrzymano 14"),
        ("de", "die Stichzahl muss eine ganze Zahl von 0 bis 13 sein, erhalten: 14"),
        ("it", "le prese devono essere un numero intero da 0 a 13, ricevuto 14"),
        ("es", "las bazas deben ser un número entero de 0 a 13, recibido 14"),
    ],
)
def test_the_api_error_detail_in_the_language(
    client: TestClient, language: str, message: str
) -> None:
    body = {"contract": "4H", "tricks": 14, "vulnerable": False}
    answer = client.post("/api/score", json=body, headers={"accept-language": language})
    assert answer.status_code == 422
    (problem,) = answer.json()["detail"]
    assert problem["msg"] == message
    assert problem["loc"] == ["body", "tricks"]  # field names and codes stay as they are


@pytest.mark.parametrize(
    ("language", "day"),
    [
        ("nl", "2 december 2026"),
        ("pl", "2 grudnia 2026"),
        ("de", "2. Dezember 2026"),
        ("it", "2 dicembre 2026"),
        ("es", "2 de diciembre de 2026"),
    ],
)
def test_numbers_and_dates_in_the_language_own_forms(language: str, day: str) -> None:
    with use(language):
        assert decimal_sign() == ","
        assert format_date(date(2026, 12, 2)) == day
