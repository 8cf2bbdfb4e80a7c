"""Exact dice odds of Alea Iacta Est (placeholder replaced below)."""
