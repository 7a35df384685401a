"""The words of the terminal table, in English and French.

Card names in French follow the French-Canadian rulebook (seed 004): "Appuyer 2 fois",
"Double attaque", "Poser tout", "Inversion", "Passer", "Carte blanche".

>>> tr = Tr("fr")
>>> tr.card(Card.parse("R-Hit2")), tr.card(Card.parse("WAA")), tr.card(Card.parse("Y7"))
('Appuyer 2 fois rouge', 'Double attaque', '7 jaune')
>>> Tr("en").count("card", 1), Tr("fr").count("card", 3)
('1 card', '3 cartes')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from unoattack.rules.cards import ENGLISH_NAMES, Card, Colour, Kind
from unoattack.rules.edition import Edition

LANGUAGES: tuple[str, ...] = ("en", "fr")
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}

_COLOURS = {
    "en": ("red", "yellow", "green", "blue"),
    "fr": ("rouge", "jaune", "vert", "bleu"),
}
# A colour said of a card ("une carte verte"): French agrees it with "carte", feminine.
_COLOUR_ADJECTIVES = {
    "en": _COLOURS["en"],
    "fr": ("rouge", "jaune", "verte", "bleue"),
}

# Full names. French wilds of the 2003 and 2010 decks have no rulebook name (seed 004 has
# none of them); these follow the same pattern ("Carte blanche" + what it does).
_KIND_NAMES: dict[str, dict[Kind, str]] = {
    "en": ENGLISH_NAMES,
    "fr": {
        Kind.NUMBER: "{number}",
        Kind.SKIP: "Passer",
        Kind.REVERSE: "Inversion",
        Kind.HIT1: "Appuyer 1 fois",
        Kind.HIT2: "Appuyer 2 fois",
        Kind.DISCARD_ALL: "Poser tout",
        Kind.TRADE_HANDS: "Échange de mains",
        Kind.WILD: "Carte blanche",
        Kind.WILD_ALL_HIT: "Carte blanche Tous appuient",
        Kind.WILD_HIT_FIRE: "Carte blanche Jusqu'au tir",
        Kind.WILD_HIT4: "Carte blanche Appuyer 4 fois",
        Kind.WILD_ATTACK_ATTACK: "Double attaque",
        Kind.WILD_CUSTOM: "Carte blanche personnalisable",
    },
}

# Short labels for the card chips of a hand (the colour is the chip's own colour).
_KIND_LABELS: dict[str, dict[Kind, str]] = {
    "en": {
        Kind.NUMBER: "{number}",
        Kind.SKIP: "Skip",
        Kind.REVERSE: "Reverse",
        Kind.HIT1: "Hit 1",
        Kind.HIT2: "Hit 2",
        Kind.DISCARD_ALL: "Discard All",
        Kind.TRADE_HANDS: "Trade Hands",
        Kind.WILD: "Wild",
        Kind.WILD_ALL_HIT: "All Hit",
        Kind.WILD_HIT_FIRE: "Hit-Fire",
        Kind.WILD_HIT4: "Hit 4",
        Kind.WILD_ATTACK_ATTACK: "Attack-Attack",
        Kind.WILD_CUSTOM: "Custom",
    },
    "fr": {
        Kind.NUMBER: "{number}",
        Kind.SKIP: "Passer",
        Kind.REVERSE: "Inversion",
        Kind.HIT1: "Appuyer 1",
        Kind.HIT2: "Appuyer 2",
        Kind.DISCARD_ALL: "Poser tout",
        Kind.TRADE_HANDS: "Échange",
        Kind.WILD: "Blanche",
        Kind.WILD_ALL_HIT: "Tous appuient",
        Kind.WILD_HIT_FIRE: "Jusqu'au tir",
        Kind.WILD_HIT4: "Appuyer 4",
        Kind.WILD_ATTACK_ATTACK: "Double attaque",
        Kind.WILD_CUSTOM: "Perso",
    },
}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # counted nouns: KEY.one / KEY.many
        "card.one": "{n} card",
        "card.many": "{n} cards",
        "point.one": "{n} point",
        "point.many": "{n} points",
        "press.one": "{n} press",
        "press.many": "{n} presses",
        "match.one": "{n} match",
        "match.many": "{n} matches",
        "saved_match.one": "{n} match saved",
        "saved_match.many": "{n} matches saved",
        "players.one": "{n} player",
        "players.many": "{n} players",
        "hands_played.one": "{n} hand played",
        "hands_played.many": "{n} hands played",
        "finished.one": "{n} finished",
        "finished.many": "{n} finished",
        "unfinished.one": "{n} unfinished",
        "unfinished.many": "{n} unfinished",
        "skipped.one": "{n} file skipped (not a readable record)",
        "skipped.many": "{n} files skipped (not readable records)",
        "percent": "{n}%",
        "pt.one": "{n} pt",
        "pt.many": "{n} pts",
        "playable.one": "{n} playable",
        "playable.many": "{n} playable",
        "stuck.one": "{n} stuck",
        "stuck.many": "{n} stuck",
        "times.1": "once",
        "times.2": "twice",
        "times.n": "{n} times",
        "times.0": "until it fires",
        # printed by `play` when you quit a match before its end
        "saved_resume": "saved to {path}; continue with: {command}",
        # seats
        "you": "You",
        "you.object": "you",
        "player": "Player {n}",
        "bot": "Bot {n}",
        "level.random": "random",
        "level.family": "family",
        "level.heuristic": "heuristic",
        "level.ismcts-easy": "search, easy",
        "level.ismcts-normal": "search, normal",
        "level.ismcts-hard": "search, hard",
        "clockwise": "clockwise",
        "counterclockwise": "counter-clockwise",
        # events
        "ev.dealer_chosen": "{who} draws the highest card and deals.",
        "ev.dealer_chosen.you": "You draw the highest card and deal.",
        "ev.hand_started": "Hand {n} begins: {who} deals {cards} to each player.",
        "ev.hand_started.you": "Hand {n} begins: you deal {cards} to each player.",
        "ev.dealt": "{who} is dealt {cards}.",
        "ev.dealt.you": "You are dealt {cards}.",
        "ev.start_card": "The start card is {card}.",
        "ev.start_card.returned": "{card} is turned up and goes back into the launcher.",
        "ev.played": "{who} plays {card}",
        "ev.played.you": "You play {card}",
        "ev.played.colour": " (colour: {colour})",
        "ev.played.target": " at {target}",
        "ev.played.stacked": " on the Hit pile",
        "ev.played.discarded": ", with {cards}",
        "ev.colour_chosen": "{who} names {colour}.",
        "ev.colour_chosen.you": "You name {colour}.",
        "ev.must_press": "{who} must press {times}",
        "ev.must_press.you": "You must press {times}",
        "ev.must_press.stack": ", or stack a Hit card",
        "reason.hit": "",
        "reason.attack": " (attacked)",
        "reason.pile": " (Mega Hit pile)",
        "reason.all_hit": " (Wild All Hit)",
        "reason.hit_fire": " (Wild Hit-Fire)",
        "reason.start": " (start card)",
        "reason.uno_penalty": " (penalty: no UNO)",
        "reason.suggestion": " (penalty: suggested a card)",
        "ev.pressed.ding": "{who} presses the launcher: ding, nothing comes out.",
        "ev.pressed.ding.you": "You press the launcher: ding, nothing comes out.",
        "ev.pressed.fire": "{who} presses the launcher: it fires! {count}",
        "ev.pressed.fire.you": "You press the launcher: it fires! {count}",
        "ev.pressed.stuck": " ({stuck})",
        "ev.pressed.misfire": "{who} presses the launcher: it fires, but it is empty.",
        "ev.pressed.misfire.you": "You press the launcher: it fires, but it is empty.",
        "ev.pressed.got": " {who} gets {cards}.",
        "ev.pressed.got.you": " You get {cards}.",
        # Chosen (S) or, where the table stops every presser once cards came out, not:
        # the words fit both.
        "ev.stopped": "Cards came out: {who} is done pressing ({left} left).",
        "ev.stopped.you": "Cards came out: you are done pressing ({left} left).",
        "ev.skipped": "{who} is skipped.",
        "ev.skipped.you": "You are skipped.",
        "ev.reversed": "Play now goes {direction}.",
        "ev.traded": "{who} trades hands with {target}.",
        "ev.traded.you": "You trade hands with {target}.",
        "ev.traded.victim": "{who} trades hands with you.",
        "ev.traded.got": " {who} receives {cards}.",
        "ev.traded.got.you": " You receive {cards}.",
        "ev.bonus": "{who} plays again (bonus turn).",
        "ev.bonus.you": "You play again (bonus turn).",
        "ev.uno": "{who} says UNO!",
        "ev.uno.you": "You say UNO!",
        "ev.caught": "{catcher} catches {who} without UNO: {presses} for {who}.",
        "ev.caught.you": "You catch {who} without UNO: {presses} for them.",
        "ev.caught.victim": "{catcher} catches you without UNO: {presses} for you.",
        "ev.penalized": "{who} suggested a card: {presses}.",
        "ev.penalized.you": "You suggested a card: {presses}.",
        "ev.reshuffled": "The discard pile is shuffled back into the launcher ({count}).",
        "ev.hand_won": "{who} goes out and wins hand {n}{points}!",
        "ev.hand_void": "Hand {n} is void: the launcher is empty with nothing to reload, and "
        "every player has pressed it in turn. Nobody scores.",
        "ev.hand_won.you": "You go out and win hand {n}{points}!",
        "ev.hand_won.points": " (+{points})",
        "ev.eliminated": "{who} is eliminated with {points}.",
        "ev.eliminated.you": "You are eliminated with {points}.",
        "ev.match_won": "{who} wins the match!",
        "ev.match_won.you": "You win the match!",
        "ev.match_won.many": "{who} share the win!",
        "and": " and ",
        # table
        "title": "UNO Attack!",
        "status": "{title} · hand {hand} · {dealer} · {goal}",
        "status.dealer": "dealer: {who}",
        "status.dealer.you": "you deal",
        "goal.first_to_500": "first to {target} wins",
        "goal.running_total_lowest_wins": "lowest total at {target}",
        "goal.challenge": "out at {target}",
        "top": "Top",
        "colour": "colour",
        "pile.size": "Pile: {cards}",
        "mega_pile": "Mega Hit pile: {presses}",
        "launcher": "Launcher",
        "launcher.stock": "{stock}",
        "launcher.since": "{since} since it last fired",
        "launcher.model": "{model} · {presses} in all",
        "launcher.press": "{who} presses…",
        "launcher.press.you": "You press…",
        "launcher.ding": "ding… nothing",
        "launcher.fire": "DING DING! It fires:",
        "launcher.misfire": "it fires… nothing comes out",
        "seats": "Players",
        "log": "What happened",
        "hand": "Your hand",
        "hand.of": "{who}'s hand",
        "hand.spectator": "You are watching: no hand to show.",
        "hand.summary": "{cards}, {playable}",
        "group.wild": "Wild",
        "flag.uno": "UNO!",
        "flag.catchable": "no UNO!",
        "flag.out": "out",
        "flag.owes": "owes {presses}",
        "flag.owes.until_fire": "presses until it fires",
        # prompts
        "prompt.watch": "{who} is playing…",
        "prompt.watch.press": "{who} must press the launcher ({left}).",
        "prompt.watch.colour": "{who} is choosing the colour…",
        "prompt.turn": "Your turn: play a card (←→ and Enter) or press the launcher (P).",
        "prompt.turn.none": "No card of yours matches: press the launcher (P).",
        "prompt.bonus": "Bonus turn: play another card (Enter) or press the launcher (P).",
        "prompt.press": "Press the launcher (P): {left} to go{reason}.",
        "prompt.press.fire": "Press the launcher (P) until it fires{reason}.",
        "prompt.stack": " Or stack a Hit card (Enter) onto the pile.",
        "prompt.stop": " It fired: you may stop (S).",
        "prompt.colour": "Name the colour of the start card.",
        "prompt.catch": " {who} did not say UNO: catch them (C)!",
        "prompt.liable": " You have one card left: say UNO (U) before you are caught!",
        "prompt.uno_armed": " UNO will be said with your play.",
        "prompt.over": "The match is over.",
        "prompt.spectator": "You are watching the bots play.",
        # buttons and keys
        "btn.press": "Press (P)",
        "btn.stop": "Stop (S)",
        "btn.uno": "UNO! (U)",
        "btn.catch": "Catch {who}! (C)",
        "btn.help": "Help (?)",
        # the footer's keys, each its key then what it does (TableScreen.keys)
        "key.move": "←→↑↓ choose",
        "key.play": "Enter play",
        "key.press": "P press",
        "key.stop": "S stop",
        "key.uno": "U UNO",
        "key.catch": "C catch",
        "key.hint": "H hint",
        "key.undo": "Z undo",
        "key.speed": "F speed",
        "key.help": "? help",
        "key.quit": "Q quit",
        # notices
        "note.uno_armed": "UNO! will be said with your next card.",
        "note.uno_disarmed": "UNO call cancelled.",
        "note.showing": "One moment: the last moves are still being shown (F: faster).",
        "note.saved": "Saved to {path}",
        # refusals: why the table refused an action and what to do instead (Tr.refusal),
        # one per reason of the engine (ILLEGAL_REASONS, MATCH_REASONS); a ".nobody"
        # variant for a seat that is not at the table, ".wild" for a wild on the pile
        "refusal.not_allowed": "The rules do not allow that now: choose another move.",
        "refusal.match_over": "The match is over: nothing more can be played.",
        "refusal.no_such_seat": "There is no seat {seat} at this table of {players}: the "
        "seats go from 1 to {last}.",
        "refusal.eliminated": "You are out of the match: you can only watch the others play.",
        "refusal.no_uno_to_call": "There is no UNO to say now: say UNO with the play that "
        "leaves you one card.",
        "refusal.uno_not_yours": "Only {who} can say UNO now, having one card left: catch "
        "them before they do.",
        "refusal.not_catchable": "{who} cannot be caught now: a player can be caught only "
        "after playing their second-to-last card without saying UNO, until the next card "
        "or press.",
        "refusal.not_catchable.nobody": "Nobody can be caught now: a player can be caught "
        "only after playing their second-to-last card without saying UNO, until the next "
        "card or press.",
        "refusal.catch_yourself": "You cannot catch yourself: say UNO instead.",
        "refusal.not_your_turn": "It is not your turn: {who} is to act, so wait for your turn.",
        "refusal.name_start_colour": "The start card is a wild: first name its colour (red, "
        "yellow, green or blue).",
        "refusal.no_colour_to_name": "There is no colour to name now: only a wild start card "
        "waits for one.",
        "refusal.no_presses_to_stop": "You have no presses to stop: you can stop only while "
        "you owe presses.",
        "refusal.every_press_counts": "In this edition every press must be made: keep "
        "pressing the launcher.",
        "refusal.stop_after_cards": "You may stop only once the launcher has given you "
        "cards: keep pressing it.",
        "refusal.no_press_now": "The launcher cannot be pressed now: nothing calls for a press.",
        "refusal.card_not_in_hand": "You have no {card} in your hand: play a card you hold.",
        "refusal.must_press": "You still owe {presses}: press the launcher before you play a card.",
        "refusal.must_press_until_fire": "You must press the launcher until it fires before "
        "you play a card.",
        "refusal.must_press_or_stack": "Only a Hit card can go on the Hit pile: stack one, or "
        "press the launcher.",
        "refusal.wild_needs_colour": "A wild is played naming a colour: choose one for {card}.",
        "refusal.needs_target": "{Card} is played against a player: choose whom.",
        "refusal.takes_no_target": "{Card} is not played against anyone: play it without "
        "choosing a player.",
        "refusal.target_yourself": "You cannot aim at yourself: choose another player.",
        "refusal.no_target_seat": "{who} is out of the match: choose a player still playing.",
        "refusal.no_target_seat.nobody": "There is no player in seat {seat}: choose a player "
        "still playing.",
        "refusal.no_going_out_on_trade": "You may not go out on a Trade Hands card: press the "
        "launcher instead.",
        "refusal.uno_with_one_card_only": "UNO is said only with the play that leaves you one "
        "card: play without it.",
        "refusal.no_match": "{Card} matches neither {colour} nor {on_symbol}: play "
        "{a_colour_card} or {a_symbol}, or press the launcher.",
        "refusal.no_match.wild": "{Card} is not {colour_adj}, the colour named for the wild "
        "on top: play {a_colour_card}, or press the launcher.",
        "refusal.referee_only": "Only the referee gives the penalty for suggesting a card.",
        "refusal.nobody_to_penalize": "{who} is out of the match: there is nobody to penalize.",
        "refusal.nobody_to_penalize.nobody": "There is no player in seat {seat} to penalize.",
        "refusal.hand_over": "The hand is over: there is nothing to penalize.",
        "refusal.stale": "The table moved on before your move arrived: look again and choose anew.",
        "refusal.between_hands": "The hand is over: the next one starts in a moment.",
        "refusal.catch_pending": "A catch is being settled: wait a moment, then try again.",
        "refusal.uno_in_time": "Too late: {who} said UNO in time, so your catch does not count.",
        "refusal.too_late": "Too late: the chance to catch closed before your catch was judged.",
        "refusal.offer_pending": "{who} must first answer their offer: wait for them.",
        "refusal.no_offer": "There is no offer to decline: act as usual.",
        "refusal.answer_offer": "You are offered a reaction: react, or decline the offer.",
        "refusal.undo_with_people": "Only a player alone against bots may take a move back: "
        "another player would lose theirs.",
        "refusal.undo_unavailable": "Moves cannot be taken back at this table: every move stays "
        "as it was played.",
        "refusal.nothing_to_undo": "You have made no move yet, so there is none to take back.",
        "refusal.undo_past_hand": "Your last move was in a hand that is over: it stays played.",
        # the words refusals are made of
        "player.one": "{n} player",
        "player.many": "{n} players",
        "card.subject": "{card}",
        "card.a_colour": "a {colour} card",
        "symbol.on.number": "{number}",
        "symbol.on.skip": "Skip",
        "symbol.on.reverse": "Reverse",
        "symbol.on.hit1": "Hit 1",
        "symbol.on.hit2": "Hit 2",
        "symbol.on.discard_all": "Discard All",
        "symbol.on.trade_hands": "Trade Hands",
        "symbol.a.number": "a {number}",
        "symbol.a.number.8": "an {number}",
        "symbol.a.skip": "a Skip",
        "symbol.a.reverse": "a Reverse",
        "symbol.a.hit1": "a Hit 1",
        "symbol.a.hit2": "a Hit 2",
        "symbol.a.discard_all": "a Discard All",
        "symbol.a.trade_hands": "a Trade Hands",
        # dialogs
        "dlg.colour": "Choose a colour",
        "dlg.colour.for": "Choose the colour for {card}",
        "dlg.target": "Choose a player for {card}",
        "dlg.cancel": "Cancel (Esc)",
        "dlg.pass.title": "Pass the keyboard",
        "dlg.pass.body": "Pass the keyboard to {who}. Nobody else looks!",
        "dlg.pass.ready": "I am {who}: show my hand (Enter)",
        "dlg.quit.saved": "Q quits: the match is saved.",
        "dlg.hand.title": "Hand {n}: {who} went out",
        "dlg.hand.title.you": "Hand {n}: you went out",
        "dlg.hand.scored": "{who} scores {points}.",
        "dlg.hand.scored.you": "You score {points}.",
        "dlg.hand.running": "Every other player adds the points left in their hand.",
        "dlg.hand.void.title": "Hand {n} is void",
        "dlg.hand.void": "Every card is in a hand and every player has pressed the empty "
        "launcher in turn: nobody scores. The next dealer deals a new hand.",
        "dlg.hand.eliminated": "Eliminated: {who}.",
        "col.player": "Player",
        "col.left": "Cards left",
        "col.points": "Points",
        "col.total": "Total",
        "dlg.next": "Next hand (Enter)",
        "dlg.result": "Final scores (Enter)",
        "dlg.match.title": "The match is over",
        "dlg.match.winner": "{who} wins the match!",
        "dlg.match.winner.you": "You win the match!",
        "dlg.match.winners": "{who} share the win!",
        "dlg.match.order": "Order of elimination:",
        "dlg.match.order.item": "{n}. {who} (hand {hand}, {points})",
        "dlg.match.final": "Final scores",
        "dlg.match.score": "{who}: {points}",
        "dlg.match.new": "New game (N)",
        "dlg.quit": "Quit (Q)",
        # help
        "help.title": "Help",
        "help.keys": "Keys",
        "help.rules": "Rules of this edition ({edition})",
        "help.rules.source": "From docs/rules.md.",
        "help.rules.differences": "How this edition differs:",
        "help.close": "Close (Esc)",
        "help.key.move": "←→↑↓ or the mouse: choose a card of your hand",
        "help.key.play": "Enter (or click the chosen card): play it",
        "help.key.press": "P or Space: press the launcher",
        "help.key.stop": "S: stop pressing once the launcher has fired (when allowed)",
        "help.key.uno": "U: say UNO with your play, or right after it",
        "help.key.catch": "C: catch a player who did not say UNO",
        "help.key.hint": "H: a hint: the coach's three best moves, each with your chance of "
        "winning the hand (when the table allows hints)",
        # the coach
        "hint.off": "Hints are off at this table.",
        "undo.done": "You took back your move ({move}) and the bots' answers.",
        "undo.wait": "Wait for the bot to finish thinking, then undo.",
        "hint.not_yours": "A hint is for your own decision: wait until you have one.",
        "hint.thinking": "The coach is thinking…",
        "hint.title": "Coach: your chance to win the hand",
        "hint.line": "{rank}. {move}: {chance}",
        "hint.even": "These moves are about even here.",
        "hint.only": "Only one move: {move}.",
        "act.press": "press the launcher",
        "act.stop": "stop pressing",
        "act.colour": "name {colour}",
        "act.play": "play {card}",
        "act.play.colour": " and name {colour}",
        "act.play.target": ", naming {who}",
        "act.play.uno": ", saying UNO",
        "help.key.help": "? or F1: this help",
        "help.key.undo": "Z: take back your last move (alone against bots, in this hand)",
        "help.key.speed": "F: the next speed (normal, fast, instant)",
        "speed.now": "Speed: {speed}.",
        "speed.normal": "normal",
        "speed.fast": "fast",
        "speed.instant": "instant",
        "help.key.quit": "Q: quit (the game is saved after every action: {resume})",
        # new game
        "new.title": "New game",
        "new.language": "Language",
        "new.speed": "Speed",
        "new.edition": "Edition",
        "new.seats": "Seats",
        "new.seat": "Seat {n}",
        "new.kind.you": "You",
        "new.kind.human": "Another player (same keyboard)",
        "new.kind.bot.random": "Bot: random",
        "new.kind.bot.family": "Bot: family (forgets UNO at times)",
        "new.kind.bot.heuristic": "Bot: heuristic",
        "new.kind.bot.ismcts-easy": "Bot: search, easy",
        "new.kind.bot.ismcts-normal": "Bot: search, normal",
        "new.kind.bot.ismcts-hard": "Bot: search, hard",
        "new.kind.bot.search": "Bot: {spec}",
        "new.name": "name",
        "new.add": "Add a seat",
        "new.remove": "Remove a seat",
        "new.launcher": "Launcher",
        "new.scoring": "Scoring",
        "new.target": "Target score",
        "new.seed": "Seed (empty: random)",
        "new.rules": "House rules (this edition's defaults)",
        "new.start": "Start (Ctrl+S)",
        "new.recent": "Recent matches (Ctrl+R)",
        "new.quit": "Quit",
        "new.error": "Cannot start: {error}",
        "new.error.range": "{option} must be a whole number from {low} to {high}.",
        "new.error.one_you": "only one seat can be “You”: make the others human or bots.",
        "launcher.name.hazard": "Realistic",
        "launcher.name.schedule": "Fixed schedule",
        "launcher.name.memoryless": "Memoryless",
        "launcher.name.draw-one": "One card a press",
        "scoring.name.first_to_500": "First to {target} points",
        "scoring.name.running_total_lowest_wins": "Lowest total wins",
        "scoring.name.challenge": "Challenge (elimination)",
        "choice.stop_after_fire.never": "never",
        "choice.stop_after_fire.always": "always",
        "choice.stop_after_fire.choose": "the player chooses",
        "choice.fr_stop_on_fire_scope.all": "every obligation",
        "choice.fr_stop_on_fire_scope.hit_cards": "Hit cards only",
        "choice.attack_resume.second_from_attacker": "second after the attacker",
        "choice.attack_resume.next_unless_target_is_next": (
            "the next player, unless they are the target"
        ),
        "custom.plain_wild": "a plain Wild",
        "custom.skip": "Skip",
        "custom.reverse": "Reverse",
        "custom.hit": "Hit: {times}",
        "custom.all_hit": "All Hit",
        "custom.hit_fire": "Hit-Fire",
        "custom.attack": "Attack: {times}",
        "custom.trade_hands": "Trade Hands",
        "launcher.hazard": "calibrated on a real launcher (the default)",
        "launcher.schedule": "the reported fixed firmware schedule",
        "launcher.memoryless": "every press fires with the same chance",
        "launcher.draw-one": "every press gives exactly one card",
        "scoring.first_to_500": "the first to reach the target wins",
        "scoring.running_total_lowest_wins": "points in hand add up; lowest total wins",
        "scoring.challenge": "reach the target and you are out; the last one wins",
        # replay
        "replay.title": "Replay {file}",
        "replay.step": "step {k}/{n}",
        "replay.start": "the deal",
        "replay.last": "last action: {action}",
        "replay.referee": "the referee",
        "replay.viewer": "viewing as {who}",
        "replay.spectator": "a spectator",
        # the replay's footer (ReplayScreen.keys): a pair of keys, or the one that moves
        # (.on at the deal, .back at the last step)
        "replay.key.step": "←→ step",
        "replay.key.step.on": "→ next",
        "replay.key.step.back": "← previous",
        "replay.key.ten": "PgUp/PgDn ±10",
        "replay.key.ten.on": "PgDn +10",
        "replay.key.ten.back": "PgUp −10",
        "replay.key.end": "Home/End",
        "replay.key.end.on": "End",
        "replay.key.end.back": "Home",
        "replay.key.seat": "V change seat",
        "replay.key.quit": "Q quit",
        "replay.key.quit.back": "Q back",
        # recent matches
        "hist.title": "Recent matches",
        "hist.heading": "{matches}, the most recent first, in:",
        "hist.empty": "No saved matches in {folder}.",
        "hist.col.when": "Last played",
        "hist.col.edition": "Edition",
        "hist.col.state": "State",
        "hist.col.scores": "Scores",
        "hist.state.playing": "in progress, hand {hand}",
        "hist.state.you_won": "you won",
        "hist.state.won_by": "won by {who}",
        "hist.state.shared": "shared by {who}",
        "hist.state.place": "; you: {place}",
        "hist.skipped": "{files}: {names}",
        "hist.skipped.one_file": "Skipped {file}: {reason}",
        "hist.resume": "Resume (R)",
        "hist.replay": "Replay (P)",
        "hist.delete": "Delete (D)",
        "hist.stats": "Statistics (S)",
        "hist.back": "Back (Esc)",
        "hist.keys": "↑↓ choose a match · Enter resume it, or replay it when it is over",
        "hist.over": "This match is over: replay it (P).",
        "hist.cannot_resume": "Cannot resume: {error}",
        "hist.cannot_replay": "Cannot replay: {error}",
        "hist.deleted": "Deleted {file}.",
        "hist.cannot_delete": "Cannot delete {file}: {error}",
        "del.title": "Delete this match?",
        "del.body": "Its record {file} and its seats file are removed for good.",
        "del.yes": "Delete (Y)",
        "del.no": "Keep it (N)",
        # statistics
        "stats.title": "Statistics of your matches",
        "stats.matches": "Your matches: {matches} ({finished}, {unfinished})",
        "stats.won": "Won: {won} of {finished} ({rate})",
        "stats.hands": "Hands played: {n}",
        "stats.best": "Best final score:",
        "stats.best.first_to_500": "first to the target (the highest): {score}, {goal}",
        "stats.best.running_total_lowest_wins": "lowest total (the lowest wins): {score}, {goal}",
        "stats.best.challenge": "challenge (the lowest: points put you out): {score}, {goal}",
        "stats.best.none": "Best final score: none yet (no finished match).",
        "stats.by_edition": "By edition",
        "stats.by_players": "By players",
        "stats.col.finished": "finished",
        "stats.col.won": "won",
        "stats.col.rate": "rate",
        "stats.col.unfinished": "unfinished",
        "stats.col.hands": "hands",
        "stats.without_you": 'Not counted: {matches} without a seat of yours ("You").',
        "stats.back": "Back (Esc)",
    },
    "fr": {
        "card.one": "{n} carte",
        "card.many": "{n} cartes",
        "point.one": "{n} point",
        "point.many": "{n} points",
        "press.one": "{n} appui",
        "press.many": "{n} appuis",
        "match.one": "{n} partie",
        "match.many": "{n} parties",
        "saved_match.one": "{n} partie enregistrée",
        "saved_match.many": "{n} parties enregistrées",
        "players.one": "{n} joueur",
        "players.many": "{n} joueurs",
        "hands_played.one": "{n} manche jouée",
        "hands_played.many": "{n} manches jouées",
        "finished.one": "{n} terminée",
        "finished.many": "{n} terminées",
        "unfinished.one": "{n} en cours",
        "unfinished.many": "{n} en cours",
        "skipped.one": "{n} fichier ignoré (pas un enregistrement lisible)",
        "skipped.many": "{n} fichiers ignorés (pas des enregistrements lisibles)",
        "percent": "{n} %",
        "pt.one": "{n} pt",
        "pt.many": "{n} pts",
        "playable.one": "{n} jouable",
        "playable.many": "{n} jouables",
        "stuck.one": "{n} coincée",
        "stuck.many": "{n} coincées",
        "times.1": "1 fois",
        "times.2": "2 fois",
        "times.n": "{n} fois",
        "times.0": "jusqu'à ce qu'il tire",
        "saved_resume": "partie enregistrée dans {path} ; pour la reprendre : {command}",
        "you": "Vous",
        "you.object": "vous",
        "player": "Joueur {n}",
        "bot": "Robot {n}",
        "level.random": "hasard",
        "level.family": "famille",
        "level.heuristic": "stratège",
        "level.ismcts-easy": "chercheur, facile",
        "level.ismcts-normal": "chercheur, moyen",
        "level.ismcts-hard": "chercheur, difficile",
        "clockwise": "vers la gauche",
        "counterclockwise": "vers la droite",
        "ev.dealer_chosen": "{who} pige la carte la plus haute et distribue.",
        "ev.dealer_chosen.you": "Vous pigez la carte la plus haute et distribuez.",
        "ev.hand_started": "Manche {n} : {who} distribue {cards} à chaque joueur.",
        "ev.hand_started.you": "Manche {n} : vous distribuez {cards} à chaque joueur.",
        "ev.dealt": "{who} reçoit {cards}.",
        "ev.dealt.you": "Vous recevez {cards}.",
        "ev.start_card": "La carte de départ est {card}.",
        "ev.start_card.returned": "{card} est retournée puis remise dans le distributeur.",
        "ev.played": "{who} joue {card}",
        "ev.played.you": "Vous jouez {card}",
        "ev.played.colour": " (couleur : {colour})",
        "ev.played.target": " contre {target}",
        "ev.played.stacked": " sur la pile",
        "ev.played.discarded": ", avec {cards}",
        "ev.colour_chosen": "{who} annonce {colour}.",
        "ev.colour_chosen.you": "Vous annoncez {colour}.",
        "ev.must_press": "{who} doit appuyer {times}",
        "ev.must_press.you": "Vous devez appuyer {times}",
        "ev.must_press.stack": ", ou empiler une carte Appuyer",
        "reason.hit": "",
        "reason.attack": " (attaque)",
        "reason.pile": " (pile Méga appuyer)",
        "reason.all_hit": " (Tous appuient)",
        "reason.hit_fire": " (Jusqu'au tir)",
        "reason.start": " (carte de départ)",
        "reason.uno_penalty": " (pénalité : pas de UNO)",
        "reason.suggestion": " (pénalité : suggestion)",
        "ev.pressed.ding": "{who} appuie sur le distributeur : bip, rien ne sort.",
        "ev.pressed.ding.you": "Vous appuyez sur le distributeur : bip, rien ne sort.",
        "ev.pressed.fire": "{who} appuie sur le distributeur : ça tire ! {count}",
        "ev.pressed.fire.you": "Vous appuyez sur le distributeur : ça tire ! {count}",
        "ev.pressed.stuck": " ({stuck})",
        "ev.pressed.misfire": "{who} appuie : ça tire, mais le distributeur est vide.",
        "ev.pressed.misfire.you": "Vous appuyez : ça tire, mais le distributeur est vide.",
        "ev.pressed.got": " {who} reçoit {cards}.",
        "ev.pressed.got.you": " Vous recevez {cards}.",
        "ev.stopped": "Des cartes sont sorties : {who} a fini d'appuyer (il en restait {left}).",
        "ev.stopped.you": "Des cartes sont sorties : vous avez fini d'appuyer (il en "
        "restait {left}).",
        "ev.skipped": "{who} passe son tour.",
        "ev.skipped.you": "Vous passez votre tour.",
        "ev.reversed": "Le jeu va maintenant {direction}.",
        "ev.traded": "{who} échange sa main avec {target}.",
        "ev.traded.you": "Vous échangez votre main avec {target}.",
        "ev.traded.victim": "{who} échange sa main avec vous.",
        "ev.traded.got": " {who} reçoit {cards}.",
        "ev.traded.got.you": " Vous recevez {cards}.",
        "ev.bonus": "{who} rejoue (tour bonus).",
        "ev.bonus.you": "Vous rejouez (tour bonus).",
        "ev.uno": "{who} dit UNO !",
        "ev.uno.you": "Vous dites UNO !",
        "ev.caught": "{catcher} attrape {who} sans UNO : {presses} pour {who}.",
        "ev.caught.you": "Vous attrapez {who} sans UNO : {presses} pour {who}.",
        "ev.caught.victim": "{catcher} vous attrape sans UNO : {presses} pour vous.",
        "ev.penalized": "{who} a suggéré une carte : {presses}.",
        "ev.penalized.you": "Vous avez suggéré une carte : {presses}.",
        "ev.reshuffled": "Le talon est brassé et rechargé dans le distributeur ({count}).",
        "ev.hand_won": "{who} n'a plus de cartes et gagne la manche {n}{points} !",
        "ev.hand_void": "La manche {n} est nulle : le distributeur est vide, sans rien à "
        "recharger, et chaque joueur a appuyé à son tour. Personne ne marque.",
        "ev.hand_won.you": "Vous n'avez plus de cartes et gagnez la manche {n}{points} !",
        "ev.hand_won.points": " (+{points})",
        "ev.eliminated": "{who} est éliminé avec {points}.",
        "ev.eliminated.you": "Vous êtes éliminé avec {points}.",
        "ev.match_won": "{who} gagne la partie !",
        "ev.match_won.you": "Vous gagnez la partie !",
        "ev.match_won.many": "{who} gagnent ensemble !",
        "and": " et ",
        "title": "UNO Attack!",
        "status": "{title} · manche {hand} · {dealer} · {goal}",
        "status.dealer": "{who} distribue",
        "status.dealer.you": "vous distribuez",
        "goal.first_to_500": "premier à {target}",
        "goal.running_total_lowest_wins": "plus petit total à {target}",
        "goal.challenge": "éliminé à {target}",
        "top": "Dessus",
        "colour": "couleur",
        "pile.size": "Talon : {cards}",
        "mega_pile": "Pile Méga appuyer : {presses}",
        "launcher": "Distributeur",
        "launcher.stock": "{stock}",
        "launcher.since": "{since} depuis le dernier tir",
        "launcher.model": "{model} · {presses} en tout",
        "launcher.press": "{who} appuie…",
        "launcher.press.you": "Vous appuyez…",
        "launcher.ding": "bip… rien",
        "launcher.fire": "BIP BIP ! Ça tire :",
        "launcher.misfire": "ça tire… rien ne sort",
        "seats": "Joueurs",
        "log": "Ce qui s'est passé",
        "hand": "Votre main",
        "hand.of": "Main — {who}",
        "hand.spectator": "Vous regardez : pas de main à montrer.",
        "hand.summary": "{cards}, {playable}",
        "group.wild": "Blanches",
        "flag.uno": "UNO !",
        "flag.catchable": "sans UNO !",
        "flag.out": "éliminé",
        "flag.owes": "doit {presses}",
        "flag.owes.until_fire": "appuie jusqu'au tir",
        "prompt.watch": "{who} joue…",
        "prompt.watch.press": "{who} doit appuyer sur le distributeur ({left}).",
        "prompt.watch.colour": "{who} choisit la couleur…",
        "prompt.turn": "À vous : jouez une carte (←→ et Entrée) ou appuyez (P).",
        "prompt.turn.none": "Aucune carte ne convient : appuyez sur le distributeur (P).",
        "prompt.bonus": "Tour bonus : jouez une autre carte (Entrée) ou appuyez (P).",
        "prompt.press": "Appuyez sur le distributeur (P) : encore {left}{reason}.",
        "prompt.press.fire": "Appuyez sur le distributeur (P) jusqu'à ce qu'il tire{reason}.",
        "prompt.stack": " Ou empilez une carte Appuyer (Entrée).",
        "prompt.stop": " Il a tiré : vous pouvez arrêter (S).",
        "prompt.colour": "Annoncez la couleur de la carte de départ.",
        "prompt.catch": " {who} n'a pas dit UNO : attrapez-le (C) !",
        "prompt.liable": " Il vous reste une carte : dites UNO (U) avant d'être attrapé !",
        "prompt.uno_armed": " UNO sera dit avec votre carte.",
        "prompt.over": "La partie est terminée.",
        "prompt.spectator": "Vous regardez jouer les robots.",
        "btn.press": "Appuyer (P)",
        "btn.stop": "Arrêter (S)",
        "btn.uno": "UNO ! (U)",
        "btn.catch": "Attraper {who} ! (C)",
        "btn.help": "Aide (?)",
        # ↑↓ (between colours) is in the help: at 80 columns, with every key that applies
        # but those a button shows, the line is 77 wide.
        "key.move": "←→ carte",
        "key.play": "Entrée jouer",
        "key.press": "P appuyer",
        "key.stop": "S arrêter",
        "key.uno": "U UNO",
        "key.catch": "C attraper",
        "key.hint": "H conseil",
        "key.undo": "Z annuler",
        "key.speed": "F vitesse",
        "key.help": "? aide",
        "key.quit": "Q quitter",
        "note.uno_armed": "UNO ! sera dit avec votre prochaine carte.",
        "note.uno_disarmed": "Annonce UNO annulée.",
        "note.showing": "Un instant : les derniers coups s'affichent encore (F : plus vite).",
        "note.saved": "Partie enregistrée dans {path}",
        "refusal.not_allowed": "Les règles ne le permettent pas maintenant : choisissez un "
        "autre coup.",
        "refusal.match_over": "La partie est terminée : plus rien ne peut être joué.",
        "refusal.no_such_seat": "Il n'y a pas de place {seat} à cette table de {players} : "
        "les places vont de 1 à {last}.",
        "refusal.eliminated": "Vous êtes éliminé de la partie : vous ne pouvez plus que "
        "regarder les autres jouer.",
        "refusal.no_uno_to_call": "Il n'y a pas de UNO à dire maintenant : dites UNO avec la "
        "carte qui vous en laisse une.",
        "refusal.uno_not_yours": "Seul {who} peut dire UNO maintenant, car il lui reste une "
        "carte : attrapez-le avant qu'il le dise.",
        "refusal.not_catchable": "{who} ne peut pas être attrapé maintenant : on n'attrape un "
        "joueur qu'après son avant-dernière carte jouée sans dire UNO, jusqu'à la carte ou "
        "l'appui suivant.",
        "refusal.not_catchable.nobody": "Personne ne peut être attrapé maintenant : on "
        "n'attrape un joueur qu'après son avant-dernière carte jouée sans dire UNO, jusqu'à "
        "la carte ou l'appui suivant.",
        "refusal.catch_yourself": "Vous ne pouvez pas vous attraper vous-même : dites plutôt UNO.",
        "refusal.not_your_turn": "Ce n'est pas votre tour : c'est à {who} de jouer, attendez "
        "votre tour.",
        "refusal.name_start_colour": "La carte de départ est une carte blanche : annoncez "
        "d'abord sa couleur (rouge, jaune, vert ou bleu).",
        "refusal.no_colour_to_name": "Il n'y a pas de couleur à annoncer maintenant : seule "
        "une carte blanche de départ en attend une.",
        "refusal.no_presses_to_stop": "Vous n'avez pas d'appuis à arrêter : on ne peut "
        "arrêter que quand on doit des appuis.",
        "refusal.every_press_counts": "Dans cette édition, il faut faire tous les appuis : "
        "continuez d'appuyer sur le distributeur.",
        "refusal.stop_after_cards": "Vous ne pouvez arrêter qu'une fois que le distributeur "
        "vous a donné des cartes : continuez d'appuyer.",
        "refusal.no_press_now": "Impossible d'appuyer sur le distributeur maintenant : rien "
        "ne le demande.",
        "refusal.card_not_in_hand": "Vous n'avez pas de {card} en main : jouez une carte que "
        "vous avez.",
        "refusal.must_press": "Vous devez encore {presses} : appuyez sur le distributeur "
        "avant de jouer une carte.",
        "refusal.must_press_until_fire": "Vous devez appuyer sur le distributeur jusqu'à ce "
        "qu'il tire avant de jouer une carte.",
        "refusal.must_press_or_stack": "Seule une carte Appuyer peut aller sur la pile : "
        "empilez-en une, ou appuyez sur le distributeur.",
        "refusal.wild_needs_colour": "Une carte blanche se joue en annonçant une couleur : "
        "choisissez-en une pour {card}.",
        "refusal.needs_target": "{Card} se joue contre un joueur : choisissez lequel.",
        "refusal.takes_no_target": "{Card} ne se joue contre personne : jouez-la sans "
        "choisir de joueur.",
        "refusal.target_yourself": "Vous ne pouvez pas vous viser vous-même : choisissez un "
        "autre joueur.",
        "refusal.no_target_seat": "{who} est éliminé : choisissez un joueur encore en jeu.",
        "refusal.no_target_seat.nobody": "Il n'y a pas de joueur à la place {seat} : "
        "choisissez un joueur encore en jeu.",
        "refusal.no_going_out_on_trade": "On ne peut pas finir sur un Échange de mains : "
        "appuyez plutôt sur le distributeur.",
        "refusal.uno_with_one_card_only": "UNO se dit seulement avec la carte qui vous en "
        "laisse une : jouez sans l'annoncer.",
        "refusal.no_match": "{Card} ne va ni sur le {colour} ni sur {on_symbol} : jouez "
        "{a_colour_card} ou {a_symbol}, ou appuyez sur le distributeur.",
        "refusal.no_match.wild": "{Card} n'est pas {colour_adj}, la couleur annoncée pour la "
        "carte blanche du dessus : jouez {a_colour_card}, ou appuyez sur le distributeur.",
        "refusal.referee_only": "Seul l'arbitre donne la pénalité pour avoir suggéré une carte.",
        "refusal.nobody_to_penalize": "{who} est éliminé : il n'y a personne à pénaliser.",
        "refusal.nobody_to_penalize.nobody": "Il n'y a pas de joueur à la place {seat} à "
        "pénaliser.",
        "refusal.hand_over": "La manche est finie : il n'y a rien à pénaliser.",
        "refusal.stale": "La table a bougé avant que votre coup arrive : regardez de nouveau "
        "et rejouez.",
        "refusal.between_hands": "La manche est finie : la suivante commence dans un instant.",
        "refusal.catch_pending": "Quelqu'un est en train d'être attrapé : attendez un "
        "instant, puis réessayez.",
        "refusal.uno_in_time": "Trop tard : {who} a dit UNO à temps, votre prise ne compte pas.",
        "refusal.too_late": "Trop tard : l'occasion d'attraper était passée quand votre prise "
        "a été jugée.",
        "refusal.offer_pending": "{who} doit d'abord répondre à son offre : attendez.",
        "refusal.no_offer": "Il n'y a pas d'offre à refuser : jouez normalement.",
        "refusal.answer_offer": "On vous offre de réagir : réagissez, ou refusez l'offre.",
        "refusal.undo_with_people": "Seul un joueur face à des robots peut reprendre un coup : un "
        "autre joueur perdrait le sien.",
        "refusal.undo_unavailable": "On ne peut pas reprendre de coup à cette table : chaque coup "
        "reste tel qu'il a été joué.",
        "refusal.nothing_to_undo": "Vous n'avez encore joué aucun coup : il n'y a rien à "
        "reprendre.",
        "refusal.undo_past_hand": "Votre dernier coup était dans une manche terminée : il reste "
        "joué.",
        "player.one": "{n} joueur",
        "player.many": "{n} joueurs",
        "card.subject": "La carte {card}",
        "card.a_colour": "une carte {colour}",
        "symbol.on.number": "le {number}",
        "symbol.on.skip": "le Passer",
        "symbol.on.reverse": "l'Inversion",
        "symbol.on.hit1": "l'Appuyer 1 fois",
        "symbol.on.hit2": "l'Appuyer 2 fois",
        "symbol.on.discard_all": "le Poser tout",
        "symbol.on.trade_hands": "l'Échange de mains",
        "symbol.a.number": "un {number}",
        "symbol.a.number.8": "un {number}",
        "symbol.a.skip": "un Passer",
        "symbol.a.reverse": "une Inversion",
        "symbol.a.hit1": "un Appuyer 1 fois",
        "symbol.a.hit2": "un Appuyer 2 fois",
        "symbol.a.discard_all": "un Poser tout",
        "symbol.a.trade_hands": "un Échange de mains",
        "dlg.colour": "Choisissez une couleur",
        "dlg.colour.for": "Choisissez la couleur de la {card}",  # every wild is feminine
        "dlg.target": "Choisissez un joueur pour {card}",
        "dlg.cancel": "Annuler (Échap)",
        "dlg.pass.title": "Passez le clavier",
        "dlg.pass.body": "Passez le clavier à {who}. Les autres ne regardent pas !",
        "dlg.pass.ready": "Je suis {who} : montrer ma main (Entrée)",
        "dlg.quit.saved": "Q quitte : la partie est enregistrée.",
        "dlg.hand.title": "Manche {n} : {who} n'a plus de cartes",
        "dlg.hand.title.you": "Manche {n} : vous n'avez plus de cartes",
        "dlg.hand.scored": "{who} marque {points}.",
        "dlg.hand.scored.you": "Vous marquez {points}.",
        "dlg.hand.running": "Chaque autre joueur ajoute les points des cartes qu'il a en main.",
        "dlg.hand.void.title": "La manche {n} est nulle",
        "dlg.hand.void": "Toutes les cartes sont en main et chaque joueur a appuyé à son tour "
        "sur le distributeur vide : personne ne marque. Le donneur suivant distribue.",
        "dlg.hand.eliminated": "Éliminé : {who}.",
        "col.player": "Joueur",
        "col.left": "Cartes en main",
        "col.points": "Points",
        "col.total": "Total",
        "dlg.next": "Manche suivante (Entrée)",
        "dlg.result": "Pointage final (Entrée)",
        "dlg.match.title": "La partie est terminée",
        "dlg.match.winner": "{who} gagne la partie !",
        "dlg.match.winner.you": "Vous gagnez la partie !",
        "dlg.match.winners": "{who} gagnent ensemble !",
        "dlg.match.order": "Ordre d'élimination :",
        "dlg.match.order.item": "{n}. {who} (manche {hand}, {points})",
        "dlg.match.final": "Pointage final",
        "dlg.match.score": "{who} : {points}",
        "dlg.match.new": "Nouvelle partie (N)",
        "dlg.quit": "Quitter (Q)",
        "help.title": "Aide",
        "help.keys": "Touches",
        "help.rules": "Règles de cette édition ({edition})",
        "help.rules.source": "Tirées de docs/rules.md (en anglais).",
        "help.rules.differences": "Ce qui distingue cette édition (en anglais) :",
        "help.close": "Fermer (Échap)",
        "help.key.move": "←→↑↓ ou la souris : choisir une carte de votre main",
        "help.key.play": "Entrée (ou un clic sur la carte choisie) : la jouer",
        "help.key.press": "P ou Espace : appuyer sur le distributeur",
        "help.key.stop": "S : arrêter d'appuyer une fois que le distributeur a tiré (si permis)",
        "help.key.uno": "U : dire UNO avec votre carte, ou juste après",
        "help.key.catch": "C : attraper un joueur qui n'a pas dit UNO",
        "help.key.hint": "H : un conseil : les trois meilleurs coups selon l'entraîneur, avec "
        "vos chances de gagner la manche (si la table permet les conseils)",
        "hint.off": "Les conseils sont désactivés à cette table.",
        "undo.done": "Vous avez repris votre coup ({move}) et les réponses des robots.",
        "undo.wait": "Attendez que le robot ait fini de réfléchir, puis annulez.",
        "hint.not_yours": "Un conseil porte sur votre propre décision : attendez d'en avoir une.",
        "hint.thinking": "L'entraîneur réfléchit…",
        "hint.title": "Entraîneur : vos chances de gagner la manche",
        "hint.line": "{rank}. {move} : {chance}",
        "hint.even": "Ces coups se valent à peu près ici.",
        "hint.only": "Un seul coup possible : {move}.",
        "act.press": "appuyer sur le distributeur",
        "act.stop": "arrêter d'appuyer",
        "act.colour": "annoncer {colour}",
        "act.play": "jouer {card}",
        "act.play.colour": " et annoncer {colour}",
        "act.play.target": " en désignant {who}",
        "act.play.uno": " en disant UNO",
        "help.key.help": "? ou F1 : cette aide",
        "help.key.undo": "Z : reprendre votre dernier coup (seul face aux robots, même manche)",
        "help.key.speed": "F : vitesse suivante (normale, rapide, instantanée)",
        "speed.now": "Vitesse : {speed}.",
        "speed.normal": "normale",
        "speed.fast": "rapide",
        "speed.instant": "instantanée",
        "help.key.quit": "Q : quitter (la partie est enregistrée : {resume})",
        "new.title": "Nouvelle partie",
        "new.language": "Langue",
        "new.speed": "Vitesse",
        "new.edition": "Édition",
        "new.seats": "Places",
        "new.seat": "Place {n}",
        "new.kind.you": "Vous",
        "new.kind.human": "Un autre joueur (même clavier)",
        "new.kind.bot.random": "Robot : hasard",
        "new.kind.bot.family": "Robot : famille (oublie parfois UNO)",
        "new.kind.bot.heuristic": "Robot : stratège",
        "new.kind.bot.ismcts-easy": "Robot : chercheur, facile",
        "new.kind.bot.ismcts-normal": "Robot : chercheur, moyen",
        "new.kind.bot.ismcts-hard": "Robot : chercheur, difficile",
        "new.kind.bot.search": "Robot : {spec}",
        "new.name": "nom",
        "new.add": "Ajouter une place",
        "new.remove": "Retirer une place",
        "new.launcher": "Distributeur",
        "new.scoring": "Pointage",
        "new.target": "Score visé",
        "new.seed": "Graine (vide : au hasard)",
        "new.rules": "Règles maison (valeurs de cette édition)",
        "new.start": "Commencer (Ctrl+S)",
        "new.recent": "Parties récentes (Ctrl+R)",
        "new.quit": "Quitter",
        "new.error": "Impossible de commencer : {error}",
        "new.error.range": "{option} doit être un nombre entier de {low} à {high}.",
        "new.error.one_you": (
            "une seule place peut être « Vous » : les autres sont des joueurs ou des robots."
        ),
        "launcher.name.hazard": "Réaliste",
        "launcher.name.schedule": "Programme fixe",
        "launcher.name.memoryless": "Sans mémoire",
        "launcher.name.draw-one": "Une carte par appui",
        "scoring.name.first_to_500": "Premier à {target} points",
        "scoring.name.running_total_lowest_wins": "Le plus petit total gagne",
        "scoring.name.challenge": "Défi (élimination)",
        "choice.stop_after_fire.never": "jamais",
        "choice.stop_after_fire.always": "toujours",
        "choice.stop_after_fire.choose": "au choix du joueur",
        "choice.fr_stop_on_fire_scope.all": "toute obligation",
        "choice.fr_stop_on_fire_scope.hit_cards": "cartes Appuyer seulement",
        "choice.attack_resume.second_from_attacker": "2e joueur après l'attaquant",
        "choice.attack_resume.next_unless_target_is_next": "suivant, sauf s'il est visé",
        "custom.plain_wild": "carte blanche simple",
        "custom.skip": "Passer",
        "custom.reverse": "Inversion",
        "custom.hit": "Appuyer {times}",
        "custom.all_hit": "Tous appuient",
        "custom.hit_fire": "Jusqu'au tir",
        "custom.attack": "Attaque : {times}",
        "custom.trade_hands": "Échange de mains",
        "launcher.hazard": "calibré sur un vrai distributeur (par défaut)",
        "launcher.schedule": "le programme fixe rapporté du distributeur",
        "launcher.memoryless": "chaque appui tire avec la même chance",
        "launcher.draw-one": "chaque appui donne exactement une carte",
        "scoring.first_to_500": "le premier à atteindre le score visé gagne",
        "scoring.running_total_lowest_wins": "on cumule ses points en main ; le plus petit "
        "total gagne",
        "scoring.challenge": "qui atteint le score visé est éliminé ; le dernier gagne",
        "replay.title": "Relecture {file}",
        "replay.step": "étape {k}/{n}",
        "replay.start": "la donne",
        "replay.last": "dernière action : {action}",
        "replay.referee": "l'arbitre",
        "replay.viewer": "vu par {who}",
        "replay.spectator": "un spectateur",
        "replay.key.step": "←→ étape",
        "replay.key.step.on": "→ suivante",
        "replay.key.step.back": "← précédente",
        "replay.key.ten": "PgUp/PgDn ±10",
        "replay.key.ten.on": "PgDn +10",
        "replay.key.ten.back": "PgUp −10",
        "replay.key.end": "Début/Fin",
        "replay.key.end.on": "Fin",
        "replay.key.end.back": "Début",
        "replay.key.seat": "V changer de place",
        "replay.key.quit": "Q quitter",
        "replay.key.quit.back": "Q retour",
        "hist.title": "Parties récentes",
        "hist.heading": "{matches}, la plus récente d'abord, dans :",
        "hist.empty": "Aucune partie enregistrée dans {folder}.",
        "hist.col.when": "Jouée le",
        "hist.col.edition": "Édition",
        "hist.col.state": "État",
        "hist.col.scores": "Points",
        "hist.state.playing": "en cours, manche {hand}",
        "hist.state.you_won": "vous avez gagné",
        "hist.state.won_by": "gagnée par {who}",
        "hist.state.shared": "partagée par {who}",
        "hist.state.place": " ; vous : {place}",
        "hist.skipped": "{files} : {names}",
        "hist.skipped.one_file": "{file} ignoré : {reason}",
        "hist.resume": "Reprendre (R)",
        "hist.replay": "Revoir (P)",
        "hist.delete": "Supprimer (D)",
        "hist.stats": "Stats (S)",
        "hist.back": "Retour (Échap)",
        "hist.keys": "↑↓ choisir une partie · Entrée la reprendre, ou la revoir si elle est finie",
        "hist.over": "Cette partie est finie : revoyez-la (P).",
        "hist.cannot_resume": "Impossible de reprendre : {error}",
        "hist.cannot_replay": "Impossible de revoir : {error}",
        "hist.deleted": "{file} supprimée.",
        "hist.cannot_delete": "Impossible de supprimer {file} : {error}",
        "del.title": "Supprimer cette partie ?",
        "del.body": "Son enregistrement {file} et son fichier de places sont effacés pour de bon.",
        "del.yes": "Supprimer (O)",
        "del.no": "La garder (N)",
        "stats.title": "Statistiques de vos parties",
        "stats.matches": "Vos parties : {matches} ({finished}, {unfinished})",
        "stats.won": "Gagnées : {won} sur {finished} ({rate})",
        "stats.hands": "Manches jouées : {n}",
        "stats.best": "Meilleur score final :",
        "stats.best.first_to_500": "premier au score visé (le plus haut) : {score}, {goal}",
        "stats.best.running_total_lowest_wins": "plus petit total (le plus bas gagne) : {score}, "
        "{goal}",
        "stats.best.challenge": "élimination (le moins de points) : {score}, {goal}",
        "stats.best.none": "Meilleur score final : aucun (aucune partie terminée).",
        "stats.by_edition": "Par édition",
        "stats.by_players": "Par nombre de joueurs",
        "stats.col.finished": "terminées",
        "stats.col.won": "gagnées",
        "stats.col.rate": "taux",
        "stats.col.unfinished": "en cours",
        "stats.col.hands": "manches",
        "stats.without_you": "Non comptées : {matches} sans place à vous (« Vous »).",
        "stats.back": "Retour (Échap)",
    },
}

# House-rule labels: what each option of unoattack.rules.edition.Options changes.
OPTION_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "stacking": "Mega Hit: a player facing a Hit card may stack any Hit card",
        "stop_after_fire": "Stop pressing once the launcher has yielded cards",
        "fr_stop_on_fire_scope": "Which obligations may stop after a firing",
        "two_player_rules": "Two players: Reverse acts as Skip, Skip gives an extra turn",
        "e2_extra_card_all_counts": "Extra turn after Skip/Reverse with any number of players",
        "attack_resume": "Where play resumes after an attack card",
        "allow_stack_after_out": "Stacking allowed after a player has gone out",
        "wild_custom_effect": "Effect written on the Wild Customizable",
        "last_card_effects": "Launcher effects a last card still carries out",
        "may_go_out_on_trade_hands": "A player may go out on a Trade Hands card",
        "uno_penalty_presses": "Presses for being caught without UNO",
        "suggestion_penalty_presses": "Presses for suggesting a card",
        "hand_size": "Cards dealt to each player",
        "reshuffle_threshold": "Discard pile size that triggers a reshuffle (none: when empty)",
        "scoring_mode": "Scoring",
        "target_score": "Target score",
    },
    "fr": {
        "stacking": "Méga appuyer : on peut empiler toute carte Appuyer",
        "stop_after_fire": "Arrêter d'appuyer dès que le distributeur a donné des cartes",
        "fr_stop_on_fire_scope": "Quelles obligations peuvent s'arrêter après un tir",
        "two_player_rules": "À deux : Inversion = Passer, Passer fait rejouer",
        "e2_extra_card_all_counts": "Rejouer après Passer/Inversion quel que soit le nombre",
        "attack_resume": "Où le jeu reprend après une carte d'attaque",
        "allow_stack_after_out": "Empiler permis après qu'un joueur est sorti",
        "wild_custom_effect": "Effet écrit sur la carte blanche personnalisable",
        "last_card_effects": "Effets du distributeur appliqués par une dernière carte",
        "may_go_out_on_trade_hands": "On peut sortir sur un Échange de mains",
        "uno_penalty_presses": "Appuis pour un UNO oublié",
        "suggestion_penalty_presses": "Appuis pour avoir suggéré une carte",
        "hand_size": "Cartes distribuées à chacun",
        "reshuffle_threshold": "Taille du talon qui déclenche un brassage (vide : quand vide)",
        "scoring_mode": "Pointage",
        "target_score": "Score visé",
    },
}


class Tr:
    """A language: ``tr("key", **values)`` gives a message, ``tr.card(card)`` a card name."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._messages = MESSAGES[lang]

    def __call__(self, key: str, /, **values: Any) -> str:
        return self._messages[key].format(**values)

    def has(self, key: str) -> bool:
        return key in self._messages

    def count(self, noun: str, n: int) -> str:
        """``n`` and a noun, singular or plural (French: 0 and 1 take the singular)."""
        one = n <= 1 if self.lang == "fr" else n == 1
        return self(f"{noun}.{'one' if one else 'many'}", n=n)

    def ordinal(self, n: int) -> str:
        """A place: 1st, 2nd, 3rd, 4th, 11th, 21st; 1er, 2e, 3e.

        >>> Tr("en").ordinal(2), Tr("en").ordinal(12), Tr("en").ordinal(23), Tr("fr").ordinal(1)
        ('2nd', '12th', '23rd', '1er')
        """
        if self.lang == "fr":
            return "1er" if n == 1 else f"{n}e"
        suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"

    def times(self, n: int) -> str:
        """How many times to press: once, twice, 3 times; 0 means until it fires."""
        if n in (0, 1, 2):
            return self(f"times.{n}")
        return self("times.n", n=n)

    def colour(self, colour: Colour) -> str:
        return _COLOURS[self.lang][colour]

    def card(self, card: Card) -> str:
        """The card's full name: ``red 7``, ``blue Skip``; ``7 rouge``, ``Passer bleu``."""
        base = _KIND_NAMES[self.lang][card.kind].format(number=card.number)
        if card.colour is None:
            return base
        colour = self.colour(card.colour)
        return f"{colour} {base}" if self.lang == "en" else f"{base} {colour}"

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return ", ".join(self.card(c) for c in cards)

    def label(self, card: Card) -> str:
        """A short label for a card chip; its colour is shown by the chip itself."""
        return _KIND_LABELS[self.lang][card.kind].format(number=card.number)

    def refusal(self, reason: str, details: Mapping[str, str | int], names: Sequence[str]) -> str:
        """Why the table refused an action, and what to do instead: the sentence for the
        engine's reason key (``IllegalAction.reason``, a key of ``ILLEGAL_REASONS`` or
        ``MATCH_REASONS``), filled from its details; ``names`` are the seats' names. A
        reason with no sentence here (from a newer engine) reads as a plain refusal.

        >>> names = ["You", "Bot 2"]
        >>> Tr("en").refusal("no_match", {"card": "Y1", "top": "R3", "colour": "R"}, names)
        'Yellow 1 matches neither red nor 3: play a red card or a 3, or press the launcher.'
        >>> Tr("fr").refusal("must_press", {"left": 2}, names)
        'Vous devez encore 2 appuis : appuyez sur le distributeur avant de jouer une carte.'
        """
        key = f"refusal.{reason}" if self.has(f"refusal.{reason}") else "refusal.not_allowed"
        values: dict[str, str] = {}
        seat = details.get("seat")
        if isinstance(seat, int):
            values["seat"] = str(seat + 1)  # people number the seats from 1
            if 0 <= seat < len(names):
                values["who"] = names[seat]
            elif self.has(f"{key}.nobody"):
                key += ".nobody"  # a catch of nobody (seat -1), a seat not at the table
        players = details.get("players")
        if isinstance(players, int):
            values["players"] = self.count("player", players)
            values["last"] = str(players)
        left = details.get("left")
        if isinstance(left, int):
            values["presses"] = self.count("press", left)
        card = details.get("card")
        if isinstance(card, str):
            values["card"] = self.card(Card.parse(card))
            subject = self("card.subject", card=values["card"])
            values["Card"] = subject[:1].upper() + subject[1:]
        colour_letter = details.get("colour")
        if isinstance(colour_letter, str):
            colour = Colour.parse(colour_letter)
            values["colour"] = self.colour(colour)
            values["colour_adj"] = _COLOUR_ADJECTIVES[self.lang][colour]
            values["a_colour_card"] = self("card.a_colour", colour=values["colour_adj"])
        top = details.get("top")
        if isinstance(top, str):
            top_card = Card.parse(top)
            if top_card.is_wild:
                key += ".wild"  # a wild has no symbol to match: only its named colour counts
            else:
                values["on_symbol"] = self._symbol("on", top_card)
                values["a_symbol"] = self._symbol("a", top_card)
        return self(key, **values)

    def _symbol(self, form: str, card: Card) -> str:
        """What a coloured card shows besides its colour, as a card goes ``on`` it ("3",
        "l'Inversion") or as ``a`` card to play ("an 8", "une Inversion")."""
        key = f"symbol.{form}.{card.kind.key}"
        if self.has(f"{key}.{card.number}"):
            key = f"{key}.{card.number}"
        return self(key, number=card.number)

    def option(self, name: str) -> str:
        return OPTION_LABELS[self.lang].get(name, name)

    def edition_title(self, edition: Edition) -> str:
        """An edition's title in this language, wherever the table names the edition (the
        new-game screen, the table's header, the help): the edition file gives it in each
        language (``titles``), as it does for the web page.

        >>> Tr("fr").edition_title(Edition.load("2010"))
        'UNO Attack! (édition ultérieure)'
        """
        return edition.title_in(self.lang)

    def edition_description(self, edition: Edition) -> str:
        """An edition's description in this language, from the edition file
        (``descriptions``), as the web page gives it.

        >>> Tr("fr").edition_description(Edition.load("2010")).split(",")[0]
        'Carte blanche Appuyer 4 fois'
        """
        return edition.description_in(self.lang)
