import { Role } from './errors';

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

/** Answer to a login, registration or token refresh. */
export interface AuthSession {
  accessToken: string;
  refreshToken: string;
  user: User;
}
