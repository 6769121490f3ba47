"""The English template of each error code the core raises (:data:`MESSAGES`), marked for
translation with :func:`N_`; :mod:`bridgescore.errors` gives them to its errors (its
:meth:`~bridgescore.errors.BridgeError.coded`), and the outer layers say them in the reader's
language (``bridgescore.locale.error_text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bridgescore._messages_club import CLUB
from bridgescore._messages_files import FILES
from bridgescore._n import N_

__all__ = ["MESSAGES", "N_"]


MESSAGES: Final[Mapping[str, str]] = {
    **FILES,  # the uploaded files' and the phones' entries' (bridgescore._messages_files)
    # the kernel's checks of one deal's values (bridgescore.model)
    "tricks_range": N_("tricks must be a whole number from 0 to 13, got {tricks}"),
    "seat_notation": N_("invalid seat: {text!r}; expected N, E, S or W"),
    "strain_notation": N_("invalid strain: {text!r}; expected C, D, H, S or NT (or N, ♣, ♦, ♥, ♠)"),
    "board_number": N_("board number must be a positive integer, got {board!r}"),
    "contract_level": N_("contract level must be 1-7: {text!r}"),
    "contract_notation": N_(
        "invalid contract notation: {text}; expected a level 1-7, a strain C D H S NT (or N ♣ ♦ "
        "♥ ♠) and X or XX if doubled, e.g. '4HX' or '3NT', or 'Pass'"
    ),
    "contract_doubled_twice": N_(
        "doubling written twice in {text!r}; expected a level 1-7, a strain C D H S NT (or N ♣ "
        "♦ ♥ ♠) and X or XX if doubled, e.g. '4HX' or '3NT', or 'Pass'"
    ),
    "result_notation": N_(
        "invalid result notation: {text}; expected a contract such as '4HX', an optional "
        "declarer N E S W and an outcome '=', '+n' or '-n' or the tricks taken, e.g. '4HXS-2', "
        "'3NTN=', '4S+1', '4HX S 8' or 'Pass'"
    ),
    "result_doubled_twice": N_(
        "doubling written twice in {text!r}; expected a contract such as '4HX', an optional "
        "declarer N E S W and an outcome '=', '+n' or '-n' or the tricks taken, e.g. '4HXS-2', "
        "'3NTN=', '4S+1', '4HX S 8' or 'Pass'"
    ),
    "artificial_notation": N_(
        "invalid artificial score {text!r}; expected A+, A or A- (or Ave+ ...)"
    ),
    # a movement's size (bridgescore.duplicate.movement)
    "boards_per_round": N_("boards_per_round must be 1 to {most}, got {got!r}"),
    "mitchell_tables": N_("a Mitchell needs 2 to 30 tables, got {got!r}"),
    "mitchell_rounds": N_("a {tables}-table Mitchell has 1 to {most} rounds, got {got!r}"),
    "mitchell_rounds_skip": N_(
        "a {tables}-table Mitchell has 1 to {most} rounds (a skip Mitchell stops before EW "
        "pairs meet their first opponents again), got {got!r}"
    ),
    "howell_pairs": N_("a Howell needs 4 to 20 pairs (for more, use a Mitchell), got {got!r}"),
    "howell_rounds": N_("a Howell of {pairs} pairs has 1 to {full} rounds, got {got!r}"),
    "howell_rounds_twice": N_(
        "a Howell of {pairs} pairs has 1 to {full} rounds, or {twice} (pairs meet twice), got "
        "{got!r}"
    ),
    "individual_players": N_(
        "an individual movement is for {least} to {most} players, got {got!r}"
    ),
    "individual_rounds": N_(
        "rounds must be 1 to {most} for {players} players (then partnerships would repeat), "
        "got {got!r}"
    ),
    # the director's changes to a session (late pairs, withdrawals, fouled boards, draws)
    "from_round": N_("from_round must be one of rounds 1 to {rounds}, got {got!r}"),
    "late_pair_played": N_(
        "pair {pair} has played already (round {round}); a late pair takes the place of one "
        "that has not"
    ),
    "pair_not_in_movement": N_("no pair {pair!r} in the movement; its pairs are {pairs}"),
    "withdrawn_pair_played": N_(
        "pair {pair} has results in round {round}; delete them before it withdraws from round "
        "{from_round}"
    ),
    "board_not_played": N_("no table plays board {board}"),
    "fouled_versions": N_(
        "board {board} is played at tables {tables}; the versions must share them out, each "
        "table in one, got {got}"
    ),
    "director_who_plays": N_(
        "only the director changes who plays (a late pair, a withdrawal, a fouled board)"
    ),
    "results_would_not_fit": N_(
        "table {table} has results in round {round}, which it would no longer play"
    ),
    "director_draws": N_("only the director draws the rounds and changes them"),
    "round_not_finished": N_(
        "round {needed} is not finished: round {round} is drawn from its standings once every "
        "board of it is in"
    ),
    "round_begun": N_("round {round} has begun (results are in): its draw stays"),
    "carry_over_knockout": N_("only a knockout match has a carry-over"),
    # a weighted score (bridgescore.duplicate.weighted): each ends with the text and the help
    "weighted_weight": N_(
        "invalid weight {weight!r} (a percentage such as 50 or 33.33): {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_total": N_(
        "the weights must add up to exactly 100%, not {total}%: {shown}; expected weighted "
        "results separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_count": N_(
        "a weighted score has 1 to {most} results: {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_at_most": N_(
        "a weighted score has at most {most} results: {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_declarer": N_(
        "{result} needs its declarer (N, E, S or W): {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_needs_weight": N_(
        "each result needs a weight, as in '50% 4SN=', got {part!r}: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_pairs": N_(
        "expected (weight, result) pairs: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_weight_range": N_(
        "each weight must be a percentage above 0 with at most 2 decimals, got {weight}: "
        "{shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_result_type": N_(
        "each result of a weighted score must be a Result: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_text": N_(
        "a weighted score must be text: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_length": N_(
        "a weighted score is at most {most} characters, got {length}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_result": N_(
        "invalid result {result!r} ({why}): {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_score_type": N_(
        "each score of a weighted score must be an integer: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    # a session's split scores, shares of boards and strata (bridgescore.duplicate)
    "split_notation": N_("invalid split score {text!r}; expected e.g. 'NS 4SN= / EW 4SN-1'"),
    "share_notation": N_(
        "a share of boards is a percentage (70%), a decimal (0.7) or a fraction (2/3), above 0 "
        "and at most 1, not {text!r}"
    ),
    "share_percent": N_(
        "a share of boards is above 0 and at most 1 (or 100%): write {percent} or {decimal}, "
        "not {text!r}"
    ),
    "result_not_plain": N_("board {board}: {result} is not a plain result of section {section}"),
    "strata_count": N_("strata need 1 to {most} limits, got {limits}"),
    "stratum_limit_number": N_("a stratum's limit is a number, not {limit}"),
    "stratum_limit_above_0": N_("a stratum's limit is above 0, got {limit}"),
    "strata_order": N_("strata limits go down, B's first: got {limits}"),
    "strata_by": N_("a pair is stratified by 'higher' or 'average', not {by}"),
    "holdings_line": N_("{source} line {line}: expected number,holding, got {text!r}"),
    # a movement typed as a table (bridgescore.duplicate.movement.read)
    "boards_notation": N_("expected board numbers such as '1-3' or '1,2,3', got {text!r}"),
    "csv_columns": N_(
        "expected the columns {columns} (in any order, and {arrow} if a table alone is "
        "arrow-switched), got {got!r}"
    ),
    "csv_unreadable": N_("row {row}: not a readable table: {why}"),
    "csv_no_rows": N_("a movement needs at least one play; the table has no rows"),
    "csv_round": N_("row {row}, column {column!r}: expected a round number from 1, got {got!r}"),
    "csv_table": N_("row {row}, column {column!r}: expected a table number from 1, got {got!r}"),
    "csv_pair": N_(
        "row {row}, column {column!r}: expected a pair (1 to 40 characters), got {got!r}"
    ),
    "csv_arrow": N_("row {row}, column {column!r}: expected 'switch' or nothing, got {got!r}"),
    "csv_boards": N_("row {row}, column 'boards': {why}"),
    # a movement's rules (bridgescore.duplicate.movement.Movement, as built or typed)
    "movement_boards_per_round": N_("boards_per_round must be a whole number from 1, got {got}"),
    "movement_meetings": N_("meetings must be a whole number from 1, got {got}"),
    "movement_no_play": N_("a movement needs at least one play"),
    "movement_pairs_differ": N_("the pairs must differ, got {pairs}"),
    "movement_numbered_from_1": N_(
        "rounds and tables are numbered from 1, got round {round}, table {table}"
    ),
    "movement_table_beyond": N_("table {table} is beyond the movement's {tables} tables"),
    "movement_table_twice": N_("table {table} appears twice in round {round}"),
    "movement_pair_unknown": N_(
        "pair {pair!r} (round {round}, table {table}) is not one of the movement's pairs"
    ),
    "movement_pair_two_tables": N_(
        "pair {pair!r} sits at tables {first} and {second} in round {round}"
    ),
    "movement_board_from_1": N_("boards are numbered from 1, got {board}"),
    "movement_board_twice": N_(
        "pair {pair!r} plays board {board} twice (rounds {first} and {second})"
    ),
    "movement_idle": N_("idle rounds must differ and be numbered 1 to {last}, got {idle}"),
    "movement_idle_plays": N_("round {round} is listed idle but has plays"),
    "movement_round_empty": N_("round {round} has no plays; rounds are numbered 1 to {rounds}"),
    "movement_share_tables": N_("a share needs two tables or more, got {tables} in round {round}"),
    "movement_share_table": N_(
        "the share of boards {boards!r} in round {round} names table {table}, which does not "
        "play them"
    ),
    "movement_board_unshared": N_(
        "board {board} is at tables {tables} in round {round}, and no share says so"
    ),
    "movement_unplayed": N_(
        "board {board} is played, or not a board: it cannot be one no table plays"
    ),
    "movement_board_gap": N_("boards are numbered 1 to {top}, and board {board} is never played"),
    "movement_arrow_round": N_("arrow-switched round {round} is not one of rounds 1 to {rounds}"),
    "movement_turned": N_(
        "the arrow switch at table {table} in round {round} names a table that does not play"
    ),
    "movement_relay_board": N_(
        "board {board} on the relay in round {round} is played that round or is not one of "
        "boards 1 to {top}"
    ),
    # an individual movement's rules (bridgescore.duplicate.movement.individual)
    "individual_no_partnership": N_("no partnership {pair!r} in the movement"),
    "individual_players_whole": N_("players must be a whole number from 1, got {got}"),
    "individual_boards_per_round_whole": N_(
        "boards_per_round must be a whole number from 1, got {got}"
    ),
    "individual_player_number": N_(
        "players are numbered 1 to {players}, got {got} (round {round}, table {table})"
    ),
    "individual_two_tables": N_(
        "player {player} sits at tables {first} and {second} in round {round}"
    ),
    "individual_boards_a_round": N_(
        "table {table} in round {round} plays boards {boards}; every table plays {count} "
        "different boards a round"
    ),
    "individual_board_twice": N_(
        "player {player} plays board {board} twice (rounds {first} and {second})"
    ),
    "individual_partner_twice": N_(
        "players {player} and {partner} partner each other twice (rounds {first} and {second})"
    ),
    "individual_too_few_rounds": N_(
        "with {rounds} rounds player {player} plays {played} rounds; every player plays at least "
        "{least}: give {first} to {last} rounds"
    ),
    # a session's sections and the director's changes to its movement (duplicate.session)
    "movement_nothing_left": N_("no table would play any round: nothing would be left to play"),
    "movement_would_not_hold": N_("the movement would not hold: {why}"),
    "section_no_movement": N_("section {section} has no movement to change"),
    "pair_label_mitchell": N_(
        "pair {pair}: a mitchell section's pairs are labelled 'NS n' or 'EW n'"
    ),
    "pair_label_number": N_("pair {pair}: a {kind} section's pairs are labelled by a number"),
    "late_pair_no_half_table": N_(
        "round {round} has no half table with one pair sitting out for pair {pair} to join; "
        "start the session with the pair as a phantom instead"
    ),
    "individual_one_section": N_("an individual is one section whose pairs are its partnerships"),
    "min_share_range": N_(
        "the minimum share of boards is a fraction above 0 and at most 1, not {share}"
    ),
    "scoring_method": N_(
        "unknown scoring method {method!r}; expected 'mp', 'butler' or 'cross-imps'"
    ),
    "sections_share_name": N_("two sections share a name: {names}"),
    "no_such_section": N_("no section {name!r}; the sections are {sections}"),
    "individual_no_player": N_("no player {player!r} in the movement's {players}"),
    "individual_no_player_recap": N_("no player {player!r} in the movement"),
    # a section's pairs, boards and results (bridgescore.duplicate.session)
    "pair_numbering": N_("pair {pair!r}: a section numbers its pairs ('3', or 'NS 3' and 'EW 3')"),
    "result_lead": N_(
        "board {board}, NS {ns} v EW {ew}: lead {lead!r} is not a card; expected suit then rank, "
        "e.g. 'DT'"
    ),
    "result_one_score": N_(
        "board {board}, NS {ns} v EW {ew}: give one of a result, an artificial score, a weighted "
        "score or a split score"
    ),
    "result_weighted_score": N_(
        "board {board}, NS {ns} v EW {ew}: a weighted score is scored from its results; it takes "
        "no score of its own"
    ),
    "result_no_declarer": N_("board {board}, NS {ns} v EW {ew}: {result} has no declarer"),
    "section_kind": N_("unknown kind of section {kind!r}; expected 'mitchell' or 'howell'"),
    "section_arrow_switch": N_(
        "an arrow-switched Mitchell ranks one field, with NS scores going to EW pairs in the "
        "switched rounds; sections do not score that yet: use a Howell or a Mitchell without the "
        "switch"
    ),
    "section_mixed_pairs": N_(
        "a movement mixes NS/EW pairs with numbered ones; a section cannot rank it"
    ),
    "section_no_board": N_("section {section} has no board {board}"),
    "section_no_pair": N_("section {section} has no pair {pair}"),
    "section_no_undo": N_("section {section} has no result to undo"),
    "fouled_two_versions": N_(
        "board {board}: a fouled board has two or more versions, each played at different "
        "tables, got {got}"
    ),
    "fouled_table_unlisted": N_(
        "board {board} was played at table {table}, which is in none of its versions {versions}"
    ),
    "pair_against_itself": N_("board {board}: pair {pair} cannot play against itself"),
    "pair_played_twice": N_(
        "board {board}: pair {pair} played it twice (NS {first_ns} v EW {first_ew}, and NS {ns} "
        "v EW {ew})"
    ),
    # an artificial score's awards and a datum's drop (bridgescore.duplicate.field)
    "artificial_award": N_("invalid artificial score {award!r}; expected A+, A or A-"),
    "artificial_split_notation": N_(
        "invalid artificial score {text!r}; expected e.g. A+/A-, A or A+"
    ),
    "drop_notation": N_("drop must be a whole number or a percentage such as '5%', got {got}"),
    "drop_count": N_("drop must be a whole number of scores (0 or more), got {got}"),
    # a movement file in the .ASC standard (bridgescore.duplicate.movement.formats)
    "asc_boards_per_round": N_(
        "an .ASC movement file does not say how many boards a group has: give boards_per_round"
    ),
    "asc_boards_whole": N_("boards_per_round must be a whole number"),
    "asc_boards_range": N_("boards_per_round must be 1 to 36, got {got}"),
    "asc_line_long": N_("line {line}: longer than {most} characters"),
    "asc_items": N_(
        "line {line}: expected {tables} tables of NS pair, EW pair and board group ({items} "
        "items), got {got}: {text!r}"
    ),
    "asc_round_over": N_("line {line}: the header says {rounds} rounds, and this is round {round}"),
    "asc_pair": N_(
        "line {line}, table {table}, {side} pair: expected a pair from 1 to {most} (0 for an "
        "unused table), got {pair!r}"
    ),
    "asc_group": N_(
        "line {line}, table {table}, board group: expected A to {last} or 1 to {groups}, got "
        "{group!r}"
    ),
    "asc_group_letter": N_(
        "line {line}, table {table}, board group: expected A to {last}, got {group!r}"
    ),
    "asc_group_number": N_(
        "line {line}, table {table}, board group: expected 1 to {groups}, got {group!r}"
    ),
    "asc_pair_0": N_("line {line}, table {table}: a pair 0 is an unused table, written 0 0 0"),
    "asc_empty": N_("line 1: a movement file starts with its header; the file is empty"),
    "asc_rounds": N_("the header says {rounds} rounds, and the file has {got}"),
    "asc_header": N_(
        "line {line}: expected the header: contestants, tables, rounds, board groups, 0 (pairs) "
        "or 1 (individual); got {text!r}"
    ),
    "asc_individual": N_(
        "line {line}: an individual movement (header ends in {individual}); only pairs "
        "movements can be read"
    ),
    "asc_header_sizes": N_(
        "line {line}: contestants, tables, rounds and board groups must be from 1 (2 "
        "contestants), got {text!r}"
    ),
    "asc_number": N_("line {line}: a number above {most}"),
    # a club's settings (bridgescore.club)
    "club_language": N_("language {language!r}: expected one of {languages} or none"),
    # a table's entry on a live evening (bridgescore.live)
    "lead_notation": N_("invalid lead {lead!r}; expected a suit and a card, as SK or H7"),
    "entry_no_contract": N_(
        "give the contract (Pass for a passed-out board) or an artificial score"
    ),
    "entry_needs_declarer": N_("{contract} needs its declarer (N, E, S or W) and the tricks taken"),
    "entry_one_score": N_(
        "give one of a result (Pass for a passed-out board), an artificial score, a weighted "
        "score or a split score"
    ),
    "table_not_in_round": N_(
        "no table {table} in round {round} of this night ({tables} tables, {rounds} rounds)"
    ),
    "board_not_at_table": N_(
        "table {table} plays boards {boards} in round {round}, not board {board}"
    ),
    "nothing_missing": N_("no board is missing there"),
    "entry_wrong_pairs": N_(
        "in round {round} table {table} has {ns_label} v {ew_label}, not {ns} v {ew}"
    ),
    "lead_without_contract": N_("a lead goes with a contract played"),
    "board_in_at_both_tables": N_(
        "board {board} is in at both tables of the match (its IMPs are out): the director "
        "changes it now"
    ),
    "token_enters": N_("this is table {table}'s token: it enters only table {table}'s results"),
    "token_changes": N_("this is table {table}'s token: it changes only table {table}'s results"),
    "token_deletes": N_("this is table {table}'s token: it deletes only table {table}'s results"),
    "token_sends": N_("this is table {table}'s token: it sends only table {table}'s results"),
    "closed_change_results": N_("the session is closed: ask the director to change results"),
    "closed_ask_director": N_("the session is closed: ask the director"),
    "director_weighted": N_("only the director gives or changes a weighted score"),
    "director_artificial": N_("only the director gives or changes an artificial score"),
    "director_settles": N_("only the director settles conflicts"),
    "director_emails": N_("only the director emails the players"),
    "director_split": N_("only the director gives or changes a split score"),
    "round_entered": N_(
        "table {table} is in round {entered}: ask the director to change round {round}"
    ),
    "round_not_reached": N_(
        "table {table} has reached round {reached}: it enters board {board} of round {round} "
        "once every board of its rounds before is in"
    ),
    "only_result_of_round": N_(
        "board {board} is table {table}'s only result of round {round}: deleting it would take "
        "the table back to an earlier round; change it, or ask the director"
    ),
    "too_many_requests": N_(
        "table {table} has sent the director {kept} entries for board {board} already: the "
        "director settles them at the table"
    ),
    "nobody_at_table": N_("nobody plays at table {table}"),
    "pair_two_players": N_("a pair is two players, got {count}"),
    "no_such_pair": N_("no pair {pair!r} in this session"),
    "individual_no_substitute": N_(
        "an individual's players are named by their number, not by partnership: {pair}'s "
        "players cannot be changed"
    ),
    "individual_no_min_share": N_(
        "an individual ranks its players: it has no minimum share of boards yet"
    ),
    "individual_no_handicap": N_("an individual ranks its players: it has no handicaps yet"),
    "players_not_at_table": N_(
        "table {table} enters the players of {ns} and {ew} (who sit there in round {round}), "
        "not {pair}'s"
    ),
    "table_past_round": N_(
        "table {table} is past round {round}: the director changes a pair's players"
    ),
    "players_in_already": N_(
        "{pair}'s players are in already: the director changes them (a substitute)"
    ),
    # a live evening's deals, definition and state (bridgescore.live)
    "director_deals": N_("only the director attaches the deals"),
    "director_analysis": N_("only the director stores the double-dummy tables"),
    "deals_none": N_("no deals to attach"),
    "deals_board_not_played": N_(
        "board {board}: this session plays boards {boards}, not board {board}"
    ),
    "deals_board_twice": N_("board {board} is given twice"),
    "deals_law_2": N_(
        "board {board}: dealer {dealer}, {vulnerability} vulnerable; Law 2 has board {board} "
        "dealt by {law_dealer}, {law_vulnerability} vulnerable"
    ),
    "deals_incomplete": N_("board {board}: a hand record needs all four hands, got {deal!r}"),
    "deal_changed": N_("board {board}'s deal has changed since it was solved"),
    "individual_no_late_pair": N_(
        "an individual's players cannot be added or withdrawn yet (its partnerships play one "
        "round each; SCORING.md §26)"
    ),
    "director_min_share": N_("only the director sets the minimum share of boards"),
    "director_handicap": N_("only the director turns handicapped rankings on or off"),
    "team_no_min_share": N_("a team night ranks no pairs: it has no minimum share of boards"),
    "team_no_handicap": N_("a team night ranks no pairs: it has no handicapped rankings"),
    "live_one_section": N_("a live session is one section with its movement"),
    "fouled_table_in_none": N_(
        "board {board} is fouled, its versions played at tables {versions}: table {table} is "
        "in none of them (the director shares the tables out again first)"
    ),
    "team_night_weighted": N_(
        "a team night takes a result or an artificial score, not a weighted score"
    ),
    "team_night_split": N_("a team night takes a result or an artificial score, not a split score"),
    "weighted_work": N_(
        "with this weighted score, scoring the session's weighted scores would take {work} "
        "board scorings (each combination of their results, each time its board is played); "
        "at most {most} are taken in one session"
    ),
    "team_night_no_session": N_("a team night has no session: it is an event"),
    "pairs_evening_no_event": N_("a pairs evening is a session, not an event"),
    "no_such_result": N_("this night has no result {result_id}"),
    # the club's, the storage's and the web's errors, and the rest of the cores' (their module)
    **CLUB,
}
"""The English template of each error code (:attr:`bridgescore.errors.BridgeError.code`); its
``{names}`` are the error's :attr:`~bridgescore.errors.BridgeError.params`. The outer layers
translate the template, then fill it."""
