"""Mechanical checks of the book's prose against the library and the table of contents."""
