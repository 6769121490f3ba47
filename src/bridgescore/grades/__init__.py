"""Grades and handicaps (SCORING.md §27): each player's grade from a club's results, of the
kind of the EBU's National Grading Scheme (:mod:`~bridgescore.grades.ngs`), and handicapped
results beside the scratch ones (:mod:`~bridgescore.grades.handicap`)."""

from bridgescore.grades.ngs import (
    Grade,
    GradedSession,
    GradeError,
    GradePoint,
    GradeRules,
    Maturity,
    PairResult,
    grade_sessions,
    pair_par,
)

__all__ = [
    "Grade",
    "GradeError",
    "GradePoint",
    "GradeRules",
    "GradedSession",
    "Maturity",
    "PairResult",
    "grade_sessions",
    "pair_par",
]
