/**
 * Units of the figures that cross a boundary. A tag, not a wrapper: a plain number literal is any of them, but a
 * figure of one unit is refused where another is asked for (a Percent is not RawPoints), so a conversion is always
 * written out.
 */
declare const unit: unique symbol;

/** A share of a grading's raw total, 0–100: a submission's `score`. */
export type Percent = number & { readonly [unit]?: 'percent' };

/** Points in a problem's own scale: its tests' and subtasks' points, out of its (or one grading's) raw total. */
export type RawPoints = number & { readonly [unit]?: 'raw points' };

/** Points in a contest's scale: what a problem is worth there (`contest_problems.points`), cells and row totals. */
export type ContestPoints = number & { readonly [unit]?: 'contest points' };

/** Points on the rating scale (Elo-MMR's skill scale, a newcomer's mean at 1500): ratings and performances. */
export type RatingPoints = number & { readonly [unit]?: 'rating points' };
