"""Short forms of given names: Bob ~ Robert, Bill ~ William, Peggy ~ Margaret, Sasha ~ Aleksandr.

English forms come from the ``nicknames`` package (Apache-2.0, a hand-curated table of about
2,700 name/nickname pairs from genealogy work, shipped as a CSV inside the wheel). It knows
English well and the rest of Europe hardly at all, so a short table of common German, Dutch,
French, Spanish, Italian, Portuguese, Polish, Russian and Scandinavian short forms is added
here. A short form is only ever a *suggestion* (scored below exact matches): Alex is short
for both Alexander and Alexandra, and the organizer decides.
"""
from __future__ import annotations

from functools import lru_cache

# canonical given name -> its common short forms (folded: lower case, no accents).
EUROPEAN_SHORT_FORMS: dict[str, tuple[str, ...]] = {
    # German
    "johannes": ("hans", "hannes", "jo", "johann"), "johann": ("hans", "hannes"),
    "josef": ("sepp", "seppi", "joschi"), "joseph": ("sepp", "beppo"),
    "friedrich": ("fritz", "friedel"), "ludwig": ("lutz", "luki"),
    "heinrich": ("heinz", "heiner", "henni"), "konrad": ("kurt", "conny"),
    "ulrich": ("uli", "ulli"), "wolfgang": ("wolf", "wolfi"), "stefanie": ("steffi",),
    "gabriele": ("gabi",), "andreas": ("andi", "andy", "andre"),
    "sebastian": ("basti", "seb", "bastian"), "christian": ("chris", "christl"),
    "florian": ("flo",), "nikolaus": ("klaus", "niko"), "wilhelm": ("willi", "willy", "wim"),
    "bernhard": ("bernd", "berni"), "theresia": ("resi", "thesi"), "susanne": ("susi", "sanne"),
    "ursula": ("uschi", "ulla"), "rudolf": ("rudi", "rolf"), "anton": ("toni",),
    "tobias": ("tobi",), "dominik": ("domi",), "maximilian": ("max", "maxi"),
    "matthias": ("matze", "hias"), "alexander": ("sascha", "sasha", "alex", "xander"),
    "katharina": ("kathi", "kati", "trine"),
    "elisabeth": ("lisa", "lisi", "liesl", "elli", "sissi", "betti"),
    "margarete": ("grete", "gretel", "margit", "meta"), "magdalena": ("lena", "leni", "magda"),
    "franziska": ("franzi",), "barbara": ("babsi", "bärbel", "barbel"),
    "benjamin": ("ben", "benni"), "jürgen": ("jogi",), "jurgen": ("jogi",),
    "gottfried": ("friedl",),
    # Dutch
    "cornelis": ("kees", "cor"), "pieter": ("piet",), "nicolaas": ("klaas",),
    "hendrik": ("henk", "hein"), "willem": ("wim", "pim"), "abraham": ("bram",),
    "jacobus": ("sjaak", "koos", "jaap"), "jacob": ("jaap", "koos"), "antonius": ("ton", "toon"),
    "gustaaf": ("guus",), "geertruida": ("truus",), "johanna": ("hanna", "anneke", "jo"),
    "maria": ("mieke", "ria", "marieke", "mia", "mimi", "maja", "mascha", "masha", "marusya"),
    # French
    "emmanuel": ("manu",), "frederic": ("fred",), "sebastien": ("seb",), "nicolas": ("nico",),
    "gregoire": ("greg",), "dominique": ("dom",), "christophe": ("chris",), "benoit": ("ben",),
    "guillaume": ("guigui", "guilhem"), "isabelle": ("isa", "babette"),
    "catherine": ("cathy", "cat"),
    # Spanish / Portuguese
    "jose": ("pepe", "pepito", "che", "ze"),
    "francisco": ("paco", "pancho", "curro", "chico", "quico", "fran"), "ignacio": ("nacho",),
    "dolores": ("lola",), "guadalupe": ("lupe",), "rosario": ("charo",),
    "concepcion": ("concha", "conchita"), "enrique": ("quique",), "jesus": ("chus", "chucho"),
    "manuel": ("manolo", "manu", "lolo"), "rafael": ("rafa",), "javier": ("javi",),
    "alejandro": ("alex", "ale", "jandro"), "fernando": ("fer", "nando"),
    "antonio": ("tono", "toni", "tonio", "nino"), "teresa": ("tere", "teresita"),
    "francisca": ("paqui", "paca"), "joaquim": ("quim",), "joaquin": ("quino", "chimo"),
    "guillermo": ("memo", "guille"), "eduardo": ("edu", "lalo"), "alberto": ("beto", "tito"),
    "roberto": ("beto", "tito", "rober"), "gonzalo": ("gonza", "chalo"), "ramon": ("moncho",),
    # Italian
    "giuseppe": ("beppe", "peppe", "pino", "peppino", "bepi"), "luigi": ("gigi", "gino"),
    "alessandro": ("sandro", "ale", "alex"), "francesco": ("franco", "cecco", "checco"),
    "massimo": ("max",), "federico": ("fede", "chicco"), "simone": ("simo",),
    "valentina": ("vale",), "salvatore": ("toto", "turi", "salva"), "vincenzo": ("enzo",),
    "lorenzo": ("renzo",), "giovanni": ("gianni", "nanni", "vanni"), "domenico": ("mimmo",),
    "gianluca": ("luca",), "elisabetta": ("betta", "lisa"),
    # Polish
    "katarzyna": ("kasia", "kasha"), "malgorzata": ("gosia", "malgosia"),
    "aleksandra": ("ola", "olka", "sasha", "sanya"), "joanna": ("asia",), "agnieszka": ("aga",),
    "tomasz": ("tomek",), "jakub": ("kuba",), "bartlomiej": ("bartek",), "wojciech": ("wojtek",),
    "stanislaw": ("staszek", "stas"), "franciszek": ("franek",), "jerzy": ("jurek",),
    "krzysztof": ("krzysiek", "krzys"), "maciej": ("maciek",), "piotr": ("piotrek",),
    "zofia": ("zosia",), "jadwiga": ("jadzia",), "grzegorz": ("grzesiek",), "pawel": ("pawelek",),
    # Russian (transliterated as people write them)
    "aleksandr": ("sasha", "sacha", "sanya", "shura", "alex"), "mikhail": ("misha",),
    "dmitry": ("dima", "mitya"), "dmitri": ("dima",), "dmitrii": ("dima",), "nikolai": ("kolya",),
    "vladimir": ("volodya", "vova", "vlad"), "sergei": ("seryozha", "serezha", "seryoga"),
    "sergey": ("seryozha", "serezha"), "aleksei": ("lyosha", "alyosha", "lesha"),
    "alexei": ("lyosha", "alyosha"), "alexey": ("lyosha", "alyosha"), "pyotr": ("petya",),
    "ivan": ("vanya",), "yevgeny": ("zhenya",), "evgeny": ("zhenya",), "evgeniy": ("zhenya",),
    "konstantin": ("kostya",), "anatoly": ("tolya",), "vyacheslav": ("slava",), "yuri": ("yura",),
    "natalia": ("natasha",), "natalya": ("natasha",), "tatiana": ("tanya",), "tatyana": ("tanya",),
    "ekaterina": ("katya",), "yekaterina": ("katya",), "elena": ("lena",), "yelena": ("lena",),
    "olga": ("olya",), "svetlana": ("sveta",), "anastasia": ("nastya",), "darya": ("dasha",),
    "daria": ("dasha",), "galina": ("galya",), "lyudmila": ("lyuda", "mila"),
    "nadezhda": ("nadya",), "irina": ("ira",), "anna": ("anya", "anechka"), "grigory": ("grisha",),
    "pavel": ("pasha",), "boris": ("borya",), "leonid": ("lyonya",), "fyodor": ("fedya",),
    "artyom": ("tyoma",), "georgy": ("zhora", "gosha"), "viktor": ("vitya",), "gennady": ("gena",),
    "valery": ("valera",),
    # Scandinavian
    "lars": ("lasse",), "nils": ("nisse",), "karl": ("kalle",), "per": ("pelle",),
    "kristina": ("stina",), "johan": ("janne", "jocke"), "joakim": ("jocke",), "magnus": ("mange",),
    "birgitta": ("birgit", "gittan"),
}

# Pairs the nicknames table lists (it comes from genealogy, where a 19th-century clerk wrote
# Lena for Magdalena and for Helen alike) that today are separate names, often of people of
# the other sex: Andrea ~ Andrew, Louis ~ Louise, Emily ~ Emma, Ivan ~ John. Read through the
# table's 604 pairs of two names that both have short forms of their own; a suggestion for
# these would mostly point a new person at a relative.
_NOT_SHORT_FORMS = frozenset(frozenset(p.split(">")) for p in """
aaron>erin william>bela robert>rupert robert>bill john>ian margaret>rita
adaline>delia adaline>lena adeline>delia adeline>lena aileen>lena arlene>lena catherine>lena
cathleen>lena katherine>lena kathleen>lena darlene>lena evaline>lena helen>lena helena>lena
helene>lena madeline>lena alexandra>sandra alexandria>sandra alexandria>alexander alice>elsie
alice>lisa alicia>elsie alicia>lisa melissa>lisa elysia>lisa amelia>emily emeline>emily
emeline>emma emil>emily emily>emma andrea>andrew bryanna>anna bryanna>brianna hannah>anna
savannah>anna cameron>ron veronica>ron veronica>ronny benjamin>jamie bert>bob bert>bobby
chick>caroline chick>charlotte cornelius>con crystal>chris derrick>eric frederick>derick
earnest>ernestine ernestine>ernest edwina>edwin eileen>helen elaine>helen ellender>helen
helena>aileen helena>eileen helena>elaine helena>eleanor helena>ellen eleanor>elaine
eleanor>ellen eleanor>lenora ella>ellen helen>ella helene>ella luella>ella lena>ellen
clementine>clement clarence>clare clifton>tony shelton>tony genevieve>jean georgine>george
gilbert>wilber ivan>john jeanette>janet jeanette>jessie jennet>jessie joanna>hannah
johannah>hannah susan>hannah susannah>hannah joanna>jody joseph>jody josephine>jody
johnathan>nathan jonathan>nathan johnathon>john kenneth>kendrick kent>kendrick
laurinda>lawrence louis>louise louisa>eliza louise>eliza margarita>megan marietta>maureen
marsha>mary miguel>michael miguel>mike patrick>peter philinda>linda rosalyn>linda
sheila>cecilia stephanie>annie virginia>jane wilma>william roberta>bert rodger>bobby
roger>bobby reynold>reginald nicholette>nicole demaris>mary demerias>mary dorinda>dorothea
lucias>luke luther>luke montgomery>gum gum>monty waldo>ossy dalton>dahl broderick>brady
winfield>winny christiana>ann antoinette>ann antonia>ann deanne>ann nancy>ann
""".split())

def _lookup() -> dict[str, set[str]]:
    """nicknames' table. Imported on first use: the package reads its version
    through importlib.metadata, a tenth of a second that a process matching no name
    (the command line, most web workers) need not pay."""
    from nicknames import NickNamer
    return NickNamer.default_lookup()


@lru_cache(maxsize=1)
def _table() -> dict[str, frozenset[str]]:
    """name -> every name it is a short form of, or that is a short form of it."""
    related: dict[str, set[str]] = {}
    lookup = _lookup()
    for full, extra in EUROPEAN_SHORT_FORMS.items():
        lookup.setdefault(full, set()).update(extra)
    for full, shorts in lookup.items():
        for short in shorts:
            if frozenset((full, short)) in _NOT_SHORT_FORMS or full == short:
                continue
            related.setdefault(full, set()).add(short)
            related.setdefault(short, set()).add(full)
    return {k: frozenset(v) for k, v in related.items()}


@lru_cache(maxsize=1)
def _shorts() -> dict[str, frozenset[str]]:
    """full name -> its short forms (to tell which of two related names is the short one)."""
    out: dict[str, set[str]] = {}
    lookup = _lookup()
    european = [(k, set(v)) for k, v in EUROPEAN_SHORT_FORMS.items()]
    for full, shorts in list(lookup.items()) + european:
        out.setdefault(full, set()).update(shorts)
    return {k: frozenset(v) for k, v in out.items()}


def related_names(word: str) -> frozenset[str]:
    """Every name ``word`` (folded) is a short form of, or that is a short form of it."""
    return _table().get(word, frozenset())


#: Endings that mark an English or European pet form (Charlie, Jamie, Frankie, Julie, Toni).
_DIMINUTIVE_ENDINGS = ("ie", "y", "ey", "ee", "i")


def short_form(x: str, y: str) -> tuple[str, str] | None:
    """(short, full) if one folded given name is a listed short form of the other, else None."""
    if x == y or y not in related_names(x):
        return None
    x_short = x in _shorts().get(y, frozenset())
    y_short = y in _shorts().get(x, frozenset())
    if x_short != y_short:
        return (x, y) if x_short else (y, x)
    # Listed both ways (bill ~ william both ways in the table): the shorter name is the short
    # form; of two names of one length (charlie ~ charles, jamie ~ james), the one with a
    # diminutive ending (test_names_reasons_25.py), then the one with fewer short forms of its own.
    def shortness(name: str) -> tuple[int, int, int, str]:
        return (len(name), 0 if name.endswith(_DIMINUTIVE_ENDINGS) else 1,
                len(_shorts().get(name, frozenset())), name)
    return (x, y) if shortness(x) <= shortness(y) else (y, x)


def is_given_name(word: str) -> bool:
    """True for a folded word the tables know as a given name (John, Jon, Margaret, Sasha).

    Used only to tell which reading of an unordered name is the natural one. A word with a
    single listed relative is not counted: the table has surnames too (Smith ~ Smitty).
    """
    return len(_table().get(word, ())) >= 2 or word in EUROPEAN_SHORT_FORMS
