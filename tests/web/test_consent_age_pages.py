"""The consent age on the pages, in all four languages (docs/privacy.md, "Consent by country"):
the settings page states it with the laws and refuses an age out of range naming the field
(nothing saved); the FAQ says who must consent under the club's age; the member page's
junior flag and consent form say "under N"; a consent without the child's agreement is
refused; the audit log says a guardian's consent was recorded for a member under N."""

from __future__ import annotations

from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ladder.extensions import db
from ladder.queries.club import club_settings
from tests.factories import csrf_token, direct_writes
from tests.web.members_support import ids, seed

LANGUAGES = ("en", "ko", "zh_Hans", "id")

#: What each language must say; the ages are the laws' (ladder/club/consent.py) or the
#: unusual 15 the tests set, so a page showing a fixed number fails.
SETTINGS = {
    "en": ("Age under which a parent's or guardian's consent is asked",
           "Korea: under 14 (Personal Information Protection Act, Art. 22-2).",
           "Indonesia: under 18 (Personal Data Protection Law 27/2022, Art. 25;",
           "European Union: under 16, or as low as 13"),
    "ko": ("법정대리인(보호자) 동의 기준 나이", "한국: 만 14세 미만(개인정보 보호법 제22조의2)",
           "인도네시아: 만 18세 미만(2022년 법률 제27호 개인정보보호법 제25조.",
           "유럽연합: 만 16세 미만, 나라별 법에 따라 만 13세 미만까지"),
    "zh_Hans": ("须征得父母或其他监护人同意的年龄", "中国：不满 14 周岁（《个人信息保护法》第三十一条）",
                "印度尼西亚：不满 18 周岁（2022 年第 27 号法律《个人数据保护法》第 25 条",
                "欧盟：不满 16 周岁；成员国法律可降至不满 13 周岁"),
    "id": ("Batas usia persetujuan orang tua/wali",
           "Korea Selatan: di bawah 14 tahun (Undang-Undang Perlindungan Informasi Pribadi, "
           "Pasal 22-2)",
           "Indonesia: di bawah 18 tahun (UU No. 27 Tahun 2022 tentang Pelindungan Data "
           "Pribadi, Pasal 25;",
           "Uni Eropa: di bawah 16 tahun, atau di bawah 13 tahun"),
}
OUT_OF_RANGE = {
    "en": "Age under which a parent's or guardian's consent is asked: a whole number between "
          "13 and 21.",
    "ko": "법정대리인(보호자) 동의 기준 나이: 13에서 21 사이의 정수로 입력하세요.",
    "zh_Hans": "须征得父母或其他监护人同意的年龄：须为 13 至 21 之间的整数。",
    "id": "Batas usia persetujuan orang tua/wali: bilangan bulat antara 13 dan 21.",
}
FAQ = {
    "en": ("this club flags as junior every member under 15. For them, a parent or guardian",
           "Personal Information Protection Act (Art. 22-2) asks a parent's or guardian's "
           "consent under 14"),
    "ko": ("이 클럽은 만 15세 미만 회원을 모두 청소년으로 표시합니다.",
           "한국의 개인정보 보호법(제22조의2)은 만 14세 미만 아동에 대해 법정대리인의 동의"),
    "zh_Hans": ("本俱乐部把不满 15 周岁的会员都标记为青少年。",
                "处理不满 14 周岁未成年人的个人信息，须取得其父母或者其他监护人的同意"),
    "id": ("klub ini menandai sebagai junior setiap anggota di bawah 15 tahun.",
           "UU Pelindungan Data Pribadi Indonesia (Pasal 25) mewajibkannya untuk setiap anak, "
           "yaitu setiap orang yang belum berusia 18 tahun"),
}
MEMBER = {
    "en": ("Junior: under 15 (the club's setting)",
           "For a member under 15 (the club's setting), a parent or guardian gives the consent"),
    "ko": ("청소년: 만 15세 미만(클럽 설정)", "만 15세 미만 회원(클럽 설정)은 법정대리인(보호자)과"),
    "zh_Hans": ("青少年：不满 15 周岁（俱乐部设置）", "不满 15 周岁的会员（俱乐部设置）须由父母或其他监护人同意"),
    "id": ("Junior: di bawah 15 tahun (pengaturan klub)",
           "Untuk anggota di bawah 15 tahun (pengaturan klub), orang tua/wali memberi persetujuan"),
}
NO_CHILD = {
    "en": "A consent needs both a parent's or guardian's consent and the child's own agreement.",
    "ko": "법정대리인(보호자)과 본인이 모두 동의해야 합니다.",
    "zh_Hans": "须同时征得父母或其他监护人以及孩子本人的同意。",
    "id": "Persetujuan harus diberikan oleh orang tua/wali dan juga oleh anak itu sendiri.",
}
AUDIT = {
    "en": "Minjun Kim: guardian's consent recorded for a member under 15, with the child's own "
          "agreement, by Coach Park",
    "ko": "Minjun Kim: 만 15세 미만 회원의 법정대리인(보호자) 동의와 본인 동의를 기록했습니다"
          "(기록한 사람: Coach Park,",
    "zh_Hans": "Minjun Kim：已登记不满 15 周岁会员的监护人同意及孩子本人的同意（登记人：Coach Park，",
    "id": "Minjun Kim: persetujuan orang tua/wali untuk anggota di bawah 15 tahun, beserta "
          "persetujuan anak itu sendiri, dicatat oleh Coach Park",
}
FORM = {"club_name": "Riverside", "visibility": "public", "start_rating": "1200", "k_new": "40",
        "k_threshold": "20", "k_established": "20", "provisional_games": "5", "junior_k": "",
        "rating_floor": "", "timezone": "UTC"}


def _text(response) -> str:
    """The page as a reader meets it: entities decoded, runs of white space as one."""
    return " ".join(unescape(response.get_data(as_text=True)).split())


def _set_age(app: Flask, age: int) -> None:
    with app.app_context(), direct_writes():
        club_settings().consent_age = age
        db.session.commit()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_settings_state_the_age_and_refuse_one_out_of_range(app: Flask, logged_in: FlaskClient,
                                                             lang: str) -> None:
    page = logged_in.get(f"/organize/settings/?lang={lang}")
    text = _text(page)
    for expected in SETTINGS[lang]:
        assert expected in text, (lang, expected)
    assert 'id="consent_age" name="consent_age" type="number" min="13" max="21"' in \
        page.get_data(as_text=True)
    token = csrf_token(logged_in, "/organize/settings/")
    for typed in ("12", "22", "abc"):
        refused = logged_in.post("/organize/settings/",
                                 data={**FORM, "consent_age": typed, "csrf_token": token})
        assert refused.status_code == 422, typed
        if typed != "abc":  # "abc" is refused by the form, naming the field its own way
            assert OUT_OF_RANGE[lang] in _text(refused), (lang, typed)
    with app.app_context():
        assert club_settings().consent_age == 16 and club_settings().club_name != "Riverside"
    saved = logged_in.post("/organize/settings/",
                           data={**FORM, "consent_age": "17", "csrf_token": token})
    assert saved.status_code == 303
    with app.app_context():
        assert club_settings().consent_age == 17


def test_the_settings_page_follows_the_language_until_an_age_is_chosen(
        app: Flask, logged_in: FlaskClient) -> None:
    token = csrf_token(logged_in, "/organize/settings/")
    # The form sends the stored age (16, the default of no language) with Indonesian chosen.
    logged_in.post("/organize/settings/", data={**FORM, "default_language": "id",
                                                "consent_age": "16", "csrf_token": token})
    with app.app_context():
        assert club_settings().consent_age == 18
    html = _text(logged_in.get("/organize/settings/"))
    assert "Bawaan untuk bahasa klub: 18 tahun." in html  # the page is Indonesian now
    assert 'name="consent_age" type="number" min="13" max="21" step="1" value="18"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_says_who_must_consent_under_the_clubs_age(app: Flask, client: FlaskClient,
                                                           lang: str) -> None:
    _set_age(app, 15)
    text = _text(client.get(f"/guide/faq?lang={lang}"))
    for expected in FAQ[lang]:
        assert expected in text, (lang, expected)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_member_page_asks_the_consent_the_age_needs(app: Flask, logged_in: FlaskClient,
                                                        lang: str) -> None:
    seed(app)
    _set_age(app, 15)
    kim = ids(app, "Minjun Kim")[0]
    text = _text(logged_in.get(f"/organize/members/{kim}?lang={lang}"))
    for expected in MEMBER[lang]:
        assert expected in text, (lang, expected)
    roster = _text(logged_in.get("/organize/members/"))
    assert {"en": "junior (under 15)", "ko": "청소년(만 15세 미만)",
            "zh_Hans": "青少年（不满 15 周岁）", "id": "junior (di bawah 15 tahun)"}[lang] in roster
    token = csrf_token(logged_in, "/organize/members/")
    data = {"given": "yes", "date": "2025-02-01", "recorded_by": "Coach Park", "note": "",
            "csrf_token": token}
    refused = logged_in.post(f"/organize/members/{kim}/consent", data=data)
    assert refused.status_code == 422 and NO_CHILD[lang] in _text(refused)
    given = logged_in.post(f"/organize/members/{kim}/consent",
                           data={**data, "parent_and_child": "1"})
    assert given.status_code == 303
    _set_age(app, 18)  # a later change of the setting leaves the entry's age as it was
    assert AUDIT[lang] in _text(logged_in.get("/organize/audit/"))
