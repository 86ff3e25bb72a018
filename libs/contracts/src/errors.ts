/** Error body of every failed API call: `{message, code, details?}`. */
export interface ApiErrorBody {
  message: string;
  code: string;
  details?: { path: string; message: string }[];
}

export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  TIMEOUT: 'TIMEOUT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** A list body: `{items}`. */
export interface ItemList<T> {
  items: T[];
}

export interface Paged<T> extends ItemList<T> {
  total: number;
  totalPages: number;
  /** Set when more rows match than were counted: total and totalPages are then lower bounds ("10,000+"). */
  totalCapped?: boolean;
  page: number;
  limit: number;
  scope?: 'mine' | 'all';
}

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
