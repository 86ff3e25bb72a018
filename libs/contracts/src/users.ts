import { Role } from './errors';
import type { RatingPoints } from './units';

/** What a user shows about themselves. */
export interface UserProfile {
  displayName: string;
  bio: string;
  avatarUrl: string;
}

/** An account as administrators list it. */
export interface UserAccount {
  id: string;
  username: string;
  email: string;
  role: Role;
  isActive: boolean;
  profilePublic: boolean;
  createdAt: string;
  /** The current rating, for the tier colour of the name; null: never rated. */
  rating: RatingPoints | null;
}

/** The signed-in user's own account, with the profile. */
export interface User extends UserAccount {
  profile: UserProfile;
}

/** What anyone may see of a user on the dashboard. */
export interface PublicUser {
  id: string;
  username: string;
  profilePublic: boolean;
  profile: UserProfile;
}

/**
 * The editor's font size in CSS pixels. The default is the size browsers gave CodeMirror's monospace text before it
 * could be chosen (13 px), so nobody's editor changes until they pick another.
 */
export const EDITOR_FONT_SIZE = { min: 10, max: 24, default: 13 } as const;

/** How many columns a tab character takes in the editor (languages indented with tabs, such as Go, and pasted tabs). */
export const EDITOR_TAB_WIDTHS = [2, 4, 8] as const;
export type EditorTabWidth = (typeof EDITOR_TAB_WIDTHS)[number];

/** The editor's key bindings: CodeMirror's own, or Vim's or Emacs's. */
export const EDITOR_KEYMAPS = ['default', 'vim', 'emacs'] as const;
export type EditorKeymap = (typeof EDITOR_KEYMAPS)[number];

/** A user's settings for the problem page's editor, kept on the server so they follow the user. */
export interface UserPreferences {
  /** Preselected on a problem that allows it; null: the language last submitted in this browser, else Python 3. */
  defaultLanguageId: number | null;
  editorFontSize: number;
  editorTabWidth: EditorTabWidth;
  editorKeymap: EditorKeymap;
}

/** What a guest, or a user who never changed a setting, gets. */
export const DEFAULT_PREFERENCES: UserPreferences = {
  defaultLanguageId: null,
  editorFontSize: EDITOR_FONT_SIZE.default,
  editorTabWidth: 4,
  editorKeymap: 'default',
};

/** Answer to a login, registration or token refresh. */
export interface AuthSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}
