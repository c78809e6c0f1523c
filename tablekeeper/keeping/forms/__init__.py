"""Forms: start a session, the hand form that turns taps into a hand record, finishing, importing."""

from .finish import MoneyRateForm
from .hand import HandForm, engine_field_to_form_key, new_client_token
from .start import StartSessionForm, variant_label

__all__ = [
    "HandForm",
    "MoneyRateForm",
    "StartSessionForm",
    "engine_field_to_form_key",
    "new_client_token",
    "variant_label",
]
