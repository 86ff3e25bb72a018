import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { RefreshTokenEntity, UserEntity } from '@oj/db';
import { createHash, randomBytes, randomUUID } from 'crypto';
import { IsNull, Repository } from 'typeorm';

import { AccessTokenClaims } from './auth-user';
import { JwtSecrets } from './jwt-secrets';

export const ACCESS_TOKEN_TTL = '15m';
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export type RefreshOutcome =
  | { kind: 'rotated'; userId: string; tokens: (user: UserEntity) => Promise<TokenPair> }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Access tokens are short JWTs. Refresh tokens are 256 random bits stored only as SHA-256; each use rotates
 * the token within its family, and presenting a rotated token again revokes the whole family (theft).
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly secrets: JwtSecrets,
    @InjectRepository(RefreshTokenEntity) private readonly refreshTokens: Repository<RefreshTokenEntity>,
  ) {}

  async issue(user: UserEntity, familyId: string = randomUUID()): Promise<TokenPair> {
    const claims: AccessTokenClaims = { sub: user.id, username: user.username, role: user.role, ver: user.tokenVersion };
    const accessToken = await this.jwt.signAsync(claims, { ...this.secrets.signOptions, expiresIn: ACCESS_TOKEN_TTL });
    const refreshToken = randomBytes(32).toString('base64url');
    await this.refreshTokens.insert({
      userId: user.id,
      tokenHash: hashToken(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { accessToken, refreshToken };
  }

  /** Revokes the presented token and hands back a way to issue its successor in the same family. */
  async rotate(refreshToken: string): Promise<RefreshOutcome> {
    const stored = await this.refreshTokens.findOne({ where: { tokenHash: hashToken(refreshToken) } });
    if (!stored || stored.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' };
    // Only one caller can revoke a live token: a concurrent second use counts as reuse.
    const revoked = await this.refreshTokens.update({ id: stored.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (!revoked.affected) {
      await this.revokeFamily(stored.familyId);
      return { kind: 'reused', userId: stored.userId };
    }
    return { kind: 'rotated', userId: stored.userId, tokens: (user) => this.issue(user, stored.familyId) };
  }

  async revoke(refreshToken: string): Promise<void> {
    await this.refreshTokens.update({ tokenHash: hashToken(refreshToken), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.refreshTokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
