import '../ratings.css';

import { useNavigate } from 'react-router-dom';

import type { RatingHistoryEntry } from '../api';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 44, right: 14, top: 14, bottom: 26 };
/** Horizontal lines every this many rating points. */
const STEP = 100;

/**
 * A user's rating after each rated contest, over time: an SVG drawn here (no chart library), a point per contest
 * linking to it, its colours from the theme's tokens (ratings.css) so it reads in dark mode too.
 */
export function RatingGraph({ history }: { history: RatingHistoryEntry[] }) {
  const navigate = useNavigate();
  const times = history.map((h) => new Date(h.endedAt).getTime());
  const ratings = history.map((h) => h.newRating);
  const low = Math.floor((Math.min(...ratings) - STEP / 2) / STEP) * STEP;
  const high = Math.ceil((Math.max(...ratings) + STEP / 2) / STEP) * STEP;
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const x = (time: number) =>
    last === first ? (PAD.left + WIDTH - PAD.right) / 2 : PAD.left + ((time - first) / (last - first)) * (WIDTH - PAD.left - PAD.right);
  const y = (rating: number) => PAD.top + ((high - rating) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const every = Math.max(1, Math.ceil((high - low) / STEP / 6));
  const lines = Array.from({ length: (high - low) / STEP + 1 }, (_, i) => low + i * STEP).filter((_, i) => i % every === 0);
  const points = history.map((h, i) => ({ h, cx: x(times[i]), cy: y(h.newRating) }));
  const year = (time: number) => new Date(time).toLocaleDateString(undefined, { year: 'numeric', month: 'short' });
  return (
    <svg
      className="rating-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-label="Rating after each rated contest"
      data-testid="rating-graph"
    >
      {lines.map((rating) => (
        <g key={rating}>
          <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(rating)} y2={y(rating)} />
          <text className="axis-label" x={PAD.left - 6} y={y(rating) + 4} textAnchor="end">
            {rating}
          </text>
        </g>
      ))}
      <text className="axis-label" x={PAD.left} y={HEIGHT - 8}>
        {year(first)}
      </text>
      {last !== first && (
        <text className="axis-label" x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
          {year(last)}
        </text>
      )}
      <polyline className="line" points={points.map((p) => `${p.cx},${p.cy}`).join(' ')} />
      {points.map(({ h, cx, cy }) => (
        <a
          key={h.contestId}
          href={`/contests/${h.contestId}`}
          aria-label={`${h.title}: rank ${h.rank}, rating ${h.newRating}`}
          onClick={(event) => {
            event.preventDefault();
            void navigate(`/contests/${h.contestId}`);
          }}
        >
          <circle className="point" cx={cx} cy={cy} r={5} />
          <title>{`${h.title}: rank ${h.rank}, rating ${h.newRating}`}</title>
        </a>
      ))}
    </svg>
  );
}
