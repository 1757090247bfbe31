"""Who must consent, on the pages in all four languages (docs/privacy.md, "Consent by
country"): the settings page states the consent age with the laws and what it means — under
it a parent or guardian and the child consent, from it the junior themselves; juniors are the
members under 18 — and refuses an age out of range naming the field (nothing saved); the FAQ
says who must consent (every junior at the Indonesian default 18); the member page keeps the
junior flag "under 18" and offers the consent form's two cases with the club's age; a consent
missing what its case needs is refused, saying what; the audit log says which case and age."""

from __future__ import annotations

from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from ladder.extensions import db
from ladder.models import Member
from ladder.queries.club import club_settings
from tests.factories import csrf_token, direct_writes
from tests.web.members_support import ids, seed

LANGUAGES = ("en", "ko", "zh_Hans", "id")

#: What each language must say; the ages are the laws' (ladder/club/consent.py), the junior
#: age 18, or the unusual 15 the tests set, so a page showing a fixed number fails.
SETTINGS = {
    "en": ("Age under which a parent's or guardian's consent is asked",
           "Who must consent: a junior (a member under 18) is shown with initials on public "
           "pages until a consent is recorded. Under this age, a parent or guardian consents "
           "and the child agrees too; from this age on, the junior consents themselves.",
           "Korea: under 14 (Personal Information Protection Act, Art. 22-2).",
           "Indonesia: under 18 (Personal Data Protection Law 27/2022, Art. 25;",
           "): every junior needs a parent's or guardian's consent.",
           "European Union: under 16, or as low as 13"),
    "ko": ("법정대리인(보호자) 동의 기준 나이",
           "청소년(만 18세 미만 회원)은 동의가 기록될 때까지 공개 페이지에 이니셜로 표시됩니다. "
           "이 나이 미만이면 법정대리인(보호자)이 동의하고 본인도 동의해야 하며, 이 나이 이상이면 "
           "청소년 본인이 직접 동의합니다.",
           "한국: 만 14세 미만(개인정보 보호법 제22조의2)",
           "인도네시아: 만 18세 미만(2022년 법률 제27호 개인정보보호법 제25조.",
           "모든 청소년에게 법정대리인(보호자)의 동의가 필요합니다.",
           "유럽연합: 만 16세 미만, 나라별 법에 따라 만 13세 미만까지"),
    "zh_Hans": ("须征得父母或其他监护人同意的年龄",
                "青少年（不满 18 周岁的会员）在登记同意之前，"
                "公开页面上会隐去其部分姓名。不满此年龄的，"
                "由父母或其他监护人同意，孩子本人也要同意；已满此年龄的，由青少年本人同意。",
                "中国：不满 14 周岁（《个人信息保护法》第三十一条）",
                "印度尼西亚：不满 18 周岁（2022 年第 27 号法律《个人数据保护法》第 25 条",
                "所有青少年都须取得父母或其他监护人的同意。",
                "欧盟：不满 16 周岁；成员国法律可降至不满 13 周岁"),
    "id": ("Batas usia persetujuan orang tua/wali",
           "junior (anggota di bawah 18 tahun) ditampilkan dengan inisial di halaman publik sampai "
           "persetujuan dicatat. Di bawah usia ini, orang tua/wali memberi persetujuan dan anak "
           "itu sendiri juga setuju; mulai usia ini, junior memberi persetujuannya sendiri.",
           "Korea Selatan: di bawah 14 tahun (Undang-Undang Perlindungan Informasi Pribadi, "
           "Pasal 22-2)",
           "Indonesia: di bawah 18 tahun (UU No. 27 Tahun 2022 tentang Pelindungan Data "
           "Pribadi, Pasal 25;",
           "): setiap junior memerlukan persetujuan orang tua/wali.",
           "Uni Eropa: di bawah 16 tahun, atau di bawah 13 tahun"),
}
#: The settings page of a club whose consent age is 18 or more says every junior needs it.
EVERY_JUNIOR_SETTINGS = {
    "en": "With the consent age at 18, every junior (a member under 18) needs a parent's or "
          "guardian's consent.",
    "ko": "동의 기준 나이가 만 18세이므로 모든 청소년(만 18세 미만 회원)에게 법정대리인(보호자)의 "
          "동의가 필요합니다.",
    "zh_Hans": "须征得监护人同意的年龄设为 18 周岁，"
               "因此所有青少年（不满 18 周岁的会员）都须取得父母或其他监护人的同意。",
    "id": "Dengan batas usia persetujuan 18 tahun, setiap junior (anggota di bawah 18 tahun) "
          "memerlukan persetujuan orang tua/wali.",
}
OUT_OF_RANGE = {
    "en": "Age under which a parent's or guardian's consent is asked: a whole number between "
          "13 and 21.",
    "ko": "법정대리인(보호자) 동의 기준 나이: 13~21 사이의 정수를 입력하세요.",
    "zh_Hans": "须征得父母或其他监护人同意的年龄：须为 13 至 21 之间的整数。",
    "id": "Batas usia persetujuan orang tua/wali: bilangan bulat antara 13 dan 21.",
}
#: The FAQ at consent age 15: juniors are under 18; under 15 a guardian and the child, from
#: 15 the junior alone.
FAQ = {
    "en": ("Who must consent: a junior is a member under 18. For a junior under 15, a parent or "
           "guardian gives the consent, and the child is asked too;",
           "A junior aged 15 or older gives their own consent.",
           "Personal Information Protection Act (Art. 22-2) asks a parent's or guardian's "
           "consent under 14"),
    "ko": ("누가 동의해야 하나요? 청소년은 만 18세 미만 회원입니다. 만 15세 미만 청소년은 "
           "법정대리인(보호자)이 동의하고, 아이 본인의 뜻도 함께 묻습니다.",
           "만 15세 이상 청소년은 본인이 직접 동의합니다.",
           "한국의 개인정보 보호법(제22조의2)은 만 14세 미만 아동에 대해 법정대리인의 동의"),
    "zh_Hans": ("谁需要同意：青少年是指不满 18 周岁的会员。"
                "不满 15 周岁的青少年，由父母或其他监护人表示同意，"
                "同时也要征求孩子本人的意见；",
                "已满 15 周岁的青少年由本人表示同意。",
                "处理不满 14 周岁未成年人的个人信息，须取得其父母或者其他监护人的同意"),
    "id": ("Siapa yang harus memberi persetujuan: junior adalah anggota di bawah 18 tahun. Untuk "
           "junior di bawah 15 tahun, orang tua/wali yang memberi persetujuan, dan anak itu "
           "sendiri juga ditanya;",
           "Junior berusia 15 tahun ke atas memberi persetujuannya sendiri.",
           "UU Pelindungan Data Pribadi Indonesia (Pasal 25) mewajibkannya untuk setiap anak, "
           "yaitu setiap orang yang belum berusia 18 tahun"),
}
#: The FAQ at consent age 18 (the Indonesian default): every junior needs a guardian.
FAQ_EVERY_JUNIOR = {
    "en": "Who must consent: a junior is a member under 18. In this club (consent age 18), a "
          "parent or guardian gives the consent for every junior, and the child is asked too;",
    "ko": "누가 동의해야 하나요? 청소년은 만 18세 미만 회원입니다. "
          "이 클럽(동의 기준 나이 만 18세)에서는 "
          "모든 청소년에 대해 법정대리인(보호자)이 동의하고, 아이 본인의 뜻도 함께 묻습니다.",
    "zh_Hans": "谁需要同意：青少年是指不满 18 周岁的会员。"
               "本俱乐部须征得监护人同意的年龄为 18 周岁，"
               "因此每位青少年都由父母或其他监护人表示同意，同时也要征求孩子本人的意见；",
    "id": "Siapa yang harus memberi persetujuan: junior adalah anggota di bawah 18 tahun. Di klub "
          "ini (batas usia persetujuan 18 tahun), orang tua/wali yang memberi persetujuan untuk "
          "setiap junior, dan anak itu sendiri juga ditanya;",
}
#: The member page at consent age 15: the junior flag (under 18), the roster's add form, the
#: consent form's two cases.
MEMBER = {
    "en": ("Junior (under 18): shown with initials on public pages unless a consent is recorded",
           "junior (under 18)",
           "The member is under 15: a parent's or guardian's consent and the child's own "
           "agreement",
           "The member is 15 or older: their own consent"),
    "ko": ("청소년(만 18세 미만): 동의가 기록되지 않으면 공개 페이지에 이니셜로 표시",
           "청소년(만 18세 미만)",
           "만 15세 미만 회원: 법정대리인(보호자)의 동의와 본인의 동의",
           "만 15세 이상 회원: 본인의 동의"),
    "zh_Hans": ("青少年（不满 18 周岁）：除非已记录同意，否则在公开页面上隐去部分姓名",
                "青少年（不满 18 周岁）",
                "会员不满 15 周岁：父母或其他监护人的同意，以及孩子本人的同意",
                "会员已满 15 周岁：本人的同意"),
    "id": ("Junior (di bawah 18 tahun): ditampilkan dengan inisial di halaman publik kecuali ada "
           "persetujuan yang dicatat",
           "junior (di bawah 18 tahun)",
           "Anggota di bawah 15 tahun: persetujuan orang tua/wali dan persetujuan anak itu "
           "sendiri",
           "Anggota berusia 15 tahun ke atas: persetujuannya sendiri"),
}
#: What a consent at age 15 misses, per case: (posted boxes, the field it shows beside, the
#: sentence per language).
REFUSALS = [
    ({}, "consent-who", {
        "en": "Choose who consented: for a member under 15, a parent or guardian and the "
              "child; for a member 15 or older, the member.",
        "ko": "누가 동의했는지 고르세요. 만 15세 미만 회원은 법정대리인(보호자)과 본인이, "
              "만 15세 이상 회원은 본인이 동의합니다.",
        "zh_Hans": "请选择由谁同意：不满 15 周岁的会员，由父母或其他监护人和孩子本人同意；"
                   "已满 15 周岁的会员，由本人同意。",
        "id": "Pilih siapa yang memberi persetujuan: untuk anggota di bawah 15 tahun, orang "
              "tua/wali dan anak itu sendiri; untuk anggota berusia 15 tahun ke atas, anggota "
              "itu sendiri."}),
    ({"who": "guardian", "guardian_consent": "1"}, "consent-child", {
        "en": "For a member under 15, the child's own agreement is missing.",
        "ko": "만 15세 미만 회원의 경우 본인의 동의가 빠져 있습니다.",
        "zh_Hans": "不满 15 周岁的会员：缺少孩子本人的同意。",
        "id": "Untuk anggota di bawah 15 tahun, persetujuan anak itu sendiri belum ada."}),
    ({"who": "guardian", "child_agreement": "1", "own_consent": "1"}, "consent-guardian", {
        "en": "For a member under 15, a parent's or guardian's consent is missing.",
        "ko": "만 15세 미만 회원의 경우 법정대리인(보호자)의 동의가 빠져 있습니다.",
        "zh_Hans": "不满 15 周岁的会员：缺少父母或其他监护人的同意。",
        "id": "Untuk anggota di bawah 15 tahun, persetujuan orang tua/wali belum ada."}),
    ({"who": "guardian"}, "consent-guardian", {
        "en": "For a member under 15, both a parent's or guardian's consent and the child's own "
              "agreement are missing.",
        "ko": "만 15세 미만 회원의 경우 "
              "법정대리인(보호자)의 동의와 본인의 동의가 모두 빠져 있습니다.",
        "zh_Hans": "不满 15 周岁的会员：既缺少父母或其他监护人的同意，也缺少孩子本人的同意。",
        "id": "Untuk anggota di bawah 15 tahun, persetujuan orang tua/wali dan persetujuan anak "
              "itu sendiri sama-sama belum ada."}),
    ({"who": "own", "guardian_consent": "1", "child_agreement": "1"}, "consent-own", {
        "en": "For a member 15 or older, their own consent is missing.",
        "ko": "만 15세 이상 회원의 경우 본인의 동의가 빠져 있습니다.",
        "zh_Hans": "已满 15 周岁的会员：缺少本人的同意。",
        "id": "Untuk anggota berusia 15 tahun ke atas, persetujuannya sendiri belum ada."}),
]
#: The audit log's sentences: the case and the age of the day (15), kept after the setting
#: changes.
AUDIT = {
    "en": ("Minjun Kim: a parent's or guardian's consent and the child's own agreement (a "
           "member under 15) recorded by Coach Park",
           "Ann Lee: the member's own consent (a member 15 or older) recorded by Coach Park"),
    "ko": ("Minjun Kim: 법정대리인(보호자) 동의와 본인 동의(만 15세 미만 회원)를 기록했습니다"
           "(기록한 사람: Coach Park,",
           "Ann Lee: 본인 동의(만 15세 이상 회원)를 기록했습니다(기록한 사람: Coach Park,"),
    "zh_Hans": ("Minjun Kim：已登记父母或其他监护人的同意及孩子本人的同意（不满 15 周岁的会员；"
                "登记人：Coach Park，",
                "Ann Lee：已登记会员本人的同意（已满 15 周岁的会员；登记人：Coach Park，"),
    "id": ("Minjun Kim: persetujuan orang tua/wali dan persetujuan anak itu sendiri (anggota di "
           "bawah 15 tahun) dicatat oleh Coach Park",
           "Ann Lee: persetujuan anggota itu sendiri (anggota berusia 15 tahun ke atas) dicatat "
           "oleh Coach Park"),
}
FORM = {"club_name": "Riverside", "visibility": "public", "start_rating": "1200", "k_new": "40",
        "k_threshold": "20", "k_established": "20", "provisional_games": "5", "junior_k": "",
        "rating_floor": "", "timezone": "UTC"}


def _text(response) -> str:
    """The page as a reader meets it: entities decoded, runs of white space as one."""
    return " ".join(unescape(response.get_data(as_text=True)).split())


def _set_age(app: Flask, age: int) -> None:
    """Set the consent age as a committed write would: with the ladder generation moved on,
    so a cached public page (the FAQ) is rendered again (ladder/web/support/cache.py)."""
    with app.app_context(), direct_writes():
        settings = club_settings()
        settings.consent_age = age
        settings.generation += 1
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
def test_the_settings_page_says_every_junior_needs_a_guardian_at_18(
        app: Flask, logged_in: FlaskClient, lang: str) -> None:
    assert EVERY_JUNIOR_SETTINGS[lang] not in _text(
        logged_in.get(f"/organize/settings/?lang={lang}"))  # 16: not every junior
    _set_age(app, 18)
    assert EVERY_JUNIOR_SETTINGS[lang] in _text(logged_in.get(f"/organize/settings/?lang={lang}"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_says_who_must_consent(app: Flask, client: FlaskClient, lang: str) -> None:
    _set_age(app, 15)
    text = _text(client.get(f"/guide/faq?lang={lang}"))
    for expected in FAQ[lang]:
        assert expected in text, (lang, expected)
    assert FAQ_EVERY_JUNIOR[lang] not in text
    _set_age(app, 18)
    text = _text(client.get(f"/guide/faq?lang={lang}"))
    assert FAQ_EVERY_JUNIOR[lang] in text
    assert FAQ[lang][1] not in text  # no junior consents alone


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_member_page_offers_both_cases_and_keeps_juniors_under_18(
        app: Flask, logged_in: FlaskClient, lang: str) -> None:
    seed(app)
    _set_age(app, 15)
    kim = ids(app, "Minjun Kim")[0]
    text = _text(logged_in.get(f"/organize/members/{kim}?lang={lang}"))
    junior, add_junior, under, own = MEMBER[lang]
    for expected in (junior, under, own):
        assert expected in text, (lang, expected)
    assert add_junior in _text(logged_in.get("/organize/members/"))
    html = logged_in.get(f"/organize/members/{kim}").get_data(as_text=True)
    for name, value in (("who", "guardian"), ("who", "own")):
        assert f'name="{name}" value="{value}"' in html
    for box in ("guardian_consent", "child_agreement", "own_consent"):
        assert f'name="{box}" value="1"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_consent_missing_what_its_case_needs_is_refused_saying_what(
        app: Flask, logged_in: FlaskClient, lang: str) -> None:
    seed(app)
    _set_age(app, 15)
    kim = ids(app, "Minjun Kim")[0]
    logged_in.get(f"/organize/members/?lang={lang}")  # the session's language
    token = csrf_token(logged_in, "/organize/members/")
    data = {"given": "yes", "date": "2025-02-01", "recorded_by": "Coach Park", "note": "",
            "csrf_token": token}
    for boxes, field, sentences in REFUSALS:
        refused = logged_in.post(f"/organize/members/{kim}/consent", data={**data, **boxes})
        html = unescape(refused.get_data(as_text=True))
        assert refused.status_code == 422, boxes
        assert f'<span class="field-error" id="{field}-error">{sentences[lang]}</span>' in html
    with app.app_context():
        assert db.session.get(Member, kim).consent_given is False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_audit_log_says_which_case_and_the_age_of_the_day(
        app: Flask, logged_in: FlaskClient, lang: str) -> None:
    seed(app)
    _set_age(app, 15)
    kim, ann = ids(app, "Minjun Kim")[0], ids(app, "Ann Lee")[0]
    token = csrf_token(logged_in, "/organize/members/")
    data = {"given": "yes", "date": "2025-02-01", "recorded_by": "Coach Park", "note": "",
            "csrf_token": token}
    given = logged_in.post(f"/organize/members/{kim}/consent", data={
        **data, "who": "guardian", "guardian_consent": "1", "child_agreement": "1"})
    assert given.status_code == 303
    own = logged_in.post(f"/organize/members/{ann}/consent",
                         data={**data, "who": "own", "own_consent": "1"})
    assert own.status_code == 303
    with app.app_context():
        assert db.session.get(Member, kim).consent_given is True
        assert db.session.get(Member, ann).consent_given is True
    _set_age(app, 18)  # a later change of the setting leaves the entries' age as it was
    text = _text(logged_in.get(f"/organize/audit/?lang={lang}"))
    for expected in AUDIT[lang]:
        assert expected in text, (lang, expected)
