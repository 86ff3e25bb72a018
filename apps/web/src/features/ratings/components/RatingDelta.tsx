/** A rating change with its sign, green up and red down (the sign says it without colour). */
export function RatingDelta({ oldRating, newRating }: { oldRating: number; newRating: number }) {
  const delta = newRating - oldRating;
  const tone = delta > 0 ? 'up' : delta < 0 ? 'down' : '';
  return <span className={`rating-delta ${tone}`}>{delta > 0 ? `+${delta}` : delta === 0 ? '±0' : `−${-delta}`}</span>;
}
