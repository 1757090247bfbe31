"""The age under which a parent's or guardian's consent is asked (docs/privacy.md, "Consent
by country"): a club setting, with a default per the club's language.

The product stores no date of birth (docs/privacy.md, "Collect less"), so it never computes
an age: the organizer flags the members under this age junior, and the pages say which
consent a junior's full name needs. The club's language stands in for its country only to
choose a default; the organizer sets the age of the law where the club meets.

* Korea, ``ko``: 14. The Personal Information Protection Act, Art. 22-2(1): to process the
  personal information of a child under 14 with consent, the consent of the child's legal
  representative is needed, and the controller must confirm it was given.
* China, ``zh_Hans``: 14. The Personal Information Protection Law, Art. 28 (the personal
  information of a minor under 14 is sensitive) and Art. 31 (processing it needs the consent
  of a parent or other guardian).
* Indonesia, ``id``: 18. Law 27/2022 on personal data protection, Art. 25(2): processing a
  child's personal data needs the consent of the child's parent and/or guardian; a child is
  anyone under 18 (Law 23/2002 on child protection as amended by Law 35/2014, Art. 1(1)).
* English, ``en``, and a club without a language: 16, the GDPR's own age (Art. 8(1)), which
  its member states may lower to no less than 13; other countries differ, so the settings
  page asks the organizer to check.
"""

from __future__ import annotations

#: The ages the laws above set (the settings page and the guide quote them from here).
KOREA_AGE, CHINA_AGE, INDONESIA_AGE = 14, 14, 18
#: The GDPR's age, and the lowest its member states may choose (Art. 8(1)).
GDPR_AGE, GDPR_LOWEST_AGE = 16, 13
#: The ages by country, as the pages name them (``korea``, ``china``, ``indonesia``, ``eu``,
#: ``eu_lowest``): the placeholders of the sentences that cite the laws.
LAW_AGES: dict[str, int] = {"korea": KOREA_AGE, "china": CHINA_AGE, "indonesia": INDONESIA_AGE,
                            "eu": GDPR_AGE, "eu_lowest": GDPR_LOWEST_AGE}
#: The default per club language (the keys are the product's language codes).
CONSENT_AGE_BY_LANGUAGE: dict[str, int] = {"ko": KOREA_AGE, "zh_Hans": CHINA_AGE,
                                           "id": INDONESIA_AGE, "en": GDPR_AGE}
#: The default where the club has no language (the pages follow each visitor's browser).
GENERAL_CONSENT_AGE = GDPR_AGE
#: The ages a club may choose. 13 is the lowest any law cited above allows (GDPR Art. 8(1));
#: 21 is the age of majority of Indonesia's Civil Code (Art. 330), the highest in use among
#: the product's countries. Below 13, children's full names could go public without any
#: consent, which the guide's own advice rules out.
MIN_CONSENT_AGE, MAX_CONSENT_AGE = GDPR_LOWEST_AGE, 21


def default_consent_age(language: str | None) -> int:
    """The default age under which a guardian's consent is asked, for the club ``language``
    (``ko``, ``zh_Hans``, ``id``, ``en``; ``""`` or an unknown code gets the general one)."""
    return CONSENT_AGE_BY_LANGUAGE.get(language or "", GENERAL_CONSENT_AGE)


def is_valid_consent_age(age: int) -> bool:
    """True when ``age`` is one a club may choose (:data:`MIN_CONSENT_AGE` to
    :data:`MAX_CONSENT_AGE`, whole years)."""
    return MIN_CONSENT_AGE <= age <= MAX_CONSENT_AGE
