"""Who must consent before a junior's full name is shown (docs/privacy.md, "Consent by
country"): the club's consent age, with a default per the club's language, and the check of
what the organizer confirms.

Two ages, two meanings:

* :data:`JUNIOR_AGE`, 18, fixed: who is a *junior* at all — FIDE's junior (the junior K is
  for players "under 18", SPEC §2) and the guide's advice to show every under-18 by
  initials. A member flagged junior is shown by initials until a consent is recorded.
* The club's *consent age* (``consent_age``, 13 to 21): **who consents** for a junior. Under
  it, a parent or guardian consents and the child agrees too (SPEC §5's "parent *and*
  child"); at or above it (and under 18) the junior consents themselves, as the laws let
  them. It never flags or unflags anyone.

The product stores no date of birth (docs/privacy.md, "Collect less"), so it never computes
an age: the organizer picks, on the consent form, which case applies. The club's language
stands in for its country only to choose a default; the organizer sets the age of the law
where the club meets.

* Korea, ``ko``: 14. The Personal Information Protection Act, Art. 22-2(1): to process the
  personal information of a child under 14 with consent, the consent of the child's legal
  representative is needed, and the controller must confirm it was given.
* China, ``zh_Hans``: 14. The Personal Information Protection Law, Art. 28 (the personal
  information of a minor under 14 is sensitive) and Art. 31 (processing it needs the consent
  of a parent or other guardian).
* Indonesia, ``id``: 18. Law 27/2022 on personal data protection, Art. 25(2): processing a
  child's personal data needs the consent of the child's parent and/or guardian; a child is
  anyone under 18 (Law 23/2002 on child protection as amended by Law 35/2014, Art. 1(1)).
  So every junior needs a guardian's consent.
* English, ``en``, and a club without a language: 16, the GDPR's own age (Art. 8(1)), which
  its member states may lower to no less than 13; other countries differ, so the settings
  page asks the organizer to check.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ladder.vocabulary.messages import Message, msg

#: Who is a junior: a member under 18 (FIDE's junior, SPEC §2; the guide's initials advice).
#: The junior flag, its help texts and the TRF birth-year hint all read this one number.
JUNIOR_AGE = 18
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
#: The ages a club may choose. 13 is the lowest any law cited above allows (GDPR Art. 8(1)):
#: below it a child would consent alone. 21 is the age of majority of Indonesia's Civil Code
#: (Art. 330), the highest in use among the product's countries; any age from 18 up means the
#: same for the pages (every junior needs a guardian's consent, :data:`JUNIOR_AGE`), since a
#: member 18 or older is not a junior.
MIN_CONSENT_AGE, MAX_CONSENT_AGE = GDPR_LOWEST_AGE, 21


def default_consent_age(language: str | None) -> int:
    """The default consent age (under it a parent's or guardian's consent is needed) for the
    club ``language`` (``ko``, ``zh_Hans``, ``id``, ``en``; ``""`` or an unknown code gets the
    general one)."""
    return CONSENT_AGE_BY_LANGUAGE.get(language or "", GENERAL_CONSENT_AGE)


def is_valid_consent_age(age: int) -> bool:
    """True when ``age`` is one a club may choose (:data:`MIN_CONSENT_AGE` to
    :data:`MAX_CONSENT_AGE`, whole years)."""
    return MIN_CONSENT_AGE <= age <= MAX_CONSENT_AGE


def every_junior_needs_a_guardian(consent_age: int) -> bool:
    """True when no junior is old enough to consent alone: the consent age is 18 or more
    (Indonesia's default), so every member under 18 needs a parent's or guardian's consent."""
    return consent_age >= JUNIOR_AGE


class Consenter(StrEnum):
    """Which consent applies to a member, as the organizer picks it on the consent form."""

    #: The member is under the consent age: a parent's or guardian's consent and the child's
    #: own agreement (SPEC §5, "parent *and* child").
    GUARDIAN = "guardian"
    #: The member is at or above the consent age: their own consent.
    OWN = "own"


@dataclass(frozen=True)
class WhoConsented:
    """What the organizer confirms with a consent: the case that applies and who agreed."""

    #: The case that applies (None: the organizer did not say).
    case: Consenter | None
    #: A parent or guardian consented.
    guardian: bool = False
    #: The child agreed too (their own agreement, asked under the consent age).
    child: bool = False
    #: The member consented themselves (at or above the consent age).
    own: bool = False

    def missing(self, consent_age: int) -> tuple[str, Message] | None:
        """What is missing for the chosen case, as (the form field to show it beside, the
        sentence); None when the consent is complete. A guardian's consent in the own-consent
        case is allowed but not asked: the member's own consent is what counts."""
        age = consent_age
        if self.case is None:
            return "who", msg("Choose who consented: for a member under %(age)d, a parent or "
                              "guardian and the child; for a member %(age)d or older, the "
                              "member.", age=age)
        if self.case is Consenter.OWN:
            if self.own:
                return None
            return "own_consent", msg("For a member %(age)d or older, their own consent is "
                                      "missing.", age=age)
        if self.guardian and self.child:
            return None
        if not self.guardian and not self.child:
            return "guardian_consent", msg(
                "For a member under %(age)d, both a parent's or guardian's consent and the "
                "child's own agreement are missing.", age=age)
        if not self.guardian:
            return "guardian_consent", msg("For a member under %(age)d, a parent's or "
                                           "guardian's consent is missing.", age=age)
        return "child_agreement", msg("For a member under %(age)d, the child's own agreement "
                                      "is missing.", age=age)


#: A parent's or guardian's consent with the child's own agreement (the usual junior case).
GUARDIAN_AND_CHILD = WhoConsented(Consenter.GUARDIAN, guardian=True, child=True)
#: A junior at or above the consent age who consented themselves.
OWN_CONSENT = WhoConsented(Consenter.OWN, own=True)
