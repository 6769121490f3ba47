"""The English templates of the errors met in the files a director uploads and in what a
player's phone sends (:data:`FILES`, marked with :func:`~bridgescore._n.N_`):
:mod:`bridgescore._messages` merges them into :data:`bridgescore.errors.MESSAGES`.

>>> FILES["side_notation"].format(text="NE")
"invalid side: 'NE'; expected NS or EW"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bridgescore._n import N_

__all__ = ["FILES"]

FILES: Final[Mapping[str, str]] = {
    # one deal's values (bridgescore.model)
    "side_notation": N_("invalid side: {text!r}; expected NS or EW"),
    "vulnerability_notation": N_(
        "invalid vulnerability: {text!r}; expected None, NS, EW or All (also Love, -, Both)"
    ),
    "contract_level_got": N_("contract level must be 1-7, got {level!r}"),
    "strain_type": N_("strain must be a Strain, got {strain!r}"),
    "doubling_type": N_("doubling must be a Doubling, got {doubling!r}"),
    "contract_pass_out": N_(
        "{text!r} is a passed-out deal, not a contract; use parse_contract() where a pass-out "
        "is allowed"
    ),
    "contract_not_text": N_("contract notation must be text, got {text!r}"),
    "result_not_text": N_("result notation must be text, got {text!r}"),
    "contract_is_result": N_(
        "expected a contract, got a result: {text!r}; expected a level 1-7, a strain C D H S "
        "NT (or N ♣ ♦ ♥ ♠) and X or XX if doubled, e.g. '4HX' or '3NT', or 'Pass'; read "
        "results with Result.parse"
    ),
    "contract_type": N_("contract must be a Contract or PASS_OUT, got {contract!r}"),
    "declarer_type": N_("declarer must be a Seat or None, got {declarer!r}"),
    "pass_out_no_declarer": N_("a passed-out deal has no declarer and no tricks"),
    "result_minus_zero": N_("write '=' for a contract made exactly, not -0: {text!r}"),
    "result_overtricks": N_(
        "declarer cannot take {tricks} tricks in {contract}: {text!r} (at most +{most})"
    ),
    "result_no_overtricks": N_(
        "declarer cannot take {tricks} tricks in {contract}: {text!r} (no overtricks)"
    ),
    "result_down": N_("{contract} can go at most {most} down: {text!r}"),
    # a score's inputs (bridgescore.scoring, bridgescore.inputs, bridgescore.players)
    "score_no_declarer": N_("no declarer given for {contract}: whose score is it?"),
    "undertrick_rule": N_("unknown undertrick rule: {rule!r}; expected 'modern' or 'pre-1987'"),
    "contract_expected": N_("expected a contract or its notation, got {contract!r}"),
    "result_vulnerability_unknown": N_(
        "{result!r} has no declarer, so its vulnerability is unknown; add the declarer's "
        "seat, e.g. '{contract}S{outcome}'"
    ),
    "vulnerability_given_twice": N_(
        "give only one of vulnerable, vulnerability and board, got {first} and {second}"
    ),
    "vulnerability_given_thrice": N_(
        "give only one of vulnerable, vulnerability and board, got {first} and {second} and {third}"
    ),
    "result_and_contract": N_("give either a result or a contract and tricks, not both"),
    "result_declarer_differs": N_("{result!r} is declared by {declarer}, not {seat}"),
    "result_missing": N_("give a result, or a contract and tricks"),
    "tricks_missing": N_("give the tricks declarer took in {contract}"),
    "pass_out_tricks": N_("a passed-out deal has no tricks, got {tricks!r}"),
    "pass_out_honors": N_("a passed-out deal has no honors: there are no trumps"),
    "honors_points": N_(
        "honors are 100 (4 trump honors in one hand) or 150 (all 5, or 4 aces at notrump), "
        "got {points!r}"
    ),
    "honors_notrump": N_(
        "honors at notrump are 150 for the four aces in one hand, nothing else: 100 is "
        "impossible in {contract}"
    ),
    "number_range": N_("{name}: expected a whole number from {low} to {high}, got {shown}"),
    "name_too_long": N_("{name}: at most {longest} characters, got {length}: {text}"),
    "name_one_line": N_("{name}: one line without control characters, got {text}"),
    "player_number": N_("player number {number!r}: letters and digits only, at most 20"),
    "player_no_name": N_("a player needs a name"),
    "player_number_text": N_("a player's number is text"),
    # an auction and a play (bridgescore.boards.auction, bridgescore.boards.play)
    "call_name_invalid": N_(
        "invalid call {name!r}: expected Pass, X, XX, a bid such as 1NT, or AP, - or ^S"
    ),
    "call_invalid": N_(
        "invalid call {text!r}: expected Pass, X, XX, a bid such as 1NT, or AP or -"
    ),
    "note_reference": N_("note reference ={note}= is not 1 to {most}"),
    "nags_order": N_("NAGs {nags!r} must be 0 to 255, in increasing order"),
    "insufficient_not_bid": N_("^I marks an insufficient bid, not {name!r}"),
    "auction_unexpected": N_("unexpected {text!r} in the auction"),
    "play_unexpected": N_("unexpected {text!r} in the play"),
    "auction_after_end": N_("{token!r} after the end of the auction ({end!r})"),
    "play_after_end": N_("{token!r} after the end of the play ({end!r})"),
    "auction_mark_before_end": N_("{mark} before the end of the auction"),
    "play_mark_before_end": N_("{mark} before the end of the play"),
    "auction_before_any": N_("{token!r} before any call in the auction"),
    "play_before_any": N_("{token!r} before any card in the play"),
    "two_note_references": N_("two note references after {word!r}: ={note}= and {token}"),
    "bad_suffix": N_("bad suffix {token!r} after {word!r}"),
    "auction_mark_at_end": N_("{mark} at the end of the auction"),
    "play_mark_at_end": N_("{mark} at the end of the play"),
    "all_pass_last": N_("AP (all pass) must be the last call"),
    "notes_index_twice": N_("two notes with one index: {indices}"),
    "note_index": N_("note index {index} is not 1 to {most}"),
    "note_line_break": N_("note {index} has a line break"),
    "call_after_end": N_("a call after the auction ended: {name!r}"),
    "auction_end_mark": N_("bad end mark {end!r}"),
    "auction_irregularity": N_("unknown irregularity {mark!r} in an auction: expected ^I or ^S"),
    "note_notation": N_("bad Note {text!r}: expected '<index>:<text>', such as '1:weak'"),
    "played_card_invalid": N_(
        "invalid card {card!r}: expected a suit and a rank such as SK, or - or +"
    ),
    "card_invalid": N_("invalid card {card!r}: expected a suit and a rank such as SK or h2"),
    "play_tricks_count": N_("{count} tricks: a board has 13"),
    "trick_cards": N_("trick {trick} has {count} cards"),
    "trick_cards_not_last": N_("trick {trick} has {count} cards and is not the last"),
    "card_played_twice": N_("{card} is played twice"),
    "play_plus_end": N_("'+' replaces the card to play next; it cannot end the play"),
    "play_cards_count": N_("{count} cards: a board has 52"),
    "play_unknown_card_inside": N_("a card not known in the middle of the play"),
    "play_irregularity": N_("unknown irregularity {mark!r} in a play: expected ^R or ^L"),
    # a deal, its double-dummy table and par (bridgescore.boards)
    "deal_hand_cards": N_("invalid deal {deal!r}: hand {hand!r} has {count} cards; a hand has 13"),
    "deal_hand_long": N_("invalid deal {deal!r}: a hand is at most {most} characters"),
    "deal_hand_suits": N_(
        "invalid deal {deal!r}: hand {hand!r} must have 4 suits separated by dots, spades first"
    ),
    "deal_rank": N_(
        "invalid deal {deal!r}: {rank!r} in hand {hand!r} is not a rank; expected AKQJT98765432"
    ),
    "deal_rank_twice": N_("invalid deal {deal!r}: hand {hand!r} has {card} twice"),
    "deal_seat_cards": N_("invalid deal {deal!r}: {seat} has {count} cards; a hand has 13"),
    "deal_card_twice": N_("invalid deal {deal!r}: {card} is in both {first}'s and {second}'s hand"),
    "deal_not_text": N_("expected a deal's PBN notation, got {text!r}"),
    "deal_long": N_("invalid deal {deal!r}: a deal is at most {most} characters"),
    "deal_seat_first": N_("invalid deal {deal!r}: expected a seat and a colon first, such as 'N:'"),
    "deal_seat_invalid": N_(
        "invalid deal {deal!r}: {head!r} is not a seat; expected N, E, S or W before the colon"
    ),
    "deal_hands_count": N_(
        "invalid deal {deal!r}: expected 4 hands separated by blanks, got {count}"
    ),
    "dd_deal_incomplete": N_("a double-dummy table needs all four hands, got {deal!r}"),
    "board_dd": N_("board {board}: {error}"),
    "par_notation": N_(
        "invalid par contract {text!r}: expected level, strain, X if doubled, the declarer (N, "
        "E, S, W, NS or EW) and +n or -n, such as '4HNS' or '5CXEW-2'"
    ),
    "par_tricks": N_("invalid par contract {text!r}: {tricks} tricks"),
    "dd_table_shape": N_(
        "a double-dummy table is 4 rows (N E S W) of 5 tricks (C D H S NT), got {tricks!r}"
    ),
    "dd_tricks": N_("double-dummy tricks must be whole numbers from 0 to 13, got {got!r}"),
    # a file's place (bridgescore.errors: PbnError, DealFileError, LinError ...)
    "place_line": N_("line {line}"),
    "place_board": N_("board {board}"),
    "place_byte": N_("byte {byte}"),
    "place_character": N_("character {character}"),
    # a PBN file's values (bridgescore.pbn)
    "pbn_pair_id": N_("bad pair id {text!r} in {tag}: expected a pair number such as 12"),
    "pbn_dealer": N_("bad Dealer {text!r}: expected N, E, S or W"),
    "pbn_vulnerable": N_(
        "bad Vulnerable {text!r}: expected None, NS, EW or All (or Love, -, Both)"
    ),
    "pbn_movement": N_("bad Movement {text!r}: expected Mitchell or Howell"),
    "pbn_contract": N_("bad contract {text!r}: expected e.g. 4S, 3NTX, 7HXX or Pass"),
    "pbn_declarer": N_("bad declarer {text!r}: expected N, E, S or W (or ^N ... if swapped)"),
    "pbn_result": N_("bad result {text!r}: expected the tricks declarer took, 0 to 13"),
    "pbn_result_tricks": N_(
        "impossible result {text!r} for {contract}: declarer takes 0 to 13 tricks"
    ),
    "pbn_pass_out_played": N_("a passed-out board has no declarer and no result: {given}"),
    "pbn_no_declarer": N_("{contract} has no declarer: {text!r}"),
    "pbn_no_result": N_("{contract} by {declarer} has no result: {text!r}"),
    "pbn_comment_open": N_("unterminated comment: no '}}' after '{{': {quoted}"),
    "pbn_outside_tag": N_("unexpected {char!r} outside a tag or comment: {quoted}"),
    "pbn_string_open": N_("unterminated string: no closing '\"' on the line: {quoted}"),
    "pbn_tag_name": N_("expected a tag name after '[': {quoted}"),
    "pbn_tag_no_value": N_('tag {name} has no quoted value; expected [{name} "value"]: {quoted}'),
    "pbn_tag_value_open": N_("unterminated tag value: {quoted}"),
    "pbn_tag_open": N_("unterminated tag {name}: expected ']' after the value: {quoted}"),
    "pbn_text_before_tag": N_("text before the first tag of a game: {quoted}"),
    "pbn_tag_inherit": N_("tag {name} cannot inherit a value with '#' (§4.8): {quoted}"),
    "pbn_empty_game": N_("a game without a Board tag, a deal or a result"),
    "pbn_text_after_tag": N_("unexpected text after the {name} tag: {quoted}"),
    "pbn_score_table_pairs": N_(
        "a ScoreTable needs the columns PairId_NS and PairId_EW to say which pairs played"
    ),
    "pbn_row_contract_and_artificial": N_(
        "a row with both a contract ({contract}) and an artificial score"
    ),
    "pbn_row_no_contract": N_(
        "a ScoreTable row needs a contract, or an artificial score such as Score_NS '^A+': {quoted}"
    ),
    "pbn_score_table_result": N_("a ScoreTable needs the columns Declarer and Result"),
    "pbn_score": N_(
        "bad Score {text!r}: expected '<score>', 'NS <score>', 'EW <score>' or both sides"
    ),
    "pbn_score_artificial": N_("bad Score {text!r}: expected e.g. 'NS ^A+ EW ^A-'"),
    "pbn_score_no_contract": N_("bad Score {text!r} for a board without a contract"),
    "pbn_result_tag": N_(
        "bad Result {text!r}: expected the tricks declarer took, or 'NS <tricks>', 'EW <tricks>'"
    ),
    "pbn_result_tag_tricks": N_("impossible Result {text!r}: 0 to 13 tricks"),
    "pbn_split_score": N_("bad split score in a Contract: {error}"),
    "pbn_weighted_score": N_("bad weighted score in a Contract: {error}"),
    # a USEBIO file (bridgescore.usebio; its elements' names as the file writes them)
    "usebio_elements": N_("{name} holds elements; expected text"),
    "usebio_long": N_("{name} {quoted} is longer than {most} characters"),
    "usebio_number_range": N_("{name} {quoted} is not a whole number from {low} to {high}"),
    "usebio_number": N_("{name} {quoted} is not a number"),
    "usebio_root": N_("the root element is {quoted}; expected USEBIO"),
    "usebio_version": N_("USEBIO Version {quoted}; versions 1.0 to 1.3 are read"),
    "usebio_events": N_("the file has {count} EVENT elements; expected one"),
    "usebio_pair_number": N_("{name} {quoted} is not a pair number (3, 3NS, 3EW or (A) 3 NS)"),
    "usebio_direction": N_("DIRECTION {quoted}; expected NS or EW"),
    "usebio_no_direction": N_("pair {pair} has no DIRECTION but others have one"),
    "usebio_no_player_number": N_("no PLAYER_NUMBER"),
    "usebio_player_twice": N_("player {number} is listed twice"),
    "usebio_no_board_number": N_("a BOARD without a BOARD_NUMBER"),
    "usebio_vulnerability": N_("VULNERABILITY {quoted}; expected None, NS, EW or All"),
    "usebio_dealt_twice": N_("board {board} is dealt twice"),
    "usebio_no_contract": N_("no CONTRACT and no artificial SCORE"),
    "usebio_contract": N_("CONTRACT {quoted} is not a contract (e.g. 4SX, 3NT)"),
    "usebio_played_by": N_("PLAYED_BY {quoted}; expected N, E, S or W"),
    "usebio_no_tricks": N_("no TRICKS"),
    "usebio_lead": N_("LEAD {quoted} is not a card (e.g. TD, the ten of diamonds)"),
    # Bridgemate's BCS (bridgescore.bridgemate: its own words, such as its answers, as sent)
    "bm_pairs_only": N_("Bridgemate live takes a pairs evening"),
    "bm_evening_refused": N_("BCS would refuse this evening: {messages}"),
    "bm_round_run": N_(
        "table {table} plays boards {boards} in round {round}: BCS takes a round's boards as "
        "one run, low to high"
    ),
    "bm_not_text": N_("BCS sent a result whose {name} is {shown!r}, not text"),
    "bm_not_bool": N_("BCS sent a result whose {name} is {shown!r}, not true or false"),
    "bm_not_whole": N_("BCS sent a result whose {name} is {shown!r}, not a whole number"),
    "bm_result_refused": N_("BCS sent a result its own validation refuses: {messages}"),
    "bm_not_played": N_(
        "table {table} marked board {board} not played: the director gives its score"
    ),
    "bm_answer": N_("BCS answered {kind}: {data}"),
    "bm_poll": N_("BCS's answer to the poll cannot be read: {error}"),
    "bm_other_session": N_("a result of another BCS session ({session})"),
    "bm_section": N_("a result of section {section}"),
    # a deal file (bridgescore.deals)
    "deal_file_board_twice": N_("board {board} has another deal on line {line}"),
    "deal_file_none": N_("no deals: no game has a Deal tag"),
    "deals_board": N_("bad Board {text!r}: expected a whole number from 1"),
    "deals_vulnerable": N_("bad Vulnerable {text!r}: expected None, NS, EW or All"),
    "deals_tag_name": N_("bad tag name {name!r}: expected letters, digits and '_'"),
    "deals_tag_inherits": N_(
        "the tag {name} starts with '#', which PBN reads as a value inherited from the game "
        "before (§4.8)"
    ),
    "deals_tag_empty_line": N_(
        "the tag {name} has an empty line of section data, which would end the game"
    ),
    "deals_tag_control": N_(
        "the tag {name} has a control character {char}: PBN strings hold printing characters "
        "only (§3.7)"
    ),
    "deals_no_board": N_("a {format} file holds at least one board; got none"),
    "deals_run": N_(
        "a {format} file holds boards numbered one after another: board {board} follows board "
        "{before}"
    ),
    "deals_four_hands": N_("a {format} file holds all four hands; {deal} has not"),
    "deals_most": N_("a {format} file holds boards up to {most}"),
    # a Bridgemate .bws file (bridgescore.bws; its columns named as the file names them)
    "bws_number": N_("{column} {shown!r} is not a number"),
    "bws_board": N_("{column} {shown!r} is not a board number"),
    "bws_contract": N_(
        "{column} {shown!r} is not a contract; expected e.g. '4 S', '3 NT x' or 'PASS'"
    ),
    "bws_declarer": N_("{column} {shown!r} is not a declarer; expected N, E, S, W, NS or EW"),
    "bws_result": N_("{column} {shown!r} is not a result; expected '=', '+1' or '-2'"),
    "bws_impossible": N_("{column} {shown!r} cannot be: {error}"),
    "bws_letter": N_("{column} {shown!r} is not a section's letter (A to ZZZ)"),
    "bws_letter_twice": N_("{column} {shown!r} is a second section's letter"),
    "bws_sections": N_("{column} {shown!r} is a section past the {most} BCS allows"),
    "bws_no_section": N_("no section: the Section table is empty or missing"),
    "bws_section_unknown": N_(
        "{column} {shown!r} is not a section of the file (its Section table)"
    ),
    # a BBO LIN file (bridgescore.lin; its keys as the file writes them)
    "lin_board_number": N_("board number {number}: boards are numbered from 1"),
    "lin_vulnerability": N_("bad vulnerability sv|{text}|: expected o, n, e or b"),
    "lin_claim": N_("bad claim mc|{text}|: expected declarer's tricks, 0 to 13"),
    "lin_dealer": N_("bad dealer {digit!r} in md|: expected 1 (S), 2 (W), 3 (N) or 4 (E)"),
    "lin_hands": N_("md| has {count} hands: expected at most 4"),
    "lin_hand": N_(
        "bad hand {quoted} in md|: expected suits S, H, D, C each followed by its ranks"
    ),
    "lin_deal": N_("bad deal in md|: {error}"),
    "lin_call": N_("bad call mb|{text}|: expected p, d, r or a bid such as 1N, with ! if alerted"),
    "lin_auction": N_("bad auction: {error}"),
    "lin_card": N_("bad card pc|{text}|: expected a suit and a rank such as SK or cK"),
    "lin_play_no_contract": N_("cards are played (pc|) but the auction (mb|) has no contract"),
    "lin_play": N_("bad play: {error}"),
}
"""The English template of each code of the uploaded files' and the phones' errors."""
