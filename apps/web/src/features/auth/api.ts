import type { Schemas } from '@oj/api-client';

import { api, unwrap } from '../../api/client';

/** A session for a username or email and password. */
export const logIn = (body: Schemas['LoginDto']) => unwrap(api.POST('/api/auth/login', { body }), 'Login failed');

/** A new account, signed in at once. */
export const registerAccount = (body: Schemas['RegisterDto']) => unwrap(api.POST('/api/auth/register', { body }), 'Registration failed');
