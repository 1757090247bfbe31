"""Han-character names: traditional -> simplified, and their pinyin / Wade–Giles spellings.

Field-made data, not ours: ``opencc`` (Apache-2.0; its character and phrase tables ship in
the wheel, nothing is downloaded) for 張偉傑 -> 张伟杰, and ``pypinyin`` (MIT; its
dictionaries ship in the wheel) for the readings of each character, with heteronyms, in pinyin
and Wade–Giles (Taiwan's passports: 張偉傑 Chang Wei-chieh). Family names have readings of
their own (曾 Zeng, 单 Shan, 解 Xie) and spellings from Hong Kong, Singapore and Malaysia
(陈 Chan/Tan, 林 Lim); those short lists are below, from common knowledge.
"""
from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Literal

from .normalize import fold_diacritics

# Spellings of common family names used outside mainland pinyin (Cantonese, Hokkien,
# Teochew, Wade–Giles) and the surname readings of characters that read differently as names.
# Keys are simplified characters.
SURNAME_SPELLINGS: dict[str, tuple[str, ...]] = {
    "李": ("lee", "li", "lei"), "王": ("wang", "wong", "ong", "heng"), "张": ("zhang", "chang", "cheung", "teo", "chong"),
    "刘": ("liu", "lau", "lew", "lau"), "陈": ("chen", "chan", "tan", "chin", "ch'en"), "杨": ("yang", "yeung", "yeo", "young"),
    "黄": ("huang", "wong", "ng", "wee", "hwang", "oei"), "赵": ("zhao", "chiu", "chao", "chew"), "吴": ("wu", "ng", "goh", "woo"),
    "周": ("zhou", "chow", "chou", "chew", "chau"), "徐": ("xu", "hsu", "tsui", "chee"), "孙": ("sun", "suen", "soon"),
    "马": ("ma", "mah"), "朱": ("zhu", "chu", "choo", "chue"), "胡": ("hu", "wu", "foo", "woo"), "郭": ("guo", "kuo", "kwok", "kwek", "quek"),
    "何": ("he", "ho", "hoh"), "林": ("lin", "lam", "lim"), "罗": ("luo", "lo", "law", "loh"), "高": ("gao", "kao", "ko", "koh"),
    "郑": ("zheng", "cheng", "cheang", "tay", "teh"), "梁": ("liang", "leung", "neo", "leong"), "谢": ("xie", "hsieh", "tse", "chia", "seah"),
    "宋": ("song", "sung"), "唐": ("tang", "tong"), "许": ("xu", "hsu", "hui", "koh", "khoo"), "邓": ("deng", "teng", "tang"),
    "冯": ("feng", "fung", "fong"), "曹": ("cao", "tsao", "tso", "chou"), "曾": ("zeng", "tseng", "tsang", "chan"),
    "彭": ("peng", "pang"), "萧": ("xiao", "hsiao", "siu", "seow"), "蔡": ("cai", "tsai", "choi", "chua", "tsoi"),
    "潘": ("pan", "poon", "phua"), "田": ("tian", "tien"), "董": ("dong", "tung"), "袁": ("yuan", "yuen"),
    "于": ("yu", "yue"), "余": ("yu", "yue", "yee", "ee"), "叶": ("ye", "yeh", "yip", "yap"), "蒋": ("jiang", "chiang", "cheung"),
    "杜": ("du", "tu", "tou"), "苏": ("su", "so", "soh"), "魏": ("wei", "ngai"), "程": ("cheng", "ching"), "吕": ("lv", "lu", "lyu", "lui", "lue"),
    "丁": ("ding", "ting"), "沈": ("shen", "sham", "sim"), "任": ("ren", "jen", "yam"), "姚": ("yao", "yiu"), "卢": ("lu", "lo", "lou"),
    "钟": ("zhong", "chung", "chong"), "姜": ("jiang", "chiang", "keung"), "崔": ("cui", "tsui", "choi"), "谭": ("tan", "tam", "t'an"),
    "陆": ("lu", "luk"), "范": ("fan",), "汪": ("wang", "wong"), "廖": ("liao", "liu", "leow"), "石": ("shi", "shih", "shek"),
    "金": ("jin", "chin", "kam"), "韦": ("wei", "wai"), "贾": ("jia", "chia", "ka"), "夏": ("xia", "hsia", "ha"),
    "付": ("fu",), "方": ("fang", "fong"), "邹": ("zou", "tsou", "chau"), "熊": ("xiong", "hsiung", "hung"), "白": ("bai", "pai", "pak"),
    "孟": ("meng", "mang"), "秦": ("qin", "chin", "chun"), "邱": ("qiu", "chiu", "yau", "khoo"), "侯": ("hou", "hau"), "江": ("jiang", "kong", "chiang"),
    "尹": ("yin", "wan"), "薛": ("xue", "hsueh", "sit"), "闫": ("yan",), "段": ("duan", "tuan", "tuen"), "雷": ("lei", "lui"),
    "龙": ("long", "lung"), "黎": ("li", "lai"), "史": ("shi", "shih", "sze"), "陶": ("tao", "to"), "贺": ("he", "ho"),
    "毛": ("mao", "mo"), "郝": ("hao",), "顾": ("gu", "ku", "koo"), "龚": ("gong", "kung"), "邵": ("shao", "shiu"),
    "万": ("wan", "man"), "覃": ("qin", "tam"), "武": ("wu", "mo"), "钱": ("qian", "chien", "chin"), "戴": ("dai", "tai"),
    "严": ("yan", "yen", "yim"), "欧阳": ("ouyang", "au-yeung", "auyeung", "owyang"),
    # Characters read differently as family names (pypinyin's first reading would be wrong).
    "单": ("shan",), "解": ("xie",), "仇": ("qiu",), "区": ("ou", "au"), "查": ("zha",), "朴": ("piao",),
    "乐": ("yue",), "盖": ("ge",), "缪": ("miao",), "翟": ("zhai",), "尉迟": ("yuchi",), "万俟": ("moqi",),
    "长孙": ("zhangsun",), "召": ("shao",), "繁": ("po",), "秘": ("bi",), "种": ("chong",), "折": ("she",),
    "员": ("yun",), "宓": ("mi",), "句": ("gou",), "过": ("guo",), "能": ("nai",),
}

# Given-name characters as Cantonese and Hokkien/Teochew speakers write them (issue 25.9):
# Hong Kong and Macau names in the Hong Kong Government Cantonese Romanisation (the spelling
# of Hong Kong identity cards and passports: 陈伟明 Chan Wai Ming, 张咏欣 Cheung Wing Yan),
# and the everyday spellings of Singapore and Malaysia registrations, where Hokkien and
# Teochew readings (郑志强 Teh Chee Keong, 美 Bee, 福 Hock) mix with Cantonese and Hakka ones.
# Neither has one standard a program could follow, so these are the common name characters
# with the spellings listed in those conventions; simplified keys. A spelling from this table
# is a weaker match than pinyin (many characters share "wai", "ming", "kit"): it is
# suggested below the confident level, never pre-selected on its own.
SOUTHERN_GIVEN: dict[str, tuple[str, ...]] = {
    "伟": ("wai", "wee", "wei"), "明": ("ming", "meng", "beng"), "家": ("ka", "kar", "chia"),
    "咏": ("wing", "eng"), "欣": ("yan", "hin", "yun"), "志": ("chi", "chee", "ji"),
    "强": ("keung", "keong", "kiong"), "文": ("man", "boon", "mun"), "华": ("wah", "hua", "wa"),
    "国": ("kwok", "kok", "kuok"), "建": ("kin", "kian", "kean"), "俊": ("chun", "choon", "tsun"),
    "杰": ("kit", "kiat", "kiet"), "嘉": ("ka", "kar", "kah"), "美": ("mei", "bee", "may"),
    "玲": ("ling", "leng"), "丽": ("lai", "lee", "li"), "芳": ("fong", "hong", "fang"),
    "英": ("ying", "eng"), "敏": ("man", "bin", "mun"), "慧": ("wai", "hui", "wei"),
    "婷": ("ting", "teng"), "仪": ("yee", "gee", "yi"), "诗": ("sze", "si", "see"),
    "颖": ("wing", "eng"), "君": ("kwan", "kun"), "安": ("on", "an", "ann"),
    "成": ("shing", "seng", "sing"), "荣": ("wing", "eng", "weng"), "德": ("tak", "teck", "tek"),
    "良": ("leung", "liang", "leong"), "海": ("hoi", "hai"), "峰": ("fung", "hong"),
    "辉": ("fai", "huay", "hui"), "健": ("kin", "kian"), "豪": ("ho", "hou"),
    "天": ("tin", "tian", "thian"), "宇": ("yu", "u", "yue"), "子": ("tsz", "chu", "tze", "chi"),
    "宏": ("wang", "hong", "wing"), "康": ("hong", "kang", "khong"), "平": ("ping", "peng"),
    "正": ("ching", "cheng", "chia"), "秀": ("sau", "siew", "siu", "sow"),
    "珍": ("chun", "tin", "chen"), "贤": ("yin", "hian", "yen"), "惠": ("wai", "hui", "wei"),
    "玉": ("yuk", "geok", "giok"), "金": ("kam", "kim", "gim"), "宝": ("po", "poh", "bo"),
    "福": ("fuk", "hock", "hok"), "祥": ("cheung", "siang", "seong"), "忠": ("chung", "tiong"),
    "光": ("kwong", "kong"), "耀": ("yiu", "yao", "iau"), "胜": ("shing", "seng"),
    "龙": ("lung", "leong", "liong"), "凤": ("fung", "hong"), "兰": ("lan", "laan"),
    "梅": ("mui", "moi", "bwee"), "云": ("wan", "hoon", "woon"), "雪": ("suet", "seok", "soot"),
    "淑": ("shuk", "siok", "sok"), "佩": ("pui", "pei", "poey"), "思": ("sze", "su", "si"),
    "少": ("siu", "siao", "sio"), "永": ("wing", "eng", "weng"), "学": ("hok", "hak", "hock"),
    "立": ("lap", "lip"), "新": ("san", "sin"), "庆": ("hing", "keng"), "发": ("fat", "huat"),
    "源": ("yuen", "guan", "goan"), "顺": ("shun", "soon", "sun"), "泰": ("tai", "thai"),
    "春": ("chun", "choon", "chhun"), "亮": ("leung", "liang"), "伦": ("lun", "loon"),
    "铭": ("ming", "beng", "meng"), "瑞": ("sui", "swee", "shui"), "振": ("chun", "chin"),
    "中": ("chung", "tiong", "tong"), "达": ("tat", "tatt", "dat"), "嘉欣": ("kayan",),
    "丽华": ("laiwah",), "月": ("yuet", "guat", "geok"), "燕": ("yin", "eng", "ean"),
    "静": ("ching", "cheng"), "雯": ("man", "boon"), "琪": ("ki", "kee", "chi"),
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

    伟杰 -> pinyin {"weijie"}, Wade–Giles {"weichieh"}, "southern" (Cantonese, Hokkien:
    :data:`SOUTHERN_GIVEN`) {"waikit", "weekiat", ...}. Simplified first: the readings of
    the simplified character are the better documented ones.
    """
    s = simplified(chars)
    pin = _spellings(s, "normal")
    wg = _spellings(s, "wadegiles") - pin
    southern = _southern(s) - pin - wg
    return {"pinyin": frozenset(pin), "wade-giles": frozenset(wg),
            "southern": frozenset(southern)}


def _southern(chars: str) -> set[str]:
    """Cantonese and Hokkien/Teochew spellings of a given name (:data:`SOUTHERN_GIVEN`);
    empty unless every character is listed (a whole name listed as one wins)."""
    whole = SOUTHERN_GIVEN.get(chars) if len(chars) > 1 else None
    per_char = [SOUTHERN_GIVEN.get(c) for c in chars]
    out: set[str] = set(whole or ())
    if not chars or not all(per_char):
        return out
    for combo in itertools.product(*[p for p in per_char if p]):
        out.add("".join(combo))
        if len(out) >= _MAX_FORMS:
            break
    return out


@lru_cache(maxsize=4096)
def surname_spellings(chars: str) -> frozenset[str]:
    """Latin spellings of a Han family name: the listed ones, else pinyin and Wade–Giles readings."""
    s = simplified(chars)
    listed = SURNAME_SPELLINGS.get(s)
    if listed is not None:
        return frozenset(_fold(x).replace("-", "") for x in listed)
    return frozenset(_spellings(s, "normal") | _spellings(s, "wadegiles"))
