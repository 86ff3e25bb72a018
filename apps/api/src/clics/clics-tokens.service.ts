import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ClicsScope } from '@oj/contracts';
import { ClicsTokenEntity } from '@oj/db';
import { createHash, randomBytes } from 'crypto';
import { IsNull, Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';
import { isUuid } from '../common/is-uuid';
import { ContestsService } from '../contests/contests.service';
import { ClicsFeedWakeupsService } from './clics-feed-wakeups.service';
import type { ClicsTokenDto, ClicsTokenInputDto, CreatedClicsTokenDto } from './dto/clics-token.dto';

/** Tokens are told apart from the API's JWTs by this prefix, so the guard tries only one kind per request. */
export const CLICS_TOKEN_PREFIX = 'clics_';

const TOKEN_NOT_FOUND = 'CLICS token not found';

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toDto(row: ClicsTokenEntity): ClicsTokenDto {
  return { id: row.id, name: row.name, scope: row.scope, createdAt: row.createdAt.toISOString() };
}

/** The contests' tokens for ICPC tools: created by admins, shown once, stored as their hash, revocable. */
@Injectable()
export class ClicsTokensService {
  constructor(
    @InjectRepository(ClicsTokenEntity) private readonly tokens: Repository<ClicsTokenEntity>,
    private readonly contests: ContestsService,
    private readonly wakeups: ClicsFeedWakeupsService,
  ) {}

  async create(contestId: number, input: ClicsTokenInputDto): Promise<CreatedClicsTokenDto> {
    await this.contests.find(contestId);
    const token = CLICS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.tokens.save(this.tokens.create({ contestId, name: input.name, scope: input.scope, tokenHash: hashOf(token) }));
    return { ...toDto(row), token };
  }

  async list(contestId: number): Promise<ClicsTokenDto[]> {
    await this.contests.find(contestId);
    const rows = await this.tokens.find({ where: { contestId, revokedAt: IsNull() }, order: { createdAt: 'ASC' } });
    return rows.map(toDto);
  }

  async revoke(contestId: number, tokenId: string): Promise<void> {
    if (!isUuid(tokenId)) throw ApiException.notFound(TOKEN_NOT_FOUND);
    const result = await this.tokens.update({ id: tokenId, contestId, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (!result.affected) throw ApiException.notFound(TOKEN_NOT_FOUND);
    // The contest's open feeds on this instance ask at once whether their reader is still let in; those on other
    // instances ask at their next read (CLICS_FEED_POLL_MS).
    this.wakeups.ring(contestId);
  }

  /** Whether the token of this id is still live (not revoked). */
  async isLive(tokenId: string): Promise<boolean> {
    return this.tokens.existsBy({ id: tokenId, revokedAt: IsNull() });
  }

  /** The scope a live token grants on its contest; null for an unknown or revoked token. */
  async scopeOf(token: string): Promise<{ tokenId: string; contestId: number; scope: ClicsScope } | null> {
    const row = await this.tokens.findOneBy({ tokenHash: hashOf(token), revokedAt: IsNull() });
    return row ? { tokenId: row.id, contestId: row.contestId, scope: row.scope } : null;
  }
}
