"""Han-character names: traditional -> simplified, and their pinyin / Wade–Giles spellings.

Field-made data, not ours: ``opencc`` (Apache-2.0; its character and phrase tables ship in
the wheel, nothing is downloaded) for 張偉傑 -> 张伟杰, and ``pypinyin`` (MIT; its
dictionaries ship in the wheel) for the readings of each character, with heteronyms, in pinyin
and Wade–Giles (Taiwan's passports: 張偉傑 Chang Wei-chieh). Family names have readings of
their own (曾 Zeng, 单 Shan, 解 Xie) and spellings from Hong Kong, Singapore and Malaysia
(陈 Chan/Tan, 林 Lim); that list is below, from the published surname tables (see
:data:`SURNAME_SPELLINGS`). Cantonese and Hokkien given names: :mod:`ladder.names.southern`.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Literal

from .normalize import fold_diacritics

# Spellings of common family names used outside mainland pinyin (Cantonese, Hokkien,
# Teochew, Hakka, Wade–Giles) and the surname readings of characters that read differently as
# names. Keys are simplified characters. Sources: the romanisation columns of Wikipedia's
# "List of common Chinese surnames" (Cantonese, Hokkien, Teochew, Hakka, Wade–Giles) and the
# Indonesian (Dutch-based) spellings of "Chinese Indonesian surname" (Liem 林, Oei/Oey 黃,
# Go/Gouw 吳, Kwee/Kwik 郭, Njoo 楊, The 鄭, Tjoa 蔡, Lie 李, Tjan 曾, Sie 施, Siauw 蕭).
# Family names are written by a family's habit, not by a rule, so they are listed; the
# readings in :func:`ladder.names.southern.surname_readings` complete the list.
SURNAME_SPELLINGS: dict[str, tuple[str, ...]] = {
    "李": ("lee", "li", "lei", "lie", "ly"), "王": ("wang", "wong", "ong", "heng", "bong"),
    "张": ("zhang", "chang", "cheung", "teo", "chong", "teoh", "tio", "thio", "tjong", "cheong",
          "tiu", "chiong"),
    "刘": ("liu", "lau", "lew", "liew", "lauw", "low", "lao"),
    "陈": ("chen", "chan", "tan", "chin", "ch'en", "tjhin", "tjan", "ting", "tang"),
    "杨": ("yang", "yeung", "yeo", "young", "yeoh", "njoo", "nyoo", "yong", "yeong", "ieong"),
    "黄": ("huang", "wong", "ng", "wee", "hwang", "oei", "oey", "ooi", "uy", "wie", "bong", "vong",
          "huynh"),
    "赵": ("zhao", "chiu", "chao", "chew"),
    "吴": ("wu", "ng", "goh", "woo", "go", "gouw", "ngo", "ung"),
    "周": ("zhou", "chow", "chou", "chew", "chau", "tjioe", "chio"),
    "徐": ("xu", "hsu", "tsui", "chee"), "孙": ("sun", "suen", "soon"), "马": ("ma", "mah"),
    "朱": ("zhu", "chu", "choo", "chue"), "胡": ("hu", "wu", "foo", "woo", "oh", "ho"),
    "郭": ("guo", "kuo", "kwok", "kwek", "quek", "kwik", "kwee", "kuek", "koay", "kok"),
    "何": ("he", "ho", "hoh"), "林": ("lin", "lam", "lim", "liem", "lum"),
    "罗": ("luo", "lo", "law", "loh"), "高": ("gao", "kao", "ko", "koh"),
    "郑": ("zheng", "cheng", "cheang", "tay", "teh", "the", "tee", "chang"),
    "梁": ("liang", "leung", "neo", "leong", "nio", "liong"),
    "谢": ("xie", "hsieh", "tse", "chia", "seah", "tjia", "cheah", "sia"), "宋": ("song", "sung"),
    "唐": ("tang", "tong"),
    "许": ("xu", "hsu", "hui", "koh", "khoo", "khaw", "kho", "khouw", "hee"),
    "邓": ("deng", "teng", "tang"), "冯": ("feng", "fung", "fong"),
    "曹": ("cao", "tsao", "tso", "chou"), "曾": ("zeng", "tseng", "tsang", "chan", "tjan"),
    "彭": ("peng", "pang"), "萧": ("xiao", "hsiao", "siu", "seow", "siauw", "siau", "shaw"),
    "蔡": ("cai", "tsai", "choi", "chua", "tsoi", "tjoa", "coa", "chuah", "chye"),
    "潘": ("pan", "poon", "phua", "phoa"), "田": ("tian", "tien"), "董": ("dong", "tung"),
    "袁": ("yuan", "yuen"), "于": ("yu", "yue"), "余": ("yu", "yue", "yee", "ee", "i"),
    "叶": ("ye", "yeh", "yip", "yap", "ip", "iap"), "蒋": ("jiang", "chiang", "cheung"),
    "杜": ("du", "tu", "tou"), "苏": ("su", "so", "soh", "souw"), "魏": ("wei", "ngai"),
    "程": ("cheng", "ching"), "吕": ("lv", "lu", "lyu", "lui", "lue"), "丁": ("ding", "ting"),
    "沈": ("shen", "sham", "sim"), "任": ("ren", "jen", "yam"), "姚": ("yao", "yiu"),
    "卢": ("lu", "lo", "lou"), "钟": ("zhong", "chung", "chong", "choong", "cheong", "tjong"),
    "姜": ("jiang", "chiang", "keung"), "崔": ("cui", "tsui", "choi"), "谭": ("tan", "tam", "t'an"),
    "陆": ("lu", "luk"), "范": ("fan",), "汪": ("wang", "wong"), "廖": ("liao", "liu", "leow"),
    "石": ("shi", "shih", "shek"), "金": ("jin", "chin", "kam"), "韦": ("wei", "wai"),
    "贾": ("jia", "chia", "ka"), "夏": ("xia", "hsia", "ha"), "付": ("fu",), "方": ("fang", "fong"),
    "邹": ("zou", "tsou", "chau"), "熊": ("xiong", "hsiung", "hung"), "白": ("bai", "pai", "pak"),
    "孟": ("meng", "mang"), "秦": ("qin", "chin", "chun"),
    "邱": ("qiu", "chiu", "yau", "khoo", "khoe", "khu", "khow", "hew"), "侯": ("hou", "hau"),
    "江": ("jiang", "kong", "chiang"), "尹": ("yin", "wan"), "薛": ("xue", "hsueh", "sit"),
    "闫": ("yan",), "段": ("duan", "tuan", "tuen"), "雷": ("lei", "lui"), "龙": ("long", "lung"),
    "黎": ("li", "lai"), "史": ("shi", "shih", "sze"), "陶": ("tao", "to"), "贺": ("he", "ho"),
    "毛": ("mao", "mo"), "郝": ("hao",), "顾": ("gu", "ku", "koo"), "龚": ("gong", "kung"),
    "邵": ("shao", "shiu"), "万": ("wan", "man"), "覃": ("qin", "tam"), "武": ("wu", "mo"),
    "钱": ("qian", "chien", "chin"), "戴": ("dai", "tai"), "严": ("yan", "yen", "yim"),
    "欧阳": ("ouyang", "au-yeung", "auyeung", "owyang"), "施": ("see", "sie", "si", "shi", "sze"),
    "洪": ("ang", "hong", "hung"), "庄": ("chng", "tjng", "chuang", "zhuang", "chong", "tsng"),
    "韩": ("han", "hon"), "辜": ("koo", "ko"), "柯": ("kua", "koa", "kwa", "ko"),
    # Characters read differently as family names (pypinyin's first reading would be wrong).
    "单": ("shan",), "解": ("xie",), "仇": ("qiu",), "区": ("ou", "au"), "查": ("zha",),
    "朴": ("piao",), "乐": ("yue",), "盖": ("ge",), "缪": ("miao",), "翟": ("zhai",),
    "尉迟": ("yuchi",), "万俟": ("moqi",), "长孙": ("zhangsun",), "召": ("shao",), "繁": ("po",),
    "秘": ("bi",), "种": ("chong",), "折": ("she",), "员": ("yun",), "宓": ("mi",), "句": ("gou",),
    "过": ("guo",), "能": ("nai",),
}

# At most this many readings per character and spellings per name part: enough for real
# heteronyms (曾 ceng/zeng), few enough that a rare reading cannot match half the roster.
_MAX_READINGS = 3
_MAX_FORMS = 48


#: The two romanisations read from pypinyin ("normal": pinyin without tones).
Romanisation = Literal["normal", "wadegiles"]


# opencc's tables and pypinyin's dictionaries take about half a second and tens of MiB to
# load: they are loaded on the first Han name, so a process that never meets one (the
# command line, most web workers) never pays for them.
@lru_cache(maxsize=1)
def _t2s() -> Any:
    import opencc
    return opencc.OpenCC("t2s.json")


@lru_cache(maxsize=1)
def _pinyin() -> Any:
    from pypinyin import Style, pinyin

    styles = {"normal": Style.NORMAL, "wadegiles": Style.WADEGILES}
    return lambda ch, style: pinyin(ch, style=styles[style], heteronym=True, errors="ignore")


@lru_cache(maxsize=16384)
def simplified(text: str) -> str:
    """``text`` in simplified characters (张伟杰 for 張偉傑); other characters unchanged."""
    return str(_t2s().convert(text))


def _fold(reading: str) -> str:
    # WG apostrophes (ch'en) and diacritics (ü, ê) go; a name is typed without them.
    return fold_diacritics(reading).replace("'", "").replace("’", "").lower()


def _u_variants(reading: str) -> tuple[str, ...]:
    """lü is written lv, lu or lyu (passports since 2012 use lyu)."""
    if "v" in reading:
        return (reading, reading.replace("v", "u"), reading.replace("v", "yu"))
    return (reading,)


# Wade–Giles as Taiwan's passports and clubs write it: 志 chih -> Chi (Lin Chi-ling),
# 怡 i -> Yi, 子 tzu -> Tsu; the strict forms stay too.
_WG_EVERYDAY = {"i": ("yi",), "in": ("yin",), "ing": ("ying",), "chih": ("chi",), "shih": ("shi",),
                "jih": ("ji",), "tzu": ("tsu", "zu"), "ssu": ("szu", "si"), "tzu'": ("tsu",)}


def _readings(ch: str, style: Romanisation) -> list[str]:
    raw = _pinyin()(ch, style)
    if not raw:
        return []
    out: list[str] = []
    for r in raw[0][:_MAX_READINGS]:
        folded = _fold(r)
        extra = _WG_EVERYDAY.get(folded, ()) if style == "wadegiles" else ()
        for v in _u_variants(folded) + extra:
            if v and v not in out:
                out.append(v)
    return out


def _spellings(chars: str, style: Romanisation) -> set[str]:
    per_char = [_readings(c, style) for c in chars]
    if not per_char or not all(per_char):
        return set()
    out: set[str] = set()
    for combo in itertools.product(*per_char):
        out.add("".join(combo))
        if len(out) >= _MAX_FORMS:
            break
    return out


@lru_cache(maxsize=16384)
def given_spellings(chars: str) -> dict[str, frozenset[str]]:
    """Compact Latin spellings of a Han given name, by system: {"pinyin": ..., "wade-giles": ...}.

    伟杰 -> pinyin {"weijie"}, Wade–Giles {"weichieh"}. Simplified first: the readings of the
    simplified character are the better documented ones. Cantonese and Hokkien spellings are
    checked, not listed: :func:`ladder.names.southern.given_matches`.
    """
    s = simplified(chars)
    pin = _spellings(s, "normal")
    wg = _spellings(s, "wadegiles") - pin
    return {"pinyin": frozenset(pin), "wade-giles": frozenset(wg)}


@lru_cache(maxsize=4096)
def southern_surnames(chars: str) -> frozenset[str]:
    """Latin spellings of a Han family name in any convention: the listed ones and the
    Cantonese and Hokkien readings (:func:`ladder.names.southern.surname_readings`)."""
    from . import southern  # its data loads on first use

    return surname_spellings(chars) | southern.surname_readings(simplified(chars))


@lru_cache(maxsize=1)
def _surname_groups() -> dict[str, frozenset[str]]:
    groups: dict[str, set[str]] = {}
    for spellings in SURNAME_SPELLINGS.values():
        folded = {_fold(x).replace("-", "") for x in spellings}
        for one in folded:
            groups.setdefault(one, set()).update(folded)
    return {k: frozenset(v) for k, v in groups.items()}


def same_chinese_surname(a: str, b: str) -> bool:
    """True if two Latin words are listed spellings of one Han family name in two conventions
    (Tan and Chen for 陈, Lim and Lin for 林: :data:`SURNAME_SPELLINGS`)."""
    return a != b and b in _surname_groups().get(a, frozenset())


@lru_cache(maxsize=1)
def _surname_chars() -> dict[str, frozenset[str]]:
    chars: dict[str, set[str]] = {}
    for han, spellings in SURNAME_SPELLINGS.items():
        for one in spellings:
            chars.setdefault(_fold(one).replace("-", ""), set()).add(han)
    return {k: frozenset(v) for k, v in chars.items()}


def chinese_surname_chars(word: str) -> frozenset[str]:
    """The listed Han family names ``word`` spells (陈 and 曾 for "chan"): the keys a Latin name
    files under, so that two spellings of one family name meet."""
    return _surname_chars().get(word, frozenset())


@lru_cache(maxsize=4096)
def surname_spellings(chars: str) -> frozenset[str]:
    """Latin spellings of a Han family name: listed ones, else pinyin and Wade–Giles readings."""
    s = simplified(chars)
    listed = SURNAME_SPELLINGS.get(s)
    if listed is not None:
        return frozenset(_fold(x).replace("-", "") for x in listed)
    return frozenset(_spellings(s, "normal") | _spellings(s, "wadegiles"))


#: Family-name characters whose surname reading differs from their usual one (单 Shan, not
#: Dan; 曾 Zeng, not Ceng): the first spelling of :data:`SURNAME_SPELLINGS` is the pinyin.
_SURNAME_READING = frozenset("单解仇区查朴乐盖缪翟召繁秘种折员宓句过能曾")


@lru_cache(maxsize=16384)
def sort_reading(name: str) -> str:
    """``name`` as an alphabetical list sorts it: each Han character by its pinyin (a family
    name by its surname reading), so 王小明 sorts as "wang xiao ming", beside Latin names
    (docs/club-night.md, the pairing numbers' order); any other letter as it is.

    >>> sorted(["Zoe Li", "王小明", "Anna Lee", "曾志", "陈静"], key=sort_reading)
    ['Anna Lee', '陈静', '王小明', '曾志', 'Zoe Li']
    """
    from pypinyin import Style, pinyin  # loaded on the first Han name (see _pinyin)

    out: list[str] = []
    for index, char in enumerate(name):
        if "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff":
            han = simplified(char)
            if index == 0 and han in _SURNAME_READING and han in SURNAME_SPELLINGS:
                reading = SURNAME_SPELLINGS[han][0]
            else:
                readings = pinyin(han, style=Style.NORMAL, errors="ignore")
                reading = readings[0][0] if readings and readings[0] else han
            out.append(f" {reading} " if out else f"{reading} ")
        else:
            out.append(char)
    return " ".join("".join(out).split()).casefold()
