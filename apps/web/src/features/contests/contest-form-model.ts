import { type ContestFormat, DEFAULT_PENALTY_MINUTES, DEFAULT_PROBLEM_POINTS, defaultContestLabel } from '@oj/contracts';

import type { Contest, ContestInput } from './api';

export interface PickedProblem {
  problemId: number;
  title: string;
  /** Blank: the default for its place (A, B, C…). */
  label: string;
  /** Blank: the format's default. */
  points: string;
}

/** The form's fields as typed: times in the browser's local time (datetime-local), numbers as text. */
export interface ContestFormValues {
  title: string;
  description: string;
  format: ContestFormat;
  startsAt: string;
  endsAt: string;
  durationMinutes: string;
  freezeMinutes: string;
  penaltyMinutes: string;
  isPublic: boolean;
  /** Its official participants are rated once its results are final. */
  rated: boolean;
  accessCode: string;
  problems: PickedProblem[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value in the browser's zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function emptyContestForm(now = new Date()): ContestFormValues {
  const start = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return {
    title: '',
    description: '',
    format: 'icpc',
    startsAt: toLocalInput(start.toISOString()),
    endsAt: toLocalInput(new Date(start.getTime() + 3 * 3_600_000).toISOString()),
    durationMinutes: '',
    freezeMinutes: '',
    penaltyMinutes: '',
    isPublic: true,
    rated: false,
    accessCode: '',
    problems: [],
  };
}

/** An existing contest in the form (its access code comes along for admins). */
export function contestFormFrom(contest: Contest): ContestFormValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    title: contest.title,
    description: contest.description,
    format: contest.format,
    startsAt: toLocalInput(contest.startsAt),
    endsAt: toLocalInput(contest.endsAt),
    durationMinutes: text(contest.durationMinutes),
    freezeMinutes: text(contest.freezeMinutes),
    penaltyMinutes: String(contest.penaltyMinutes),
    isPublic: contest.isPublic,
    rated: contest.rated,
    accessCode: contest.accessCode ?? '',
    // Only admins edit a contest, and they are given every problem's id (null only for those who may not read it).
    problems: contest.problems.flatMap((p, i) =>
      p.problemId === null
        ? []
        : [{ problemId: p.problemId, title: p.title, label: p.label === defaultContestLabel(i) ? '' : p.label, points: String(p.points) }],
    ),
  };
}

/** A blank number is left out (the server's default); anything else goes as typed, for the server to check. */
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The request body: blanks omitted so the server applies its defaults (labels A, B, C…, points, penalty). */
export function contestInputFrom(values: ContestFormValues): ContestInput {
  const isoOrRaw = (local: string) => (Number.isNaN(new Date(local).getTime()) ? local : new Date(local).toISOString());
  return {
    title: values.title.trim(),
    description: values.description,
    format: values.format,
    startsAt: isoOrRaw(values.startsAt),
    endsAt: isoOrRaw(values.endsAt),
    durationMinutes: optionalNumber(values.durationMinutes),
    freezeMinutes: optionalNumber(values.freezeMinutes),
    penaltyMinutes: optionalNumber(values.penaltyMinutes),
    isPublic: values.isPublic,
    rated: values.rated,
    accessCode: values.accessCode.trim() || undefined,
    problems: values.problems.map((p) => ({
      problemId: p.problemId,
      ...(p.label.trim() ? { label: p.label.trim() } : {}),
      ...(p.points.trim() ? { points: Number(p.points) } : {}),
    })),
  };
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** What a blank points field stands for in this format, as a placeholder. */
export function defaultPointsHint(format: ContestFormat): string {
  const points = DEFAULT_PROBLEM_POINTS[format];
  return points === null ? 'required' : String(points);
}

export const defaultPenaltyHint = (format: ContestFormat) => String(DEFAULT_PENALTY_MINUTES[format]);
