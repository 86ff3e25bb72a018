import { Injectable } from '@nestjs/common';

import { DEFAULT_ADMIN_PASSWORD } from '../config/known-passwords';
import { verifyPassword } from '../users/password-hasher';

/** Hashes remembered before the cache starts over: far more than a site has admins. */
const MAX_REMEMBERED = 1000;

/**
 * Whether a stored hash is the hash of the default admin password. The answer for one hash never changes (a new
 * password is a new hash), so each hash costs one argon2 check per process, however often the admin pages ask.
 */
@Injectable()
export class DefaultPasswordCheck {
  private readonly answers = new Map<string, Promise<boolean>>();

  isDefault(passwordHash: string): Promise<boolean> {
    let answer = this.answers.get(passwordHash);
    if (!answer) {
      if (this.answers.size >= MAX_REMEMBERED) this.answers.clear();
      answer = verifyPassword(passwordHash, DEFAULT_ADMIN_PASSWORD);
      this.answers.set(passwordHash, answer);
    }
    return answer;
  }
}
