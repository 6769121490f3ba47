"""The English templates (:data:`CLUB`) of the errors a director or a player meets through the
web and the CLI outside the file readers: an evening's and a movement's own checks, the club's
stores and mail, the web's forms, the home game pads, events, grades and masterpoints.
:mod:`bridgescore._messages` merges them into :data:`bridgescore.errors.MESSAGES`.

>>> CLUB["result_twice"].split(":")[0]
'board {board}, NS {ns} v EW {ew} was entered twice with different results'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bridgescore._n import N_

__all__ = ["CLUB"]

CLUB: Final[Mapping[str, str]] = {
    # a board's scores, datums, cross-IMPs and VPs (bridgescore.duplicate.field)
    "board_score_type": N_(
        "a board score must be an integer, an Adjusted or a WeightedScore, got {got}"
    ),
    "board_results_over": N_("{count} results on a board that expects only {expected}"),
    "weighted_combinations": N_(
        "the weighted scores of a board make {count} combinations of results; at most {most} are "
        "scored"
    ),
    "rounding_unknown": N_("unknown rounding {got}; expected 'half-even' or 'half-up'"),
    "datum_no_score": N_("a datum needs at least one score"),
    "cross_imp_divisor": N_("unknown cross-IMP divisor {got}; expected 'n-1', 'n' or 'raw'"),
    "vp_boards": N_("boards must be a positive whole number, got {got}"),
    # a movement built, stored or typed as a table (bridgescore.duplicate.movement)
    "mitchell_even": N_("even must be 'skip' or 'relay', got {got}"),
    "arrow_switch_round": N_("arrow_switch names rounds 1 to {rounds}, got {got}"),
    "arrow_switches_flag": N_("arrow_switches must be True or False, got {got}"),
    "movement_data": N_("not a movement: {why}"),
    "individual_data": N_("not an individual movement: {why}"),
    "csv_row_boards_one": N_(
        "row {row}, column 'boards': every table plays 1 board a round (as in row 2), got {got}: "
        "{boards!r}"
    ),
    "csv_row_boards": N_(
        "row {row}, column 'boards': every table plays {count} boards a round (as in row 2), got "
        "{got}: {boards!r}"
    ),
    "movement_table_boards_one": N_(
        "table {table} in round {round} plays boards {boards!r}; every table plays 1 different "
        "board a round"
    ),
    "movement_table_boards": N_(
        "table {table} in round {round} plays boards {boards!r}; every table plays {count} "
        "different boards a round"
    ),
    "movement_meet_twice": N_("pairs {ns!r} and {ew!r} meet twice (rounds {rounds})"),
    "movement_meet_more": N_(
        "pairs {ns!r} and {ew!r} meet {times} times (rounds {rounds}), more than the movement's "
        "{most}"
    ),
    # a session's data, sections and results (bridgescore.duplicate.session)
    "artificial_rules": N_("unknown artificial-score rules in {got}"),
    "session_data": N_("not a session: {why}"),
    "individual_names": N_("an individual's names map players to names"),
    "individual_names_number": N_("players are named by number, not {why}"),
    "individual_partnerships": N_(
        "the section has {pairs} pairs, the movement {partnerships} partnerships"
    ),
    "pair_no_side": N_(
        "pair {pair} in section {section} has no side: in a Mitchell each pair sits NS or EW"
    ),
    "pair_side_howell": N_("pair {pair} in section {section} has a side: a Howell pair has none"),
    "result_twice": N_(
        "board {board}, NS {ns} v EW {ew} was entered twice with different results: {first} and "
        "{second}"
    ),
    # a live evening's results and an event's swaps (bridgescore.live, bridgescore.events)
    "outdated_no_version": N_(
        "board {board} is {now} now and this change names no version of the result it "
        "replaces: the change is kept for the director"
    ),
    "outdated_changed": N_(
        "board {board} is {now} now and it was changed since this phone read it: the change is "
        "kept for the director"
    ),
    "entered_already": N_(
        "table {table} has already entered board {board} in round {round}: {now}"
    ),
    "entered_already_change": N_(
        "table {table} has already entered board {board} in round {round}: {now}; change that "
        "result instead"
    ),
    "repeat_meeting": N_(
        "the swap makes a repeat meeting in round {round}: {met}; send it again with confirm to "
        "swap"
    ),
    "repeat_met": N_("{first} and {second} met in round {round}"),
    "repeat_met_more": N_("{first} and {second} met in round {round}; {more}"),
    # the web's forms and API: a new evening, its players and its results (bridgescore.web)
    "method_once": N_("give the method once (`method`; `scoring` is its old name)"),
    "movement_or_file": N_("give the movement or a movement file, not both"),
    "howell_needs_pairs": N_("a Howell needs its number of pairs"),
    "mitchell_needs_tables": N_("a Mitchell needs its number of tables"),
    "individual_needs_players": N_("an individual needs its number of players"),
    "movement_boards_most": N_("this movement has {boards} boards; at most {most} can be entered"),
    "individual_name_key": N_("an individual names its players by number, not {key!r}"),
    "individual_names_in": N_("an individual names its players in `names`, by number"),
    "entry_one_kind": N_(
        "give one of a contract, an artificial score, a weighted score or a split score"
    ),
    "players_no_pair": N_("no pair {pair!r} in the movement"),
    "players_of_pair": N_("pair {pair} is two players, got {count}"),
    "average_where": N_("give a table and its round, or a pair"),
    "no_team_at_table": N_("no team {team!r} sits at a table of the rounds drawn"),
    "slip_one_line": N_("a traveller slip has at least one line"),
    "table_not_board": N_("table {table} does not play board {board}"),
    "deals_how": N_("send the deals as pbn (text) or as file (base64) with its name"),
    "bye_vp_decimals": N_("a bye scores VPs to two decimals, got {got}"),
    "result_or_artificial": N_("give a result or an artificial score, not both"),
    "swiss_pairs_open_room": N_("a Swiss pairs match has one table, its open room"),
    "no_result_to_change": N_(
        "round {round}, board {board} has no result at match {match}'s {room} room to change"
    ),
    "scoring_method_form": N_("unknown scoring method {got}; expected mp, butler or cross-imps"),
    "sections_most": N_("{count} sections, more than the {most} a session may have"),
    "results_most": N_("{count:,} results, more than the {most:,} a session may have"),
    "results_full": N_("this session has {most:,} results, the most a session may have"),
    "file_too_large": N_("{name!r} is larger than {most:,} bytes, the largest file accepted"),
    "holdings_choose": N_("choose the players' holdings file"),
    "declarer_choose": N_("choose the declarer's seat, N, E, S or W"),
    "changed_elsewhere": N_("changed elsewhere"),
    "game_version": N_(
        "the game has changed: you sent version {sent!r}, it is now at version {version}; reload "
        "it and try again"
    ),
    # the store of games and nights (bridgescore.storage.store)
    "game_is_night": N_("game {game!r} is a night at the club, not a rubber or Chicago"),
    "database_url": N_(
        "invalid database URL: expected an SQLAlchemy URL such as sqlite:///path/to/games.db or "
        "postgresql+psycopg://user:password@host/database"
    ),
    "database_driver": N_(
        "cannot open a {driver!r} database: {why}; is its driver installed (for PostgreSQL: pip "
        "install 'bridgescore[postgres]')?"
    ),
    "database_revision": N_(
        "cannot upgrade the database from schema revision {revision}: {why}; is it from a newer "
        "bridgescore?"
    ),
    "no_game": N_("no game with id {game!r}"),
    "no_game_of_kind": N_("no {kind} with id {game!r}"),
    "game_prefix_short": N_(
        "game id prefix too short: {prefix!r}; give at least {least} characters"
    ),
    "no_game_prefix": N_("no game id starts with {prefix!r}"),
    "game_prefix_ambiguous": N_(
        "game id prefix {prefix!r} is ambiguous: it matches {ids}; give more characters"
    ),
    "game_kind": N_("unknown kind of game: {got}; expected one of {kinds}"),
    "limit_whole": N_("limit must be a whole number, 0 or more, got {got}"),
    "game_unknown_kind": N_("game {game!r} has an unknown kind: {kind!r}"),
    "game_saved_as": N_("game {game!r} is a {kind}: it cannot be saved as a {other}"),
    "game_changed": N_(
        "game {game!r} was changed by someone else: expected version {expected!r}, but it is at "
        "version {current}; reload it and try again"
    ),
    "names_side": N_("unknown side for a {kind}'s names: {key!r}; expected {allowed}"),
    "names_string": N_("the name of {key!r} must be a string, got {got}"),
    "names_unreadable": N_("game {game!r} has unreadable names: {got}"),
    # clubs, their directors, logins and rosters (bridgescore.club, bridgescore.storage.clubs)
    "login_attempts": N_("too many login attempts: try again in {wait} s"),
    "login_mismatch": N_("the email and password do not match a director's"),
    "club_players_shown": N_("players are shown by 'names' or 'numbers', not {got}"),
    "correction_hours": N_("a correction period is 0 to {most} hours, got {got}"),
    "club_name": N_("a club needs a name"),
    "club_number": N_("club number {number!r}: letters and digits only, at most 20"),
    "club_body": N_("unknown national body {got}; expected one of {bodies} or OTHER"),
    "email_long": N_("not an email address: {text!r} (longer than 254 characters)"),
    "email_invalid": N_("not an email address: {text!r} ({why})"),
    "password_short": N_("a password needs at least 10 characters, got {count}"),
    "password_long": N_("a password has at most 200 characters"),
    "another_club": N_("this belongs to another club: its directors direct it"),
    "club_here": N_("{body} club {number} is here already"),
    "club_ref_none": N_("no club with the id, name or number {ref!r}; give its id"),
    "club_ref_many": N_("{count} clubs with the id, name or number {ref!r}; give its id"),
    "no_club_number": N_("no {body} club {number!r}"),
    "no_club": N_("no club {club!r}"),
    "director_here": N_("{email} is a director here already"),
    "no_director": N_("this club has no director {email}"),
    "no_club_owns": N_("no club owns {game!r}"),
    "roster_no_player": N_("the club's roster has no player {player}"),
    "roster_number_taken": N_("number {number} is {other}'s on the roster already"),
    "no_event": N_("no event with id {event!r}"),
    "club_no_session": N_("the club has no session {game!r}"),
    # the rubber and Chicago pads (bridgescore.home)
    "honors_notation": N_(
        "invalid honors: {got}; expected the side that held them and their points, such as "
        '{{"we": 100}} or {{"NS": 150}}'
    ),
    "honors_both_sides": N_(
        "both sides cannot hold honors on one deal: {got}; honors are 4 or 5 of the trump honors "
        "(or the 4 aces) in one hand"
    ),
    "text_or_kind": N_("expected text or a {kind}, got {got}"),
    "rules_choice": N_("unknown {what}: {got}; expected {allowed}"),
    "rules_flag": N_("rules option {name} must be True or False, got {got}"),
    "rules_preset": N_("unknown {game} rules: {got}; expected one of {presets}"),
    "rules_option": N_("unknown {game} rules option: {got}; expected {options}"),
    "deal_needs_declarer": N_("{contract} needs a declarer: N, E, S or W"),
    "deal_needs_side": N_("{contract} needs the declaring side: we or they"),
    "pass_no_declarer": N_("a passed-out deal has no declarer, got {got}"),
    "pass_no_side": N_("a passed-out deal has no by, got {got}"),
    "honors_side_and_points": N_(
        "honors need both the side that held them and their points, got {side} and {points}"
    ),
    "no_deal": N_("no deal {deal}: the {game} has {count} deals"),
    "honors_not_scored": N_(
        "deal {deal} claims honors, but these rules do not score them: {rules}"
    ),
    "no_deal_to_undo": N_("there is no deal to undo"),
    "side_we_they": N_("invalid side: {got}; expected 'we' or 'they'"),
    "rubber_deal_notation": N_(
        "invalid deal: {got}; expected a contract, the declaring side (we or they) and the tricks "
        "taken or the outcome, e.g. '4H we 10', '4HX by they -2', '3NT we =' or 'Pass'"
    ),
    "deal_pass_only": N_("invalid deal: {got}; a passed-out deal is just 'Pass'"),
    "deal_after_rubber": N_(
        "deal {deal} comes after the rubber is over: it was won on deal {won_on}"
    ),
    "rubber_over_already": N_("the rubber is already over: it was won on deal {won_on}"),
    "rubber_over": N_(
        "the rubber is over: {side} won two games on deal {won_on}; undo the last deal or start a "
        "new rubber"
    ),
    "rubber_ended": N_("the rubber was ended early; undo to reopen it"),
    "chicago_deal_declarer": N_(
        "invalid deal: {got} has no declarer; expected e.g. '4H S 10', '4HX by E -2', '3NTN=' or "
        "'Pass'"
    ),
    # live nights stored, letters mailed, sites published, masterpoints filed (storage, club)
    "no_live_session": N_("no live session with id {game!r}"),
    "tokens_not_session": N_("these are not this session's tables' tokens"),
    "no_open_conflict": N_("this session has no open conflict {conflict}"),
    "director_closes": N_("only the director closes the session"),
    "no_live_night": N_("there is no live night with id {game!r}"),
    "no_session_id": N_("there is no session with id {game!r}"),
    "mailing_mail_error": N_("{why}"),
    "smtp_first": N_(
        "set the club's SMTP settings first (PUT /api/club/smtp, or bridgescore club smtp)"
    ),
    "letters_stale": N_(
        "the session changed (version {now}, the letters are of {version}): look at them again"
    ),
    "smtp_password_key": N_(
        "the club's SMTP password cannot be read with this server's mail key ({env}, or mail.key "
        "in the data directory): enter it again"
    ),
    "mail_not_ip": N_("not an IP address: {address!r}"),
    "mail_host": N_("not a host name: {host!r}"),
    "mail_port": N_("port: expected 1 to 65535, got {got}"),
    "mail_security": N_("security {got}: expected one of {choices}"),
    "mail_no_tls": N_(
        "a connection without TLS is only for a server on this machine, not {host!r}: use "
        "starttls or tls"
    ),
    "mail_login_text": N_("{name}: 1 to 254 characters on one line"),
    "mail_login_both": N_("a login needs both a user name and a password"),
    "mailing_close_first": N_("close the session first: letters go out with its results"),
    "letters_sent": N_("the letters were sent already: ask again to send a new set"),
    "ladders_most": N_("a club keeps at most {most} ladders: delete one first"),
    "no_ladder": N_("the club has no ladder {ladder!r}"),
    "no_player_page": N_("no player's page for {number!r}"),
    "no_club_publishes": N_("no club of this server publishes player {number!r}"),
    "no_club_at": N_("no club at {slug!r}"),
    "no_published_evening": N_("the club has no published evening {game!r}"),
    "evening_no_pair": N_("the evening has no pair {pair!r}"),
    "no_public_player": N_("the club has no public page for player {number!r}"),
    "club_no_event": N_("the club has no event {event!r}"),
    "club_no_evening": N_("the club has no evening {game!r}"),
    "filing_team_night": N_("{game!r} is a team night: masterpoints are filed for a pairs evening"),
    "filing_not_closed": N_(
        "the evening is not closed: masterpoints are filed once it is closed and its correction "
        "period has ended"
    ),
    "filing_provisional": N_(
        "the results are provisional until {until} UTC (the correction period): masterpoints are "
        "filed after it"
    ),
    "abf_one_colour": N_(
        "an ABF credit file holds green, red or gold points, one colour a file; these are {kinds}"
    ),
    "abf_points_digits": N_("ABF number {abf}: {points} points do not fit the file's 6 digits"),
    "ebu_charge_code": N_("EBU charge code {got}: one of {codes}"),
    "filing_no_scheme": N_("the club awards no masterpoints: choose its scheme first"),
    "filing_format_scheme": N_(
        "the club's masterpoints are the {scheme}'s: they are not filed as {got}"
    ),
    "filing_format": N_("filing format {got}: abf or ebu"),
    # an event's entrants, draw and results (bridgescore.events)
    "event_name": N_("{what} must be a name, got {got}"),
    "event_player": N_("a player is a name or {{'name': ..., 'number': ...}}, got {got}"),
    "round_no_match": N_("round {round} has no match {match}"),
    "room_open_closed": N_("a room is 'open' or 'closed', got {got}"),
    "table_result_type": N_("a table's result is a Result or an Adjusted score, got {got}"),
    "event_kind": N_("unknown kind of event {got}; expected one of {kinds}"),
    "vp_scale": N_("unknown VP scale {got}; expected one of {scales}"),
    "event_entrants_least": N_("an event needs at least 2 entrants, got {count}"),
    "entrants_same_name": N_("two entrants are named {name!r}"),
    "pair_players_count": N_("a pair has 2 players; {name!r} has {count}"),
    "team_players_count": N_("a team has 4 to 6 players; {name!r} has {count}"),
    "event_scoring": N_("a {kind} event is scored by {allowed}, not {got}"),
    "scale_measure": N_("the {scale} scale converts {measure}, but {scoring} gives {wanted}"),
    "event_whole_number": N_("{name} must be a whole number 1-{top}, got {got}"),
    "bye_hundredths": N_("a bye scores 0-{total} hundredths of a VP, got {got}"),
    "event_entrants_most": N_("an event has at most {most} entrants, got {count}"),
    "round_numbered": N_("round {got} is not numbered as drawn (round {round}, matches 1, 2 ...)"),
    "round_not_entrant": N_("round {round}: {name!r} is not an entrant"),
    "round_places_twice": N_(
        "round {round} places {name!r} twice: an entrant plays one match a round (a file of "
        "several rounds names them with its Round tags)"
    ),
    "entry_not_drawn": N_(
        "an entry for round {round}, match {match}, board {board} ({room}) is not a table of the "
        "draw, or is twice"
    ),
    "round_not_drawn": N_("round {round} has not been drawn ({count} so far)"),
    "match_boards": N_("round {round}, match {match} plays boards {first}-{last}, not {got}"),
    "room_result_in": N_(
        "round {round}, match {match}, board {board}: the {room} room's result is already in"
    ),
    "round_started": N_("round {round} has started: results are in"),
    "not_in_draw": N_("{name!r} is not in round {round}'s draw"),
    "already_meet": N_("{first!r} and {second!r} already meet"),
    "event_ranking": N_("unknown ranking {got}; expected 'matchpoints' or 'percentage'"),
    "carry_over_fraction": N_("a carry-over is a fraction from 0 to 1, got {got}"),
    "qualifying_range": N_("qualifying sessions: 0 to 10, got {got}"),
    "carry_over_preset": N_(
        "unknown carry-over {got}; expected one of {presets} or a fraction such as 1/2"
    ),
    "event_kind_pairs": N_("unknown kind of event {got}; expected 'pairs'"),
    "event_sessions": N_("an event holds 2 to 10 different sessions"),
    "qualifying_after": N_("the qualifying stage needs a session after it"),
    "event_sessions_list": N_("sessions: a list of session ids"),
    "event_sessions_matchpointed": N_("an event's sessions are matchpointed, one section each"),
    "no_ties": N_(
        "a {kind} event has no ties to settle: only a knockout match has a carry-over and extra "
        "boards"
    ),
    "tie_next_drawn": N_(
        "round {round}, match {match} ({home} v {away}) is decided: round {next} is drawn"
    ),
    "tie_begun": N_(
        "round {round}, match {match} ({home} v {away}) has begun: a carry-over is set before the "
        "match starts, or to break a tie once it is over"
    ),
    "tie_not_tied": N_("round {round}, match {match} ({home} v {away}) is decided: it is not tied"),
    "extra_boards_range": N_("extra boards are 1-{most}, got {got}"),
    "tie_not_over": N_(
        "round {round}, match {match} ({home} v {away}) is not over: {scored} of its {boards} "
        "boards scored"
    ),
    "tie_decided": N_("round {round}, match {match} ({home} v {away}) is not tied: it is decided"),
    "match_boards_whole": N_("boards per match must be a positive whole number, got {got}"),
    "scale_match_lengths": N_(
        "the {scale} scale has tables for matches of {first}-{last} boards, not {boards}"
    ),
    "scale_percentages": N_("the {scale} scale converts percentages, not IMPs"),
    "scale_imps": N_("the {scale} scale converts IMPs, not percentages"),
    "percent_range": N_("a percentage must be 0-100, got {got}"),
    "match_boards_scored": N_(
        "round {round}, match {match} ({home} v {away}) has {scored} of its {boards} boards scored"
    ),
    "match_tied": N_(
        "round {round}, match {match} ({home} v {away}) is tied: the director decides (extra "
        "boards) and sets a carry-over"
    ),
    "event_data": N_("not an event: {why}"),
    # grades, handicaps and masterpoints (bridgescore.grades, bridgescore.masterpoints)
    "handicap_range": N_("a handicap is -{limit:g} to +{limit:g} points, got {got}"),
    "handicap_method": N_("handicap method {got}: one of {methods}"),
    "handicap_combine": N_("combine {got}: 'mean' or 'sum'"),
    "handicaps_most": N_("handicaps for at most {most} players, got {count}"),
    "player_number": N_("player number {number!r}: letters and digits only, at most 20"),
    "handicaps_map": N_("handicaps set are a map of national numbers to points"),
    "handicap_number": N_("a handicap is a number of points, got {got}"),
    "grade_range": N_("{name} must be {low:g} to {high:g}, got {got}"),
    "grade_pair_players": N_("a pair has one or two players, got {count}"),
    "grade_two_pairs": N_("player {player} is in two pairs of session {session}"),
    "grade_date": N_("a session needs a date to be graded (YYYY.MM.DD), got {got}"),
    "ebu_two_winner": N_(
        "masterpoints {scheme}: the EBU's scales for a two-winner session (each direction of a "
        "Mitchell) are not available to bridgescore, only a one-winner pairs session's "
        "(bridgescore.masterpoints.ebu.pairs_scale)"
    ),
    "ebu_scale": N_(
        "masterpoints {text!r}: the EBU's scales are club (ebu or ebu:1), district (ebu:1.5), "
        "county (ebu:2), regional (ebu:3) and national (ebu:4)"
    ),
    "ebu_maximum": N_(
        "tables {tables}: a top award of {top} is above the scale's maximum of {most} for "
        "{boards} boards, which the EBU's handbook (4.4) rules and bridgescore does not have"
    ),
    "award_pair_two_sections": N_(
        "pair {pair!r} is in two sections with the same names: give the sections one at a time"
    ),
    "individual_scale_f": N_(
        "masterpoints {scheme}: only the EBU's Scale F is available to bridgescore for an "
        "individual"
    ),
    "abf_outright_only": N_(
        "masterpoints {scheme}: only the ABF's outright awards are available to bridgescore"
    ),
    "masterpoints_notation": N_(
        "masterpoints {text!r}: expected SCHEME[:WEIGHT], such as 'abf' or 'acbl:1.5'"
    ),
    "masterpoints_scheme": N_("masterpoints {text!r}: the scheme is abf, acbl or ebu"),
    "masterpoints_weight": N_(
        "masterpoints {text!r}: the weight is a number above 0 and at most 100, such as 1.5 or 5/2"
    ),
    "abf_session_tables": N_("a session of {tables} tables has no awards"),
    "abf_sessions": N_(
        "sessions {sessions}: the ABF adjusts its outright awards for 2 and 3 sessions (Tables "
        "3A-3C), which bridgescore does not have; 4 sessions or more are computed"
    ),
    "abf_event_tables": N_("an event of {tables} tables has no awards"),
    "acbl_section_tables": N_("a section of {tables} tables has no awards"),
    "scale_f_boards": N_(
        "boards {boards}: only Scale F's column for 18 to 35 boards is available to bridgescore"
    ),
    "scale_f_tables": N_("tables {tables}: expected 1 to 1000 full tables"),
    # the server's own files and quotas, backups, and the last lookups (storage, web, events)
    "mail_key_env": N_(
        "{env} is not a key: 32 bytes in URL-safe base64 (44 characters), as python -c 'from "
        "cryptography.fernet import Fernet; print(Fernet.generate_key().decode())' prints"
    ),
    "mail_key_file": N_(
        "cannot read or make the mail key (mail.key in the data directory): {why}; set {env}"
    ),
    "data_directory": N_(
        "cannot create the data directory (bridgescore under $XDG_DATA_HOME or ~/.local/share): "
        "{why}; {otherwise}"
    ),
    "quota_address": N_(
        "the games made from this address without a club hold {held:,} bytes; this one ({size:,} "
        "bytes) would pass the {most:,} allowed: log in as a club's director, or wait until older "
        "games expire ({days:g} days)"
    ),
    "quota_server": N_(
        "the games made without a club hold {held:,} bytes; this one ({size:,} bytes) would pass "
        "the {most:,} this server allows: log in as a club's director, or try again later"
    ),
    "rubber_rules_preset": N_("cannot store rubber rules not based on a preset: {rules}"),
    "chicago_rules_preset": N_("cannot store Chicago rules not based on a preset: {rules}"),
    "store_what": N_("only a Rubber, a Chicago, a Session or an Event can be stored, got {got}"),
    "stored_unreadable": N_("stored game {game!r} cannot be read: {why}"),
    "export_size": N_("an export has at most {most} bytes, got {got}"),
    "export_json": N_("not a club export (JSON): {why}"),
    "import_race": N_("the server took another row like this one meanwhile: {why}"),
    "live_session_missing": N_("there is no live session with id {game!r}"),
    "new_event_drawn": N_("a new event has no rounds drawn yet"),
    "all_rounds_drawn": N_("all {rounds} rounds have been drawn"),
    "no_team_event": N_("there is no team event with id {event!r}"),
    "ladder_whole_number": N_("{name} is a whole number, not {got}"),
    # a club's season ladders (bridgescore.events.season)
    "ladder_count": N_("{name} is a whole number from {low} to {high}, got {got}"),
    "ladder_kind": N_("a ladder is 'best', 'average' or 'improved', not {got}"),
    "ladder_name": N_("a ladder needs a name"),
    "ladder_start_date": N_("a ladder's start is a date, YYYY.MM.DD, not {got}"),
    "ladder_end_date": N_("a ladder's end is a date, YYYY.MM.DD, not {got}"),
    "ladder_dates": N_("a ladder ends ({end}) after it starts ({start})"),
    "ladder_rules": N_("a ladder's rules are an object"),
    "ladder_player_number": N_("a ladder counts players by national number: {player!r} has none"),
    "ladder_percent": N_("a percentage is 0 to 100, got {got}"),
    # the database, the server's settings, the draw's optional dependency
    "db_busy": N_("the database is busy, try again"),
    "db_refused_write": N_("the database refused the write ({kind})"),
    "db_failed_detail": N_("the database failed: {detail}"),
    "db_login": N_("the database server refused the user name or password"),
    "db_missing": N_("the database named in the URL does not exist on its server"),
    "db_connect": N_(
        "cannot connect to the database server: check the URL's host and port, and that the "
        "server is running"
    ),
    "db_resources": N_("the database server is out of resources (disk or memory)"),
    "db_failed_state": N_("the database failed ({kind}, SQLSTATE {state})"),
    "db_failed": N_("the database failed ({kind})"),
    "base_url": N_("the base URL must start with http:// or https://, got {got}"),
    "trusted_proxy": N_("a trusted proxy is an IP address or network, got {got}"),
    "draw_networkx": N_(
        "a Swiss draw needs networkx, which is not installed on this server: install bridgescore "
        "with its web (or events) extra, pip install 'bridgescore[web]'"
    ),
    # a club export's rows read back (bridgescore.storage.backup_rows)
    "export_object": N_("{place}: expected an object, got {got}"),
    "export_unknown_field": N_("{place}: unknown field, got {got}"),
    "export_missing": N_("{place}: missing, got {got}"),
    "export_not_null": N_("{place}: may not be null, got {got}"),
    "export_bool": N_("{place}: expected true or false, got {got}"),
    "export_whole": N_("{place}: expected a whole number, got {got}"),
    "export_string": N_("{place}: expected a string, got {got}"),
    "export_length": N_("{place}: at most {most} characters, got {got}"),
    "export_time": N_("{place}: expected an ISO 8601 time, got {got}"),
    "export_utc_offset": N_("{place}: a time needs its UTC offset, got {got}"),
    "export_list": N_("{place}: expected a list, got {got}"),
    "export_twice": N_("{place}: given twice, got {got}"),
    "export_one_of": N_("{place}: expected one of {allowed}, got {got}"),
}
"""The English template of each code (its ``{names}`` the error's params)."""
