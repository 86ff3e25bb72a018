import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { queryPrepared, selectListSql, statementPerDataSource, UserEntity } from '@oj/db';
import type { Request } from 'express';
import { Passport } from 'passport';
import { Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';

import { AccessTokenClaims, AuthUser, isCurrentTokenVersion } from './auth-user';
import { bearerToken } from './bearer-token';
import { JwtSecrets } from './jwt-secrets';

export const JWT_STRATEGY = 'jwt';

/** What a request's check reads of its account. */
const ACCOUNT_PROPERTIES = ['id', 'username', 'role', 'isActive', 'tokenVersion'] as const satisfies readonly (keyof UserEntity)[];
type Account = Pick<UserEntity, (typeof ACCOUNT_PROPERTIES)[number]>;
const accountSql = statementPerDataSource(
  (dataSource) => `SELECT ${selectListSql(dataSource, UserEntity, 'u', ACCOUNT_PROPERTIES)} FROM users u WHERE u.id = $1`,
);

/**
 * Each API instance's own Passport. On the global one, the last instance built in a process (the tests build several,
 * on different databases and keys) would check every instance's tokens. Kept outside the strategy because Passport
 * asks for it during the strategy's constructor, before the strategy's own fields exist.
 */
type OwnPassport = InstanceType<typeof Passport>;
const passports = new WeakMap<object, OwnPassport>();

/**
 * An access token (passport-jwt: HS256 only, checked with the key object made once), then its account: the user is
 * re-read on every request (one lookup, which also reads the token version), so a deactivation, role change or
 * password change takes effect at the next call, not at the token's expiry. The lookup is a prepared statement
 * (queryPrepared): it is paid by every signed-in request, a submission's included.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    secrets: JwtSecrets,
    private readonly dataSource: DataSource,
  ) {
    super({
      jwtFromRequest: (request: Request) => bearerToken(request.headers.authorization) ?? null,
      // passport-jwt types the key as a string or Buffer, and hands it to jsonwebtoken, which takes a key object too.
      secretOrKey: secrets.accessKey as unknown as Buffer,
      algorithms: ['HS256'],
    });
  }

  getPassportInstance(): OwnPassport {
    let passport = passports.get(this);
    if (!passport) passports.set(this, (passport = new Passport()));
    return passport;
  }

  /** The active user a valid token belongs to, or null when the account is gone, inactive or signed out since. */
  async validate(claims: AccessTokenClaims): Promise<AuthUser | null> {
    const [user] = await queryPrepared<Account>(this.dataSource, accountSql(this.dataSource), [claims.sub]);
    if (!user || !user.isActive || !isCurrentTokenVersion(claims.ver, user)) return null;
    return { id: user.id, username: user.username, role: user.role, tokenVersion: user.tokenVersion };
  }
}
