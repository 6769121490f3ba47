"""One request-to-score path: ``bridgescore score --json`` and ``POST /api/score`` agree."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, Result, Seat, Vulnerability, score_request
from bridgescore.cli import cli

# (CLI words and options, the same request as an API body)
CORPUS: list[tuple[list[str], dict[str, Any]]] = [
    (["4HXS-2", "--vul"], {"result": "4HXS-2", "vulnerable": True}),
    (["4HXS-2", "--nonvul"], {"result": "4HXS-2", "vulnerable": False}),
    (["4HXS-2", "--board-vul", "NS"], {"result": "4HXS-2", "vulnerability": "NS"}),
    (["4HXE-2", "--board-vul", "NS"], {"result": "4HXE-2", "vulnerability": "NS"}),
    (["3NTN+1", "--board", "7"], {"result": "3NTN+1", "board": 7}),
    (["3NTN+1", "--board", "7"], {"contract": "3NT", "declarer": "N", "tricks": 10, "board": 7}),
    (["4HX", "8", "--vul"], {"contract": "4HX", "tricks": 8, "vulnerable": True}),
    (["4HX", "8", "--vul"], {"result": "4HX 8", "vulnerable": True}),
    (["4S", "E", "10", "--vul"], {"result": "4SE=", "vulnerable": True}),
    (["7NTXX", "13", "--nonvul"], {"contract": "7NTXX", "tricks": 13, "vulnerable": False}),
    (["4H", "-1"], {"result": "4H-1"}),
    (["Pass"], {"result": "Pass"}),
    (["Pass", "--board", "4"], {"contract": "Pass", "board": 4}),
    (["5CX", "7", "--undertrick-rule", "pre-1987"],
     {"contract": "5CX", "tricks": 7, "undertrick_rule": "pre-1987"}),
    (["6NTS=", "--board-vul", "All"], {"result": "6NTS=", "vulnerability": "All"}),
    (["1CW+6", "--board", "16"], {"result": "1CW+6", "board": 16}),
]  # fmt: skip


def cli_json(runner: CliRunner, args: list[str]) -> Any:
    result = runner.invoke(cli, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def api_json(client: TestClient, body: dict[str, Any]) -> Any:
    response = client.post("/api/score", json=body)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(("args", "body"), CORPUS, ids=[" ".join(a) for a, _ in CORPUS])
def test_cli_and_api_give_the_same_json(
    runner: CliRunner, client: TestClient, args: list[str], body: dict[str, Any]
) -> None:
    assert api_json(client, body) == cli_json(runner, args)


def test_declarer_and_ns_view_survive_the_api(client: TestClient) -> None:
    """The bug this path fixed: the API dropped the declarer given with --vul."""
    data = api_json(client, {"result": "4HXS-2", "vulnerable": True})
    assert (data["declarer"], data["result"], data["ns_total"]) == ("S", "4HXS-2", -500)


results = st.tuples(
    st.sampled_from("1234567"),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.sampled_from(["", *(s.value for s in Seat)]),
).map("".join)
vuls = st.one_of(
    st.just(["--vul"]),
    st.just(["--nonvul"]),
    st.sampled_from(Vulnerability).map(lambda v: ["--board-vul", v.value]),
    st.integers(1, 64).map(lambda b: ["--board", str(b)]),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(contract=results, tricks=st.integers(0, 13), options=vuls)
def test_any_request_agrees(
    runner: CliRunner, client: TestClient, contract: str, tricks: int, options: list[str]
) -> None:
    body: dict[str, Any] = {"result": f"{contract} {tricks}"}
    flag, *value = options
    if flag in ("--vul", "--nonvul"):
        body["vulnerable"] = flag == "--vul"
    else:
        body["vulnerability" if flag == "--board-vul" else "board"] = (
            value[0] if flag == "--board-vul" else int(value[0])
        )
    try:
        score_request(**body)
        refused = None
    except BridgeError as exc:
        refused = str(exc)
    if refused is not None:  # both refuse it with the core's message
        cli_result = runner.invoke(cli, ["score", contract, str(tricks), *options, "--json"])
        assert (cli_result.exit_code, refused in cli_result.output) == (2, True)
        [error] = client.post("/api/score", json=body).json()["detail"]
        assert error["msg"] == refused
        return
    assert api_json(client, body) == cli_json(runner, [contract, str(tricks), *options])


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"result": "4Z"}, "result"),
        ({"contract": "4Z", "tricks": 8}, "contract"),
        ({"contract": "4H", "tricks": 14}, "tricks"),
        ({"contract": "4H", "tricks": "²"}, "tricks"),
        ({"contract": "4H", "tricks": 8, "declarer": "Q"}, "declarer"),
        ({"result": "4H-1", "vulnerability": "NS"}, "declarer"),
        ({"result": "4HS-1", "vulnerability": "Sometimes"}, "vulnerability"),
        ({"result": "4HS-1", "board": 0}, "board"),
        ({"result": "4HS-1", "undertrick_rule": "1932"}, "undertrick_rule"),
        ({"result": "4HS-1", "contract": "4H"}, "contract"),
        ({}, "result"),
    ],
)
def test_every_error_names_its_field(kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(BridgeError) as caught:
        score_request(**kwargs)
    assert caught.value.field == field


def test_the_request_is_the_result() -> None:
    s = score_request(contract="4H", tricks=8, declarer="S", vulnerability="NS")
    assert Result(s.contract, s.declarer, s.tricks) == Result.parse("4HS-2")
    assert s.vulnerability is Vulnerability.NS
