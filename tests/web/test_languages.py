"""A request's language (issue 35): the switch's cookie, else Accept-Language, else English;
``<html lang>``, the pages' words, the API's error ``detail`` and the CLI's in that language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from bridgescore.cli import cli
from bridgescore.locale import LANGUAGES, js_catalogue, negotiate, use
from bridgescore.web.languages import LANGUAGE_COOKIE

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def lang_of(html: str) -> str:
    m = re.search(r'<html lang="([^"]+)"', html)
    assert m, html[:200]
    return m[1]


@pytest.mark.parametrize("path", ["/", "/login", "/live/new", "/games", "/nothing-here"])
def test_html_lang_follows_accept_language(client: TestClient, path: str) -> None:
    assert lang_of(client.get(path).text) == "en"
    assert lang_of(client.get(path, headers=FRENCH).text) == "fr"
    assert lang_of(client.get(path, headers={"Accept-Language": "xx, pt;q=0.1"}).text) == "en"


def test_the_calculator_speaks_french(client: TestClient) -> None:
    page = client.get("/?r=4HXS-2&vul=NS", headers=FRENCH).text
    assert "Calculatrice" in page
    assert "Levées de chute : 2 de chute, contré, vulnérable (200 + 300)" in page
    assert "Le flanc marque" in page
    assert 'id="bs-messages"' in page  # the scripts' messages come with the page
    assert 'id="bs-messages"' not in client.get("/").text  # English needs none


def test_the_switch_is_remembered_and_wins_over_the_browser(client: TestClient) -> None:
    answer = client.get("/language/fr?next=/login", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login"
    assert f"{LANGUAGE_COOKIE}=fr" in answer.headers["set-cookie"]
    assert lang_of(client.get("/login", headers={"Accept-Language": "en"}).text) == "fr"
    client.get("/language/en")
    assert lang_of(client.get("/login", headers=FRENCH).text) == "en"


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil"])
def test_the_switch_goes_back_only_to_this_site(client: TestClient, target: str) -> None:
    answer = client.get("/language/fr", params={"next": target}, follow_redirects=False)
    assert answer.headers["location"] == "/"


def test_an_unknown_language_is_not_set(client: TestClient) -> None:
    answer = client.get("/language/xx", follow_redirects=False)
    assert answer.status_code == 303
    assert "set-cookie" not in answer.headers
    client.cookies.set(LANGUAGE_COOKIE, "xx")
    assert lang_of(client.get("/", headers=FRENCH).text) == "fr"  # a bad cookie: the browser's


def test_the_api_says_its_error_in_the_language_asked(client: TestClient) -> None:
    body = {"contract": "4H", "declarer": "S", "tricks": 14, "vulnerable": False}
    english = client.post("/api/score", json=body).json()["detail"][0]
    french = client.post("/api/score", json=body, headers=FRENCH).json()["detail"][0]
    assert english["msg"] == "tricks must be a whole number from 0 to 13, got 14"
    assert french["msg"] == "le nombre de levées doit être un nombre entier de 0 à 13, reçu 14"
    assert english["loc"] == french["loc"]  # the field names never change
    assert english["type"] == french["type"]


def test_the_cli_speaks_the_environment_language() -> None:
    runner = CliRunner()
    french = runner.invoke(cli, ["score", "4HX", "8", "--vul"], env={"LANG": "fr_FR.UTF-8"})
    assert "Le flanc marque 500." in french.output
    assert "Levées de chute : 2 de chute, contré, vulnérable (200 + 300)" in french.output
    english = runner.invoke(cli, ["score", "4HX", "8", "--vul"], env={"LANG": "C.UTF-8"})
    assert "The defenders score 500." in english.output
    refused = runner.invoke(cli, ["score", "4H", "14"], env={"LANG": "fr_FR.UTF-8"})
    assert refused.exit_code == 2
    assert "reçu 14" in refused.output


def test_accept_language_is_read_by_weight_and_bounded() -> None:
    assert negotiate("en;q=0.2, fr;q=0.8") == "fr"
    assert negotiate("fr;q=oops, en") == "en"
    assert negotiate("," * 100_000 + "fr") is None  # only the first 40 entries are read
    assert negotiate("x" * 10_000) is None


def test_the_scripts_get_plural_forms_with_their_messages() -> None:
    for language in set(LANGUAGES) - {"en"}:
        catalogue = js_catalogue(language)
        messages = catalogue["messages"]
        assert isinstance(messages, dict)
        assert all(isinstance(v, str | list) for v in messages.values())
        plural = catalogue["plural"]
        assert isinstance(plural, list)
        assert len(plural) == 200
    with use("fr"):  # French: 0 and 1 take the singular
        plural = js_catalogue("fr")["plural"]
        assert isinstance(plural, list)
        assert plural[:3] == [0, 0, 1]
