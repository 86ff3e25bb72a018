import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { createHmac } from 'crypto';
import { Repository } from 'typeorm';

import { isAdmin } from '../access';
import { AuthUser, isCurrentTokenVersion } from '../auth/auth-user';
import { JwtSecrets } from '../auth/jwt-secrets';

export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_COOKIE = 'oj_queue_board';
export const QUEUE_BOARD_SESSION_SECONDS = 15 * 60;

/** The board cookie's claims: the admin and their token version, so a password or role change ends it too. */
interface BoardClaims {
  sub: string;
  ver: number;
}

export type BoardAccess = { allowed: true } | { allowed: false; status: 401 | 403; message: string };

/**
 * The board is a separate web page, so it cannot send the SPA's bearer token: an admin exchanges that token for a
 * short-lived cookie scoped to the board's path. The cookie is signed with a key derived from the access-token
 * secret, so it is never accepted as an access token (nor an access token as a cookie), and every board request
 * re-reads the user: a demoted or deactivated admin, or one whose password changed, loses the board at once.
 */
@Injectable()
export class QueueBoardAccess {
  private readonly secret: string;

  constructor(
    private readonly jwt: JwtService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    secrets: JwtSecrets,
  ) {
    this.secret = createHmac('sha256', secrets.access).update('queue-board-session').digest('base64url');
  }

  issue(admin: AuthUser): Promise<string> {
    const claims: BoardClaims = { sub: admin.id, ver: admin.tokenVersion };
    return this.jwt.signAsync(claims, { secret: this.secret, expiresIn: QUEUE_BOARD_SESSION_SECONDS, algorithm: 'HS256' });
  }

  async check(cookieHeader: string | undefined): Promise<BoardAccess> {
    const token = readCookie(cookieHeader, QUEUE_BOARD_COOKIE);
    if (!token) return { allowed: false, status: 401, message: 'Open the queue board from the admin menu' };
    let claims: BoardClaims;
    try {
      claims = await this.jwt.verifyAsync<BoardClaims>(token, { secret: this.secret, algorithms: ['HS256'] });
    } catch {
      return { allowed: false, status: 401, message: 'The queue board session has expired; open it again from the admin menu' };
    }
    const user = await this.users.findOne({ where: { id: claims.sub }, select: ['id', 'role', 'isActive', 'tokenVersion'] });
    if (!user || !user.isActive || !isCurrentTokenVersion(claims.ver, user))
      return { allowed: false, status: 401, message: 'The queue board session is no longer valid' };
    if (!isAdmin(user)) return { allowed: false, status: 403, message: 'Administrator access required' };
    return { allowed: true };
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
